//! What the design item holds ([`DesignRecord`]): the entities with every recorded version of
//! each key template, and the log of migrations. Serialised with serde into one map attribute of
//! the design item.

use std::collections::BTreeMap;

use dynakey::UtcTime;
use serde::{Deserialize, Serialize};

/// The record format this dynakey writes. A record of a higher format was written by a newer
/// dynakey: it is never overwritten, and the code reading it is behind.
pub const DESIGN_RECORD_FORMAT: u32 = 1;

/// The design a table records in its design item (docs/semantics.md §10, "The table records its
/// design"): every entity with the versions of its key templates, and every migration run.
/// Read with [`Db::design_record`](crate::Db::design_record).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DesignRecord {
    /// The record format ([`DESIGN_RECORD_FORMAT`] when written by this dynakey).
    pub format: u32,
    /// The item's revision: 1 for the first write, one more for each write; every write is
    /// conditioned on the revision it read. Stored beside the record (attribute `_revision`).
    #[serde(skip)]
    pub revision: u64,
    /// The recorded entities, in the order they were first recorded.
    pub entities: Vec<EntityRecord>,
    /// The migrations run on the table, oldest first (the oldest finished ones dropped first when
    /// the item would outgrow DynamoDB's 400 KB; [`migrations_dropped`](Self::migrations_dropped)
    /// counts them).
    pub migrations: Vec<MigrationRecord>,
    /// How many finished migrations were dropped from the log to keep the item within 400 KB.
    pub migrations_dropped: u64,
    /// When the record was last written.
    pub updated_at: UtcTime,
    /// Who wrote it last ([`Db::with_identity`](crate::Db::with_identity)).
    pub updated_by: String,
}

/// One recorded entity: its name and, per key, the versions of its template.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EntityRecord {
    /// The entity's name ([`Entity::ENTITY_NAME`](dynakey::Entity::ENTITY_NAME)).
    pub name: String,
    /// Its table key (`key` `"table"`), then its key in each index it is in.
    pub keys: Vec<KeyRecord>,
    /// Its key change during a rolling deploy, once a backfill or a cleanup of it finished
    /// (docs/semantics.md §10): which phases may still run. Absent otherwise (and in records
    /// written before dynakey knew key changes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key_change: Option<KeyChangeRecord>,
}

/// How far an entity's key change went (docs/semantics.md §10, "A key change during a rolling
/// deploy"), recorded when `db.migrate` finishes its backfill (expand) or its cleanup (contract).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeyChangeRecord {
    /// The shape id before the change (`pk|sk`, as [`SHAPE_ATTRIBUTE`](dynakey::SHAPE_ATTRIBUTE)
    /// holds it).
    pub from: String,
    /// The shape id after the change.
    pub to: String,
    /// The lowest phase an instance may still run.
    pub lowest: KeyChangeStage,
    /// When it was recorded.
    pub recorded_at: UtcTime,
    /// Who recorded it.
    pub recorded_by: String,
}

/// The lowest phase of a key change an instance may still run: what
/// [`Db::check_design`](crate::Db::check_design) compares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum KeyChangeStage {
    /// The backfill finished: every item has its copy, so an instance that writes no copy (one
    /// declaring no key change, with the old templates) is behind.
    Expand,
    /// The cleanup finished: the previous shape is gone, so an instance that still reads or
    /// writes it (no key change declared with the old templates, expand, switch) is behind.
    Contract,
}

/// The recorded versions of one key template of an entity.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeyRecord {
    /// `"table"` for the table key, or the index name.
    pub key: String,
    /// Every version recorded, oldest first: version `n` is `versions[n - 1]`.
    pub versions: Vec<TemplateVersion>,
    /// The version the table's items are written in (or, while a migration runs, moved to).
    pub current: u32,
}

/// One recorded version of a key template.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TemplateVersion {
    /// Its number: 1 for the first recorded template of the key.
    pub version: u32,
    /// The template as written (`pk / sk`, `shards = N` for a sharded partition key; an
    /// attribute-wise index key as its attributes).
    pub template: String,
    /// FNV-1a (64-bit, hex) of [`template`](Self::template): two versions are one template when
    /// their fingerprints are equal.
    pub fingerprint: String,
    /// When it was recorded.
    pub recorded_at: UtcTime,
    /// Who recorded it.
    pub recorded_by: String,
}

/// Where a migration recorded in the log is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub enum MigrationPhase {
    /// Started and not ended (or its process died: its `ended_at` stays empty).
    Running,
    /// Every segment was read to its end.
    Finished,
    /// Stopped by an error ([`MigrationRecord::error`]); resumable from its checkpoint.
    Stopped,
}

