use dynakey::{Collection, Entity};
use serde::Deserialize;

#[derive(Entity, Deserialize)]
#[pk("WS#<workspace>")]
#[sk("META")]
struct Settings {
    workspace: String,
}

// Same field type, different literal: these items live in another partition.
#[derive(Entity, Deserialize)]
#[pk("WORKSPACE#<workspace>")]
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
