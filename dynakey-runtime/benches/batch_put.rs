//! ONE `Db::batch_put` call of 100,000 items against a hand-tuned raw loop of `BatchWriteItem`
//! requests (4 streams of 25-item requests, `UnprocessedItems` resent), on the same embedded engine,
//! in the same run (issue #16: goal ≤ 1.05× the raw loop's wall time).
//!
//! - **batch_put**: what dynakey does for the call: every item checked first (its keys built, the
//!   item walked by serde without being built, keys held), duplicates merged, then streamed in
//!   requests of 25 with 4 in flight (the default `Db::batch_concurrency`), each item serialised
//!   as its request is made;
//! - **raw loop**: on a plain `aws_sdk_dynamodb::Client` of the engine (`Engine::client`: nothing
//!   of dynakey's on it), the input split into chunks of 25, each serialised with
//!   `dynakey_runtime::item::to_item` and sent as it comes, 4 requests in flight
//!   (`buffer_unordered(4)`), `UnprocessedItems` resent until none are left; no validation pass, no
//!   merge, the SDK's own retries.
//!
//! Each iteration writes into a fresh, empty table (made outside the timing), so both write the
//! same 100,000 new items. Items are about 150 bytes.
//!
//! Run with `cargo bench -p dynakey-runtime --features embedded --bench batch_put`; the median wall
//! times of rounds that alternate the two, and their ratio, are printed at the end.

mod common;

use std::hint::black_box;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use aws_sdk_dynamodb::types::{PutRequest, WriteRequest};
use criterion::{BatchSize, Criterion};
use dynakey::Entity;
use dynakey_runtime::item::to_item;
use dynakey_runtime::{Db, Engine};
use futures::{StreamExt, TryStreamExt};
use serde::{Deserialize, Serialize};

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[pk("WS#<workspace>")]
#[sk("DOC#<folder>#<id>")]
struct Doc {
    workspace: String,
    folder: u32,
    id: u64,
    title: String,
    owner: String,
    size: u64,
}

const ITEMS: u64 = 100_000;
/// Requests in flight in the raw loop, as in `Db`'s default.
const STREAMS: usize = 4;

struct Setup {
    runtime: tokio::runtime::Runtime,
    engine: Engine,
    /// A plain SDK client of the same engine, for the raw loop.
    plain: aws_sdk_dynamodb::Client,
    docs: Vec<Doc>,
    /// Tables made so far: a count for names, and the last one, deleted when the next is made
    /// so the engine holds at most two.
    tables: Mutex<(usize, Option<Db>)>,
}

fn setup() -> Setup {
    let runtime = common::runtime();
    let engine = runtime.block_on(Engine::start()).expect("engine");
    let docs = (0..ITEMS)
        .map(|id| Doc {
            workspace: format!("ws{}", id % 20),
            folder: u32::try_from(id % 97).expect("small"),
            id,
            title: format!("Document number {id} of the benchmark"),
            owner: format!("user{}@example.com", id % 31),
            size: id * 1_000,
        })
        .collect();
    Setup {
        runtime,
        plain: engine.client(),
        engine,
        docs,
        tables: Mutex::new((0, None)),
    }
}

/// A new empty table (the one before it is deleted).
fn fresh(s: &Setup) -> Db {
    let mut tables = s.tables.lock().expect("tables");
    let (n, last) = &mut *tables;
    if let Some(old) = last.take() {
        s.runtime
            .block_on(old.delete_table())
            .expect("delete table");
    }
    *n += 1;
    let db: Db = s.engine.db(format!("bench-{n}"));
    s.runtime.block_on(db.create_table()).expect("create table");
    *last = Some(db.clone());
    db
}

/// ONE batch_put call (what is timed).
fn ours(s: &Setup, db: &Db) -> usize {
    let report = s
        .runtime
        .block_on(db.batch_put(&s.docs).send())
        .expect("batch_put");
    report.items
}

