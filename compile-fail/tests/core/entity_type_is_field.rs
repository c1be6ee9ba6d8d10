use dynakey::Entity;
use serde::{Deserialize, Serialize};

// The entity-type attribute would overwrite a field's attribute (here through serde's rename).
#[derive(Entity, Serialize, Deserialize)]
#[dynakey(entity_type = "kind")]
#[pk("LIB#<library>")]
#[sk("META")]
struct Library {
    library: u32,
    #[serde(rename = "kind")]
    category: String,
}

fn main() {}
