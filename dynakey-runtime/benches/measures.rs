//! What the per-pattern measures cost (issue #43): 10,000 `db.get(&key)` on the embedded engine,
//! one after another, through one `Db`
//!
//! - with no `metrics` recorder installed (the measures ask the facade and step aside),
//! - with a recorder that keeps nothing (`Null`: what dynakey's side costs — labels, keys,
//!   handles),
//! - with `metrics-util`'s debugging recorder (a registry keeping every series and every value),
//! - with `metrics-exporter-prometheus`'s recorder (what a service exposing `/metrics` runs),
//!
//! alternating round by round. Built without the feature `metrics`, the measures are compiled
//! out and every path is the same GetItem: the baseline. So the ratios are read from two runs:
//!
//! ```text
//! cargo bench -p dynakey-runtime --features embedded --bench measures            # compiled out
//! cargo bench -p dynakey-runtime --features embedded,metrics --bench measures    # compiled in
//! ```
//!
//! Each run prints per path the median wall time and process CPU time per request, and their
//! ratios to the first path. `BENCH_ONLY=<path name>` sends one path's requests alone
//! (`BENCH_GETS`, 10,000 unless set), e.g. to count instructions under callgrind: on a shared
//! machine wall and CPU times of identical paths differ by more than the measures cost.
//!
//! Instructions per `db.get`, engine included (callgrind, the whole process for 2,000 gets less
//! the same process for none; 2026-12-07, issue #43): compiled out 317,196; compiled in with no
//! recorder 315,931 (-0.40 %: the noise of two builds); null recorder 317,887 (+0.22 %);
//! debugging recorder 332,962 (+4.97 %); Prometheus recorder 325,472 (+2.61 %). Before the keys
//! of a series were kept (`measures/metrics.rs`): null +2.1 %, debugging +6.4 %. What remains
//! with a recorder is the recorder's: its registry compares each key it is given with the one it
//! holds, and `metrics::Key`'s equality sorts both keys' labels (dynakey's have five or six),
//! twice per measure in the debugging recorder (its registry and its list of series seen), once
//! in Prometheus's.

mod common;

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::Criterion;
use dynakey::{DefaultTable, Entity, Key};
use dynakey_runtime::{Db, Engine};
use metrics::{
    Counter, Gauge, Histogram, Key as MetricKey, KeyName, Metadata, Recorder, SharedString, Unit,
};
use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusRecorder};
use metrics_util::debugging::DebuggingRecorder;
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

fn gets() -> u64 {
    std::env::var("BENCH_GETS")
        .ok()
        .and_then(|g| g.parse().ok())
        .unwrap_or(10_000)
}

struct Setup {
    runtime: tokio::runtime::Runtime,
    _engine: Engine,
    db: Db,
    keys: Vec<Key<Doc>>,
    debugging: DebuggingRecorder,
    prometheus: PrometheusRecorder,
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
        .map(|id| Doc::key("bench", id).expect("key"))
        .collect();
    Setup {
        runtime,
        _engine: engine,
        db,
        keys,
        debugging: DebuggingRecorder::new(),
        prometheus: PrometheusBuilder::new().build_recorder(),
    }
}

/// A recorder that keeps nothing but is one (not zero-sized): the measures build their labels,
/// keys and handles, and the handles drop the values.
struct Null(#[allow(dead_code)] u8);

impl Recorder for Null {
    fn describe_counter(&self, _: KeyName, _: Option<Unit>, _: SharedString) {}
    fn describe_gauge(&self, _: KeyName, _: Option<Unit>, _: SharedString) {}
    fn describe_histogram(&self, _: KeyName, _: Option<Unit>, _: SharedString) {}
    fn register_counter(&self, key: &MetricKey, _: &Metadata<'_>) -> Counter {
        black_box(key);
        Counter::noop()
    }
    fn register_gauge(&self, key: &MetricKey, _: &Metadata<'_>) -> Gauge {
        black_box(key);
        Gauge::noop()
    }
    fn register_histogram(&self, key: &MetricKey, _: &Metadata<'_>) -> Histogram {
        black_box(key);
        Histogram::noop()
    }
}

#[derive(Clone, Copy)]
enum Path {
    NoRecorder,
    Null,
    Debugging,
    Prometheus,
}

const PATHS: [(&str, Path); 4] = [
    ("no recorder", Path::NoRecorder),
    ("null recorder", Path::Null),
    ("debugging recorder", Path::Debugging),
    ("prometheus recorder", Path::Prometheus),
];

/// `gets` gets, one after another, on a current-thread runtime of this thread (a local
/// recorder is this thread's), the engine's work on the setup's runtime.
fn get_many(s: &Setup, gets: u64) -> usize {
    let local = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let _engine = s.runtime.enter();
    local.block_on(async {
        let mut found = 0;
        for n in 0..gets {
            let key = &s.keys[usize::try_from(n % ITEMS).expect("small")];
            let doc: Option<Doc> = s.db.get(key).await.expect("get");
            found += usize::from(doc.is_some());
        }
        found
    })
}

fn run(s: &Setup, path: Path, gets: u64) -> usize {
    match path {
        Path::NoRecorder => get_many(s, gets),
        Path::Null => metrics::with_local_recorder(&Null(0), || get_many(s, gets)),
        Path::Debugging => metrics::with_local_recorder(&s.debugging, || get_many(s, gets)),
        Path::Prometheus => metrics::with_local_recorder(&s.prometheus, || get_many(s, gets)),
    }
}

fn benches(c: &mut Criterion, s: &Setup) {
    if common::only().is_some() {
        return;
    }
    for (name, path) in PATHS {
        assert_eq!(run(s, path, ITEMS), ITEMS as usize, "{name}");
    }
    let mut group = c.benchmark_group("100 GetItem, measures");
    for (name, path) in PATHS {
        group.bench_function(name, |b| b.iter(|| black_box(run(s, path, 100))));
    }
    group.finish();
}

fn summary(s: &Setup) {
    let gets = gets();
    let per = |d: Duration| d / u32::try_from(gets).expect("small");
    if let Some(only) = common::only() {
        for (name, path) in PATHS {
            if name == only {
                let start = Instant::now();
                assert_eq!(run(s, path, gets), gets as usize);
                println!("\n{name} alone: {:.1?} per request", per(start.elapsed()));
            }
        }
        return;
    }
    let rounds = 7;
    let times = common::alternating(rounds, PATHS.len(), |i| {
        assert_eq!(run(s, PATHS[i].1, gets), gets as usize);
    });
    let compiled = if cfg!(feature = "metrics") {
        "measures compiled in (feature metrics)"
    } else {
        "measures compiled out"
    };
    println!(
        "\nsummary, {gets} db.get one after another, {compiled} (median of {rounds} alternating \
         rounds, load {:?}):",
        common::load()
    );
    common::print_ratios(&PATHS.map(|(name, _)| name), &times, per);
}

fn main() {
    common::run(&setup(), Duration::from_secs(3), benches, summary);
}
