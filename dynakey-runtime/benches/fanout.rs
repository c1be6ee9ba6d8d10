//! A fan-out read over 10 shards of 1,000 items each against one partition of the same 10,000
//! items, on the same embedded engine, in the same run.
//!
//! - **fan-out**: `db.query(&q).items()` of a `query_shards` over `WS#bench#00` … `WS#bench#09` (exactly 1,000 items per
//!   shard), every shard asked concurrently, merged newest first by sort key;
//! - **one partition**: `Db::query` over `FLAT#bench`, the same logical items, newest first.
//!
//! Both decode every item into the entity. Items are about 150 bytes, so the single partition
//! takes two 1 MB pages, read one after the other, and each shard one page. A second pair reads
//! the 100 newest items (`limit(100)`), where the fan-out reads up to 100 items from every shard.
//!
//! Run with `cargo bench -p dynakey-runtime --features embedded --bench fanout`; the wall-time
//! ratios are printed at the end.

mod common;

use std::hint::black_box;
use std::time::{Duration, Instant};

use common::median;
use criterion::Criterion;
use dynakey::{DefaultTable, Entity};
use dynakey_runtime::{Db, Engine};
use futures::TryStreamExt;
use serde::{Deserialize, Serialize};

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[pk("WS#<workspace>", shards = 10, shard_by = "id")]
#[sk("PROJ#<created>#<id>")]
struct Sharded {
    workspace: String,
    created: u64,
    id: String,
    name: String,
    owner: String,
    status: String,
}

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[pk("FLAT#<workspace>")]
#[sk("PROJ#<created>#<id>")]
struct Flat {
    workspace: String,
    created: u64,
    id: String,
    name: String,
    owner: String,
    status: String,
}

const PER_SHARD: usize = 1_000;
const SHARDS: usize = 10;

struct Setup {
    runtime: tokio::runtime::Runtime,
    _engine: Engine,
    db: Db,
}

/// 10,000 items, exactly 1,000 per shard, written sharded and flat.
fn setup() -> Setup {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("tokio runtime");
    let (engine, db) = runtime.block_on(async {
        let engine = Engine::start().await.expect("engine");
        let db: Db = engine.fresh_table::<DefaultTable>().await.expect("table");
        let mut per_shard = [0usize; SHARDS];
        let mut sharded = Vec::with_capacity(PER_SHARD * SHARDS);
        for n in 0u64.. {
            if sharded.len() == PER_SHARD * SHARDS {
                break;
            }
            let id = format!("p{n:06}");
            let shard = usize::from(Sharded::shard_of(&id).expect("shard"));
            if per_shard[shard] == PER_SHARD {
                continue;
            }
            per_shard[shard] += 1;
            sharded.push(Sharded {
                workspace: "bench".into(),
                created: 1_767_225_600_000 + n * 60_000,
                id,
                name: format!("Project number {n}"),
                owner: format!("user{}@example.com", n % 97),
                status: if n % 3 == 0 { "ARCHIVED" } else { "ACTIVE" }.into(),
            });
        }
        let flat: Vec<Flat> = sharded
            .iter()
            .map(|s| Flat {
                workspace: s.workspace.clone(),
                created: s.created,
                id: s.id.clone(),
                name: s.name.clone(),
                owner: s.owner.clone(),
                status: s.status.clone(),
            })
            .collect();
        db.batch_put(&sharded).await.expect("write sharded");
        db.batch_put(&flat).await.expect("write flat");
        (engine, db)
    });
    Setup {
        runtime,
        _engine: engine,
        db,
    }
}

/// The first `limit` items (all without one) of the sharded partition by fan-out, newest first
/// unless `oldest_first`.
fn fan_out_in(s: &Setup, limit: Option<u32>, oldest_first: bool) -> Vec<Sharded> {
    let mut q = Sharded::query_shards("bench").begins_with(Sharded::sk());
    if !oldest_first {
        q = q.reverse();
    }
    if let Some(n) = limit {
        q = q.limit(n);
    }
    s.runtime
        .block_on(s.db.query(&q).items().try_collect())
        .expect("fan-out read")
}

