//! A fan-out read over 10 shards of 1,000 items each against one partition of the same 10,000
//! items, on the same embedded engine, in the same run.
//!
//! - **fan-out**: `db.query(&q).items()` of a `query_shards` over `WS#bench#00` … `WS#bench#09` (exactly 1,000 items per
//!   shard), every shard asked concurrently, merged newest first by sort key;
//! - **one partition**: `Db::query` over `FLAT#bench`, the same logical items, newest first;
//! - **plain one partition** (summary only): the same read with a plain `aws_sdk_dynamodb::Client`
//!   of the engine (`Engine::client`: nothing of dynakey's on it), `ScanIndexForward = false`,
//!   `Limit` for the 100 newest, the paginator for all, and `serde_dynamo` (issue #25's baseline).
//!
//! The summary then sets the fan-out beside three fan-outs a plain client sends (every shard's
//! `Query` a task of its own, decoded with `serde_dynamo`, merged by sort key), on these items and
//! on the same number spread over the shards as write sharding spreads them (workspace `spread`,
//! each item in the shard its id hashes to, no shard capped): the **oracle**, which asks each
//! shard for exactly its share of the 100 newest (at least 1; the floor of any fan-out on this
//! engine), **by hand**, which asks every shard for 100, and **hindsight**, which asks every
//! shard for the largest share in one round (the least a reader that does not know which shard
//! holds most could ask without a second round). Beside them, the same fan-out **read again**
//! with the `Page::shares` of an earlier page as its `Query::shares_hint` (a feed read every few
//! seconds): a warm read, not the cold one the issue measures.
//!
//! Both decode every item into the entity. Items are about 150 bytes, so the single partition
//! takes two 1 MB pages, read one after the other, and each shard one page. A second pair reads
//! the 100 newest items (`limit(100)`), where the fan-out reads up to 100 items from every shard.
//!
//! Run with `cargo bench -p dynakey-runtime --features embedded --bench fanout`; the wall-time
//! ratios are printed at the end.

mod common;

use std::hint::black_box;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use aws_sdk_dynamodb::operation::query::builders::QueryFluentBuilder;
use aws_sdk_dynamodb::types::AttributeValue;
use criterion::Criterion;
use dynakey::{DefaultTable, Entity, Table};
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

/// Counts the `Query` requests and the items they returned, from the runtime's one `debug` event
/// per request (`dynakey_runtime::trace`), while `COUNTING` is on; with `FANOUT_TRACE` set, also
/// prints each request's item count.
struct RequestCounter;

static COUNTING: AtomicBool = AtomicBool::new(false);
static REQUESTS: AtomicU64 = AtomicU64::new(0);
static ITEMS: AtomicU64 = AtomicU64::new(0);

/// Picks the `items` field of a request event.
struct ItemsField(Option<u64>);

impl tracing::field::Visit for ItemsField {
    fn record_u64(&mut self, field: &tracing::field::Field, value: u64) {
        if field.name() == "items" {
            self.0 = Some(value);
        }
    }
    fn record_i64(&mut self, field: &tracing::field::Field, value: i64) {
        self.record_u64(field, u64::try_from(value).unwrap_or(0));
    }
    fn record_debug(&mut self, _: &tracing::field::Field, _: &dyn std::fmt::Debug) {}
}

