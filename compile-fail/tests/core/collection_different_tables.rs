use dynakey::{Collection, Entity};
use serde::Deserialize;

#[derive(dynakey::Table)]
#[table(partition_key = "EntityRef", sort_key = "Detail")]
struct Workspaces;

#[derive(Entity, Deserialize)]
#[dynakey(table = Workspaces)]
#[pk("WS#<workspace>")]
#[sk("META")]
struct Settings {
    workspace: String,
}

// On the default table (PK/SK), not on Workspaces.
#[derive(Entity, Deserialize)]
#[pk("WS#<workspace>")]
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
