use dynakey::{Collection, Entity};
use serde::Deserialize;

#[derive(Entity, Deserialize)]
#[pk("WS#<workspace>")]
#[sk("META")]
struct Settings {
    workspace: String,
}

#[derive(Entity, Deserialize)]
#[pk("WS#<workspace>", shards = 10, shard_by = "id")]
#[sk("PROJ#<id>")]
struct Project {
    workspace: String,
    id: String,
}

#[derive(Collection)]
struct WorkspaceView {
    settings: Settings,
    projects: Vec<Project>,
}

fn main() {}
