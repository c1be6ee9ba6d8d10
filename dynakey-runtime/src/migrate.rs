//! [`Db::migrate`]: rewriting an entity's items into the newest shape of its key templates
//! (docs/semantics.md §10) — a parallel scan that finds items in an earlier shape (an earlier
//! table-key template declared with `#[was(…)]`, index key attributes missing or written by an
//! earlier index template) and rewrites each with one conditioned write, resumable from a
//! checkpoint, within a capacity budget.

mod item;
mod key_change;
mod report;

use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use dynakey::{InTable, Table};
use futures::stream::{self, StreamExt};
use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::convert::Item;
use crate::db::Db;
use crate::error::Error;
use crate::governor::CapacityBudget;
use crate::item::key_strings;
use crate::record::declared::Declared;
use crate::record::store::is_design_item;
use crate::record::{MigrationPhase, MigrationTally};
use crate::sdk::{Idempotence, Meter, Sending};
use item::{Done, Owner, Planned};
pub use report::{
    MigrationCheckpoint, MigrationCounts, MigrationExample, MigrationFailure, MigrationKind,
    MigrationReport, MigrationStopped, SegmentPosition,
};

/// The default number of scan segments (`TotalSegments`) of a migration.
pub const DEFAULT_MIGRATION_SEGMENTS: u32 = 4;
/// The default number of item writes each segment keeps in flight.
pub const DEFAULT_MIGRATION_WRITES_IN_FLIGHT: usize = 4;
/// The default number of attempts per item when other writers keep changing it.
pub const DEFAULT_MIGRATION_ATTEMPTS: u32 = 5;

/// The progress callback of a migration.
type Progress = Arc<dyn Fn(&MigrationReport) + Send + Sync>;

/// The migration of one item, boxed so that entities of one table share a list.
type MigrateItem<T> = for<'a> fn(
    &'a Db<T>,
    Item,
    u32,
) -> Pin<Box<dyn Future<Output = Result<Done, Error>> + Send + 'a>>;

/// One entity of a migration: its name, its declarations (for the design record) and its item
/// functions.
struct Member<T: Table> {
    name: &'static str,
    declare: fn() -> Declared,
    owns: fn(&Item) -> Owner,
    plan: fn(&Item) -> Planned,
    migrate: MigrateItem<T>,
}

impl<T: Table> Clone for Member<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T: Table> Copy for Member<T> {}

impl<T: Table> Member<T> {
    fn of<E>() -> Member<T>
    where
        E: InTable<T> + Serialize + DeserializeOwned + 'static,
    {
        if E::KEY_CHANGE.is_some() {
            // A key change: the backfill (expand) or the cleanup (contract), nothing else.
            return Member {
                name: E::ENTITY_NAME,
                declare: crate::record::declared::entity::<E>,
                owns: key_change::owns::<T, E>,
                plan: key_change::plan::<T, E>,
                migrate: |db, item, attempts| {
                    Box::pin(key_change::migrate::<T, E>(db, item, attempts))
                },
            };
        }
        Member {
            name: E::ENTITY_NAME,
            declare: crate::record::declared::entity::<E>,
            owns: item::owns::<T, E>,
            plan: item::plan::<T, E>,
            migrate: |db, item, attempts| Box::pin(item::migrate::<T, E>(db, item, attempts)),
        }
    }
}

