//! [`Db::ensure_table`]: create the declared table only when it is missing, and refuse a table of
//! that name whose key schema or secondary indexes are not the declared ones.

use std::fmt;

use aws_sdk_dynamodb::types::{
    KeySchemaElement, KeyType, Projection as SdkProjection, ProjectionType, TableDescription,
};
use dynakey::{IndexDef, IndexKind, Projection, Table};
use tracing::Instrument;

use crate::db::Db;
use crate::error::Error;

/// What [`Db::ensure_table`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableSetup {
    /// There was no table of that name: it was created from the declaration and is `ACTIVE`.
    Created,
    /// A table of that name existed with the declared key schema and indexes: nothing was changed
    /// (and nothing sent but `DescribeTable`).
    Existing,
}

/// A key attribute's role in a key schema (AWS developer guide, "Core components of Amazon
/// DynamoDB — Primary key").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyRole {
    /// The partition key (`KeyType = HASH`).
    Partition,
    /// The sort key (`KeyType = RANGE`).
    Sort,
}

/// One way an existing table differs from its [`Table`] declaration, as [`Db::ensure_table`]
/// reports it in [`Error::TableMismatch`].
///
/// Only what dynakey relies on is compared: the table's key schema, the type of every key
/// attribute (dynakey writes template keys as strings, `S`; an attribute-wise index declares
/// each attribute's type), and each declared index's kind, key schema (every element, in
/// order) and projection. Indexes on the table that the declaration does not name, billing mode,
/// throughput, streams and TTL are not compared.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SchemaDifference {
    /// A key attribute of the table (`index: None`) or of an index is another attribute, or
    /// there is none where one is declared (or the other way round).
    Key {
        /// The index name, or `None` for the table's own key schema.
        index: Option<String>,
        /// Partition or sort key.
        role: KeyRole,
        /// The declared attribute name, if the declaration has this key.
        declared: Option<String>,
        /// The attribute name the table has, if it has this key.
        found: Option<String>,
    },
    /// A key attribute is defined with another type than string (`S`), e.g. `N`.
    AttributeType {
        /// The attribute name.
        attribute: String,
        /// The type the table defines for it (`N` or `B`).
        found: String,
    },
    /// A key attribute that an attribute-wise index declares as a number (`N`) or binary (`B`)
    /// is defined with another type (a string key attribute of another type is
    /// [`SchemaDifference::AttributeType`]).
    KeyAttributeType {
        /// The attribute name.
        attribute: String,
        /// The declared type (`N` or `B`).
        declared: String,
        /// The type the table defines for it.
        found: String,
    },
    /// A declared index is not on the table, neither as a global nor as a local secondary index.
    MissingIndex {
        /// The index name.
        index: String,
        /// The declared kind.
        kind: IndexKind,
    },
    /// The table has an index of that name, but of the other kind (global instead of local, or
    /// the other way round).
    IndexKind {
        /// The index name.
        index: String,
        /// The declared kind.
        declared: IndexKind,
    },
    /// The index projects other attributes than declared (AWS developer guide, "Attribute
    /// projections"): shown as `ALL`, `KEYS_ONLY` or `INCLUDE(a, b)` with the names sorted.
    Projection {
        /// The index name.
        index: String,
        /// The declared projection.
        declared: String,
        /// The table's projection.
        found: String,
    },
}

impl fmt::Display for KeyRole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            KeyRole::Partition => "partition key",
            KeyRole::Sort => "sort key",
        })
    }
}

/// "global secondary index" or "local secondary index".
fn kind_name(kind: IndexKind) -> &'static str {
    match kind {
        IndexKind::Global => "global secondary index",
        IndexKind::Local => "local secondary index",
    }
}

/// `"PK"`, or `none`.
fn attribute_or_none(name: Option<&String>) -> String {
    name.map_or_else(|| "none".to_owned(), |n| format!("{n:?}"))
}

