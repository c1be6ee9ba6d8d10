use dynakey::{Entity, Key};

// The mistakes of a child's declaration the derive sees itself, reported together.
#[derive(Entity)]
#[pk("LIB#<library>")]
#[sk("BOOK#<genre>#<book>#")]
struct Book {
    library: String,
    genre: String,
    book: String,
}

// No field holds the parent's key.
#[derive(Entity)]
#[dynakey(parent = Book)]
#[sk("COPY#<copy>")]
struct Copy {
    copy: u32,
}

// Two fields hold it.
#[derive(Entity)]
#[dynakey(parent = Book)]
#[sk("<book>LOAN#<loan>")]
struct Loan {
    #[parent]
    book: Key<Book>,
    #[parent]
    other: Key<Book>,
    loan: u32,
}

// The sort key does not start with the parent's key.
#[derive(Entity)]
#[dynakey(parent = Book)]
#[sk("REVIEW#<review>#<book>")]
struct Review {
    #[parent]
    book: Key<Book>,
    review: u32,
}

// A partition key of its own, and no literal after the parent's key.
#[derive(Entity)]
#[dynakey(parent = Book)]
#[pk("LIB#<library>")]
#[sk("<book><note>")]
struct Note {
    library: String,
    #[parent]
    book: Key<Book>,
    note: u32,
}

// No sort key at all.
#[derive(Entity)]
#[dynakey(parent = Book)]
struct Tag {
    #[parent]
    book: Key<Book>,
}

// #[parent] on an entity that names no parent.
#[derive(Entity)]
#[pk("LIB#<library>")]
#[sk("HOLD#<hold>")]
struct Hold {
    library: String,
    #[parent]
    book: String,
    hold: u32,
}

fn main() {}
