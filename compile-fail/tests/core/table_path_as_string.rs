use dynakey::{Entity, Table};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
struct Loans;

// The table is a type, not its DynamoDB name in a string.
#[derive(Entity)]
#[dynakey(table = "Loans")]
#[pk("LOAN#<id>")]
#[sk("META")]
struct Loan {
    id: String,
}

fn main() {}
