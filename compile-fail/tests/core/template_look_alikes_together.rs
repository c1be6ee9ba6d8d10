use dynakey::{Entity, Table};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByDueDate, name = "GSI1", partition_key = "GSI1PK", sort_key = "GSI1SK")]
struct Loans;

// One mistake in each template: each is reported, at its own template, once.
#[derive(Entity)]
#[dynakey(table = Loans)]
#[pk("MEMBER#{member}")]
#[sk("LOAN:loan")]
#[index(ByDueDate, pk = "DUE#<due", sk = "<loan>")]
#[was(sk = "LOAN#${loan}")]
struct Loan {
    member: String,
    loan: String,
    due: u64,
}

fn main() {
    // The derive's fallback keeps the type usable: no second error here.
    let _ = std::mem::size_of::<Loan>();
}
