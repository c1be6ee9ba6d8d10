// A field of the #[pk]/#[sk] template has no update operation: the message points at move_to.
use dynakey::{Entity, UpdateBuilder};
use dynakey_runtime::Db;

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[pk("WS#<workspace>")]
#[sk("TASK#<id>")]
struct Task {
    workspace: String,
    id: u32,
    title: String,
}

async fn rename(db: Db, key: dynakey::Key<Task>) {
    let _ = db.update(&key).set(Task::WORKSPACE, "other").await;
}

fn main() {
    let _ = rename;
}