/// A migration of entity `E`'s items on table `T` into the newest shape of its key templates;
/// made by [`Db::migrate`], run by [`send`](Self::send) or [`dry_run`](Self::dry_run).
///
/// - **What it finds.** A parallel Scan (AWS developer guide, "Parallel scan") reads every item;
///   an item is `E`'s when its table key fits `E`'s current or an earlier (`#[was(…)]`) key
///   template (and its entity-type attribute, when present, names `E`). It is decoded into `E`
///   and written again as `put` would write it; what differs from the stored item decides:
///   - a different **table key**: a [move](MigrationKind::Move), one `TransactWriteItems` that puts
///     the new item conditioned on `attribute_not_exists` and deletes the old one conditioned on
///     it being as scanned; its uniqueness items move to the new key in the same transaction;
///   - different **index key attributes** (a new GSI's keys missing on old items, an index
///     template changed, the entity-type attribute missing): a [reindex](MigrationKind::Reindex),
///     one `UpdateItem` that sets or removes exactly those attributes, conditioned the same way;
///   - nothing: the item is current and nothing is written.
/// - **"As scanned"** is its version for a versioned entity (`#[dynakey(version = …)]`: the write
///   expects it and stores the next one, so the version moves on), and otherwise every attribute
///   equal to the scanned value (with the attributes the new shape adds absent). A writer that
///   changes an item in between makes the condition fail; the migration then reads the item
///   again (strongly consistent) and starts over with it, so that writer's update is kept (up to
///   [`attempts`](Self::attempts) times; then the item is reported failed, unchanged).
/// - **Twice is once.** A second run finds every item current and writes nothing.
/// - **Resumable.** Each segment's position after each page it finished is in the
///   [`MigrationCheckpoint`] of every progress report and of the error; [`resume`](Self::resume)
///   goes on from it, after a failure or a kill, losing and repeating nothing.
/// - **Within a budget.** Its requests take from the handle's [`Governor`](crate::Governor)
///   ([`Db::with_governor`]), or from a budget of the run's own ([`budget`](Self::budget)):
///   paced by the capacity their answers report, the pace halved on throttling.
/// - **An exact account.** The report counts every item scanned by what became of it; the items
///   that could not be rewritten are listed with their reason ([`MigrationFailure`]) and the run
///   goes on. An error of the service stops it with [`MigrationStopped`]: its report and
///   checkpoint say what was done.
///
/// - **Recorded.** [`send`](Self::send) records the run in the table's design item
///   ([`DesignRecord`](crate::DesignRecord)): before the first scan, the versions of the key
///   templates it moves items to (refused with [`Error::DesignBehind`], nothing written, when this
///   code is behind the record); after the last segment, its end and counts. A dry run records
///   nothing.
///
/// An item moved to a key that its segment, or another, reaches later is scanned again there and
/// counted current.
#[must_use = "a migration does nothing until send or dry_run runs"]
pub struct Migrate<T: Table> {
    db: Db<T>,
    members: Vec<Member<T>>,
    segments: u32,
    page_size: Option<u32>,
    in_flight: usize,
    attempts: u32,
    budget: CapacityBudget,
    resume: Option<MigrationCheckpoint>,
    progress: Option<Progress>,
}

impl<T: Table> std::fmt::Debug for Migrate<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let entities: Vec<&str> = self.members.iter().map(|m| m.name).collect();
        f.debug_struct("Migrate")
            .field("table", &self.db.table_name())
            .field("entities", &entities)
            .field("segments", &self.segments)
            .field("page_size", &self.page_size)
            .field("in_flight", &self.in_flight)
            .field("attempts", &self.attempts)
            .field("budget", &self.budget)
            .field("resume", &self.resume)
            .finish_non_exhaustive()
    }
}

impl<T: Table> Db<T> {
    /// A migration of entity `E`'s items into the newest shape of its key templates (see
    /// [`Migrate`]); [`and`](Migrate::and) adds the other entities of the table, migrated in
    /// the same scan. Nothing is sent before [`send`](Migrate::send) or
    /// [`dry_run`](Migrate::dry_run).
    pub fn migrate<E>(&self) -> Migrate<T>
    where
        E: InTable<T> + Serialize + DeserializeOwned + 'static,
    {
        Migrate {
            db: self.bulk(),
            members: vec![Member::of::<E>()],
            segments: DEFAULT_MIGRATION_SEGMENTS,
            page_size: None,
            in_flight: DEFAULT_MIGRATION_WRITES_IN_FLIGHT,
            attempts: DEFAULT_MIGRATION_ATTEMPTS,
            budget: CapacityBudget::new(),
            resume: None,
            progress: None,
        }
    }
}

