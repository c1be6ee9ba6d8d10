//! Single-item writes under faults: property tests over 3 seeds, 1,000 calls per write kind,
//! through the fault-injecting proxy (`common/fault_proxy.rs`) in front of the embedded engine,
//! with every fault a single request can meet: 400 throttling, 500 after the engine applied the
//! request, connections dropped before forwarding and after the engine applied the request (the
//! answer lost), and delays (docs/semantics.md §5, "A lost answer").
//!
//! Each call's result is checked at once against the table read directly (strongly consistent):
//! `Ok` means applied exactly once; `Error::Sdk` (no attempt can have been applied) means not
//! applied; `Error::OutcomeUnknown` is either, and is found out by reading; any other error (a
//! false `AlreadyExists`, `VersionConflict`, `ConditionFailed`, `NotFound`, `NotUnique`: "nothing
//! was written" when this call wrote) fails the test. At the end the table holds exactly the sum
//! of the calls reported applied and the unknown ones found applied:
//!
//! - a counter `add` of 1 (with no condition, and conditioned on the count it expects): the count
//!   is never 2 for one call (each call also adds its number to a set, so a double apply shows
//!   as a count above the set's size), never `Ok` without being applied;
//! - `create` of a versioned entity with managed timestamps, returning the entity as stored: `Ok`
//!   with the stored item (version 1) and one item, never `AlreadyExists` for its own item (not
//!   resent after a lost answer, but settled by reading the item);
//! - a versioned update, one chain of 1,000 on one item: `Ok` and version + 1, never a
//!   `VersionConflict` with the version it set;
//! - an unconditional `put` and `delete` (settled by a read too);
//! - `create` of an entity with `#[unique(…)]` and `move_to` of one: exactly one item and one
//!   uniqueness item per call (their `TransactWriteItems` resent with their token).
//!
//! Each test prints the counts and the faults injected; `.ci/run` shows them in its fault report.

use crate::common;

use std::collections::HashMap;
use std::time::{Duration, Instant};

use aws_sdk_dynamodb::config::retry::RetryConfig;
use common::engine::Capability;
use common::fault_proxy::{FaultCounts, FaultMix, FaultProxy};
use dynakey::{Entity, Table, UpdateBuilder};
use dynakey_runtime::item::from_entity_item;
use dynakey_runtime::{Db, Error, Item, OutcomeUnknown, RetryPolicy};
use serde::{Deserialize, Serialize};

use common::{BoxError, TestEngine};

const SEEDS: [u64; 3] = [1, 2, 3];
const CALLS: u32 = 1_000;

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
struct App;

/// `n` counts the adds applied; `calls` holds 0 and the number of every call applied, so a call
/// applied twice shows as `n` above `calls.len() - 1`.
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = App)]
#[pk("COUNTER#<id>")]
#[sk("META")]
struct Counter {
    id: String,
    n: u64,
    #[serde(with = "serde_dynamo::number_set")]
    calls: Vec<u32>,
}

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(
    table = App,
    version = "version",
    created_at = "created_at",
    updated_at = "updated_at"
)]
#[pk("DOC#<id>")]
#[sk("META")]
struct Doc {
    id: u32,
    body: String,
    version: u64,
    created_at: Option<dynakey::UtcTime>,
    updated_at: Option<dynakey::UtcTime>,
}

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = App)]
#[pk("NOTE#<id>")]
#[sk("META")]
struct Note {
    id: u32,
    body: String,
}

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = App)]
#[pk("USER#<id>")]
#[sk("META")]
#[unique("email")]
struct User {
    id: String,
    email: String,
}

/// Faults on about 30 % of write requests (and of the reads a unique write makes first).
fn faults() -> FaultMix {
    FaultMix::none()
        .throttle(0.06)
        .server_error(0.06)
        .drop_before(0.05)
        .drop_after(0.09)
        .delay(0.04, Duration::from_millis(2))
        .only(&[
            "PutItem",
            "UpdateItem",
            "DeleteItem",
            "TransactWriteItems",
            "GetItem",
        ])
}

/// The engine, a table on it, and the same table through a fault proxy with a small budget.
struct Setup {
    engine: TestEngine,
    direct: Db<App>,
    proxy: FaultProxy,
    db: Db<App>,
}

