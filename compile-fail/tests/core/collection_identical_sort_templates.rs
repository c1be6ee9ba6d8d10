use dynakey::{Collection, Entity, KeyPath};
use serde::Deserialize;

#[derive(Entity, Deserialize)]
#[pk("DRIVE#<account>")]
#[sk("<path>")]
struct Folder {
    account: String,
    path: KeyPath,
}

// The same sort-key template: every folder key is also a file key.
#[derive(Entity, Deserialize)]
#[pk("DRIVE#<account>")]
#[sk("<path>")]
struct File {
    account: String,
    path: KeyPath,
    size: u64,
}

#[derive(Collection)]
struct Tree {
    folders: Vec<Folder>,
    files: Vec<File>,
}

fn main() {}
