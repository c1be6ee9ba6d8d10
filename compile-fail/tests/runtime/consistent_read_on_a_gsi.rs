use dynakey::{Entity, Table};
use dynakey_runtime::Db;

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByOwner, partition_key = "GSI1PK", sort_key = "GSI1SK")]
#[lsi(ByTitle, sort_key = "LSI1SK")]
struct App;

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[dynakey(table = App)]
#[pk("DOC#<id>")]
#[sk("META")]
#[index(ByOwner, pk = "OWNER#<owner>", sk = "<id>")]
#[index(ByTitle, sk = "<title>")]
struct Doc {
    id: String,
    owner: String,
    title: String,
}

async fn read(db: Db<App>) {
    // Fine: the base table and a local secondary index.
    let _ = db.query(&Doc::query("d1").consistent_read()).items();
    let _ = db.query(&Doc::query_by_title("d1").consistent_read()).items();
    let _ = db.get(&Doc::key("d1").unwrap()).consistent_read();
    // A strongly consistent read of a global secondary index.
    let _ = db.query(&Doc::query_by_owner("ada").consistent_read()).items();
}

fn main() {
    let _ = read;
}
