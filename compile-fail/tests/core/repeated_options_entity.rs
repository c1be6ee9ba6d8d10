// Each option of #[dynakey], #[index] and the #[pk]/#[sk] shard options is given once, across
// attributes too: a repeat is one error at the repeat, with "first … given here" at the first.
use dynakey::{Entity, Table};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByStatus, partition_key = "GSI1PK", sort_key = "GSI1SK")]
struct App;

#[derive(Entity)]
#[dynakey(table = App, name = "Project")]
#[dynakey(name = "Proj", entity_type = "_type", entity_type = "_kind")]
#[pk("WS#<workspace>", shards = 4, shard_by = "id", shard_by = "created")]
#[sk("PROJ#<created>#<id>")]
#[index(ByStatus, pk = "S#<status>", sk = "<created>", sk = "<id>")]
struct Project {
    workspace: String,
    created: u64,
    id: String,
    status: String,
}

fn main() {}
