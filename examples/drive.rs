//! The main job: a real directory tree as one drive, and a subtree read back with one Query per page.
//!
//! Seed 1 ("composite sort keys as sortable tree addresses"): partition key `DRIVE#<account>`, sort
//! key = the full path, folders ending in `/`, so a folder sorts before its own subtree and
//! `begins_with(SK, "root/photos/")` reads the folder and everything below it in path order.
//!
//! Listing only one level ("only the direct children, not the whole subtree") is another access
//! pattern, modelled explicitly as the seed suggests: every item stores its parent folder, and a
//! parent GSI (partition key `DRIVE#<account>#<parent folder>`, sort key = the path) holds each
//! folder's children in one index partition, in path order. The root has no parent, so it is not in
//! the index (a sparse index).
//!
//! ```text
//! cargo run --release --example drive                 # the Rust toolchain's sysroot (~50,000 files)
//! cargo run --release --example drive -- DIR          # any directory
//! cargo run --release --example drive -- DIR SUBPATH  # and read root/SUBPATH/ (default: a folder
//!                                                     # with thousands of descendants)
//! cargo run --example drive -- --design DIR           # only write the table's design into DIR
//! cargo run --example drive -- --design DIR --png  # and its screenshots (headless Chromium)
//! ```
//!
//! `--design DIR` writes the picture of the design (`dynakey_runtime::design`) with a small
//! example tree: the entity chart, the drive's partition drawn as SVG (the picture in the
//! README), and a NoSQL Workbench model; nothing is sent to DynamoDB.
//!
//! It runs on the embedded engine; with `--aws` it uses a client configured the usual AWS way
//! instead (e.g. `AWS_ENDPOINT_URL_DYNAMODB`), on a table named `dynakey-drive`, created on the
//! first run (`Db::ensure_table`) and reused after that. Loading the same directory again
//! overwrites its items; read back a directory other than the one loaded before and the previous
//! one's items are still in the table.
//!
//! It loads the tree with BatchWriteItem behind a progress bar, reads the subtree page by page,
//! and checks the result against a fresh walk of the same folder on disk sorted by UTF-8 bytes;
//! then it lists one level of the same folder with one Query on the parent index and checks it
//! against the directory's entries on disk sorted by UTF-8 bytes. Each check prints a MATCH or
//! MISMATCH line; the exit code is 1 when one did not match.

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Instant;

use dynakey::{Entity, KeyPath, Table};
use dynakey_runtime::design::Design;
use dynakey_runtime::{Db, Engine};
use futures::TryStreamExt;
use indicatif::{ProgressBar, ProgressStyle};
use serde::{Deserialize, Serialize};

type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// The drive table: `PK`/`SK`, and the parent index that lists one folder's direct children; it
/// lists one entity, `Node`.
#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByParent, name = "ByParent", partition_key = "ParentPK", sort_key = "ParentSK", projection = all)]
enum Drive {
    Node(Node),
}

/// One file or folder of a drive.
#[derive(Entity, Serialize, Deserialize, Debug, Clone)]
#[dynakey(table = Drive)]
#[pk("DRIVE#<account>")]
#[sk("<path>")]
#[index(ByParent, pk = "DRIVE#<account>#<parent>", sk = "<path>")]
struct Node {
    account: String,
    path: KeyPath,
    /// The folder this item is in; `None` for the root, which is then not in the parent index.
    parent: Option<KeyPath>,
    /// Bytes on disk (0 for folders).
    size: u64,
}

const ACCOUNT: &str = "a91";
/// BatchWriteItem requests in flight while loading.
const WRITERS: usize = 4;

/// What the walk found: the drive's items, and what could not be stored, with the reason.
struct Walk {
    nodes: Vec<Node>,
    skipped: Vec<(PathBuf, String)>,
}

