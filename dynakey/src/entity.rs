//! The [`Entity`] trait implemented by `#[derive(Entity)]`.

mod key;
pub(crate) mod managed;
mod parsed;

pub use key::Key;
pub(crate) use managed::stamp_value;
pub use managed::{ManagedFields, Stamp, Timestamp, VersionNumber};
pub use parsed::{KeyValues, NoKeyFields, ParsedKeys};

use crate::error::{KeyError, KeyRole};
use crate::index::{EntityIndex, IndexValue};
use crate::shard::Sharding;
use crate::table::Table;
use crate::template::{EarlierKey, KeyTemplate, Segments};
use crate::unique::UniqueConstraint;

/// An item type stored in a DynamoDB table under key templates.
///
/// Implemented by `#[derive(Entity)]` from `#[pk("…")]` and `#[sk("…")]`; besides this trait the
/// derive generates inherent functions on the struct (`key`, `query`, `sk`, `parse_sort_key`, …,
/// documented on the derive). Items are (de)serialised with `serde`; the key attributes named by
/// [`Entity::Table`] are added on write.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a dynakey entity",
    label = "not an entity",
    note = "derive it: #[derive(dynakey::Entity)] with #[pk(\"…\")] and #[sk(\"…\")] key templates"
)]
pub trait Entity: Sized {
    /// The table this entity lives in.
    type Table: Table;
    /// The types of the partition-key template's fields, in placeholder order, as a tuple:
    /// `(String,)` for `#[pk("WS#<workspace>")]`. [Collections](crate::Collection) compare it to
    /// check at build time that their members share one partition key.
    type PartitionFields;
    /// The entity's name, the struct name unless renamed with `#[dynakey(name = "…")]`.
    const ENTITY_NAME: &'static str;
    /// The entity-type attribute, from `#[dynakey(entity_type = "_type")]`: when set, every write
    /// of this entity stores [`Entity::ENTITY_NAME`] in that attribute, and a
    /// [collection](crate::Collection) read takes an item for this entity only if the attribute
    /// holds its name (the modelling pattern of a "type" attribute on every item of a single
    /// table). `None` by default.
    const ENTITY_TYPE_ATTRIBUTE: Option<&'static str> = None;
    /// The partition-key template.
    const PARTITION_TEMPLATE: KeyTemplate;
    /// The sort-key template, when the table has a sort key.
    const SORT_TEMPLATE: Option<KeyTemplate>;
    /// The earlier shapes of the table keys, from `#[was(pk = "…", sk = "…")]`: key templates the
    /// entity wrote before its key design changed. Reads accept an item in any of these shapes (or
    /// the current one) as an item of this entity ([`Key::check`], [`Key::is_key`]; the fields an
    /// earlier template lacks are decoded from the item's attributes, where serde stores every
    /// field); writes always write the current templates. Index keys have no history. Empty by
    /// default.
    const EARLIER_KEYS: &'static [EarlierKey] = &[];
    /// The secondary indexes this entity takes part in, with its key templates for each, from
    /// `#[index(…)]` (see [`crate::Index`]). Empty by default.
    const INDEXES: &'static [EntityIndex] = &[];
    /// The write sharding of the partition key, from
    /// `#[pk("WS#<workspace>", shards = 10, shard_by = "id")]`: every item's partition key is the
    /// logical key built by [`Entity::PARTITION_TEMPLATE`] plus a shard suffix (`WS#acme#07`),
    /// see [`crate::Sharding`]. `None` (the default) for an unsharded partition key.
    const SHARDING: Option<Sharding> = None;
    /// The attributes dynakey maintains on every write: the version of optimistic locking, the
    /// automatic timestamps and the TTL attribute, from `#[dynakey(version = "…", created_at =
    /// "…", updated_at = "…")]` and `#[ttl]` (see [`crate::ManagedFields`]). None by default.
    const MANAGED: ManagedFields = ManagedFields::NONE;
    /// The unique constraints, from `#[unique("email")]` (one per attribute; see
    /// [`crate::UniqueConstraint`]): the runtime's writes of this entity keep one uniqueness item per
    /// constraint in the same transaction. None by default.
    const UNIQUE: &'static [UniqueConstraint] = &[];
    /// `true` when this entity's templates are checked against those of the other entities of a
    /// table enum that lists it: no key it writes can be another listed entity's where the
    /// templates decide it (docs/semantics.md §4). `#[derive(Entity)]` sets it by evaluating
    /// those checks, which fail the build at the offending template. `false` by default: a table
    /// enum refuses to list an entity implemented by hand until its author has checked its
    /// templates and sets it `true`.
    const LISTED_CHECKED: bool = false;

