use dynakey::Entity;

// Key attributes written on fields, as other DynamoDB mappers mark key fields. Reported once each,
// not again as a missing #[pk] / #[sk].
#[derive(Entity)]
struct Book {
    #[pk]
    library: u32,
    #[sk]
    isbn: String,
}

fn main() {}
