//! Group-inclusive ranges on the embedded engine (docs/semantics.md §3, §4): keys that DynamoDB's inclusive
//! `BETWEEN` returns but the typed range excludes are dropped, and a page left empty by that keeps
//! paging going.

use crate::common;

use dynakey::{DefaultTable, Entity};
use dynakey_runtime::{Db, Error, Page};
use futures::TryStreamExt;
use serde::{Deserialize, Serialize};

use common::{BoxError, TestEngine};

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[pk("ACCT#<account>")]
#[sk("ORD#<order>#<line>")]
struct Line {
    account: String,
    order: String,
    line: String,
}

fn l(order: &str, line: &str) -> Line {
    Line {
        account: "a1".into(),
        order: order.into(),
        line: line.into(),
    }
}

/// Writes an item of another kind with sort key `sk` into the same partition, as another entity
/// (or another tool) would. It does not decode as a `Line`.
async fn put_foreign(db: &Db, sk: &str) -> Result<(), BoxError> {
    common::put_raw(db, &[("PK", "ACCT#a1"), ("SK", sk), ("kind", "foreign")]).await
}

fn names(lines: &[Line]) -> Vec<String> {
    lines
        .iter()
        .map(|x| format!("{}/{}", x.order, x.line))
        .collect()
}

async fn seeded() -> Result<(TestEngine, Db), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<DefaultTable>().await?;
    for (order, line) in [
        ("1", "a"),
        ("1", "b"),
        ("10", "a"),
        ("2", "a"),
        ("2", "b"),
        ("3", "a"),
    ] {
        db.put(&l(order, line)).await?;
    }
    // "ORD$" is succ("ORD#"), the exclusive upper end of every range kept inside the entity.
    put_foreign(&db, "ORD$").await?;
    Ok((engine, db))
}

#[tokio::test]
async fn between_groups_is_inclusive_and_drops_the_successor_key() -> Result<(), BoxError> {
    let (_engine, db) = seeded().await?;
    // succ("ORD#2#"), the exclusive upper end of `between(.., group 2)`.
    put_foreign(&db, "ORD#2$").await?;
    let q = Line::query("a1").between(Line::sk().order("1"), Line::sk().order("2"));
    assert_eq!(q.plan()?.excluded_sort_keys(), ["ORD#2$"]);
    let found: Vec<Line> = db.query(&q).items().try_collect().await?;
    // Group "1" never matches "10"… but "10" sorts between "1#" and "2#", so BETWEEN includes it.
    assert_eq!(names(&found), ["1/a", "1/b", "10/a", "2/a", "2/b"]);
    Ok(())
}

#[tokio::test]
async fn ranges_stay_inside_the_entity_and_the_group() -> Result<(), BoxError> {
    let (_engine, db) = seeded().await?;
    let gt: Vec<Line> = db
        .query(&Line::query("a1").gt(Line::sk().order("2")))
        .items()
        .try_collect()
        .await?;
    assert_eq!(
        names(&gt),
        ["3/a"],
        "after group 2, without the foreign ORD$"
    );
    let lte: Vec<Line> = db
        .query(&Line::query("a1").lte(Line::sk().order("10")))
        .items()
        .try_collect()
        .await?;
    assert_eq!(names(&lte), ["1/a", "1/b", "10/a"]);
    let group: Vec<Line> = db
        .query(&Line::query("a1").begins_with(Line::sk().order("1")))
        .items()
        .try_collect()
        .await?;
    assert_eq!(names(&group), ["1/a", "1/b"], "group 1 excludes order 10");

    // A foreign item inside a range is reported, not dropped (docs/semantics.md §4): "ORD#2$" is after group 2.
    put_foreign(&db, "ORD#2$").await?;
    let result: Result<Vec<Line>, Error> = db
        .query(&Line::query("a1").gt(Line::sk().order("2")))
        .items()
        .try_collect()
        .await;
    match result {
        // Not a key `Line` writes: never decoded as one (engine_foreign_items.rs).
        Err(Error::ForeignItem { sort, .. }) => assert_eq!(sort.as_deref(), Some("ORD#2$")),
        other => {
            return Err(
                format!("expected a foreign-item error naming ORD#2$, got {other:?}").into(),
            )
        }
    }
    Ok(())
}

#[tokio::test]
async fn an_empty_page_with_a_last_evaluated_key_keeps_paging() -> Result<(), BoxError> {
    let (_engine, db) = seeded().await?;
    // gt(complete key) → BETWEEN "ORD#1#a" AND "ORD$", both ends excluded client-side. With a limit
    // of 1 the first request (Limit = 1) evaluates only "ORD#1#a", which is dropped: an empty page
    // that still has a LastEvaluatedKey, so paging must go on to "ORD#1#b".
    let q = Line::query("a1")
        .gt(Line::sk().order("1").line("a"))
        .limit(1);
    let pages: Vec<Page<Line>> = db.query(&q).pages().try_collect().await?;
    assert!(pages.len() >= 2, "{pages:?}");
    assert!(pages[0].items.is_empty());
    assert!(pages[0].last_evaluated_key.is_some());
    let items: Vec<Line> = pages.into_iter().flat_map(|p| p.items).collect();
    assert_eq!(names(&items), ["1/b"]);

    // Without a limit: everything after 1/a inside the entity, no foreign item.
    let all: Vec<Line> = db
        .query(&Line::query("a1").gt(Line::sk().order("1").line("a")))
        .items()
        .try_collect()
        .await?;
    assert_eq!(names(&all), ["1/b", "10/a", "2/a", "2/b", "3/a"]);
    Ok(())
}

#[tokio::test]
async fn a_limit_of_zero_sends_no_request() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    // No such table: any request would fail with ResourceNotFoundException.
    let nowhere: Db = engine.db("no-such-table");
    let q = Line::query("a1").begins_with(Line::sk().order("1"));
    let result: Result<Vec<Line>, Error> = nowhere.query(&q).items().try_collect().await;
    match result {
        Err(Error::Sdk {
            operation: "Query",
            message,
            ..
        }) => {
            assert!(
                message.contains("ResourceNotFoundException"),
                "the service's error code is visible: {message}"
            );
        }
        other => return Err(format!("expected ResourceNotFoundException, got {other:?}").into()),
    }
    let found: Vec<Line> = nowhere.query(&q.limit(0)).items().try_collect().await?;
    assert!(found.is_empty());
    Ok(())
}