async fn setup(seed: u64) -> Result<Setup, BoxError> {
    let engine = TestEngine::start().await?;
    let direct: Db<App> = engine.table_named("writes").await?;
    let proxy = FaultProxy::start(&engine.endpoint().await?, seed, faults()).await?;
    // Writes, the reads of unique writes and the reads that settle a lost answer follow the
    // table's policy; the client's own retries (a short backoff here) serve the other reads.
    let client = aws_sdk_dynamodb::Client::from_conf(
        proxy
            .sdk_config()
            .retry_config(
                RetryConfig::standard()
                    .with_max_attempts(3)
                    .with_initial_backoff(Duration::from_millis(1)),
            )
            .build(),
    );
    let budget = RetryPolicy {
        base: Duration::from_millis(1),
        cap: Duration::from_millis(4),
        max_attempts: 4,
    };
    let db = Db::new(client, direct.table_name()).with_retry_policy(budget);
    Ok(Setup {
        engine,
        direct,
        proxy,
        db,
    })
}

/// What the calls of one kind reported, over the seeds.
#[derive(Default)]
struct Tally {
    calls: u32,
    applied: u32,
    not_applied: u32,
    unknown: u32,
    unknown_applied: u32,
    /// The calls of the current seed that changed the table.
    changed: u32,
    faults: Vec<FaultCounts>,
    started: Option<Instant>,
}

/// How one call ended, as the caller reads it.
enum Reported<T> {
    Applied(T),
    NotApplied,
    Unknown(Box<OutcomeUnknown>),
}

impl Tally {
    fn new() -> Self {
        Tally {
            started: Some(Instant::now()),
            ..Tally::default()
        }
    }

    /// `result` as reported; any other error (one that says nothing was written) fails the
    /// test.
    fn read<T>(
        what: &str,
        seed: u64,
        call: u32,
        result: Result<T, Error>,
    ) -> Result<Reported<T>, BoxError>
    where
        T: std::fmt::Debug,
    {
        Ok(match result {
            Ok(value) => Reported::Applied(value),
            Err(Error::Sdk { .. }) => Reported::NotApplied,
            Err(Error::OutcomeUnknown(unknown)) => Reported::Unknown(unknown),
            Err(other) => {
                return Err(format!("{what}, seed {seed}, call {call}: {other:?}").into());
            }
        })
    }

    /// Counts a call: what it reported, checked against whether the table shows it `applied`.
    fn count<T>(&mut self, seed: u64, call: u32, reported: &Reported<T>, applied: bool) {
        self.calls += 1;
        match reported {
            Reported::Applied(_) => {
                assert!(
                    applied,
                    "seed {seed} call {call}: Ok, but the table does not show it"
                );
                self.applied += 1;
            }
            Reported::NotApplied => {
                assert!(
                    !applied,
                    "seed {seed} call {call}: Error::Sdk, but it was applied"
                );
                self.not_applied += 1;
            }
            Reported::Unknown(_) => {
                self.unknown += 1;
                self.unknown_applied += u32::from(applied);
            }
        }
        self.changed += u32::from(applied);
    }

    /// The end of a seed: the calls that changed the table, which it checks against.
    fn seed_done(&mut self, what: &str, seed: u64, proxy: &FaultProxy) -> u32 {
        let counts = proxy.counts();
        eprintln!("{what} seed {seed}: proxy: {counts}");
        assert!(
            counts.dropped_after > 0,
            "{what} seed {seed}: no answer lost"
        );
        self.faults.push(counts);
        std::mem::take(&mut self.changed)
    }

    fn sum(&self, f: fn(&FaultCounts) -> u64) -> u64 {
        self.faults.iter().map(f).sum()
    }

    fn print(&self, what: &str) {
        let took = self.started.map_or(0.0, |s| s.elapsed().as_secs_f64());
        common::report(&format!(
            "single-item {what}: {} seeds, {} calls: {} applied, {} not applied, {} outcome \
             unknown ({} found applied), the table holding exactly the {} applied and found \
             applied; resends refused by their own write and recognised {}; GetItem requests \
             (reads settling a lost answer, reads of unique writes) {}; faults injected: \
             throttled {}, 500 {}, dropped before forwarding {}, dropped after forwarding {}, \
             delayed {} ({} requests, {took:.1} s)",
            self.faults.len(),
            self.calls,
            self.applied,
            self.not_applied,
            self.unknown,
            self.unknown_applied,
            self.applied + self.unknown_applied,
            self.sum(|c| c.conditions_refused),
            self.sum(|c| c.get_items),
            self.sum(|c| c.throttled),
            self.sum(|c| c.server_errors),
            self.sum(|c| c.dropped_before),
            self.sum(|c| c.dropped_after),
            self.sum(|c| c.delayed),
            self.sum(|c| c.requests),
        ));
    }
}