impl<T: Table> Migrate<T> {
    /// Migrates entity `E`'s items too, in the same scan: an item is migrated as the first
    /// entity given whose key templates it fits (the table's build-time checks keep the
    /// entities' keys apart). Giving an entity twice changes nothing.
    pub fn and<E>(mut self) -> Self
    where
        E: InTable<T> + Serialize + DeserializeOwned + 'static,
    {
        if self.members.iter().all(|m| m.name != E::ENTITY_NAME) {
            self.members.push(Member::of::<E>());
        }
        self
    }

    /// Scans in `n` segments (`TotalSegments`, 1 to 1,000,000; default
    /// [`DEFAULT_MIGRATION_SEGMENTS`]), read concurrently. A resumed migration keeps its
    /// checkpoint's count.
    pub fn segments(mut self, n: u32) -> Self {
        self.segments = n.clamp(1, 1_000_000);
        self
    }

    /// Asks each Scan request for at most `n` items (`Limit`); the default is DynamoDB's 1 MB
    /// page. Smaller pages make checkpoints more frequent.
    pub fn page_size(mut self, n: u32) -> Self {
        self.page_size = Some(n.max(1));
        self
    }

    /// Keeps at most `n` item writes in flight per segment (default
    /// [`DEFAULT_MIGRATION_WRITES_IN_FLIGHT`]).
    pub fn writes_in_flight(mut self, n: usize) -> Self {
        self.in_flight = n.max(1);
        self
    }

    /// Tries each item at most `n` times when its condition keeps failing because another writer
    /// changes it (default [`DEFAULT_MIGRATION_ATTEMPTS`]).
    pub fn attempts(mut self, n: u32) -> Self {
        self.attempts = n.max(1);
        self
    }

    /// Paces the migration's requests so that the capacity they consume stays within `budget`,
    /// a budget of this run's own (a [`Governor`](crate::Governor) of its own), instead of the
    /// handle's governor ([`Db::with_governor`]), if any.
    pub fn budget(mut self, budget: CapacityBudget) -> Self {
        self.budget = budget;
        self
    }

    /// Goes on from `checkpoint` (of a [progress](Self::on_progress) report, or of a
    /// [`MigrationStopped`]). Its segment count replaces [`segments`](Self::segments).
    pub fn resume(mut self, checkpoint: MigrationCheckpoint) -> Self {
        self.resume = Some(checkpoint);
        self
    }

    /// Calls `progress` with the report so far after each page a segment finished (items
    /// scanned, rewritten, current, failed, the rate, the ETA, and the checkpoint to store).
    pub fn on_progress(
        mut self,
        progress: impl Fn(&MigrationReport) + Send + Sync + 'static,
    ) -> Self {
        self.progress = Some(Arc::new(progress));
        self
    }

    /// Counts what the migration would do — per kind of change, with up to five example keys
    /// old → new each — and writes nothing (it sends `DescribeTable` and Scan requests only).
    ///
    /// # Errors
    /// As [`send`](Self::send).
    pub async fn dry_run(self) -> Result<MigrationReport, Box<MigrationStopped>> {
        self.run(true).await
    }

    /// Runs the migration to the end of every segment, recording its run in the table's design
    /// item (its start before the first scan, its end and counts after the last segment).
    ///
    /// # Errors
    /// [`MigrationStopped`] with the report so far and the checkpoint to resume from, when a
    /// request failed after the table's retries ([`Error::Sdk`], …; a write whose answer was
    /// lost, [`Error::OutcomeUnknown`], is decided by reading its item again and stops the run
    /// only when that read fails),
    /// or at once, nothing sent, when the [`resume`](Self::resume) checkpoint is of another table
    /// or entity ([`Error::Engine`] naming both), or at once, no item written, with
    /// [`Error::DesignBehind`] when this code is behind the design the table records (its
    /// templates would move items back) or [`Error::DesignRecord`] when the design item cannot
    /// be read or written; when only the run's end cannot be recorded, with that error and the
    /// finished report.
    pub async fn send(self) -> Result<MigrationReport, Box<MigrationStopped>> {
        self.run(false).await
    }

