// Container attributes under which the stored item is not the struct's own fields, or never reads
// back (every item holds key attributes that are no field).
use dynakey::Entity;

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[pk("U#<id>")]
#[sk("META")]
#[serde(deny_unknown_fields)]
struct User {
    id: String,
}

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[pk("T#<id>")]
#[sk("META")]
#[serde(transparent)]
struct Token {
    id: String,
}

fn main() {}
