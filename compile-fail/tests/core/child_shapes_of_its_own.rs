use dynakey::{Entity, Key};

#[derive(Entity)]
#[pk("LIB#<library>")]
#[sk("BOOK#<book>#")]
struct Book {
    library: String,
    book: String,
}

// A child's key shapes are its parent's: no #[was], no key change, no shards of its own.
#[derive(Entity)]
#[dynakey(parent = Book)]
#[sk("<book>COPY#<copy>")]
#[was(sk = "<book>C#<copy>")]
#[next(sk = "<book>COPIES#<copy>")]
struct Copy {
    #[parent]
    book: Key<Book>,
    copy: u32,
}

fn main() {}
