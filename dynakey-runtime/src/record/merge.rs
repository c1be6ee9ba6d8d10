//! The changes the runtime makes to a record it read, each idempotent (applied to a record that
//! already holds it, it changes nothing), so a write conditioned on the revision can be merged
//! again into whatever another instance wrote in between: the code's declarations added where the
//! record has none ([`add_declared`]), a migration's start ([`start_migration`]) and end
//! ([`end_migration`]).

use dynakey::UtcTime;

use super::declared::{fingerprint, Declared, DeclaredKey};
use super::model::{
    DesignRecord, EntityRecord, KeyChangeRecord, KeyChangeStage, KeyRecord, MigrationPhase,
    MigrationRecord, MigrationTally, TemplateChange, TemplateVersion,
};

/// A stamp: when and by whom.
#[derive(Debug, Clone)]
pub(crate) struct Stamp {
    pub(crate) at: UtcTime,
    pub(crate) by: String,
}

impl Stamp {
    /// Now, by `by`.
    pub(crate) fn now(by: &str) -> Stamp {
        Stamp {
            at: UtcTime::now(),
            by: by.to_owned(),
        }
    }

    fn version(&self, version: u32, template: &str) -> TemplateVersion {
        TemplateVersion {
            version,
            template: template.to_owned(),
            fingerprint: fingerprint(template),
            recorded_at: self.at,
            recorded_by: self.by.clone(),
        }
    }

    /// A key record first made from `declared`: its earlier templates as the first versions,
    /// then the one it writes, current.
    fn key(&self, declared: &DeclaredKey) -> KeyRecord {
        let mut versions: Vec<TemplateVersion> = Vec::new();
        for template in declared.earlier.iter().chain([&declared.template]) {
            if versions.iter().all(|v| v.template != *template) {
                let version = versions.len() as u32 + 1;
                versions.push(self.version(version, template));
            }
        }
        KeyRecord {
            key: declared.key.clone(),
            current: versions.len() as u32,
            versions,
        }
    }
}

/// Adds each declared entity the record lacks, and each declared key a recorded entity lacks (a
/// new index); changes nothing recorded. `true` when something was added.
pub(crate) fn add_declared(
    record: &mut DesignRecord,
    declared: &[Declared],
    stamp: &Stamp,
) -> bool {
    let mut added = false;
    for entity in declared {
        let at = match record.entities.iter().position(|e| e.name == entity.name) {
            Some(at) => at,
            None => {
                record.entities.push(EntityRecord {
                    name: entity.name.to_owned(),
                    keys: Vec::new(),
                    key_change: None,
                });
                record.entities.len() - 1
            }
        };
        let recorded = &mut record.entities[at];
        for key in &entity.keys {
            if recorded.key(&key.key).is_none() {
                recorded.keys.push(stamp.key(key));
                added = true;
            }
        }
    }
    added
}

/// Records the start of migration run `id` of `declared` (the entities migrated): each key
/// template the record lacks becomes its newest version, and each key's current version becomes
/// the one this code writes (the run moves the items to it), named in the run's
/// [`TemplateChange`]s. Nothing is changed when the record already holds the run.
///
/// # Errors
/// The keys whose recorded current version is newer than the one this code writes, as
/// `(entity, key)`: the run must not move items back.
pub(crate) fn start_migration(
    record: &mut DesignRecord,
    declared: &[Declared],
    id: &str,
    stamp: &Stamp,
) -> Result<(), Vec<(String, String)>> {
    if record.migration(id).is_some() {
        return Ok(());
    }
    let before = record.clone();
    add_declared(record, declared, stamp);
    let mut changes = Vec::new();
    let mut behind = Vec::new();
    for entity in declared {
        let Some(recorded) = record.entities.iter_mut().find(|e| e.name == entity.name) else {
            continue;
        };
        for key in &entity.keys {
            let Some(slot) = recorded.keys.iter_mut().find(|k| k.key == key.key) else {
                continue;
            };
            let print = key.fingerprint();
            let to = match slot.version_of(&print) {
                Some(v) => v.version,
                None => {
                    let version = slot.newest() + 1;
                    slot.versions.push(stamp.version(version, &key.template));
                    version
                }
            };
            let from = before
                .entity(entity.name)
                .and_then(|e| e.key(&key.key))
                .map(|k| k.current);
            if from.is_some_and(|from| from > to) {
                behind.push((entity.name.to_owned(), key.key.clone()));
                continue;
            }
            // In the switch phase the items are still written in both shapes, and instances of
            // the expand phase still run: the table key's current version stays until the
            // cleanup (docs/semantics.md §10).
            let switching = entity
                .change
                .as_ref()
                .is_some_and(|c| c.phase == dynakey::KeyChangePhase::Switch);
            if switching && key.key == super::declared::TABLE_KEY {
                continue;
            }
            slot.current = to;
            if from != Some(to) {
                changes.push(TemplateChange {
                    entity: entity.name.to_owned(),
                    key: key.key.clone(),
                    from,
                    to,
                });
            }
        }
    }
    if !behind.is_empty() {
        *record = before;
        return Err(behind);
    }
    record.migrations.push(MigrationRecord {
        id: id.to_owned(),
        entities: declared.iter().map(|d| d.name.to_owned()).collect(),
        changes,
        mode: super::model::MigrationMode::Rewrite,
        phase: MigrationPhase::Running,
        started_at: stamp.at,
        ended_at: None,
        counts: None,
        error: None,
        by: stamp.by.clone(),
    });
    Ok(())
}

/// Records the end of migration run `id`: its phase, counts and error. `false` when the record
/// does not hold the run (dropped from the log) or already holds its end.
pub(crate) fn end_migration(
    record: &mut DesignRecord,
    id: &str,
    end: (MigrationPhase, MigrationTally, Option<String>),
    at: UtcTime,
) -> bool {
    let Some(run) = record.migrations.iter_mut().find(|m| m.id == id) else {
        return false;
    };
    if run.ended_at.is_some() {
        return false;
    }
    let (phase, counts, error) = end;
    run.phase = phase;
    run.counts = Some(counts);
    run.error = error;
    run.ended_at = Some(at);
    true
}

/// Records, after a finished migration of `declared`, how far each one's key change went: its
/// backfill (an entity in the expand phase) or its cleanup (contract). Never lowers a recorded
/// stage of the same change. `true` when something changed.
pub(crate) fn key_changes(record: &mut DesignRecord, declared: &[Declared], stamp: &Stamp) -> bool {
    let mut changed = false;
    for entity in declared {
        let Some(change) = &entity.change else {
            continue;
        };
        let stage = match change.phase {
            dynakey::KeyChangePhase::Expand => KeyChangeStage::Expand,
            dynakey::KeyChangePhase::Contract => KeyChangeStage::Contract,
            dynakey::KeyChangePhase::Switch => continue,
        };
        let Some(recorded) = record.entities.iter_mut().find(|e| e.name == entity.name) else {
            continue;
        };
        let same = recorded
            .key_change
            .as_ref()
            .filter(|r| r.from == change.from && r.to == change.to);
        if same.is_some_and(|r| r.lowest >= stage) {
            continue;
        }
        recorded.key_change = Some(KeyChangeRecord {
            from: change.from.clone(),
            to: change.to.clone(),
            lowest: stage,
            recorded_at: stamp.at,
            recorded_by: stamp.by.clone(),
        });
        changed = true;
    }
    changed
}
