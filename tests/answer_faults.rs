//! No answer panics the client (docs/semantics.md §7's "an answer from the network is input"; issue
//! 41): a property test that rewrites the engine's real answers into random ones — valid JSON
//! with unknown attribute type tags (`{"V": "1"}`), members missing, members of the wrong type,
//! members added that the operation may return (`Item`, `Items`, `Attributes`,
//! `LastEvaluatedKey`, `ConsumedCapacity`, `UnprocessedKeys`, `Records`, …) — and feeds them to
//! every read, write and stream path of the runtime. Each call may end in any error; none may
//! panic.
//!
//! The answers are rewritten in the SDK's HTTP client (`common/answer_rewriter.rs`, around the
//! embedded engine's in-process client) rather than by the HTTP fault proxy, so that a local run
//! can send 100,000 answers per path: `DYNAKEY_ANSWERS=100000` sets the count per path (CI's
//! default: 2,000), `DYNAKEY_ANSWERS_PATHS=Get,Query` the paths (default: all). Seeded
//! (`DYNAKEY_ANSWERS_SEED`, default 41): a run replays.

use crate::common;

use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use dynakey::{Entity, Table, UpdateBuilder};
use dynakey_runtime::changes::Changes;
use dynakey_runtime::{Db, RetryPolicy};
use futures::{FutureExt, TryStreamExt};
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

use common::answer_rewriter::{rewriting, rewriting_streams, Rewrite};
use common::{BoxError, TestEngine};

#[derive(Table, Debug)]
#[table(partition_key = "PK", sort_key = "SK", stream = new_image)]
enum App {
    Note(Note),
}

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = App)]
#[pk("NOTE#<id>")]
#[sk("META")]
struct Note {
    id: String,
    title: String,
    n: u64,
    tags: Option<Vec<String>>,
}

fn note(id: &str) -> Note {
    Note {
        id: id.into(),
        title: "x".into(),
        n: 1,
        tags: Some(vec!["a".into()]),
    }
}

/// Every path an answer reaches, each a call the property test makes again and again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Path {
    Get,
    Query,
    QueryPage,
    Scan,
    BatchGet,
    TransactGet,
    Put,
    Create,
    UpdateNew,
    UpdateOld,
    Delete,
    Modify,
    Transaction,
    BatchPut,
    Stream,
}

const PATHS: [Path; 15] = [
    Path::Get,
    Path::Query,
    Path::QueryPage,
    Path::Scan,
    Path::BatchGet,
    Path::TransactGet,
    Path::Put,
    Path::Create,
    Path::UpdateNew,
    Path::UpdateOld,
    Path::Delete,
    Path::Modify,
    Path::Transaction,
    Path::BatchPut,
    Path::Stream,
];

/// One call of `path`: any result but a panic.
async fn call(path: Path, db: &Db<App>, changes: impl FnOnce() -> Changes<App>) {
    let key = || Note::key("n1");
    let Ok(k) = key() else { return };
    match path {
        Path::Get => drop(db.get(&k).consistent_read().await),
        Path::Query => {
            let items: Result<Vec<Note>, _> =
                db.query(&Note::query("n1")).items().try_collect().await;
            drop(items);
        }
        Path::QueryPage => {
            if let Ok(page) = db.query(&Note::query("n1").limit(1)).page(None).await {
                if let Some(cursor) = page.next.as_ref() {
                    drop(
                        db.query(&Note::query("n1").limit(1))
                            .page(Some(cursor))
                            .await,
                    );
                }
            }
        }
        Path::Scan => {
            let items: Result<Vec<Note>, _> = db.scan::<Note>().items().try_collect().await;
            drop(items);
        }
        Path::BatchGet => {
            let keys = vec![k.clone(), Note::key("n2").unwrap_or(k)];
            drop(db.batch_get(&keys).await);
        }
        Path::TransactGet => drop(db.transact_get(&vec![k]).await),
        Path::Put => drop(db.put(&note("w")).await),
        Path::Create => drop(
            db.create(&note("n1"))
                .await
                .map_err(|e| e.current::<Note>()),
        ),
        Path::UpdateNew => drop(db.update(&k).set(Note::TITLE, "y").returning_new().await),
        Path::UpdateOld => drop(db.update(&k).add(Note::N, 1u64).returning_old().await),
        Path::Delete => drop(db.delete(&Note::key("w").unwrap_or(k)).await),
        Path::Modify => drop(
            db.modify(&k, |n: &mut Note| n.title.push('m'))
                .attempts(2)
                .await,
        ),
        Path::Transaction => drop(
            db.transaction()
                .put(db.create(&note("n2")))
                .update(db.update(&k).set(Note::TITLE, "t"))
                .await,
        ),
        Path::BatchPut => drop(db.batch_put(&vec![note("b1"), note("b2")]).await),
        Path::Stream => {
            let mut changes = changes();
            drop(changes.next_batch().await);
        }
    }
}

