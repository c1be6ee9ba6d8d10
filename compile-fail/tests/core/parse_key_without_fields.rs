// A key template without placeholders has nothing to parse: `parse_sort_key` of an entity whose
// sort key is `META`, or that has no sort key, is one error saying so.
use dynakey::{Entity, Table};

#[derive(Entity)]
#[pk("U#<id>")]
#[sk("META")]
struct User {
    id: String,
}

#[derive(Table)]
#[table(partition_key = "PK", no_sort_key)]
struct Flat;

#[derive(Entity)]
#[dynakey(table = Flat)]
#[pk("TAG#<name>")]
struct Tag {
    name: String,
}

fn main() {
    let _ = User::parse_partition_key("U#ada");
    let _ = User::parse_sort_key("META");
    let _ = Tag::parse_sort_key("x");
}
