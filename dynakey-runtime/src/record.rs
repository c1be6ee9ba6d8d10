//! The table records its design (docs/semantics.md §10, "The table records its design"): one
//! design item, under dynakey's own key [`DESIGN_KEY`], holds every entity with the versions of
//! its key templates and the log of migrations ([`DesignRecord`]).
//! [`Db::ensure_table`] writes what this code declares that the record lacks; [`Db::migrate`]
//! records each run (the versions it moves items to, its start, end and counts);
//! [`Db::design_status`] compares this code with the record and [`Db::check_design`], run at
//! startup, refuses a binary behind it.
//!
//! ```no_run
//! # use dynakey::{Entity, Table};
//! # #[derive(Table)]
//! # #[table(partition_key = "PK", sort_key = "SK")]
//! # enum Library { Book(Book) }
//! # #[derive(Entity, serde::Serialize, serde::Deserialize)]
//! # #[dynakey(table = Library)]
//! # #[pk("LIB#<library>")] #[sk("BOOK#<id>")]
//! # struct Book { library: String, id: u32 }
//! # async fn serve(db: dynakey_runtime::Db<Library>) -> Result<(), dynakey_runtime::Error> {
//! db.ensure_table().await?; // records this code's entities the first time
//! db.check_design().await?; // Error::DesignBehind when a newer design is recorded
//! // … serve requests
//! # Ok(()) }
//! ```
//!
//! [`Db::ensure_table`]: crate::Db::ensure_table
//! [`Db::migrate`]: crate::Db::migrate

mod compare;
pub(crate) mod declared;
pub(crate) mod merge;
mod model;
pub(crate) mod store;
#[cfg(test)]
mod tests;

use dynakey::Table;

pub use compare::{DesignState, DesignStatus};
pub use model::{
    DesignRecord, EntityRecord, KeyChangeRecord, KeyChangeStage, KeyRecord, MigrationCounts,
    MigrationMode, MigrationPhase, MigrationRecord, MigrationTally, TemplateChange,
    TemplateVersion, DESIGN_RECORD_FORMAT,
};
pub use store::DESIGN_KEY;

use crate::db::Db;
use crate::error::Error;
use declared::Declared;
use merge::Stamp;

impl<T: Table> Db<T> {
    /// The design the table records (one strongly consistent `GetItem` of the design item);
    /// `None` when it holds none yet.
    ///
    /// # Errors
    /// [`Error::Sdk`]; [`Error::DesignRecord`] when the design item does not decode.
    pub async fn design_record(&self) -> Result<Option<DesignRecord>, Error> {
        store::read(self).await
    }

    /// This code's entities ([`Table::ENTITIES`], the table's `#[derive(Table)]` enum) compared
    /// with the design the table records: [`DesignState::Current`], `Ahead` (this code declares
    /// entities, indexes or templates the table has not recorded: a new deploy before its
    /// migration), `Behind` (the table records a newer version of a template this code writes),
    /// `Diverged` or `NotRecorded`, with each difference named (entity, key, both versions).
    /// One strongly consistent `GetItem`; nothing is written.
    ///
    /// # Errors
    /// As [`design_record`](Self::design_record).
    pub async fn design_status(&self) -> Result<DesignStatus, Error> {
        let record = store::read(self).await?;
        Ok(compare::status(
            self.table_name(),
            record.as_ref(),
            &declared::listed(T::ENTITIES),
        ))
    }

    /// The startup check: [`design_status`](Self::design_status), refused when this code is
    /// behind the recorded design. Run it before serving a request (after
    /// [`ensure_table`](Self::ensure_table)); an instance it refuses would write items in a
    /// shape the table has left, or fail to read the ones in the new shape.
    ///
    /// Returns the status when this code is `Current`, `Ahead` or the table records nothing yet
    /// (the differences of an `Ahead` status are for the caller to log).
    ///
    /// # Errors
    /// [`Error::DesignBehind`] naming the entity, the key and both versions, when the table
    /// records a newer version of a template this code writes
    /// ([`DesignDirection::Behind`](crate::DesignDirection::Behind)), a table-key template this
    /// code reads none of ([`Diverged`](crate::DesignDirection::Diverged)), or a record of a
    /// newer format; as [`design_record`](Self::design_record).
    pub async fn check_design(&self) -> Result<DesignStatus, Error> {
        let status = self.design_status().await?;
        match behind(&status) {
            Some(error) => Err(error),
            None => Ok(status),
        }
    }

    /// Records this code's entities where the record lacks them (ensure_table's part): a table
    /// that lists no entities records nothing.
    pub(crate) async fn record_declared(&self) -> Result<(), Error> {
        let declared = declared::listed(T::ENTITIES);
        if declared.is_empty() {
            return Ok(());
        }
        let by = self.identity();
        store::update(self, |record| {
            Ok(merge::add_declared(record, &declared, &Stamp::now(&by)))
        })
        .await?;
        Ok(())
    }

    /// Records the start of migration run `id` of `declared`, refused when this code is behind
    /// the record for them.
    pub(crate) async fn record_migration_start(
        &self,
        declared: &[Declared],
        id: &str,
    ) -> Result<(), Error> {
        let by = self.identity();
        let table = self.table_name().to_owned();
        let record = store::update(self, |record| {
            let status = compare::status(&table, Some(record), declared);
            if let Some(error) = behind(&status) {
                return Err(error);
            }
            merge::start_migration(record, declared, id, &Stamp::now(&by)).map_err(|keys| {
                Error::DesignRecord {
                    table: table.clone(),
                    reason: format!("the record moved on for {keys:?} while it was read"),
                }
            })?;
            Ok(true)
        })
        .await?;
        // A record of a newer format is returned unwritten: this dynakey is behind it.
        match behind(&compare::status(&table, Some(&record), declared)) {
            Some(error) if record.format > DESIGN_RECORD_FORMAT => Err(error),
            _ => Ok(()),
        }
    }

    /// Records how far the key changes of `declared` went, after a migration of them finished.
    pub(crate) async fn record_key_changes(&self, declared: &[Declared]) -> Result<(), Error> {
        if declared.iter().all(|d| d.change.is_none()) {
            return Ok(());
        }
        let by = self.identity();
        store::update(self, |record| {
            Ok(merge::key_changes(record, declared, &Stamp::now(&by)))
        })
        .await?;
        Ok(())
    }

    /// Records the end of migration run `id`.
    pub(crate) async fn record_migration_end(
        &self,
        id: &str,
        end: (MigrationPhase, MigrationTally, Option<String>),
    ) -> Result<(), Error> {
        store::update(self, |record| {
            Ok(merge::end_migration(
                record,
                id,
                end.clone(),
                dynakey::UtcTime::now(),
            ))
        })
        .await?;
        Ok(())
    }
}

/// [`Error::DesignBehind`] with the blocking differences of `status`, if it has any.
fn behind(status: &DesignStatus) -> Option<Error> {
    let differences: Vec<_> = status.blocking().cloned().collect();
    let first = differences.first()?.clone();
    Some(Error::DesignBehind {
        table: status.table.clone(),
        first: Box::new(first),
        differences,
    })
}
