//! Changing a key is a move (docs/semantics.md §5): one transaction that deletes the old item, conditional on
//! it existing, and puts the new one.

use crate::common;

use dynakey::{DefaultTable, Entity, KeyPath};
use dynakey_runtime::Error;
use futures::TryStreamExt;
use serde::{Deserialize, Serialize};

use common::{BoxError, TestEngine};

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[pk("DRIVE#<account>")]
#[sk("<path>")]
struct Node {
    account: String,
    path: KeyPath,
    size: u64,
}

fn node(path: &str, size: u64) -> Result<Node, BoxError> {
    Ok(Node {
        account: "a1".into(),
        path: KeyPath::parse(path)?,
        size,
    })
}

async fn all(db: &dynakey_runtime::Db) -> Result<Vec<Node>, BoxError> {
    Ok(db.query(&Node::query("a1")).items().try_collect().await?)
}

#[tokio::test]
async fn a_move_deletes_the_old_key_and_writes_the_new_one_together() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<DefaultTable>().await?;
    let old = node("root/a.txt", 7)?;
    db.put(&old).await?;
    db.put(&node("root/z.txt", 1)?).await?;

    let moved = node("root/docs/a.txt", 7)?;
    db.move_to(&old.primary_key()?, &moved).await?;
    assert_eq!(all(&db).await?, vec![moved.clone(), node("root/z.txt", 1)?]);

    // Same key: a put that requires the item to exist.
    let bigger = node("root/docs/a.txt", 9)?;
    db.move_to(&moved.primary_key()?, &bigger).await?;
    assert_eq!(db.get(&bigger.primary_key()?).await?, Some(bigger));
    Ok(())
}

#[tokio::test]
async fn moving_a_missing_item_changes_nothing() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<DefaultTable>().await?;
    let present = node("root/z.txt", 1)?;
    db.put(&present).await?;

    let missing = Node::key("a1", &KeyPath::parse("root/gone.txt")?)?;
    for target in [node("root/new.txt", 3)?, node("root/gone.txt", 3)?] {
        match db.move_to(&missing, &target).await {
            Err(Error::NotFound {
                partition, sort, ..
            }) => {
                assert_eq!(partition, "DRIVE#a1");
                assert_eq!(sort.as_deref(), Some("root/gone.txt"));
            }
            other => return Err(format!("expected NotFound, got {other:?}").into()),
        }
    }
    assert_eq!(all(&db).await?, vec![present], "nothing was written");
    Ok(())
}

#[tokio::test]
async fn a_new_key_that_breaks_the_rules_is_refused_before_any_request() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<DefaultTable>().await?;
    let old = node("root/a.txt", 7)?;
    db.put(&old).await?;
    // 1,025 bytes of sort key.
    let long = node(&format!("root/{}", "x".repeat(1_020)), 7)?;
    assert!(matches!(
        db.move_to(&old.primary_key()?, &long).await,
        Err(Error::Key(_))
    ));
    assert_eq!(all(&db).await?, vec![old], "the old item is still there");
    Ok(())
}
