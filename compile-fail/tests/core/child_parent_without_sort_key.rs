use dynakey::{Entity, Key, Table};
use serde::{Deserialize, Serialize};

#[derive(Table)]
#[table(partition_key = "PK", no_sort_key)]
enum Flat {
    Library(Library),
    Book(Book),
}

#[derive(Entity, Serialize, Deserialize)]
#[dynakey(table = Flat)]
#[pk("LIB#<library>")]
struct Library {
    library: String,
}

// A child extends its parent's sort key; this parent has none.
#[derive(Entity, Serialize, Deserialize)]
#[dynakey(parent = Library)]
#[sk("<library>BOOK#<book>")]
struct Book {
    #[parent]
    library: Key<Library>,
    book: u32,
}

fn main() {}
