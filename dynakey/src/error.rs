//! Typed errors for key encoding, decoding and key conditions.
//!
//! Every error is returned before any request is sent: bad input never reaches DynamoDB and nothing
//! is written.

use std::fmt;

/// Which key attribute a key string is for.
///
/// DynamoDB calls these the partition key (hash attribute) and the sort key (range attribute); see the
/// AWS developer guide, "Core components of Amazon DynamoDB — Primary key".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KeyRole {
    /// The partition key: at most 2048 bytes of UTF-8.
    Partition,
    /// The sort key: at most 1024 bytes of UTF-8.
    Sort,
}

impl KeyRole {
    /// DynamoDB's size limit for a string key attribute of this role, in UTF-8 bytes
    /// (AWS developer guide, "Service, account, and table quotas — Partition key and sort key length").
    pub const fn max_bytes(self) -> usize {
        match self {
            KeyRole::Partition => 2048,
            KeyRole::Sort => 1024,
        }
    }
}

impl fmt::Display for KeyRole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            KeyRole::Partition => "partition key",
            KeyRole::Sort => "sort key",
        })
    }
}

/// Why one segment value could not be encoded or decoded.
///
/// Returned by [`KeySegment`](crate::KeySegment) implementations; the key encoder wraps it in
/// [`KeyErrorKind::Segment`] together with the field name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SegmentError {
    /// The value has no key encoding (a NaN, a timestamp outside the fixed-width range, an empty
    /// path segment, …). The text says why.
    #[error("{0}")]
    Unencodable(String),
    /// The key text is not an encoding this type produces.
    #[error("{found:?} is not a valid {expected} key segment")]
    Malformed {
        /// What the type expected, e.g. `"u64 (20 digits)"`.
        expected: &'static str,
        /// The text that was found.
        found: String,
    },
}

impl SegmentError {
    /// Shorthand for [`SegmentError::Malformed`].
    pub fn malformed(expected: &'static str, found: &str) -> Self {
        SegmentError::Malformed {
            expected,
            found: found.to_owned(),
        }
    }
}

/// An error in building or reading a key, or in a key condition: what went wrong is
/// [`KeyError::kind`].
///
/// The details live behind one pointer so that `Result<String, KeyError>`, returned by every key
/// encoder, stays small on the success path (measured in `benches/keys.rs`).
#[derive(Clone, PartialEq, Eq)]
pub struct KeyError(Box<KeyErrorKind>);

impl KeyError {
    /// What went wrong, with the field, value and template involved.
    pub fn kind(&self) -> &KeyErrorKind {
        &self.0
    }

    /// Unwraps the details.
    pub fn into_kind(self) -> KeyErrorKind {
        *self.0
    }
}

impl From<KeyErrorKind> for KeyError {
    #[cold]
    fn from(kind: KeyErrorKind) -> Self {
        KeyError(Box::new(kind))
    }
}

/// A segment error outside any template field, e.g. from building a [`KeyPath`](crate::KeyPath).
impl From<SegmentError> for KeyError {
    #[cold]
    fn from(source: SegmentError) -> Self {
        KeyErrorKind::Value(source).into()
    }
}

impl std::fmt::Debug for KeyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl fmt::Display for KeyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for KeyError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        std::error::Error::source(&*self.0)
    }
}

/// What went wrong in building or reading a key, or in a key condition.
///
/// Each variant names the field and template involved, so a caller can tell the user exactly which
/// value to fix.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum KeyErrorKind {
    /// A value contains the literal character that ends its segment in the template, so the key
    /// could not be decoded again and could collide with another key (docs/semantics.md §2).
    #[error(
        "field `{field}`: value {value:?} contains {terminator:?}, which ends this segment in key \
         template {template:?}; choose another delimiter or reject this value"
    )]
    Terminator {
        /// The struct field.
        field: &'static str,
        /// The encoded value.
        value: String,
        /// The offending character.
        terminator: char,
        /// The template text.
        template: &'static str,
    },
    /// An empty value in a place where it is ambiguous: the last segment of a key, where the key
    /// would equal its parent group's prefix (docs/semantics.md §2).
    #[error(
        "field `{field}`: an empty value is ambiguous as the last segment of key template \
         {template:?} (the key would equal the prefix of its whole group)"
    )]
    EmptyValue {
        /// The struct field.
        field: &'static str,
        /// The template text.
        template: &'static str,
    },
    /// The key is the empty string, which DynamoDB rejects for key attributes.
    #[error("the {role} is empty; DynamoDB rejects empty key attribute values")]
    EmptyKey {
        /// Partition or sort key.
        role: KeyRole,
    },
    /// The key is longer than DynamoDB allows, counted in UTF-8 bytes, not characters.
    #[error(
        "the {role} {key:?} is {bytes} bytes of UTF-8, over DynamoDB's limit of {limit} bytes"
    )]
    TooLong {
        /// Partition or sort key.
        role: KeyRole,
        /// The first 64 characters of the key.
        key: String,
        /// Its length in UTF-8 bytes.
        bytes: usize,
        /// DynamoDB's limit in bytes.
        limit: usize,
    },
    /// One segment value could not be encoded or decoded.
    #[error("field `{field}`: {source}")]
    Segment {
        /// The struct field.
        field: &'static str,
        /// What went wrong.
        source: SegmentError,
    },
    /// A key string does not match the template it is decoded with.
    #[error("key {key:?} does not match template {template:?}: {reason}")]
    Mismatch {
        /// The key that was read.
        key: String,
        /// The template text.
        template: &'static str,
        /// Where it differs.
        reason: String,
    },
    /// A value that has no key encoding, outside any template field (e.g. an invalid
    /// [`KeyPath`](crate::KeyPath)).
    #[error("invalid key value: {0}")]
    Value(SegmentError),
    /// A key condition that DynamoDB would reject or that cannot match anything (docs/semantics.md §3), such as
    /// `between` with its low bound above its high bound.
    #[error("invalid key condition: {0}")]
    Condition(String),
    /// A resumable query cursor was rejected (malformed, modified, or from another query), or a
    /// start key could not become one (docs/semantics.md §4); see [`crate::Cursor`].
    #[error(transparent)]
    Cursor(CursorError),
}

