use dynakey::{Entity, Table};

#[derive(Table)]
#[table(partition_key = "PK", no_sort_key)]
struct Sessions;

#[derive(Entity)]
#[dynakey(table = Sessions)]
#[pk("SESSION#<id>")]
#[sk("META")]
struct Session {
    id: String,
}

fn main() {}
