use dynakey::{Collection, Entity};
use serde::Deserialize;

#[derive(Entity, Deserialize)]
#[pk("WS#<workspace>")]
#[sk("META")]
struct Settings {
    workspace: String,
}

// Same template text, but the workspace is a number here: the keys would not agree.
#[derive(Entity, Deserialize)]
#[pk("WS#<workspace>")]
#[sk("PROJ#<id>")]
struct Project {
    workspace: u32,
    id: String,
}

#[derive(Collection)]
struct WorkspaceView {
    settings: Settings,
    projects: Vec<Project>,
}

fn main() {}
