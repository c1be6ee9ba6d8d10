use dynakey::{Entity, Table};
use serde::Deserialize;

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
enum Tracker {
    Issue(Issue),
    Comment(Comment),
}

#[derive(Entity, Deserialize)]
#[dynakey(table = Tracker)]
#[pk("ORG#<org>")]
#[sk("ISSUE#<id>")]
struct Issue {
    org: String,
    id: String,
}

// `ISSUE#<id>` with a text id ends the template: "ISSUE#x#C#x" is an issue whose id is "x#C#x"
// and a comment too.
#[derive(Entity, Deserialize)]
#[dynakey(table = Tracker)]
#[pk("ORG#<org>")]
#[sk("ISSUE#<id>#C#<seq>")]
struct Comment {
    org: String,
    id: String,
    seq: String,
}

fn main() {}
