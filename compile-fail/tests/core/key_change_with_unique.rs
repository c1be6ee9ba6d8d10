use dynakey::Entity;

// A key change of an entity with unique constraints: both copies would need the same
// uniqueness items.
#[derive(Entity, serde::Serialize)]
#[pk("LIB#<library>")]
#[sk("MEMBER#<id>")]
#[next(sk = "MEMBER#<email>")]
#[unique("email")]
struct Member {
    library: String,
    id: u32,
    email: String,
}

fn main() {}
