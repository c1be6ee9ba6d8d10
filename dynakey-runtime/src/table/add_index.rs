//! [`Db::add_missing_indexes`]: the explicit call that adds the declared global secondary indexes
//! an existing table lacks (`UpdateTable`, one index per request), which
//! [`Db::ensure_table`] reports as [`SchemaDifference::MissingIndex`] and never adds itself.
//!
//! The embedded engine (dynoxide 3.2) fills the new index inside `UpdateTable` and describes it
//! `ACTIVE` at once, never with `Backfilling`; DynamoDB describes it `CREATING` (with
//! `Backfilling: true` while it reads the table's items) until it is `ACTIVE`. The wait handles
//! both ([`not_ready`](super::create::not_ready)).

use std::fmt;
use std::future::{Future, IntoFuture};
use std::pin::Pin;
use std::time::Duration;

use aws_sdk_dynamodb::error::BuildError;
use aws_sdk_dynamodb::types::{
    BillingMode, CreateGlobalSecondaryIndexAction, GlobalSecondaryIndexUpdate,
    ProvisionedThroughput, TableDescription,
};
use dynakey::{IndexKind, Table};

use super::create::{not_ready, IndexShape, TABLE_ACTIVE_WAIT};
use super::ensure::differences;
use crate::db::Db;
use crate::error::{Error, SchemaDifference};
use crate::sdk::{build_error, Failed, Idempotence, Sending};

impl<T: Table> Db<T> {
    /// Adds to the existing table each global secondary index `T` declares and the table lacks:
    /// `.await` it for the names of the indexes added, in declaration order (empty when none was
    /// missing); [`wait_at_most`](AddMissingIndexes::wait_at_most) first to wait longer for each
    /// index than the default 10 minutes.
    ///
    /// [`ensure_table`](Self::ensure_table) never changes an existing table: it reports a
    /// missing GSI as [`SchemaDifference::MissingIndex`], and this is the explicit call that adds
    /// it. A new table needs neither: [`create_table`](Self::create_table) creates it with its
    /// indexes.
    ///
    /// ```no_run
    /// # use dynakey::Table;
    /// # #[derive(Table)]
    /// # #[table(partition_key = "PK", sort_key = "SK")]
    /// # #[gsi(ByStatus, name = "GSI1", partition_key = "GSI1PK", sort_key = "GSI1SK")]
    /// # struct App;
    /// # async fn run(db: dynakey_runtime::Db<App>) -> Result<(), dynakey_runtime::Error> {
    /// use std::time::Duration;
    ///
    /// let added: Vec<String> = db.add_missing_indexes().await?;
    /// // A large table takes longer to backfill:
    /// let added = db
    ///     .add_missing_indexes()
    ///     .wait_at_most(Duration::from_secs(3 * 3600))
    ///     .await?;
    /// # Ok(()) }
    /// ```
    pub fn add_missing_indexes(&self) -> AddMissingIndexes<T> {
        AddMissingIndexes {
            db: self.clone(),
            wait: TABLE_ACTIVE_WAIT,
        }
    }
}

