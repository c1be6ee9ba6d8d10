// `version`, `created_at` and `updated_at` name distinct fields outside the keys: a name of no
// field (closest suggested), a key field, and a field named twice are one error each.
use dynakey::Entity;

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[dynakey(version = "verison", created_at = "id", updated_at = "touched")]
#[pk("WS#<workspace>")]
#[sk("DOC#<id>")]
struct Doc {
    workspace: String,
    id: String,
    version: u64,
    touched: dynakey::UtcTime,
}

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[dynakey(created_at = "at", updated_at = "at")]
#[pk("WS#<workspace>")]
#[sk("NOTE")]
struct Note {
    workspace: String,
    at: dynakey::UtcTime,
}

fn main() {}