/// How a migration rewrote items.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub enum MigrationMode {
    /// [`Db::migrate`](crate::Db::migrate): each item moved (table key) or reindexed in place to
    /// the newest shape of its templates.
    Rewrite,
}

/// One key of one entity a migration moves to another recorded version.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TemplateChange {
    /// The entity's name.
    pub entity: String,
    /// `"table"` or the index name.
    pub key: String,
    /// The version the table recorded as current before the run (`None`: the key was not
    /// recorded).
    pub from: Option<u32>,
    /// The version the run writes.
    pub to: u32,
}

/// What a migration did (or, in a dry run, would do) to one entity's items: in its
/// [`MigrationReport`](crate::MigrationReport), and in the run's record
/// ([`MigrationTally::by_entity`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MigrationCounts {
    /// Already in the newest shape.
    pub current: u64,
    /// Moved to their new table key.
    pub moved: u64,
    /// Index key attributes rewritten.
    pub reindexed: u64,
    /// Gone before the migration's write (deleted or moved by another writer).
    pub gone: u64,
    /// Not rewritten ([`MigrationReport::failed`](crate::MigrationReport::failed) lists them).
    pub failed: u64,
    /// Copies written by a key change's backfill ([`MigrationReport::copied`](crate::MigrationReport::copied)).
    #[serde(default)]
    pub copied: u64,
    /// Items deleted by a key change's cleanup, or orphaned copies by its backfill
    /// ([`MigrationReport::removed`](crate::MigrationReport::removed)).
    #[serde(default)]
    pub removed: u64,
}

/// The counts of a migration run, from its [`MigrationReport`](crate::MigrationReport): every
/// item scanned is in one entity's counts, in `other` or in `unfinished`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MigrationTally {
    /// Items scanned (the design item not included).
    pub scanned: u64,
    /// What became of each migrated entity's items (current, moved, reindexed, gone, failed).
    pub by_entity: BTreeMap<String, MigrationCounts>,
    /// Items of other entities, or of none.
    pub other: u64,
    /// Items of a page a stopped run did not finish.
    pub unfinished: u64,
}

/// One migration run in the log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MigrationRecord {
    /// The run's identifier, unique per run (its start time, process and a counter).
    pub id: String,
    /// The entities migrated, in the order given.
    pub entities: Vec<String>,
    /// The keys whose recorded version the run changes (empty for a run that only fills index
    /// attributes of the recorded templates).
    pub changes: Vec<TemplateChange>,
    /// How items were rewritten.
    pub mode: MigrationMode,
    /// Where the run is.
    pub phase: MigrationPhase,
    /// When it started.
    pub started_at: UtcTime,
    /// When it ended (finished or stopped); `None` while it runs.
    pub ended_at: Option<UtcTime>,
    /// Its counts when it ended.
    pub counts: Option<MigrationTally>,
    /// Why it stopped, for a [`MigrationPhase::Stopped`] run.
    pub error: Option<String>,
    /// Who ran it ([`Db::with_identity`](crate::Db::with_identity)).
    pub by: String,
}

impl DesignRecord {
    /// An empty record of this format, stamped `by`.
    pub(crate) fn empty(by: &str) -> DesignRecord {
        DesignRecord {
            format: DESIGN_RECORD_FORMAT,
            revision: 0,
            entities: Vec::new(),
            migrations: Vec::new(),
            migrations_dropped: 0,
            updated_at: UtcTime::now(),
            updated_by: by.to_owned(),
        }
    }

    /// The recorded entity named `name`.
    pub fn entity(&self, name: &str) -> Option<&EntityRecord> {
        self.entities.iter().find(|e| e.name == name)
    }

    /// The migration run `id`.
    pub fn migration(&self, id: &str) -> Option<&MigrationRecord> {
        self.migrations.iter().find(|m| m.id == id)
    }
}

impl EntityRecord {
    /// The recorded key `key` (`"table"` or an index name).
    pub fn key(&self, key: &str) -> Option<&KeyRecord> {
        self.keys.iter().find(|k| k.key == key)
    }
}

impl KeyRecord {
    /// The version the table's items are written in.
    pub fn current_version(&self) -> Option<&TemplateVersion> {
        self.version(self.current)
    }

    /// Version `n` (1-based).
    pub fn version(&self, n: u32) -> Option<&TemplateVersion> {
        let index = usize::try_from(n).ok()?.checked_sub(1)?;
        self.versions.get(index)
    }

    /// The version whose template has fingerprint `fingerprint`.
    pub fn version_of(&self, fingerprint: &str) -> Option<&TemplateVersion> {
        self.versions.iter().find(|v| v.fingerprint == fingerprint)
    }

    /// The newest version recorded.
    pub fn newest(&self) -> u32 {
        self.versions.len() as u32
    }
}
