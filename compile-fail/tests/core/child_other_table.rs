use dynakey::{Entity, Key, Table};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
struct Books;

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
struct Loans;

#[derive(Entity)]
#[dynakey(table = Books)]
#[pk("LIB#<library>")]
#[sk("BOOK#<book>#")]
struct Book {
    library: String,
    book: String,
}

// A child names a table that is not its parent's.
#[derive(Entity)]
#[dynakey(table = Loans, parent = Book)]
#[sk("<book>COPY#<copy>")]
struct Copy {
    #[parent]
    book: Key<Book>,
    copy: u32,
}

fn main() {}