/// Adds the declared GSIs an existing table lacks, made by [`Db::add_missing_indexes`]; `.await`
/// it for the names of the indexes added (AWS developer guide, "Managing global secondary
/// indexes — Adding a global secondary index to an existing table").
///
/// What it sends:
/// 1. `DescribeTable`, and compares the table with `T` as
///    [`ensure_table`](Db::ensure_table) does. It changes nothing when the table differs in any
///    way this call cannot fix: the table's key schema, a key attribute's type, an index of
///    another kind, key schema or projection (DynamoDB does not change an index: it is deleted
///    and created again, which this never does), or a missing LSI (DynamoDB creates local
///    secondary indexes only with the table, in `CreateTable`). A stream difference does not
///    stop it ([`enable_stream`](Db::enable_stream) is the call for that one).
/// 2. For each declared GSI missing from the table, in declaration order, one `UpdateTable` with
///    `GlobalSecondaryIndexUpdates = [Create { IndexName, KeySchema, Projection }]` and the
///    `AttributeDefinitions` of the index's key attributes, typed as
///    [`create_table`](Db::create_table) declares them. DynamoDB creates one index per
///    `UpdateTable` request, so each is sent after the previous one is `ACTIVE`. On a table with
///    provisioned capacity (`BillingModeSummary` `PROVISIONED`, or none and a non-zero
///    `ProvisionedThroughput`) the index gets the table's read and write capacity units as its
///    `ProvisionedThroughput`; an on-demand table's index gets none.
/// 3. After each `UpdateTable`, `DescribeTable` (20 ms doubling up to 1 s) until the table is
///    `ACTIVE` and every GSI's `IndexStatus` is `ACTIVE` with `Backfilling` not `true`: DynamoDB
///    reads every item already in the table into the new index first, and until then a query of
///    it misses items. When the table or an index is still being created or updated at the
///    start, it waits the same way before the first `UpdateTable`, and before returning when
///    nothing was missing.
///
/// A table already holding every declared GSI is sent nothing but `DescribeTable`.
///
/// # Errors
/// - [`Error::TableMismatch`] listing each difference this call cannot fix (nothing was
///   changed; the GSIs missing too are not listed, being addable);
/// - [`Error::TableNotActive`] when the table or an index is not ready within
///   [`wait_at_most`](Self::wait_at_most) (10 minutes by default) of one wait; DynamoDB keeps
///   building the index, and a later call waits for it again without sending it twice;
/// - [`Error::Sdk`] from `DescribeTable` (e.g. `ResourceNotFoundException`: no table of that
///   name) or `UpdateTable` (e.g. `LimitExceededException` while another index of the table is
///   being created outside dynakey, `ValidationException` when it was added meanwhile). The
///   indexes added before the failing one stay.
#[must_use = "AddMissingIndexes does nothing until it is awaited"]
pub struct AddMissingIndexes<T: Table> {
    db: Db<T>,
    wait: Duration,
}

impl<T: Table> fmt::Debug for AddMissingIndexes<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AddMissingIndexes")
            .field("table", &self.db.table_name())
            .field("wait", &self.wait)
            .finish()
    }
}

impl<T: Table> AddMissingIndexes<T> {
    /// How long each wait for the table and its indexes to become `ACTIVE` may last (10 minutes
    /// by default): one per index added. Backfilling a large table's items into a new index can
    /// take hours on DynamoDB.
    pub fn wait_at_most(mut self, wait: Duration) -> Self {
        self.wait = wait;
        self
    }

    /// Sends the requests: the names of the indexes added, in declaration order.
    ///
    /// # Errors
    /// As listed on [`AddMissingIndexes`].
    pub async fn send(self) -> Result<Vec<String>, Error> {
        let db = &self.db;
        let table = db.describe_table().await.map_err(Failed::into_error)?;
        let (missing, blocking): (Vec<_>, Vec<_>) = differences::<T>(&table)
            .into_iter()
            .filter(|d| !matches!(d, SchemaDifference::Stream { .. }))
            .partition(|d| {
                matches!(
                    d,
                    SchemaDifference::MissingIndex {
                        kind: IndexKind::Global,
                        ..
                    }
                )
            });
        if !blocking.is_empty() {
            return Err(Error::TableMismatch {
                table: db.table_name().to_owned(),
                differences: blocking,
            });
        }
        if not_ready(Some(&table), None).is_some() {
            db.wait_until_ready(None, self.wait).await?;
        }
        let throughput = provisioned_throughput(&table);
        let mut added = Vec::new();
        for index in T::INDEXES {
            let listed = missing.iter().any(
                |d| matches!(d, SchemaDifference::MissingIndex { index: name, .. } if name == index.name()),
            );
            if !listed {
                continue;
            }
            let request = create_index_request::<T>(db, index, throughput.clone())?;
            // Not idempotent: the same create sent again is refused (the index exists).
            db.edge()
                .send(request, Sending::sdk(Idempotence::NotIdempotent))
                .await
                .map_err(Failed::into_error)?;
            db.wait_until_ready(Some(index.name()), self.wait).await?;
            added.push(index.name().to_owned());
        }
        Ok(added)
    }
}

impl<T: Table> IntoFuture for AddMissingIndexes<T> {
    type Output = Result<Vec<String>, Error>;
    type IntoFuture = Pin<Box<dyn Future<Output = Self::Output> + Send>>;

    fn into_future(self) -> Self::IntoFuture {
        Box::pin(self.send())
    }
}

