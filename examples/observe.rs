//! Operating a table: what each access pattern costs, which key is hot, and a bulk load that
//! keeps to a capacity budget beside the live traffic (docs/guide.md, "Operating a table").
//!
//! An issue tracker on the embedded engine, with one hot issue that everyone opens and comments
//! on. The measures (feature `metrics`) go to a Prometheus recorder
//! (`metrics-exporter-prometheus`); the example prints
//! 1. a table per access pattern — requests, p50/p99 latency, read and write units, throttles —
//!    read from the Prometheus text exposition, and the hot-key report (`db.hot_keys()`);
//! 2. a bulk load (`batch_put`) under a 200 WCU/s `Governor` while live reads go on beside it,
//!    with both rates;
//! 3. the Prometheus text exposition itself (what a `/metrics` endpoint would serve).
//!
//! ```text
//! cargo run --example observe --features metrics
//! ```

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use dynakey::{Entity, Table, UpdateBuilder};
use dynakey_runtime::{CapacityBudget, Db, Engine, Governor, Measures};
use futures::TryStreamExt;
use metrics_exporter_prometheus::PrometheusBuilder;
use serde::{Deserialize, Serialize};

type BoxError = Box<dyn std::error::Error + Send + Sync>;

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByStatus, name = "GSI1", partition_key = "GSI1PK", sort_key = "GSI1SK", projection = all)]
struct Tracker;

/// An issue of a project, in the project's partition and in the index by status.
#[derive(Entity, Serialize, Deserialize, Debug, Clone)]
#[dynakey(table = Tracker)]
#[pk("PROJ#<project>")]
#[sk("ISSUE#<id>")]
#[index(ByStatus, pk = "STATUS#<status>", sk = "<id>")]
struct Issue {
    project: String,
    id: u32,
    status: String,
    title: String,
    comments: u32,
}

fn issue(project: &str, id: u32) -> Issue {
    Issue {
        project: project.to_owned(),
        id,
        status: if id.is_multiple_of(3) {
            "closed"
        } else {
            "open"
        }
        .to_owned(),
        title: format!("issue {id} of {project}"),
        comments: 0,
    }
}

/// The projects of the tracker; the hot issue is the first project's issue 1.
const PROJECTS: [&str; 8] = [
    "apollo", "gemini", "mercury", "skylab", "voyager", "viking", "pioneer", "mariner",
];

#[tokio::main]
async fn main() -> Result<(), BoxError> {
    // The measures go to the Prometheus recorder, installed for the whole process.
    let recorder = PrometheusBuilder::new().build_recorder();
    let prometheus = recorder.handle();
    metrics::set_global_recorder(recorder)?;

    let engine = Engine::start().await?;
    let table: Db<Tracker> = engine.fresh_table().await?;
    // Capacity per table and index on every request, and the hottest partition keys.
    let db = table.with_measures(Measures::default().hot_keys(8));

    // The tracker's issues, 25 per project.
    let issues: Vec<Issue> = PROJECTS
        .iter()
        .flat_map(|p| (1..=25).map(|id| issue(p, id)))
        .collect();
    db.batch_put(&issues).await?;

    // The live traffic: issue pages (the hot one far more often), comments on the hot issue,
    // the open issues by status.
    let hot = Issue::key("apollo", 1)?;
    for round in 0..400u32 {
        let project = PROJECTS[round as usize % PROJECTS.len()];
        let _: Option<Issue> = db
            .get(&Issue::key(project, round % 25 + 1)?)
            .pattern("issue_page")
            .await?;
        let _: Option<Issue> = db.get(&hot).pattern("issue_page").await?;
        if round.is_multiple_of(2) {
            db.update(&hot)
                .add(Issue::COMMENTS, 1)
                .pattern("comment")
                .await?;
        }
        if round.is_multiple_of(20) {
            let _: Vec<Issue> = db
                .query(&Issue::query_by_status("open"))
                .items()
                .try_collect()
                .await?;
        }
    }

    println!("== 1. per access pattern (from the Prometheus exposition)\n");
    print_patterns(&prometheus.render());
    println!("\n== the hottest partition keys (db.hot_keys())\n");
    let hot_keys = db.hot_keys();
    println!(
        "{:<16} {:<6} {:<8} {:<16} {:>10}",
        "partition key", "index", "entity", "template", "units"
    );
    for key in hot_keys.by_capacity.iter().take(5) {
        println!(
            "{:<16} {:<6} {:<8} {:<16} {:>10.1}",
            key.partition_key,
            key.index.as_deref().unwrap_or("-"),
            key.entity.unwrap_or("-"),
            key.template.unwrap_or("-"),
            key.count
        );
    }
    println!(
        "throttled keys: {} (the embedded engine does not throttle)",
        hot_keys.by_throttles.len()
    );

    println!("\n== 2. a bulk load under a budget, live reads beside it\n");
    let budget = 200.0;
    let governor = Governor::new(CapacityBudget::new().write_units_per_second(budget));
    let bulk = db.clone().with_governor(&governor);
    let imported: Vec<Issue> = (1..=500).map(|id| issue("import", id)).collect();
    let started = Instant::now();
    let load = tokio::spawn(async move {
        let report = bulk.batch_put(&imported).await?;
        Ok::<_, dynakey_runtime::Error>((report.items, started.elapsed()))
    });
    let (mut reads, mut slowest) = (0u32, Duration::ZERO);
    while !load.is_finished() {
        let asked = Instant::now();
        let _: Option<Issue> = db.get(&hot).pattern("issue_page").await?;
        slowest = slowest.max(asked.elapsed());
        reads += 1;
    }
    let live = started.elapsed().as_secs_f64();
    let (items, took) = load.await??;
    let took = took.as_secs_f64();
    let consumed = governor.consumed();
    println!(
        "bulk load: {items} items, {:.0} WCU in {took:.2} s = {:.1} WCU/s (budget {budget} \
         WCU/s, each item a unit for the table and one for GSI1); throttled {}",
        consumed.write,
        consumed.write / took,
        consumed.throttled
    );
    println!(
        "live reads beside it (not paced): {reads} GetItem in {live:.2} s = {:.0} reads/s, \
         slowest {:.1} ms",
        f64::from(reads) / live,
        slowest.as_secs_f64() * 1000.0
    );

    println!("\n== 3. the Prometheus text exposition\n");
    print!("{}", prometheus.render());
    Ok(())
}

