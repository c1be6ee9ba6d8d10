//! What a migration reports: its counts as it runs and when it ends ([`MigrationReport`]), where
//! it is ([`MigrationCheckpoint`]), and why it stopped ([`MigrationStopped`]).

use std::collections::BTreeMap;
use std::fmt;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::error::Error;
pub use crate::record::MigrationCounts;
use crate::record::MigrationTally;

/// Where a migration is: one position per scan segment (`Segment` of `TotalSegments`, AWS
/// developer guide, "Parallel scan"). Serializable (serde), so a program can store it after each
/// [progress](super::Migrate::on_progress) report and [resume](super::Migrate::resume) after a
/// failure or a kill: a resumed run reads each segment again from its position and repeats no
/// write (every write is conditioned on the item as it was read, so an item rewritten just before
/// the kill is found current).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MigrationCheckpoint {
    /// The table name.
    pub table: String,
    /// The entities migrated ([`Entity::ENTITY_NAME`](dynakey::Entity::ENTITY_NAME)), in the
    /// order they were given.
    pub entities: Vec<String>,
    /// One position per segment, in segment order; their count is `TotalSegments`.
    pub segments: Vec<SegmentPosition>,
}

/// Where one scan segment of a migration is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum SegmentPosition {
    /// Not read yet.
    Start,
    /// Read and migrated up to and including the item with this primary key (the page's
    /// `LastEvaluatedKey`); the next request starts after it (`ExclusiveStartKey`).
    After {
        /// The partition key value.
        partition: String,
        /// The sort key value, on a table with a sort key.
        sort: Option<String>,
    },
    /// Read to its end.
    Done,
}

impl MigrationCheckpoint {
    /// `true` when every segment was read to its end.
    pub fn is_done(&self) -> bool {
        self.segments.iter().all(|s| *s == SegmentPosition::Done)
    }
}

/// What a migration changes, or would change, in one item.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum MigrationKind {
    /// Its table key changes: one `TransactWriteItems` puts the item at its new key (conditioned
    /// on no item being there) and deletes the old one (conditioned on its version, or on its
    /// unchanged attributes), moving its uniqueness items with it.
    Move,
    /// Only index key attributes (or the entity-type attribute) change: one `UpdateItem` of those
    /// attributes, conditioned the same way.
    Reindex,
}

/// One item a migration changes, or would change: its key before and after, and the attributes
/// that change (for a [`MigrationKind::Reindex`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MigrationExample {
    /// The item's entity.
    pub entity: String,
    /// What changes.
    pub kind: MigrationKind,
    /// The primary key as stored: partition key, and sort key on a table with one.
    pub old: (String, Option<String>),
    /// The primary key in the newest shape.
    pub new: (String, Option<String>),
    /// The attributes an `UpdateItem` sets or removes (empty for a move, which rewrites the item).
    pub attributes: Vec<String>,
}

/// An item the migration did not rewrite, with the reason; the rest of the run went on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MigrationFailure {
    /// The item's entity.
    pub entity: String,
    /// The item's partition key value.
    pub partition: String,
    /// The item's sort key value, on a table with a sort key.
    pub sort: Option<String>,
    /// Why: it does not decode into the entity, its new key already holds another item, its
    /// unique values are taken, or it kept changing under the migration for every attempt.
    pub reason: String,
}

