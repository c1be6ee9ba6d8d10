use dynakey::Entity;

// Struct options written on fields would be ignored.
#[derive(Entity)]
#[pk("LIB#<library>")]
#[sk("BOOK#<isbn>")]
struct Book {
    library: u32,
    isbn: String,
    #[dynakey(version)]
    version: u64,
    #[index(ByTitle)]
    title: String,
}

fn main() {}