/// Why a cursor was rejected; carried by [`KeyErrorKind::Cursor`] (see [`crate::Cursor`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CursorError {
    /// Not a dynakey cursor at all: not base64url without padding, empty, or a first byte that
    /// no dynakey format version has (0, or 16 and above; see [`crate::Cursor`]'s format). The
    /// text says which. Typically a token of another system, or garbage sent by a client.
    #[error("not a dynakey cursor: {0}")]
    Foreign(String),
    /// A dynakey cursor this build does not read, or a broken one: a format version no longer
    /// read (1, 2) or of a newer dynakey (7 to 15), too short for its version, or (with a valid
    /// tag, so only when forged) a broken structure. The text says which.
    #[error("malformed cursor: {0}")]
    Malformed(String),
    /// The tag does not match: the cursor was modified, or made with another secret.
    #[error("the cursor was modified or made with another secret (its authentication tag does not match)")]
    Tampered,
    /// The cursor is authentic but was made for another query: its table, index, partitions, key
    /// condition, filter or direction differ from this query's, and the [`QueryDifference`] says
    /// which.
    #[error("the cursor belongs to another query: {0}")]
    OtherQuery(QueryDifference),
    /// A start key in the cursor (or one being encoded) does not fit the query: not exactly the
    /// query's key attributes, a value of the wrong type, another partition-key value, or a sort
    /// key outside the key condition.
    #[error("the cursor's key does not fit this query: {0}")]
    WrongKey(String),
}

/// A part of a query that binds its cursors (docs/semantics.md §4): a cursor is accepted only by
/// a query equal to its own in every part.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum QueryPart {
    /// The table name.
    Table,
    /// The index read (or the table itself), with its key attributes.
    Index,
    /// The partitions read: the partition-key values (every shard of a fan-out, every partition
    /// attribute of an attribute-wise index), or a scan's segment count.
    Partitions,
    /// The sort-key condition.
    KeyCondition,
    /// The filter (with the expiry filter of `unexpired`, and a scan's entity-type filter).
    Filter,
    /// The direction (`ScanIndexForward`).
    Direction,
}

impl QueryPart {
    /// Every part, in the order of [`QueryDifference`]'s message.
    pub(crate) const ALL: [QueryPart; 6] = [
        QueryPart::Table,
        QueryPart::Index,
        QueryPart::Partitions,
        QueryPart::KeyCondition,
        QueryPart::Filter,
        QueryPart::Direction,
    ];

    /// The part's name in messages: `table`, `index`, `partitions`, `key condition`, `filter`,
    /// `direction`.
    pub fn name(self) -> &'static str {
        match self {
            QueryPart::Table => "table",
            QueryPart::Index => "index",
            QueryPart::Partitions => "partitions",
            QueryPart::KeyCondition => "key condition",
            QueryPart::Filter => "filter",
            QueryPart::Direction => "direction",
        }
    }
}

impl fmt::Display for QueryPart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What differs between the query a cursor was made for and the query it was used with
/// ([`CursorError::OtherQuery`]): the parts that differ, in `QueryPart::ALL`'s order.
///
/// Empty when the cursor is of an earlier format (versions 3 and 4), which does not record its
/// parts, or, with a chance of about one in 65,536 per part, when the short digest a cursor keeps
/// of each part agrees although the part differs; the cursor is refused either way.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct QueryDifference {
    parts: Vec<QueryPart>,
}