/// Walks `dir` (not following symlinks) into drive items under `prefix`, depth first.
fn walk(dir: &Path, prefix: &KeyPath, out: &mut Walk) {
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) => {
            out.skipped.push((dir.to_owned(), e.to_string()));
            return;
        }
    };
    for entry in entries {
        let entry = match entry {
            Ok(entry) => entry,
            Err(e) => {
                out.skipped.push((dir.to_owned(), e.to_string()));
                continue;
            }
        };
        let path = entry.path();
        let Some(name) = entry.file_name().to_str().map(str::to_owned) else {
            out.skipped.push((path, "name is not UTF-8".into()));
            continue;
        };
        let is_dir = entry.file_type().map(|t| t.is_dir()).unwrap_or(false);
        let child = if is_dir {
            prefix.child_folder(&name)
        } else {
            prefix.child_file(&name)
        };
        let key_path = match child {
            Ok(p) => p,
            Err(e) => {
                out.skipped.push((path, e.to_string()));
                continue;
            }
        };
        let node = Node {
            account: ACCOUNT.into(),
            path: key_path.clone(),
            parent: Some(prefix.clone()),
            size: if is_dir {
                0
            } else {
                entry.metadata().map(|m| m.len()).unwrap_or(0)
            },
        };
        // The key rules (docs/semantics.md §2) are checked here so the walk and the drive agree on what exists.
        if let Err(e) = check_keys(&node) {
            out.skipped.push((path, e.to_string()));
            continue;
        }
        out.nodes.push(node);
        if is_dir {
            walk(&path, &key_path, out);
        }
    }
}

/// The item's table and index keys, checked against the key rules.
fn check_keys(node: &Node) -> Result<(), dynakey::KeyError> {
    node.primary_key()?;
    node.index_keys()?;
    Ok(())
}

fn walk_tree(dir: &Path, root: &KeyPath) -> Walk {
    let mut out = Walk {
        nodes: Vec::new(),
        skipped: Vec::new(),
    };
    out.nodes.push(Node {
        account: ACCOUNT.into(),
        path: root.clone(),
        parent: root.parent(),
        size: 0,
    });
    walk(dir, root, &mut out);
    out
}

/// The drive's design, with a small tree as example items: a folder sorts right before its own
/// subtree, and the subtree read and the folder itself are drawn over them.
fn design() -> Result<Design<Drive>, BoxError> {
    let root = KeyPath::folder(["root"])?;
    let photos = root.child_folder("photos")?;
    let trip = photos.child_folder("2024 trip")?;
    let docs = root.child_folder("docs")?;
    let node = |path: &KeyPath, parent: Option<&KeyPath>, size: u64| Node {
        account: ACCOUNT.into(),
        path: path.clone(),
        parent: parent.cloned(),
        size,
    };
    let mut design = Design::new("drive")?.example(&node(&root, None, 0))?;
    let tree = [
        (docs.clone(), &root, 0),
        (docs.child_file("cv.pdf")?, &docs, 48_213),
        (photos.clone(), &root, 0),
        (trip.clone(), &photos, 0),
        (trip.child_file("beach.jpg")?, &trip, 2_811_004),
        (trip.child_file("dunes.jpg")?, &trip, 3_120_448),
        (photos.child_file("cat.png")?, &photos, 912_530),
        (photos.child_file("photos.txt")?, &photos, 120),
        (root.child_file("todo.md")?, &root, 311),
    ];
    for (path, parent, size) in &tree {
        design = design.example(&node(path, Some(parent), *size))?;
    }
    Ok(design
        .pattern(
            "the subtree of root/photos/",
            &Node::query(ACCOUNT).begins_with(Node::sk().prefix(&photos)),
        )?
        .pattern(
            "one folder: root/photos/",
            &Node::query(ACCOUNT).eq(Node::sk().path(&photos)),
        )?
        .pattern(
            "the direct children of root/photos/",
            &Node::query_by_parent(ACCOUNT, &photos),
        )?)
}

/// The folder to read back by default: from the root, keep descending into the child folder with
/// the most descendants while it still has at least 2,000.
fn busy_folder(nodes: &[Node], root: &KeyPath) -> KeyPath {
    // Every proper prefix of a key that ends in `/` is an ancestor folder's key.
    let mut descendants: HashMap<&str, usize> = HashMap::new();
    for node in nodes {
        let text = node.path.as_str();
        for (at, _) in text
            .match_indices('/')
            .filter(|(at, _)| at + 1 < text.len())
        {
            *descendants.entry(&text[..=at]).or_default() += 1;
        }
    }
    let mut folder = root.clone();
    loop {
        let best = nodes
            .iter()
            .filter(|n| n.path.is_folder() && n.path.parent().as_ref() == Some(&folder))
            .map(|n| {
                (
                    descendants.get(n.path.as_str()).copied().unwrap_or(0),
                    &n.path,
                )
            })
            .max();
        match best {
            Some((count, child)) if count >= 2_000 => folder = child.clone(),
            _ => return folder,
        }
    }
}

