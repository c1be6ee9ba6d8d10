use dynakey::Entity;

#[derive(Entity)]
#[pk("WS#<workspace>", shards = 10, shard_by = "name")]
#[sk("PROJ#<created>#<id>")]
struct Project {
    workspace: String,
    created: u64,
    id: String,
    name: String,
}

// Without a sort key, no key field can choose the shard.
#[derive(Entity)]
#[pk("USER#<org>", shards = 4, shard_by = "id")]
struct User {
    org: String,
    id: String,
}

fn main() {}