    async fn run(self, dry_run: bool) -> Result<MigrationReport, Box<MigrationStopped>> {
        let entities: Vec<String> = self.members.iter().map(|m| m.name.to_owned()).collect();
        let checkpoint = MigrationCheckpoint {
            table: self.db.table_name().to_owned(),
            entities: entities.clone(),
            segments: vec![SegmentPosition::Start; self.segments as usize],
        };
        let mut report = MigrationReport {
            by_entity: entities
                .iter()
                .map(|name| (name.clone(), MigrationCounts::default()))
                .collect(),
            entities,
            dry_run,
            scanned: 0,
            current: 0,
            moved: 0,
            reindexed: 0,
            copied: 0,
            removed: 0,
            gone: 0,
            other: 0,
            failed: Vec::new(),
            unfinished: 0,
            examples: Vec::new(),
            read_units: 0.0,
            write_units: 0.0,
            throttled: 0,
            elapsed: Default::default(),
            estimated_items: None,
            checkpoint,
        };
        if let Some(resume) = self.resume {
            if resume.table != report.checkpoint.table || resume.entities != report.entities {
                let source = Error::Engine(format!(
                    "the checkpoint is of {} on table {:?}, not of {} on table {:?}: nothing was \
                     sent",
                    resume.entities.join(", "),
                    resume.table,
                    report.entities.join(", "),
                    report.checkpoint.table
                ));
                return Err(Box::new(MigrationStopped { report, source }));
            }
            report.checkpoint = resume;
        }
        // The run in the design record: refused before any item is written when this code is
        // behind the record, its end recorded after the last segment.
        let run_id = (!dry_run).then(run_id);
        let declared: Vec<Declared> = self.members.iter().map(|m| (m.declare)()).collect();
        if let Some(id) = &run_id {
            if let Err(source) = self.db.record_migration_start(&declared, id).await {
                return Err(Box::new(MigrationStopped { report, source }));
            }
        }
        let recorder = self.db.clone();
        let meter = Meter::default();
        let db = match self.budget == CapacityBudget::new() {
            true => self.db.clone(),
            false => self.db.clone().with_budget(self.budget).bulk(),
        };
        let db = db.with_meter(meter.clone());
        let run = Arc::new(Run::<T> {
            members: self.members,
            meter,
            db,
            dry_run,
            page_size: self.page_size,
            in_flight: self.in_flight,
            attempts: self.attempts,
            progress: self.progress,
            started: Instant::now(),
            stop: AtomicBool::new(false),
            report: Mutex::new(report),
        });
        let estimate = run.estimate().await;
        run.update(|r| r.estimated_items = estimate);
        let segments = run.report().checkpoint.segments.len();
        let results = futures::future::join_all(
            (0..segments).map(|segment| Arc::clone(&run).segment(segment, segments)),
        )
        .await;
        let report = run.report();
        let failure = results.into_iter().find_map(Result::err);
        if let Some(id) = &run_id {
            let phase = match failure {
                None => MigrationPhase::Finished,
                Some(_) => MigrationPhase::Stopped,
            };
            let error = failure.as_ref().map(ToString::to_string);
            let end = (phase, MigrationTally::from(&report), error);
            if let Err(source) = recorder.record_migration_end(id, end).await {
                return Err(Box::new(MigrationStopped { report, source }));
            }
            // A finished backfill or cleanup moves the key change on (unless an item failed).
            let complete = failure.is_none() && report.failed.is_empty();
            if complete {
                if let Err(source) = recorder.record_key_changes(&declared).await {
                    return Err(Box::new(MigrationStopped { report, source }));
                }
            }
        }
        match failure {
            None => Ok(report),
            Some(source) => Err(Box::new(MigrationStopped { report, source })),
        }
    }
}