/// The counter, read directly; its count is the number of calls it names (none twice).
async fn counter(direct: &Db<App>) -> Result<Counter, BoxError> {
    let counter = direct
        .get(&Counter::key("c")?)
        .consistent_read()
        .await?
        .ok_or("no counter")?;
    assert_eq!(
        counter.n,
        counter.calls.len() as u64 - 1,
        "a call applied twice: {counter:?}"
    );
    Ok(counter)
}

/// `add` of 1 to a counter, `conditioned` on the count the caller expects or not. The caller
/// keeps the count it expects from what each call reported, reading the counter only after an
/// unknown outcome; at the end the counter names exactly the calls that changed it.
async fn counter_adds(conditioned: bool) -> Result<(), BoxError> {
    let what = if conditioned {
        "update add of 1 with a condition (n = the count expected)"
    } else {
        "update add of 1"
    };
    let mut tally = Tally::new();
    for seed in SEEDS {
        let s = setup(seed).await?;
        let start = Counter {
            id: "c".into(),
            n: 0,
            calls: vec![0],
        };
        s.direct.create(&start).await?;
        let key = Counter::key("c")?;
        let mut n = 0;
        let mut reports = Vec::new();
        for call in 1..=CALLS {
            let mut update =
                s.db.update(&key)
                    .add(Counter::N, 1u64)
                    .add_to_set(Counter::CALLS, [call]);
            if conditioned {
                update = update.condition(Counter::N.eq(n));
            }
            let reported = Tally::read(what, seed, call, update.await)?;
            match &reported {
                Reported::Applied(()) => n += 1,
                Reported::NotApplied => {}
                Reported::Unknown(unknown) => {
                    assert!(!unknown.is_idempotent(), "an add is not safe to resend");
                    n = counter(&s.direct).await?.n;
                }
            }
            reports.push((call, reported));
        }
        let stored = counter(&s.direct).await?;
        assert_eq!(stored.n, n, "seed {seed}: the count expected");
        for (call, reported) in &reports {
            tally.count(seed, *call, reported, stored.calls.contains(call));
        }
        let changed = tally.seed_done(what, seed, &s.proxy);
        assert_eq!(
            stored.n,
            u64::from(changed),
            "seed {seed}: one add per call applied"
        );
    }
    tally.print(what);
    assert!(tally.unknown > 0, "{what}: no outcome was unknown");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_counter_add_is_applied_once_or_unknown() -> Result<(), BoxError> {
    counter_adds(false).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_conditional_counter_add_is_applied_once_or_unknown() -> Result<(), BoxError> {
    counter_adds(true).await
}

fn new_doc(id: u32) -> Doc {
    Doc {
        id,
        body: format!("doc {id}"),
        version: 0,
        created_at: None,
        updated_at: None,
    }
}

/// Every item of the table by partition key, read directly.
async fn items(direct: &Db<App>) -> Result<HashMap<String, Item>, BoxError> {
    let mut items = HashMap::new();
    for item in common::scan(direct.client(), direct.table_name()).await? {
        let pk = item.get("PK").and_then(|v| v.as_s().ok()).ok_or("no PK")?;
        items.insert(pk.clone(), item);
    }
    Ok(items)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_create_finds_its_own_item_never_already_exists() -> Result<(), BoxError> {
    let what = "create (versioned, managed timestamps, returning the entity as stored)";
    let mut tally = Tally::new();
    for seed in SEEDS {
        let s = setup(seed).await?;
        let mut reports = Vec::new();
        for call in 1..=CALLS {
            let result = s.db.create(&new_doc(call)).returning_stored().await;
            reports.push((call, Tally::read(what, seed, call, result)?));
        }
        let stored = items(&s.direct).await?;
        for (call, reported) in &reports {
            let doc: Option<Doc> = stored
                .get(Doc::key(*call)?.partition())
                .map(|item| from_entity_item(item.clone()))
                .transpose()?;
            match reported {
                Reported::Applied(returned) => {
                    assert_eq!(returned.version, 1);
                    assert!(returned.created_at.is_some() && returned.updated_at.is_some());
                    assert_eq!(doc.as_ref(), Some(returned), "seed {seed} call {call}");
                }
                Reported::Unknown(unknown) => {
                    assert!(unknown.is_idempotent());
                    if let Some(doc) = &doc {
                        let sent = unknown.item().cloned().ok_or("the item as sent")?;
                        let sent: Doc = from_entity_item(sent)?;
                        assert_eq!(doc, &sent, "seed {seed} call {call}: the item sent");
                    }
                }
                Reported::NotApplied => {}
            }
            tally.count(seed, *call, reported, doc.is_some());
        }
        let changed = tally.seed_done(what, seed, &s.proxy);
        assert_eq!(
            stored.len(),
            changed as usize,
            "seed {seed}: one item per create"
        );
    }
    tally.print(what);
    // Not resent (another writer could delete the item between): settled by reading it.
    assert!(
        tally.sum(|c| c.get_items) > 0,
        "no lost answer was settled by a read: recognition went untested"
    );
    Ok(())
}

/// A chain of updates on one item, each expecting the version the caller knows from what the
/// previous one reported (read only after an unknown outcome): a call reported wrongly breaks
/// the chain with a `VersionConflict`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_versioned_update_stores_the_next_version_once() -> Result<(), BoxError> {
    let what = "versioned update (a chain of 1,000 on one item, returning the new item)";
    let mut tally = Tally::new();
    for seed in SEEDS {
        let s = setup(seed).await?;
        let first = s.direct.create(&new_doc(0)).returning_stored().await?;
        let key = Doc::key(0u32)?;
        let mut version = first.version;
        let mut last_body = first.body;
        for call in 1..=CALLS {
            let body = format!("call {call}");
            let result =
                s.db.update(&key)
                    .set(Doc::BODY, body.clone())
                    .expected_version(version)
                    .returning_new()
                    .await;
            let reported = Tally::read(what, seed, call, result)?;
            let applied = match &reported {
                Reported::Applied(returned) => {
                    assert_eq!(
                        (returned.version, &returned.body),
                        (version + 1, &body),
                        "seed {seed} call {call}: the item after the update"
                    );
                    true
                }
                Reported::NotApplied => false,
                Reported::Unknown(unknown) => {
                    assert!(unknown.is_idempotent());
                    let now = s
                        .direct
                        .get(&key)
                        .consistent_read()
                        .await?
                        .ok_or("no doc")?;
                    assert!(now.version == version || now.version == version + 1);
                    now.version == version + 1
                }
            };
            if applied {
                version += 1;
                last_body = body;
            }
            tally.count(seed, call, &reported, applied);
        }
        let changed = tally.seed_done(what, seed, &s.proxy);
        let now = s
            .direct
            .get(&key)
            .consistent_read()
            .await?
            .ok_or("no doc")?;
        assert_eq!(
            (now.version, now.body),
            (1 + u64::from(changed), last_body),
            "seed {seed}: version 1, plus one per update applied"
        );
    }
    tally.print(what);
    assert!(
        tally.sum(|c| c.conditions_refused) > 0,
        "no resend was refused by its own update: recognition went untested"
    );
    Ok(())
}

fn note(id: u32) -> Note {
    Note {
        id,
        body: format!("note {id}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unconditional_put_is_applied() -> Result<(), BoxError> {
    let what = "put (unconditional)";
    let mut tally = Tally::new();
    for seed in SEEDS {
        let s = setup(seed).await?;
        let mut reports = Vec::new();
        for call in 1..=CALLS {
            let result = s.db.put(&note(call)).await;
            reports.push((call, Tally::read(what, seed, call, result)?));
        }
        let stored = items(&s.direct).await?;
        for (call, reported) in &reports {
            let item = stored.get(Note::key(*call)?.partition());
            if let Some(item) = item {
                assert_eq!(from_entity_item::<Note>(item.clone())?, note(*call));
            }
            tally.count(seed, *call, reported, item.is_some());
        }
        let changed = tally.seed_done(what, seed, &s.proxy);
        assert_eq!(
            stored.len(),
            changed as usize,
            "seed {seed}: one item per put"
        );
    }
    tally.print(what);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unconditional_delete_is_applied() -> Result<(), BoxError> {
    let what = "delete (unconditional)";
    let mut tally = Tally::new();
    for seed in SEEDS {
        let s = setup(seed).await?;
        let notes: Vec<Note> = (1..=CALLS).map(note).collect();
        s.direct.batch_put(&notes).await?;
        let mut reports = Vec::new();
        for call in 1..=CALLS {
            let result = s.db.delete(&Note::key(call)?).await;
            reports.push((call, Tally::read(what, seed, call, result)?));
        }
        let stored = items(&s.direct).await?;
        for (call, reported) in &reports {
            let gone = !stored.contains_key(Note::key(*call)?.partition());
            tally.count(seed, *call, reported, gone);
        }
        let changed = tally.seed_done(what, seed, &s.proxy);
        assert_eq!(
            stored.len(),
            (CALLS - changed) as usize,
            "seed {seed}: the others kept"
        );
    }
    tally.print(what);
    Ok(())
}

fn user(id: &str, call: u32) -> User {
    User {
        id: id.to_owned(),
        email: format!("user{call}@example.com"),
    }
}

/// The owner (`_owner_pk`) of the uniqueness item of `call`'s email in `items`.
fn email_owner(items: &HashMap<String, Item>, call: u32) -> Option<&str> {
    let item = items.get(&format!("UNIQUE#User#email#user{call}@example.com"))?;
    item.get("_owner_pk")?.as_s().ok().map(String::as_str)
}

/// The users and the uniqueness items in `items`.
fn users_and_uniqueness_items(items: &HashMap<String, Item>) -> (usize, usize) {
    let unique = items.keys().filter(|k| k.starts_with("UNIQUE#")).count();
    (items.len() - unique, unique)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_unique_create_leaves_one_item_and_one_uniqueness_item() -> Result<(), BoxError> {
    let what = "create with #[unique] (TransactWriteItems)";
    let mut tally = Tally::new();
    for seed in SEEDS {
        let s = setup(seed).await?;
        if s.engine.unsupported(Capability::IdempotentTransactions) {
            return Ok(());
        }
        let mut reports = Vec::new();
        for call in 1..=CALLS {
            let result = s.db.create(&user(&format!("u{call}"), call)).await;
            let reported = Tally::read(what, seed, call, result)?;
            if let Reported::Unknown(unknown) = &reported {
                assert!(unknown.client_request_token().is_some() && unknown.is_idempotent());
            }
            reports.push((call, reported));
        }
        let stored = items(&s.direct).await?;
        for (call, reported) in &reports {
            let user = format!("USER#u{call}");
            let created = stored.contains_key(&user);
            let owner = email_owner(&stored, *call);
            assert_eq!(
                owner,
                created.then_some(user.as_str()),
                "seed {seed} call {call}: the item and its uniqueness item, together"
            );
            tally.count(seed, *call, reported, created);
        }
        let changed = tally.seed_done(what, seed, &s.proxy) as usize;
        assert_eq!(
            users_and_uniqueness_items(&stored),
            (changed, changed),
            "seed {seed}: one user and one uniqueness item per create applied"
        );
    }
    tally.print(what);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_leaves_one_item_and_one_uniqueness_item() -> Result<(), BoxError> {
    let what = "move_to with #[unique] (TransactWriteItems)";
    let mut tally = Tally::new();
    for seed in SEEDS {
        let s = setup(seed).await?;
        if s.engine.unsupported(Capability::IdempotentTransactions) {
            return Ok(());
        }
        for call in 1..=CALLS {
            s.direct.create(&user(&format!("a{call}"), call)).await?;
        }
        let mut reports = Vec::new();
        for call in 1..=CALLS {
            let old = User::key(format!("a{call}"))?;
            let result = s.db.move_to(&old, &user(&format!("b{call}"), call)).await;
            reports.push((call, Tally::read(what, seed, call, result)?));
        }
        let stored = items(&s.direct).await?;
        for (call, reported) in &reports {
            let (old, new) = (format!("USER#a{call}"), format!("USER#b{call}"));
            let moved = stored.contains_key(&new);
            assert_ne!(
                stored.contains_key(&old),
                moved,
                "seed {seed} call {call}: one item"
            );
            let owner = if moved { &new } else { &old };
            assert_eq!(
                email_owner(&stored, *call),
                Some(owner.as_str()),
                "seed {seed} call {call}: its uniqueness item, owned by the item"
            );
            tally.count(seed, *call, reported, moved);
        }
        let changed = tally.seed_done(what, seed, &s.proxy) as usize;
        assert_eq!(
            users_and_uniqueness_items(&stored),
            (CALLS as usize, CALLS as usize)
        );
        let at_new = stored.keys().filter(|k| k.starts_with("USER#b")).count();
        assert_eq!(at_new, changed, "seed {seed}: moved = the moves applied");
    }
    tally.print(what);
    Ok(())
}