impl fmt::Display for SchemaDifference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SchemaDifference::Key {
                index,
                role,
                declared,
                found,
            } => {
                match index {
                    Some(index) => write!(f, "index {index:?}: ")?,
                    None => f.write_str("table: ")?,
                }
                write!(
                    f,
                    "{role} is {}, declared {}",
                    attribute_or_none(found.as_ref()),
                    attribute_or_none(declared.as_ref())
                )
            }
            SchemaDifference::AttributeType { attribute, found } => write!(
                f,
                "key attribute {attribute:?} has type {found}, but dynakey keys are strings (S)"
            ),
            SchemaDifference::KeyAttributeType {
                attribute,
                declared,
                found,
            } => write!(
                f,
                "key attribute {attribute:?} has type {found}, but the declaration makes it {declared}"
            ),
            SchemaDifference::MissingIndex { index, kind } => {
                write!(f, "declared {} {index:?} is missing", kind_name(*kind))
            }
            SchemaDifference::IndexKind { index, declared } => write!(
                f,
                "index {index:?} is not a {}, as declared",
                kind_name(*declared)
            ),
            SchemaDifference::Projection {
                index,
                declared,
                found,
            } => write!(
                f,
                "index {index:?}: projection is {found}, declared {declared}"
            ),
        }
    }
}

impl<T: Table> Db<T> {
    /// Makes sure the table exists as `T` declares it: creates it when it is missing (as
    /// [`create_table`](Self::create_table) does, waiting until it and its indexes are `ACTIVE`),
    /// leaves it alone when it exists with the declared key schema and indexes, and refuses it
    /// when it does not. For programs that run more than once against one table, such as the
    /// examples with `--aws`.
    ///
    /// It sends `DescribeTable` first (AWS developer guide, "Working with tables — Describing a
    /// table"); on `ResourceNotFoundException` it sends `CreateTable`. When another process
    /// creates the table in between (`ResourceInUseException`), the table it created is
    /// compared like any existing one. An existing table that is still `CREATING` or `UPDATING`
    /// is waited for once it matches.
    ///
    /// Compared (see [`SchemaDifference`]): the partition and sort key attribute names, that each
    /// key attribute has type `S`, and for each declared index its kind (GSI or LSI), key schema
    /// and projection. Indexes the declaration does not name are ignored.
    ///
    /// # Errors
    /// [`Error::TableMismatch`] with every difference when the existing table does not match; it
    /// is not changed. [`Error::Sdk`] from `DescribeTable` or `CreateTable`;
    /// [`Error::TableNotActive`] as for [`create_table`](Self::create_table).
    pub async fn ensure_table(&self) -> Result<TableSetup, Error> {
        let description = match self.describe_table().await? {
            Some(description) => description,
            None => {
                let created = self
                    .create_table_request()?
                    .send()
                    .instrument(self.span("CreateTable"))
                    .await;
                match created {
                    Ok(_) => {
                        self.wait_until_active().await?;
                        self.enable_ttl().await?;
                        return Ok(TableSetup::Created);
                    }
                    Err(e) => {
                        let in_use = e
                            .as_service_error()
                            .is_some_and(|e| e.is_resource_in_use_exception());
                        // Created by someone else since DescribeTable: check theirs.
                        let theirs = match in_use {
                            true => self.describe_table().await?,
                            false => None,
                        };
                        theirs.ok_or_else(|| Error::sdk("CreateTable", e))?
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
        Ok(TableSetup::Existing)
    }

    /// `DescribeTable`, or `None` on `ResourceNotFoundException`.
    async fn describe_table(&self) -> Result<Option<TableDescription>, Error> {
        let result = self
            .client()
            .describe_table()
            .table_name(self.table_name())
            .send()
            .instrument(self.span("DescribeTable"))
            .await;
        match result {
            Ok(output) => Ok(Some(
                output
                    .table
                    .unwrap_or_else(|| TableDescription::builder().build()),
            )),
            Err(e)
                if e.as_service_error()
                    .is_some_and(|e| e.is_resource_not_found_exception()) =>
            {
                Ok(None)
            }
            Err(e) => Err(Error::sdk("DescribeTable", e)),
        }
    }
}

/// Every way `table` differs from `T`'s declaration: the table's keys, each declared index in
/// declaration order, then key attributes of another type than `S`.
fn differences<T: Table>(table: &TableDescription) -> Vec<SchemaDifference> {
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
    let declared = dynakey::attribute_definitions::<T>();
    for definition in table.attribute_definitions() {
        let name = definition.attribute_name();
        let Some((_, ty)) = declared.iter().find(|(n, _)| *n == name) else {
            continue;
        };
        let found = definition.attribute_type();
        if found == &crate::db::scalar_type(*ty) {
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
    out
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
