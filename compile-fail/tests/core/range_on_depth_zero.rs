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
    // A range bound needs at least one field.
    let _ = Project::query("acme").gt(Project::sk());
}
