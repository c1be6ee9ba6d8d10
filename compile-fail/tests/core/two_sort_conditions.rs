use dynakey::Entity;

#[derive(Entity)]
#[pk("WS#<workspace>")]
#[sk("PROJ#<created>#<id>")]
struct Project {
    workspace: String,
    created: u64,
    id: String,
}

fn main() {
    // One sort-key condition per query (DynamoDB allows one); a second does not compile.
    let _ = Project::query("acme")
        .gte(Project::sk().created(1))
        .lt(Project::sk().created(9));
}
