use dynakey::Entity;

#[derive(Entity)]
#[dynakey(table = Workspacez)]
#[pk("WS#<workspace>")]
#[sk("META")]
struct Workspace {
    workspace: String,
}

fn main() {}
