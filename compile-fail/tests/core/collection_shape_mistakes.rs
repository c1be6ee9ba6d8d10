use dynakey::{Collection, Entity};
use serde::Deserialize;

#[derive(Entity, Deserialize)]
#[pk("WS#<workspace>")]
#[sk("PROJ#<id>")]
struct Project {
    workspace: String,
    id: String,
}

// Containers nest.
#[derive(Collection)]
struct Nested {
    projects: Option<Vec<Project>>,
}

// No member.
#[derive(Collection)]
struct Empty {}

// Not a struct with named fields.
#[derive(Collection)]
struct Tuple(Vec<Project>);

fn main() {}
