use dynakey::Entity;

// A field stored in an attribute a key change writes on every item.
#[derive(Entity, serde::Serialize)]
#[pk("LIB#<library>")]
#[sk("BOOK#<id>")]
struct Book {
    library: String,
    id: u32,
    #[serde(rename = "_shape")]
    shape: String,
    _twin_pk: String,
}

fn main() {}
