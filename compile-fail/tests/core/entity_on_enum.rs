use dynakey::Entity;

// An entity is a struct whose named fields the templates name; an enum of item kinds is a table
// enum (#[derive(Table)]) listing one entity per variant.
#[derive(Entity)]
#[pk("WS#<workspace>")]
#[sk("META")]
enum Workspace {
    Active { workspace: String },
}

fn main() {}
