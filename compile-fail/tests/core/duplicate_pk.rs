use dynakey::Entity;

#[derive(Entity)]
#[pk("WS#<workspace>")]
#[pk("TENANT#<workspace>")]
#[sk("META")]
struct Workspace {
    workspace: String,
}

fn main() {}
