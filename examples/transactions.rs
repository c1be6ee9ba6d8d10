//! Transactions and unique constraints on the embedded engine: a task created together with its
//! project's counter (one `TransactWriteItems`), a transaction cancelled by one failing condition
//! (nothing written, the reason at the action's index, the stored item decoded), a consistent read
//! of three entity types (`TransactGetItems`), a filtered query (a FilterExpression on a reserved
//! word, a small `Limit`, empty pages), a parallel scan of 4 segments, and a unique email: the second account with the
//! same address is `Error::NotUnique`. Every `TransactWriteItems` is printed as DynamoDB receives
//! it (its TransactItems with their ConditionExpression/UpdateExpression, and the
//! ClientRequestToken), by an SDK interceptor; the query and the scan print their
//! FilterExpression, ExpressionAttributeNames/Values and Segment/TotalSegments.
//!
//! Run with `cargo run --example transactions`.

use aws_sdk_dynamodb::config::interceptors::BeforeSerializationInterceptorContextRef;
use aws_sdk_dynamodb::config::{ConfigBag, Intercept};
use aws_sdk_dynamodb::operation::transact_write_items::TransactWriteItemsInput;
use aws_sdk_dynamodb::types::AttributeValue;
use dynakey::{Entity, Table, UpdateBuilder};
use dynakey_runtime::{Db, Engine, Error};
use serde::{Deserialize, Serialize};

#[path = "transactions/filters_and_scans.rs"]
mod filters_and_scans;

type BoxError = Box<dyn std::error::Error + Send + Sync>;

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
struct Tracker;

#[derive(Entity, Serialize, Deserialize, Debug, Clone)]
#[dynakey(table = Tracker)]
#[pk("PROJ#<project>")]
#[sk("META")]
struct Project {
    project: String,
    open_tasks: u32,
}

#[derive(Entity, Serialize, Deserialize, Debug, Clone)]
#[dynakey(table = Tracker)]
#[pk("PROJ#<project>")]
#[sk("TASK#<id>")]
struct Task {
    project: String,
    id: u32,
    title: String,
}

#[derive(Entity, Serialize, Deserialize, Debug, Clone)]
#[dynakey(table = Tracker)]
#[pk("USER#<id>")]
#[sk("PROFILE")]
#[unique("email")]
struct Account {
    id: String,
    email: String,
}

/// Prints every TransactWriteItems request as the SDK is about to send it.
#[derive(Debug)]
struct PrintTransactions;

fn text(v: &AttributeValue) -> String {
    match v {
        AttributeValue::S(s) => format!("{s:?}"),
        AttributeValue::N(n) => n.clone(),
        other => format!("{other:?}"),
    }
}

fn show(
    kind: &str,
    key: String,
    update: Option<&str>,
    condition: Option<&str>,
    values: Option<&std::collections::HashMap<String, AttributeValue>>,
) {
    println!("    {kind:<14} {key}");
    if let Some(update) = update {
        println!("      UpdateExpression    {update}");
    }
    if let Some(condition) = condition {
        println!("      ConditionExpression {condition}");
    }
    if let Some(values) = values {
        let mut values: Vec<_> = values
            .iter()
            .map(|(k, v)| format!("{k}={}", text(v)))
            .collect();
        values.sort();
        println!("      values              {}", values.join(", "));
    }
}

fn key_of(item: &std::collections::HashMap<String, AttributeValue>) -> String {
    let get = |name: &str| item.get(name).map(text).unwrap_or_default();
    format!("PK={} SK={}", get("PK"), get("SK"))
}