/// An attribute value of a random type: the types DynamoDB has, unknown type tags, a value of
/// the wrong JSON type, an empty object.
fn attribute_value(rng: &mut fastrand::Rng, depth: u32) -> Value {
    let leaf = depth >= 2;
    match rng.u8(0..if leaf { 11 } else { 13 }) {
        0 => json!({ "S": "x" }),
        1 => {
            let n = ["1", "-1.5e3", "1e400", "x", ""][rng.usize(0..5)];
            json!({ "N": n })
        }
        2 => json!({ "B": "AAEC" }),
        3 => json!({ "BOOL": rng.bool() }),
        4 => json!({ "NULL": true }),
        5 => json!({ "SS": ["a", "b"] }),
        6 => json!({ "NS": ["1", "x"] }),
        7 => {
            let mut tag = Map::new();
            tag.insert(
                ["V", "X", "SSS", "n", ""][rng.usize(0..5)].to_owned(),
                json!("1"),
            );
            Value::Object(tag)
        }
        8 => json!({}),
        9 => random_json(rng, 1),
        10 => json!({ "S": 5, "N": "1" }),
        11 => json!({ "M": item(rng, depth + 1) }),
        _ => {
            json!({ "L": (0..rng.usize(0..3)).map(|_| attribute_value(rng, depth + 1)).collect::<Vec<_>>() })
        }
    }
}

/// A random item: mostly a note's attributes (so that it gets past the key checks), some of
/// them of random types, and some extra attributes.
fn item(rng: &mut fastrand::Rng, depth: u32) -> Value {
    let mut item = Map::new();
    let id = ["n1", "n2", "w"][rng.usize(0..3)];
    let real = [
        ("PK", json!({ "S": format!("NOTE#{id}") })),
        ("SK", json!({ "S": "META" })),
        ("id", json!({ "S": id })),
        ("title", json!({ "S": "t" })),
        ("n", json!({ "N": "2" })),
        ("tags", json!({ "L": [{ "S": "a" }] })),
    ];
    for (name, value) in real {
        match rng.u8(0..10) {
            0 => {}
            1 => {
                item.insert(name.to_owned(), attribute_value(rng, depth));
            }
            _ => {
                item.insert(name.to_owned(), value);
            }
        }
    }
    for _ in 0..rng.usize(0..3) {
        item.insert(
            ["extra", "x", "tags", "n"][rng.usize(0..4)].to_owned(),
            attribute_value(rng, depth),
        );
    }
    Value::Object(item)
}

/// Any JSON value.
fn random_json(rng: &mut fastrand::Rng, depth: u32) -> Value {
    match rng.u8(0..if depth >= 2 { 5 } else { 7 }) {
        0 => Value::Null,
        1 => json!(rng.bool()),
        2 => [
            json!(0),
            json!(-1),
            json!(i64::MAX),
            json!(i64::MIN),
            json!(3.5),
        ][rng.usize(0..5)]
        .clone(),
        3 => json!((["", "x", "NOTE#n1", "INSERT", "FOO"][rng.usize(0..5)])),
        4 => item(rng, depth),
        5 => Value::Array(
            (0..rng.usize(0..3))
                .map(|_| random_json(rng, depth + 1))
                .collect(),
        ),
        _ => {
            let mut map = Map::new();
            for _ in 0..rng.usize(0..3) {
                map.insert(
                    ["S", "V", "Item", "x"][rng.usize(0..4)].to_owned(),
                    random_json(rng, depth + 1),
                );
            }
            Value::Object(map)
        }
    }
}

