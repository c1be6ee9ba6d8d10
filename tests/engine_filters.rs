//! Filter expressions on queries against the engine (docs/semantics.md §4, "Filters"; AWS
//! developer guide, "Filter expressions for Query"): `Limit` counts items evaluated before the
//! filter, a page of one request may be empty and paging goes on while a `LastEvaluatedKey` is
//! present, `limit(n)` counts items delivered after the filter (a page of `n` is full), and
//! cursors resume right after pages that ended on filtered-out items.

use crate::common;

use dynakey::__private::expr::{Comparator, Condition, Operand, Path};
use dynakey::AttributeValue;
use dynakey::{Cond, Entity, Table};
use dynakey_runtime::{Db, Error};
use futures::TryStreamExt;
use serde::{Deserialize, Serialize};

use common::{cursor_error, unsent, BoxError, TestEngine};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
struct App;

/// `status` and `data` are DynamoDB reserved words.
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = App)]
#[pk("WS#<workspace>")]
#[sk("TASK#<id>")]
struct Task {
    workspace: String,
    id: u32,
    status: String,
    data: u32,
}

/// 100 tasks; every tenth one (ids 0, 10, …, 90) is open.
async fn seeded() -> Result<(TestEngine, Db<App>), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<App>().await?;
    let tasks: Vec<Task> = (0..100)
        .map(|id| Task {
            workspace: "acme".into(),
            id,
            status: if id % 10 == 0 { "open" } else { "done" }.into(),
            data: id,
        })
        .collect();
    db.batch_put(&tasks).await?;
    Ok((engine, db))
}

fn ids(tasks: &[Task]) -> Vec<u32> {
    tasks.iter().map(|t| t.id).collect()
}

fn open_ids() -> Vec<u32> {
    (0..10).map(|i| i * 10).collect()
}

#[tokio::test]
async fn a_filter_on_a_reserved_word_with_a_small_limit_pages_across_empty_pages(
) -> Result<(), BoxError> {
    let (_engine, db) = seeded().await?;
    let q = Task::query("acme").begins_with(Task::sk());
    let open = || Task::STATUS.eq("open");

    // What DynamoDB receives: the reserved word through a placeholder, apart from the key's.
    let request = db.query(&q).filter(open()).plan()?.input(0);
    assert_eq!(
        request.filter_expression.as_deref(),
        Some("#status = :status")
    );
    assert_eq!(request.expression_attribute_names["#status"], "status");
    assert_eq!(
        request.expression_attribute_values[":status"],
        AttributeValue::S("open".into())
    );
    assert_eq!(request.expression_attribute_names["#pk"], "PK");

    // The stream delivers exactly the open tasks, in order.
    let all: Vec<Task> = db
        .query(&q)
        .filter(open())
        .page_size(3)
        .items()
        .try_collect()
        .await?;
    assert_eq!(ids(&all), open_ids());

    // Page by page, Limit 3 (items evaluated): most pages are empty but have a cursor.
    let mut cursor = None;
    let (mut read, mut pages, mut empty) = (Vec::new(), 0, 0);
    loop {
        let page = db
            .query(&q)
            .filter(open())
            .page_size(3)
            .page(cursor.as_ref())
            .await?;
        pages += 1;
        assert!(page.items.len() <= 3, "Limit 3 evaluates at most 3 items");
        if page.items.is_empty() && page.next.is_some() {
            empty += 1;
        }
        read.extend(page.items);
        cursor = page.next;
        if cursor.is_none() {
            break;
        }
        assert!(pages < 100, "paging does not end");
    }
    assert_eq!(ids(&read), open_ids());
    assert!(
        pages >= 34,
        "100 items evaluated 3 at a time: {pages} pages"
    );
    assert!(
        empty >= 20,
        "pages that ended on filtered-out items: {empty}"
    );
    Ok(())
}

#[tokio::test]
async fn limit_counts_items_delivered_after_the_filter_and_the_cursor_resumes_after_them(
) -> Result<(), BoxError> {
    let (_engine, db) = seeded().await?;
    let q = Task::query("acme").begins_with(Task::sk());
    let open = || Task::STATUS.eq("open").and(Task::DATA.ge(0u32));

    let first: Vec<Task> = db
        .query(&q.clone().limit(4))
        .filter(open())
        .page_size(7)
        .items()
        .try_collect()
        .await?;
    assert_eq!(
        ids(&first),
        vec![0, 10, 20, 30],
        "limit(4): four items delivered"
    );

    // A page with limit 4 is full: four open tasks, however many requests the filter costs.
    let full = db
        .query(&q.clone().limit(4))
        .filter(open())
        .page(None)
        .await?;
    assert_eq!(ids(&full.items), vec![0, 10, 20, 30]);
    assert!(full.requests > 1, "Limit 4 evaluates 4 items per request");
    assert!(full.evaluated >= 31, "{} evaluated", full.evaluated);
    let rest: Vec<Task> = db
        .query(&q)
        .filter(open())
        .from(full.next.as_ref())
        .items()
        .try_collect()
        .await?;
    assert_eq!(ids(&rest), open_ids()[4..].to_vec(), "no duplicate, no gap");

    // One request per page (DynamoDB's page, Limit 4): at most 4 items, fewer when the filter
    // drops some.
    let page = db
        .query(&q.clone().limit(4))
        .filter(open())
        .one_request_per_page()
        .page(None)
        .await?;
    assert_eq!(ids(&page.items), vec![0]);
    assert_eq!((page.requests, page.evaluated), (1, 4));
    let rest: Vec<Task> = db
        .query(&q)
        .filter(open())
        .from(page.next.as_ref())
        .items()
        .try_collect()
        .await?;
    assert_eq!(ids(&rest), open_ids()[1..].to_vec(), "no duplicate, no gap");

    // The filter binds the cursor: the unfiltered query refuses it.
    let cursor = page.next.ok_or("a next cursor")?;
    let other = db.query(&q).page(Some(&cursor)).await;
    let reason = cursor_error(other)?;
    assert_eq!(
        reason,
        dynakey::CursorError::OtherQuery(dynakey::QueryDifference::of([
            dynakey::QueryPart::Filter
        ]))
    );
    assert!(
        reason.to_string().ends_with(": its filter differs"),
        "{reason}"
    );
    Ok(())
}

#[tokio::test]
async fn a_raw_filter_on_a_key_attribute_is_refused_before_any_request() -> Result<(), BoxError> {
    let db = unsent::<App>("t");
    let on_sort_key = Cond::<Task>::from_expr(Condition::compare(
        Operand::Path(Path::attribute("SK")),
        Comparator::Eq,
        Operand::Value(AttributeValue::S("TASK#1".into())),
    ));
    let q = Task::query("acme");
    let result = db.query(&q).filter(on_sort_key).page(None).await;
    match result {
        Err(Error::Plan(e)) => assert!(e.to_string().contains("key attribute"), "{e}"),
        other => return Err(format!("expected a plan error, got {other:?}").into()),
    }
    // The control: the same query without the filter is sent (and fails to reach an engine).
    common::sent(db.query(&q).page(None).await)?;
    Ok(())
}
