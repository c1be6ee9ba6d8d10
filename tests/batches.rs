//! Batch writes and batch gets (docs/semantics.md §5), on the embedded engine and through the fault-injecting
//! proxy of `common/fault_proxy.rs` in front of it (the engine never throttles, so the proxy is how
//! the retry paths are reached): `UnprocessedItems` and `UnprocessedKeys` retried, or returned when
//! the retry budget runs out; a request the engine rejects returned without a retry; invalid items
//! refused before any request. Each case checks what it wrote by reading the table back directly.
//! `batch_faults.rs` has the property tests over seeds and mixed faults.

use crate::common;

use std::collections::HashSet;
use std::future::IntoFuture;
use std::time::Duration;

use common::fault_proxy::{FaultMix, FaultProxy, Keep};
use dynakey::{DefaultTable, Entity, Key};
use dynakey_runtime::{Db, Error, RetryPolicy};
use serde::{Deserialize, Serialize};

use common::{BoxError, TestEngine};

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[pk("DEV#<device>")]
#[sk("READING#<seq>")]
struct Reading {
    device: String,
    seq: u32,
    value: i64,
}

fn readings(n: u32) -> Vec<Reading> {
    (0..n)
        .map(|seq| Reading {
            device: format!("d{}", seq % 7),
            seq,
            value: i64::from(seq) * 10,
        })
        .collect()
}

fn keys_of(readings: &[Reading]) -> Result<Vec<Key<Reading>>, BoxError> {
    Ok(readings
        .iter()
        .map(Reading::primary_key)
        .collect::<Result<_, _>>()?)
}

/// A fresh table on a fresh engine, and the same table seen through a proxy injecting `mix`
/// (retrying fast: 1–4 ms, up to 8 attempts).
struct Fixture {
    _engine: TestEngine,
    direct: Db,
    proxy: FaultProxy,
    db: Db,
}

async fn fixture(mix: FaultMix) -> Result<Fixture, BoxError> {
    let engine = TestEngine::start().await?;
    // A fixed table name on the embedded engine (each fixture has its own): the proxy's fault
    // decisions hash the request, table name included, so the same test meets the same faults
    // every run.
    let direct: Db = engine.table_named("batches").await?;
    let proxy = FaultProxy::start(&engine.endpoint().await?, 1, mix).await?;
    let fast = RetryPolicy {
        base: Duration::from_millis(1),
        cap: Duration::from_millis(4),
        max_attempts: 8,
    };
    let db = Db::new(proxy.client(), direct.table_name()).with_retry_policy(fast);
    Ok(Fixture {
        _engine: engine,
        direct,
        proxy,
        db,
    })
}

/// The `PK/SK` of every item in the table, read back directly.
async fn stored(db: &Db) -> Result<HashSet<String>, BoxError> {
    let items = common::scan(db.client(), db.table_name()).await?;
    Ok(items
        .iter()
        .map(|item| {
            let s = |name: &str| item.get(name).and_then(|v| v.as_s().ok()).cloned();
            format!(
                "{}/{}",
                s("PK").unwrap_or_default(),
                s("SK").unwrap_or_default()
            )
        })
        .collect())
}

fn key_text(r: &Reading) -> Result<String, BoxError> {
    Ok(format!(
        "{}/{}",
        r.partition_key()?,
        r.sort_key()?.unwrap_or_default()
    ))
}