/// An identifier for one migration run: its start (milliseconds since the Unix epoch), the
/// process, and a counter of the runs this process started.
fn run_id() -> String {
    static RUNS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let millis = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis());
    let n = RUNS.fetch_add(1, Ordering::Relaxed);
    format!("{millis}-{}-{n}", std::process::id())
}

/// One run of a migration, shared by its segments.
struct Run<T: Table> {
    db: Db<T>,
    members: Vec<Member<T>>,
    meter: Meter,
    dry_run: bool,
    page_size: Option<u32>,
    in_flight: usize,
    attempts: u32,
    progress: Option<Progress>,
    started: Instant,
    /// Set when a segment failed: the others stop after their page.
    stop: AtomicBool,
    report: Mutex<MigrationReport>,
}

/// How many examples of each kind a report keeps.
const EXAMPLES: usize = 5;

impl<T: Table> Run<T> {
    fn update(&self, change: impl FnOnce(&mut MigrationReport)) {
        let mut report = self.report.lock().unwrap_or_else(PoisonError::into_inner);
        change(&mut report);
        let metered = self.meter.get();
        report.read_units = metered.read;
        report.write_units = metered.write;
        report.throttled = metered.throttled;
        report.elapsed = self.started.elapsed();
    }

    fn report(&self) -> MigrationReport {
        self.update(|_| {});
        self.report
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// The table's `ItemCount` (`DescribeTable`), for the ETA; `None` when it cannot be had.
    async fn estimate(&self) -> Option<u64> {
        let table = self.db.describe_table().await.ok()?;
        table.item_count().and_then(|n| u64::try_from(n).ok())
    }

    /// Reads segment `segment` of `total` from its checkpoint position to its end, page by page,
    /// migrating each page's items before the position moves on.
    async fn segment(self: Arc<Self>, segment: usize, total: usize) -> Result<(), Error> {
        loop {
            let position = self
                .report
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .checkpoint
                .segments[segment]
                .clone();
            let start = match position {
                SegmentPosition::Done => return Ok(()),
                SegmentPosition::Start => None,
                SegmentPosition::After { partition, sort } => Some(start_key::<T>(partition, sort)),
            };
            if self.stop.load(Ordering::Relaxed) {
                return Ok(());
            }
            let (items, last) = match self.page(segment, total, start).await {
                Ok(page) => page,
                Err(e) => {
                    self.stop.store(true, Ordering::Relaxed);
                    return Err(e);
                }
            };
            // The design item is dynakey's record of the run, not an item it migrates.
            let items: Vec<Item> = items
                .into_iter()
                .filter(|item| !is_design_item::<T>(item))
                .collect();
            let scanned = items.len() as u64;
            let outcome = self.migrate_page(items).await;
            let next = match last {
                Some(last) => {
                    let (partition, sort) = key_strings::<T>(&last);
                    SegmentPosition::After {
                        partition: partition.unwrap_or_default(),
                        sort,
                    }
                }
                None => SegmentPosition::Done,
            };
            let failed = outcome.is_err();
            self.update(|r| {
                r.scanned += scanned;
                if !failed {
                    r.checkpoint.segments[segment] = next;
                }
            });
            if let Err(e) = outcome {
                self.stop.store(true, Ordering::Relaxed);
                return Err(e);
            }
            if let Some(progress) = &self.progress {
                progress(&self.report());
            }
        }
    }

    /// One Scan request of the segment.
    async fn page(
        &self,
        segment: usize,
        total: usize,
        start: Option<Item>,
    ) -> Result<(Vec<Item>, Option<Item>), Error> {
        let to_i32 = |n: usize| i32::try_from(n).unwrap_or(i32::MAX);
        let how = Sending::policy(
            1,
            self.db.retry_policy().attempts(),
            Idempotence::Idempotent,
        );
        let request = self
            .db
            .edge()
            .client_for(&how)
            .scan()
            .table_name(self.db.table_name())
            .segment(to_i32(segment))
            .total_segments(to_i32(total))
            .set_exclusive_start_key(start)
            .set_limit(self.page_size.map(crate::convert::limit_to_i32));
        let output = self
            .db
            .edge()
            .send(request, how)
            .await
            .map_err(crate::sdk::Failed::into_error)?;
        let last = output
            .last_evaluated_key()
            .filter(|k| !k.is_empty())
            .cloned();
        Ok((output.items.unwrap_or_default(), last))
    }

    /// Migrates (or, in a dry run, plans) the items of one page, `in_flight` at a time. Every
    /// item is finished before an error is returned, so the counts are exact.
    async fn migrate_page(&self, items: Vec<Item>) -> Result<(), Error> {
        let owner = |item: &Item| {
            self.members
                .iter()
                .find(|m| !matches!((m.owns)(item), Owner::Not))
                .copied()
        };
        if self.dry_run {
            for item in &items {
                let Some(member) = owner(item) else {
                    self.count("", Done::Other);
                    continue;
                };
                let done = match (member.plan)(item) {
                    Planned::Other => Done::Other,
                    Planned::Current => Done::Current,
                    Planned::Failed(reason) => {
                        Done::Failed(item::failure::<T>(member.name, item, reason))
                    }
                    Planned::Change(change) => Done::Rewritten(change.example),
                    Planned::Copy => Done::Copied,
                    Planned::Remove => Done::Removed,
                };
                self.count(member.name, done);
            }
            return Ok(());
        }
        let results: Vec<(&'static str, Result<Done, Error>)> = stream::iter(items)
            .map(|item| async move {
                match owner(&item) {
                    Some(member) => (
                        member.name,
                        (member.migrate)(&self.db, item, self.attempts).await,
                    ),
                    None => ("", Ok(Done::Other)),
                }
            })
            .buffer_unordered(self.in_flight)
            .collect()
            .await;
        let mut first_error = None;
        for (entity, result) in results {
            match result {
                Ok(done) => self.count(entity, done),
                Err(e) => {
                    self.update(|r| r.unfinished += 1);
                    first_error.get_or_insert(e);
                }
            }
        }
        first_error.map_or(Ok(()), Err)
    }

    /// Counts what became of one item of `entity` (`""` for an item of no entity migrated).
    fn count(&self, entity: &str, done: Done) {
        self.update(|r| {
            let mut counts = r.by_entity.get(entity).copied().unwrap_or_default();
            match done {
                Done::Other => r.other += 1,
                Done::Current => {
                    r.current += 1;
                    counts.current += 1;
                }
                Done::Rewritten(example) => {
                    match example.kind {
                        MigrationKind::Move => {
                            r.moved += 1;
                            counts.moved += 1;
                        }
                        MigrationKind::Reindex => {
                            r.reindexed += 1;
                            counts.reindexed += 1;
                        }
                    }
                    let kept = r
                        .examples
                        .iter()
                        .filter(|e| e.kind == example.kind && e.entity == example.entity)
                        .count();
                    if kept < EXAMPLES {
                        r.examples.push(example);
                    }
                }
                Done::Gone => {
                    r.gone += 1;
                    counts.gone += 1;
                }
                Done::Failed(failure) => {
                    r.failed.push(failure);
                    counts.failed += 1;
                }
                Done::Copied => {
                    r.copied += 1;
                    counts.copied += 1;
                }
                Done::Removed => {
                    r.removed += 1;
                    counts.removed += 1;
                }
            }
            if let Some(slot) = r.by_entity.get_mut(entity) {
                *slot = counts;
            }
        });
    }
}

/// The `ExclusiveStartKey` of a checkpoint position.
fn start_key<T: Table>(partition: String, sort: Option<String>) -> Item {
    use aws_sdk_dynamodb::types::AttributeValue;
    std::iter::once((T::PARTITION_KEY.to_owned(), AttributeValue::S(partition)))
        .chain(
            T::SORT_KEY
                .zip(sort)
                .map(|(name, s)| (name.to_owned(), AttributeValue::S(s))),
        )
        .collect()
}
