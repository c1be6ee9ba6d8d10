use dynakey::{Entity, Table};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByDueDate, name = "GSI1", partition_key = "GSI1PK", sort_key = "GSI1SK")]
struct Loans;

// Positional and formatted `format!` placeholders, in an index template too. A `{` that does not
// start one (`{#`) is literal text.
#[derive(Entity)]
#[dynakey(table = Loans)]
#[pk("LOAN#{}")]
#[sk("{#<copy>")]
#[index(ByDueDate, pk = "DUE#{0}", sk = "<due>#{copy:?}")]
struct Loan {
    copy: String,
    due: u64,
}

fn main() {}
