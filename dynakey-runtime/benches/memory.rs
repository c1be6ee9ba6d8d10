//! Peak resident memory of dynakey's long jobs against the number of items (issue #47: the peak
//! at 1,000,000 items at most 1.2× the peak at 100,000):
//!
//! - **items**: `items()` over one partition of N items, each decoded and dropped;
//! - **batch_put_stream**: `batch_put_stream` of N items made as they are taken;
//! - **migrate**: `db.migrate::<Note>()` over N items written without the index key attributes
//!   (each one an `UpdateItem` that adds them: a reindex);
//! - **delete_all**: `delete_all` of one partition of N items;
//! - **idle**: a client that connects and sends one request, for the floor of every figure;
//! - **batch_put_vec** (not in the default list): `batch_put(&items)` of a `Vec` of N items, for
//!   comparison (the input and one key per item held);
//! - **keys_then_delete** (not in the default list): every key of the partition collected
//!   (`keys().items()`), then `batch_delete` of them: what `delete_all` did before issue #47.
//!
//! Each measure is two fresh processes, both this program started again: the **engine** (an
//! embedded engine loaded with the job's items and served over HTTP, `Engine::serve`; its memory
//! grows with the data) and the **job**, a client over HTTP that runs the job and prints its own
//! peak resident set (`VmHWM` of `/proc/self/status`), the figure given. The engine's process is
//! not measured.
//!
//! Run with `cargo bench -p dynakey-runtime --features embedded-server --bench memory -- summary`;
//! `MEMORY_JOBS="items migrate"` for some jobs, `MEMORY_SIZES="100000 1000000"` for other counts.

#[path = "common/remote.rs"]
mod remote;

use std::process::{Command, Stdio};
use std::time::Instant;

use dynakey::{Entity, Table};
use dynakey_runtime::Db;
use futures::{stream, TryStreamExt};
use serde::{Deserialize, Serialize};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByOwner, name = "GSI1", partition_key = "GSI1PK", sort_key = "GSI1SK", projection = all)]
struct Notes;

/// A note as it is first written: no index.
#[derive(Entity, Serialize, Deserialize, Debug, Clone)]
#[dynakey(table = Notes)]
#[pk("FOLDER#<folder>")]
#[sk("NOTE#<id>")]
struct NoteV1 {
    folder: String,
    id: u32,
    owner: String,
    title: String,
}

/// The same note, by owner in GSI1: the migration's target.
#[derive(Entity, Serialize, Deserialize, Debug, Clone)]
#[dynakey(table = Notes)]
#[pk("FOLDER#<folder>")]
#[sk("NOTE#<id>")]
#[index(ByOwner, pk = "OWNER#<owner>", sk = "NOTE#<id>")]
struct Note {
    folder: String,
    id: u32,
    owner: String,
    title: String,
}

const TABLE: &str = "memory";
const JOBS: [&str; 5] = ["idle", "items", "batch_put_stream", "migrate", "delete_all"];

fn note(id: u32) -> NoteV1 {
    NoteV1 {
        folder: "f".into(),
        id,
        owner: format!("user{}@example.com", id % 97),
        title: format!("Note number {id} of the memory bench"),
    }
}

fn main() {
    if remote::is_engine() {
        return engine();
    }
    match std::env::var("MEMORY_ROLE").as_deref() {
        Ok("job") => job(),
        // `cargo bench` passes `--bench`; `cargo test --benches` only checks that it starts.
        _ if std::env::args().any(|a| a == "--bench") => summary(),
        _ => {}
    }
}

/// The job's runtime: 2 worker threads, as every bench's.
fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("tokio runtime")
}

fn env(name: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| panic!("{name} is not set"))
}

fn items() -> u32 {
    env("MEMORY_ITEMS").parse().expect("MEMORY_ITEMS")
}

/// The engine's process: the job's items loaded, then served.
fn engine() {
    let (job, n) = (env("MEMORY_JOB"), items());
    remote::serve(|client| async move {
        let db: Db<Notes> = Db::new(client, TABLE);
        db.create_table().await.expect("table");
        if !matches!(job.as_str(), "batch_put_stream" | "batch_put_vec" | "idle") {
            db.batch_put_stream(stream::iter((0..n).map(note)))
                .await
                .expect("load");
        }
    });
}

