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

// The same with the entity of the earlier shape listed first: still reported at its #[was].
#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
enum Share {
    Link(Link),
    Page(Page),
}

#[derive(Entity, Deserialize)]
#[dynakey(table = Share)]
#[pk("SHARE#<id>")]
#[sk("LINK#<to>")]
#[was(pk = "P#<id>", sk = "META")]
struct Link {
    id: String,
    to: String,
}

#[derive(Entity, Deserialize)]
#[dynakey(table = Share)]
#[pk("P#<id>")]
#[sk("META")]
struct Page {
    id: String,
}

fn main() {}
