use dynakey::{Entity, Key, Table};
use serde::{Deserialize, Serialize};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
enum Library {
    Book(Book),
    Copy(Copy),
}

// The parent's rolling key change adds `genre` to its key: a child stores its parent's key as
// the current key's fields, so its copy's key in the next shape cannot be made.
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
