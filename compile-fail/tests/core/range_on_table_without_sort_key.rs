use dynakey::{Entity, Table};

#[derive(Table)]
#[table(partition_key = "PK", no_sort_key)]
struct Sessions;

#[derive(Entity)]
#[dynakey(table = Sessions)]
#[pk("SESSION#<id>")]
struct Session {
    id: String,
}

fn main() {
    // No sort key, so no sort-key builder and no range condition.
    let _ = Session::query("s1").gt(Session::sk());
}
