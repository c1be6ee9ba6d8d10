use dynakey::{Entity, Table};
use serde::Deserialize;

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
enum Drive {
    Folder(Folder),
    Node(Node),
}

#[derive(Entity, Deserialize)]
#[dynakey(table = Drive)]
#[pk("DRIVE#<drive>")]
#[sk("DIR#<name>")]
struct Folder {
    drive: String,
    name: String,
}

// Nodes once had sort keys "DIR#<name>": an old node's key is a folder's key.
#[derive(Entity, Deserialize)]
#[dynakey(table = Drive)]
#[pk("DRIVE#<drive>")]
#[sk("NODE#<name>")]
#[was(sk = "DIR#<name>")]
struct Node {
    drive: String,
    name: String,
}

fn main() {}
