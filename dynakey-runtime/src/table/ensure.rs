//! [`Db::ensure_table`]: create the declared table only when it is missing, and refuse a table of
//! that name whose key schema, secondary indexes or stream are not the declared ones.

use aws_sdk_dynamodb::types::{
    KeySchemaElement, KeyType, Projection as SdkProjection, ProjectionType, StreamSpecification,
    StreamViewType as SdkStreamViewType, TableDescription,
};
use dynakey::{IndexDef, IndexKind, Projection, StreamViewType, Table};

use super::create::scalar_type;
use crate::db::Db;
use crate::error::{Error, KeyRole, SchemaDifference};
use crate::sdk::{Idempotence, Sending};

/// What [`Db::ensure_table`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableSetup {
    /// There was no table of that name: it was created from the declaration and is `ACTIVE`.
    Created,
    /// A table of that name existed with the declared key schema, indexes and stream: its
    /// schema was not changed (and, for a table that lists no entities, nothing sent but
    /// `DescribeTable`; one that lists them also reads its design item, and writes it only when
    /// it lacks an entity or index this code declares).
    Existing,
}

impl<T: Table> Db<T> {
    /// Makes sure the table exists as `T` declares it: creates it when it is missing (as
    /// [`create_table`](Self::create_table) does, waiting until it and its indexes are `ACTIVE`),
    /// leaves it alone when it exists with the declared key schema, indexes and stream, and
    /// refuses it when it does not. For programs that run more than once against one table, such as the
    /// examples with `--aws`.
    ///
    /// It sends `DescribeTable` first (AWS developer guide, "Working with tables — Describing a
    /// table"); on `ResourceNotFoundException` it sends `CreateTable`. When another process
    /// creates the table in between (`ResourceInUseException`), the table it created is
    /// compared like any existing one. An existing table that is still `CREATING` or `UPDATING`
    /// is waited for once it matches.
    ///
    /// Compared (see [`SchemaDifference`]): the partition and sort key attribute names, that each
    /// key attribute has type `S`, for each declared index its kind (GSI or LSI), key schema
    /// and projection, and the table's stream: enabled with the view type of `T::STREAM`, or
    /// not enabled when `T::STREAM` is `None`. Indexes the declaration does not name are ignored.
    ///
    /// **The design record.** On a table that lists its entities ([`Table::ENTITIES`], a
    /// `#[derive(Table)]` enum), it then reads the design item (one strongly consistent
    /// `GetItem`) and records each entity, and each index of an entity, that this code declares
    /// and the record lacks (a conditional `PutItem` on the revision read; none when nothing is
    /// missing): the whole design the first time. It never changes what is recorded: a new
    /// template of a recorded key is recorded by the [`migrate`](Self::migrate) that moves the
    /// items to it, and a record of a newer format is left alone. Whether this code may serve is
    /// [`check_design`](Self::check_design)'s to say (docs/semantics.md §10, "The table records
    /// its design").
    ///
    /// It never changes an existing table's schema: a missing stream is
    /// [`SchemaDifference::Stream`], and enabling it is the explicit
    /// [`enable_stream`](Self::enable_stream); a missing GSI is
    /// [`SchemaDifference::MissingIndex`], and adding it is the explicit
    /// [`add_missing_indexes`](Self::add_missing_indexes). A missing LSI cannot be added
    /// (DynamoDB creates LSIs only with the table).
    ///
    /// # Errors
    /// [`Error::TableMismatch`] with every difference when the existing table does not match; it
    /// is not changed. [`Error::Sdk`] from `DescribeTable` or `CreateTable`;
    /// [`Error::TableNotActive`] as for [`create_table`](Self::create_table);
    /// [`Error::DesignRecord`] when the design item does not decode, or other instances kept
    /// changing it for every attempt (the table itself is set up by then).
    pub async fn ensure_table(&self) -> Result<TableSetup, Error> {
        let description = match self.find_table().await? {
            Some(description) => description,
            None => {
                let request = self.create_table_request()?;
                let created = self
                    .edge()
                    .send(request, Sending::sdk(Idempotence::NotIdempotent))
                    .await;
                match created {
                    Ok(_) => {
                        self.wait_until_active().await?;
                        self.enable_ttl().await?;
                        self.record_declared().await?;
                        return Ok(TableSetup::Created);
                    }
                    Err(failed) => {
                        let in_use = failed
                            .service_error()
                            .is_some_and(|e| e.is_resource_in_use_exception());
                        // Created by someone else since DescribeTable: check theirs.
                        let theirs = match in_use {
                            true => self.find_table().await?,
                            false => None,
                        };
                        theirs.ok_or_else(|| failed.into_error())?
                    }
                }
            }
        };
        let differences = differences::<T>(&description);
        if !differences.is_empty() {
            return Err(Error::TableMismatch {
                table: self.table_name().to_owned(),
                differences,
            });
        }
        self.wait_until_active().await?;
        self.record_declared().await?;
        Ok(TableSetup::Existing)
    }

