// A key field written under one attribute and read from another never reads back; a plain
// `rename` (one name) is fine.
use dynakey::Entity;

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[pk("U#<user_id>")]
#[sk("P#<page>")]
#[serde(rename_all(serialize = "camelCase"))]
struct Visit {
    user_id: String,
    #[serde(rename = "p")]
    page: String,
}

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[pk("U#<id>")]
#[sk("META")]
struct User {
    #[serde(rename(serialize = "id", deserialize = "userId"))]
    id: String,
}

fn main() {}