/// A member an answer of some operation may hold, with a random value of roughly its shape.
fn added_member(rng: &mut fastrand::Rng) -> (&'static str, Value) {
    let items = |rng: &mut fastrand::Rng| {
        Value::Array((0..rng.usize(0..3)).map(|_| item(rng, 0)).collect())
    };
    match rng.u8(0..14) {
        0 => ("Item", item(rng, 0)),
        1 => ("Items", items(rng)),
        2 => ("Attributes", item(rng, 0)),
        3 => ("LastEvaluatedKey", item(rng, 1)),
        4 => (
            "ConsumedCapacity",
            json!({ "TableName": "t", "CapacityUnits": random_json(rng, 2), "Table": random_json(rng, 1) }),
        ),
        5 => ("Responses", json!({ "answers": items(rng) })),
        6 => (
            "Responses",
            Value::Array((0..2).map(|_| json!({ "Item": item(rng, 0) })).collect()),
        ),
        7 => (
            "UnprocessedKeys",
            json!({ "answers": { "Keys": items(rng) } }),
        ),
        8 => (
            "UnprocessedItems",
            json!({ "answers": [{ "PutRequest": { "Item": item(rng, 0) } }] }),
        ),
        9 => ("Count", random_json(rng, 2)),
        10 => (
            "Records",
            json!([{
                "eventName": (["INSERT", "MODIFY", "REMOVE", "FOO", ""][rng.usize(0..5)]),
                "dynamodb": {
                    "SequenceNumber": "1",
                    "Keys": item(rng, 1),
                    "NewImage": item(rng, 0),
                    "OldImage": item(rng, 0),
                },
            }]),
        ),
        11 => (
            "CancellationReasons",
            json!([{ "Code": "ConditionalCheckFailed", "Item": item(rng, 0) }]),
        ),
        12 => ("NextShardIterator", random_json(rng, 2)),
        _ => (
            "Table",
            json!({ "LatestStreamArn": random_json(rng, 2), "TableName": "answers" }),
        ),
    }
}

/// Changes one node somewhere in `value` (reached by a random way down, stopping at random): an
/// attribute value's type tag made unknown, a member removed or added, a value of another JSON
/// type.
fn mutate(rng: &mut fastrand::Rng, node: &mut Value) {
    let deeper = rng.u8(0..3) != 0;
    match node {
        Value::Object(map) if deeper && !map.is_empty() => {
            let i = rng.usize(0..map.len());
            if let Some(child) = map.values_mut().nth(i) {
                return mutate(rng, child);
            }
        }
        Value::Array(list) if deeper && !list.is_empty() => {
            let i = rng.usize(0..list.len());
            if let Some(child) = list.get_mut(i) {
                return mutate(rng, child);
            }
        }
        _ => {}
    }
    match node {
        Value::Object(map) => match rng.u8(0..4) {
            0 if !map.is_empty() => {
                if let Some(k) = map.keys().nth(rng.usize(0..map.len())).cloned() {
                    map.remove(&k);
                }
            }
            1 if map.len() == 1 => {
                // An attribute value: its type tag unknown, its value kept.
                if let Some(v) = map.values().next().cloned() {
                    map.clear();
                    map.insert(["V", "X", "SSS"][rng.usize(0..3)].to_owned(), v);
                }
            }
            2 => {
                map.insert("extra".to_owned(), json!({ "V": "1" }));
            }
            _ => *node = random_json(rng, 1),
        },
        Value::Array(list) => match rng.u8(0..3) {
            0 if !list.is_empty() => {
                list.remove(rng.usize(0..list.len()));
            }
            1 => list.push(random_json(rng, 1)),
            _ => *node = random_json(rng, 1),
        },
        other => *other = random_json(rng, 1),
    }
}