impl tracing::Subscriber for RequestCounter {
    // Asked at every callsite each time (`sometimes`), and interested only while counting: the
    // timed reads run with no subscriber interested, as against a plain client, so dynakey's
    // interceptor adds nothing to them (no ConsumedCapacity asked, no event built).
    fn register_callsite(
        &self,
        _: &'static tracing::Metadata<'static>,
    ) -> tracing::subscriber::Interest {
        tracing::subscriber::Interest::sometimes()
    }
    fn enabled(&self, metadata: &tracing::Metadata<'_>) -> bool {
        COUNTING.load(Ordering::Relaxed) && metadata.target() == "dynakey_runtime::trace"
    }
    fn new_span(&self, _: &tracing::span::Attributes<'_>) -> tracing::span::Id {
        tracing::span::Id::from_u64(1)
    }
    fn record(&self, _: &tracing::span::Id, _: &tracing::span::Record<'_>) {}
    fn record_follows_from(&self, _: &tracing::span::Id, _: &tracing::span::Id) {}
    fn event(&self, event: &tracing::Event<'_>) {
        if !COUNTING.load(Ordering::Relaxed) {
            return;
        }
        let mut items = ItemsField(None);
        event.record(&mut items);
        REQUESTS.fetch_add(1, Ordering::Relaxed);
        ITEMS.fetch_add(items.0.unwrap_or(0), Ordering::Relaxed);
        if std::env::var_os("FANOUT_TRACE").is_some() {
            println!("    request: {} items", items.0.unwrap_or(0));
        }
    }
    fn enter(&self, _: &tracing::span::Id) {}
    fn exit(&self, _: &tracing::span::Id) {}
}

/// Runs `read` with requests counted: (its output, Query requests, items they returned).
fn counted<T>(read: impl FnOnce() -> T) -> (T, u64, u64) {
    REQUESTS.store(0, Ordering::Relaxed);
    ITEMS.store(0, Ordering::Relaxed);
    COUNTING.store(true, Ordering::Relaxed);
    let out = read();
    COUNTING.store(false, Ordering::Relaxed);
    (
        out,
        REQUESTS.load(Ordering::Relaxed),
        ITEMS.load(Ordering::Relaxed),
    )
}

const PER_SHARD: usize = 1_000;
const SHARDS: usize = 10;
/// The workspace of the items written as write sharding spreads them.
const SPREAD: &str = "spread";

struct Setup {
    runtime: tokio::runtime::Runtime,
    _engine: Engine,
    db: Db,
    /// A plain SDK client of the same engine.
    plain: aws_sdk_dynamodb::Client,
}

/// 10,000 items, exactly 1,000 per shard, written sharded and flat.
fn setup() -> Setup {
    let runtime = common::runtime();
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
        // The same items under another workspace, each in the shard its id hashes to, as write
        // sharding fills shards: their newest items spread over every shard, where the dealt
        // ones above sit in the few shards filled last.
        let spread: Vec<Sharded> = (0..sharded.len() as u64)
            .map(|n| Sharded {
                workspace: SPREAD.into(),
                created: 1_767_225_600_000 + n * 60_000,
                id: format!("p{n:06}"),
                name: format!("Project number {n}"),
                owner: format!("user{}@example.com", n % 97),
                status: if n % 3 == 0 { "ARCHIVED" } else { "ACTIVE" }.into(),
            })
            .collect();
        db.batch_put(&sharded).await.expect("write sharded");
        db.batch_put(&spread).await.expect("write spread");
        db.batch_put(&flat).await.expect("write flat");
        (engine, db)
    });
    Setup {
        runtime,
        plain: engine.client(),
        _engine: engine,
        db,
    }
}

/// The first `limit` items (all without one) of the sharded partition by fan-out, newest first
/// unless `oldest_first`.
fn fan_out_in(s: &Setup, limit: Option<u32>, oldest_first: bool) -> Vec<Sharded> {
    fan_out_of(s, "bench", limit, oldest_first)
}

/// As [`fan_out_in`], of `workspace`.
fn fan_out_of(s: &Setup, workspace: &str, limit: Option<u32>, oldest_first: bool) -> Vec<Sharded> {
    fan_out_hinted(s, workspace, limit, oldest_first, None)
}

