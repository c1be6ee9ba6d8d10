use dynakey::{Entity, Table};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByStatus, partition_key = "GSI1PK", sort_key = "GSI1SK")]
struct App;

#[derive(Entity)]
#[dynakey(table = App)]
#[pk("WS#<workspace>")]
#[sk("PROJ#<id>")]
#[index(ByStatus, pk = "STATUS#<stauts>", sk = "<created>#<")]
struct Project {
    workspace: String,
    id: String,
    status: Option<String>,
}

fn main() {}
