//! [`SchemaDifference`]: how an existing table differs from its declaration, as
//! [`Db::ensure_table`](crate::Db::ensure_table) reports it.

use std::fmt;

use dynakey::{IndexKind, StreamViewType};

/// A key attribute's role in a key schema (AWS developer guide, "Core components of Amazon
/// DynamoDB — Primary key").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyRole {
    /// The partition key (`KeyType = HASH`).
    Partition,
    /// The sort key (`KeyType = RANGE`).
    Sort,
}

/// One way an existing table differs from its [`Table`](dynakey::Table) declaration, as
/// [`Db::ensure_table`](crate::Db::ensure_table) reports it in
/// [`Error::TableMismatch`](super::Error::TableMismatch).
///
/// Only what dynakey relies on is compared: the table's key schema, the type of every key
/// attribute (dynakey writes template keys as strings, `S`; an attribute-wise index declares
/// each attribute's type), each declared index's kind, key schema (every element, in order) and
/// projection, and the table's stream ([`Table::STREAM`](dynakey::Table::STREAM)). Indexes on
/// the table that the declaration does not name, billing mode, throughput and TTL are not
/// compared.
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
    ///
    /// What to do, as the message says:
    /// - a GSI: [`Db::add_missing_indexes`](crate::Db::add_missing_indexes) adds it to the
    ///   existing table (`UpdateTable`), an explicit call;
    /// - an LSI: DynamoDB creates local secondary indexes only with the table (`CreateTable`; AWS
    ///   developer guide, "Local secondary indexes"), so it cannot be added: create a new table
    ///   and copy the items, or declare the index as a GSI.
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
    /// The table's stream is not the declared one (AWS developer guide, "Change data capture for
    /// DynamoDB Streams"): the table has no enabled stream where one is declared, or an enabled
    /// stream of another view type. Compared is `StreamSpecification` of `DescribeTable`; a
    /// stream that was disabled counts as none. A declaration without a stream leaves the
    /// table's stream alone (one enabled outside dynakey, e.g. for a global table, is no
    /// difference).
    ///
    /// `ensure_table` never changes a stream. What to do, as the message says:
    /// - declared, none on the table: [`Db::enable_stream`](crate::Db::enable_stream) enables
    ///   it, an explicit call;
    /// - another view type: DynamoDB does not change the view type of an enabled stream, so
    ///   disable the table's stream (`UpdateTable` with `StreamEnabled: false`), then call
    ///   [`Db::enable_stream`](crate::Db::enable_stream);
    Stream {
        /// The declared view type, `None` when the declaration has no stream.
        declared: Option<StreamViewType>,
        /// The `StreamViewType` of the table's enabled stream as DynamoDB names it (e.g.
        /// `"NEW_AND_OLD_IMAGES"`), `None` when the table has no enabled stream.
        found: Option<String>,
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
                write!(f, "declared {} {index:?} is missing; ", kind_name(*kind))?;
                f.write_str(match kind {
                    IndexKind::Global => {
                        "ensure_table never adds an index to an existing table: add it with \
                         db.add_missing_indexes()"
                    }
                    IndexKind::Local => {
                        "DynamoDB creates local secondary indexes only with the table \
                         (CreateTable), so it cannot be added: create a new table and copy the \
                         items, or declare it as a global secondary index"
                    }
                })
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
            SchemaDifference::Stream { declared, found } => stream(f, *declared, found.as_deref()),
        }
    }
}

/// The message of [`SchemaDifference::Stream`]: what differs, and the call that fixes it.
fn stream(
    f: &mut fmt::Formatter<'_>,
    declared: Option<StreamViewType>,
    found: Option<&str>,
) -> fmt::Result {
    const DISABLE: &str = "disable the table's stream (UpdateTable with StreamEnabled false)";
    match (declared, found) {
        (Some(declared), None) => write!(
            f,
            "stream: the table has none, declared {declared}; ensure_table never enables a \
             stream on an existing table: enable it with db.enable_stream()"
        ),
        (Some(declared), Some(found)) => write!(
            f,
            "stream: the table's is {found}, declared {declared}; DynamoDB does not change the \
             view type of an enabled stream: {DISABLE}, then call db.enable_stream()"
        ),
        (None, Some(found)) => write!(
            f,
            "stream: the table has a {found} stream, declared none; declare it with \
             #[table(…, stream = {})], or {DISABLE}",
            found.to_ascii_lowercase()
        ),
        // Not a difference; not built.
        (None, None) => f.write_str("stream: none, as declared"),
    }
}
