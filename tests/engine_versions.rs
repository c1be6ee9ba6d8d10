//! Optimistic locking on the embedded engine (`#[dynakey(version = "version")]`,
//! `docs/semantics.md` §5): create stores version 1, every put/update/delete is conditioned on the
//! version read and stores the next one, a conflict is `Error::VersionConflict` with the stored
//! item.

use crate::common;

use std::sync::Arc;

use dynakey::{Entity, Table, UpdateBuilder};
use dynakey_runtime::{Db, Error};
use serde::{Deserialize, Serialize};

use common::{fresh, BoxError};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
struct Docs;

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Docs, version = "version")]
#[pk("DOC#<id>")]
#[sk("META")]
struct Doc {
    id: String,
    body: String,
    edits: u32,
    version: u64,
}

fn doc() -> Doc {
    Doc {
        id: "d1".into(),
        body: "v1".into(),
        edits: 0,
        version: 0,
    }
}

async fn stored(db: &Db<Docs>) -> Result<Doc, BoxError> {
    db.get(&Doc::key("d1")?)
        .consistent_read()
        .await?
        .ok_or_else(|| "no doc".into())
}

fn conflict(
    error: &Error,
    expected_version: u64,
    found_version: Option<u64>,
) -> Result<(), BoxError> {
    match error {
        Error::VersionConflict {
            expected, found, ..
        } => {
            assert_eq!((*expected, *found), (expected_version, found_version));
            let current = error.current::<Doc>();
            match (found_version, current) {
                (Some(v), Some(doc)) => assert_eq!(doc?.version, v, "the stored item, decoded"),
                (None, None) => {}
                (_, other) => return Err(format!("current item {other:?}").into()),
            }
            Ok(())
        }
        other => Err(format!("expected VersionConflict, got {other:?}").into()),
    }
}

#[tokio::test]
async fn every_write_checks_and_increments_the_version() -> Result<(), BoxError> {
    let (_engine, db) = fresh::<Docs>().await?;
    db.create(&Doc {
        version: 7,
        ..doc()
    })
    .await?;
    assert_eq!(
        stored(&db).await?.version,
        1,
        "create stores the first version"
    );

    let updated: Doc = db
        .update(&Doc::key("d1")?)
        .set(Doc::BODY, "v2")
        .expected_version(1)
        .returning_new()
        .await?;
    assert_eq!(updated.version, 2);

    // A writer that read version 1 is refused, with the stored item.
    let stale = db
        .update(&Doc::key("d1")?)
        .add(Doc::EDITS, 1u32)
        .expected_version(1)
        .await
        .err()
        .ok_or("a stale update succeeded")?;
    conflict(&stale, 1, Some(2))?;
    let message = stale.to_string();
    assert!(message.contains("expected version 1"), "{message}");

    // put of the entity as read (version 2) stores 3; put of a stale copy conflicts.
    db.put(&Doc {
        body: "v3".into(),
        ..updated.clone()
    })
    .await?;
    assert_eq!(stored(&db).await?.version, 3);
    let stale = db
        .put(&updated)
        .await
        .err()
        .ok_or("a stale put succeeded")?;
    conflict(&stale, 2, Some(3))?;
    // put of a never-stored entity (version 0) over an existing item conflicts too.
    let fresh_copy = db
        .put(&doc())
        .await
        .err()
        .ok_or("a version-0 put succeeded")?;
    conflict(&fresh_copy, 0, Some(3))?;

    // delete needs the version as well.
    let stale = db
        .delete(&Doc::key("d1")?)
        .expected_version(2)
        .await
        .err()
        .ok_or("a stale delete succeeded")?;
    conflict(&stale, 2, Some(3))?;
    db.delete(&Doc::key("d1")?).expected_version(3).await?;
    assert!(db.get(&Doc::key("d1")?).consistent_read().await?.is_none());

    // An update of the deleted item conflicts, with no current item.
    let gone = db
        .update(&Doc::key("d1")?)
        .set(Doc::BODY, "v4")
        .expected_version(3)
        .await
        .err()
        .ok_or("an update of a deleted item succeeded")?;
    conflict(&gone, 3, None)?;
    // A put at version 0 creates it again.
    db.put(&doc()).await?;
    assert_eq!(stored(&db).await?.version, 1);
    Ok(())
}

#[tokio::test]
async fn create_and_put_return_the_entity_as_stored() -> Result<(), BoxError> {
    let (_engine, db) = fresh::<Docs>().await?;
    // The caller's value holds version 7 (ignored by create); the one returned holds what was
    // stored, with no second request.
    let created = db
        .create(&Doc {
            version: 7,
            ..doc()
        })
        .returning_stored()
        .await?;
    assert_eq!(created.version, 1);
    assert_eq!(created, stored(&db).await?);
    // The next write expects the returned version as it is, with no version patched by hand.
    let edited = db
        .put(&Doc {
            body: "v2".into(),
            ..created
        })
        .returning_stored()
        .await?;
    assert_eq!((edited.version, edited.body.as_str()), (2, "v2"));
    assert_eq!(edited, stored(&db).await?);
    db.update(&Doc::key("d1")?)
        .set(Doc::BODY, "v3")
        .expected_version(edited.version)
        .await?;
    assert_eq!(stored(&db).await?.version, 3);
    // A refused put returns nothing and writes nothing.
    let stale = db.put(&edited).returning_stored().await;
    conflict(&stale.err().ok_or("a stale put succeeded")?, 2, Some(3))?;
    Ok(())
}

#[tokio::test]
async fn of_32_concurrent_updates_with_one_expected_version_exactly_one_wins(
) -> Result<(), BoxError> {
    let (_engine, db) = fresh::<Docs>().await?;
    db.create(&doc()).await?;
    let read = stored(&db).await?;
    let db = Arc::new(db);
    let writers: Vec<_> = (0..32u32)
        .map(|n| {
            let db = Arc::clone(&db);
            let version = read.version;
            tokio::spawn(async move {
                db.update(&Doc::key("d1")?)
                    .set(Doc::BODY, format!("writer {n}"))
                    .add(Doc::EDITS, 1u32)
                    .expected_version(version)
                    .await
                    .map_err(BoxError::from)
            })
        })
        .collect();
    let (mut won, mut conflicts) = (0, 0);
    for writer in writers {
        match writer.await? {
            Ok(()) => won += 1,
            Err(e) => match e.downcast_ref::<Error>() {
                Some(error @ Error::VersionConflict { .. }) => {
                    conflict(error, read.version, Some(read.version + 1))?;
                    conflicts += 1;
                }
                _ => return Err(e),
            },
        }
    }
    assert_eq!((won, conflicts), (1, 31));
    let last = stored(&db).await?;
    assert_eq!(last.version, read.version + 1);
    assert_eq!(last.edits, 1, "exactly one update was applied");
    Ok(())
}
