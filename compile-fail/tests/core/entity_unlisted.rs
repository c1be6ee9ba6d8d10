use dynakey::{Entity, Table};
use serde::{Deserialize, Serialize};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
enum Loans {
    Member(Member),
}

#[derive(Entity, Serialize, Deserialize)]
#[dynakey(table = Loans)]
#[pk("MEMBER#<member>")]
#[sk("META")]
struct Member {
    member: String,
}

// Declared for `Loans`, which does not list it: the table-wide overlap checks would never see it.
#[derive(Entity, Serialize, Deserialize)]
#[dynakey(table = Loans)]
#[pk("MEMBER#<member>")]
#[sk("META")]
struct Loan {
    member: String,
}

// Deliberately outside the list: valid.
#[derive(Entity, Serialize, Deserialize)]
#[dynakey(table = Loans, unlisted)]
#[pk("AUDIT#<member>")]
#[sk("META")]
struct Audit {
    member: String,
}

// `unlisted` without a table.
#[derive(Entity, Serialize, Deserialize)]
#[dynakey(unlisted)]
#[pk("NOTE#<member>")]
#[sk("META")]
struct Note {
    member: String,
}

fn main() {}
