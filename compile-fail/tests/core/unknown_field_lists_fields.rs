use dynakey::Entity;

#[derive(Entity)]
#[pk("WS#<tenant_identifier>")]
#[sk("META")]
struct Workspace {
    workspace: String,
    name: String,
}

fn main() {}
