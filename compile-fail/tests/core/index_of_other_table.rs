use dynakey::{Entity, Table};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByStatus, partition_key = "GSI1PK", sort_key = "GSI1SK")]
struct App;

#[derive(Table)]
#[table(partition_key = "EntityRef", sort_key = "Detail")]
struct Workspaces;

#[derive(Entity)]
#[dynakey(table = Workspaces)]
#[pk("WS#<workspace>")]
#[sk("PROJ#<id>")]
#[index(ByStatus, pk = "STATUS#<status>", sk = "<id>")]
struct Project {
    workspace: String,
    id: String,
    status: String,
}

fn main() {}
