// The usual slips with an update builder: a value of another type than the field's, and a field
// of another entity. Each is one short error that names the field (or its entity) and the fix,
// not the builder's internal traits.
use dynakey::{Entity, UpdateBuilder};
use dynakey_runtime::Db;

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[pk("WS#<workspace>")]
#[sk("TASK#<id>")]
struct Task {
    workspace: String,
    id: u32,
    title: String,
    done: u32,
}

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[pk("WS#<workspace>")]
#[sk("PROJ#<id>")]
struct Project {
    workspace: String,
    id: u32,
    name: String,
}

async fn edit(db: Db, key: dynakey::Key<Task>) {
    let _ = db.update(&key).set(Task::TITLE, 42).await;
    let _ = db.update(&key).set(Task::DONE, "seven").await;
    let _ = db.update(&key).set(Project::NAME, "Launch").await;
    let _ = db.update(&key).add(Task::DONE, "one").await;
}

fn main() {
    let _ = edit;
}
