use dynakey::Entity;

#[derive(Entity)]
#[dynakey(entity_type = "")]
#[pk("WS#<workspace>")]
#[sk("META")]
struct Settings {
    workspace: String,
}

fn main() {}
