//! Decoding one Query's worth of mixed items into a typed collection, against the floor.
//!
//! 10,000 items as the SDK returns them (`HashMap<String, AttributeValue>`): one workspace
//! settings item (`META`) and 9,999 projects (`PROJ#<id>`), each with its key attributes.
//!
//! - **collection**: `CollectionDecoder::<WorkspaceView>` — every item's sort key is matched against
//!   the members (literal-prefix dispatch, then the template with every segment validated), then
//!   the item is deserialised with `serde_dynamo` into its member;
//! - **floor**: `serde_dynamo::from_item` per *known* type — the caller already knows which item
//!   is which (the settings first, projects after), so nothing is matched.
//!
//! Both consume the same cloned items; cloning is outside the timed region. Run with
//! `cargo bench -p dynakey-runtime --bench collection`; the ratio is printed at the end.

use std::collections::HashMap;
use std::hint::black_box;
use std::time::{Duration, Instant};

use aws_sdk_dynamodb::types::AttributeValue;
use criterion::{BatchSize, Criterion};
use dynakey::{Collection, Entity};
use dynakey_runtime::item::to_item;
use dynakey_runtime::{CollectionDecoder, UnknownItems};
use serde::{Deserialize, Serialize};

type Item = HashMap<String, AttributeValue>;

#[derive(dynakey::Table)]
#[table(partition_key = "EntityRef", sort_key = "Detail")]
struct Workspaces;

#[derive(Entity, Serialize, Deserialize, Debug, PartialEq)]
#[dynakey(table = Workspaces)]
#[pk("WS#<workspace>")]
#[sk("META")]
struct Settings {
    workspace: String,
    name: String,
    plan: String,
    seats: u32,
}

#[derive(Entity, Serialize, Deserialize, Debug, PartialEq)]
#[dynakey(table = Workspaces)]
#[pk("WS#<workspace>")]
#[sk("PROJ#<id>")]
struct Project {
    workspace: String,
    /// Time-sortable: `<year>-<sequence>`.
    id: String,
    name: String,
    owner: String,
    status: String,
    created_at: u64,
}

#[derive(Collection, Debug, PartialEq)]
struct WorkspaceView {
    settings: Settings,
    projects: Vec<Project>,
}

const ITEMS: usize = 10_000;

fn items() -> Vec<Item> {
    let settings = Settings {
        workspace: "acme".into(),
        name: "Acme Corp".into(),
        plan: "enterprise".into(),
        seats: 250,
    };
    let mut items = vec![to_item(&settings).expect("bench fixture")];
    for i in 1..ITEMS {
        let project = Project {
            workspace: "acme".into(),
            id: format!("{}-{:06}", 2020 + i % 7, i),
            name: format!("Project number {i}"),
            owner: format!("user{}", i % 97),
            status: if i % 3 == 0 { "ARCHIVED" } else { "ACTIVE" }.into(),
            created_at: 1_700_000_000_000 + i as u64,
        };
        items.push(to_item(&project).expect("bench fixture"));
    }
    items
}

fn by_collection(items: Vec<Item>) -> WorkspaceView {
    let mut decoder = CollectionDecoder::<WorkspaceView>::new(UnknownItems::Error);
    for item in items {
        decoder.push(item).expect("known items");
    }
    decoder.finish().expect("complete").collection
}

/// The floor: the caller knows the first item is the settings and the rest are projects.
fn by_known_type(items: Vec<Item>) -> WorkspaceView {
    let mut items = items.into_iter();
    let settings: Settings =
        serde_dynamo::aws_sdk_dynamodb_1::from_item(items.next().expect("settings"))
            .expect("settings");
    let projects: Vec<Project> = items
        .map(|item| serde_dynamo::aws_sdk_dynamodb_1::from_item(item).expect("project"))
        .collect();
    WorkspaceView { settings, projects }
}

fn decode(c: &mut Criterion) {
    let items = items();
    assert!(by_collection(items.clone()) == by_known_type(items.clone()));
    let mut group = c.benchmark_group("decode 10,000 mixed items");
    group.sample_size(20);
    group.bench_function("dynakey collection", |b| {
        b.iter_batched(
            || items.clone(),
            |items| by_collection(black_box(items)),
            BatchSize::LargeInput,
        )
    });
    group.bench_function("serde_dynamo::from_item per known type", |b| {
        b.iter_batched(
            || items.clone(),
            |items| by_known_type(black_box(items)),
            BatchSize::LargeInput,
        )
    });
    group.finish();
}

/// Nanoseconds per item of one run of `f` over a fresh clone of `items`.
fn per_item(items: &[Item], f: fn(Vec<Item>) -> WorkspaceView) -> f64 {
    let batch = items.to_vec();
    let start = Instant::now();
    let view = f(black_box(batch));
    let elapsed = start.elapsed();
    drop(black_box(view));
    elapsed.as_nanos() as f64 / ITEMS as f64
}

fn summary() {
    let items = items();
    let rounds = 41;
    // Interleaved so drift affects both alike; the median of each.
    let mut ours = Vec::with_capacity(rounds);
    let mut floor = Vec::with_capacity(rounds);
    for _ in 0..rounds {
        ours.push(per_item(&items, by_collection));
        floor.push(per_item(&items, by_known_type));
    }
    let median = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let (ours, floor) = (median(ours), median(floor));
    println!("\nsummary (median ns/item over {rounds} runs of {ITEMS} items, same run):");
    println!(
        "  dynakey collection {ours:.1} ns/item, serde_dynamo per known type {floor:.1} ns/item"
    );
    println!(
        "  ratio collection / known type = {:.3}x (goal <= 1.05x)",
        ours / floor
    );
}

fn main() {
    let mut criterion = Criterion::default()
        .configure_from_args()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    decode(&mut criterion);
    criterion.final_summary();
    summary();
}
