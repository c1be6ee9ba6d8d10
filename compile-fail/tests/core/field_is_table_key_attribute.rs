use dynakey::Entity;
use serde::{Deserialize, Serialize};

#[derive(dynakey::Table)]
#[table(partition_key = "PK", sort_key = "SK")]
struct Library;

// Fields stored in the table's key attributes: through serde's rename, and by a field's own name
// (on the default table, whose key attributes are `PK` and `SK`). One error at each.
#[derive(Entity, Serialize, Deserialize)]
#[dynakey(table = Library)]
#[pk("LIB#<library>")]
#[sk("META")]
struct Branch {
    library: u32,
    #[serde(rename = "SK")]
    detail: String,
}

#[derive(Entity, Serialize, Deserialize)]
#[pk("MEMBER#<member>")]
#[sk("META")]
#[allow(non_snake_case)]
struct Member {
    member: String,
    PK: String,
}

fn main() {}
