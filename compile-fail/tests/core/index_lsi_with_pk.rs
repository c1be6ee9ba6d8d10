use dynakey::{Entity, Table};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[lsi(ByCreated, sort_key = "Created")]
#[gsi(ByStatus, partition_key = "GSI1PK", sort_key = "GSI1SK")]
struct App;

#[derive(Entity)]
#[dynakey(table = App)]
#[pk("WS#<workspace>")]
#[sk("PROJ#<id>")]
#[index(ByCreated, pk = "WS#<workspace>", sk = "<created>")]
#[index(ByStatus, sk = "<created>")]
struct Project {
    workspace: String,
    id: String,
    created: u64,
}

fn main() {}