    /// `true` when `key` is a sort key of this entity: its template's literals are in place and
    /// every segment decodes into its field's type (without allocating where the segment types
    /// allow it). Collections use it to tell their members apart. For templates built with
    /// [`KeyTemplate::new`], which do not know their field types, only the template's shape is
    /// checked.
    fn matches_sort_key(key: &str) -> bool {
        match Self::SORT_TEMPLATE {
            Some(template) => accepts(&template, None, key),
            None => false,
        }
    }

    /// `true` when `key` is a partition key of this entity: its template's literals are in place
    /// (after the shard suffix is taken off, for a sharded entity) and every segment decodes into
    /// its field's type (its shape only, as [`Entity::matches_sort_key`], for a template built by
    /// hand). Typed reads use it, with [`Entity::matches_sort_key`], to tell this entity's items
    /// from other items in the same partition or index.
    fn matches_partition_key(key: &str) -> bool {
        accepts(&Self::PARTITION_TEMPLATE, Self::SHARDING, key)
    }

    /// Parses a partition key of this entity back into its fields, `<Entity>PartitionKey` (a
    /// struct with one public field per placeholder), after checking and taking off the shard
    /// suffix of a sharded entity. Canonical: only a key the entity writes parses. For entities
    /// of `#[derive(Entity)]` whose partition-key template has a placeholder.
    ///
    /// # Errors
    /// [`KeyErrorKind::EmptyKey`](crate::KeyErrorKind::EmptyKey) /
    /// [`KeyErrorKind::TooLong`](crate::KeyErrorKind::TooLong),
    /// [`KeyErrorKind::Mismatch`](crate::KeyErrorKind::Mismatch) when the key has another shape
    /// (or no shard suffix, for a sharded entity),
    /// [`KeyErrorKind::Segment`](crate::KeyErrorKind::Segment) when a segment is not a valid
    /// encoding of its field's type.
    fn parse_partition_key(key: &str) -> Result<<Self as ParsedKeys>::PartitionKey, KeyError>
    where
        Self: ParsedKeys,
        <Self as ParsedKeys>::PartitionValues: KeyValues,
    {
        let template = &Self::PARTITION_TEMPLATE;
        let logical = match Self::SHARDING {
            Some(sharding) => {
                KeyError::check_size(KeyRole::Partition, key)?;
                sharding.logical_key(key, template.text())?
            }
            None => key,
        };
        Segments::decode(template, logical).map(Self::partition_fields)
    }

    /// Parses a sort key of this entity back into its fields, `<Entity>SortKey` (a struct with
    /// one public field per placeholder). Canonical: only a key the entity writes parses. For
    /// entities of `#[derive(Entity)]` whose sort-key template has a placeholder.
    ///
    /// # Errors
    /// As [`Entity::parse_partition_key`].
    fn parse_sort_key(key: &str) -> Result<<Self as ParsedKeys>::SortKey, KeyError>
    where
        Self: ParsedKeys,
        <Self as ParsedKeys>::SortValues: KeyValues,
    {
        match &Self::SORT_TEMPLATE {
            Some(template) => Segments::decode(template, key).map(Self::sort_fields),
            None => Err(KeyError::mismatch(
                key,
                "",
                "the entity has no sort key".to_owned(),
            )),
        }
    }

    /// This item's partition key (with its shard suffix when the entity is sharded).
    ///
    /// # Errors
    /// Any [`KeyError`] of the encoding rules (docs/semantics.md §2).
    fn partition_key(&self) -> Result<String, KeyError>;

    /// This item's sort key (`None` when the table has no sort key).
    ///
    /// # Errors
    /// As [`Entity::partition_key`].
    fn sort_key(&self) -> Result<Option<String>, KeyError>;

    /// This item's secondary-index key attributes, as `(attribute name, key string)` pairs in
    /// [`Entity::INDEXES`] order: for each index, its partition key (GSIs only) and its sort key
    /// (when the index has one). An index whose template names an `Option` field that is `None`
    /// contributes nothing, so the item stays out of that index (a sparse index: AWS developer
    /// guide, "Take advantage of sparse indexes"). Writes add these attributes to the item.
    ///
    /// # Errors
    /// As [`Entity::partition_key`], for any index template.
    fn index_keys(&self) -> Result<Vec<(&'static str, String)>, KeyError> {
        Ok(Vec::new())
    }