/// The rewrite of one answer: sometimes a member added, then one to three changes.
fn rewrite_answer(rng: &mut fastrand::Rng, body: &mut Value) {
    if rng.bool() {
        if let Value::Object(map) = body {
            let (name, value) = added_member(rng);
            map.insert(name.to_owned(), value);
        }
    }
    for _ in 0..rng.usize(1..=3) {
        mutate(rng, body);
    }
}

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_answer_panics_any_path() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    if !engine.is_embedded() {
        // The answers are rewritten inside the embedded engine's client.
        common::report("answer rewriting: embedded engine only, not run against another engine");
        return Ok(());
    }
    let per_path = env_u64("DYNAKEY_ANSWERS", 2_000);
    let seed = env_u64("DYNAKEY_ANSWERS_SEED", 41);
    let direct: Db<App> = engine.db("answers");
    direct.create_table().await?;
    direct
        .batch_put(&vec![note("n1"), note("n2"), note("w")])
        .await?;

    let answers = Arc::new(AtomicU64::new(0));
    let rewrite: Rewrite = {
        let answers = Arc::clone(&answers);
        Arc::new(move |_target, body| {
            let n = answers.fetch_add(1, Ordering::Relaxed);
            let mut rng = fastrand::Rng::with_seed(seed ^ n.wrapping_mul(0x9e37_79b9_7f4a_7c15));
            rewrite_answer(&mut rng, body);
        })
    };
    let budget = RetryPolicy {
        base: Duration::ZERO,
        cap: Duration::ZERO,
        max_attempts: 2,
    };
    let db: Db<App> = Db::new(
        rewriting(&engine.client(), Arc::clone(&rewrite)),
        direct.table_name(),
    )
    .with_retry_policy(budget);
    let streams = rewriting_streams(&engine.streams_client(), Arc::clone(&rewrite));

    let first_panic: Arc<Mutex<Option<String>>> = Arc::default();
    let mut lines = Vec::new();
    let mut panics_in_all = 0u64;
    let only = std::env::var("DYNAKEY_ANSWERS_PATHS").unwrap_or_default();
    let chosen =
        |path: &Path| only.is_empty() || only.split(',').any(|p| p.trim() == format!("{path:?}"));
    for path in PATHS.into_iter().filter(chosen) {
        let started = Instant::now();
        let before = answers.load(Ordering::Relaxed);
        let (mut calls, mut panics) = (0u64, 0u64);
        while answers.load(Ordering::Relaxed) - before < per_path {
            calls += 1;
            let changes = || db.changes(streams.clone());
            let outcome = AssertUnwindSafe(call(path, &db, changes))
                .catch_unwind()
                .await;
            if let Err(panic) = outcome {
                panics += 1;
                let text = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                    .unwrap_or_default();
                first_panic
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .get_or_insert(format!("{path:?}: {text}"));
            }
        }
        let sent = answers.load(Ordering::Relaxed) - before;
        panics_in_all += panics;
        lines.push(format!(
            "{path:?} {sent} answers in {calls} calls, {panics} panics ({:.1} s)",
            started.elapsed().as_secs_f64()
        ));
    }
    common::report(&format!(
        "random answers (seed {seed}, at least {per_path} per path): {}",
        lines.join("; ")
    ));
    assert_eq!(
        panics_in_all,
        0,
        "first panic: {:?}",
        first_panic.lock().unwrap_or_else(|p| p.into_inner())
    );
    Ok(())
}

/// Rewrites the stream records of `n1` (an `eventName` DynamoDB does not write) and `n2` (a value
/// of an unknown type in its image).
fn future_stream_records(_target: &str, body: &mut Value) {
    let Some(records) = body.get_mut("Records").and_then(Value::as_array_mut) else {
        return;
    };
    for record in records {
        let key = record
            .pointer("/dynamodb/Keys/PK/S")
            .and_then(Value::as_str)
            .map(str::to_owned);
        match key.as_deref() {
            Some("NOTE#n1") => record["eventName"] = json!("FUTURE"),
            Some("NOTE#n2") => record["dynamodb"]["NewImage"]["title"] = json!({ "V": "1" }),
            _ => {}
        }
    }
}

