//! Typed writes on an issue tracker, on the embedded engine: workspaces, projects and tasks; a GSI
//! of a user's tasks across workspaces, newest first; a GSI of a workspace's tasks by status (a
//! `KeySegment` enum). It creates tasks, reassigns one (the same UpdateItem recomputes its index
//! key: both assignees' lists show it), changes a status, increments a counter, lets two writers
//! race on one version, and shows a failed condition with the item as it is now. Each
//! UpdateExpression and ConditionExpression is printed with its names and values as DynamoDB
//! receives them.
//!
//! Run with `cargo run --example tasks`.

use std::time::SystemTime;

use dynakey::AttributeValue;
use dynakey::{Entity, KeySegment, Table, UpdateBuilder, WriteInput};
use dynakey_runtime::{Db, Engine, Error};
use futures::TryStreamExt;
use serde::{Deserialize, Serialize};

type BoxError = Box<dyn std::error::Error + Send + Sync>;

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByAssignee, partition_key = "GSI1PK", sort_key = "GSI1SK")]
#[gsi(ByStatus, partition_key = "GSI2PK", sort_key = "GSI2SK")]
struct Tracker;

#[derive(Entity, Serialize, Deserialize, Debug, Clone)]
#[dynakey(table = Tracker)]
#[pk("WS#<workspace>")]
#[sk("META")]
struct Workspace {
    workspace: String,
    name: String,
}

#[derive(Entity, Serialize, Deserialize, Debug, Clone)]
#[dynakey(table = Tracker)]
#[pk("WS#<workspace>")]
#[sk("PROJ#<project>")]
struct Project {
    workspace: String,
    project: String,
    title: String,
}

#[derive(KeySegment, Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
enum Status {
    #[key("DONE")]
    Done,
    #[key("OPEN")]
    Open,
    #[key("REVIEW")]
    Review,
}

#[derive(Entity, Serialize, Deserialize, Debug, Clone)]
#[dynakey(table = Tracker, version = "version", updated_at = "updated_at")]
#[pk("WS#<workspace>")]
#[sk("PROJ#<project>#TASK#<id>")]
#[index(
    ByAssignee,
    pk = "USER#<assignee>",
    sk = "<created>#<workspace>#<project>#<id>"
)]
#[index(ByStatus, pk = "WS#<workspace>#STATUS#<status>", sk = "<project>#<id>")]
struct Task {
    workspace: String,
    project: String,
    id: u32,
    title: String,
    assignee: String,
    /// When the task was assigned (seconds): the index's newest-first order.
    created: u64,
    status: Status,
    comments: u32,
    version: u64,
    updated_at: Option<dynakey::UtcTime>,
}

fn value(v: &AttributeValue) -> String {
    match v {
        AttributeValue::S(s) => format!("{s:?}"),
        AttributeValue::N(n) => format!("N {n}"),
        other => format!("{other:?}"),
    }
}

/// Prints a write's expressions as DynamoDB receives them.
fn print_write(title: &str, input: &WriteInput) {
    println!("{title}");
    if let Some(update) = &input.update_expression {
        println!("  UpdateExpression:          {update}");
    }
    if let Some(condition) = &input.condition_expression {
        println!("  ConditionExpression:       {condition}");
    }
    let names: Vec<String> = input
        .expression_attribute_names
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    println!("  ExpressionAttributeNames:  {}", names.join(", "));
    let values: Vec<String> = input
        .expression_attribute_values
        .iter()
        .map(|(k, v)| format!("{k}={}", value(v)))
        .collect();
    println!("  ExpressionAttributeValues: {}", values.join(", "));
}

/// The ids of `user`'s tasks, newest first, across workspaces.
async fn tasks_of(db: &Db<Tracker>, user: &str) -> Result<Vec<String>, BoxError> {
    let tasks: Vec<Task> = db
        .query(&Task::query_by_assignee(user).reverse())
        .items()
        .try_collect()
        .await?;
    Ok(tasks
        .iter()
        .map(|t| format!("{}/{}#{}", t.workspace, t.project, t.id))
        .collect())
}

async fn open_in(db: &Db<Tracker>, workspace: &str, status: Status) -> Result<usize, BoxError> {
    let tasks: Vec<Task> = db
        .query(&Task::query_by_status(workspace, status))
        .items()
        .try_collect()
        .await?;
    Ok(tasks.len())
}