/// The counts of a migration (or of its dry run), as it runs (each
/// [progress](super::Migrate::on_progress) report) and when it ends. Every item scanned is in
/// exactly one of `current`, `moved`, `reindexed`, `copied`, `removed`, `gone`, `other`, `failed`
/// or `unfinished` —
/// and an item moved to a key the scan reaches later is scanned again there, and counted
/// `current` the second time.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MigrationReport {
    /// The entities migrated, in the order they were given.
    pub entities: Vec<String>,
    /// The counts of each entity's items, by entity name.
    pub by_entity: BTreeMap<String, MigrationCounts>,
    /// `true` for a [dry run](super::Migrate::dry_run): `moved` and `reindexed` count what it
    /// would rewrite, and nothing was written.
    pub dry_run: bool,
    /// Items the scan returned (every entity's, before the owner check), but the table's design
    /// item (docs/semantics.md §10, "The table records its design"), which is not migrated.
    pub scanned: u64,
    /// Items of the entity already in the newest shape: nothing written.
    pub current: u64,
    /// Items moved to their new table key ([`MigrationKind::Move`]).
    pub moved: u64,
    /// Items whose index key attributes were rewritten ([`MigrationKind::Reindex`]).
    pub reindexed: u64,
    /// A key change's backfill (an entity in the expand phase, docs/semantics.md §10): items of
    /// the current shape whose copy in the next shape was written (the item marked with its
    /// shape and its copy's key, in the same `TransactWriteItems`). An item whose copy is equal
    /// already counts `current`.
    pub copied: u64,
    /// A key change's cleanup (an entity in the contract phase): items of the previous shape
    /// deleted; in the backfill, orphaned copies (whose item is gone, or names another copy)
    /// deleted.
    pub removed: u64,
    /// Items deleted or moved by another writer between the scan and the migration's write (its
    /// condition failed and the item was no longer there when read again, strongly consistent).
    pub gone: u64,
    /// Items of other entities, or of none: passed over.
    pub other: u64,
    /// Items not rewritten, with their keys and reasons.
    pub failed: Vec<MigrationFailure>,
    /// Items of the page a stopped run did not finish: the request for them failed with the
    /// error that stopped the run (it was not applied, or it was and the item reads so when the
    /// page is read again on [resume](super::Migrate::resume)). Their page is read again, so a
    /// resumed run counts them, and the items of that page it finished, once more.
    pub unfinished: u64,
    /// Up to five examples of each entity and [`MigrationKind`], old key → new key.
    pub examples: Vec<MigrationExample>,
    /// Read capacity units consumed, from the `ConsumedCapacity` of the migration's requests.
    pub read_units: f64,
    /// Write capacity units consumed (transactional writes count double: AWS developer guide,
    /// "Capacity management for transactions").
    pub write_units: f64,
    /// Attempts refused by throttling (each one slowed the migration down).
    pub throttled: u64,
    /// Time since the run started.
    pub elapsed: Duration,
    /// The table's item count as `DescribeTable` reported it when the run started (DynamoDB
    /// updates it about every six hours: an estimate).
    pub estimated_items: Option<u64>,
    /// Where the run is: resuming from it repeats no write.
    pub checkpoint: MigrationCheckpoint,
}

impl From<&MigrationReport> for MigrationTally {
    fn from(report: &MigrationReport) -> Self {
        MigrationTally {
            scanned: report.scanned,
            by_entity: report.by_entity.clone(),
            other: report.other,
            unfinished: report.unfinished,
        }
    }
}

impl MigrationReport {
    /// Items scanned per second since the start.
    pub fn rate(&self) -> f64 {
        let seconds = self.elapsed.as_secs_f64();
        if seconds > 0.0 {
            self.scanned as f64 / seconds
        } else {
            0.0
        }
    }

    /// The time left at the current rate, from [`estimated_items`](Self::estimated_items); `None`
    /// without an estimate or a rate.
    pub fn eta(&self) -> Option<Duration> {
        let rate = self.rate();
        let total = self.estimated_items?;
        (rate > 0.0)
            .then(|| Duration::from_secs_f64(total.saturating_sub(self.scanned) as f64 / rate))
    }

    /// Items rewritten: `moved + reindexed`.
    pub fn rewritten(&self) -> u64 {
        self.moved + self.reindexed
    }
}

impl fmt::Display for MigrationReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (moved, reindexed) = match self.dry_run {
            true => ("would move", "would reindex"),
            false => ("moved", "reindexed"),
        };
        write!(
            f,
            "{} items scanned: {} current, {moved} {}, {reindexed} {}, {} gone, {} other, {} \
             failed",
            self.scanned,
            self.current,
            self.moved,
            self.reindexed,
            self.gone,
            self.other,
            self.failed.len()
        )?;
        if self.copied + self.removed > 0 {
            write!(f, ", {} copied, {} removed", self.copied, self.removed)?;
        }
        if self.unfinished > 0 {
            write!(f, ", {} unfinished", self.unfinished)?;
        }
        Ok(())
    }
}

/// A migration that stopped before its end: the error that stopped it, what it did until then,
/// and the checkpoint to [resume](super::Migrate::resume) from (items of pages not finished are
/// read again; none is written twice).
#[derive(Debug, thiserror::Error)]
#[error("the migration of {} stopped ({}): {source}; resume from its checkpoint", report.entities.join(", "), report)]
pub struct MigrationStopped {
    /// What was done until it stopped; `report.checkpoint` is where to resume.
    pub report: MigrationReport,
    /// Why it stopped.
    #[source]
    pub source: Error,
}