/// The `UpdateTable` request adding the GSI `index` of `T`.
fn create_index_request<T: Table>(
    db: &Db<T>,
    index: &dynakey::IndexDef,
    throughput: Option<ProvisionedThroughput>,
) -> Result<aws_sdk_dynamodb::operation::update_table::builders::UpdateTableFluentBuilder, Error> {
    let build = |e: BuildError| build_error("UpdateTable", e);
    let shape = IndexShape::of::<T>(index).map_err(build)?;
    let create = CreateGlobalSecondaryIndexAction::builder()
        .index_name(index.name())
        .set_key_schema(Some(shape.key_schema))
        .projection(shape.projection)
        .set_provisioned_throughput(throughput)
        .build()
        .map_err(build)?;
    Ok(db
        .client()
        .update_table()
        .table_name(db.table_name())
        .set_attribute_definitions(Some(shape.attribute_definitions))
        .global_secondary_index_updates(
            GlobalSecondaryIndexUpdate::builder().create(create).build(),
        ))
}

/// The table's read and write capacity units when it has provisioned capacity (a new index of
/// such a table needs its own `ProvisionedThroughput`); `None` for an on-demand table.
/// DynamoDB omits `BillingModeSummary` for a table that was always provisioned, and describes an
/// on-demand table's `ProvisionedThroughput` as zero units.
fn provisioned_throughput(table: &TableDescription) -> Option<ProvisionedThroughput> {
    let mode = table
        .billing_mode_summary()
        .and_then(|summary| summary.billing_mode());
    let units = table.provisioned_throughput();
    let read = units.and_then(|u| u.read_capacity_units()).unwrap_or(0);
    let write = units.and_then(|u| u.write_capacity_units()).unwrap_or(0);
    let provisioned = match mode {
        Some(BillingMode::PayPerRequest) => false,
        Some(BillingMode::Provisioned) => true,
        _ => read > 0 || write > 0,
    };
    if !provisioned {
        return None;
    }
    ProvisionedThroughput::builder()
        .read_capacity_units(read.max(1))
        .write_capacity_units(write.max(1))
        .build()
        .ok()
}

#[cfg(test)]
mod tests {
    use aws_sdk_dynamodb::types::{BillingModeSummary, ProvisionedThroughputDescription};

    use super::*;

    fn table(mode: Option<BillingMode>, read: i64, write: i64) -> TableDescription {
        let mut table = TableDescription::builder().provisioned_throughput(
            ProvisionedThroughputDescription::builder()
                .read_capacity_units(read)
                .write_capacity_units(write)
                .build(),
        );
        if let Some(mode) = mode {
            table = table
                .billing_mode_summary(BillingModeSummary::builder().billing_mode(mode).build());
        }
        table.build()
    }

    #[test]
    fn only_a_provisioned_table_gives_its_new_index_throughput() {
        let units = |t: &TableDescription| {
            provisioned_throughput(t).map(|p| (p.read_capacity_units(), p.write_capacity_units()))
        };
        assert_eq!(units(&table(Some(BillingMode::PayPerRequest), 0, 0)), None);
        assert_eq!(units(&table(None, 0, 0)), None);
        assert_eq!(
            units(&table(Some(BillingMode::Provisioned), 5, 7)),
            Some((5, 7))
        );
        assert_eq!(
            units(&table(None, 3, 2)),
            Some((3, 2)),
            "always provisioned"
        );
    }

    #[test]
    fn an_index_is_ready_when_active_and_no_longer_backfilling() {
        use aws_sdk_dynamodb::types::{GlobalSecondaryIndexDescription, IndexStatus, TableStatus};
        let described = |status: IndexStatus, backfilling: Option<bool>| {
            TableDescription::builder()
                .table_status(TableStatus::Active)
                .global_secondary_indexes(
                    GlobalSecondaryIndexDescription::builder()
                        .index_name("GSI1")
                        .index_status(status)
                        .set_backfilling(backfilling)
                        .build(),
                )
                .build()
        };
        // DynamoDB: CREATING while backfilling, then ACTIVE.
        let creating = described(IndexStatus::Creating, Some(true));
        assert_eq!(
            not_ready(Some(&creating), Some("GSI1")).as_deref(),
            Some("ACTIVE, but index \"GSI1\" is CREATING (backfilling)")
        );
        let backfilling = described(IndexStatus::Active, Some(true));
        assert!(not_ready(Some(&backfilling), Some("GSI1")).is_some());
        // The embedded engine: ACTIVE at once, Backfilling never reported.
        assert_eq!(
            not_ready(Some(&described(IndexStatus::Active, None)), Some("GSI1")),
            None
        );
        assert_eq!(
            not_ready(
                Some(&described(IndexStatus::Active, Some(false))),
                Some("GSI1")
            ),
            None
        );
        // Not described yet right after UpdateTable.
        assert!(not_ready(Some(&described(IndexStatus::Active, None)), Some("GSI2")).is_some());
    }
}
