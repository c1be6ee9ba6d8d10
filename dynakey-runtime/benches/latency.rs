//! The rows of issue #47 that run under the latency model: the engine in a process of its own
//! (`Engine::serve`), every answer delayed as in-region DynamoDB answers (log-normal, median 4 ms,
//! p99 12 ms, plus the bytes' transfer at 100 MB/s; docs/performance.md, "The latency model").
//!
//! **read**: one partition of 100,000 items (the shape of row a: eight fields, two in the sort
//! key, about 150 bytes), against a plain SDK client written the two ways a user writes it:
//!
//! - **dynakey items()**: `db.query(&Doc::query("bench")).items().try_collect::<Vec<Doc>>()`,
//!   which asks for the next page while the current one is decoded (read-ahead, one page);
//! - **plain, decode as it streams**: the SDK paginator's `items()`, each item decoded with
//!   `serde_dynamo` as it comes;
//! - **plain, collect then decode**: every item of the paginator collected first, then decoded.
//!
//! Goal: dynakey ≤ 0.9× the faster plain way. Each round runs every contender once, the order
//! rotated round by round; the figures are the medians of the rounds.
//!
//! Run with `cargo bench -p dynakey-runtime --features embedded-server --bench latency -- summary`
//! (`BENCH_ROUNDS=<n>` rounds, 7 unless set; `LATENCY_SEED=<n>` another seed).

mod common;
#[path = "common/doc.rs"]
mod doc;
#[path = "common/remote.rs"]
mod remote;

use std::hint::black_box;
use std::time::{Duration, Instant};

use aws_sdk_dynamodb::types::AttributeValue;
use doc::{doc, Doc};
use dynakey::{DefaultTable, Entity, Table};
use dynakey_runtime::Db;
use futures::TryStreamExt;
use remote::Latency;

const ITEMS: u64 = 100_000;
const TABLE: &str = "latency";

fn main() {
    if remote::is_engine() {
        remote::serve(|client| async move {
            let db: Db = Db::new(client, TABLE);
            db.create_table().await.expect("table");
            db.batch_put_stream(futures::stream::iter((0..ITEMS).map(doc)))
                .await
                .expect("load");
        });
        return;
    }
    // `cargo bench` passes `--bench`; `cargo test --benches` only checks that it starts.
    if std::env::args().any(|a| a == "--bench") {
        read();
    }
}

fn seed() -> u64 {
    std::env::var("LATENCY_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(47)
}

/// The read row.
fn read() {
    let engine = remote::spawn(&[]);
    let runtime = common::runtime();
    // One latency model (one seeded sequence of draws) per client, so that each contender's
    // draws do not depend on the others'.
    let db: Db = Db::new(
        remote::client(&engine.endpoint, Some(Latency::in_region(seed()))),
        TABLE,
    );
    let plain = remote::client(&engine.endpoint, Some(Latency::in_region(seed() + 1)));
    let pk = doc(0).partition_key().expect("partition key");
    let query = || {
        plain
            .query()
            .table_name(TABLE)
            .key_condition_expression("#pk = :pk")
            .expression_attribute_names("#pk", DefaultTable::PARTITION_KEY)
            .expression_attribute_values(":pk", AttributeValue::S(pk.clone()))
            .into_paginator()
            .items()
            .send()
    };
    let ours = || -> Vec<Doc> {
        runtime
            .block_on(db.query(&Doc::query("bench")).items().try_collect())
            .expect("dynakey read")
    };
    let streaming = || -> Vec<Doc> {
        runtime.block_on(async {
            let mut items = query();
            let mut docs = Vec::new();
            while let Some(item) = items.next().await {
                let item = item.expect("plain read");
                docs.push(serde_dynamo::aws_sdk_dynamodb_1::from_item(item).expect("decode"));
            }
            docs
        })
    };
    let collecting = || -> Vec<Doc> {
        runtime.block_on(async {
            let items: Vec<_> = query().collect().await;
            items
                .into_iter()
                .map(|item| {
                    serde_dynamo::aws_sdk_dynamodb_1::from_item(item.expect("plain read"))
                        .expect("decode")
                })
                .collect()
        })
    };
    let a = ours();
    assert_eq!(a.len(), usize::try_from(ITEMS).expect("small"));
    assert!(
        a == streaming() && a == collecting(),
        "all read the same items"
    );

    let names = [
        "dynakey items() (read-ahead)",
        "plain, decode as it streams",
        "plain, collect then decode",
    ];
    let contenders: [&dyn Fn() -> Vec<Doc>; 3] = [&ours, &streaming, &collecting];
    let rounds = common::rounds(7);
    let load_before = common::load();
    let mut wall = vec![Vec::new(); 3];
    let mut cpu = vec![Vec::new(); 3];
    for round in 0..rounds {
        for k in 0..3 {
            let i = (round + k) % 3;
            let before = common::process_cpu();
            let start = Instant::now();
            black_box(contenders[i]());
            wall[i].push(start.elapsed());
            if let Some((b, a)) = before.zip(common::process_cpu()) {
                cpu[i].push(a - b);
            }
        }
    }
    let median = |t: &Vec<Duration>| common::median(t.clone());
    let best_plain = median(&wall[1]).min(median(&wall[2]));
    println!(
        "\nsummary, read 100,000 items of one partition under the latency model, the engine in \
         its own process ({rounds} rounds, order rotated, medians):"
    );
    for i in 0..3 {
        let cpu = if cpu[i].len() == rounds {
            format!(", client CPU {:.2?}", median(&cpu[i]))
        } else {
            String::new()
        };
        println!(
            "  {:<30} {:.3?} ({:.3}x the faster plain way{cpu}; all {:.2?})",
            names[i],
            median(&wall[i]),
            median(&wall[i]).as_secs_f64() / best_plain.as_secs_f64(),
            wall[i]
        );
    }
    println!("  goal: dynakey <= 0.9x the faster plain way");
    common::print_load(load_before);
}