    /// [`describe_table`](Db::describe_table), or `None` on `ResourceNotFoundException`.
    async fn find_table(&self) -> Result<Option<TableDescription>, Error> {
        match self.describe_table().await {
            Ok(table) => Ok(Some(table)),
            Err(failed)
                if failed
                    .service_error()
                    .is_some_and(|e| e.is_resource_not_found_exception()) =>
            {
                Ok(None)
            }
            Err(failed) => Err(failed.into_error()),
        }
    }
}

/// Every way `table` differs from `T`'s declaration: the table's keys, each declared index in
/// declaration order, key attributes of another type than `S`, then the stream.
pub(super) fn differences<T: Table>(table: &TableDescription) -> Vec<SchemaDifference> {
    let mut out = Vec::new();
    let table_sort: Vec<&str> = T::SORT_KEY.into_iter().collect();
    compare_keys(
        &mut out,
        None,
        (&[T::PARTITION_KEY], &table_sort),
        table.key_schema(),
    );
    for index in T::INDEXES {
        compare_index::<T>(&mut out, index, table);
    }
    // Each key attribute once, as DynamoDB defines it once, with its declared type.
    let declared = dynakey::__private::attribute::attribute_definitions::<T>();
    for definition in table.attribute_definitions() {
        let name = definition.attribute_name();
        let Some((_, ty)) = declared.iter().find(|(n, _)| *n == name) else {
            continue;
        };
        let found = definition.attribute_type();
        if found == &scalar_type(*ty) {
            continue;
        }
        out.push(match ty {
            dynakey::AttributeType::S => SchemaDifference::AttributeType {
                attribute: name.to_owned(),
                found: found.as_str().to_owned(),
            },
            _ => SchemaDifference::KeyAttributeType {
                attribute: name.to_owned(),
                declared: ty.as_str().to_owned(),
                found: found.as_str().to_owned(),
            },
        });
    }
    // A table that declares no stream leaves the table's stream alone: one enabled outside
    // dynakey (global tables need one) is not a difference.
    let found = found_stream(table.stream_specification());
    if T::STREAM.is_some() && T::STREAM.map(StreamViewType::as_str) != found.as_deref() {
        out.push(SchemaDifference::Stream {
            declared: T::STREAM,
            found,
        });
    }
    out
}

/// The view type of the table's enabled stream; `None` without one (a `StreamSpecification` with
/// `StreamEnabled: false` is a stream that was disabled).
fn found_stream(specification: Option<&StreamSpecification>) -> Option<String> {
    let enabled = specification.filter(|s| s.stream_enabled())?;
    Some(
        enabled
            .stream_view_type()
            .map_or("without a view type", SdkStreamViewType::as_str)
            .to_owned(),
    )
}

