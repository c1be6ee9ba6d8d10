use dynakey::Entity;

#[derive(Entity)]
#[pk("WS#<workspace>", shards = 10, shard_by = "id")]
#[sk("PROJ#<id>")]
struct Project {
    workspace: String,
    id: String,
}

fn main() {
    // No single partition holds a sharded entity's items: read one shard or all of them.
    let _ = Project::query("acme");
}
