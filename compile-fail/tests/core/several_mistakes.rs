use dynakey::Entity;

// Every mistake in one struct is reported, not just the first.
#[derive(Entity)]
#[pk("WS#<workspce>")]
#[sk("PROJ#<created><id")]
struct Project {
    workspace: String,
    created: u64,
    id: String,
}

fn main() {}