impl QueryDifference {
    /// The difference of the given parts (kept in `QueryPart::ALL`'s order, once each).
    pub fn of(parts: impl IntoIterator<Item = QueryPart>) -> QueryDifference {
        let mut parts: Vec<QueryPart> = parts.into_iter().collect();
        parts.sort_unstable();
        parts.dedup();
        QueryDifference { parts }
    }

    /// The parts that differ, in `QueryPart::ALL`'s order.
    pub fn parts(&self) -> &[QueryPart] {
        &self.parts
    }

    /// Whether `part` differs.
    pub fn contains(&self, part: QueryPart) -> bool {
        self.parts.contains(&part)
    }
}

impl fmt::Display for QueryDifference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some((last, rest)) = self.parts.split_last() else {
            return f.write_str(
                "its table, index, partitions, key condition, filter or direction differ (the \
                 cursor does not record which)",
            );
        };
        f.write_str("its ")?;
        for (i, part) in rest.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(part.name())?;
        }
        if !rest.is_empty() {
            f.write_str(" and ")?;
        }
        f.write_str(last.name())?;
        let plural = !rest.is_empty() || *last == QueryPart::Partitions;
        f.write_str(if plural { " differ" } else { " differs" })
    }
}

impl From<CursorError> for KeyError {
    #[cold]
    fn from(error: CursorError) -> Self {
        KeyErrorKind::Cursor(error).into()
    }
}

impl KeyError {
    /// Checks a finished key against DynamoDB's empty-key and size rules.
    ///
    /// # Errors
    /// [`KeyErrorKind::EmptyKey`] for `""`, [`KeyErrorKind::TooLong`] over [`KeyRole::max_bytes`].
    #[inline]
    pub fn check_size(role: KeyRole, key: &str) -> Result<(), KeyError> {
        if key.is_empty() || key.len() > role.max_bytes() {
            return Err(Self::size_error(role, key));
        }
        Ok(())
    }

    /// This error of a key that fits none of an entity's shapes: a [`KeyErrorKind::Mismatch`]
    /// (of the current template) gets "; nor does it fit any of the N earlier key shapes of entity
    /// `name`" after its reason; any other kind is returned as is (the size rules are the same for
    /// every shape).
    #[cold]
    pub(crate) fn with_earlier_shapes(mut self, count: usize, name: &str) -> KeyError {
        if let KeyErrorKind::Mismatch { reason, .. } = &mut *self.0 {
            let shapes = if count == 1 { "shape" } else { "shapes" };
            reason.push_str(&format!(
                "; nor does it fit the {count} earlier key {shapes} of entity `{name}` (#[was(…)])"
            ));
        }
        self
    }

    /// A [`KeyErrorKind::Mismatch`]: `key` (its first 128 characters) does not have the shape of
    /// `template`, for `reason`.
    #[cold]
    pub(crate) fn mismatch(key: &str, template: &'static str, reason: String) -> KeyError {
        KeyErrorKind::Mismatch {
            key: key.chars().take(128).collect(),
            template,
            reason,
        }
        .into()
    }

    #[cold]
    #[inline(never)]
    fn size_error(role: KeyRole, key: &str) -> KeyError {
        if key.is_empty() {
            return KeyErrorKind::EmptyKey { role }.into();
        }
        KeyErrorKind::TooLong {
            role,
            key: key.chars().take(64).collect(),
            bytes: key.len(),
            limit: role.max_bytes(),
        }
        .into()
    }
}

/// A value of a write (a field's value in a condition or an update) that could not be turned into
/// a DynamoDB attribute value: it does not serialise with `serde_dynamo`, or it breaks a rule of
/// DynamoDB's data types (an empty set, more than 100 operands of `IN`; AWS developer guide,
/// "Supported data types"). Returned before any request is sent.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("attribute {attribute:?}: {reason}")]
pub struct ValueError {
    attribute: String,
    reason: String,
}

impl ValueError {
    /// The value of `attribute` is refused for `reason`.
    pub fn new(attribute: &str, reason: impl Into<String>) -> Self {
        ValueError {
            attribute: attribute.to_owned(),
            reason: reason.into(),
        }
    }

    /// The attribute the value was for.
    pub fn attribute(&self) -> &str {
        &self.attribute
    }

    /// Why it was refused.
    pub fn reason(&self) -> &str {
        &self.reason
    }
}

/// Why a write could not be planned: a key (an index key recomputed by an update) could not be
/// built, or a value could not become an attribute value. Returned before any request is sent, so
/// nothing was written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlanError {
    /// An index key recomputed from the update's values breaks a key rule (docs/semantics.md §2).
    #[error(transparent)]
    Key(#[from] KeyError),
    /// A value does not serialise or breaks a DynamoDB data-type rule.
    #[error(transparent)]
    Value(#[from] ValueError),
}

#[cfg(test)]
mod tests;
