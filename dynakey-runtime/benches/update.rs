//! 10,000 typed updates of one field against `UpdateItem` requests written by hand with a plain SDK
//! client, the same expressions and condition, 8 in flight on both sides, on the same embedded
//! engine, in the same run (issue #25: goal ≤ 1.05× the plain client's wall time).
//!
//! - **dynakey**: `db.update(&key).set(Doc::TITLE, …).condition(Doc::STATUS.eq("ACTIVE"))`, sent
//!   with `.await` (the typed plan rendered into `UpdateExpression`, `ConditionExpression` and
//!   their names and values at the SDK edge; the condition joined with the item's existence, as
//!   every dynakey update is; `ReturnValuesOnConditionCheckFailure = ALL_OLD`, as every
//!   conditional dynakey write asks, so that a refused condition returns the item as stored);
//! - **plain SDK**: `client.update_item()` on a plain `aws_sdk_dynamodb::Client` of the engine
//!   (`Engine::client`: nothing of dynakey's on it) with the key attributes built by hand
//!   (`format!`), `SET #title = :title` and `attribute_exists(#pk) AND #status = :status`, and
//!   nothing else (no `ReturnValuesOnConditionCheckFailure`: its body is 48 bytes shorter).
//!
//! Both update the same 10,000 existing items (one partition, the sort key `DOC#<folder>#<id>`),
//! `buffer_unordered(8)`. Every round writes another title, so no update is a no-op; both sides
//! are checked to leave the same items before timing.
//!
//! Run with `cargo bench -p dynakey-runtime --features embedded --bench update -- summary`; the
//! median wall and CPU times of rounds that alternate the two, their ratios and the load average
//! are printed at the end.

mod common;

use std::collections::HashMap;
use std::hint::black_box;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use aws_sdk_dynamodb::types::AttributeValue;
use aws_sdk_dynamodb::Client;
use criterion::Criterion;
use dynakey::{DefaultTable, Entity, Table, UpdateBuilder};
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
    status: String,
    created: u64,
}

const ITEMS: u64 = 10_000;
/// Updates in flight, on both sides.
const IN_FLIGHT: usize = 8;

struct Setup {
    runtime: tokio::runtime::Runtime,
    _engine: Engine,
    db: Db,
    /// A plain SDK client of the same engine.
    plain: Client,
    docs: Vec<Doc>,
    /// A number for each round's titles, so that every update changes the item.
    round: AtomicU64,
}

fn doc(id: u64) -> Doc {
    Doc {
        workspace: "bench".into(),
        folder: u32::try_from(id % 97).expect("small"),
        id,
        title: format!("Document number {id} of the benchmark"),
        owner: format!("user{}@example.com", id % 31),
        size: id * 1_000,
        status: "ACTIVE".into(),
        created: 1_764_000_000 + id,
    }
}

fn setup() -> Setup {
    let runtime = common::runtime();
    let docs: Vec<Doc> = (0..ITEMS).map(doc).collect();
    let (engine, db) = runtime.block_on(async {
        let engine = Engine::start().await.expect("engine");
        let db: Db = engine.fresh_table::<DefaultTable>().await.expect("table");
        db.batch_put(&docs).await.expect("write");
        (engine, db)
    });
    Setup {
        runtime,
        plain: engine.client(),
        _engine: engine,
        db,
        docs,
        round: AtomicU64::new(0),
    }
}

/// Every item's title updated through dynakey (what is timed).
fn ours(s: &Setup) -> usize {
    let round = s.round.fetch_add(1, Ordering::Relaxed);
    s.runtime
        .block_on(
            futures::stream::iter(&s.docs)
                .map(|doc| async move {
                    let key = Doc::key("bench", doc.folder, doc.id)?;
                    s.db.update(&key)
                        .set(Doc::TITLE, format!("Title {round} of {}", doc.id))
                        .condition(Doc::STATUS.eq("ACTIVE"))
                        .await
                })
                .buffer_unordered(IN_FLIGHT)
                .try_fold(0, |n, ()| async move { Ok(n + 1) }),
        )
        .expect("dynakey updates")
}

/// Every item's title updated with `UpdateItem` on a plain SDK client (what is timed).
fn plain(s: &Setup) -> usize {
    let round = s.round.fetch_add(1, Ordering::Relaxed);
    let table = s.db.table_name();
    let sort_key = DefaultTable::SORT_KEY.expect("the default table has a sort key");
    s.runtime
        .block_on(
            futures::stream::iter(&s.docs)
                .map(|doc| async move {
                    let key = HashMap::from([
                        (
                            DefaultTable::PARTITION_KEY.to_owned(),
                            AttributeValue::S(format!("WS#{}", doc.workspace)),
                        ),
                        (
                            sort_key.to_owned(),
                            AttributeValue::S(format!("DOC#{:010}#{:020}", doc.folder, doc.id)),
                        ),
                    ]);
                    s.plain
                        .update_item()
                        .table_name(table)
                        .set_key(Some(key))
                        .update_expression("SET #title = :title")
                        .condition_expression("attribute_exists(#pk) AND #status = :status")
                        .expression_attribute_names("#title", "title")
                        .expression_attribute_names("#pk", DefaultTable::PARTITION_KEY)
                        .expression_attribute_names("#status", "status")
                        .expression_attribute_values(
                            ":title",
                            AttributeValue::S(format!("Title {round} of {}", doc.id)),
                        )
                        .expression_attribute_values(":status", AttributeValue::S("ACTIVE".into()))
                        .send()
                        .await
                        .map(drop)
                })
                .buffer_unordered(IN_FLIGHT)
                .try_fold(0, |n, ()| async move { Ok(n + 1) }),
        )
        .expect("plain updates")
}

/// The items of the table, read through dynakey, by id.
fn read_back(s: &Setup) -> Vec<Doc> {
    let mut docs: Vec<Doc> = s
        .runtime
        .block_on(s.db.query(&Doc::query("bench")).items().try_collect())
        .expect("read back");
    docs.sort_by_key(|doc| doc.id);
    docs
}

fn benches(c: &mut Criterion, s: &Setup) {
    // The hand-written key is the one dynakey builds, and both sides write the titles of their
    // round into every item (and nothing else).
    let first = &s.docs[0];
    let key = Doc::key("bench", first.folder, first.id).expect("key");
    assert_eq!(
        key.partition(),
        "WS#bench",
        "the plain side's partition key"
    );
    assert_eq!(
        key.sort(),
        Some(format!("DOC#{:010}#{:020}", first.folder, first.id).as_str()),
        "the plain side's sort key"
    );
    for update in [ours, plain] {
        assert_eq!(update(s), s.docs.len());
        let round = s.round.load(Ordering::Relaxed) - 1;
        let expected: Vec<Doc> = s
            .docs
            .iter()
            .map(|doc| Doc {
                title: format!("Title {round} of {}", doc.id),
                ..doc.clone()
            })
            .collect();
        assert!(read_back(s) == expected, "every item updated, nothing else");
    }

    let mut group = c.benchmark_group("update one field of 10,000 items, 8 in flight");
    group.sample_size(10);
    group.bench_function("dynakey update", |b| b.iter(|| black_box(ours(s))));
    group.bench_function("plain SDK UpdateItem", |b| b.iter(|| black_box(plain(s))));
    group.finish();
}

fn summary(s: &Setup) {
    common::alternate(
        "10,000 updates of one field, 8 in flight",
        ("dynakey update", &|| black_box(ours(s))),
        ("plain SDK UpdateItem", &|| black_box(plain(s))),
        1.05,
    );
}

fn main() {
    common::run(&setup(), Duration::from_secs(10), benches, summary);
}
