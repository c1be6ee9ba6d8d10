//! One query of each kind on the embedded engine, printing the request DynamoDB receives
//! (KeyConditionExpression, names, values) and the items returned.
//!
//! Run with `cargo run --example conditions`. The sort key has three fields,
//! `ORD#<region>#<order>#<line>`; groups include their terminator, so order "1" never matches
//! order "10" unless asked for with the explicit `prefix` (a partial value of the next field, `order`).

use dynakey::AttributeValue;
use dynakey::{DefaultTable, Entity, KeyQuery};
use dynakey_runtime::{Db, Engine};
use futures::TryStreamExt;
use serde::{Deserialize, Serialize};

type BoxError = Box<dyn std::error::Error + Send + Sync>;

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[pk("ACCT#<account>")]
#[sk("ORD#<region>#<order>#<line>")]
struct Line {
    account: String,
    region: String,
    order: String,
    line: u32,
}

impl Line {
    fn new(region: &str, order: &str, line: u32) -> Self {
        Line {
            account: "a1".into(),
            region: region.into(),
            order: order.into(),
            line,
        }
    }

    /// `region/order/line`, for printing.
    fn short(&self) -> String {
        format!("{}/{}/{}", self.region, self.order, self.line)
    }
}

fn value(v: &AttributeValue) -> String {
    match v {
        AttributeValue::S(s) => format!("{s:?}"),
        AttributeValue::N(n) => format!("N {n}"),
        other => format!("{other:?}"),
    }
}

/// Prints the request of `q`.
fn print_request<I, S>(title: &str, q: &KeyQuery<Line, I, S>) -> Result<(), BoxError> {
    let input = q.build()?;
    let join = |pairs: Vec<String>| pairs.join(", ");
    println!("{title}");
    println!(
        "  KeyConditionExpression:    {}",
        input.key_condition_expression
    );
    println!(
        "  ExpressionAttributeNames:  {}",
        join(
            input
                .expression_attribute_names
                .iter()
                .map(|(k, v)| format!("{k} = {v}"))
                .collect()
        )
    );
    // Values in the order the expression uses them.
    let expression = &input.key_condition_expression;
    let mut values: Vec<_> = input.expression_attribute_values.iter().collect();
    values.sort_by_key(|(k, _)| expression.find(k.as_str()));
    println!(
        "  ExpressionAttributeValues: {}",
        join(
            values
                .iter()
                .map(|(k, v)| format!("{k} = {}", value(v)))
                .collect()
        )
    );
    if !input.scan_index_forward {
        println!("  ScanIndexForward:          false");
    }
    if let Some(limit) = input.limit {
        println!("  Limit:                     {limit}");
    }
    let plan = q.plan()?;
    if !plan.excluded_sort_keys().is_empty() {
        println!(
            "  dropped client-side:       {:?}",
            plan.excluded_sort_keys()
        );
    }
    Ok(())
}

fn print_items(items: &[Line]) {
    let items: Vec<String> = items.iter().map(Line::short).collect();
    println!("  items ({}): {}", items.len(), items.join("  "));
}

/// Prints the request of `q`, runs it and prints the items.
async fn show<I: dynakey::ProjectsAll, S>(
    db: &Db,
    title: &str,
    q: &KeyQuery<Line, I, S>,
) -> Result<(), BoxError> {
    print_request(title, q)?;
    let items: Vec<Line> = db.query(q).items().try_collect().await?;
    print_items(&items);
    println!();
    Ok(())
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), BoxError> {
    let engine = Engine::start().await?;
    // A fixed table name keeps the printed cursor the same on every run.
    let db: Db = engine.db::<DefaultTable>("conditions");
    db.create_table().await?;
    let lines = [
        Line::new("eu", "1", 1),
        Line::new("eu", "1", 2),
        Line::new("eu", "10", 1),
        Line::new("eu", "2", 1),
        Line::new("us", "1", 1),
        Line::new("us", "7", 3),
        Line::new("é", "1", 1),
    ];
    db.batch_put(&lines).await?;
    println!(
        "{} items in partition ACCT#a1, sort keys like {:?}\n",
        lines.len(),
        lines[0].sort_key()?.unwrap_or_default()
    );

    let eu = || Line::sk().region("eu");
    show(&db, "whole partition", &Line::query("a1")).await?;
    show(
        &db,
        "begins_with: group region eu",
        &Line::query("a1").begins_with(eu()),
    )
    .await?;
    show(
        &db,
        "begins_with: group eu/1 (not eu/10)",
        &Line::query("a1").begins_with(eu().order("1")),
    )
    .await?;
    show(
        &db,
        "begins_with: partial order \"1\" (prefix: eu/1 and eu/10)",
        &Line::query("a1").begins_with(eu().prefix("1")),
    )
    .await?;
    show(
        &db,
        "eq: complete key eu/1/2",
        &Line::query("a1").eq(eu().order("1").line(2u32)),
    )
    .await?;
    show(
        &db,
        "gt: after the whole group eu/1",
        &Line::query("a1").gt(eu().order("1")),
    )
    .await?;
    show(
        &db,
        "gte: from group us on",
        &Line::query("a1").gte(Line::sk().region("us")),
    )
    .await?;
    show(
        &db,
        "lt: before group us",
        &Line::query("a1").lt(Line::sk().region("us")),
    )
    .await?;
    show(
        &db,
        "lte: up to the end of group eu/1",
        &Line::query("a1").lte(eu().order("1")),
    )
    .await?;
    let between = Line::query("a1").between(eu().order("10"), eu().order("2"));
    show(&db, "between: groups eu/10 through eu/2", &between).await?;
    show(
        &db,
        "reverse + limit 3",
        &Line::query("a1").begins_with(Line::sk()).reverse().limit(3),
    )
    .await?;

    // One page at a time: the cursor is bound to this query and resumes after the last item.
    let paged = Line::query("a1").begins_with(Line::sk()).limit(4);
    print_request("page(cursor) (page size 4)", &paged)?;
    let first = db.query(&paged).page(None).await?;
    print_items(&first.items);
    let cursor = first
        .next
        .ok_or("a first page of 4 out of 7 has a cursor")?;
    println!(
        "  next: cursor of {} URL-safe characters, {}…",
        cursor.as_str().len(),
        cursor.as_str().get(..16).unwrap_or_default()
    );
    let second = db.query(&paged).page(Some(&cursor)).await?;
    println!("  resumed from the cursor:");
    print_items(&second.items);
    println!("  next: {:?}\n", second.next.map(|c| c.to_string()));

    println!("between as `aws dynamodb query --cli-input-json`:");
    println!("{}", between.build()?.to_cli_json(db.table_name()));
    Ok(())
}
