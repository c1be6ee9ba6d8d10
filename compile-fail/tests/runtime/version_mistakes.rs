// A versioned entity is updated and deleted only with the version it was read with (without
// `.expected_version(v)` the request is not a future: rustc reports the `.await`, naming the
// `VersionCheck` bound); the version field is set by dynakey, never by hand; an entity without a
// version has none to expect.
use dynakey::{Entity, UpdateBuilder};
use dynakey_runtime::Db;

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[dynakey(version = "version")]
#[pk("DOC#<id>")]
#[sk("META")]
struct Doc {
    id: String,
    body: String,
    version: u64,
}

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[pk("NOTE#<id>")]
#[sk("META")]
struct Note {
    id: String,
}

async fn writes(db: Db, doc: dynakey::Key<Doc>, note: dynakey::Key<Note>) {
    let _ = db.update(&doc).set(Doc::BODY, "x").await;
    let _ = db.delete(&doc).await;
    let _ = db.update(&doc).set(Doc::VERSION, 9u64).expected_version(1).await;
    let _ = db.delete(&note).expected_version(1).await;
}

fn main() {
    let _ = writes;
}