#[tokio::main]
async fn main() -> Result<(), BoxError> {
    let engine = Engine::start().await?;
    let db: Db<Tracker> = engine.fresh_table::<Tracker>().await?;

    for workspace in ["acme", "globex"] {
        db.create(&Workspace {
            workspace: workspace.into(),
            name: workspace.to_uppercase(),
        })
        .await?;
        db.create(&Project {
            workspace: workspace.into(),
            project: "web".into(),
            title: "Website".into(),
        })
        .await?;
    }
    let task = |workspace: &str, id: u32, assignee: &str, created: u64| Task {
        workspace: workspace.into(),
        project: "web".into(),
        id,
        title: format!("task {id}"),
        assignee: assignee.into(),
        created,
        status: Status::Open,
        comments: 0,
        version: 0,
        updated_at: None,
    };
    db.create(&task("acme", 1, "ann", 100)).await?;
    db.create(&task("globex", 2, "ann", 200)).await?;
    db.create(&task("acme", 3, "bob", 300)).await?;
    println!("created 3 tasks (create stores version 1)");
    println!("  ann: {:?}", tasks_of(&db, "ann").await?);
    println!("  bob: {:?}", tasks_of(&db, "bob").await?);
    println!();

    // Reassign task 1 to bob: the ByAssignee group is set whole, so the same UpdateItem SETs the
    // recomputed GSI1PK/GSI1SK.
    let key = Task::key("acme", "web", 1u32)?;
    let reassign = db
        .update(&key)
        .set(Task::BY_ASSIGNEE, ("bob", 400u64))
        .expected_version(1);
    print_write(
        "reassign task 1 to bob",
        &reassign.input(SystemTime::now())?,
    );
    let moved: Task = reassign.returning_new().await?;
    println!("  -> version {}", moved.version);
    println!("  ann: {:?}", tasks_of(&db, "ann").await?);
    println!("  bob: {:?}", tasks_of(&db, "bob").await?);
    println!();

    let to_review = db
        .update(&key)
        .set(Task::BY_STATUS, Status::Review)
        .condition(Task::STATUS.eq(Status::Open))
        .expected_version(2);
    print_write(
        "change its status to REVIEW",
        &to_review.input(SystemTime::now())?,
    );
    to_review.await?;
    println!(
        "  -> acme OPEN: {}, REVIEW: {}",
        open_in(&db, "acme", Status::Open).await?,
        open_in(&db, "acme", Status::Review).await?
    );
    println!();

    let comment = db
        .update(&key)
        .add(Task::COMMENTS, 1u32)
        .expected_version(3);
    print_write("count a comment", &comment.input(SystemTime::now())?);
    let counted: Task = comment.returning_new().await?;
    println!(
        "  -> comments {}, version {}",
        counted.comments, counted.version
    );
    println!();

    // Two writers read version 4; the first wins, the second gets the item as it is now.
    let (first, second) = (
        db.update(&key)
            .set(Task::TITLE, "first writer")
            .expected_version(4),
        db.update(&key)
            .set(Task::TITLE, "second writer")
            .expected_version(4),
    );
    first.await?;
    match second.await {
        Err(error @ Error::VersionConflict { .. }) => {
            println!("two writers at version 4: {error}");
            if let Some(current) = error.current::<Task>() {
                let current = current?;
                println!(
                    "  current: {:?} at version {}",
                    current.title, current.version
                );
            }
        }
        other => return Err(format!("expected a version conflict, got {other:?}").into()),
    }
    println!();

    // A condition that does not hold: nothing is written, the error carries the stored item.
    let done_only = db
        .update(&key)
        .set(Task::TITLE, "closed")
        .condition(Task::STATUS.eq(Status::Done).and(Task::COMMENTS.ge(1u32)))
        .expected_version(5);
    print_write("rename only if DONE", &done_only.input(SystemTime::now())?);
    match done_only.await {
        Err(error @ Error::ConditionFailed { .. }) => {
            println!("  -> {error}");
            if let Some(current) = error.current::<Task>() {
                let current = current?;
                println!(
                    "  current: {:?}, status {:?}, {} comment(s), version {}",
                    current.title, current.status, current.comments, current.version
                );
            }
        }
        other => return Err(format!("expected a failed condition, got {other:?}").into()),
    }
    Ok(())
}
