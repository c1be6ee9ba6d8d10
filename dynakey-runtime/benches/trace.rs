//! What dynakey's tracing interceptor costs (issue #25, item 2): 10,000 `GetItem` requests, the
//! same request built with the SDK's fluent builder, sent one after another through
//!
//! - a plain SDK client of the embedded engine (`Engine::client`: nothing of dynakey's on it),
//! - the client of a `Db` (`Db::client`: the same client with dynakey's interceptor) with no
//!   `tracing` subscriber installed — the interceptor only asks `tracing` and steps aside,
//! - the same `Db` client with a subscriber that wants every event (and does nothing with them):
//!   the interceptor adds `ReturnConsumedCapacity`, describes the request and builds its event,
//!
//! on the same engine and table, in the same run, alternating round by round.
//!
//! Run with `cargo bench -p dynakey-runtime --features embedded --bench trace`; the summary prints
//! per path the median wall time per request and the process's CPU time per request (engine and
//! client together, from `/proc/self/stat` where there is one), and their ratios to the plain
//! client. `BENCH_ONLY=<path name>` sends one path's 10,000 requests alone (to count them under
//! callgrind).

mod common;

use std::collections::HashMap;
use std::hint::black_box;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use aws_sdk_dynamodb::types::AttributeValue;
use aws_sdk_dynamodb::Client;
use criterion::Criterion;
use dynakey::{DefaultTable, Entity};
use dynakey_runtime::{Db, Engine};
use serde::{Deserialize, Serialize};

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[pk("WS#<workspace>")]
#[sk("DOC#<id>")]
struct Doc {
    workspace: String,
    id: u64,
    title: String,
}

/// Items in the table; the gets cycle through them.
const ITEMS: u64 = 1_000;
/// Gets per path and round.
const GETS: u64 = 10_000;

struct Setup {
    runtime: tokio::runtime::Runtime,
    _engine: Engine,
    plain: Client,
    db: Db,
    /// The key attributes of every item, as the requests name them.
    keys: Vec<HashMap<String, AttributeValue>>,
}

fn setup() -> Setup {
    let runtime = common::runtime();
    let (engine, db) = runtime.block_on(async {
        let engine = Engine::start().await.expect("engine");
        let db: Db = engine.fresh_table::<DefaultTable>().await.expect("table");
        let docs: Vec<Doc> = (0..ITEMS)
            .map(|id| Doc {
                workspace: "bench".into(),
                id,
                title: format!("Document number {id} of the benchmark"),
            })
            .collect();
        db.batch_put(&docs).await.expect("write");
        (engine, db)
    });
    let keys = (0..ITEMS)
        .map(|id| {
            let key = Doc::key("bench", id).expect("key");
            HashMap::from([
                (
                    "PK".to_owned(),
                    AttributeValue::S(key.partition().to_owned()),
                ),
                (
                    "SK".to_owned(),
                    AttributeValue::S(key.sort().expect("a sort key").to_owned()),
                ),
            ])
        })
        .collect();
    Setup {
        runtime,
        plain: engine.client(),
        _engine: engine,
        db,
        keys,
    }
}

/// `gets` GetItem requests through `client`, one after another (what is timed).
fn get_many(s: &Setup, client: &Client, gets: u64) -> usize {
    s.runtime.block_on(async {
        let mut found = 0;
        for n in 0..gets {
            let key = &s.keys[usize::try_from(n % ITEMS).expect("small")];
            let output = client
                .get_item()
                .table_name(s.db.table_name())
                .set_key(Some(key.clone()))
                .send()
                .await
                .expect("get");
            found += usize::from(output.item.is_some());
        }
        found
    })
}

/// A subscriber that wants every span and event and keeps nothing: what the interceptor costs
/// when it has to build its events.
struct Listening(AtomicU64);

impl tracing::Subscriber for Listening {
    fn enabled(&self, _: &tracing::Metadata<'_>) -> bool {
        true
    }
    fn new_span(&self, _: &tracing::span::Attributes<'_>) -> tracing::span::Id {
        tracing::span::Id::from_u64(self.0.fetch_add(1, Ordering::Relaxed) + 1)
    }
    fn record(&self, _: &tracing::span::Id, _: &tracing::span::Record<'_>) {}
    fn record_follows_from(&self, _: &tracing::span::Id, _: &tracing::span::Id) {}
    fn event(&self, event: &tracing::Event<'_>) {
        black_box(event);
    }
    fn enter(&self, _: &tracing::span::Id) {}
    fn exit(&self, _: &tracing::span::Id) {}
}

/// The three paths: name, client, whether the listening subscriber is on.
fn paths(s: &Setup) -> [(&'static str, &Client, bool); 3] {
    [
        ("plain SDK client", &s.plain, false),
        ("Db client, no subscriber", s.db.client(), false),
        ("Db client, subscriber", s.db.client(), true),
    ]
}

fn run(s: &Setup, client: &Client, listening: bool, gets: u64) -> usize {
    if listening {
        let dispatch = tracing::Dispatch::new(Listening(AtomicU64::new(0)));
        tracing::dispatcher::with_default(&dispatch, || get_many(s, client, gets))
    } else {
        get_many(s, client, gets)
    }
}

fn benches(c: &mut Criterion, s: &Setup) {
    if common::only().is_some() {
        return;
    }
    for (name, client, listening) in paths(s) {
        assert_eq!(run(s, client, listening, ITEMS), ITEMS as usize, "{name}");
    }
    let mut group = c.benchmark_group("one GetItem, tracing interceptor");
    for (name, client, listening) in paths(s) {
        group.bench_function(name, |b| b.iter(|| black_box(run(s, client, listening, 1))));
    }
    group.finish();
}

/// The three paths, alternating round by round, and the ratios of their medians
/// (`BENCH_ONLY=<path name>`: that path alone, its times only, e.g. to count its instructions
/// under `valgrind --tool=callgrind`).
fn summary(s: &Setup) {
    if let Some(only) = common::only() {
        for (name, client, listening) in paths(s) {
            if name == only {
                let start = Instant::now();
                assert_eq!(run(s, client, listening, GETS), GETS as usize);
                println!(
                    "\n{name} alone: {:.1?} per request",
                    start.elapsed() / u32::try_from(GETS).expect("small")
                );
            }
        }
        return;
    }
    let rounds = 5;
    let times = common::alternating(rounds, 3, |i| {
        let (_, client, listening) = paths(s)[i];
        assert_eq!(run(s, client, listening, GETS), GETS as usize);
    });
    let per = |d: Duration| d / u32::try_from(GETS).expect("small");
    println!(
        "\nsummary, {GETS} GetItem one after another (median of {rounds} alternating rounds):"
    );
    let names = paths(s).map(|(name, ..)| name);
    common::print_ratios(&names, &times, per);
}

fn main() {
    common::run(&setup(), Duration::from_secs(3), benches, summary);
}
