use dynakey::{Entity, Table};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByStatus, partition_key = "GSI1PK", sort_key = "GSI1SK")]
struct App;

#[derive(Entity)]
#[dynakey(table = App)]
#[pk("WS#<workspace>")]
#[sk("PROJ#<created>#<id>")]
#[index(ByStatus, pk = "STATUS#<status>", sk = "<day>")]
struct Project {
    workspace: String,
    created: u64,
    id: String,
    status: String,
    day: u32,
}

// `prefix(…)` stands at the next field to fill: a complete key has none, on the base table's
// builder and on an index's. One error each; the query around it adds none.
fn main() {
    let _ = Project::query("acme").begins_with(Project::sk().created(1).id("a").prefix("b"));
    let _ = Project::query_by_status("ACTIVE").begins_with(Project::by_status_sk().day(1).prefix("2"));
}
