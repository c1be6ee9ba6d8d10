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
    // A complete key of a template ending in a placeholder is exact: use `eq`.
    let _ = Project::query("acme").begins_with(Project::sk().created(1).id("p1"));
}
