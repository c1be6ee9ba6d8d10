// A version field is an integer and a timestamp field a time type: the type is reported at the
// field, once.
use dynakey::Entity;

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[dynakey(version = "version", updated_at = "updated")]
#[pk("WS#<workspace>")]
#[sk("DOC")]
struct Doc {
    workspace: String,
    version: String,
    updated: u64,
}

fn main() {}
