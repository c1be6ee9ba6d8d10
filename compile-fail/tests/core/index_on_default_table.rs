// An entity without #[dynakey(table = …)] is on DefaultTable, which declares no indexes: naming an
// index of another table is one error that says so.
use dynakey::{Entity, Table};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByStatus, partition_key = "GSI1PK", sort_key = "GSI1SK")]
struct App;

#[derive(Entity)]
#[pk("WS#<workspace>")]
#[sk("PROJ#<id>")]
#[index(ByStatus, pk = "STATUS#<status>", sk = "<id>")]
struct Project {
    workspace: String,
    id: String,
    status: String,
}

fn main() {
    let _ = Project::query_by_status("ACTIVE");
}
