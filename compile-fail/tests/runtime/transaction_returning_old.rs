// In a transaction an update returns nothing or its new image (read back after it): the item
// before the update is not known, since TransactWriteItems returns no item.
use dynakey::{Entity, UpdateBuilder};
use dynakey_runtime::Db;

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[pk("P#<id>")]
#[sk("META")]
struct Project {
    id: String,
    tasks: u32,
}

async fn count(db: Db, key: dynakey::Key<Project>) {
    let _ = db
        .transaction()
        .update(db.update(&key).add(Project::TASKS, 1).returning_new())
        .await; // fine
    let _ = db
        .transaction()
        .update(db.update(&key).add(Project::TASKS, 1).returning_old())
        .await;
}

fn main() {
    let _ = count;
}