/// The hand-tuned loop (what is timed).
fn raw(s: &Setup, db: &Db) -> usize {
    let client = &s.plain;
    let table = db.table_name();
    let written = s.runtime.block_on(
        futures::stream::iter(s.docs.chunks(25))
            .map(|chunk| async move {
                let mut pending: Vec<WriteRequest> = chunk
                    .iter()
                    .map(|doc| {
                        let put = PutRequest::builder()
                            .set_item(Some(to_item(doc).expect("item")))
                            .build()
                            .expect("put request");
                        WriteRequest::builder().put_request(put).build()
                    })
                    .collect();
                let sent = pending.len();
                while !pending.is_empty() {
                    let output = client
                        .batch_write_item()
                        .request_items(table, pending)
                        .send()
                        .await?;
                    pending = output
                        .unprocessed_items
                        .and_then(|mut tables| tables.remove(table))
                        .unwrap_or_default();
                }
                Ok::<usize, aws_sdk_dynamodb::Error>(sent)
            })
            .buffer_unordered(STREAMS)
            .try_fold(0, |total, n| async move { Ok(total + n) }),
    );
    written.expect("raw loop")
}

/// The items in the table, by `Scan` with `Select = COUNT`.
async fn count(db: &Db) -> Result<usize, aws_sdk_dynamodb::Error> {
    let (mut total, mut start) = (0, None);
    loop {
        let page = db
            .client()
            .scan()
            .table_name(db.table_name())
            .select(aws_sdk_dynamodb::types::Select::Count)
            .set_exclusive_start_key(start)
            .send()
            .await?;
        total += usize::try_from(page.count()).unwrap_or(0);
        start = page.last_evaluated_key;
        if start.is_none() {
            return Ok(total);
        }
    }
}

fn benches(c: &mut Criterion, s: &Setup) {
    // Both write every item.
    for write in [ours, raw] {
        let db = fresh(s);
        assert_eq!(write(s, &db), s.docs.len());
        let count = s.runtime.block_on(count(&db)).expect("count");
        assert_eq!(count, s.docs.len());
    }

    let mut group = c.benchmark_group("write 100,000 items");
    group.sample_size(10);
    group.bench_function("ONE batch_put call", |bench| {
        bench.iter_batched(|| fresh(s), |db| ours(s, &db), BatchSize::PerIteration)
    });
    group.bench_function("raw loop, 4 streams of 25", |bench| {
        bench.iter_batched(|| fresh(s), |db| raw(s, &db), BatchSize::PerIteration)
    });
    group.finish();
}

/// Times `write` into a fresh table (made before the clock starts).
fn timed(s: &Setup, write: fn(&Setup, &Db) -> usize) -> common::Timing {
    let db = fresh(s);
    common::timed(|| write(s, &db))
}

/// Both contenders, alternating round by round, each into a fresh table, and the ratios of their
/// median wall and CPU times; and what the full-path check of every item alone costs.
fn summary(s: &Setup) {
    let rounds = common::rounds(9);
    if let Some(only) = common::only() {
        for (name, write) in [
            ("ONE batch_put call", ours as fn(&Setup, &Db) -> usize),
            ("raw loop", raw),
        ] {
            if name == only {
                let times: Vec<common::Timing> = (0..rounds).map(|_| timed(s, write)).collect();
                println!("\n{name} alone: {:.3?}", common::walls(&times));
            }
        }
        return;
    }
    let load_before = common::load();
    let (mut ours_t, mut raw_t) = (Vec::new(), Vec::new());
    // Which one goes first alternates round by round (as in `common::alternate`).
    for round in 0..rounds {
        if round % 2 == 0 {
            ours_t.push(timed(s, ours));
            raw_t.push(timed(s, raw));
        } else {
            raw_t.push(timed(s, raw));
            ours_t.push(timed(s, ours));
        }
    }
    common::report(
        &format!("100,000 items, {rounds} alternating rounds, same run"),
        ("ONE batch_put call", &ours_t),
        ("raw loop, 4 streams of 25", &raw_t),
        1.05,
    );
    common::print_load(load_before);
    let start = Instant::now();
    for doc in &s.docs {
        let item = to_item(doc).expect("item");
        dynakey_runtime::item::check_item(&item).expect("valid");
        black_box(item);
    }
    println!(
        "  the full-path check alone (to_item + check_item of every item, what the validation pass did before the screen): {:.3?}",
        start.elapsed()
    );
}

fn main() {
    common::run(&setup(), Duration::from_secs(20), benches, summary);
}