/// As [`fan_out_of`], each shard first asked for about its share of an earlier page when `hint`
/// gives them (`Query::shares_hint`).
fn fan_out_hinted(
    s: &Setup,
    workspace: &str,
    limit: Option<u32>,
    oldest_first: bool,
    hint: Option<&[u32]>,
) -> Vec<Sharded> {
    let mut q = Sharded::query_shards(workspace).begins_with(Sharded::sk());
    if !oldest_first {
        q = q.reverse();
    }
    if let Some(n) = limit {
        q = q.limit(n);
    }
    let mut query = s.db.query(&q);
    if let Some(hint) = hint {
        query = query.shares_hint(hint);
    }
    s.runtime
        .block_on(query.items().try_collect())
        .expect("fan-out read")
}

/// `Page::shares` of the page of the 100 newest of `workspace`: the hint a feed read again
/// passes to `Query::shares_hint`.
fn page_shares(s: &Setup, workspace: &str) -> Vec<u32> {
    let q = Sharded::query_shards(workspace)
        .begins_with(Sharded::sk())
        .reverse()
        .limit(100);
    s.runtime
        .block_on(s.db.query(&q).page(None))
        .expect("fan-out page")
        .shares
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

/// A plain SDK client's `Query` of the items of `partition` whose sort key begins with `PROJ#`,
/// newest first (`ScanIndexForward = false`).
fn plain_newest(s: &Setup, partition: &str) -> QueryFluentBuilder {
    s.plain
        .query()
        .table_name(s.db.table_name())
        .key_condition_expression("#pk = :pk AND begins_with(#sk, :sk)")
        .expression_attribute_names("#pk", DefaultTable::PARTITION_KEY)
        .expression_attribute_names(
            "#sk",
            DefaultTable::SORT_KEY.expect("the default table has a sort key"),
        )
        .expression_attribute_values(":pk", AttributeValue::S(partition.to_owned()))
        .expression_attribute_values(":sk", AttributeValue::S("PROJ#".into()))
        .scan_index_forward(false)
}

/// The newest `limit` items (all without one) of the unsharded partition, read with a plain SDK
/// client and `serde_dynamo` (what is timed).
fn plain_one_partition(s: &Setup, limit: Option<u32>) -> Vec<Flat> {
    s.runtime.block_on(async {
        let query = plain_newest(s, "FLAT#bench");
        let items = match limit {
            Some(n) => query
                .limit(i32::try_from(n).expect("small"))
                .send()
                .await
                .expect("plain read")
                .items
                .unwrap_or_default(),
            None => query
                .into_paginator()
                .items()
                .send()
                .try_collect()
                .await
                .expect("plain read"),
        };
        items
            .into_iter()
            .map(|item| serde_dynamo::aws_sdk_dynamodb_1::from_item(item).expect("decode"))
            .collect()
    })
}

/// The newest 100 of the sharded partition read with a plain SDK client, every shard's `Query`
/// a task of its own (as the fan-out sends them), each asking for `asks[shard]` items
/// (`ScanIndexForward = false`, `Limit`), decoded with `serde_dynamo` and merged by sort key: with
/// each shard's exact share of the 100 newest (at least 1) it is an oracle, the floor of any
/// fan-out on this engine; with 100 for every shard it is the fan-out a user would write by hand.
fn plain_fan_out(s: &Setup, asks: &[(String, i32)]) -> Vec<Sharded> {
    s.runtime.block_on(async {
        let sk = DefaultTable::SORT_KEY.expect("the default table has a sort key");
        let mut tasks = tokio::task::JoinSet::new();
        for (partition, limit) in asks {
            let query = plain_newest(s, partition).limit(*limit);
            tasks.spawn(async move {
                let items = query
                    .send()
                    .await
                    .expect("plain read")
                    .items
                    .unwrap_or_default();
                items
                    .into_iter()
                    .map(|mut item| {
                        let key = match item.remove(sk) {
                            Some(AttributeValue::S(key)) => key,
                            _ => panic!("a sort key"),
                        };
                        let entity: Sharded =
                            serde_dynamo::aws_sdk_dynamodb_1::from_item(item).expect("decode");
                        (key, entity)
                    })
                    .collect::<Vec<_>>()
            });
        }
        let mut all = Vec::new();
        while let Some(read) = tasks.join_next().await {
            all.extend(read.expect("task"));
        }
        all.sort_unstable_by(|a, b| b.0.cmp(&a.0));
        all.truncate(100);
        all.into_iter().map(|(_, entity)| entity).collect()
    })
}

/// Every shard's partition key and how many of `newest` (the 100 newest of `workspace`, as the
/// fan-out read them) it holds, for the oracle.
fn exact_shares(workspace: &str, newest: &[Sharded]) -> Vec<(String, i32)> {
    (0..SHARDS)
        .map(|shard| {
            let partition = format!("WS#{workspace}#{shard:02}");
            let held = newest
                .iter()
                .filter(|item| item.partition_key().expect("key") == partition)
                .count();
            (partition, i32::try_from(held).expect("small"))
        })
        .collect()
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
    for limit in [None, Some(100)] {
        assert!(plain_one_partition(s, limit) == one_partition(s, limit));
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

/// The contenders in rounds of a rotating order (`common::rotated`), and the ratios of their
/// median wall times.
fn summary(s: &Setup) {
    if let Some(only) = common::only() {
        let read: fn(&Setup) = match only.as_str() {
            "fan-out" => |s| drop(black_box(fan_out(s, Some(100)))),
            "plain" => |s| drop(black_box(plain_one_partition(s, Some(100)))),
            _ => |s| drop(black_box(one_partition(s, Some(100)))),
        };
        let start = Instant::now();
        for _ in 0..common::rounds(1000) {
            read(s);
        }
        println!("\n{only}, the 100 newest, alone: {:.2?}", start.elapsed());
        let (_, requests, items) = counted(|| read(s));
        println!("  one more, counted: {requests} Query requests returning {items} items");
        return;
    }
    for (title, limit, rounds) in [
        ("all 10,000 items", None, 9),
        ("the 100 newest items", Some(100), 61),
    ] {
        let load_before = common::load();
        let medians = common::rotated(
            rounds,
            &[
                &|| drop(black_box(fan_out(s, limit))),
                &|| drop(black_box(one_partition(s, limit))),
                &|| drop(black_box(plain_one_partition(s, limit))),
            ],
        );
        let (ours, flat, plain) = (medians[0], medians[1], medians[2]);
        println!(
            "\nsummary, {title}, newest first (median wall time of {rounds} rounds of {} runs in a \
             row, in rotating order, same run):",
            common::BLOCK
        );
        println!("  fan-out over 10 shards of 1,000:       {ours:.2?}");
        println!("  one partition of 10,000:               {flat:.2?}");
        println!("  one partition, plain SDK client:       {plain:.2?}");
        let goal = if limit.is_some() { " (goal <= 2x)" } else { "" };
        println!(
            "  ratio fan-out / one partition = {:.3}x{goal}",
            ours.as_secs_f64() / flat.as_secs_f64(),
        );
        println!(
            "  ratio fan-out / plain one partition = {:.3}x{goal}",
            ours.as_secs_f64() / plain.as_secs_f64(),
        );
        common::print_load(load_before);
    }
    // The floor of any fan-out on this engine, and the fan-out a user would write by hand, on
    // the dealt items and on the spread ones.
    for workspace in ["bench", SPREAD] {
        let newest = fan_out_of(s, workspace, Some(100), false);
        let shares = exact_shares(workspace, &newest);
        let exact: Vec<(String, i32)> = shares
            .iter()
            .map(|(partition, held)| (partition.clone(), (*held).max(1)))
            .collect();
        let by_hand: Vec<(String, i32)> = shares.iter().map(|(p, _)| (p.clone(), 100)).collect();
        let largest = shares.iter().map(|(_, held)| *held).max().unwrap_or(1);
        let uniform: Vec<(String, i32)> =
            shares.iter().map(|(p, _)| (p.clone(), largest)).collect();
        assert!(
            plain_fan_out(s, &exact) == newest,
            "the oracle reads the same items"
        );
        assert!(
            plain_fan_out(s, &by_hand) == newest,
            "the hand-written fan-out too"
        );
        assert!(plain_fan_out(s, &uniform) == newest, "and the uniform one");
        let hint = page_shares(s, workspace);
        let hinted = |s: &Setup| fan_out_hinted(s, workspace, Some(100), false, Some(&hint));
        assert!(hinted(s) == newest, "a hint changes nothing read");
        let load_before = common::load();
        let medians = common::rotated(
            61,
            &[
                &|| drop(black_box(fan_out_of(s, workspace, Some(100), false))),
                &|| drop(black_box(plain_one_partition(s, Some(100)))),
                &|| drop(black_box(plain_fan_out(s, &exact))),
                &|| drop(black_box(plain_fan_out(s, &by_hand))),
                &|| drop(black_box(plain_fan_out(s, &uniform))),
                &|| drop(black_box(hinted(s))),
            ],
        );
        let (ours, plain, oracle, hand, even, again) = (
            medians[0], medians[1], medians[2], medians[3], medians[4], medians[5],
        );
        let held: Vec<i32> = shares.iter().map(|(_, held)| *held).collect();
        let (_, requests, items) = counted(|| fan_out_of(s, workspace, Some(100), false));
        let (_, again_requests, again_items) = counted(|| hinted(s));
        let kind = if workspace == SPREAD {
            "spread as write sharding spreads them"
        } else {
            "dealt until each shard held 1,000"
        };
        println!(
            "\nsummary, the 100 newest of items {kind} (shares {held:?}), against fan-outs with a plain \
             SDK client (median wall time of 61 rounds of {} runs in a row, in rotating order, same run):",
            common::BLOCK
        );
        println!("  fan-out over 10 shards, {requests} Query requests returning {items} items: {ours:.2?}");
        println!(
            "  the same read again with the shares of an earlier page as its hint ({hint:?}), \
             {again_requests} Query requests returning {again_items} items: {again:.2?}"
        );
        println!("  one partition, plain SDK client, 1 request returning 100 items: {plain:.2?}");
        println!(
            "  plain oracle fan-out, each shard asked for its share (1 at least): {oracle:.2?}"
        );
        println!("  plain fan-out by hand, each shard asked for 100: {hand:.2?}");
        println!(
            "  plain fan-out in hindsight, each shard asked for the largest share ({largest}), one \
             round: {even:.2?}"
        );
        for (name, time) in [
            ("fan-out", ours),
            ("fan-out read again, hinted", again),
            ("oracle", oracle),
            ("by hand", hand),
            ("hindsight", even),
        ] {
            println!(
                "  ratio {name} / plain one partition = {:.3}x",
                time.as_secs_f64() / plain.as_secs_f64()
            );
        }
        println!(
            "  ratio fan-out / plain fan-out by hand = {:.3}x",
            ours.as_secs_f64() / hand.as_secs_f64()
        );
        common::print_load(load_before);
    }
    // What the timed reads send and read for the 100 newest (the items stream).
    let (_, ours_requests, ours_items) = counted(|| fan_out(s, Some(100)));
    let (_, flat_requests, flat_items) = counted(|| one_partition(s, Some(100)));
    println!(
        "  the 100 newest, items(): fan-out {ours_requests} Query requests returning \
         {ours_items} items; one partition {flat_requests} request(s) returning {flat_items} items"
    );
    // What the fan-out sends for the 100 newest as one page filled to its limit.
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
        "  the 100 newest, page(None): fan-out {} Query requests, {:?} read capacity units; one partition {} \
         request, {:?} units",
        page.requests, page.consumed_capacity, flat.requests, flat.consumed_capacity
    );
}

fn main() {
    tracing::subscriber::set_global_default(RequestCounter).expect("the only subscriber");
    common::run(&setup(), Duration::from_secs(4), benches, summary);
}
