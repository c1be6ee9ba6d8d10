use dynakey::Entity;

#[derive(Entity)]
#[pk("WS#<0>")]
#[sk("META")]
struct Workspace(String);

fn main() {}
