use dynakey::Entity;

#[derive(Entity)]
#[pk("WS#<workspace>", shards = 10, shard_by = "workspace")]
#[sk("PROJ#<id>")]
struct Project {
    workspace: String,
    id: String,
}

fn main() {}