/// The job's process: runs it over HTTP and prints its peak resident set.
fn job() {
    let (job, n) = (env("MEMORY_JOB"), items());
    let db: Db<Notes> = Db::new(remote::client(&env("MEMORY_ENDPOINT"), None), TABLE);
    let rt = runtime();
    let done = rt.block_on(async {
        match job.as_str() {
            "idle" => {
                db.client()
                    .describe_table()
                    .table_name(TABLE)
                    .send()
                    .await
                    .expect("describe");
                0
            }
            "items" => db
                .query(&NoteV1::query("f"))
                .items()
                .try_fold(0u64, |n, note| async move {
                    std::hint::black_box(note);
                    Ok(n + 1)
                })
                .await
                .expect("read"),
            "batch_put_stream" => {
                let report = db
                    .batch_put_stream(stream::iter((0..n).map(note)))
                    .await
                    .expect("batch_put_stream");
                report.items as u64
            }
            "migrate" => {
                let report = db.migrate::<Note>().send().await.expect("migrate");
                report.reindexed
            }
            "batch_put_vec" => {
                let items: Vec<NoteV1> = (0..n).map(note).collect();
                db.batch_put(&items).await.expect("batch_put").items as u64
            }
            "keys_then_delete" => {
                let keys: Vec<_> = db
                    .query(&NoteV1::query("f"))
                    .keys()
                    .items()
                    .try_collect()
                    .await
                    .expect("keys");
                db.batch_delete(&keys).await.expect("batch_delete").items as u64
            }
            "delete_all" => {
                let report = db
                    .delete_all(&NoteV1::query("f"))
                    .await
                    .expect("delete_all");
                report.items as u64
            }
            other => panic!("no job {other}"),
        }
    });
    let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    let peak = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .expect("VmHWM");
    println!("PEAK {peak} DONE {done}");
}

/// Runs every job at every size, each in fresh processes, and prints the peaks.
fn summary() {
    let jobs: Vec<String> = std::env::var("MEMORY_JOBS")
        .map(|j| j.split_whitespace().map(str::to_owned).collect())
        .unwrap_or_else(|_| JOBS.iter().map(|j| (*j).to_owned()).collect());
    let sizes: Vec<u32> = std::env::var("MEMORY_SIZES")
        .ok()
        .map(|s| {
            s.split_whitespace()
                .map(|n| n.parse().expect("MEMORY_SIZES"))
                .collect()
        })
        .unwrap_or_else(|| vec![100_000, 1_000_000]);
    let me = std::env::current_exe().expect("this program");
    println!("peak resident memory of the job's process (VmHWM), the engine in another process");
    for job in &jobs {
        let mut peaks = Vec::new();
        for &n in &sizes {
            let engine =
                remote::spawn(&[("MEMORY_JOB", job.clone()), ("MEMORY_ITEMS", n.to_string())]);
            let start = Instant::now();
            let out = Command::new(&me)
                .env("MEMORY_ROLE", "job")
                .env("MEMORY_JOB", job)
                .env("MEMORY_ITEMS", n.to_string())
                .env("MEMORY_ENDPOINT", &engine.endpoint)
                .stderr(Stdio::inherit())
                .output()
                .expect("the job's process");
            let took = start.elapsed();
            drop(engine);
            let out = String::from_utf8_lossy(&out.stdout);
            let mut words = out.split_whitespace();
            let peak: u64 = match (words.next(), words.next()) {
                (Some("PEAK"), Some(kb)) => kb.parse().expect("PEAK"),
                _ => panic!("{job} at {n}: no figure in {out:?}"),
            };
            let done = words.nth(1).unwrap_or("?");
            println!(
                "  {job:<17} {n:>9} items: peak {:>7.1} MiB ({done} done, {took:.1?})",
                peak as f64 / 1024.0
            );
            peaks.push(peak);
        }
        if let (Some(first), Some(last)) = (peaks.first(), peaks.last()) {
            if peaks.len() > 1 {
                println!(
                    "  {job:<17} peak at {} against {}: {:.3}x",
                    sizes[sizes.len() - 1],
                    sizes[0],
                    *last as f64 / *first as f64
                );
            }
        }
    }
    if let Ok(load) = std::fs::read_to_string("/proc/loadavg") {
        println!("load average: {}", load.trim());
    }
}
