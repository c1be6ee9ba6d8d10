//! A key design that changes, migrated while nothing is lost: the drive as version 1 stored it,
//! rewritten into version 2 (docs/semantics.md §10).
//!
//! - **Version 1** stored a drive's files and folders under partition key `DRIVE#<account>` and
//!   sort key = the path, with no index: a subtree was one `begins_with` query, and listing one
//!   folder's direct children meant reading its whole subtree.
//! - **Version 2** prefixes the sort key with the item's type (`PATH#<path>`), so that other
//!   entities can share the drive's partition, and adds the parent GSI (`ByParent`) that lists one
//!   folder's direct children. It declares version 1's template with `#[was(sk = "<path>")]`.
//!
//! The example loads a real directory with version 1, then runs what a deployment of version 2
//! runs: `ensure_table` (refused: the GSI is missing), `add_missing_indexes`, a dry run (counts
//! and example keys old → new, nothing written), the migration behind a progress bar, and a
//! second migration that finds nothing left to do. Then it reads the subtree and one level of the
//! busiest folder with version 2's queries and checks both against the filesystem; each check
//! prints MATCH or MISMATCH, and the exit code is 1 when one did not match.
//!
//! ```text
//! cargo run --example migrate            # the Rust toolchain's std docs (~2,600 files)
//! cargo run --example migrate -- DIR     # any directory
//! ```

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Instant;

use dynakey::{Entity, KeyPath, Table};
use dynakey_runtime::{CapacityBudget, Db, Engine, MigrationReport};
use futures::TryStreamExt;
use indicatif::{ProgressBar, ProgressStyle};
use serde::{Deserialize, Serialize};

type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// The drive table as version 1 declared it: no index.
#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
struct DriveV1;

/// A file or folder as version 1 stored it.
#[derive(Entity, Serialize, Deserialize, Debug, Clone)]
#[dynakey(table = DriveV1)]
#[pk("DRIVE#<account>")]
#[sk("<path>")]
struct NodeV1 {
    account: String,
    path: KeyPath,
    parent: Option<KeyPath>,
    size: u64,
}

/// The drive table as version 2 declares it: the parent index added.
#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByParent, name = "ByParent", partition_key = "ParentPK", sort_key = "ParentSK", projection = all)]
enum Drive {
    Node(Node),
}

/// A file or folder, version 2: a typed sort key, listed by parent folder; version 1's sort key
/// is an earlier shape, which reads still accept.
#[derive(Entity, Serialize, Deserialize, Debug, Clone)]
#[dynakey(table = Drive)]
#[pk("DRIVE#<account>")]
#[sk("PATH#<path>")]
#[was(sk = "<path>")]
#[index(ByParent, pk = "DRIVE#<account>#<parent>", sk = "<path>")]
struct Node {
    account: String,
    path: KeyPath,
    /// The folder this item is in; `None` for the root, which is then not in the parent index.
    parent: Option<KeyPath>,
    size: u64,
}

const ACCOUNT: &str = "a91";

/// Walks `dir` (not following symlinks) into version-1 items under `prefix`; entries whose names
/// cannot be keys are left out, as the drive example does.
fn walk(dir: &Path, prefix: &KeyPath, out: &mut Vec<NodeV1>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let Some(name) = entry.file_name().to_str().map(str::to_owned) else {
            continue;
        };
        let is_dir = entry.file_type().is_ok_and(|t| t.is_dir());
        let child = match is_dir {
            true => prefix.child_folder(&name),
            false => prefix.child_file(&name),
        };
        let Ok(path) = child else { continue };
        let node = NodeV1 {
            account: ACCOUNT.into(),
            path: path.clone(),
            parent: Some(prefix.clone()),
            size: entry.metadata().map_or(0, |m| m.len()),
        };
        if node.primary_key().is_err() {
            continue;
        }
        out.push(node);
        if is_dir {
            walk(&entry.path(), &path, out);
        }
    }
}

fn tree(dir: &Path, root: &KeyPath) -> Vec<NodeV1> {
    let mut nodes = vec![NodeV1 {
        account: ACCOUNT.into(),
        path: root.clone(),
        parent: root.parent(),
        size: 0,
    }];
    walk(dir, root, &mut nodes);
    nodes
}

fn default_dir() -> Result<PathBuf, BoxError> {
    let out = std::process::Command::new(std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into()))
        .args(["--print", "sysroot"])
        .output()?;
    let sysroot = PathBuf::from(String::from_utf8(out.stdout)?.trim());
    Ok(sysroot.join("share/doc/rust/html/std"))
}

fn print_report(report: &MigrationReport) {
    println!("  {report}");
    println!(
        "  {:.1} read and {:.1} write capacity units, {} throttled, {:.2?}",
        report.read_units, report.write_units, report.throttled, report.elapsed
    );
    for example in &report.examples {
        println!(
            "  {:?} {}: SK {:?} → {:?} {:?}",
            example.kind,
            example.entity,
            example.old.1.as_deref().unwrap_or(""),
            example.new.1.as_deref().unwrap_or(""),
            example.attributes
        );
    }
    for failure in report.failed.iter().take(5) {
        println!("  failed {:?}: {}", failure.sort, failure.reason);
    }
}

/// The folder read back: the one with the most descendants among the root's children.
fn busy_folder(nodes: &[NodeV1], root: &KeyPath) -> KeyPath {
    let under = |folder: &KeyPath| {
        let prefix = folder.as_str();
        nodes
            .iter()
            .filter(|n| n.path.as_str().starts_with(prefix))
            .count()
    };
    nodes
        .iter()
        .filter(|n| n.path.is_folder() && n.path.parent().as_ref() == Some(root))
        .max_by_key(|n| under(&n.path))
        .map_or_else(|| root.clone(), |n| n.path.clone())
}

