// Only an `Option` field can be removed: an item without the attribute would not decode.
use dynakey::{Entity, UpdateBuilder};
use dynakey_runtime::Db;

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[pk("WS#<workspace>")]
#[sk("TASK#<id>")]
struct Task {
    workspace: String,
    id: u32,
    title: String,
    note: Option<String>,
}

async fn clear(db: Db, key: dynakey::Key<Task>) {
    let _ = db.update(&key).remove(Task::NOTE).await; // fine
    let _ = db.update(&key).remove(Task::TITLE).await;
}

fn main() {
    let _ = clear;
}