/// Reads `changes` until it catches up: the ids of the notes inserted, and the records that did
/// not decode.
async fn read_stream(
    changes: &mut Changes<App>,
) -> Result<(Vec<String>, Vec<dynakey_runtime::changes::Undecodable>), BoxError> {
    let (mut ids, mut undecodable) = (Vec::new(), Vec::new());
    for _ in 0..20 {
        let batch = changes.next_batch().await?;
        ids.extend(batch.changes.iter().filter_map(|c| match c {
            dynakey_runtime::changes::Change::Insert {
                new: Some(App::Note(n)),
                ..
            } => Some(n.id.clone()),
            _ => None,
        }));
        let caught_up = batch.caught_up && batch.undecodable.is_empty();
        undecodable.extend(batch.undecodable);
        if caught_up || !undecodable.is_empty() {
            return Ok((ids, undecodable));
        }
    }
    Err("the reader did not catch up".into())
}

#[tokio::test]
async fn an_unknown_stream_event_names_its_shard_and_sequence_number_and_is_skipped(
) -> Result<(), BoxError> {
    use dynakey_runtime::changes::UnknownEvents;
    use dynakey_runtime::Error;
    let engine = TestEngine::start().await?;
    if !engine.is_embedded() {
        common::report("answer rewriting: embedded engine only, not run against another engine");
        return Ok(());
    }
    let direct: Db<App> = engine.db("future-events");
    direct.create_table().await?;
    for id in ["n1", "n2", "n3"] {
        direct.put(&note(id)).await?;
    }
    let streams = rewriting_streams(&engine.streams_client(), Arc::new(future_stream_records));

    // By default the shard stops before the record, which names its shard and sequence number.
    let mut changes = direct.changes(streams.clone());
    let (ids, undecodable) = read_stream(&mut changes).await?;
    assert!(ids.is_empty(), "{ids:?}");
    let [first] = undecodable.as_slice() else {
        return Err(format!("one undecodable record, got {undecodable:?}").into());
    };
    match &first.error {
        Error::UnknownChangeEvent {
            shard_id,
            sequence_number,
            event_name,
        } => {
            assert_eq!(
                (shard_id, sequence_number, event_name.as_str()),
                (&first.shard, &first.sequence_number, "FUTURE")
            );
            assert!(first.error.to_string().contains(shard_id.as_str()));
        }
        other => return Err(format!("expected UnknownChangeEvent, got {other:?}").into()),
    }
    // Skipped by hand: the next record's image holds a value of an unknown type, named with the
    // item's key; skipped too, the reader goes on.
    changes.skip(&first.shard, &first.sequence_number);
    let (ids, undecodable) = read_stream(&mut changes).await?;
    assert!(ids.is_empty(), "{ids:?}");
    let [second] = undecodable.as_slice() else {
        return Err(format!("one undecodable record, got {undecodable:?}").into());
    };
    assert!(
        matches!(
            &second.error,
            Error::UnknownAttributeType { attribute, partition: Some(p), .. }
                if attribute == "title" && p == "NOTE#n2"
        ),
        "{:?}",
        second.error
    );
    changes.skip(&second.shard, &second.sequence_number);
    let (ids, undecodable) = read_stream(&mut changes).await?;
    assert_eq!((ids, undecodable.len()), (vec!["n3".to_owned()], 0));

    // By policy: every record of an unknown event is passed over.
    let mut changes = direct.changes(streams).unknown_events(UnknownEvents::Skip);
    let (ids, undecodable) = read_stream(&mut changes).await?;
    assert!(ids.is_empty(), "{ids:?}");
    assert!(
        matches!(
            undecodable.as_slice(),
            [u] if matches!(u.error, Error::UnknownAttributeType { .. })
        ),
        "n1 passed over, n2 stops the shard: {undecodable:?}"
    );
    Ok(())
}
