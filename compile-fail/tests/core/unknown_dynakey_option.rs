use dynakey::Entity;

#[derive(Entity)]
#[dynakey(tabel = Workspaces)]
#[pk("WS#<workspace>")]
#[sk("META")]
struct Workspace {
    workspace: String,
}

fn main() {}