/// Prints MATCH or MISMATCH; `false` on a mismatch.
fn check(what: &str, read: &[String], expected: &[String]) -> bool {
    if read == expected {
        println!("MATCH: {what}: {} items", read.len());
        return true;
    }
    let at = read.iter().zip(expected).position(|(a, b)| a != b);
    println!(
        "MISMATCH: {what}: read {} items, expected {} (first difference at {at:?})",
        read.len(),
        expected.len()
    );
    false
}

#[tokio::main]
async fn main() -> Result<(), BoxError> {
    let dir = match std::env::args().nth(1) {
        Some(dir) => PathBuf::from(dir),
        None => default_dir()?,
    };
    let root = KeyPath::folder(["root"])?;
    let nodes = tree(&dir, &root);
    println!("walked {}: {} items", dir.display(), nodes.len());

    // 1. Version 1: its table (no index) and its items.
    let engine = Engine::start().await?;
    let v1: Db<DriveV1> = engine.db("drive");
    v1.create_table().await?;
    let loaded = v1.batch_put(&nodes).await?;
    println!(
        "version 1 loaded {} items (sort key = the path, no index)",
        loaded.items
    );

    // 2. Version 2 deploys: the table lacks its GSI, which is added explicitly.
    let db: Db<Drive> = engine.db("drive");
    match db.ensure_table().await {
        Err(e) => println!("\nensure_table refuses the table as it is:\n  {e}"),
        Ok(setup) => println!("\nensure_table: {setup:?}"),
    }
    let started = Instant::now();
    let added = db.add_missing_indexes().await?;
    println!(
        "add_missing_indexes: {added:?} in {:.2?} (UpdateTable, waited until ACTIVE)",
        started.elapsed()
    );
    println!("ensure_table now: {:?}", db.ensure_table().await?);

    // 3. What the migration would do, writing nothing.
    println!("\ndry run:");
    let plan = db.migrate::<Node>().dry_run().await?;
    print_report(&plan);

    // 4. The migration, behind a progress bar, within a write budget.
    let bar = ProgressBar::new(plan.scanned);
    bar.set_style(
        ProgressStyle::with_template(
            "migrating {bar:40} {pos}/{len} items scanned, {msg}, eta {eta}",
        )?
        .progress_chars("=> "),
    );
    let progress = bar.clone();
    let report = db
        .migrate::<Node>()
        .segments(4)
        .budget(CapacityBudget::new().write_units_per_second(20_000.0))
        .on_progress(move |r| {
            progress.set_position(r.scanned);
            progress.set_message(format!(
                "{} rewritten, {:.0} items/s",
                r.rewritten(),
                r.rate()
            ));
        })
        .send()
        .await?;
    bar.finish_and_clear();
    println!("\nmigration:");
    print_report(&report);
    let again = db.migrate::<Node>().send().await?;
    println!("a second run: {again}");

    // 5. Version 2's reads, checked against the filesystem.
    let folder = busy_folder(&nodes, &root);
    let relative: Vec<&str> = folder.segments().skip(1).collect();
    let on_disk = relative.iter().fold(dir.clone(), |d, s| d.join(s));
    let walked = tree(&on_disk, &folder);
    let sorted = |mut paths: Vec<String>| {
        paths.sort_unstable_by(|a, b| a.as_bytes().cmp(b.as_bytes()));
        paths
    };
    let subtree: Vec<String> = db
        .query(&Node::query(ACCOUNT).begins_with(Node::sk().prefix(&folder)))
        .items()
        .map_ok(|n: Node| n.path.as_str().to_owned())
        .try_collect()
        .await?;
    let expected = sorted(walked.iter().map(|n| n.path.as_str().to_owned()).collect());
    let mut ok = check(
        &format!("the subtree of {folder}, one begins_with query on PATH#"),
        &subtree,
        &expected,
    );
    let level: Vec<String> = db
        .query(&Node::query_by_parent(ACCOUNT, &folder))
        .items()
        .map_ok(|n: Node| n.path.as_str().to_owned())
        .try_collect()
        .await?;
    let children = sorted(
        walked
            .iter()
            .filter(|n| n.parent.as_ref() == Some(&folder))
            .map(|n| n.path.as_str().to_owned())
            .collect(),
    );
    ok &= check(
        &format!("one level of {folder}, the new parent index"),
        &level,
        &children,
    );
    ok &= report.failed.is_empty() && again.rewritten() == 0;
    if !ok {
        std::process::exit(1);
    }
    Ok(())
}

#[cfg(test)]
mod migrate_tests {
    use super::*;

    /// Version 1's sort key is an earlier shape of version 2's, and its keys parse as `Node`'s.
    #[test]
    fn version_one_keys_are_an_earlier_shape() -> Result<(), BoxError> {
        let root = KeyPath::folder(["root"])?;
        let old = NodeV1 {
            account: ACCOUNT.into(),
            path: root.child_file("a.txt")?,
            parent: Some(root),
            size: 1,
        };
        let key = old.primary_key()?;
        assert!(dynakey::Key::<Node>::is_key(key.partition(), key.sort()));
        assert!(!dynakey::Key::<Node>::is_current(
            key.partition(),
            key.sort()
        ));
        Ok(())
    }
}
