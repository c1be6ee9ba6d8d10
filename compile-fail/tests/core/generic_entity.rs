use dynakey::Entity;

#[derive(Entity)]
#[pk("WS#<workspace>")]
#[sk("META")]
struct Workspace<T> {
    workspace: String,
    extra: T,
}

fn main() {}
