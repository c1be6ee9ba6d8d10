use dynakey::Entity;

#[derive(Entity)]
#[pk("WS#<workspace>", shards = 10, shard_by = "idd")]
#[sk("PROJ#<created>#<id>")]
struct Project {
    workspace: String,
    created: u64,
    id: String,
}

#[derive(Entity)]
#[pk("WS#<workspace>", shards = 10, shard_by = "owner")]
#[sk("TASK#<id>")]
struct Task {
    workspace: String,
    id: String,
}

fn main() {}
