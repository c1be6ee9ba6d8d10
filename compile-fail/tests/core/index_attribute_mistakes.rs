use dynakey::{Entity, Table};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByStatus, partition_key = "GSI1PK", sort_key = "GSI1SK")]
struct App;

#[derive(Entity)]
#[dynakey(table = App)]
#[pk("WS#<workspace>")]
#[sk("PROJ#<id>")]
#[index(ByStatus)]
#[index(ByStatus, pk = "S#<status>#<status>", sk = "<id>")]
#[index(ByStatus, partition = "S#<status>")]
struct Project {
    workspace: String,
    id: String,
    status: String,
}

fn main() {}
