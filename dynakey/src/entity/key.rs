//! Typed primary keys.

use std::fmt;
use std::marker::PhantomData;

use crate::entity::{Entity, KeyValues, ParsedKeys};
use crate::shard::Sharding;
use crate::table::Table;
use crate::template::KeyTemplate;

/// The primary key of one item of entity `E`: the partition key string and, when the table has a
/// sort key, the sort key string. Built by the generated `E::key(…)` or by
/// [`Entity::primary_key`]; already checked against DynamoDB's key rules.
pub struct Key<E> {
    partition: String,
    sort: Option<String>,
    entity: PhantomData<fn() -> E>,
}

impl<E: Entity> Key<E> {
    /// Wraps key strings produced by `E`'s own templates (the generated key functions reach it
    /// through `__private`); every other way to a `Key<E>` checks the strings.
    pub(crate) fn from_parts(partition: String, sort: Option<String>) -> Self {
        Key {
            partition,
            sort,
            entity: PhantomData,
        }
    }

    /// The key of an item of `E` read back from DynamoDB (or taken from anywhere else), checked:
    /// `partition` must be a partition key of `E` ([`Entity::matches_partition_key`]) and `sort`
    /// a sort key of `E` ([`Entity::matches_sort_key`]) when `E`'s table has a sort key, `None`
    /// otherwise; both within DynamoDB's size limits (2,048 and 1,024 bytes of UTF-8); for a
    /// sharded entity, the partition key's shard suffix must be the shard of the sort key's
    /// shard field. Exactly the keys `E`'s encoders write are accepted, and the keys of the
    /// earlier shapes `E` declares ([`Entity::EARLIER_KEYS`], [`EarlierKey::fits`](crate::EarlierKey::fits)):
    /// tell them apart with [`is_current`](Self::is_current).
    ///
    /// # Errors
    /// [`KeyErrorKind::Mismatch`](crate::KeyErrorKind::Mismatch) naming the current template the
    /// string does not fit (its reason ends with how many earlier shapes did not fit either, when
    /// `E` declares some); [`KeyErrorKind::EmptyKey`](crate::KeyErrorKind::EmptyKey) /
    /// [`KeyErrorKind::TooLong`](crate::KeyErrorKind::TooLong) for the size rules.
    pub fn parse(partition: &str, sort: Option<&str>) -> Result<Self, crate::KeyError> {
        Self::check(partition, sort)?;
        Ok(Key::from_parts(
            partition.to_owned(),
            sort.map(str::to_owned),
        ))
    }

    /// `true` exactly when [`check`](Self::check) is `Ok`, without making the error of a key that
    /// is not `E`'s (no message built; a sharded entity's shard check still hashes the sort
    /// key's fields): how reads and stream records tell which listed entity an item is, trying
    /// entity after entity. A key of an earlier shape ([`Entity::EARLIER_KEYS`]) is `E`'s.
    pub fn is_key(partition: &str, sort: Option<&str>) -> bool {
        Self::is_current(partition, sort)
            || E::EARLIER_KEYS
                .iter()
                .any(|earlier| earlier.fits(partition, sort))
    }

    /// `true` when `(partition, sort)` is a key of the other shape of `E`'s key change
    /// ([`Entity::KEY_CHANGE`], [`KeyChange::other`](crate::KeyChange::other)) and not a key `E`
    /// reads ([`is_key`](Self::is_key)): an unmarked item with such keys is another shape's copy,
    /// which reads pass over (docs/semantics.md §10). `false` without a key change.
    pub fn is_other_shape(partition: &str, sort: Option<&str>) -> bool {
        E::KEY_CHANGE.is_some_and(|change| change.other.fits(partition, sort))
            && !Self::is_key(partition, sort)
    }

    /// `true` when `(partition, sort)` is a key `E`'s encoders write today: it fits the current
    /// templates ([`Entity::PARTITION_TEMPLATE`], [`Entity::SORT_TEMPLATE`]), DynamoDB's size
    /// limits and, for a sharded entity, the shard rule, as [`check`](Self::check) says. `false`
    /// for a key of an earlier shape only ([`Entity::EARLIER_KEYS`]), which a migration rewrites.
    pub fn is_current(partition: &str, sort: Option<&str>) -> bool {
        use crate::error::KeyRole;
        let size_ok = |role: KeyRole, key: &str| !key.is_empty() && key.len() <= role.max_bytes();
        if !size_ok(KeyRole::Partition, partition) || !E::matches_partition_key(partition) {
            return false;
        }
        match (E::SORT_TEMPLATE, sort) {
            (Some(template), Some(sort)) => {
                size_ok(KeyRole::Sort, sort)
                    && E::matches_sort_key(sort)
                    && E::SHARDING
                        .is_none_or(|sharding| shard_fits(&sharding, &template, partition, sort))
            }
            (None, None) => true,
            _ => false,
        }
    }

