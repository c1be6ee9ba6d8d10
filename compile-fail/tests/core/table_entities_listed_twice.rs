use dynakey::{Entity, Table};
use serde::Deserialize;

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
enum Tracker {
    Org(Org),
    Again(Org),
}

#[derive(Entity, Deserialize)]
#[dynakey(table = Tracker)]
#[pk("ORG#<org>")]
#[sk("META")]
struct Org {
    org: String,
}

fn main() {}