fn sysroot() -> Result<PathBuf, BoxError> {
    let out = std::process::Command::new(std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into()))
        .args(["--print", "sysroot"])
        .output()?;
    if !out.status.success() {
        return Err("`rustc --print sysroot` failed".into());
    }
    Ok(PathBuf::from(String::from_utf8(out.stdout)?.trim()))
}

#[tokio::main]
async fn main() -> Result<(), BoxError> {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--aws").collect();
    if let Some(at) = args.iter().position(|a| a == "--design") {
        let dir = args.get(at + 1).ok_or("--design needs a folder")?;
        // `--png`: the screenshots too, by a headless Chromium or Chrome (Design::write_png).
        let written = if args.iter().any(|a| a == "--png") {
            design()?.write_png(dir.as_ref())?
        } else {
            design()?.write_to(dir.as_ref())?
        };
        for file in written {
            println!("wrote {}", file.display());
        }
        return Ok(());
    }
    let use_aws = std::env::args().any(|a| a == "--aws");
    let dir = match args.first() {
        Some(dir) => PathBuf::from(dir),
        None => sysroot()?,
    };
    let root = KeyPath::folder(["root"])?;

    // 1. Walk the tree.
    let started = Instant::now();
    let tree = walk_tree(&dir, &root);
    let folders = tree.nodes.iter().filter(|n| n.path.is_folder()).count();
    println!(
        "walked {}: {} items ({} folders, {} files) in {:.2?}",
        dir.display(),
        tree.nodes.len(),
        folders,
        tree.nodes.len() - folders,
        started.elapsed()
    );
    for (path, why) in tree.skipped.iter().take(5) {
        println!("  skipped {}: {why}", path.display());
    }
    if tree.skipped.len() > 5 {
        println!("  … and {} more skipped", tree.skipped.len() - 5);
    }

    // 2. A table on the embedded engine (or real DynamoDB with --aws).
    let engine;
    let db: Db<Drive> = if use_aws {
        let db = Db::new(dynakey_runtime::connect_from_env().await, "dynakey-drive");
        // Created on the first run only; a table of that name with other keys is refused.
        let setup = db.ensure_table().await.unwrap_or_else(|e| refuse(&e));
        println!("table {}: {setup:?}", db.table_name());
        db
    } else {
        engine = Engine::start().await?;
        println!("embedded engine (in this process)");
        engine.fresh_table().await?
    };

    // 3. Load with batch writes behind a progress bar.
    let bar = ProgressBar::new(tree.nodes.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("loading {bar:40} {pos}/{len} items, {per_sec}, eta {eta}")?
            .progress_chars("=> "),
    );
    let started = Instant::now();
    // ONE call: it validates every item first, then streams them in requests of 25 with WRITERS in
    // flight, and on an error returns exactly what was not written.
    let report = db
        .clone()
        .with_batch_concurrency(WRITERS)
        .batch_put(&tree.nodes)
        .on_progress(|n| bar.inc(n as u64))
        .await?;
    bar.finish_and_clear();
    let (loaded, requests) = (report.items, report.requests);
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "loaded {loaded} items with {requests} BatchWriteItem requests in {seconds:.2} s ({:.0} items/s)",
        loaded as f64 / seconds
    );

    // 4. Read one subtree back: begins_with on the folder's key, one Query per 1 MB page.
    let folder = match args.get(1) {
        Some(sub) => KeyPath::parse(&format!("root/{}/", sub.trim_matches('/')))?,
        None => busy_folder(&tree.nodes, &root),
    };
    let query = Node::query(ACCOUNT).begins_with(Node::sk().prefix(&folder));
    let input = query.build()?;
    println!("\nsubtree {folder}");
    print_request(&input);
    let started = Instant::now();
    let (read, pages) = read_paths(&db, &query).await?;
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "  read {} items in {pages} pages in {:.3} s ({:.0} items/s)",
        read.len(),
        seconds,
        read.len() as f64 / seconds
    );

    // 5. The same folder walked on disk again, sorted by UTF-8 bytes.
    let relative: Vec<&str> = folder.segments().skip(1).collect();
    let on_disk_dir = relative.iter().fold(dir.clone(), |d, s| d.join(s));
    let walked = walk_tree(&on_disk_dir, &folder).nodes;
    let mut expected: Vec<String> = walked.iter().map(|n| n.path.as_str().to_owned()).collect();
    expected.sort_unstable_by(|a, b| a.as_bytes().cmp(b.as_bytes()));
    println!(
        "  filesystem walk of {}: {} items",
        on_disk_dir.display(),
        expected.len()
    );

    check_order(
        &read,
        &expected,
        &format!("{} items in {pages} pages, count and order equal to the filesystem walk sorted by UTF-8 bytes", read.len()),
        "the filesystem walk",
    );

    // 6. One level of the same folder: one Query on the parent index (no begins_with, no filter).
    let query = Node::query_by_parent(ACCOUNT, &folder);
    let input = query.build()?;
    println!("\none level of {folder} (parent index)");
    print_request(&input);
    let started = Instant::now();
    let (listed, pages) = read_paths(&db, &query).await?;
    let subfolders = listed.iter().filter(|p| p.ends_with('/')).count();
    println!(
        "  read {} items ({subfolders} folders, {} files) in {pages} pages in {:.3} s",
        listed.len(),
        listed.len() - subfolders,
        started.elapsed().as_secs_f64()
    );

    // 7. The directory's own entries on disk (the walk's items whose parent is the folder; the
    //    walk's first item is the folder itself), sorted by UTF-8 bytes.
    let mut entries: Vec<String> = walked
        .iter()
        .filter(|n| n.parent.as_ref() == Some(&folder))
        .map(|n| n.path.as_str().to_owned())
        .collect();
    entries.sort_unstable_by(|a, b| a.as_bytes().cmp(b.as_bytes()));
    println!(
        "  directory listing of {}: {} entries",
        on_disk_dir.display(),
        entries.len()
    );
    check_order(
        &listed,
        &entries,
        &format!("{} direct children in {pages} pages, count and order equal to the directory listing sorted by UTF-8 bytes", listed.len()),
        "the directory listing",
    );
    Ok(())
}

