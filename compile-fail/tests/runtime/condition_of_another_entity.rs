// A condition is typed by its entity: one of another entity does not fit a write.
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

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[pk("U#<id>")]
#[sk("META")]
struct User {
    id: String,
    name: String,
}

async fn write(db: Db, key: dynakey::Key<Task>) {
    let _ = db.update(&key).set(Task::TITLE, "x").condition(User::NAME.eq("ann")).await;
}

fn main() {
    let _ = write;
}
