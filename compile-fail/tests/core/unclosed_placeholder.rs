use dynakey::Entity;

#[derive(Entity)]
#[pk("WS#<workspace")]
#[sk("META")]
struct Workspace {
    workspace: String,
}

fn main() {}
