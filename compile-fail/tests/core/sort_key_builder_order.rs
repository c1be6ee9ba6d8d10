// A sort-key builder filled out of order is one error naming the field that comes next, on the
// base table's builder and an index's; nothing after the mistake adds errors.
use dynakey::{Entity, Table};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByStatus, partition_key = "GSI1PK", sort_key = "GSI1SK")]
struct App;

#[derive(Entity)]
#[dynakey(table = App)]
#[pk("WS#<workspace>")]
#[sk("PROJ#<created>#<id>")]
#[index(ByStatus, pk = "STATUS#<status>", sk = "<day>#<id>")]
struct Project {
    workspace: String,
    created: u64,
    id: String,
    status: String,
    day: u32,
}

fn main() {
    let _ = Project::query("acme").begins_with(Project::sk().created(1).created(2));
    let _ = Project::query("acme").eq(Project::sk().created(1).id("a").id("b"));
    let _ = Project::query_by_status("ACTIVE").begins_with(Project::by_status_sk().id("a"));
}
