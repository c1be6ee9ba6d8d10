//! Decoding 100,000 stream records into typed changes of a table's item type
//! (`dynakey_runtime::changes::decode`) against what a user writes by hand with serde_dynamo: look
//! at the sort key, pick the type, `serde_dynamo::from_item` the image — same records, same run
//! (issue #23: goal ≤ 1.1×).
//!
//! The records are `INSERT`s with a new image (`NEW_IMAGE`): a third orgs, two thirds issues, of
//! one table listing both. The decoder also recognises the entity by its key templates (checked,
//! not guessed by prefix), passes over dynakey's uniqueness items, strips the attributes it wrote
//! and makes the typed key; the hand-written side does none of that.
//!
//! Run with `cargo bench -p dynakey-runtime --bench changes`; the median times of rounds that
//! alternate the two, and their ratio, are printed at the end.

mod common;

use std::collections::HashMap;
use std::hint::black_box;
use std::time::{Duration, Instant};

use aws_sdk_dynamodb::types::AttributeValue;
use common::median;
use criterion::{BatchSize, Criterion};
use dynakey::{Entity, Table};
use dynakey_runtime::changes::{decode, Change, ChangeRecord, EventName};
use dynakey_runtime::item::to_item;
use dynakey_runtime::UnknownItems;
use serde::{Deserialize, Serialize};

#[derive(Table, Debug)]
#[table(partition_key = "PK", sort_key = "SK")]
enum Tracker {
    Org(Org),
    Issue(Issue),
}

#[derive(Entity, Serialize, Deserialize, Debug, Clone)]
#[dynakey(table = Tracker)]
#[pk("ORG#<org>")]
#[sk("META")]
struct Org {
    org: String,
    name: String,
    plan: String,
}

#[derive(Entity, Serialize, Deserialize, Debug, Clone)]
#[dynakey(table = Tracker)]
#[pk("ORG#<org>")]
#[sk("ISSUE#<number>")]
struct Issue {
    org: String,
    number: u32,
    title: String,
    assignee: Option<String>,
    open: bool,
    votes: u32,
}

/// What the hand-written side decodes into.
#[derive(Debug)]
#[allow(dead_code)] // the values are black-boxed, not read
enum Plain {
    Org(Org),
    Issue(Issue),
}

const RECORDS: usize = 100_000;

fn records() -> Vec<ChangeRecord> {
    (0..RECORDS)
        .map(|n| {
            let org = format!("org{}", n % 1000);
            let item = if n % 3 == 0 {
                to_item(&Org {
                    org,
                    name: format!("Org {n}"),
                    plan: "team".into(),
                })
            } else {
                to_item(&Issue {
                    org,
                    number: n as u32,
                    title: format!("Issue number {n}"),
                    assignee: (n % 2 == 0).then(|| "ada".to_owned()),
                    open: n % 5 != 0,
                    votes: (n % 17) as u32,
                })
            }
            .expect("an item");
            let keys: HashMap<String, AttributeValue> = ["PK", "SK"]
                .iter()
                .map(|k| ((*k).to_owned(), item[*k].clone()))
                .collect();
            ChangeRecord::new(EventName::Insert, n.to_string(), keys).with_new_image(item)
        })
        .collect()
}

fn typed(records: Vec<ChangeRecord>) -> usize {
    let mut n = 0;
    for record in records {
        let change: Option<Change<Tracker>> =
            decode(record, UnknownItems::Error).expect("a change");
        n += usize::from(black_box(change).is_some());
    }
    n
}

/// By hand: the sort key's prefix picks the type, serde_dynamo decodes the image.
fn by_hand(records: Vec<ChangeRecord>) -> usize {
    let mut n = 0;
    for record in records {
        let image = record.new_image.expect("a new image");
        let plain = match image.get("SK").and_then(|v| v.as_s().ok()) {
            Some(sk) if sk.starts_with("ISSUE#") => {
                Plain::Issue(serde_dynamo::from_item(image).expect("an issue"))
            }
            _ => Plain::Org(serde_dynamo::from_item(image).expect("an org")),
        };
        black_box(plain);
        n += 1;
    }
    n
}

/// The records, made once.
struct Records(Vec<ChangeRecord>);

fn benches(c: &mut Criterion, input: &Records) {
    let mut group = c.benchmark_group("decode 100,000 stream records");
    group.sample_size(10);
    group.bench_function("dynakey changes::decode", |b| {
        b.iter_batched(|| input.0.clone(), typed, BatchSize::LargeInput)
    });
    group.bench_function("serde_dynamo by hand", |b| {
        b.iter_batched(|| input.0.clone(), by_hand, BatchSize::LargeInput)
    });
    group.finish();
}

fn summary(input: &Records) {
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    for _ in 0..9 {
        let copy = input.0.clone();
        let started = Instant::now();
        assert_eq!(typed(copy), RECORDS);
        ours.push(started.elapsed());
        let copy = input.0.clone();
        let started = Instant::now();
        assert_eq!(by_hand(copy), RECORDS);
        theirs.push(started.elapsed());
    }
    let (ours, theirs) = (median(ours), median(theirs));
    println!(
        "decode 100,000 records: dynakey {ours:.2?}, serde_dynamo by hand {theirs:.2?}: {:.2}×",
        ours.as_secs_f64() / theirs.as_secs_f64()
    );
}

fn main() {
    let input = Records(records());
    common::run(&input, Duration::from_secs(8), benches, summary);
}
