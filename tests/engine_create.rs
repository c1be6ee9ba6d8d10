//! `create` never overwrites (docs/semantics.md §5) on the embedded engine.

mod common;

use dynakey::{DefaultTable, Entity};
use dynakey_runtime::Error;
use serde::{Deserialize, Serialize};

use common::{BoxError, TestEngine};

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[pk("WS#<workspace>")]
#[sk("PROJ#<created>#<id>")]
struct Project {
    workspace: String,
    created: u64,
    id: String,
    name: String,
}

#[tokio::test]
async fn second_create_of_the_same_key_is_refused_and_changes_nothing() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<DefaultTable>().await?;
    let first = Project {
        workspace: "acme".into(),
        created: 42,
        id: "p1".into(),
        name: "Apollo".into(),
    };
    db.create(&first).await?;

    let intruder = Project {
        name: "Overwritten".into(),
        ..first.clone()
    };
    let error = match db.create(&intruder).await {
        Err(e) => e,
        Ok(()) => return Err("a second create of the same key succeeded".into()),
    };
    match &error {
        Error::AlreadyExists {
            table,
            partition,
            sort,
        } => {
            assert_eq!(table, db.table_name());
            assert_eq!(partition, "WS#acme");
            assert_eq!(sort.as_deref(), Some("PROJ#00000000000000000042#p1"));
        }
        other => return Err(format!("expected AlreadyExists, got {other:?}").into()),
    }
    let message = error.to_string();
    assert!(message.contains("already exists"), "{message}");
    assert!(message.contains("nothing was written"), "{message}");

    let stored = db
        .get(&Project::key("acme", 42u64, "p1")?)
        .consistent_read()
        .await?;
    assert_eq!(stored, Some(first.clone()), "the stored item is unchanged");

    // A different sort key in the same partition is a different item: create succeeds.
    let sibling = Project {
        id: "p2".into(),
        ..first.clone()
    };
    db.create(&sibling).await?;
    assert_eq!(
        db.get(&Project::key("acme", 42u64, "p2")?).await?,
        Some(sibling)
    );

    // put, unlike create, replaces.
    db.put(&intruder).await?;
    assert_eq!(
        db.get(&Project::key("acme", 42u64, "p1")?).await?,
        Some(intruder)
    );
    Ok(())
}