#[tokio::test]
async fn batch_get_reads_over_a_hundred_keys_merging_duplicates_and_skipping_missing_ones(
) -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<DefaultTable>().await?;
    let stored = readings(250);
    db.batch_put(&stored).await?;

    // Every key in reverse order, the first 60 of them again, and two keys with no item.
    let mut keys: Vec<Key<Reading>> = stored
        .iter()
        .rev()
        .map(Reading::primary_key)
        .collect::<Result<_, _>>()?;
    let again: Vec<Key<Reading>> = keys[..60].to_vec();
    keys.insert(100, Reading::key("nobody", 1u32)?);
    keys.extend(again);
    keys.push(Reading::key("d1", 9_999u32)?);
    assert_eq!(keys.len(), 312);

    let mut progress = 0;
    let got = db.batch_get(&keys).on_progress(|n| progress += n).await?;
    let mut expected = stored.clone();
    expected.reverse();
    assert_eq!(got, expected, "each item once, in the order of the keys");
    assert_eq!(
        progress, 252,
        "every distinct key read, with or without an item"
    );

    // No keys: no request, no items.
    let none: Vec<Reading> = db.batch_get(&Vec::<Key<Reading>>::new()).await?;
    assert!(none.is_empty());
    // Only missing keys.
    let missing = db.batch_get(&[Reading::key("nobody", 2u32)?]).await?;
    assert!(missing.is_empty());
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unprocessed_items_are_retried_until_written() -> Result<(), BoxError> {
    // Half of each request (rounded up) is processed, the rest comes back unprocessed.
    let mix = FaultMix::none()
        .unprocessed(1.0)
        .keep(Keep::First(|n| n.div_ceil(2)));
    let f = fixture(mix).await?;
    let input = readings(30);
    let mut progress = 0;
    let report =
        f.db.batch_put(&input)
            .on_progress(|n| progress += n)
            .await?;
    assert_eq!(report.items, 30);
    assert_eq!(progress, 30);
    // 25 → 13 + 12 left → 6 + 6 → 3 + 3 → 2 + 1 → 1: 5 requests; 5 → 3 + 2 → 1 + 1 → 1: 3
    // requests; the two chunks in flight together.
    assert_eq!(report.requests, 8);
    assert_eq!(report.retries, 6);
    let counts = f.proxy.counts();
    assert_eq!((counts.requests, counts.unprocessed), (8, 6));
    let expected: HashSet<String> = input.iter().map(key_text).collect::<Result<_, _>>()?;
    assert_eq!(stored(&f.direct).await?, expected, "every item was written");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn what_remains_after_the_retry_budget_is_returned_not_dropped() -> Result<(), BoxError> {
    // Only the first write request of each call is processed; one request in flight at a time.
    let mix = FaultMix::none().unprocessed(1.0).keep(Keep::First(|_| 1));
    let f = fixture(mix).await?;
    let db = f.db.clone().with_batch_concurrency(1);
    let input = readings(40);
    let failure = match db.batch_put(&input).await {
        Err(Error::BatchWrite(failure)) => failure,
        other => return Err(format!("expected Error::BatchWrite, got {other:?}").into()),
    };
    assert_eq!(failure.operation, "BatchWriteItem");
    assert_eq!(failure.attempts, 8);
    assert!(
        matches!(
            failure.cause,
            Error::StillUnprocessed {
                count: 17,
                attempts: 8,
                ..
            }
        ),
        "{:?}",
        failure.cause
    );
    // The first chunk of 25: 8 attempts wrote 8; 17 remain, plus the 15 never sent.
    assert_eq!(failure.report.items, 8);
    assert_eq!(failure.report.requests, 8);
    assert_eq!(failure.not_applied.len(), 17 + 15);
    assert!(failure.unknown.is_empty());
    let positions: Vec<usize> = failure.not_applied.iter().map(|e| e.position).collect();
    assert!(positions.windows(2).all(|w| w[0] < w[1]), "in input order");
    assert_eq!(positions[17..], (25..40).collect::<Vec<_>>()[..]);
    for entry in &failure.not_applied {
        assert_eq!(
            entry.key::<Reading>()?,
            input[entry.position].primary_key()?
        );
    }

    // Written + returned = the whole input, and nothing returned was written.
    let written = stored(&f.direct).await?;
    assert_eq!(written.len(), 8);
    let returned: HashSet<String> = failure
        .remaining(&input)
        .into_iter()
        .map(key_text)
        .collect::<Result<_, _>>()?;
    assert!(written.is_disjoint(&returned));
    let all: HashSet<String> = input.iter().map(key_text).collect::<Result<_, _>>()?;
    assert_eq!(&written | &returned, all, "nothing dropped");

    // What remains, sent again (without faults), completes the input.
    f.direct.batch_put(failure.remaining(&input)).await?;
    assert_eq!(stored(&f.direct).await?, all);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unprocessed_keys_are_retried_until_read() -> Result<(), BoxError> {
    // Half of each request (rounded up) is read, the rest comes back unprocessed.
    let mix = FaultMix::none()
        .unprocessed(1.0)
        .keep(Keep::First(|n| n.div_ceil(2)));
    let f = fixture(mix).await?;
    let wanted = readings(130);
    f.direct.batch_put(&wanted).await?;
    let got = f.db.batch_get(&keys_of(&wanted)?).await?;
    assert_eq!(got, wanted, "every item, in the order of the keys");
    // Requests of 100, 50, 25, 12, 6, 3 and 1 keys for the first 100 (each reads half, rounded
    // up, of what it asks), and 30, 15, 7, 3 and 1 for the last 30: 10 of them partial, with
    // 50 + 25 + 12 + 6 + 3 + 1 and 15 + 7 + 3 + 1 keys held back.
    let counts = f.proxy.counts();
    assert_eq!(counts.requests, 12);
    assert_eq!(counts.unprocessed, 10);
    assert_eq!(counts.held_back, 97 + 26);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unprocessed_keys_left_after_the_retry_budget_are_returned_not_dropped(
) -> Result<(), BoxError> {
    // Only the first key of each request is read; one request in flight at a time.
    let mix = FaultMix::none().unprocessed(1.0).keep(Keep::First(|_| 1));
    let f = fixture(mix).await?;
    let wanted = readings(140);
    f.direct.batch_put(&wanted).await?;
    let keys = keys_of(&wanted)?;
    let db = f.db.clone().with_batch_concurrency(1);
    let failure = match db.batch_get(&keys).await {
        Err(Error::BatchGet(failure)) => failure,
        other => return Err(format!("expected Error::BatchGet, got {other:?}").into()),
    };
    assert_eq!(failure.operation, "BatchGetItem");
    assert_eq!(failure.attempts, 8);
    assert!(matches!(
        failure.cause,
        Error::StillUnprocessed { count: 92, .. }
    ));
    // The first 100 keys: 8 attempts read 8; 92 remain, plus the 40 never sent.
    let read: Vec<Reading> = failure.read_as()?;
    assert_eq!(
        read,
        wanted[..8],
        "the items read, in the order of their keys"
    );
    assert_eq!(failure.not_read.len(), 92 + 40);
    let not_read = failure.not_read_keys::<Reading>()?;
    assert_eq!(not_read, keys[8..], "the keys not read, in input order");

    // Read + not read = every key, and reading the rest again gets the other items.
    let rest = f.direct.batch_get(failure.remaining(&keys)).await?;
    assert_eq!(rest, wanted[8..]);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn throttling_server_errors_and_dropped_connections_are_retried_until_done(
) -> Result<(), BoxError> {
    let mix = FaultMix::none()
        .throttle(0.2)
        .server_error(0.1)
        .drop_before(0.05)
        .drop_after(0.05)
        .delay(0.1, Duration::from_millis(3));
    let f = fixture(mix).await?;
    let input = readings(600);
    let report = f.db.batch_put(&input).await?;
    assert_eq!(report.items, 600);
    assert!(report.retries > 0, "{report:?}");
    let all: HashSet<String> = input.iter().map(key_text).collect::<Result<_, _>>()?;
    assert_eq!(stored(&f.direct).await?, all);
    let got = f.db.batch_get(&keys_of(&input)?).await?;
    assert_eq!(got, input);
    let counts = f.proxy.counts();
    assert!(counts.throttled > 0 && counts.server_errors > 0, "{counts}");
    eprintln!("proxy: {counts}");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_answer_lost_after_the_request_was_sent_leaves_its_writes_unknown(
) -> Result<(), BoxError> {
    // Every request is forwarded and applied, then the connection is dropped before the answer.
    let f = fixture(FaultMix::none().drop_after(1.0)).await?;
    let once = RetryPolicy {
        max_attempts: 1,
        ..f.db.retry_policy()
    };
    let db =
        f.db.clone()
            .with_retry_policy(once)
            .with_batch_concurrency(1);
    let input = readings(30);
    let failure = match db.batch_put(&input).await {
        Err(Error::BatchWrite(failure)) => failure,
        other => return Err(format!("expected Error::BatchWrite, got {other:?}").into()),
    };
    assert!(
        matches!(failure.cause, Error::Sdk { .. }),
        "{:?}",
        failure.cause
    );
    // The first request's 25 may have been applied (they were); the 5 never sent were not.
    let positions = |entries: &[dynakey_runtime::BatchEntry]| -> Vec<usize> {
        entries.iter().map(|e| e.position).collect()
    };
    assert_eq!(positions(&failure.unknown), (0..25).collect::<Vec<_>>());
    assert_eq!(
        positions(&failure.not_applied),
        (25..30).collect::<Vec<_>>()
    );
    assert_eq!(failure.report.items, 0, "none is known to be applied");
    let first: HashSet<String> = input[..25].iter().map(key_text).collect::<Result<_, _>>()?;
    assert_eq!(stored(&f.direct).await?, first);
    assert_eq!(
        failure.remaining(&input).len(),
        30,
        "both lists are safe to send again"
    );
    Ok(())
}

#[derive(dynakey::Table)]
#[table(partition_key = "PK", no_sort_key)]
struct PartitionKeyOnly;

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = PartitionKeyOnly)]
#[pk("SENSOR#<id>")]
struct Sensor {
    id: u32,
}

#[tokio::test]
async fn a_request_dynamodb_rejects_is_returned_whole_without_a_retry() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    // The table has a sort key; a Db declaring none sends items without one, which DynamoDB
    // rejects with a ValidationException (the key does not match the schema).
    let table = engine.fresh_table::<DefaultTable>().await?;
    let db: Db<PartitionKeyOnly> = engine.db(table.table_name());
    let sensors: Vec<Sensor> = (0..60).map(|id| Sensor { id }).collect();
    let failure = match db.batch_put(&sensors).await {
        Err(Error::BatchWrite(failure)) => failure,
        other => return Err(format!("expected Error::BatchWrite, got {other:?}").into()),
    };
    assert_eq!(failure.attempts, 1, "a validation error is not retried");
    assert!(
        failure.cause.to_string().contains("ValidationException"),
        "{}",
        failure.cause
    );
    assert_eq!(failure.report.items, 0);
    assert!(failure.report.requests >= 1 && failure.report.requests <= 3);
    assert_eq!(
        failure
            .not_applied
            .iter()
            .map(|e| e.position)
            .collect::<Vec<_>>(),
        (0..60).collect::<Vec<_>>(),
        "every write returned, in input order"
    );
    assert!(failure.unknown.is_empty());
    assert!(common::scan(table.client(), table.table_name())
        .await?
        .is_empty());

    // A table that does not exist: ResourceNotFoundException, also not retried.
    let nowhere: Db = engine.db("no-such-table");
    match nowhere.batch_get(&keys_of(&readings(3))?).await {
        Err(Error::BatchGet(failure)) => {
            assert_eq!(failure.attempts, 1);
            assert!(failure.read.is_empty());
            assert_eq!(failure.not_read.len(), 3);
        }
        other => return Err(format!("expected Error::BatchGet, got {other:?}").into()),
    }
    Ok(())
}

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[pk("BLOB#<id>")]
#[sk("V")]
struct Blob {
    id: u32,
    data: String,
    ratio: f64,
}

#[tokio::test]
async fn items_dynamodb_would_refuse_are_typed_errors_before_any_request() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    // No such table: any request would fail with an SDK error, so these errors came first.
    let nowhere: Db = engine.db("no-such-table");
    let blob = |id, data: String, ratio| Blob { id, data, ratio };
    let fine = blob(1, "x".repeat(1_000), 0.5);
    let oversized = blob(2, "x".repeat(400 * 1024), 0.5);
    match nowhere.batch_put(&[fine.clone(), oversized]).await {
        Err(Error::InvalidItem {
            partition,
            problem: dynakey_runtime::ItemProblem::TooLarge { size },
            ..
        }) => {
            assert_eq!(partition, "BLOB#0000000002");
            assert!(size > 400 * 1024);
        }
        other => return Err(format!("expected an InvalidItem error, got {other:?}").into()),
    }
    // NaN is no number to DynamoDB, and 1e300 is beyond its range (at most 9.99E+125).
    for ratio in [f64::NAN, 1e300] {
        let out_of_range = blob(3, String::new(), ratio);
        match nowhere.batch_put([&fine, &out_of_range]).await {
            Err(Error::InvalidItem {
                problem: dynakey_runtime::ItemProblem::Number { attribute, .. },
                ..
            }) => assert_eq!(attribute, "ratio"),
            other => return Err(format!("expected an InvalidItem error, got {other:?}").into()),
        }
    }
    Ok(())
}

#[test]
fn batch_futures_can_be_spawned() {
    fn send<T: Send>(_: &T) {}
    let (db, items): (Option<Db>, Vec<Reading>) = (None, Vec::new());
    if let Some(db) = db {
        let keys: Vec<Key<Reading>> = Vec::new();
        send(&db.batch_put(&items).on_progress(|_| {}).into_future());
        send(&db.batch_delete(&keys).into_future());
        send(&db.batch_get(&keys).into_future());
    }
}
