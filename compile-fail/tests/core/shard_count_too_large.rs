use dynakey::Entity;

#[derive(Entity)]
#[pk("WS#<workspace>", shards = 5000, shard_by = "id")]
#[sk("PROJ#<id>")]
struct Project {
    workspace: String,
    id: String,
}

#[derive(Entity)]
#[pk("WS#<workspace>", shards = 99999999999999999999999, shard_by = "id")]
#[sk("PROJ#<id>")]
struct Task {
    workspace: String,
    id: String,
}

fn main() {}
