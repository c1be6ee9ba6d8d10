//! Typed scans against the engine (docs/semantics.md §4, "Scans"; AWS developer guide, "Scanning
//! tables in DynamoDB", "Parallel scan"): a parallel scan of 4 segments over 10,000 items returns
//! each exactly once, other items follow the unknown-item policy, cursors resume a parallel scan,
//! and a scan's filter may name key fields.

use crate::common;

use std::collections::BTreeSet;
use std::sync::{Arc, Mutex};

use dynakey::{Entity, Table};
use dynakey_runtime::{Db, Error, ReadProgress, UnknownItems};
use futures::TryStreamExt;
use serde::{Deserialize, Serialize};

use common::{put_raw, BoxError, TestEngine};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
struct App;

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = App)]
#[pk("G#<group>")]
#[sk("I#<n>")]
struct Thing {
    group: u32,
    n: u32,
    status: String,
}

/// 10,000 things in 100 groups, and three items of another entity.
async fn seeded() -> Result<(TestEngine, Db<App>), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<App>().await?;
    let things: Vec<Thing> = (0..10_000)
        .map(|n| Thing {
            group: n % 100,
            n,
            status: if n % 100 == 7 { "open" } else { "done" }.into(),
        })
        .collect();
    db.batch_put(&things).await?;
    for i in 0..3 {
        put_raw(&db, &[("PK", &format!("USER#{i}")), ("SK", "PROFILE")]).await?;
    }
    Ok((engine, db))
}

fn exactly_once(things: &[Thing]) -> Result<(), BoxError> {
    let distinct: BTreeSet<u32> = things.iter().map(|t| t.n).collect();
    assert_eq!(things.len(), 10_000, "items delivered");
    assert_eq!(distinct, (0..10_000).collect(), "each item exactly once");
    Ok(())
}

#[tokio::test]
async fn a_parallel_scan_of_4_segments_returns_each_item_exactly_once() -> Result<(), BoxError> {
    let (_engine, db) = seeded().await?;

    // What DynamoDB receives for segment 2.
    let scan = db.scan::<Thing>().segments(4);
    let request = scan.plan()?.scan_input(2);
    assert_eq!(request.segment, Some((2, 4)));
    assert_eq!(request.filter_expression, None);

    let progress = Arc::new(Mutex::new(Vec::<ReadProgress>::new()));
    let seen = progress.clone();
    let things: Vec<Thing> = db
        .scan::<Thing>()
        .segments(4)
        .unknown_items(UnknownItems::Skip)
        .on_progress(move |p| seen.lock().unwrap().push(p))
        .items()
        .try_collect()
        .await?;
    exactly_once(&things)?;
    let progress = progress.lock().unwrap();
    let last = progress.last().ok_or("progress was told")?;
    assert_eq!((last.done, last.total), (4, 4), "every segment done");
    assert_eq!(
        last.scanned, 10_003,
        "ScannedCount: every item evaluated once"
    );
    assert!(progress.windows(2).all(|w| w[0].scanned <= w[1].scanned));
    Ok(())
}

#[tokio::test]
async fn a_parallel_scan_resumes_from_its_cursors_without_duplicates_or_gaps(
) -> Result<(), BoxError> {
    let (_engine, db) = seeded().await?;
    let mut things = Vec::new();
    let mut cursor = None;
    let mut pages = 0;
    loop {
        // Pages of 700 items, so pages end inside a response's items.
        let page = db
            .scan::<Thing>()
            .segments(4)
            .limit(700)
            .unknown_items(UnknownItems::Skip)
            .page(cursor.as_ref())
            .await?;
        pages += 1;
        things.extend(page.items);
        cursor = page.next;
        if cursor.is_none() {
            break;
        }
        assert!(pages < 1_000, "paging does not end");
    }
    exactly_once(&things)?;

    // A cursor of a 4-segment scan is refused by a 2-segment scan.
    let first = db
        .scan::<Thing>()
        .segments(4)
        .limit(10)
        .unknown_items(UnknownItems::Skip)
        .page(None)
        .await?;
    let cursor = first.next.ok_or("a next cursor")?;
    let other = db
        .scan::<Thing>()
        .segments(2)
        .unknown_items(UnknownItems::Skip)
        .page(Some(&cursor))
        .await;
    assert!(matches!(
        common::cursor_error(other)?,
        dynakey::CursorError::OtherQuery(d) if d.parts() == [dynakey::QueryPart::Partitions]
    ));
    Ok(())
}

#[tokio::test]
async fn other_items_follow_the_unknown_item_policy() -> Result<(), BoxError> {
    let (_engine, db) = seeded().await?;
    // The default: an item that is not a Thing fails the scan, never decoded as one.
    let result: Result<Vec<Thing>, Error> = db.scan::<Thing>().items().try_collect().await;
    match result {
        Err(Error::ForeignItem { partition, .. }) => {
            assert!(partition.is_some_and(|p| p.starts_with("USER#")))
        }
        other => {
            return Err(format!("expected ForeignItem, got {:?}", other.map(|v| v.len())).into())
        }
    }
    // Kept raw in pages.
    let mut kept = 0;
    let mut cursor = None;
    loop {
        let page = db
            .scan::<Thing>()
            .unknown_items(UnknownItems::Keep)
            .page(cursor.as_ref())
            .await?;
        kept += page.unknown.len();
        cursor = page.next;
        if cursor.is_none() {
            break;
        }
    }
    assert_eq!(kept, 3);
    Ok(())
}

#[tokio::test]
async fn a_scan_filter_may_name_key_fields() -> Result<(), BoxError> {
    let (_engine, db) = seeded().await?;
    let scan = || {
        db.scan::<Thing>()
            .segments(3)
            .filter(Thing::GROUP.eq(7u32).and(Thing::STATUS.eq("open")))
            .page_size(250)
    };
    let request = scan().plan()?.scan_input(0);
    assert_eq!(
        request.filter_expression.as_deref(),
        Some("#group = :group AND #status = :status")
    );
    let mut found: Vec<u32> = scan().items().map_ok(|t: Thing| t.n).try_collect().await?;
    found.sort_unstable();
    assert_eq!(found, (0..100).map(|i| i * 100 + 7).collect::<Vec<_>>());
    Ok(())
}
