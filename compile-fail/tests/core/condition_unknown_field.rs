// A condition on a field the entity does not have (or does not store) names no handle.
use dynakey::Entity;

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[pk("WS#<workspace>")]
#[sk("TASK#<id>")]
struct Task {
    workspace: String,
    id: u32,
    title: String,
    #[serde(skip)]
    cached: u32,
}

fn main() {
    let _ = Task::TITEL.eq("x");
    let _ = Task::CACHED.eq(1u32);
}
