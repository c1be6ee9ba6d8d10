use dynakey::Entity;

// A route-style placeholder (`:field`). `LIB:` followed by a placeholder, or by literal text that
// names no field (`:META`), stays valid.
#[derive(Entity)]
#[pk("LIB:<library>")]
#[sk("MEMBER:member")]
struct Member {
    library: u32,
    member: String,
}

#[derive(Entity)]
#[pk("LIB:<library>")]
#[sk("LIB:META")]
struct Library {
    library: u32,
}

fn main() {}
