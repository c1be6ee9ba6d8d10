//! Reading one partition of 100,000 items: `db.query(&q).items()` against the SDK paginator of a
//! plain SDK client and `serde_dynamo`, on the same embedded engine, in the same run (issues #16
//! and #25: goal ≤ 1.03× the plain read's wall time). The item has the shape issue #25 measured:
//! eight fields, two of them in the sort key.
//!
//! - **dynakey**: `db.query(&Doc::query("bench")).items().try_collect::<Vec<Doc>>()`: one Query
//!   per 1 MB page, each item decoded into the entity (`item::from_entity_item`: the key
//!   attributes taken off, then `serde_dynamo`);
//! - **raw**: `client.query()` on a plain `aws_sdk_dynamodb::Client` of the engine
//!   (`Engine::client`: nothing of dynakey's on it, unlike `Db::client`, which carries dynakey's
//!   tracing interceptor) with the same `KeyConditionExpression`, `into_paginator().items()`,
//!   and `serde_dynamo::aws_sdk_dynamodb_1::from_item` of every item into the same struct (which
//!   ignores the key attributes).
//!
//! Items are about 150 bytes, so a read takes about 15 pages, one after the other. Both read the
//! same items in the same order (checked before timing).
//!
//! Run with `cargo bench -p dynakey-runtime --features embedded --bench read`; the median wall times
//! of rounds that alternate the two, and their ratio, are printed at the end.

mod common;
#[path = "common/doc.rs"]
mod doc;

use std::hint::black_box;
use std::time::Duration;

use aws_sdk_dynamodb::types::AttributeValue;
use criterion::Criterion;
use doc::{doc, Doc};
use dynakey::{DefaultTable, Entity, Table};
use dynakey_runtime::{Db, Engine};
use futures::TryStreamExt;

const ITEMS: u64 = 100_000;

struct Setup {
    runtime: tokio::runtime::Runtime,
    _engine: Engine,
    db: Db,
    /// A plain SDK client of the same engine, for the raw read.
    plain: aws_sdk_dynamodb::Client,
    /// The partition key string, for the raw read.
    pk: String,
}

fn setup() -> Setup {
    let runtime = common::runtime();
    let (engine, db, pk) = runtime.block_on(async {
        let engine = Engine::start().await.expect("engine");
        let db: Db = engine.fresh_table::<DefaultTable>().await.expect("table");
        let docs: Vec<Doc> = (0..ITEMS).map(doc).collect();
        db.batch_put(&docs).await.expect("write");
        let pk = docs[0].partition_key().expect("partition key");
        (engine, db, pk)
    });
    Setup {
        runtime,
        plain: engine.client(),
        _engine: engine,
        db,
        pk,
    }
}

/// The whole partition through dynakey (what is timed).
fn ours(s: &Setup) -> Vec<Doc> {
    s.runtime
        .block_on(s.db.query(&Doc::query("bench")).items().try_collect())
        .expect("dynakey read")
}

/// The whole partition through the SDK's paginator and serde_dynamo (what is timed).
fn raw(s: &Setup) -> Vec<Doc> {
    s.runtime.block_on(async {
        let mut items = s
            .plain
            .query()
            .table_name(s.db.table_name())
            .key_condition_expression("#pk = :pk")
            .expression_attribute_names("#pk", DefaultTable::PARTITION_KEY)
            .expression_attribute_values(":pk", AttributeValue::S(s.pk.clone()))
            .into_paginator()
            .items()
            .send();
        let mut docs = Vec::new();
        while let Some(item) = items.next().await {
            let item = item.expect("raw read");
            docs.push(serde_dynamo::aws_sdk_dynamodb_1::from_item(item).expect("decode"));
        }
        docs
    })
}

fn benches(c: &mut Criterion, s: &Setup) {
    let (a, b) = (ours(s), raw(s));
    assert_eq!(a.len(), usize::try_from(ITEMS).expect("small"));
    assert!(a == b, "both read the same items in the same order");

    let mut group = c.benchmark_group("read a partition of 100,000 items");
    group.sample_size(10);
    group.bench_function("dynakey items()", |b| b.iter(|| ours(s)));
    group.bench_function("raw paginator + serde_dynamo", |b| b.iter(|| raw(s)));
    group.finish();
}

/// Both contenders in alternating rounds: median wall and CPU times, ratios, load average.
fn summary(s: &Setup) {
    common::alternate(
        "100,000 items of one partition",
        ("dynakey items()", &|| black_box(ours(s)).len()),
        ("plain paginator + serde_dynamo", &|| {
            black_box(raw(s)).len()
        }),
        1.03,
    );
}

fn main() {
    common::run(&setup(), Duration::from_secs(10), benches, summary);
}
