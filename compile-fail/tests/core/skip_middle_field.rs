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
    // Fields are filled left to right: `id` cannot come before `created`.
    let _ = Project::query("acme").begins_with(Project::sk().id("p1"));
}