impl Intercept for PrintTransactions {
    fn name(&self) -> &'static str {
        "PrintTransactions"
    }

    fn read_before_execution(
        &self,
        context: &BeforeSerializationInterceptorContextRef<'_>,
        _cfg: &mut ConfigBag,
    ) -> Result<(), aws_sdk_dynamodb::error::BoxError> {
        let Some(input) = context.input().downcast_ref::<TransactWriteItemsInput>() else {
            return Ok(());
        };
        println!(
            "  TransactWriteItems  ClientRequestToken={}",
            input.client_request_token().unwrap_or("-")
        );
        for item in input.transact_items() {
            if let Some(p) = item.put() {
                let condition = p.condition_expression();
                show(
                    "Put",
                    key_of(p.item()),
                    None,
                    condition,
                    p.expression_attribute_values(),
                );
            }
            if let Some(u) = item.update() {
                show(
                    "Update",
                    key_of(u.key()),
                    Some(u.update_expression()),
                    u.condition_expression(),
                    u.expression_attribute_values(),
                );
            }
            if let Some(d) = item.delete() {
                let values = d.expression_attribute_values();
                show(
                    "Delete",
                    key_of(d.key()),
                    None,
                    d.condition_expression(),
                    values,
                );
            }
            if let Some(c) = item.condition_check() {
                let condition = Some(c.condition_expression());
                let values = c.expression_attribute_values();
                show("ConditionCheck", key_of(c.key()), None, condition, values);
            }
        }
        Ok(())
    }
}

#[tokio::main]
async fn main() -> Result<(), BoxError> {
    let engine = Engine::start().await?;
    let plain: Db<Tracker> = engine.fresh_table::<Tracker>().await?;
    let client = plain
        .client()
        .config()
        .to_builder()
        .interceptor(PrintTransactions)
        .build();
    let db: Db<Tracker> = Db::new(
        aws_sdk_dynamodb::Client::from_conf(client),
        plain.table_name(),
    );

    db.create(&Project {
        project: "web".into(),
        open_tasks: 0,
    })
    .await?;

    println!("1. A task and its project's counter, together:");
    let task = Task {
        project: "web".into(),
        id: 1,
        title: "Ship the login page".into(),
    };
    let done = db
        .transaction()
        .put(db.create(&task))
        .update(db.update(&Project::key("web")?).add(Project::OPEN_TASKS, 1))
        .await?;
    println!(
        "  applied; ClientRequestToken {} (after an unknown outcome, `Error::resend` sends the \
         same request with it: applied once)\n",
        done.client_request_token
    );

    println!("2. One failing condition cancels everything:");
    let result = db
        .transaction()
        .put(db.create(&Task {
            id: 2,
            ..task.clone()
        }))
        .update(
            db.update(&Project::key("web")?)
                .add(Project::OPEN_TASKS, 1)
                .condition(Project::OPEN_TASKS.lt(1)), // it is 1 already
        )
        .await;
    match result {
        Err(Error::TransactionCanceled(canceled)) => {
            for (i, reason) in canceled.reasons.iter().enumerate() {
                println!("  action {i}: {reason}");
            }
            if let Some((i, reason)) = canceled.first_failure() {
                if let Some(current) = reason.current::<Project>() {
                    println!("  action {i}'s item as stored: {:?}", current?);
                }
            }
        }
        other => return Err(format!("expected a cancellation, got {other:?}").into()),
    }

    println!("\n3. One consistent read of three entity types (TransactGetItems):");
    let (project, task, missing) = db
        .transact_get((
            &Project::key("web")?,
            &Task::key("web", 1u32)?,
            &Task::key("web", 2u32)?,
        ))
        .await?;
    println!("  {project:?}\n  {task:?}\n  {missing:?} (task 2 was never written)");

    println!("\n4. A filtered query:");
    filters_and_scans::filtered_query(&engine.fresh_table().await?).await?;

    println!("\n5. A parallel scan:");
    filters_and_scans::parallel_scan(&engine.fresh_table().await?).await?;

    println!("\n6. A unique email:");
    db.create(&Account {
        id: "ann".into(),
        email: "ann@example.com".into(),
    })
    .await?;
    match db
        .create(&Account {
            id: "bob".into(),
            email: "ann@example.com".into(),
        })
        .await
    {
        Err(e @ Error::NotUnique { .. }) => println!("  second account refused: {e}"),
        other => return Err(format!("expected NotUnique, got {other:?}").into()),
    }
    Ok(())
}