/// The declared index against the table's index of the same name.
fn compare_index<T: Table>(
    out: &mut Vec<SchemaDifference>,
    index: &IndexDef,
    table: &TableDescription,
) {
    let name = index.name();
    let global = table
        .global_secondary_indexes()
        .iter()
        .find(|g| g.index_name() == Some(name))
        .map(|g| (g.key_schema(), g.projection()));
    let local = table
        .local_secondary_indexes()
        .iter()
        .find(|l| l.index_name() == Some(name))
        .map(|l| (l.key_schema(), l.projection()));
    let key = index.key_schema();
    let mut declared_partition: Vec<&str> = key.partition().iter().map(|a| a.name()).collect();
    let (same_kind, other_kind) = match index.kind() {
        IndexKind::Global => (global, local),
        // An LSI's partition key is the table's.
        IndexKind::Local => {
            declared_partition = vec![T::PARTITION_KEY];
            (local, global)
        }
    };
    let declared_sort: Vec<&str> = key.sort().iter().map(|a| a.name()).collect();
    let Some((key_schema, projection)) = same_kind else {
        out.push(match other_kind {
            Some(_) => SchemaDifference::IndexKind {
                index: name.to_owned(),
                declared: index.kind(),
            },
            None => SchemaDifference::MissingIndex {
                index: name.to_owned(),
                kind: index.kind(),
            },
        });
        return;
    };
    compare_keys(
        out,
        Some(name),
        (&declared_partition, &declared_sort),
        key_schema,
    );
    let declared = declared_projection(index.projection());
    let found = found_projection(projection);
    if declared != found {
        out.push(SchemaDifference::Projection {
            index: name.to_owned(),
            declared,
            found,
        });
    }
}

/// A declared `(partition, sort)` key against a key schema: the `HASH` elements in order against
/// the declared partition attributes, the `RANGE` elements against the sort attributes (AWS
/// developer guide, "Multi-attribute keys pattern": the order of the elements is the order of
/// the attributes). A single-attribute role differs as one [`SchemaDifference::Key`]; a list, at
/// each position where it differs.
fn compare_keys(
    out: &mut Vec<SchemaDifference>,
    index: Option<&str>,
    (partition, sort): (&[&str], &[&str]),
    schema: &[KeySchemaElement],
) {
    let found = |key_type: KeyType| -> Vec<String> {
        schema
            .iter()
            .filter(|k| k.key_type() == &key_type)
            .map(|k| k.attribute_name().to_owned())
            .collect()
    };
    for (role, declared, found) in [
        (KeyRole::Partition, partition, found(KeyType::Hash)),
        (KeyRole::Sort, sort, found(KeyType::Range)),
    ] {
        for i in 0..declared.len().max(found.len()).max(1) {
            let declared = declared.get(i).copied();
            let found = found.get(i).cloned();
            if declared != found.as_deref() {
                out.push(SchemaDifference::Key {
                    index: index.map(str::to_owned),
                    role,
                    declared: declared.map(str::to_owned),
                    found,
                });
            }
        }
    }
}

/// `ALL`, `KEYS_ONLY` or `INCLUDE(a, b)` (names sorted).
fn projection_text(projection_type: &str, mut attributes: Vec<String>) -> String {
    if projection_type != ProjectionType::Include.as_str() {
        return projection_type.to_owned();
    }
    attributes.sort_unstable();
    format!("INCLUDE({})", attributes.join(", "))
}

fn declared_projection(projection: Projection) -> String {
    match projection {
        Projection::All => projection_text(ProjectionType::All.as_str(), Vec::new()),
        Projection::KeysOnly => projection_text(ProjectionType::KeysOnly.as_str(), Vec::new()),
        Projection::Include(attributes) => projection_text(
            ProjectionType::Include.as_str(),
            attributes.iter().map(|a| (*a).to_owned()).collect(),
        ),
    }
}

fn found_projection(projection: Option<&SdkProjection>) -> String {
    let projection_type = projection
        .and_then(SdkProjection::projection_type)
        .map_or("none", ProjectionType::as_str);
    let attributes = projection
        .map(|p| p.non_key_attributes().to_vec())
        .unwrap_or_default();
    projection_text(projection_type, attributes)
}

#[cfg(test)]
mod tests;
