// A condition's value has the field's type, and the string and collection functions need a field
// of their kind: each mistake is one error naming the field's type.
use dynakey::Entity;

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[pk("WS#<workspace>")]
#[sk("TASK#<id>")]
struct Task {
    workspace: String,
    id: u32,
    title: String,
    points: u32,
}

fn main() {
    let _ = Task::POINTS.eq("three");
    let _ = Task::TITLE.gt(3);
    let _ = Task::POINTS.begins_with("1");
    let _ = Task::POINTS.contains(1u32);
}
