// A key field that serde leaves out of the item (or does not read back) would make the stored
// item disagree with its key: each such option is one error, at the option, all reported together.
use dynakey::{Entity, Table};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByOwner, partition_key = "GSI1PK", sort_key = "GSI1SK")]
struct App;

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[dynakey(table = App)]
#[pk("WS#<workspace>")]
#[sk("TASK#<id>#<part>")]
#[index(ByOwner, pk = "OWNER#<owner>", sk = "<rank>")]
struct Task {
    #[serde(skip)]
    workspace: String,
    #[serde(skip_serializing)]
    id: String,
    #[serde(skip_deserializing)]
    part: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    owner: Option<String>,
    #[serde(default)]
    rank: u32,
    #[serde(skip)]
    cache: u8,
}

fn main() {}
