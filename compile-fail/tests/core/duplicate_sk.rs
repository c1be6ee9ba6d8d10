use dynakey::Entity;

#[derive(Entity)]
#[pk("WS#<workspace>")]
#[sk("META")]
#[sk("SETTINGS")]
struct Workspace {
    workspace: String,
}

fn main() {}
