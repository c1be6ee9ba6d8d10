use dynakey::Entity;
use serde::{Deserialize, Serialize};

#[derive(dynakey::Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByTitle, name = "GSI1", partition_key = "GSI1PK", sort_key = "GSI1SK")]
#[gsi(ByRegion, partition_key = ["region", "city"])]
struct Library;

// Fields stored in key attributes dynakey writes from templates: the table's, through serde's
// rename and by a field's own name (on the default table, whose key attributes are `PK` and
// `SK`), and a template index's, whether or not the entity is in that index. One error at each
// on the default table; on a named table the first such field (here `detail`; `title` is next).
// A field stored in an attribute-wise index's attribute (`region`) is that index's design.
#[derive(Entity, Serialize, Deserialize)]
#[dynakey(table = Library)]
#[pk("LIB#<library>")]
#[sk("META")]
struct Branch {
    library: u32,
    #[serde(rename = "SK")]
    detail: String,
    #[serde(rename = "GSI1SK")]
    title: String,
    region: String,
}

#[derive(Entity, Serialize, Deserialize)]
#[pk("MEMBER#<member>")]
#[sk("META")]
#[allow(non_snake_case)]
struct Member {
    member: String,
    PK: String,
}

fn main() {}
