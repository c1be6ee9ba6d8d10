// `Book::query_by_due` where the table declares `ByDue` but only `Loan` has an #[index(ByDue, …)]:
// there is no such function on `Book`. A missing inherent function is rustc's own E0599, which no
// attribute can reword (`on_unimplemented` applies to traits, and a trait method of that name
// would have to be in scope); the derive's part is that rustc's hint names the entity's own
// query function of the closest name (`query_by_genre`) and points at the derive. Recorded so
// that a change of that hint is seen.
use dynakey::{Entity, Table};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByGenre, partition_key = "GSI1PK", sort_key = "GSI1SK")]
#[gsi(ByDue, partition_key = "GSI2PK", sort_key = "GSI2SK")]
struct Loans;

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[dynakey(table = Loans)]
#[pk("BOOK#<book>")]
#[sk("META")]
#[index(ByGenre, pk = "GENRE#<genre>", sk = "<book>")]
struct Book {
    book: String,
    genre: String,
}

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[dynakey(table = Loans)]
#[pk("MEMBER#<member>")]
#[sk("LOAN#<book>")]
#[index(ByDue, pk = "DUE", sk = "<due>#<book>")]
struct Loan {
    member: String,
    book: String,
    due: u64,
}

fn main() {
    let _ = Loan::query_by_due();
    let _ = Book::query_by_due();
}
