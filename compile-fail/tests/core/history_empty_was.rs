use dynakey::Entity;

#[derive(Entity)]
#[pk("DRIVE#<drive>")]
#[sk("NODE#<name>")]
#[was()]
struct Node {
    drive: String,
    name: String,
}

// Several mistakes are reported together: an unknown option, and `sk` on an entity without one.
#[derive(Entity)]
#[pk("SESSION#<id>")]
#[was(pk = "S#<id>", shards = 4)]
#[was(sk = "OLD#<id>")]
struct Session {
    id: String,
}

fn main() {}
