use dynakey::Entity;

// The default table has PK and SK, so every entity on it needs a sort-key template.
#[derive(Entity)]
#[pk("WS#<workspace>")]
struct Workspace {
    workspace: String,
}

fn main() {}
