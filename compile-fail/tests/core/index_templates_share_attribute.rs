use dynakey::{Entity, Table};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByOwner, partition_key = "GSI1PK", sort_key = "GSI1SK", projection = keys_only)]
#[gsi(ByOwnerAll, partition_key = "GSI1PK", sort_key = "GSI1SK")]
struct App;

// Two GSIs over one key schema (other projections) are valid; an entity filling both writes
// each attribute once, so with one template each.
#[derive(Entity)]
#[dynakey(table = App)]
#[pk("WS#<workspace>")]
#[sk("PROJ#<id>")]
#[index(ByOwner, pk = "OWNER#<owner>", sk = "<id>")]
#[index(ByOwnerAll, pk = "ALL#<owner>", sk = "P#<id>")]
struct Project {
    workspace: String,
    id: String,
    owner: String,
}

fn main() {}
