// A Query's filter cannot name a key-template field: DynamoDB refuses key attributes in a Query's
// FilterExpression ("Filter expressions for Query"); the message points at the key condition and
// at a scan, whose filter may name key fields (the scan below compiles).
use dynakey::Entity;
use dynakey_runtime::Db;

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[pk("WS#<workspace>")]
#[sk("TASK#<id>")]
struct Task {
    workspace: String,
    id: u32,
    status: String,
}

async fn open_task_one(db: Db) {
    let q = Task::query("acme");
    let _ = db
        .query(&q)
        .filter(Task::STATUS.eq("open").and(Task::ID.eq(1u32)))
        .page(None)
        .await;
    let _ = db.scan::<Task>().filter(Task::ID.eq(1u32)).page(None).await;
}

fn main() {
    let _ = open_task_one;
}
