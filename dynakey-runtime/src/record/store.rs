//! The design item on the wire: read strongly consistent ([`read`]), changed by a merge and
//! written back conditioned on the revision read ([`update`]), kept within DynamoDB's item size.

use std::time::Duration;

use aws_sdk_dynamodb::types::AttributeValue;
use dynakey::__private::expr::{Comparator, Condition, Operand, Path, Value};
use dynakey::{Table, UtcTime, WriteInput};

use super::model::{DesignRecord, MigrationPhase, DESIGN_RECORD_FORMAT};
use crate::convert::{put_item, Item};
use crate::db::Db;
use crate::error::Error;
use crate::item::item_size;
use crate::limits::MAX_ITEM_SIZE;
use crate::sdk::{Failed, Idempotence, Sending};
use crate::single::consistent_item;

/// The partition key of the design item (and its sort key, on a table with one): under
/// dynakey's own prefix, which no entity's partition-key template may start with.
pub const DESIGN_KEY: &str = "DYNAKEY#DESIGN";
/// The map attribute holding the [`DesignRecord`].
const RECORD: &str = "_design";
/// The number attribute holding the record's revision, which every write is conditioned on.
const REVISION: &str = "_revision";
/// How many times a write conditioned on the revision read is tried when other writers change the
/// item in between.
const ATTEMPTS: u32 = 8;
/// The room kept free below DynamoDB's 400 KB when the log is trimmed, so a migration's end (its
/// counts and error) still fits after its start.
const HEADROOM: usize = 16 * 1024;

/// The design item's key attributes on table `T`.
fn key<T: Table>() -> Item {
    let key = || AttributeValue::S(DESIGN_KEY.to_owned());
    std::iter::once((T::PARTITION_KEY.to_owned(), key()))
        .chain(T::SORT_KEY.map(|name| (name.to_owned(), key())))
        .collect()
}

/// `true` for the design item (by its partition key).
pub(crate) fn is_design_item<T: Table>(item: &Item) -> bool {
    matches!(item.get(T::PARTITION_KEY), Some(AttributeValue::S(pk)) if pk == DESIGN_KEY)
}

/// The record the table holds, read strongly consistent; `None` when it holds none.
///
/// # Errors
/// [`Error::Sdk`]; [`Error::DesignRecord`] when the item does not decode.
pub(crate) async fn read<T: Table>(db: &Db<T>) -> Result<Option<DesignRecord>, Error> {
    let Some(item) = consistent_item(db, key::<T>()).await? else {
        return Ok(None);
    };
    let broken = |reason: String| Error::DesignRecord {
        table: db.table_name().to_owned(),
        reason,
    };
    let revision = match item.get(REVISION) {
        Some(AttributeValue::N(n)) => n.parse::<u64>().ok(),
        _ => None,
    }
    .ok_or_else(|| broken(format!("its `{REVISION}` is not a whole number")))?;
    let record = item
        .get(RECORD)
        .cloned()
        .ok_or_else(|| broken(format!("it has no `{RECORD}` attribute")))?;
    let mut record: DesignRecord = serde_dynamo::aws_sdk_dynamodb_1::from_attribute_value(record)
        .map_err(|e| broken(format!("it does not decode: {e}")))?;
    record.revision = revision;
    Ok(Some(record))
}

