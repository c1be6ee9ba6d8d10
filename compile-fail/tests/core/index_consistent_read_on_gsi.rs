use dynakey::{Entity, Table};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByStatus, partition_key = "GSI1PK", sort_key = "GSI1SK")]
#[lsi(ByCreated, sort_key = "Created")]
struct App;

#[derive(Entity)]
#[dynakey(table = App)]
#[pk("WS#<workspace>")]
#[sk("PROJ#<id>")]
#[index(ByStatus, pk = "STATUS#<status>", sk = "<id>")]
#[index(ByCreated, sk = "<created>")]
struct Project {
    workspace: String,
    id: String,
    status: String,
    created: u64,
}

fn main() {
    // Fine: the base table and an LSI.
    let _ = Project::query("acme").consistent_read();
    let _ = Project::query_by_created("acme").consistent_read();
    // A GSI has no strongly consistent reads.
    let _ = Project::query_by_status("ACTIVE").consistent_read();
}
