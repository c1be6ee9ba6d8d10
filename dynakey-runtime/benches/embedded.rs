//! The embedded engine's per-request cost: 10,000 `GetItem` (`Db::get`, one after another) on the
//! in-process client (`Engine::client`, no socket) against the same requests over loopback HTTP to
//! dynoxide's server (`Engine::serve`, and the SDK's hyper client for cleartext HTTP: the path
//! `Engine::client` took before it went in-process), on the same engine and table, in the same run
//! (issue #28, item 8).
//!
//! Run with `cargo bench -p dynakey-runtime --features embedded-server --bench embedded`; the
//! summary at the end alternates the two paths round by round and prints, per path, the median
//! wall time per request and the process's CPU time per request (engine and client together, from
//! `/proc/self/stat` where there is one), and their ratios.

mod common;

use std::hint::black_box;
use std::time::{Duration, Instant};

use aws_sdk_dynamodb::config::{BehaviorVersion, Credentials, Region};
use common::median;
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
    owner: String,
}

/// Items in the table; the gets cycle through them.
const ITEMS: u64 = 1_000;
/// Gets per path and round.
const GETS: u64 = 10_000;

struct Setup {
    runtime: tokio::runtime::Runtime,
    _engine: Engine,
    in_process: Db,
    over_http: Db,
}

fn setup() -> Setup {
    let runtime = common::runtime();
    let (engine, in_process, over_http) = runtime.block_on(async {
        let engine = Engine::start().await.expect("engine");
        let in_process: Db = engine.fresh_table::<DefaultTable>().await.expect("table");
        let docs: Vec<Doc> = (0..ITEMS)
            .map(|id| Doc {
                workspace: "bench".into(),
                id,
                title: format!("Document number {id} of the benchmark"),
                owner: format!("user{}@example.com", id % 31),
            })
            .collect();
        in_process.batch_put(&docs).await.expect("write");
        let endpoint = engine.serve().await.expect("serve").to_owned();
        // The embedded engine's client as it was: the SDK's hyper client over cleartext HTTP.
        let config = aws_sdk_dynamodb::Config::builder()
            .behavior_version(BehaviorVersion::latest())
            .region(Region::new("us-east-1"))
            .credentials_provider(Credentials::new(
                "dynakey",
                "dynakey",
                None,
                None,
                "dynakey-embedded",
            ))
            .endpoint_url(endpoint)
            .http_client(aws_smithy_http_client::Builder::new().build_http())
            .build();
        let over_http = Db::new(
            aws_sdk_dynamodb::Client::from_conf(config),
            in_process.table_name(),
        );
        (engine, in_process, over_http)
    });
    Setup {
        runtime,
        _engine: engine,
        in_process,
        over_http,
    }
}

/// `gets` GetItem requests on `db`, one after another (what is timed).
fn get_many(s: &Setup, db: &Db, gets: u64) -> usize {
    s.runtime.block_on(async {
        let mut found = 0;
        for n in 0..gets {
            let key = Doc::key("bench", n % ITEMS).expect("key");
            let doc: Option<Doc> = db.get(&key).await.expect("get");
            found += usize::from(doc.is_some());
        }
        found
    })
}

fn benches(c: &mut Criterion, s: &Setup) {
    assert_eq!(
        get_many(s, &s.in_process, ITEMS),
        get_many(s, &s.over_http, ITEMS)
    );
    let mut group = c.benchmark_group("one GetItem on the embedded engine");
    group.bench_function("in process", |b| {
        b.iter(|| black_box(get_many(s, &s.in_process, 1)))
    });
    group.bench_function("loopback HTTP", |b| {
        b.iter(|| black_box(get_many(s, &s.over_http, 1)))
    });
    group.finish();
}

/// One round of `GETS` on `db`: wall and CPU time.
fn round(s: &Setup, db: &Db) -> (Duration, Option<Duration>) {
    let cpu = common::process_cpu();
    let start = Instant::now();
    assert_eq!(get_many(s, db, GETS), usize::try_from(GETS).expect("small"));
    let wall = start.elapsed();
    let cpu = cpu
        .zip(common::process_cpu())
        .map(|(before, after)| after - before);
    (wall, cpu)
}

/// Both paths, alternating round by round, and the ratio of their medians.
fn summary(s: &Setup) {
    let rounds = 5;
    let (mut wall_in, mut wall_http, mut cpu_in, mut cpu_http) = (vec![], vec![], vec![], vec![]);
    for _ in 0..rounds {
        let (wall, cpu) = round(s, &s.in_process);
        wall_in.push(wall);
        cpu_in.extend(cpu);
        let (wall, cpu) = round(s, &s.over_http);
        wall_http.push(wall);
        cpu_http.extend(cpu);
    }
    let per = |d: Duration| d / u32::try_from(GETS).expect("small");
    let (wall_in, wall_http) = (median(wall_in), median(wall_http));
    println!(
        "\nsummary, {GETS} GetItem one after another (median of {rounds} alternating rounds):"
    );
    println!(
        "  in process:     {wall_in:.3?} wall, {:.1?} per request",
        per(wall_in)
    );
    println!(
        "  loopback HTTP:  {wall_http:.3?} wall, {:.1?} per request",
        per(wall_http)
    );
    println!(
        "  wall ratio loopback HTTP / in process = {:.2}x",
        wall_http.as_secs_f64() / wall_in.as_secs_f64()
    );
    if cpu_in.len() == rounds && cpu_http.len() == rounds {
        let (cpu_in, cpu_http) = (median(cpu_in), median(cpu_http));
        println!(
            "  process CPU: in process {cpu_in:.2?} ({:.1?} per request), loopback HTTP {cpu_http:.2?} ({:.1?} per request), ratio {:.2}x",
            per(cpu_in),
            per(cpu_http),
            cpu_http.as_secs_f64() / cpu_in.as_secs_f64()
        );
    }
}

fn main() {
    common::run(&setup(), Duration::from_secs(5), benches, summary);
}
