use dynakey::Entity;

#[derive(Entity)]
#[pk("WS#<workspace>")]
#[sk("")]
struct Workspace {
    workspace: String,
}

fn main() {}
