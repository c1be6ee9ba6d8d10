use dynakey::{Entity, Table};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByStatus, partition_key = "GSI1PK", sort_key = "GSI1SK")]
struct App;

// A GSI has its own partition key: `sk` alone is the shape of an LSI's #[index].
#[derive(Entity)]
#[dynakey(table = App)]
#[pk("WS#<workspace>")]
#[sk("PROJ#<id>")]
#[index(ByStatus, sk = "<id>")]
struct Project {
    workspace: String,
    id: String,
}

fn main() {}
