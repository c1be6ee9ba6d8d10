use dynakey::Entity;

// `shards` without `shard_by`.
#[derive(Entity)]
#[pk("WS#<workspace>", shards = 10)]
#[sk("PROJ#<id>")]
struct A {
    workspace: String,
    id: String,
}

// `shard_by` without `shards`.
#[derive(Entity)]
#[pk("WS#<workspace>", shard_by = "id")]
#[sk("PROJ#<id>")]
struct B {
    workspace: String,
    id: String,
}

// An option given twice, and an unknown option.
#[derive(Entity)]
#[pk("WS#<workspace>", shards = 10, shards = 20, shard_by = "id", replicas = 3)]
#[sk("PROJ#<id>")]
struct C {
    workspace: String,
    id: String,
}

// A count that is not an integer literal, a field that is not a string.
#[derive(Entity)]
#[pk("WS#<workspace>", shards = "10")]
#[sk("PROJ#<id>")]
struct D {
    workspace: String,
    id: String,
}

#[derive(Entity)]
#[pk("WS#<workspace>", shards = 10, shard_by = id)]
#[sk("PROJ#<id>")]
struct E {
    workspace: String,
    id: String,
}

fn main() {}
