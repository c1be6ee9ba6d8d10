use dynakey::Entity;

// The `name = value` form of other derives' attributes: a template is the attribute's argument.
#[derive(Entity)]
#[pk = "WS#<workspace>"]
#[sk("META")]
struct Workspace {
    workspace: String,
}

fn main() {}