/// Prints why the table cannot be used (e.g. `Error::TableMismatch`, every difference named) and
/// exits with status 2.
fn refuse(error: &dynakey_runtime::Error) -> ! {
    eprintln!("{error}");
    std::process::exit(2)
}

/// Prints a Query request's key condition as DynamoDB receives it.
fn print_request(input: &dynakey::QueryInput) {
    if let Some(index) = &input.index_name {
        println!("  IndexName                 {index}");
    }
    println!(
        "  KeyConditionExpression    {}",
        input.key_condition_expression
    );
    println!(
        "  ExpressionAttributeNames  {:?}",
        input.expression_attribute_names
    );
    println!(
        "  ExpressionAttributeValues {:?}",
        input.expression_attribute_values
    );
}

/// Every page of `query` (one Query request each): the paths in the order DynamoDB returned
/// them, and the number of pages.
async fn read_paths<I: dynakey::ProjectsAll, S>(
    db: &Db<Drive>,
    query: &dynakey::KeyQuery<Node, I, S>,
) -> Result<(Vec<String>, usize), BoxError> {
    let mut pages = 0usize;
    let mut paths = Vec::new();
    let mut stream = std::pin::pin!(db.query(query).pages());
    while let Some(page) = stream.try_next().await? {
        pages += 1;
        paths.extend(page.items.into_iter().map(|n| n.path.as_str().to_owned()));
    }
    Ok((paths, pages))
}

/// Prints `MATCH: <matched>` when `read` equals `expected`; otherwise prints where they first
/// differ and exits with status 1.
fn check_order(read: &[String], expected: &[String], matched: &str, reference: &str) {
    let first_difference = read.iter().zip(expected).position(|(a, b)| a != b);
    if read.len() == expected.len() && first_difference.is_none() {
        println!("MATCH: {matched}");
    } else {
        println!(
            "MISMATCH: the query returned {} items, {reference} {}; first difference at {:?}",
            read.len(),
            expected.len(),
            first_difference.map(|i| (i, &read[i], &expected[i]))
        );
        std::process::exit(1);
    }
}

/// The design's checks (tests/engine_design.rs) on this example's own declarations; compiled only
/// when the test binary includes this file.
#[cfg(test)]
mod design_tests {
    use crate::engine_design as check;

    #[test]
    fn workbench_model() {
        check::workbench_model(&super::design().expect("the design"));
    }

    #[test]
    fn the_same_files_every_run() {
        check::deterministic(|| super::design().expect("the design"));
    }

    #[tokio::test]
    async fn ranges_are_what_the_engine_reads() -> Result<(), super::BoxError> {
        check::ranges_match_the_engine(super::design()?).await
    }
}
