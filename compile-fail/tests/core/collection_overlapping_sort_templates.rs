// Sort-key templates that overlap without being identical are a build error when the overlap is
// decidable: every field takes any text (String), so a key one member writes has the other's
// shape too.
use dynakey::{Collection, Entity};
use serde::Deserialize;

#[derive(Entity, Deserialize)]
#[pk("WS#<workspace>")]
#[sk("PROJ#<id>")]
struct Project {
    workspace: String,
    id: String,
}

// A task key `PROJ#p1#TASK#t1` is also a project key with id `p1#TASK#t1`.
#[derive(Entity, Deserialize)]
#[pk("WS#<workspace>")]
#[sk("PROJ#<id>#TASK#<task>")]
struct Task {
    workspace: String,
    id: String,
    task: String,
}

#[derive(Entity, Deserialize)]
#[pk("WS#<workspace>")]
#[sk("META")]
struct Settings {
    workspace: String,
}

// `META` is also a tag whose name is "META".
#[derive(Entity, Deserialize)]
#[pk("WS#<workspace>")]
#[sk("<name>")]
struct Tag {
    workspace: String,
    name: String,
}

#[derive(Collection)]
struct ProjectTree {
    projects: Vec<Project>,
    tasks: Vec<Task>,
}

#[derive(Collection)]
struct Tagged {
    settings: Settings,
    tags: Vec<Tag>,
}

fn main() {}
