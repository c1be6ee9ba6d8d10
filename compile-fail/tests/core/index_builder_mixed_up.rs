use dynakey::{Entity, Table};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByStatus, partition_key = "GSI1PK", sort_key = "GSI1SK")]
struct App;

#[derive(Entity)]
#[dynakey(table = App)]
#[pk("WS#<workspace>")]
#[sk("PROJ#<id>")]
#[index(ByStatus, pk = "STATUS#<status>", sk = "<id>")]
struct Project {
    workspace: String,
    id: String,
    status: String,
}

fn main() {
    // The base table's sort-key builder on an index query…
    let _ = Project::query_by_status("ACTIVE").begins_with(Project::sk());
    // …and the index's on a base-table query.
    let _ = Project::query("acme").gte(Project::by_status_sk().id("p1"));
}
