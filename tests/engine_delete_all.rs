//! Deleting a partition or a group of it against the engine (docs/semantics.md §5, "Deleting a
//! partition"): every item of the query, and only those, in batches with progress.

use crate::common;

use std::collections::BTreeSet;

use dynakey::{Entity, Table};
use dynakey_runtime::{Db, Error};
use serde::{Deserialize, Serialize};

use common::{put_raw, scan, BoxError, TestEngine};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
struct App;

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = App)]
#[pk("WS#<workspace>")]
#[sk("DOC#<folder>#<n>")]
struct Doc {
    workspace: String,
    folder: String,
    n: u32,
}

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = App)]
#[pk("WS#<workspace>")]
#[sk("SETTINGS")]
struct Settings {
    workspace: String,
    theme: String,
}

fn docs(workspace: &str, count: u32) -> Vec<Doc> {
    (0..count)
        .map(|n| Doc {
            workspace: workspace.into(),
            folder: if n % 2 == 0 { "a" } else { "b" }.into(),
            n,
        })
        .collect()
}

async fn keys_left(db: &Db<App>) -> Result<BTreeSet<(String, String)>, BoxError> {
    let s = |item: &std::collections::HashMap<String, aws_sdk_dynamodb::types::AttributeValue>,
             name: &str| {
        item.get(name)
            .and_then(|v| v.as_s().ok())
            .cloned()
            .unwrap_or_default()
    };
    Ok(scan(db.client(), db.table_name())
        .await?
        .iter()
        .map(|item| (s(item, "PK"), s(item, "SK")))
        .collect())
}

#[tokio::test]
async fn a_partition_delete_of_5000_items_deletes_them_all_and_nothing_else() -> Result<(), BoxError>
{
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<App>().await?;
    db.batch_put(&docs("acme", 5_000)).await?;
    db.batch_put(&docs("other", 50)).await?;
    let settings = Settings {
        workspace: "acme".into(),
        theme: "dark".into(),
    };
    db.put(&settings).await?;

    let mut progress = 0;
    let report = db
        .delete_all(&Doc::query("acme").begins_with(Doc::sk()))
        .on_progress(|n| progress += n)
        .await?;
    assert_eq!(report.items, 5_000);
    assert_eq!(progress, 5_000, "progress adds up to the items deleted");
    assert!(
        report.requests >= 200,
        "25 deletes per request: {}",
        report.requests
    );

    let left = keys_left(&db).await?;
    assert_eq!(
        left.len(),
        51,
        "the other partition and the settings item stay"
    );
    assert!(left.contains(&("WS#acme".to_owned(), "SETTINGS".to_owned())));
    assert!(left
        .iter()
        .all(|(pk, sk)| pk == "WS#other" || sk == "SETTINGS"));
    Ok(())
}

#[tokio::test]
async fn a_group_delete_deletes_the_group_only() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<App>().await?;
    db.batch_put(&docs("acme", 100)).await?;
    let report = db
        .delete_all(&Doc::query("acme").begins_with(Doc::sk().folder("a")))
        .await?;
    assert_eq!(report.items, 50);
    let left = keys_left(&db).await?;
    assert_eq!(left.len(), 50);
    assert!(left.iter().all(|(_, sk)| sk.starts_with("DOC#b#")));
    Ok(())
}

/// `documents` documents and one item of no entity at `foreign_sk` in their range: `delete_all`
/// of the range is `Error::ForeignItem`, and nothing is deleted.
async fn a_foreign_item_stops_it_before_any_delete(
    documents: u32,
    foreign_sk: &str,
) -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<App>().await?;
    db.batch_put(&docs("acme", documents)).await?;
    put_raw(&db, &[("PK", "WS#acme"), ("SK", foreign_sk)]).await?;
    let result = db
        .delete_all(&Doc::query("acme").begins_with(Doc::sk()))
        .await;
    assert!(
        matches!(result, Err(Error::ForeignItem { .. })),
        "{result:?}"
    );
    assert_eq!(
        keys_left(&db).await?.len(),
        documents as usize + 1,
        "nothing deleted"
    );
    Ok(())
}

#[tokio::test]
async fn an_item_of_another_entity_in_the_range_stops_it_before_any_delete() -> Result<(), BoxError>
{
    a_foreign_item_stops_it_before_any_delete(30, "DOC#a#not-a-number").await
}

#[tokio::test]
async fn a_delete_of_more_keys_than_it_holds_reads_again_and_deletes_them_all(
) -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<App>().await?;
    db.batch_put(&docs("acme", 10_050)).await?;
    db.batch_put(&docs("other", 20)).await?;
    let mut progress = 0;
    let report = db
        .delete_all(&Doc::query("acme").begins_with(Doc::sk()))
        .on_progress(|n| progress += n)
        .await?;
    assert_eq!((report.items, progress), (10_050, 10_050));
    let left = keys_left(&db).await?;
    assert_eq!(left.len(), 20);
    assert!(left.iter().all(|(pk, _)| pk == "WS#other"));
    Ok(())
}

#[tokio::test]
async fn an_item_of_another_entity_past_the_held_keys_still_stops_it_before_any_delete(
) -> Result<(), BoxError> {
    // After every document in sort-key order (`DOC#b#…` < `DOC#z…`).
    a_foreign_item_stops_it_before_any_delete(10_010, "DOC#z#not-a-number").await
}

/// A table that lists its entities, one of them with a unique email: `delete_all` deletes its
/// uniqueness items with it and counts them apart from the query's items.
#[derive(Table, Debug, PartialEq)]
#[table(partition_key = "PK", sort_key = "SK")]
enum Club {
    Member(Member),
    Note(Note),
}

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Club)]
#[pk("CLUB#<club>")]
#[sk("MEMBER#<member>")]
#[unique("email")]
struct Member {
    club: String,
    member: u32,
    email: Option<String>,
}

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Club)]
#[pk("CLUB#<club>")]
#[sk("NOTE#<n>")]
struct Note {
    club: String,
    n: u32,
}

#[tokio::test]
async fn the_report_counts_uniqueness_items_apart_from_the_query_items() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<Club>().await?;
    for member in 0..4 {
        // Member 3 has no email, so no uniqueness item.
        let email = (member < 3).then(|| format!("m{member}@example.com"));
        db.create(&Member {
            club: "chess".into(),
            member,
            email,
        })
        .await?;
    }
    let notes: Vec<Note> = (0..5)
        .map(|n| Note {
            club: "chess".into(),
            n,
        })
        .collect();
    db.batch_put(&notes).await?;
    let all = scan(db.client(), db.table_name()).await?.len();
    assert_eq!(all, 4 + 5 + 3, "the items and three uniqueness items");

    let mut progress = 0;
    let report = db
        .delete_all(&Note::query("chess"))
        .on_progress(|n| progress += n)
        .await?;
    assert_eq!(report.items, 4 + 5, "the query's items");
    assert_eq!(report.uniqueness_items, 3, "the emails' uniqueness items");
    assert_eq!(progress, report.items);
    assert!(scan(db.client(), db.table_name()).await?.is_empty());

    // A batch of its own never deletes one.
    db.batch_put(&notes).await?;
    let report = db.delete_all(&Note::query("chess")).await?;
    assert_eq!((report.items, report.uniqueness_items), (5, 0));
    Ok(())
}
