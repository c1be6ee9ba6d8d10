use dynakey::{Entity, Key, Table};
use serde::{Deserialize, Serialize};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
enum Library {
    Book(Book),
}

#[derive(Entity, Serialize, Deserialize)]
#[dynakey(table = Library)]
#[pk("LIB#<library>")]
#[sk("BOOK#<book>#")]
struct Book {
    library: String,
    book: String,
}

// The child is in its parent's table, whose enum does not list it.
#[derive(Entity, Serialize, Deserialize)]
#[dynakey(parent = Book)]
#[sk("<book>COPY#<copy>")]
struct Copy {
    #[parent]
    book: Key<Book>,
    copy: u32,
}

fn main() {}
