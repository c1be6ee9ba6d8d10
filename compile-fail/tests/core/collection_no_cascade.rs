use dynakey::Collection;
use dynakey::Entity;
use serde::Deserialize;

#[derive(Entity, Deserialize)]
#[pk("WS#<workspace>")]
#[sk("PROJ#<id>")]
struct Project {
    workspace: String,
    id: String,
}

// The duplicate member is the only error: the fallback impls keep the code below compiling.
#[derive(dynakey::Collection)]
struct WorkspaceView {
    active: Vec<Project>,
    archived: Vec<Project>,
}

fn main() {
    let _ = WorkspaceView::read_query(&Project::query("acme"));
    let _ = WorkspaceView::MEMBERS.len();
}
