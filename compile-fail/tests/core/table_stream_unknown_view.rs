// `stream = …` takes one of DynamoDB's four stream view types as a bare word: anything else is
// one error at the word, naming the four. On an enum table too, and the rest of the table still
// compiles (no cascade at the entity on it).
use dynakey::{Entity, Table};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK", stream = new_and_old)]
struct App;

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK", stream = "new_image")]
struct Quoted;

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK", stream = all)]
enum Tracker {
    Org(Org),
}

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[dynakey(table = Tracker)]
#[pk("ORG#<org>")]
#[sk("META")]
struct Org {
    org: String,
}

fn main() {}
