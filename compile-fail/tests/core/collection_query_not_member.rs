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

#[derive(Entity, Deserialize)]
#[pk("USER#<user>")]
#[sk("PROFILE")]
struct User {
    user: String,
}

#[derive(dynakey::Collection)]
struct WorkspaceView {
    projects: Vec<Project>,
}

fn main() {
    // A query on another entity's partition cannot be read as this collection.
    let _ = WorkspaceView::read_query(&User::query("ada"));
}
