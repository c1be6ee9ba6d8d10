use dynakey::{Entity, Table};
use serde::{Deserialize, Serialize};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
enum Loans {
    Member(Member),
    Loan(Loan),
}

#[derive(Entity, Serialize, Deserialize)]
#[dynakey(table = Loans, name = "Member", entity_type = "_type")]
#[pk("MEMBER#<member>")]
#[sk("META")]
struct Member {
    member: String,
}

// A copied `name`: the entity-type attribute could not tell loans from members.
#[derive(Entity, Serialize, Deserialize)]
#[dynakey(table = Loans, name = "Member", entity_type = "_type")]
#[pk("MEMBER#<member>")]
#[sk("LOAN#<loan>")]
struct Loan {
    member: String,
    loan: String,
}

fn main() {}
