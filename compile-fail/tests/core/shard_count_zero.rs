use dynakey::Entity;

#[derive(Entity)]
#[pk("WS#<workspace>", shards = 0, shard_by = "id")]
#[sk("PROJ#<id>")]
struct Project {
    workspace: String,
    id: String,
}

fn main() {}
