//! Reads under faults: property tests over seeds, 10,000 items each, through the fault-injecting
//! proxy (`common/fault_proxy.rs`) in front of the embedded engine, with 400 throttling, 500
//! after forwarding, connections dropped before and after forwarding, and delays on `Query`
//! requests (`Scan` requests for the scan), and SDK retries off so that every fault but a delay fails its read:
//!
//! - paged queries of one partition (page sizes and directions drawn per seed, `page(cursor)` and
//!   `pages()` from a cursor in turn): after each error the read resumes from the last cursor it
//!   was given, and in the end the items read are exactly the partition's, in order — no
//!   duplicate, no gap;
//! - fan-out queries over the 8 shards of a sharded entity: the same, merged by sort key;
//! - parallel scans of 4 segments (page sizes drawn per seed): resumed from the last cursor after
//!   each error, the items read are exactly the table's, each once;
//! - collection reads of a parent and 10,000 children (about 4 MB, so several pages): a read
//!   either fails or returns exactly the collection; and a collection read resumed from the
//!   cursor of a page returns exactly the children after it.
//!
//! Each test prints, per seed, the items read, the errors met and the faults the proxy injected
//! per kind (run with `--nocapture` to see them; `.ci/run` does).

use crate::common;

use std::time::Duration;

use aws_sdk_dynamodb::config::retry::RetryConfig;
use common::fault_proxy::{FaultCounts, FaultMix, FaultProxy};
use dynakey::{Collection, Cursor, DefaultTable, Entity, KeyQuery};
use dynakey_runtime::UnknownItems;
use dynakey_runtime::{Db, Error};
use futures::StreamExt;
use serde::{Deserialize, Serialize};

use common::{BoxError, TestEngine};

const SEEDS: [u64; 5] = [1, 2, 3, 4, 5];
const ITEMS: u32 = 10_000;
/// Reads (pages, or whole collections) before giving up on a seed.
const MAX_READS: u32 = 5_000;

/// One partition of documents.
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[pk("G#<group>")]
#[sk("DOC#<id>")]
struct Doc {
    group: u32,
    id: u32,
    body: String,
}

/// Documents spread over 8 shards by id.
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[pk("S#<group>", shards = 8, shard_by = "id")]
#[sk("DOC#<id>")]
struct Spread {
    group: u32,
    id: u32,
    body: String,
}

/// The parent of a collection.
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[pk("W#<workspace>")]
#[sk("META")]
struct Settings {
    workspace: String,
    plan: String,
}

/// Its children.
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[pk("W#<workspace>")]
#[sk("PROJ#<id>")]
struct Project {
    workspace: String,
    id: u32,
    body: String,
}

#[derive(Collection, Debug, PartialEq)]
struct Workspace {
    settings: Option<Settings>,
    projects: Vec<Project>,
}

/// Faults on about a quarter of the `operation` requests (`Query`, `Scan`).
fn faults(operation: &str) -> FaultMix {
    FaultMix::none()
        .throttle(0.06)
        .server_error(0.05)
        .drop_before(0.04)
        .drop_after(0.04)
        .delay(0.05, Duration::from_millis(3))
        .only(&[operation])
}

/// The engine, a table on it, and the same table through a fault proxy without SDK retries.
struct Setup {
    _engine: TestEngine,
    direct: Db,
    proxy: FaultProxy,
    db: Db,
}

async fn setup(seed: u64) -> Result<Setup, BoxError> {
    setup_faulting(seed, "Query").await
}

/// [`setup`] with the faults on `operation`.
async fn setup_faulting(seed: u64, operation: &str) -> Result<Setup, BoxError> {
    let engine = TestEngine::start().await?;
    let direct: Db = engine.db("reads");
    direct.create_table().await?;
    let proxy = FaultProxy::start(&engine.endpoint().await?, seed, faults(operation)).await?;
    let client = common::client_for(proxy.endpoint(), Some(RetryConfig::disabled()));
    let db = Db::new(client, "reads");
    Ok(Setup {
        _engine: engine,
        direct,
        proxy,
        db,
    })
}

/// A seeded body of 10–200 bytes.
fn body(rng: &mut fastrand::Rng) -> String {
    "b".repeat(rng.usize(10..200))
}

/// What one seed of a test did, and the totals over the seeds.
#[derive(Default)]
struct Report {
    items: usize,
    reads: u32,
    errors: u32,
    faults: Vec<FaultCounts>,
}

impl Report {
    fn seed(
        &mut self,
        what: &str,
        seed: u64,
        items: usize,
        reads: u32,
        errors: u32,
        p: &FaultProxy,
    ) {
        let counts = p.counts();
        eprintln!(
            "{what} seed {seed}: {items} items read in {reads} reads, {errors} failed (then resumed from the last cursor, or read again); \
             proxy: {counts}"
        );
        self.items += items;
        self.reads += reads;
        self.errors += errors;
        self.faults.push(counts);
    }

