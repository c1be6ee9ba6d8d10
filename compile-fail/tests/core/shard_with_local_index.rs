use dynakey::{Entity, Table};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByStatus, partition_key = "GSI1PK", sort_key = "GSI1SK")]
#[lsi(ByCreated, sort_key = "Created")]
struct App;

// A GSI has its own partition key: fine on a sharded entity. An LSI shares the sharded one.
#[derive(Entity)]
#[dynakey(table = App)]
#[pk("WS#<workspace>", shards = 10, shard_by = "id")]
#[sk("PROJ#<id>")]
#[index(ByStatus, pk = "STATUS#<status>", sk = "<id>")]
#[index(ByCreated, sk = "<created>")]
struct Project {
    workspace: String,
    id: String,
    status: String,
    created: u64,
}

fn main() {}
