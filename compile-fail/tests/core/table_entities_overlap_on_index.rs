use dynakey::{Entity, Table};
use serde::Deserialize;

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByOwner, name = "GSI1", partition_key = "GSI1PK", sort_key = "GSI1SK", projection = all)]
enum App {
    Doc(Doc),
    Folder(Folder),
}

#[derive(Entity, Deserialize)]
#[dynakey(table = App)]
#[pk("DOC#<id>")]
#[sk("META")]
#[index(ByOwner, pk = "OWNER#<owner>", sk = "<name>")]
struct Doc {
    id: String,
    owner: String,
    name: String,
}

// Apart on the table, but on the index the same shape: "OWNER#x" / "x" is a key of both.
#[derive(Entity, Deserialize)]
#[dynakey(table = App)]
#[pk("FOLDER#<id>")]
#[sk("META")]
#[index(ByOwner, pk = "OWNER#<owner>", sk = "<title>")]
struct Folder {
    id: String,
    owner: String,
    title: String,
}

fn main() {}
