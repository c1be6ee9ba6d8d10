//! Batches under faults: property tests over seeds, 10,000 items each, through the fault-injecting
//! proxy (`common/fault_proxy.rs`) in front of the embedded engine, with partial
//! `UnprocessedItems`/`UnprocessedKeys`, 400 throttling, 500 after forwarding, connections dropped
//! before and after forwarding, and delays. The retry budget is small (5 attempts), so every seed
//! stops batches on errors several times; each time the account is checked against the table read
//! back directly, and what it returns is sent again until the input is done:
//!
//! - `batch_put`: applied ∪ not applied ∪ unknown = the input's distinct keys, disjoint; applied
//!   items are stored as written, not-applied ones are not (this round), and in the end the table
//!   holds exactly the input, each key's last entry;
//! - `batch_delete`: the same, with deleted for stored;
//! - `delete_all` of one partition, called again until it succeeds: every failed call's account
//!   names only keys it read, each as stated (deleted, not deleted, unknown); in the end the
//!   partition is gone and every other item kept;
//! - `batch_get`: items read + keys not read = the keys asked, no duplicate, no gap, in key order;
//!   reading the keys not read again completes the set.
//!
//! Each test prints, per seed, the items pushed and the faults the proxy injected per kind (run
//! with `--nocapture` to see them; `.ci/run` does).

use crate::common;

use std::collections::{HashMap, HashSet};
use std::time::Duration;

use common::fault_proxy::{FaultCounts, FaultMix, FaultProxy};
use dynakey::{Entity, Key};
use dynakey_runtime::{BatchEntry, Db, Error, RetryPolicy};
use serde::{Deserialize, Serialize};

use common::{BoxError, TestEngine};

const SEEDS: [u64; 5] = [1, 2, 3, 4, 5];
const ITEMS: u32 = 10_000;
/// Later entries for keys already in the input, so the merge (last wins) is under test too.
const DUPLICATES: u32 = 300;
/// Rounds of "send what the account returned" before giving up.
const MAX_ROUNDS: u32 = 200;

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[pk("G#<group>")]
#[sk("DOC#<id>")]
struct Doc {
    group: u32,
    id: u32,
    /// The round that wrote it: tells this round's writes from earlier ones.
    round: u32,
    body: String,
}

type KeyText = (String, Option<String>);

fn key_text(doc: &Doc) -> Result<KeyText, BoxError> {
    Ok((doc.partition_key()?, doc.sort_key()?))
}

fn entry_key(entry: &BatchEntry) -> KeyText {
    (entry.partition.clone(), entry.sort.clone())
}

/// `ITEMS` documents in 50 groups, then `DUPLICATES` later versions of some of them, with bodies
/// of seeded lengths.
fn docs(seed: u64) -> Vec<Doc> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut docs: Vec<Doc> = (0..ITEMS)
        .map(|id| Doc {
            group: id % 50,
            id,
            round: 0,
            body: "b".repeat(rng.usize(10..200)),
        })
        .collect();
    for _ in 0..DUPLICATES {
        let id = rng.u32(0..ITEMS);
        docs.push(Doc {
            group: id % 50,
            id,
            round: 0,
            body: format!("later version {}", rng.u32(..)),
        });
    }
    docs
}

/// Faults on about 40 % of batch requests.
fn faults() -> FaultMix {
    FaultMix::none()
        .unprocessed(0.15)
        .throttle(0.08)
        .server_error(0.05)
        .drop_before(0.04)
        .drop_after(0.04)
        .delay(0.04, Duration::from_millis(3))
        .only(&["BatchWriteItem", "BatchGetItem"])
}

/// The engine, a table on it, and the same table through a fault proxy with a small budget.
struct Setup {
    _engine: TestEngine,
    direct: Db,
    proxy: FaultProxy,
    db: Db,
}

async fn setup(seed: u64) -> Result<Setup, BoxError> {
    let engine = TestEngine::start().await?;
    let direct: Db = engine.db("faults");
    direct.create_table().await?;
    let proxy = FaultProxy::start(&engine.endpoint().await?, seed, faults()).await?;
    let budget = RetryPolicy {
        base: Duration::from_millis(1),
        cap: Duration::from_millis(4),
        max_attempts: 5,
    };
    let db = Db::new(proxy.client(), "faults").with_retry_policy(budget);
    Ok(Setup {
        _engine: engine,
        direct,
        proxy,
        db,
    })
}

