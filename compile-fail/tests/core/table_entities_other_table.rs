use dynakey::{Entity, Table};
use serde::Deserialize;

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
enum Tracker {
    Org(Org),
    Invoice(Invoice),
}

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
struct Billing;

#[derive(Entity, Deserialize)]
#[dynakey(table = Tracker)]
#[pk("ORG#<org>")]
#[sk("META")]
struct Org {
    org: String,
}

// Declared for `Billing`, listed by `Tracker`.
#[derive(Entity, Deserialize)]
#[dynakey(table = Billing)]
#[pk("INVOICE#<id>")]
#[sk("META")]
struct Invoice {
    id: String,
}

fn main() {}
