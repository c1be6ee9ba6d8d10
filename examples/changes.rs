//! Typed change streams: an aggregate kept from the table's DynamoDB stream — open issues per
//! assignee — with each change printed as the entity it is, and a restart that resumes from the
//! stored checkpoint with the aggregate still exact (checked against a fresh count from the table).
//!
//! ```text
//! cargo run --example changes --features streams   # on the embedded engine
//! ```
//!
//! The table declares its stream (`stream = new_and_old_images`): an insert carries the new item,
//! a modify both, a remove the old one. The reader (`db.changes(…)`) hands out batches with a
//! checkpoint; the example stores the aggregate and the checkpoint together (as JSON, as a service
//! would store them in one write), "crashes", writes more, and resumes. Delivery is at least once:
//! storing the aggregate and the checkpoint in one write is what keeps it exact.

use std::collections::BTreeMap;

use dynakey::{Entity, Table};
use dynakey_runtime::changes::{Change, Changes, Checkpoint};
use dynakey_runtime::{Db, Engine};
use futures::TryStreamExt;
use serde::{Deserialize, Serialize};

type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// The table and its item type; its stream carries both images of every change.
#[derive(Table, Debug)]
#[table(partition_key = "PK", sort_key = "SK", stream = new_and_old_images)]
enum Tracker {
    Org(Org),
    Issue(Issue),
}

/// An org.
#[derive(Entity, Serialize, Deserialize, Debug)]
#[dynakey(table = Tracker)]
#[pk("ORG#<org>")]
#[sk("META")]
struct Org {
    org: String,
    name: String,
}

/// An issue, open or closed, maybe assigned.
#[derive(Entity, Serialize, Deserialize, Debug, Clone)]
#[dynakey(table = Tracker)]
#[pk("ORG#<org>")]
#[sk("ISSUE#<number>")]
struct Issue {
    org: String,
    number: u32,
    title: String,
    assignee: Option<String>,
    open: bool,
}

/// Open issues per assignee, and where in the stream it was computed up to: stored together.
#[derive(Serialize, Deserialize, Default, Debug, PartialEq)]
struct Stored {
    open_by_assignee: BTreeMap<String, i64>,
    checkpoint: Checkpoint,
}

fn issue(number: u32, title: &str, assignee: Option<&str>) -> Issue {
    Issue {
        org: "acme".into(),
        number,
        title: title.into(),
        assignee: assignee.map(str::to_owned),
        open: true,
    }
}

/// The assignee an issue counts for, when it is open and assigned.
fn counted(item: Option<&Tracker>) -> Option<&str> {
    match item {
        Some(Tracker::Issue(i)) if i.open => i.assignee.as_deref(),
        _ => None,
    }
}

/// Applies one change to the aggregate and prints it.
fn apply(change: &Change<Tracker>, open: &mut BTreeMap<String, i64>) {
    let key = change.key();
    let what = match change {
        Change::Insert { .. } => "insert",
        Change::Modify { .. } => "modify",
        Change::Remove { .. } => "remove",
        _ => "change",
    };
    let moved = match change {
        Change::Modify {
            changed: Some(c), ..
        } => format!(" (changed: {})", c.attributes.join(", ")),
        _ => String::new(),
    };
    println!(
        "  {what:6} {:5} {} {}{moved}",
        key.entity_name(),
        key.sort().unwrap_or_default(),
        match change.new_item().or(change.old_item()) {
            Some(Tracker::Issue(i)) =>
                format!("{:?} open={} assignee={:?}", i.title, i.open, i.assignee),
            Some(Tracker::Org(o)) => format!("{:?}", o.name),
            None => String::new(),
        }
    );
    if let Some(before) = counted(change.old_item()) {
        *open.entry(before.to_owned()).or_default() -= 1;
    }
    if let Some(after) = counted(change.new_item()) {
        *open.entry(after.to_owned()).or_default() += 1;
    }
    open.retain(|_, n| *n != 0);
}

/// Reads batches until caught up (or `max` batches), applying each to `stored`.
async fn follow(
    changes: &mut Changes<Tracker>,
    stored: &mut Stored,
    max: usize,
) -> Result<(), BoxError> {
    for _ in 0..max {
        let batch = changes.next_batch().await?;
        if let Some(bad) = batch.undecodable.first() {
            return Err(format!(
                "record {} does not decode: {}",
                bad.sequence_number, bad.error
            )
            .into());
        }
        for change in &batch.changes {
            apply(change, &mut stored.open_by_assignee);
        }
        stored.checkpoint = batch.checkpoint;
        if batch.caught_up {
            break;
        }
    }
    Ok(())
}

#[tokio::main]
async fn main() -> Result<(), BoxError> {
    let engine = Engine::start().await?;
    let db: Db<Tracker> = engine.fresh_table().await?;
    println!(
        "table {} with its stream (NEW_AND_OLD_IMAGES)",
        db.table_name()
    );

    db.put(&Org {
        org: "acme".into(),
        name: "Acme".into(),
    })
    .await?;
    db.put(&issue(1, "Login fails", Some("bob"))).await?;
    db.put(&issue(2, "Slow search", Some("ada"))).await?;
    db.put(&issue(3, "Dark mode", None)).await?;
    db.put(&issue(1, "Login fails", Some("ada"))).await?; // reassigned

    println!("\nfirst reader, 3 records per request, stops after one batch (a crash):");
    let mut stored = Stored::default();
    let mut first = db.changes(engine.streams_client()).records_per_request(3);
    follow(&mut first, &mut stored, 1).await?;
    let saved = serde_json::to_string(&stored)?;
    drop(first);
    println!("  stored: {:?}", stored.open_by_assignee);

    db.put(&Issue {
        open: false,
        ..issue(2, "Slow search", Some("ada"))
    })
    .await?; // closed
    db.put(&issue(4, "Export to CSV", Some("bob"))).await?;
    db.delete(&Issue::key("acme", 3u32)?).await?;

    println!("\nrestarted: resumes after the stored checkpoint");
    let mut stored: Stored = serde_json::from_str(&saved)?;
    let mut resumed = db
        .changes(engine.streams_client())
        .resume(stored.checkpoint.clone());
    follow(&mut resumed, &mut stored, usize::MAX).await?;
    println!("  open issues per assignee: {:?}", stored.open_by_assignee);

    // The same count made from the table itself.
    let issues: Vec<Issue> = db
        .query(&Issue::query("acme"))
        .items()
        .try_collect()
        .await?;
    let mut recount: BTreeMap<String, i64> = BTreeMap::new();
    for i in issues.iter().filter(|i| i.open) {
        if let Some(a) = &i.assignee {
            *recount.entry(a.clone()).or_default() += 1;
        }
    }
    if recount == stored.open_by_assignee {
        println!("MATCH: the aggregate kept from the stream equals a count from the table");
        Ok(())
    } else {
        println!(
            "MISMATCH: from the stream {:?}, from the table {recount:?}",
            stored.open_by_assignee
        );
        std::process::exit(1);
    }
}
