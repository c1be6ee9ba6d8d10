use dynakey::{Entity, Key, Table};
use serde::{Deserialize, Serialize};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
enum Library {
    Book(Book),
    Copy(Copy),
}

// The parent's rolling key change drops `genre` from its key: the next phase, whose key has no
// `genre`, could not make its children's copies in this shape; refused at the first phase.
#[derive(Entity, Serialize, Deserialize)]
#[dynakey(table = Library)]
#[pk("LIB#<library>")]
#[sk("BOOK#<genre>#<book>#")]
#[next(sk = "BOOK#<book>#")]
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
