//! The filtered query and the parallel scan of `examples/transactions.rs`, printing what DynamoDB
//! receives (FilterExpression, ExpressionAttributeNames/Values, Limit, Segment/TotalSegments) and
//! what comes back. Each scenario is one async function taking a fresh table.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use dynakey::{AttributeValue, Json};
use dynakey::{Entity, Table};
use dynakey_runtime::{Db, ReadProgress, UnknownItems};
use futures::TryStreamExt;
use serde::{Deserialize, Serialize};

type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// The table of these two scenarios.
#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
pub(crate) struct Tracker;

/// `status` is a DynamoDB reserved word: it goes through `#status`.
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Tracker)]
#[pk("PROJ#<project>")]
#[sk("ISSUE#<number>")]
struct Issue {
    project: String,
    number: u32,
    status: String,
    votes: u32,
}

fn print_placeholders(names: &BTreeMap<String, String>, values: &BTreeMap<String, AttributeValue>) {
    let names: Vec<String> = names.iter().map(|(k, v)| format!("{k:?}: {v:?}")).collect();
    let values: Vec<String> = values
        .iter()
        .map(|(k, v)| format!("{k:?}: {}", Json(v)))
        .collect();
    println!("  ExpressionAttributeNames   {{ {} }}", names.join(", "));
    println!("  ExpressionAttributeValues  {{ {} }}", values.join(", "));
}

/// Open issues with at least 10 votes in project "web", 5 items evaluated per request: DynamoDB
/// applies the filter after reading, so some pages come back empty and paging goes on.
pub(crate) async fn filtered_query(db: &Db<Tracker>) -> Result<(), BoxError> {
    let issues: Vec<Issue> = (1..=40)
        .map(|number| Issue {
            project: "web".into(),
            number,
            status: if number % 4 == 0 { "open" } else { "closed" }.into(),
            votes: number,
        })
        .collect();
    db.batch_put(&issues).await?;

    let q = Issue::query("web").begins_with(Issue::sk());
    let popular_open = || Issue::STATUS.eq("open").and(Issue::VOTES.ge(10u32));
    let request = db.query(&q).filter(popular_open()).plan()?.input(0);
    println!("Query (open issues with 10 votes or more), page_size 5");
    println!(
        "  KeyConditionExpression     {:?}",
        request.key_condition_expression
    );
    println!(
        "  FilterExpression           {:?}",
        request.filter_expression.unwrap_or_default()
    );
    print_placeholders(
        &request.expression_attribute_names,
        &request.expression_attribute_values,
    );
    println!("  Limit                      5 (items evaluated per request, before the filter)");

    let mut cursor = None;
    let mut pages = Vec::new();
    loop {
        let page = db
            .query(&q)
            .filter(popular_open())
            .page_size(5)
            .page(cursor.as_ref())
            .await?;
        pages.push(page.items.iter().map(|i| i.number).collect::<Vec<_>>());
        cursor = page.next;
        if cursor.is_none() {
            break;
        }
    }
    println!("  {} pages, items per page: {pages:?}", pages.len());
    Ok(())
}

/// Every issue of every project, read as a parallel scan of 4 segments sent concurrently and
/// delivered as one stream, with progress.
pub(crate) async fn parallel_scan(db: &Db<Tracker>) -> Result<(), BoxError> {
    let issues: Vec<Issue> = (1..=2_000)
        .map(|number| Issue {
            project: format!("p{}", number % 50),
            number,
            status: "open".into(),
            votes: 0,
        })
        .collect();
    db.batch_put(&issues).await?;

    let scan = db.scan::<Issue>().segments(4);
    println!("Scan (every issue), 4 segments");
    for segment in 0..4 {
        let input = scan.plan()?.scan_input(segment);
        if let Some((segment, total)) = input.segment {
            println!("  Segment {segment}  TotalSegments {total}");
        }
    }
    let last = Arc::new(Mutex::new(ReadProgress::default()));
    let seen = last.clone();
    let count = db
        .scan::<Issue>()
        .segments(4)
        .unknown_items(UnknownItems::Skip)
        .on_progress(move |p| {
            if let Ok(mut last) = seen.lock() {
                *last = p;
            }
        })
        .items()
        .try_fold(0usize, |n, _issue: Issue| async move { Ok(n + 1) })
        .await?;
    let last = *last.lock().map_err(|_| "progress lock")?;
    println!(
        "  {count} issues delivered; {} items evaluated (ScannedCount), {} returned, {}/{} segments done",
        last.scanned, last.returned, last.done, last.total
    );
    Ok(())
}
