//! Migrating 100,000 items to a new sort-key template: `Db::migrate` against the loop a careful
//! user would write by hand with a plain SDK client, on the same embedded engine, in the same run
//! (issue #24: goal ≤ 1.1× the hand-written loop's wall time).
//!
//! Version 1 stored a document under `DOC#<id>`; version 2 under `DOC#<folder>#<id>`, so every
//! item moves.
//!
//! - **migrate**: `db.migrate::<Doc>().segments(4).writes_in_flight(4)`: a parallel scan, each
//!   item checked against the entity's templates (current and earlier), decoded, written in the
//!   newest shape and compared, then one `TransactWriteItems` per item (put conditioned on
//!   absence, delete conditioned on the version), every request asking for its
//!   `ConsumedCapacity` (the budget's meter);
//! - **hand-written**: the same parallel scan (4 segments) with a plain `aws_sdk_dynamodb::Client`
//!   (no dynakey interceptor), each item decoded with `serde_dynamo`, the new sort key formatted
//!   with `format!`, and one `TransactWriteItems` per item with the same two conditions, 4 in
//!   flight per segment; no owner check, no comparison, no capacity asked. (The SDK gives its
//!   `TransactWriteItems` a `ClientRequestToken` of its own, the member being an idempotency
//!   token, as dynakey gives its own: the engine keeps every token for ten minutes either way.)
//!
//! Each contender runs on a new embedded engine loaded with the version-1 items outside the
//! timing; the order alternates round by round.
//!
//! Run with `cargo bench -p dynakey-runtime --features embedded --bench migrate -- summary`
//! (`MIGRATE_ITEMS=…` for another count, `MIGRATE_ROUNDS=…` for other than 4 rounds,
//! `MIGRATE_ONLY=migrate` or `MIGRATE_ONLY=hand-written` to run one side alone, e.g. under
//! `valgrind --tool=callgrind`); the median wall times of alternating rounds and their ratio are
//! printed at the end.

mod common;

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

use aws_sdk_dynamodb::types::{AttributeValue, Delete, Put, TransactWriteItem};
use criterion::Criterion;
use dynakey::Entity;
use dynakey_runtime::{Db, Engine};
use futures::{StreamExt, TryStreamExt};
use serde::{Deserialize, Serialize};

/// A document as version 1 stored it.
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(version = "version")]
#[pk("WS#<workspace>")]
#[sk("DOC#<id>")]
struct DocV1 {
    workspace: String,
    folder: u32,
    id: u64,
    title: String,
    owner: String,
    version: u64,
}

/// Version 2: the folder in the sort key.
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(version = "version")]
#[pk("WS#<workspace>")]
#[sk("DOC#<folder>#<id>")]
#[was(sk = "DOC#<id>")]
struct Doc {
    workspace: String,
    folder: u32,
    id: u64,
    title: String,
    owner: String,
    version: u64,
}

const SEGMENTS: usize = 4;
const IN_FLIGHT: usize = 4;