    fn print(&self, what: &str) {
        let sum = |f: fn(&FaultCounts) -> u64| self.faults.iter().map(f).sum::<u64>();
        common::report(&format!(
            "{what}: {} seeds, {} items read in {} reads, {} failed (then resumed or read again); faults \
             injected: throttled {}, 500 {}, dropped before forwarding {}, dropped after \
             forwarding {}, delayed {} ({} requests)",
            self.faults.len(),
            self.items,
            self.reads,
            self.errors,
            sum(|c| c.throttled),
            sum(|c| c.server_errors),
            sum(|c| c.dropped_before),
            sum(|c| c.dropped_after),
            sum(|c| c.delayed),
            sum(|c| c.requests),
        ));
        assert!(
            self.errors > 0,
            "no read failed: the resume paths went untested"
        );
    }
}

/// Reads `query` to the end through `db`, page after page with seeded page sizes, alternating
/// `page(cursor)` and `pages()` from the cursor; after an error, resumes from the last cursor
/// received. Returns the items, in the order read, with the number of reads and of errors.
async fn read_resuming<E>(
    db: &Db,
    query: &KeyQuery<E>,
    rng: &mut fastrand::Rng,
) -> Result<(Vec<E>, u32, u32), BoxError>
where
    E: dynakey::InTable<DefaultTable> + serde::de::DeserializeOwned + Send + 'static,
{
    let mut items = Vec::new();
    let mut cursor: Option<Cursor> = None;
    let (mut reads, mut errors) = (0, 0);
    loop {
        reads += 1;
        assert!(reads <= MAX_READS, "no end after {MAX_READS} reads");
        let limit = rng.u32(1..400);
        if rng.bool() {
            match db
                .query(&query.clone().limit(limit))
                .page(cursor.as_ref())
                .await
            {
                Ok(page) => {
                    assert!(page.items.len() <= limit as usize);
                    items.extend(page.items);
                    cursor = page.next;
                    if cursor.is_none() {
                        return Ok((items, reads, errors));
                    }
                }
                Err(Error::Sdk { .. }) => errors += 1,
                Err(other) => return Err(format!("unexpected {other}").into()),
            }
        } else {
            // Pages of one request per partition each, up to `limit` items in all.
            let mut pages = Box::pin(
                db.query(&query.clone().limit(limit))
                    .from(cursor.as_ref())
                    .pages(),
            );
            let mut ended = true;
            while let Some(page) = pages.next().await {
                match page {
                    Ok(page) => {
                        items.extend(page.items);
                        ended = page.next.is_none();
                        cursor = page.next;
                    }
                    Err(Error::Sdk { .. }) => {
                        errors += 1;
                        ended = false;
                        break;
                    }
                    Err(other) => return Err(format!("unexpected {other}").into()),
                }
            }
            if ended && cursor.is_none() {
                return Ok((items, reads, errors));
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn paged_queries_read_every_item_once_under_faults() -> Result<(), BoxError> {
    let mut report = Report::default();
    for seed in SEEDS {
        let s = setup(seed).await?;
        let mut rng = fastrand::Rng::with_seed(seed);
        let mut docs: Vec<Doc> = (0..ITEMS)
            .map(|id| Doc {
                group: 1,
                id,
                body: body(&mut rng),
            })
            .collect();
        s.direct.batch_put(&docs).await?;
        // The sort key's order: ids are zero-padded, so numeric order.
        let mut query = Doc::query(1u32);
        if seed % 2 == 0 {
            query = query.reverse();
            docs.reverse();
        }
        let (read, reads, errors) = read_resuming(&s.db, &query, &mut rng).await?;
        assert_eq!(read.len(), docs.len(), "seed {seed}: no duplicate, no gap");
        assert!(read == docs, "seed {seed}: every item once, in order");
        report.seed("paged query", seed, read.len(), reads, errors, &s.proxy);
    }
    report.print("paged queries");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fan_out_queries_read_every_item_once_under_faults() -> Result<(), BoxError> {
    let mut report = Report::default();
    for seed in SEEDS {
        let s = setup(seed).await?;
        let mut rng = fastrand::Rng::with_seed(seed);
        let mut docs: Vec<Spread> = (0..ITEMS)
            .map(|id| Spread {
                group: 1,
                id,
                body: body(&mut rng),
            })
            .collect();
        s.direct.batch_put(&docs).await?;
        let mut query = Spread::query_shards(1u32);
        if seed % 2 == 0 {
            query = query.reverse();
            docs.reverse();
        }
        let (read, reads, errors) = read_resuming(&s.db, &query, &mut rng).await?;
        assert_eq!(read.len(), docs.len(), "seed {seed}: no duplicate, no gap");
        assert!(
            read == docs,
            "seed {seed}: every item once, merged in order"
        );
        report.seed("fan-out query", seed, read.len(), reads, errors, &s.proxy);
    }
    report.print("fan-out queries (8 shards)");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn parallel_scans_read_every_item_once_under_faults() -> Result<(), BoxError> {
    let mut report = Report::default();
    for seed in SEEDS {
        let s = setup_faulting(seed, "Scan").await?;
        let mut rng = fastrand::Rng::with_seed(seed);
        let docs: Vec<Doc> = (0..ITEMS)
            .map(|id| Doc {
                group: id % 7,
                id,
                body: body(&mut rng),
            })
            .collect();
        s.direct.batch_put(&docs).await?;
        // Pages of 4 segments, seeded sizes, resumed from the last cursor after every error.
        let mut read = Vec::new();
        let mut cursor: Option<Cursor> = None;
        let (mut reads, mut errors) = (0, 0);
        loop {
            reads += 1;
            assert!(
                reads <= MAX_READS,
                "seed {seed}: no end after {MAX_READS} reads"
            );
            let limit = rng.u32(1..400);
            match s
                .db
                .scan::<Doc>()
                .segments(4)
                .limit(limit)
                .page(cursor.as_ref())
                .await
            {
                Ok(page) => {
                    assert!(page.items.len() <= limit as usize);
                    read.extend(page.items);
                    cursor = page.next;
                    if cursor.is_none() {
                        break;
                    }
                }
                Err(Error::Sdk { .. }) => errors += 1,
                Err(other) => return Err(format!("seed {seed}: unexpected {other}").into()),
            }
        }
        assert_eq!(read.len(), docs.len(), "seed {seed}: no duplicate, no gap");
        read.sort_by_key(|d| d.id);
        assert!(read == docs, "seed {seed}: every item once");
        report.seed("parallel scan", seed, read.len(), reads, errors, &s.proxy);
    }
    report.print("parallel scans (4 segments)");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn collection_reads_are_whole_or_fail_under_faults() -> Result<(), BoxError> {
    let mut report = Report::default();
    for seed in SEEDS {
        let s = setup(seed).await?;
        let mut rng = fastrand::Rng::with_seed(seed);
        let settings = Settings {
            workspace: "w".into(),
            plan: "pro".into(),
        };
        // About 400 bytes each: 4 MB, so a read takes several 1 MB pages.
        let projects: Vec<Project> = (0..ITEMS)
            .map(|id| Project {
                workspace: "w".into(),
                id,
                body: "p".repeat(rng.usize(300..500)),
            })
            .collect();
        s.direct.put(&settings).await?;
        s.direct.batch_put(&projects).await?;
        let query = Project::query("w");
        let (mut reads, mut errors, mut items) = (0, 0, 0);

        // Whole reads until one succeeds (at least three): never a partial collection.
        let mut whole = 0;
        while whole < 3 {
            reads += 1;
            assert!(reads <= MAX_READS, "seed {seed}: no end");
            let read = s.db.query(&query).collection::<Workspace>().await;
            match read {
                Ok(read) => {
                    whole += 1;
                    assert!(read.requests > 1, "seed {seed}: several pages");
                    let read = read.collection;
                    items += 1 + read.projects.len();
                    assert_eq!(read.settings.as_ref(), Some(&settings), "seed {seed}");
                    assert!(
                        read.projects == projects,
                        "seed {seed}: exactly the children"
                    );
                }
                Err(Error::Sdk { .. }) => errors += 1,
                Err(other) => return Err(format!("seed {seed}: unexpected {other}").into()),
            }
        }

        // Resumed from the cursor of a page (taken past the faults): the children after it.
        let limit = rng.u32(2..4_000);
        let first = loop {
            reads += 1;
            let page =
                s.db.query(&query.clone().limit(limit))
                    .unknown_items(UnknownItems::Skip)
                    .page(None)
                    .await;
            match page {
                Ok(page) => break page,
                Err(Error::Sdk { .. }) => errors += 1,
                Err(other) => return Err(format!("seed {seed}: unexpected {other}").into()),
            }
        };
        // The settings item sorts first and is skipped by the typed page, but counts; a page is
        // one request, so at most 1 MB of items.
        let at = first.items.len();
        assert_eq!(first.unknown_count, 1, "seed {seed}: the parent, skipped");
        assert!(
            at > 0 && first.items == projects[..at],
            "seed {seed}: the first page"
        );
        let cursor = first.next.ok_or("a cursor")?;
        let rest = loop {
            reads += 1;
            assert!(reads <= MAX_READS, "seed {seed}: no end");
            match s
                .db
                .query(&query)
                .from(Some(&cursor))
                .collection::<Workspace>()
                .await
            {
                Ok(read) => break read.collection,
                Err(Error::Sdk { .. }) => errors += 1,
                Err(other) => return Err(format!("seed {seed}: unexpected {other}").into()),
            }
        };
        assert_eq!(
            rest.settings, None,
            "seed {seed}: the parent is before the cursor"
        );
        assert!(
            rest.projects == projects[at..],
            "seed {seed}: the rest, exactly"
        );
        items += rest.projects.len();
        report.seed("collection read", seed, items, reads, errors, &s.proxy);
    }
    report.print("collection reads (1 parent + 10,000 children)");
    Ok(())
}
