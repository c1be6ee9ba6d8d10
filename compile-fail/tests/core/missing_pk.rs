use dynakey::Entity;

#[derive(Entity)]
#[sk("META")]
struct Workspace {
    workspace: String,
}

fn main() {}
