use dynakey::Entity;

#[derive(Entity)]
#[pk("WS#<workspce>")]
#[sk("META")]
struct Workspace {
    workspace: String,
    name: String,
}

fn main() {}