/// One sample of the text exposition: its metric name, labels and value.
struct Sample {
    name: String,
    labels: BTreeMap<String, String>,
    value: f64,
}

/// The samples of a Prometheus text exposition (`name{label="value",…} value` lines; dynakey's
/// label values hold no quote, comma or brace).
fn samples(text: &str) -> Vec<Sample> {
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .filter_map(|line| {
            let (series, value) = line.rsplit_once(' ')?;
            let (name, labels) = match series.split_once('{') {
                Some((name, rest)) => (name, rest.trim_end_matches('}')),
                None => (series, ""),
            };
            let labels = labels
                .split(',')
                .filter_map(|pair| {
                    let (k, v) = pair.split_once('=')?;
                    Some((k.to_owned(), v.trim_matches('"').to_owned()))
                })
                .collect();
            Some(Sample {
                name: name.to_owned(),
                labels,
                value: value.parse().ok()?,
            })
        })
        .collect()
}

/// What one access pattern cost.
#[derive(Default)]
struct Row {
    operation: String,
    requests: f64,
    p50: f64,
    p99: f64,
    read_units: f64,
    write_units: f64,
    throttles: f64,
}

/// Prints one row per access pattern of the exposition `text`.
fn print_patterns(text: &str) {
    let mut rows: BTreeMap<String, Row> = BTreeMap::new();
    for s in samples(text) {
        let Some(pattern) = s.labels.get("pattern").filter(|p| !p.is_empty()) else {
            continue;
        };
        let row = rows.entry(pattern.clone()).or_default();
        if let Some(operation) = s.labels.get("operation") {
            if !row.operation.split('+').any(|o| o == operation) {
                if !row.operation.is_empty() {
                    row.operation.push('+');
                }
                row.operation.push_str(operation);
            }
        }
        let quantile = s.labels.get("quantile").map(String::as_str);
        match (s.name.as_str(), quantile) {
            ("dynakey_requests_total", _) => row.requests += s.value,
            ("dynakey_request_duration_seconds", Some("0.5")) => row.p50 = row.p50.max(s.value),
            ("dynakey_request_duration_seconds", Some("0.99")) => row.p99 = row.p99.max(s.value),
            ("dynakey_consumed_read_units_sum", _) => row.read_units += s.value,
            ("dynakey_consumed_write_units_sum", _) => row.write_units += s.value,
            ("dynakey_throttles_total", _) => row.throttles += s.value,
            _ => {}
        }
    }
    println!(
        "{:<16} {:<15} {:>8} {:>9} {:>9} {:>8} {:>8} {:>9}",
        "pattern", "operation", "requests", "p50 ms", "p99 ms", "RCU", "WCU", "throttles"
    );
    for (pattern, r) in &rows {
        println!(
            "{:<16} {:<15} {:>8} {:>9.2} {:>9.2} {:>8.1} {:>8.1} {:>9}",
            pattern,
            r.operation,
            r.requests,
            r.p50 * 1000.0,
            r.p99 * 1000.0,
            r.read_units,
            r.write_units,
            r.throttles
        );
    }
}
