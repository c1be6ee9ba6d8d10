use dynakey::{Entity, Table};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByStatus, partition_key = "GSI1PK", sort_key = "GSI1SK")]
#[gsi(ByOwner, partition_key = "GSI2PK")]
struct App;

#[derive(Entity)]
#[dynakey(table = App)]
#[pk("WS#<workspace>")]
#[sk("PROJ#<id>")]
#[index(ByStatus, pk = "STATUS#<status>")]
#[index(ByOwner, pk = "OWNER#<owner>", sk = "<id>")]
struct Project {
    workspace: String,
    id: String,
    status: String,
    owner: String,
}

fn main() {}
