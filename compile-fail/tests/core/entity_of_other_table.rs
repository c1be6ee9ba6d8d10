// `InTable<T>` (the bound of requests on a table handle) names the entity and the table when an
// entity is used with another table: here one that forgot #[dynakey(table = …)].
use dynakey::{Entity, InTable, Table};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
struct App;

#[derive(Entity)]
#[pk("U#<id>")]
#[sk("META")]
struct User {
    id: String,
}

fn stored_in<T: Table, E: InTable<T>>() {}

fn main() {
    stored_in::<App, User>();
}
