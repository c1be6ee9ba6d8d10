use dynakey::Entity;

#[derive(Entity)]
#[pk("LIB#<library>")]
#[sk("BOOK#<book>#")]
struct Book {
    library: String,
    book: String,
}

// The parent's key field holds the parent's fields by hand.
#[derive(Entity)]
#[dynakey(parent = Book)]
#[sk("<book>COPY#<copy>")]
struct Copy {
    #[parent]
    book: String,
    copy: u32,
}

fn main() {}
