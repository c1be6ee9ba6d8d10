// A managed timestamp is a type DynamoDB can compare: `SystemTime` (stored by serde as a map
// {"secs_since_epoch": …, "nanos_since_epoch": …}) is refused at the field, with the types to use.
use std::time::SystemTime;

use dynakey::Entity;

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[dynakey(created_at = "created", updated_at = "updated")]
#[pk("WS#<workspace>")]
#[sk("DOC")]
struct Doc {
    workspace: String,
    created: SystemTime,
    updated: Option<SystemTime>,
}

fn main() {}
