use dynakey::Entity;

#[derive(Entity)]
#[pk("DRIVE#<drive>")]
#[sk("NODE#<name>")]
#[was(pk = "DRIVE#<drive>")]
#[was(sk = "FILE#<name>")]
#[was(sk = "FILE#<name>")]
struct Node {
    drive: String,
    name: String,
}

fn main() {}
