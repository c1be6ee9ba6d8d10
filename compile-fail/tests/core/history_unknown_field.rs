use dynakey::Entity;

// The earlier sort key named the folder, a field this struct no longer has.
#[derive(Entity)]
#[pk("DRIVE#<drive>")]
#[sk("NODE#<parent>#<name>")]
#[was(sk = "FILE#<folder>#<name>")]
struct Node {
    drive: String,
    parent: String,
    name: String,
}

fn main() {}