/// Reads the record (an empty one when there is none), lets `change` merge into it, and writes it
/// back conditioned on the revision read, again from a fresh read when another writer came first.
/// `change` returns `false` when it changed nothing: nothing is written. A record of a newer
/// format is returned as read, never written.
///
/// # Errors
/// `change`'s error; [`Error::DesignRecord`] when the item would exceed 400 KB with every finished
/// migration dropped from its log, or after [`ATTEMPTS`] writes that other writers came before;
/// [`Error::Sdk`].
pub(crate) async fn update<T: Table>(
    db: &Db<T>,
    mut change: impl FnMut(&mut DesignRecord) -> Result<bool, Error>,
) -> Result<DesignRecord, Error> {
    for attempt in 0..ATTEMPTS {
        let stored = read(db).await?;
        let read_revision = stored.as_ref().map(|r| r.revision);
        let mut record = stored.unwrap_or_else(|| DesignRecord::empty(&db.identity()));
        if record.format > DESIGN_RECORD_FORMAT || !change(&mut record)? {
            return Ok(record);
        }
        record.revision = read_revision.unwrap_or(0) + 1;
        record.updated_at = UtcTime::now();
        record.updated_by = db.identity();
        let item = fitted_item::<T>(db.table_name(), &mut record)?;
        let condition = match read_revision {
            None => Condition::attribute_not_exists(Path::attribute(T::PARTITION_KEY)),
            Some(revision) => Condition::compare(
                Operand::Path(Path::attribute(REVISION)),
                Comparator::Eq,
                Operand::Value(Value::N(revision.to_string())),
            ),
        };
        let input = WriteInput::render(&[], Some(&condition));
        // A resend after a lost answer fails its condition once the first send was applied: the
        // next round reads the record with this change in it, and the merge adds nothing.
        let how = Sending::policy(1, db.retry_policy().attempts(), Idempotence::Idempotent);
        let request = put_item(db.edge().client_for(&how), db.table_name(), item, input);
        match db.edge().send(request, how).await {
            Ok(_) => return Ok(record),
            Err(failed) if failed.condition_failed().is_some() => {
                tokio::time::sleep(Duration::from_millis(5 << attempt.min(6))).await;
            }
            Err(failed) => return Err(Failed::into_error(failed)),
        }
    }
    Err(Error::DesignRecord {
        table: db.table_name().to_owned(),
        reason: format!(
            "other writers changed it before each of {ATTEMPTS} conditional writes; nothing was \
             written, try again"
        ),
    })
}

/// The design item of `record`, with the oldest finished migrations dropped from its log until it
/// is [`HEADROOM`] below DynamoDB's 400 KB item size (AWS developer guide, "Service, account,
/// and table quotas — Item size").
fn fitted_item<T: Table>(table: &str, record: &mut DesignRecord) -> Result<Item, Error> {
    loop {
        let item = item::<T>(table, record)?;
        let size = item_size(&item);
        if size + HEADROOM <= MAX_ITEM_SIZE {
            return Ok(item);
        }
        let Some(oldest) = record
            .migrations
            .iter()
            .position(|m| m.phase != MigrationPhase::Running)
        else {
            return Err(Error::DesignRecord {
                table: table.to_owned(),
                reason: format!(
                    "it would be {size} bytes with no finished migration left in its log, over \
                     DynamoDB's item size of {MAX_ITEM_SIZE} bytes less {HEADROOM} kept free; \
                     nothing was written"
                ),
            });
        };
        record.migrations.remove(oldest);
        record.migrations_dropped += 1;
    }
}

fn item<T: Table>(table: &str, record: &DesignRecord) -> Result<Item, Error> {
    let value = serde_dynamo::aws_sdk_dynamodb_1::to_attribute_value(record).map_err(|e| {
        Error::DesignRecord {
            table: table.to_owned(),
            reason: format!("it does not serialise: {e}"),
        }
    })?;
    let mut item = key::<T>();
    item.insert(RECORD.to_owned(), value);
    item.insert(
        REVISION.to_owned(),
        AttributeValue::N(record.revision.to_string()),
    );
    Ok(item)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::model::{MigrationMode, MigrationRecord};

    /// A log that outgrows the item: the oldest finished runs are dropped and counted, the
    /// running one kept.
    #[test]
    fn a_long_log_drops_its_oldest_finished_runs() {
        let mut record = DesignRecord::empty("test");
        let run = |n: usize, phase| MigrationRecord {
            id: format!("run-{n}"),
            entities: vec!["Book".into(); 20],
            changes: Vec::new(),
            mode: MigrationMode::Rewrite,
            phase,
            started_at: UtcTime::now(),
            ended_at: None,
            counts: None,
            error: Some("x".repeat(1000)),
            by: "host pid 1".into(),
        };
        record.migrations.push(run(0, MigrationPhase::Running));
        for n in 1..1000 {
            record.migrations.push(run(n, MigrationPhase::Finished));
        }
        let item = fitted_item::<dynakey::DefaultTable>("t", &mut record).unwrap();
        assert!(item_size(&item) + HEADROOM <= MAX_ITEM_SIZE);
        assert!(record.migrations_dropped > 0);
        assert_eq!(
            record.migrations.len() as u64 + record.migrations_dropped,
            1000
        );
        assert_eq!(record.migrations[0].id, "run-0", "the running one is kept");
        assert_eq!(
            record.migrations[1].id,
            format!("run-{}", record.migrations_dropped + 1)
        );
    }
}