    /// This item's key attributes of its attribute-wise indexes ([`crate::IndexDef::is_attribute_wise`]),
    /// as `(attribute name, value)` pairs in [`Entity::INDEXES`] order and, within an index, in
    /// [`EntityIndex::fills`] order: a template fill is [`IndexValue::Write`] (dynakey writes
    /// it), a native fill [`IndexValue::Check`] (serde writes it), a `None` of an `Option` fill
    /// [`IndexValue::Absent`] (the item stays out of that index). The entity-type attribute is not
    /// listed: every write stores it already ([`Entity::ENTITY_TYPE_ATTRIBUTE`]). Template
    /// indexes are in [`Entity::index_keys`] instead. Empty by default.
    ///
    /// # Errors
    /// As [`Entity::partition_key`], for a template fill; the rules of
    /// [`KeyAttribute::key_value`](crate::attribute::KeyAttribute::key_value) for a native one.
    fn attribute_keys(&self) -> Result<Vec<(&'static str, IndexValue)>, KeyError> {
        Ok(Vec::new())
    }

    /// This item's primary key.
    ///
    /// # Errors
    /// As [`Entity::partition_key`].
    fn primary_key(&self) -> Result<Key<Self>, KeyError> {
        Ok(Key::from_parts(self.partition_key()?, self.sort_key()?))
    }
}

/// `true` when `key` (its shard suffix taken off, with `sharding`) is a key of `template`: for a
/// template the derive generated, one its parser accepts (DynamoDB's size rules on the whole key,
/// the template's shape, every segment a valid encoding of its field's type, checked without
/// allocating where the type allows it); for one built with [`KeyTemplate::new`], one of its
/// shape ([`KeyTemplate::matches`]). What `Entity::matches_*_key` answer by default.
fn accepts(template: &KeyTemplate, sharding: Option<Sharding>, key: &str) -> bool {
    let logical = match sharding {
        Some(sharding) => match sharding.split_partition_key(key) {
            Some((logical, _)) => logical,
            None => return false,
        },
        None => key,
    };
    match template.valid {
        Some(valid) => key.len() <= template.role().max_bytes() && valid(template, logical),
        None => template.matches(logical),
    }
}

/// `Self` is an entity of table `T`: implemented by `#[derive(Entity)]` for the table its
/// `#[dynakey(table = …)]` names ([`Entity::Table`], which the supertrait bound makes it agree
/// with). Requests on a table handle bound their entities with it (`E: InTable<T>`), so an entity
/// used with another table's handle, or one that forgot `#[dynakey(table = …)]` and so is on
/// [`DefaultTable`](crate::DefaultTable), is one error naming both.
///
/// ```
/// use dynakey::{DefaultTable, Entity, InTable};
///
/// #[derive(Entity)]
/// #[pk("U#<id>")]
/// #[sk("META")]
/// struct User { id: String }
///
/// fn stored_in<T: dynakey::Table, E: InTable<T>>() {}
/// stored_in::<DefaultTable, User>();
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an entity of table `{T}`",
    label = "an entity of another table",
    note = "an entity is on the table its #[dynakey(table = …)] names, or on `DefaultTable` without one: add #[dynakey(table = {T})] to `{Self}`, or use a handle of its own table"
)]
pub trait InTable<T: Table>: Entity<Table = T> {}

/// An entity with a version number (`#[dynakey(version = "field")]`): every put, update and
/// delete of it is conditioned on the version the caller read (AWS developer guide, "Optimistic
/// locking with version number"). Implemented by `#[derive(Entity)]`; the requests that need the
/// version (`update`, `delete`) take it with `.expected_version(v)`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no version number, so there is no version to expect",
    label = "an entity without #[dynakey(version = …)]",
    note = "optimistic locking needs a version field: add #[dynakey(version = \"version\")] and a `version: u64` field to `{Self}`, or drop `.expected_version(…)`"
)]
pub trait Versioned: Entity {}

/// An entity without a version number: implemented by `#[derive(Entity)]` for every entity
/// without `#[dynakey(version = …)]`. An update or delete of a versioned entity needs the version
/// it read, so sending one without `.expected_version(v)` does not compile.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is versioned, so this write needs the version the item was read with",
    label = "an update or delete of a versioned entity without `.expected_version(…)`",
    note = "add `.expected_version(v)` with the version of the item as read: the write then happens only if nobody wrote it since (otherwise Error::VersionConflict with the current item), and stores v + 1"
)]
pub trait Unversioned: Entity {}
