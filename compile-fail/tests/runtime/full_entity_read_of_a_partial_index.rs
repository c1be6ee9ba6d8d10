use dynakey::{Entity, Table};
use dynakey_runtime::Db;

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByOwner, partition_key = "GSI1PK", sort_key = "GSI1SK", projection = keys_only)]
#[gsi(ByTag, partition_key = "GSI2PK", sort_key = "GSI2SK", projection = include("title"))]
struct App;

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[dynakey(table = App)]
#[pk("DOC#<id>")]
#[sk("META")]
#[index(ByOwner, pk = "OWNER#<owner>", sk = "<id>")]
#[index(ByTag, pk = "TAG#<tag>", sk = "<id>")]
struct Doc {
    id: String,
    owner: String,
    tag: String,
    title: String,
    body: String,
}

#[derive(serde::Deserialize)]
struct Title {
    title: String,
}

async fn read(db: Db<App>) {
    // Fine: keys, or the projected attributes.
    let _ = db.query(&Doc::query_by_owner("ada")).keys().items();
    let _ = db.query(&Doc::query_by_tag("rust")).project::<Title>().pages();
    // Whole entities from an index that holds only some attributes.
    let _ = db.query(&Doc::query_by_owner("ada")).items();
    let _ = db.query(&Doc::query_by_tag("rust")).pages();
    let _ = db.query(&Doc::query_by_tag("rust")).page(None);
}

fn main() {
    let _ = read;
}
