use dynakey::Entity;

#[derive(Entity)]
#[pk("WS#<workspace>")]
#[sk("PROJ#<id>", shards = 10, shard_by = "id")]
struct Project {
    workspace: String,
    id: String,
}

fn main() {}
