//! The running code's declarations against the recorded design ([`DesignStatus`]): per entity and
//! key, the template this code writes against the version the table records as current.

use super::declared::{Declared, DeclaredKey, TABLE_KEY};
use super::model::{
    DesignRecord, KeyChangeRecord, KeyChangeStage, KeyRecord, DESIGN_RECORD_FORMAT,
};
use crate::error::{DesignDifference, DesignDirection, TemplateSide};

/// How the running code stands against the design the table records.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum DesignState {
    /// The table holds no design item yet ([`Db::ensure_table`](crate::Db::ensure_table) and
    /// [`Db::migrate`](crate::Db::migrate) write it).
    NotRecorded,
    /// Every entity and key this code declares is recorded, at the current version.
    Current,
    /// This code declares entities, keys or templates the table has not recorded (a new deploy
    /// before its migration) and is behind in none.
    Ahead,
    /// The table records a newer version of a template this code writes.
    Behind,
    /// This code's table-key template is none of the recorded ones and it reads none of them.
    Diverged,
}

/// The running code's declarations compared with the table's recorded design: made by
/// [`Db::design_status`](crate::Db::design_status).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DesignStatus {
    /// The table name.
    pub table: String,
    /// The overall state: [`Behind`](DesignState::Behind) when any difference is behind, else
    /// [`Diverged`](DesignState::Diverged), else [`Ahead`](DesignState::Ahead), else
    /// [`Current`](DesignState::Current) (differences that are only
    /// [`Undeclared`](DesignDirection::Undeclared) leave it current).
    pub state: DesignState,
    /// Every difference, in the order of this code's entities and keys, then the recorded
    /// entities this code does not declare.
    pub differences: Vec<DesignDifference>,
    /// The revision of the record compared (`None` when there is none).
    pub revision: Option<u64>,
}

impl DesignStatus {
    /// The differences that stop [`Db::check_design`](crate::Db::check_design).
    pub fn blocking(&self) -> impl Iterator<Item = &DesignDifference> {
        self.differences.iter().filter(|d| d.direction.blocks())
    }
}

/// `declared` against `record`.
pub(crate) fn status(
    table: &str,
    record: Option<&DesignRecord>,
    declared: &[Declared],
) -> DesignStatus {
    let Some(record) = record else {
        return DesignStatus {
            table: table.to_owned(),
            state: DesignState::NotRecorded,
            differences: Vec::new(),
            revision: None,
        };
    };
    let differences = match record.format > DESIGN_RECORD_FORMAT {
        true => vec![format_difference(record.format)],
        false => differences(record, declared),
    };
    let any = |direction| differences.iter().any(|d| d.direction == direction);
    let state = if any(DesignDirection::Behind) {
        DesignState::Behind
    } else if any(DesignDirection::Diverged) {
        DesignState::Diverged
    } else if any(DesignDirection::Ahead) {
        DesignState::Ahead
    } else {
        DesignState::Current
    };
    DesignStatus {
        table: table.to_owned(),
        state,
        differences,
        revision: Some(record.revision),
    }
}

/// A record of a newer format: this dynakey is behind it.
fn format_difference(format: u32) -> DesignDifference {
    let side = |version| TemplateSide {
        version: Some(version),
        template: "the design record's format".to_owned(),
    };
    DesignDifference {
        entity: String::new(),
        key: "format".to_owned(),
        direction: DesignDirection::Behind,
        running: Some(side(DESIGN_RECORD_FORMAT)),
        recorded: Some(side(format)),
    }
}

