use dynakey::Entity;
use dynakey_runtime::Db;

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[pk("WS#<workspace>")]
#[sk("PROJ#<id>")]
struct Project {
    workspace: String,
    id: String,
    name: String,
    owner: String,
}

#[derive(serde::Deserialize)]
struct Name {
    name: String,
}

async fn read(db: Db) {
    let names = Project::query("acme").project(["name"]);
    // Fine: the projected attributes, into a type that holds just them.
    let _ = db.query(&names).project::<Name>().items();
    // Whole entities from a query that reads only `name`.
    let _ = db.query(&names).items();
    let _ = db.query(&names).page(None);
}

fn main() {
    let _ = read;
}