/// The first `limit` items (all without one) of the unsharded partition, newest first unless
/// `oldest_first`.
fn one_partition_in(s: &Setup, limit: Option<u32>, oldest_first: bool) -> Vec<Flat> {
    let mut q = Flat::query("bench").begins_with(Flat::sk());
    if !oldest_first {
        q = q.reverse();
    }
    if let Some(n) = limit {
        q = q.limit(n);
    }
    s.runtime
        .block_on(s.db.query(&q).items().try_collect())
        .expect("flat read")
}

/// The newest `limit` items of the sharded partition, by fan-out (what is timed).
fn fan_out(s: &Setup, limit: Option<u32>) -> Vec<Sharded> {
    fan_out_in(s, limit, false)
}

/// The newest `limit` items of the unsharded partition (what is timed).
fn one_partition(s: &Setup, limit: Option<u32>) -> Vec<Flat> {
    one_partition_in(s, limit, false)
}

fn benches(c: &mut Criterion, s: &Setup) {
    // The same items in the same order, in both directions.
    for oldest_first in [false, true] {
        let sharded = fan_out_in(s, None, oldest_first);
        let flat = one_partition_in(s, None, oldest_first);
        assert_eq!(sharded.len(), PER_SHARD * SHARDS);
        assert_eq!(flat.len(), PER_SHARD * SHARDS);
        assert!(sharded.iter().map(|p| &p.id).eq(flat.iter().map(|p| &p.id)));
    }

    let mut group = c.benchmark_group("read 10,000 items newest first");
    group.sample_size(15);
    group.bench_function("fan-out over 10 shards of 1,000", |b| {
        b.iter(|| fan_out(s, None))
    });
    group.bench_function("one partition of 10,000", |b| {
        b.iter(|| one_partition(s, None))
    });
    group.finish();

    let mut group = c.benchmark_group("read the 100 newest of 10,000");
    group.sample_size(30);
    group.bench_function("fan-out over 10 shards of 1,000", |b| {
        b.iter(|| fan_out(s, Some(100)))
    });
    group.bench_function("one partition of 10,000", |b| {
        b.iter(|| one_partition(s, Some(100)))
    });
    group.finish();
}

/// Both contenders, alternating round by round, and the ratio of their median wall times.
fn summary(s: &Setup) {
    for (title, limit, rounds) in [
        ("all 10,000 items", None, 21),
        ("the 100 newest items", Some(100), 61),
    ] {
        let (mut ours, mut flat) = (Vec::new(), Vec::new());
        for _ in 0..rounds {
            let start = Instant::now();
            black_box(fan_out(s, limit));
            ours.push(start.elapsed());
            let start = Instant::now();
            black_box(one_partition(s, limit));
            flat.push(start.elapsed());
        }
        let (ours, flat) = (median(ours), median(flat));
        println!("\nsummary, {title}, newest first (median wall time of {rounds}, same run):");
        println!("  fan-out over 10 shards of 1,000: {ours:.2?}");
        println!("  one partition of 10,000:         {flat:.2?}");
        println!(
            "  ratio fan-out / one partition = {:.3}x{}",
            ours.as_secs_f64() / flat.as_secs_f64(),
            if limit.is_some() { " (goal <= 2x)" } else { "" }
        );
    }
    // What the fan-out sends for the 100 newest: one page filled to its limit.
    let q = Sharded::query_shards("bench")
        .begins_with(Sharded::sk())
        .reverse()
        .limit(100);
    let page = s
        .runtime
        .block_on(s.db.query(&q).page(None))
        .expect("fan-out page");
    let flat = Flat::query("bench")
        .begins_with(Flat::sk())
        .reverse()
        .limit(100);
    let flat = s
        .runtime
        .block_on(s.db.query(&flat).page(None))
        .expect("flat page");
    println!(
        "  the 100 newest: fan-out {} Query requests, {:?} read capacity units; one partition {} \
         request, {:?} units",
        page.requests, page.consumed_capacity, flat.requests, flat.consumed_capacity
    );
}

fn main() {
    common::run(&setup(), Duration::from_secs(4), benches, summary);
}