fn differences(record: &DesignRecord, declared: &[Declared]) -> Vec<DesignDifference> {
    let mut out = Vec::new();
    for entity in declared {
        let recorded = record.entity(entity.name);
        for key in &entity.keys {
            let recorded_key = recorded.and_then(|r| r.key(&key.key));
            if let Some(difference) = compare_key(entity.name, key, recorded_key) {
                out.push(difference);
            }
        }
        let change = recorded.and_then(|r| r.key_change.as_ref());
        if let Some(difference) = change.and_then(|c| compare_change(entity, c)) {
            out.push(difference);
        }
    }
    for entity in &record.entities {
        if declared.iter().any(|d| d.name == entity.name) {
            continue;
        }
        let recorded = entity.key(TABLE_KEY).and_then(|k| side(k, k.current));
        out.push(DesignDifference {
            entity: entity.name.clone(),
            key: TABLE_KEY.to_owned(),
            direction: DesignDirection::Undeclared,
            running: None,
            recorded,
        });
    }
    out
}

/// The key of a key change's difference ([`DesignDifference::key`]).
pub(crate) const KEY_CHANGE: &str = "key change";

/// The running code's phase of an entity's key change against how far the recorded change went
/// (docs/semantics.md §10): after the backfill, code that declares no key change and reads the
/// shape before it is behind (it would write items without their copies); after the cleanup,
/// code that reads or writes the previous shape (no key change and the shape before it, or the
/// expand or switch phase) is behind.
fn compare_change(entity: &Declared, recorded: &KeyChangeRecord) -> Option<DesignDifference> {
    let old_code = entity.change.is_none() && entity.shape == recorded.from;
    let behind = match recorded.lowest {
        KeyChangeStage::Expand => old_code,
        KeyChangeStage::Contract => {
            old_code
                || entity
                    .change
                    .as_ref()
                    .is_some_and(|c| c.phase != dynakey::KeyChangePhase::Contract)
        }
    };
    if !behind {
        return None;
    }
    let running = match &entity.change {
        None => format!("{} (no key change declared)", entity.shape),
        Some(c) => format!("{} → {} ({} phase)", c.from, c.to, c.phase.name()),
    };
    let done = match recorded.lowest {
        KeyChangeStage::Expand => "backfilled: the lowest phase that may run is expand",
        KeyChangeStage::Contract => "cleaned up: the lowest phase that may run is contract",
    };
    Some(DesignDifference {
        entity: entity.name.to_owned(),
        key: KEY_CHANGE.to_owned(),
        direction: DesignDirection::Behind,
        running: Some(TemplateSide {
            version: None,
            template: running,
        }),
        recorded: Some(TemplateSide {
            version: None,
            template: format!("{} → {} {done}", recorded.from, recorded.to),
        }),
    })
}

/// Version `version` of `key` as a side of a difference.
fn side(key: &KeyRecord, version: u32) -> Option<TemplateSide> {
    key.version(version).map(|v| TemplateSide {
        version: Some(v.version),
        template: v.template.clone(),
    })
}

/// One declared key against its record: `None` when this code writes the current version.
fn compare_key(
    entity: &str,
    declared: &DeclaredKey,
    recorded: Option<&KeyRecord>,
) -> Option<DesignDifference> {
    let print = declared.fingerprint();
    let running_version = recorded
        .and_then(|r| r.version_of(&print))
        .map(|v| v.version);
    let current = recorded.map(|r| r.current);
    let direction = match (recorded, running_version) {
        (Some(record), Some(version)) if version == record.current => return None,
        (Some(record), Some(version)) if version < record.current => DesignDirection::Behind,
        (Some(_), Some(_)) | (None, _) => DesignDirection::Ahead,
        (Some(record), None) => {
            let reads_current = record
                .current_version()
                .is_some_and(|v| declared.reads(&v.fingerprint));
            match reads_current || declared.key != TABLE_KEY {
                true => DesignDirection::Ahead,
                false => DesignDirection::Diverged,
            }
        }
    };
    Some(DesignDifference {
        entity: entity.to_owned(),
        key: declared.key.clone(),
        direction,
        running: Some(TemplateSide {
            version: running_version,
            template: declared.template.clone(),
        }),
        recorded: recorded.zip(current).and_then(|(r, c)| side(r, c)),
    })
}
