use dynakey::{Entity, Key, Table};
use serde::{Deserialize, Serialize};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
enum Library {
    Book(Book),
    Copy(Copy),
}

// The parent is in the middle of a rolling key change, which its children would not follow.
#[derive(Entity, Serialize, Deserialize)]
#[dynakey(table = Library)]
#[pk("LIB#<library>")]
#[sk("BOOK#<book>#")]
#[next(sk = "BOOK#<genre>#<book>#")]
struct Book {
    library: String,
    genre: String,
    book: String,
}

#[derive(Entity, Serialize, Deserialize)]
#[dynakey(parent = Book)]
#[sk("<book>COPY#<copy>")]
struct Copy {
    #[parent]
    book: Key<Book>,
    copy: u32,
}

fn main() {}
