// A transaction is on one table: a condition check of an entity of another table is one error
// naming the entity and both tables; a request of another table's handle is a type mismatch.
// (An update's `.returning_new()` and a put's `.returning_stored()` are transaction actions since
// issue #45: tests/runtime/transaction_returning_old.rs has what still does not compile.)
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
    // Fine: actions of the transaction's own table that return their items.
    let user = User::key("u1").unwrap();
    let _ = app.transaction().update(app.update(&user).add(User::N, 1).returning_new());
    let stored = User { id: "u1".into(), n: 1 };
    let _ = app.transaction().put(app.create(&stored).returning_stored());
}

fn main() {
    let _ = build;
}
