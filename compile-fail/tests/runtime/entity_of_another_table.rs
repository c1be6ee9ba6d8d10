// An entity used with the handle of another table (here one that forgot #[dynakey(table = …)])
// is one error naming the entity and both tables, at each request.
use dynakey::{Entity, Table};
use dynakey_runtime::Db;

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
struct App;

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[pk("U#<id>")]
#[sk("META")]
struct User {
    id: String,
}

async fn use_it(db: Db<App>, user: User) {
    let _ = db.query(&User::query("u1")).items();
    let _ = db.put(&user).await;
    let _ = db.get(&User::key("u1").unwrap()).await;
}

fn main() {
    let _ = use_it;
}