    /// The checks of [`Key::parse`] without making a key (nothing is allocated unless it fails):
    /// `Ok` exactly when `(partition, sort)` is a key that `E`'s encoders write, or a key of one
    /// of its earlier shapes ([`Entity::EARLIER_KEYS`]). Typed reads use it to tell `E`'s items
    /// from other entities' items in a shared partition or index.
    ///
    /// # Errors
    /// As [`Key::parse`].
    pub fn check(partition: &str, sort: Option<&str>) -> Result<(), crate::KeyError> {
        let earlier = E::EARLIER_KEYS;
        if earlier.is_empty() {
            return Self::check_current(partition, sort);
        }
        // A key of an earlier shape (what a migration reads) is told without building the
        // current templates' error first.
        if Self::is_key(partition, sort) {
            return Ok(());
        }
        Self::check_current(partition, sort)
            .map_err(|error| error.with_earlier_shapes(earlier.len(), E::ENTITY_NAME))
    }

    /// [`check`](Self::check) against the current templates only.
    fn check_current(partition: &str, sort: Option<&str>) -> Result<(), crate::KeyError> {
        use crate::error::{KeyError, KeyRole};
        KeyError::check_size(KeyRole::Partition, partition)?;
        if !E::matches_partition_key(partition) {
            return Err(KeyError::mismatch(
                partition,
                E::PARTITION_TEMPLATE.text,
                format!("not a partition key of entity `{}`", E::ENTITY_NAME),
            ));
        }
        match (E::SORT_TEMPLATE, sort) {
            (Some(template), Some(sort)) => {
                KeyError::check_size(KeyRole::Sort, sort)?;
                if !E::matches_sort_key(sort) {
                    return Err(KeyError::mismatch(
                        sort,
                        template.text,
                        format!("not a sort key of entity `{}`", E::ENTITY_NAME),
                    ));
                }
            }
            (Some(template), None) => {
                return Err(KeyError::mismatch(
                    "",
                    template.text,
                    format!(
                        "entity `{}` has a sort key, and none was given",
                        E::ENTITY_NAME
                    ),
                ))
            }
            (None, Some(sort)) => {
                return Err(KeyError::mismatch(
                    sort,
                    "",
                    format!("entity `{}` has no sort key", E::ENTITY_NAME),
                ))
            }
            (None, None) => {}
        }
        if let (Some(sharding), Some(template), Some(sort)) = (E::SHARDING, E::SORT_TEMPLATE, sort)
        {
            if !shard_fits(&sharding, &template, partition, sort) {
                return Err(KeyError::mismatch(
                    partition,
                    E::PARTITION_TEMPLATE.text,
                    format!(
                        "its shard suffix is not the shard of the item's `{}` (the jump hash \
                         over {} shards): entity `{}` never writes this key",
                        sharding.field(),
                        sharding.count(),
                        E::ENTITY_NAME
                    ),
                ));
            }
        }
        Ok(())
    }

    /// The partition key value.
    pub fn partition(&self) -> &str {
        &self.partition
    }

    /// The sort key value (`None` on a table without a sort key).
    pub fn sort(&self) -> Option<&str> {
        self.sort.as_deref()
    }

    /// The partition and sort key values, taken out of the key (no copy).
    pub fn into_strings(self) -> (String, Option<String>) {
        (self.partition, self.sort)
    }

    /// The key attributes as `(attribute name, value)`: one or two pairs, named by `E::Table`.
    pub fn attributes(&self) -> impl Iterator<Item = (&'static str, &str)> {
        let partition =
            std::iter::once((<E::Table as Table>::PARTITION_KEY, self.partition.as_str()));
        let sort = <E::Table as Table>::SORT_KEY.zip(self.sort.as_deref());
        partition.chain(sort)
    }
}

impl<E: ParsedKeys> Key<E> {
    /// The fields of the partition key, `<E>PartitionKey` ([`Entity::parse_partition_key`]): what
    /// a child entity (docs/semantics.md §11) reads of the parent key it holds, e.g.
    /// `copy.book.partition_fields()?.library`.
    ///
    /// # Errors
    /// As [`Entity::parse_partition_key`] (a key built by `E`'s encoders always parses).
    pub fn partition_fields(&self) -> Result<E::PartitionKey, crate::KeyError>
    where
        E::PartitionValues: KeyValues,
    {
        E::parse_partition_key(&self.partition)
    }

    /// The fields of the sort key, `<E>SortKey` ([`Entity::parse_sort_key`]), e.g.
    /// `copy.book.sort_fields()?.genre`.
    ///
    /// # Errors
    /// As [`Entity::parse_sort_key`]; a mismatch without a sort key.
    pub fn sort_fields(&self) -> Result<E::SortKey, crate::KeyError>
    where
        E::SortValues: KeyValues,
    {
        E::parse_sort_key(self.sort.as_deref().unwrap_or_default())
    }
}

/// `true` when the shard suffix of `partition` is the shard of the shard field's segment in
/// `sort`: the only shard an item with this sort key is ever written to (docs/semantics.md §2, sharding).
fn shard_fits(sharding: &Sharding, template: &KeyTemplate, partition: &str, sort: &str) -> bool {
    let Some((_, shard)) = sharding.split_partition_key(partition) else {
        return false;
    };
    let Some(slot) = template.fields().position(|f| f == sharding.field()) else {
        return false;
    };
    let mut slots = vec![""; template.fields().count()];
    template.split_into(sort, &mut slots).is_ok()
        && slots
            .get(slot)
            .is_some_and(|segment| sharding.shard_of_encoding(segment.as_bytes()) == shard)
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
