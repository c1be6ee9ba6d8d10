// #[unique(…)] mistakes, each one error at its string: a name that is no field (closest field
// suggested), a field named twice in one constraint, a constraint declared twice, a field serde
// does not always store, and no fields at all.
use dynakey::Entity;

#[derive(Entity, serde::Serialize)]
#[pk("U#<id>")]
#[sk("META")]
#[unique("emial")]
#[unique("org", "org")]
#[unique("org", "handle")]
#[unique("handle", "org")]
#[unique("secret")]
#[unique()]
struct User {
    id: String,
    email: String,
    org: String,
    handle: String,
    #[serde(skip)]
    secret: String,
}

fn main() {
    // No cascade: the field handles still exist.
    let _ = User::EMAIL;
}