/// Every document in the table, by key, read back directly.
async fn table(db: &Db) -> Result<HashMap<KeyText, Doc>, BoxError> {
    let mut docs = HashMap::new();
    for item in common::scan(db.client(), db.table_name()).await? {
        let doc: Doc = dynakey_runtime::item::from_item(item)?;
        docs.insert(key_text(&doc)?, doc);
    }
    Ok(docs)
}

/// Each distinct key of `docs` with the position and value of its last entry.
fn winners(docs: &[Doc]) -> Result<HashMap<KeyText, (usize, &Doc)>, BoxError> {
    let mut last = HashMap::new();
    for (position, doc) in docs.iter().enumerate() {
        last.insert(key_text(doc)?, (position, doc));
    }
    Ok(last)
}

/// The account's lists are in input order, disjoint, and name the right entries.
fn check_positions<T>(
    lists: &[&[BatchEntry]],
    input: &[T],
    key: impl Fn(&T) -> Result<KeyText, BoxError>,
) -> Result<(), BoxError> {
    let mut all = HashSet::new();
    for list in lists {
        assert!(
            list.windows(2).all(|w| w[0].position < w[1].position),
            "in input order"
        );
        for entry in *list {
            assert!(all.insert(entry.position), "listed twice: {entry:?}");
            assert_eq!(entry_key(entry), key(&input[entry.position])?, "{entry:?}");
        }
    }
    Ok(())
}

/// Totals over the seeds, for the report.
#[derive(Default)]
struct Totals {
    pushed: usize,
    calls: u32,
    stopped: u32,
    unknown: usize,
    faults: Vec<FaultCounts>,
}