fn items() -> u64 {
    std::env::var("MIGRATE_ITEMS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(100_000)
}

struct Setup {
    runtime: tokio::runtime::Runtime,
    docs: Vec<DocV1>,
    /// The engine of the current round: a new one per round, so that no round runs on an engine
    /// that earlier rounds filled (dynoxide's store grows with the tables it held).
    engine: Mutex<Option<Engine>>,
}

fn setup() -> Setup {
    let runtime = common::runtime();
    let docs = (0..items())
        .map(|id| DocV1 {
            workspace: format!("ws{}", id % 20),
            folder: u32::try_from(id % 97).expect("small"),
            id,
            title: format!("Document number {id} of the benchmark"),
            owner: format!("user{}@example.com", id % 31),
            version: 1,
        })
        .collect();
    Setup {
        runtime,
        docs,
        engine: Mutex::new(None),
    }
}

/// A new engine and table holding the version-1 items, and a plain SDK client of that engine.
fn loaded(s: &Setup) -> (Db, aws_sdk_dynamodb::Client) {
    let mut slot = s.engine.lock().expect("engine");
    drop(slot.take());
    let engine = s.runtime.block_on(Engine::start()).expect("engine");
    let db: Db = engine.db("migrate");
    s.runtime.block_on(db.create_table()).expect("create table");
    s.runtime
        .block_on(db.batch_put(&s.docs).send())
        .expect("load");
    let client = engine.client();
    *slot = Some(engine);
    (db, client)
}

/// `db.migrate` (what is timed): the items it moved.
fn ours(s: &Setup, db: &Db, _plain: &aws_sdk_dynamodb::Client) -> u64 {
    let report = s
        .runtime
        .block_on(
            db.migrate::<Doc>()
                .segments(SEGMENTS as u32)
                .writes_in_flight(IN_FLIGHT)
                .send(),
        )
        .expect("migrate");
    assert!(report.failed.is_empty(), "{:?}", report.failed);
    report.moved
}

/// The hand-written loop (what is timed): the items it moved.
fn hand_written(s: &Setup, db: &Db, plain: &aws_sdk_dynamodb::Client) -> u64 {
    let client = plain.clone();
    let table = db.table_name().to_owned();
    let moved = s
        .runtime
        .block_on(futures::future::try_join_all((0..SEGMENTS).map(
            |segment| {
                let (client, table) = (client.clone(), table.clone());
                async move {
                    let mut start = None;
                    let mut moved = 0u64;
                    loop {
                        let page = client
                            .scan()
                            .table_name(&table)
                            .segment(segment as i32)
                            .total_segments(SEGMENTS as i32)
                            .set_exclusive_start_key(start)
                            .send()
                            .await?;
                        let items = page.items.unwrap_or_default();
                        moved += futures::stream::iter(items)
                            .map(|item| move_one(&client, &table, item))
                            .buffer_unordered(IN_FLIGHT)
                            .try_fold(0u64, |n, one| async move { Ok(n + one) })
                            .await?;
                        start = page.last_evaluated_key;
                        if start.is_none() {
                            return Ok::<u64, Box<dyn std::error::Error + Send + Sync>>(moved);
                        }
                    }
                }
            },
        )));
    moved.expect("hand-written loop").into_iter().sum()
}

/// Moves one version-1 item: decode, new key, one transaction.
async fn move_one(
    client: &aws_sdk_dynamodb::Client,
    table: &str,
    mut item: HashMap<String, AttributeValue>,
) -> Result<u64, Box<dyn std::error::Error + Send + Sync>> {
    let old_pk = item.remove("PK");
    let old_sk = item.remove("SK");
    let (Some(pk), Some(sk)) = (old_pk, old_sk) else {
        return Ok(0);
    };
    let doc: DocV1 = serde_dynamo::aws_sdk_dynamodb_1::from_item(item.clone())?;
    let new_sk = format!("DOC#{:010}#{:020}", doc.folder, doc.id);
    if sk.as_s().ok() == Some(&new_sk) {
        return Ok(0);
    }
    item.insert("PK".into(), pk.clone());
    item.insert("SK".into(), AttributeValue::S(new_sk));
    item.insert(
        "version".into(),
        AttributeValue::N((doc.version + 1).to_string()),
    );
    let put = Put::builder()
        .table_name(table)
        .set_item(Some(item))
        .condition_expression("attribute_not_exists(#pk)")
        .expression_attribute_names("#pk", "PK")
        .build()?;
    let delete = Delete::builder()
        .table_name(table)
        .key("PK", pk)
        .key("SK", sk)
        .condition_expression("#v = :v")
        .expression_attribute_names("#v", "version")
        .expression_attribute_values(":v", AttributeValue::N(doc.version.to_string()))
        .build()?;
    client
        .transact_write_items()
        .transact_items(TransactWriteItem::builder().delete(delete).build())
        .transact_items(TransactWriteItem::builder().put(put).build())
        .send()
        .await?;
    Ok(1)
}

/// Both contenders leave the same table: every document under its new key, version 2.
fn check(s: &Setup, db: &Db) {
    let docs: Vec<Doc> = s
        .runtime
        .block_on(db.scan::<Doc>().items().try_collect())
        .expect("scan");
    assert_eq!(docs.len(), s.docs.len());
    for doc in &docs {
        assert_eq!(doc.version, 2);
        let key = doc.primary_key().expect("key");
        assert!(
            dynakey::Key::<Doc>::is_current(key.partition(), key.sort()),
            "{key:?}"
        );
    }
}

/// `MIGRATE_ONLY=migrate` or `MIGRATE_ONLY=hand-written`: only that contender runs (to profile
/// one side alone, e.g. under `valgrind --tool=callgrind`).
fn runs(contender: &str) -> bool {
    std::env::var("MIGRATE_ONLY").map_or(true, |only| only == contender)
}

fn benches(_c: &mut Criterion, s: &Setup) {
    if std::env::var("MIGRATE_ONLY").is_ok() {
        return;
    }
    // Both move every document, into the same shape (checked once; the rounds are timed below).
    let (db, plain) = loaded(s);
    assert_eq!(ours(s, &db, &plain), s.docs.len() as u64);
    check(s, &db);
    let (db, plain) = loaded(s);
    assert_eq!(hand_written(s, &db, &plain), s.docs.len() as u64);
    check(s, &db);
}

/// The wall times of some timed runs.
type Contender = fn(&Setup, &Db, &aws_sdk_dynamodb::Client) -> u64;

/// Times `run` on a new engine loaded with the version-1 items (loaded before the clock starts).
fn timed(s: &Setup, run: Contender) -> common::Timing {
    let (db, plain) = loaded(s);
    common::timed(|| run(s, &db, &plain))
}

fn summary(s: &Setup) {
    let rounds = std::env::var("MIGRATE_ROUNDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(4);
    let (mut ours_t, mut raw_t) = (Vec::new(), Vec::new());
    // Each round on a new engine; the order alternates, so neither always goes first.
    for round in 0..rounds {
        let (ours_run, raw_run) = (runs("migrate"), runs("hand-written"));
        if round % 2 == 0 && ours_run {
            ours_t.push(timed(s, ours));
        }
        if raw_run {
            raw_t.push(timed(s, hand_written));
        }
        if round % 2 == 1 && ours_run {
            ours_t.push(timed(s, ours));
        }
    }
    if ours_t.is_empty() || raw_t.is_empty() {
        let (name, t) = if ours_t.is_empty() {
            ("hand-written", &raw_t)
        } else {
            ("db.migrate", &ours_t)
        };
        println!("\n{name} alone: wall {:.2?}", common::walls(t));
        return;
    }
    common::report(
        &format!(
            "{} items moved, {rounds} alternating rounds, same run",
            s.docs.len()
        ),
        ("db.migrate", &ours_t),
        ("hand-written loop", &raw_t),
        1.1,
    );
}

fn main() {
    common::run(&setup(), Duration::from_secs(1), benches, summary);
}
