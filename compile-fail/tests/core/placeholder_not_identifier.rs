use dynakey::Entity;

#[derive(Entity)]
#[pk("WS#<work space>")]
#[sk("META")]
struct Workspace {
    workspace: String,
}

fn main() {}
