// A partition-key template with the prefix of dynakey's own items (`DYNAKEY#`, the design item
// the table records): one error at the template.
use dynakey::Entity;

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[pk("DYNAKEY#<id>")]
#[sk("META")]
struct Squatter {
    id: String,
}

fn main() {}
