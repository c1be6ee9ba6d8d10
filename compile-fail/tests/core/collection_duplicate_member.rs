use dynakey::{Collection, Entity};
use serde::Deserialize;

#[derive(Entity, Deserialize)]
#[pk("WS#<workspace>")]
#[sk("PROJ#<id>")]
struct Project {
    workspace: String,
    id: String,
}

#[derive(Collection)]
struct WorkspaceView {
    active: Vec<Project>,
    archived: Vec<Project>,
}

fn main() {}