impl Totals {
    fn print(&self, what: &str) {
        let sum = |f: fn(&FaultCounts) -> u64| self.faults.iter().map(f).sum::<u64>();
        common::report(&format!(
            "{what}: {} seeds, {} items pushed in {} calls, {} stopped on an error ({} entries \
             with an unknown outcome); faults injected: unprocessed {} ({} entries held back), \
             throttled {}, 500 {}, dropped before forwarding {}, dropped after forwarding {}, \
             delayed {} ({} requests)",
            self.faults.len(),
            self.pushed,
            self.calls,
            self.stopped,
            self.unknown,
            sum(|c| c.unprocessed),
            sum(|c| c.held_back),
            sum(|c| c.throttled),
            sum(|c| c.server_errors),
            sum(|c| c.dropped_before),
            sum(|c| c.dropped_after),
            sum(|c| c.delayed),
            sum(|c| c.requests),
        ));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn batch_put_accounts_for_every_item_under_faults() -> Result<(), BoxError> {
    let mut totals = Totals::default();
    for seed in SEEDS {
        let s = setup(seed).await?;
        let input = docs(seed);
        let expected: HashMap<KeyText, Doc> = winners(&input)?
            .into_iter()
            .map(|(k, (_, d))| (k, d.clone()))
            .collect();
        let mut pending = input.clone();
        let mut round = 0;
        let mut calls = 0;
        loop {
            round += 1;
            assert!(
                round <= MAX_ROUNDS,
                "seed {seed}: no end after {MAX_ROUNDS} rounds"
            );
            pending.iter_mut().for_each(|d| d.round = round);
            totals.pushed += pending.len();
            calls += 1;
            let mut progress = 0;
            let result =
                s.db.batch_put(&pending)
                    .on_progress(|n| progress += n)
                    .await;
            let stored = table(&s.direct).await?;
            let wanted = winners(&pending)?;
            match result {
                Ok(report) => {
                    assert_eq!(report.items, wanted.len());
                    assert_eq!(report.duplicates, pending.len() - wanted.len());
                    assert_eq!(progress, report.items);
                    for (key, (_, doc)) in &wanted {
                        assert_eq!(
                            stored.get(key),
                            Some(*doc),
                            "seed {seed}: applied as written"
                        );
                    }
                    break;
                }
                Err(Error::BatchWrite(failure)) => {
                    totals.stopped += 1;
                    totals.unknown += failure.unknown.len();
                    check_positions(&[&failure.not_applied, &failure.unknown], &pending, |d| {
                        key_text(d)
                    })?;
                    let not_applied: HashSet<KeyText> =
                        failure.not_applied.iter().map(entry_key).collect();
                    let unknown: HashSet<KeyText> = failure.unknown.iter().map(entry_key).collect();
                    for entry in failure.not_applied.iter().chain(&failure.unknown) {
                        let (position, _) = wanted[&entry_key(entry)];
                        assert_eq!(entry.position, position, "named by the entry to write");
                    }
                    let mut applied = 0;
                    for (key, (_, doc)) in &wanted {
                        let now = stored.get(key);
                        if not_applied.contains(key) {
                            assert_ne!(
                                now.map(|d| d.round),
                                Some(round),
                                "seed {seed}: {key:?} is returned as not applied but was written"
                            );
                        } else if !unknown.contains(key) {
                            applied += 1;
                            assert_eq!(now, Some(*doc), "seed {seed}: {key:?} applied as written");
                        }
                    }
                    // Nothing outside the input was written this round.
                    assert!(stored
                        .iter()
                        .all(|(k, d)| d.round != round || wanted.contains_key(k)));
                    assert_eq!(
                        failure.report.items, applied,
                        "seed {seed}: the applied count"
                    );
                    assert_eq!(progress, applied);
                    pending = failure.remaining(&pending).into_iter().cloned().collect();
                    assert_eq!(pending.len(), not_applied.len() + unknown.len());
                }
                Err(other) => return Err(format!("seed {seed}: unexpected {other}").into()),
            }
        }
        // In the end, exactly the input: every key once, with its last entry's value.
        let stored = table(&s.direct).await?;
        assert_eq!(stored.len(), expected.len());
        for (key, doc) in &expected {
            let now = stored.get(key).ok_or("missing")?;
            assert_eq!(now.body, doc.body, "seed {seed}: the last entry won");
        }
        let counts = s.proxy.counts();
        eprintln!(
            "batch_put seed {seed}: {} items ({} distinct) in {calls} calls; proxy: {counts}",
            input.len(),
            expected.len()
        );
        assert!(counts.faults() > 0);
        totals.calls += calls;
        totals.faults.push(counts);
    }
    totals.print("batch_put");
    assert!(
        totals.stopped > 0,
        "the budget never ran out: the error paths went untested"
    );
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn batch_delete_accounts_for_every_key_under_faults() -> Result<(), BoxError> {
    let mut totals = Totals::default();
    for seed in SEEDS {
        let s = setup(seed).await?;
        let input = docs(seed);
        s.direct.batch_put(&input).await?;
        let mut pending: Vec<Key<Doc>> = input
            .iter()
            .map(Doc::primary_key)
            .collect::<Result<_, _>>()?;
        let all: HashSet<KeyText> = input.iter().map(key_text).collect::<Result<_, _>>()?;
        // Keys whose delete had an unknown outcome in some round: they may be gone already.
        let mut maybe_deleted: HashSet<KeyText> = HashSet::new();
        let mut calls = 0;
        loop {
            calls += 1;
            assert!(
                calls <= MAX_ROUNDS,
                "seed {seed}: no end after {MAX_ROUNDS} rounds"
            );
            totals.pushed += pending.len();
            let result = s.db.batch_delete(&pending).await;
            let stored = table(&s.direct).await?;
            let asked: HashSet<KeyText> = pending
                .iter()
                .map(|k| (k.partition().to_owned(), k.sort().map(str::to_owned)))
                .collect();
            match result {
                Ok(report) => {
                    assert_eq!(report.items, asked.len());
                    assert!(asked.iter().all(|k| !stored.contains_key(k)));
                    break;
                }
                Err(Error::BatchWrite(failure)) => {
                    totals.stopped += 1;
                    totals.unknown += failure.unknown.len();
                    let key = |k: &Key<Doc>| -> Result<KeyText, BoxError> {
                        Ok((k.partition().to_owned(), k.sort().map(str::to_owned)))
                    };
                    check_positions(&[&failure.not_applied, &failure.unknown], &pending, key)?;
                    let not_applied: HashSet<KeyText> =
                        failure.not_applied.iter().map(entry_key).collect();
                    let unknown: HashSet<KeyText> = failure.unknown.iter().map(entry_key).collect();
                    for key in &asked {
                        if not_applied.contains(key) {
                            if !maybe_deleted.contains(key) {
                                assert!(
                                    stored.contains_key(key),
                                    "seed {seed}: {key:?} is returned as not deleted but is gone"
                                );
                            }
                        } else if !unknown.contains(key) {
                            assert!(!stored.contains_key(key), "seed {seed}: {key:?} applied");
                        }
                    }
                    assert_eq!(
                        failure.report.items,
                        asked.len() - not_applied.len() - unknown.len()
                    );
                    maybe_deleted.extend(unknown);
                    pending = failure.remaining(&pending).into_iter().cloned().collect();
                }
                Err(other) => return Err(format!("seed {seed}: unexpected {other}").into()),
            }
        }
        let stored = table(&s.direct).await?;
        assert!(
            all.iter().all(|k| !stored.contains_key(k)),
            "seed {seed}: all deleted"
        );
        let counts = s.proxy.counts();
        eprintln!(
            "batch_delete seed {seed}: {} keys ({} distinct) in {calls} calls; proxy: {counts}",
            input.len(),
            all.len()
        );
        totals.calls += calls;
        totals.faults.push(counts);
    }
    totals.print("batch_delete");
    assert!(
        totals.stopped > 0,
        "the budget never ran out: the error paths went untested"
    );
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn delete_all_accounts_for_every_key_and_keeps_the_rest_under_faults() -> Result<(), BoxError>
{
    const GROUP: u32 = 7;
    let mut failed_calls = 0;
    for seed in SEEDS {
        let s = setup(seed).await?;
        // Nine documents in ten in the group deleted (9,000 keys, 360 requests), so that
        // calls fail within the retry budget (a seed without a failed call is rare).
        let input: Vec<Doc> = docs(seed)
            .into_iter()
            .map(|doc| Doc {
                group: if doc.id % 10 == 0 { doc.group } else { GROUP },
                ..doc
            })
            .collect();
        s.direct.batch_put(&input).await?;
        let before = table(&s.direct).await?;
        let group = |stored: &HashMap<KeyText, Doc>, inside: bool| -> HashSet<KeyText> {
            stored
                .iter()
                .filter(|(_, doc)| (doc.group == GROUP) == inside)
                .map(|(key, _)| key.clone())
                .collect()
        };
        let others = group(&before, false);
        // Keys whose delete had an unknown outcome in some call: they may be gone already.
        let mut maybe_deleted: HashSet<KeyText> = HashSet::new();
        let mut calls = 0;
        loop {
            calls += 1;
            assert!(
                calls <= MAX_ROUNDS,
                "seed {seed}: no end after {MAX_ROUNDS} calls"
            );
            // What this call reads and deletes: the group's keys stored now.
            let asked = group(&table(&s.direct).await?, true);
            let result = s.db.delete_all(&Doc::query(GROUP)).await;
            let stored = table(&s.direct).await?;
            match result {
                Ok(report) => {
                    assert_eq!(report.items, asked.len(), "seed {seed}");
                    break;
                }
                Err(Error::BatchWrite(failure)) => {
                    failed_calls += 1;
                    let not_applied: HashSet<KeyText> =
                        failure.not_applied.iter().map(entry_key).collect();
                    let unknown: HashSet<KeyText> = failure.unknown.iter().map(entry_key).collect();
                    assert!(
                        not_applied
                            .iter()
                            .chain(&unknown)
                            .all(|k| asked.contains(k)),
                        "seed {seed}: the account names only keys the call read"
                    );
                    for key in &asked {
                        if not_applied.contains(key) {
                            if !maybe_deleted.contains(key) {
                                assert!(
                                    stored.contains_key(key),
                                    "seed {seed}: {key:?} is returned as not deleted but is gone"
                                );
                            }
                        } else if !unknown.contains(key) {
                            assert!(!stored.contains_key(key), "seed {seed}: {key:?} deleted");
                        }
                    }
                    assert_eq!(
                        failure.report.items,
                        asked.len() - not_applied.len() - unknown.len()
                    );
                    maybe_deleted.extend(unknown);
                }
                Err(other) => return Err(format!("seed {seed}: unexpected {other}").into()),
            }
        }
        let stored = table(&s.direct).await?;
        assert!(
            group(&stored, true).is_empty(),
            "seed {seed}: the whole group is deleted"
        );
        let left: HashSet<KeyText> = stored.into_keys().collect();
        assert_eq!(left, others, "seed {seed}: every other item kept");
        eprintln!(
            "delete_all seed {seed}: group of {} keys in {calls} calls; proxy: {}",
            group(&before, true).len(),
            s.proxy.counts()
        );
    }
    assert!(
        failed_calls > 0,
        "no delete_all call failed: the account went untested"
    );
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn batch_get_returns_every_key_read_or_not_read_under_faults() -> Result<(), BoxError> {
    let mut totals = Totals::default();
    for seed in SEEDS {
        let s = setup(seed).await?;
        let input = docs(seed);
        s.direct.batch_put(&input).await?;
        let stored = table(&s.direct).await?;
        // Every key, in a seeded order, with the duplicates' keys asked twice.
        let mut keys: Vec<Key<Doc>> = input
            .iter()
            .map(Doc::primary_key)
            .collect::<Result<_, _>>()?;
        fastrand::Rng::with_seed(seed).shuffle(&mut keys);
        let mut pending = keys;
        let mut got: HashMap<KeyText, Doc> = HashMap::new();
        let mut calls = 0;
        loop {
            calls += 1;
            assert!(
                calls <= MAX_ROUNDS,
                "seed {seed}: no end after {MAX_ROUNDS} rounds"
            );
            totals.pushed += pending.len();
            let key = |k: &Key<Doc>| -> KeyText {
                (k.partition().to_owned(), k.sort().map(str::to_owned))
            };
            // The distinct keys asked, in the order of their first occurrence.
            let mut seen = HashSet::new();
            let asked: Vec<KeyText> = pending
                .iter()
                .map(key)
                .filter(|k| seen.insert(k.clone()))
                .collect();
            let (read, not_read, done) = match s.db.batch_get(&pending).await {
                Ok(items) => (items, Vec::new(), true),
                Err(Error::BatchGet(failure)) => {
                    totals.stopped += 1;
                    check_positions(&[&failure.not_read], &pending, |k| Ok(key(k)))?;
                    let read: Vec<Doc> = failure.read_as()?;
                    let not_read: Vec<KeyText> = failure.not_read.iter().map(entry_key).collect();
                    let rest = failure.remaining(&pending).into_iter().cloned().collect();
                    pending = rest;
                    (read, not_read, false)
                }
                Err(other) => return Err(format!("seed {seed}: unexpected {other}").into()),
            };
            // Read + not read = the keys asked: no duplicate, no gap, each in key order.
            let read_keys: Vec<KeyText> = read.iter().map(key_text).collect::<Result<_, _>>()?;
            let in_order = |list: &[KeyText]| {
                let at: HashMap<&KeyText, usize> =
                    asked.iter().enumerate().map(|(i, k)| (k, i)).collect();
                list.windows(2).all(|w| at[&w[0]] < at[&w[1]])
            };
            assert!(in_order(&read_keys), "seed {seed}: items in key order");
            assert!(
                in_order(&not_read),
                "seed {seed}: keys not read in input order"
            );
            let union: HashSet<&KeyText> = read_keys.iter().chain(&not_read).collect();
            assert_eq!(
                union.len(),
                read_keys.len() + not_read.len(),
                "seed {seed}: a key both read and not read, or read twice"
            );
            let expected: HashSet<&KeyText> = asked.iter().collect();
            let missing = expected.difference(&union).count();
            let extra = union.difference(&expected).count();
            assert_eq!(
                (missing, extra),
                (0, 0),
                "seed {seed}: read + not read = asked, exactly ({} read, {} not read, {} asked)",
                read_keys.len(),
                not_read.len(),
                asked.len()
            );
            for doc in read {
                let k = key_text(&doc)?;
                assert_eq!(stored.get(&k), Some(&doc), "seed {seed}: the stored item");
                assert!(got.insert(k, doc).is_none(), "seed {seed}: read twice");
            }
            if done {
                break;
            }
        }
        assert_eq!(got, stored, "seed {seed}: every item read exactly once");
        let counts = s.proxy.counts();
        eprintln!(
            "batch_get seed {seed}: {} keys ({} distinct) in {calls} calls; proxy: {counts}",
            input.len(),
            stored.len()
        );
        totals.calls += calls;
        totals.faults.push(counts);
    }
    totals.print("batch_get");
    assert!(
        totals.stopped > 0,
        "the budget never ran out: the error paths went untested"
    );
    Ok(())
}
