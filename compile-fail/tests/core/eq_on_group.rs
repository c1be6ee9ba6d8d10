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
    let _ = Project::query("acme").eq(Project::sk().created(1));
}
