// The error refusing an update of one index field alone names that field's own index group and
// its fields — here `BY_REGION_AND_BY_STATUS<(REGION, OPENED, STATUS)>`, two indexes sharing
// `region` — not a fixed example: the fix is
// `.set(Ticket::BY_REGION_AND_BY_STATUS, (region, opened, status))`, or `db.modify`.
use dynakey::{Entity, Table, UpdateBuilder};
use dynakey_runtime::Db;

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByRegion, partition_key = "GSI1PK", sort_key = "GSI1SK")]
#[gsi(ByStatus, partition_key = "GSI2PK", sort_key = "GSI2SK")]
struct Desk;

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[dynakey(table = Desk)]
#[pk("TICKET#<id>")]
#[sk("META")]
#[index(ByRegion, pk = "REGION#<region>", sk = "<opened>")]
#[index(ByStatus, pk = "STATUS#<status>", sk = "<region>#<id>")]
struct Ticket {
    id: String,
    region: String,
    status: String,
    opened: u64,
    title: String,
}

async fn close(db: Db<Desk>, key: dynakey::Key<Ticket>) {
    let _ = db.update(&key).set(Ticket::STATUS, "closed").await;
}

fn main() {
    let _ = close;
}
