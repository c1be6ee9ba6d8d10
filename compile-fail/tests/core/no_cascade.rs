use dynakey::Entity;

// The template error is the only error: the fallback impl keeps the code below compiling, its
// field handles included.
#[derive(Entity)]
#[pk("WS#<workspce>")]
#[sk("META")]
struct Workspace {
    workspace: String,
    name: String,
}

fn partition_of<E: Entity>(item: &E) -> String {
    item.partition_key().unwrap_or_default()
}

fn main() {
    let w = Workspace { workspace: "acme".into(), name: "Acme".into() };
    let _ = partition_of(&w);
    let _ = Workspace::NAME.eq("Acme").and(Workspace::WORKSPACE.exists());
}
