use dynakey::{Collection, Entity};
use serde::Deserialize;

#[derive(dynakey::Table)]
#[table(partition_key = "PK", no_sort_key)]
struct Sessions;

#[derive(Entity, Deserialize)]
#[dynakey(table = Sessions)]
#[pk("SESSION#<id>")]
struct Session {
    id: String,
}

#[derive(Collection)]
struct Sessions1 {
    session: Session,
}

fn main() {}
