// A transaction is on one table: a condition check of an entity of another table is one error
// naming the entity and both tables; a request of another table's handle is a type mismatch; an
// update or a put that asks for return values is not a transaction action.
use dynakey::{Entity, Table, UpdateBuilder};
use dynakey_runtime::Db;

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
struct App;

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
struct Billing;

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[dynakey(table = App)]
#[pk("U#<id>")]
#[sk("META")]
struct User {
    id: String,
    n: u32,
}

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[dynakey(table = Billing)]
#[pk("INV#<id>")]
#[sk("META")]
struct Invoice {
    id: String,
    total: u32,
}

fn build(app: Db<App>, billing: Db<Billing>, invoice: Invoice) {
    let key = Invoice::key("i1").unwrap();
    let _ = app.transaction().check(&key, Invoice::TOTAL.gt(0));
    let _ = app.transaction().put(billing.put(&invoice));
    let user = User::key("u1").unwrap();
    let _ = app.transaction().update(app.update(&user).add(User::N, 1).returning_new());
    let stored = User { id: "u1".into(), n: 1 };
    let _ = app.transaction().put(app.create(&stored).returning_stored());
}

fn main() {
    let _ = build;
}
