use dynakey::Entity;

#[derive(Entity)]
#[pk(WS)]
#[sk("META")]
struct Workspace {
    workspace: String,
}

fn main() {}
