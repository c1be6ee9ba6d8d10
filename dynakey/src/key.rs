//! Typed primary keys and key attribute values.

use std::fmt;
use std::marker::PhantomData;

use crate::entity::Entity;
use crate::table::Table;

/// A scalar key attribute value as DynamoDB types it (AWS developer guide, "Supported data types —
/// Scalar types").
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum KeyValue {
    /// `S`: a string.
    S(String),
    /// `N`: a number, as its decimal text.
    N(String),
    /// `B`: binary.
    B(Vec<u8>),
}

impl KeyValue {
    /// The string, when this is an `S` value.
    pub fn as_s(&self) -> Option<&str> {
        match self {
            KeyValue::S(s) => Some(s),
            _ => None,
        }
    }
}

/// The primary key of one item of entity `E`: the partition key string and, when the table has a
/// sort key, the sort key string. Built by the generated `E::key(…)` or by
/// [`Entity::primary_key`]; already checked against DynamoDB's key rules.
pub struct Key<E> {
    partition: String,
    sort: Option<String>,
    entity: PhantomData<fn() -> E>,
}

impl<E: Entity> Key<E> {
    /// Wraps key strings already produced by `E`'s templates. Used by generated code.
    #[doc(hidden)]
    pub fn from_parts(partition: String, sort: Option<String>) -> Self {
        Key {
            partition,
            sort,
            entity: PhantomData,
        }
    }

    /// The partition key value.
    pub fn partition(&self) -> &str {
        &self.partition
    }

    /// The sort key value (`None` on a table without a sort key).
    pub fn sort(&self) -> Option<&str> {
        self.sort.as_deref()
    }

    /// The key attributes as `(attribute name, value)`: one or two pairs, named by `E::Table`.
    pub fn attributes(&self) -> impl Iterator<Item = (&'static str, &str)> {
        let partition =
            std::iter::once((<E::Table as Table>::PARTITION_KEY, self.partition.as_str()));
        let sort = <E::Table as Table>::SORT_KEY.zip(self.sort.as_deref());
        partition.chain(sort)
    }
}

impl<E> Clone for Key<E> {
    fn clone(&self) -> Self {
        Key {
            partition: self.partition.clone(),
            sort: self.sort.clone(),
            entity: PhantomData,
        }
    }
}

impl<E> PartialEq for Key<E> {
    fn eq(&self, other: &Self) -> bool {
        self.partition == other.partition && self.sort == other.sort
    }
}

impl<E> Eq for Key<E> {}

impl<E> std::hash::Hash for Key<E> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.partition.hash(state);
        self.sort.hash(state);
    }
}

impl<E> fmt::Debug for Key<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Key")
            .field("partition", &self.partition)
            .field("sort", &self.sort)
            .finish()
    }
}
