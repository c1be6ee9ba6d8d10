// A field of an #[index] template is set only with the rest of its index (its group handle), so
// the index key is recomputed in the same UpdateItem; setting one field alone, or the group with
// a value missing, does not compile. `add` on an index field does not either.
use dynakey::{Entity, Table, UpdateBuilder};
use dynakey_runtime::Db;

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByAssignee, partition_key = "GSI1PK", sort_key = "GSI1SK")]
struct Tracker;

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[dynakey(table = Tracker)]
#[pk("WS#<workspace>")]
#[sk("TASK#<id>")]
#[index(ByAssignee, pk = "USER#<assignee>", sk = "<created>#<id>")]
struct Task {
    workspace: String,
    id: u32,
    assignee: String,
    created: u64,
}

async fn reassign(db: Db<Tracker>, key: dynakey::Key<Task>) {
    let _ = db.update(&key).set(Task::ASSIGNEE, "bob").await;
    let _ = db.update(&key).set(Task::BY_ASSIGNEE, "bob").await;
    let _ = db.update(&key).add(Task::CREATED, 1u64).await;
}

fn main() {
    let _ = reassign;
}
