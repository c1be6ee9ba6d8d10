//! Support for generated code. Not public API: may change in any release.
//!
//! Everything the derives' generated code calls or builds is here: constructors of the
//! declarations it emits (`key_template`, `index_def`, `entity_index`, `member`, `sharding`), the
//! enums it names, the key-building steps and the build-time checks. `dynakey` requires
//! `dynakey-derive` with `=`, so generated code and this module always come from one release, and
//! the public types can gain fields without a breaking release.

pub use std::marker::PhantomData;
pub use std::option::Option::{self, None, Some};
pub use std::result::Result::{self, Err, Ok};
pub use std::string::String;

// The public items generated code names most, so an entity's `const _` block spells them through
// its one alias of this module (`use ::dynakey::__private as __dk;`).
pub use crate::field::{Indexed, KeyPart, Managed, Plain, Set, Ttl};
pub use crate::{Field, KeyError, KeySegment, SegmentArg};

pub use crate::collection::overlap::{member_overlap, same_literals};
pub use crate::collection::{Cardinality, Overlap};
pub use crate::error::KeyRole;
pub use crate::table::{IndexKind, Projection, StreamViewType};
pub use crate::template::{decode_field, push_field, take_segment};

mod attribute_index;
mod children;
mod entity_checks;
mod segments;
mod sort_keys;
mod table_checks;

pub use attribute_index::*;
pub use children::*;
pub use entity_checks::{
    check_child_listed, check_listed, fail_template_conflict, stored, template_conflict,
};
pub use segments::*;
pub use sort_keys::*;
pub use table_checks::{
    assert_listed_checked, assert_listed_in, check_entity_name_repeated, listed, listed_check,
    listed_conflict_named, listed_earlier_check, listed_earlier_conflict_named, may_share_key,
    BuildMessage, ListedIn,
};

pub use serde::de::Error as DeError;
pub use serde::{Deserialize, Deserializer};

pub use crate::condition::{
    BoundKind, Complete, CompleteKind, CompleteWithLiteral, EntityPrefix, Group, PrefixKind,
    SortKeyBuilder,
};

// What dynakey-runtime (and generated collection code) uses of the core's internals, by the
// module that owns it: the read plan, the expression tree and its one renderer, write conditions,
// the collection assembler, the uniqueness and attribute helpers. Each item is `#[doc(hidden)]`
// where it is defined: none of it is user API.

/// The read plan a `KeyQuery` or scan becomes, and its parts.
pub mod plan {
    pub use crate::plan::{PartitionKey, QueryPlan, SortKeyCondition, Target};
    pub use crate::scan::MAX_SEGMENTS;
}
/// The typed expression tree and the one renderer.
pub mod expr {
    pub use crate::expr::*;
}
/// Write conditions, managed stamps and the update plan.
pub mod write {
    pub use crate::write::{condition, Guard, Optional, SetKind, Settable, Stamp};
}
/// The collection assembler and member declarations.
pub mod collection {
    pub use crate::collection::overlap;
    pub use crate::collection::{
        Assembler, Cardinality, Collection, ItemDecoder, Matcher, Member, MemberOf, PushError, Slot,
    };
}
/// Uniqueness items' key texts.
pub mod unique {
    pub use crate::unique::{number_text, value_text, DYNAKEY_PREFIX, UNIQUE_PREFIX};
}
/// Attribute-wise key checks, attribute type markers and the table's attribute definitions.
pub mod attribute {
    pub use crate::attribute::number;
    pub use crate::attribute::{
        check_key_value, AttributeArg, AttributeTypeOf, StringAttribute, B, N, S,
    };
    pub use crate::table::{attribute_definitions, attribute_wise_key_attributes};
}
/// Sort conditions as the derive's attribute-wise code names them.
pub mod condition {
    pub use crate::condition::{successor, Range, SortCondition};
}
/// Field kinds and group values generated handles name.
pub mod field {
    pub use crate::field::*;
}
/// Sharding's hash (the data contract: FNV-1a then jump consistent hash).
pub mod shard {
    pub use crate::shard::{fnv1a64, jump_consistent_hash};
}

use crate::collection::Member;
use crate::error::KeyErrorKind;
use crate::index::EntityIndex;
use crate::shard::Sharding;
use crate::template::{encode_field, field_error, KeyTemplate, TemplatePart};
use crate::{Entity, Key, KeyQuery, SortKeyPartial};

// ----- Declarations ---------------------------------------------------------------------------

/// A literal part of a key template.
pub const fn literal(text: &'static str) -> TemplatePart {
    TemplatePart::Literal(text)
}

/// The key template `text`, split into `parts` by the derive.
pub const fn key_template(
    text: &'static str,
    role: KeyRole,
    parts: &'static [TemplatePart],
) -> KeyTemplate {
    KeyTemplate::from_parts(text, role, parts)
}

/// One earlier shape of an entity's table keys (`#[was(…)]`), its templates already checked by
/// the derive.
pub const fn earlier_key(partition: KeyTemplate, sort: Option<KeyTemplate>) -> crate::EarlierKey {
    crate::EarlierKey::new(partition, sort)
}

/// The key change an entity declares (`#[next(…)]`, `#[previous(…)]`), its templates already
/// checked by the derive.
pub const fn key_change(
    phase: crate::KeyChangePhase,
    other: crate::EarlierKey,
    other_shape: &'static str,
) -> crate::KeyChange {
    crate::KeyChange::new(phase, other, other_shape)
}

pub use crate::KeyChangePhase;

/// The declaration of one `#[gsi(…)]` or `#[lsi(…)]` (for an LSI, `partition_key` is the table's).
pub const fn index_def(
    name: &'static str,
    kind: IndexKind,
    partition_key: &'static str,
    sort_key: Option<&'static str>,
    projection: Projection,
) -> IndexDef {
    let sort_key = match sort_key {
        Some(sort_key) => Some(crate::table::KeyAttr::s(sort_key)),
        None => None,
    };
    IndexDef {
        name,
        kind,
        key: crate::table::KeySchema::single(crate::table::KeyAttr::s(partition_key), sort_key),
        projection,
    }
}

/// The templates of one `#[index(…)]` of an entity, with the name of its generated `query`
/// function.
pub const fn entity_index(
    index: IndexDef,
    partition: Option<KeyTemplate>,
    sort: Option<KeyTemplate>,
    sparse: bool,
    query: &'static str,
) -> EntityIndex {
    EntityIndex {
        index,
        partition,
        sort,
        sparse,
        fills: &[],
        query,
    }
}

/// One member of a `#[derive(Collection)]`. Takes the entity's items as values (not `E`), so a
/// member type that is not an entity is reported once, by the projections at the call.
pub const fn member(
    field: &'static str,
    entity: &'static str,
    cardinality: Cardinality,
    sort_template: Option<KeyTemplate>,
    entity_type: Option<&'static str>,
    matches: fn(&str) -> bool,
) -> Member {
    Member {
        field,
        entity,
        cardinality,
        sort_template,
        entity_type,
        matches,
        reads_shape: any_shape,
        key_change: None,
    }
}

/// `member` with its entity's shape ([`Entity::reads_shape`]) and key change
/// ([`Entity::KEY_CHANGE`]), which a collection read needs to pass over another shape's copies.
pub const fn member_shapes(
    member: Member,
    reads_shape: fn(&str) -> bool,
    key_change: Option<crate::KeyChange>,
) -> Member {
    Member {
        reads_shape,
        key_change,
        ..member
    }
}

/// The shape check of a member made without its entity's: every shape.
fn any_shape(_: &str) -> bool {
    true
}

/// The sharding of `#[pk("…", shards = count, shard_by = "field")]`.
pub const fn sharding(count: u16, field: &'static str) -> Sharding {
    Sharding::new(count, field)
}

/// The template of a failed `#[derive(Entity)]` (see [`is_fallback`]).
pub const FALLBACK_TEMPLATE: KeyTemplate = KeyTemplate::from_parts("", KeyRole::Partition, &[]);

/// The declaration of an index whose `#[derive(Table)]` failed (see [`is_fallback_index`]).
pub const FALLBACK_INDEX: IndexDef = index_def("", IndexKind::Global, "", None, Projection::All);

/// What `Entity::index_keys` returns.
pub type IndexKeys = Result<Vec<(&'static str, String)>, KeyError>;

/// What `Entity::attribute_keys` returns.
pub type AttributeKeys = Result<Vec<(&'static str, crate::IndexValue)>, KeyError>;

/// Pushes the partition-key attribute of template index `def` with the key `key` (the generated
/// `Entity::index_keys`).
///
/// # Errors
/// The encoder's error.
#[inline]
pub fn push_index_partition(
    out: &mut Vec<(&'static str, String)>,
    def: &IndexDef,
    key: Result<String, KeyError>,
) -> Result<(), KeyError> {
    out.push((def.partition_key(), key?));
    Ok(())
}

/// Pushes the sort-key attribute of template index `def`, when it has one, with the key `key`.
///
/// # Errors
/// The encoder's error.
#[inline]
pub fn push_index_sort(
    out: &mut Vec<(&'static str, String)>,
    def: &IndexDef,
    key: Result<String, KeyError>,
) -> Result<(), KeyError> {
    if let Some(attribute) = def.sort_key() {
        out.push((attribute, key?));
    }
    Ok(())
}

// ----- Field handles and managed fields --------------------------------------------------------

/// The handle `E::FIELD` of a stored field: its attribute (the field's serde name).
pub const fn handle<E, V, K>(attribute: &'static str) -> crate::Field<E, V, K> {
    crate::Field::new(attribute)
}

/// The handle `E::BY_<INDEX>` of the fields an entity's index templates tie together:
/// `(field, attribute)` of each, in the order of the tuple `Vs`.
pub const fn index_group<E, Vs>(
    fields: &'static [(&'static str, &'static str)],
) -> crate::IndexGroup<E, Vs> {
    crate::IndexGroup::new(fields)
}

/// The `Entity::MANAGED` of `#[dynakey(version = …, created_at = …, updated_at = …)]` and
/// `#[ttl]`.
pub const fn managed(
    version: Option<&'static str>,
    created_at: Option<crate::write::Stamp>,
    updated_at: Option<crate::write::Stamp>,
    ttl: Option<&'static str>,
) -> crate::ManagedFields {
    crate::ManagedFields {
        version,
        created_at,
        updated_at,
        ttl,
    }
}

/// One `Entity::UNIQUE` constraint of `#[unique(…)]`: its fields and their attributes.
pub const fn unique(
    fields: &'static [&'static str],
    attributes: &'static [&'static str],
) -> crate::UniqueConstraint {
    crate::UniqueConstraint { fields, attributes }
}

/// A timestamp attribute whose field has type `T` (a `T` that cannot hold a time is reported
/// here, at the field).
pub const fn stamp<T: crate::write::Timestamp>(attribute: &'static str) -> crate::write::Stamp {
    crate::write::Stamp {
        attribute,
        encode: crate::write::stamp_value::<T>,
    }
}

/// Compile-time check that a version field is an integer.
pub const fn assert_version_number<V: crate::write::VersionNumber>() {}

/// The TTL attribute of a table whose `#[derive(Table)]` failed: [`check_ttl`] accepts any
/// entity's on it (the table's error is already reported).
pub const FALLBACK_TTL: &str = "";

/// Compile-time check that the `#[ttl]` attribute of `entity` is its table's TTL attribute
/// (`#[table(…, ttl = "…")]`), which `Db::create_table` enables TTL on.
pub const fn check_ttl<T: crate::Table>(attribute: &str, entity: &str) {
    match T::TTL_ATTRIBUTE {
        Some(declared)
            if declared.is_empty() || crate::collection::overlap::str_eq(declared, attribute) => {}
        Some(declared) => {
            let message = Message::new()
                .push("the #[ttl] field of entity `")
                .push(entity)
                .push("` is stored as attribute `")
                .push(attribute)
                .push("`, but its table's TTL attribute is `")
                .push(declared)
                .push("` (DynamoDB has one TTL attribute per table): name the field's attribute `")
                .push(declared)
                .push("` with #[serde(rename = \"")
                .push(declared)
                .push("\")], or change the table's #[table(ttl = …)]");
            panic!("{}", message.as_str())
        }
        None => {
            let message = Message::new()
                .push("entity `")
                .push(entity)
                .push("` has a #[ttl] field, but its table declares no TTL attribute (an entity without #[dynakey(table = …)] is on `DefaultTable`, which has none), so DynamoDB would never expire its items: declare it on the entity's table, #[table(…, ttl = \"")
                .push(attribute)
                .push("\")]");
            panic!("{}", message.as_str())
        }
    }
}

// ----- Key texts of enums -----------------------------------------------------------------------

/// Implemented by `#[derive(KeySegment)]`: the key texts of the enum's variants, so an entity can
/// check at build time that none holds the terminator of a template it is used in.
pub trait KeyTexts {
    /// Every variant's key text, in declaration order.
    const TEXTS: &'static [&'static str];
}

/// `Probe::<T>::TEXTS`: `T`'s key texts when `T` is a derived enum, none otherwise (through
/// [`NoKeyTexts`], which generated code brings into scope), so a field type of any kind can be
/// asked without an error for types that are not enums.
pub struct Probe<T>(PhantomData<T>);

impl<T: KeyTexts> Probe<T> {
    /// `T`'s key texts.
    pub const TEXTS: &'static [&'static str] = T::TEXTS;
}

/// The fallback of [`Probe`]: no key texts.
pub trait NoKeyTexts {
    /// None.
    const TEXTS: &'static [&'static str] = &[];
}

impl<T> NoKeyTexts for Probe<T> {}

/// Build-time check that no key text of enum `ty` (`texts`, from [`Probe`]) contains
/// `terminator`, the character after placeholder `field` in key template `template` of `entity`:
/// such a key could not be decoded back, and would be refused by every write.
pub const fn check_key_texts(
    texts: &[&str],
    terminator: char,
    ty: &str,
    field: &str,
    template: &str,
    entity: &str,
) {
    let mut buffer = [0u8; 4];
    let terminator_text: &str = terminator.encode_utf8(&mut buffer);
    let mut i = 0;
    while i < texts.len() {
        if contains(texts[i].as_bytes(), terminator_text.as_bytes()) {
            let message = Message::new()
                .push("the key text \"")
                .push(texts[i])
                .push("\" of `")
                .push(ty)
                .push("` contains `")
                .push(terminator_text)
                .push("`, which ends the segment of <")
                .push(field)
                .push("> in key template \"")
                .push(template)
                .push("\" of entity `")
                .push(entity)
                .push("`: a key holding it could not be decoded back, and every write of it would be refused; change that variant's #[key(\"…\")] text, or the character after <")
                .push(field)
                .push("> in the template");
            panic!("{}", message.as_str())
        }
        i += 1;
    }
}

/// `needle` occurs in `haystack` (const).
const fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    if needle.is_empty() || needle.len() > haystack.len() {
        return needle.is_empty();
    }
    let mut start = 0;
    while start + needle.len() <= haystack.len() {
        let mut j = 0;
        while j < needle.len() && haystack[start + j] == needle[j] {
            j += 1;
        }
        if j == needle.len() {
            return true;
        }
        start += 1;
    }
    false
}

// ----- Key building ---------------------------------------------------------------------------

// ----- Keys and queries ------------------------------------------------------------------------

/// The generated `E::key(…)` of an entity with a sort key: the key of the two encodings, or
/// the first error.
///
/// # Errors
/// The encoders' error.
#[inline]
pub fn key<E: Entity>(
    partition: Result<String, KeyError>,
    sort: Result<String, KeyError>,
) -> Result<Key<E>, KeyError> {
    Ok(Key::from_parts(partition?, Some(sort?)))
}

/// The generated `E::key(…)` of an entity without a sort key.
///
/// # Errors
/// The encoder's error.
#[inline]
pub fn key_without_sort<E: Entity>(
    partition: Result<String, KeyError>,
) -> Result<Key<E>, KeyError> {
    Ok(Key::from_parts(partition?, None))
}

/// The generated `E::query(…)`: the whole partition `partition` of the base table.
pub fn query<E: Entity>(partition: Result<String, KeyError>) -> KeyQuery<E> {
    KeyQuery::on(partition.map(|p| vec![p]), None, None, E::SORT_TEMPLATE)
}

/// The generated `E::query_<index>(…)`: the whole index partition `partition` of the index
/// declared by `index` (`<I as Index>::DEF`, passed rather than bounding `I: Index` so that a
/// type that is not an index is reported once), whose sort keys `sort_template` builds.
pub fn query_index<E: Entity, I>(
    partition: Result<String, KeyError>,
    index: IndexDef,
    sort_template: Option<KeyTemplate>,
) -> KeyQuery<E, I> {
    KeyQuery::on(partition.map(|p| vec![p]), None, Some(index), sort_template)
}

/// The generated `E::query_shard(…, shard)`: shard `shard` of the logical partition `logical`.
pub fn query_shard<E: Entity>(logical: Result<String, KeyError>, shard: u16) -> KeyQuery<E> {
    let partition = logical.and_then(|logical| match E::SHARDING {
        Some(sharding) => sharding.partition_key(&logical, shard),
        None => Err(unsharded::<E>()),
    });
    query(partition)
}

/// The generated `E::query_shards(…)`: every shard of the logical partition `logical`, merged by
/// the runtime.
pub fn query_shards<E: Entity>(logical: Result<String, KeyError>) -> KeyQuery<E> {
    let planned = logical.and_then(|logical| match E::SHARDING {
        Some(sharding) => Ok((sharding.partition_keys(&logical)?, (logical, sharding))),
        None => Err(unsharded::<E>()),
    });
    let (partitions, sharded) = match planned {
        Ok((keys, sharded)) => (Ok(keys), Some(sharded)),
        Err(e) => (Err(e), None),
    };
    KeyQuery::on(partitions, sharded, None, E::SORT_TEMPLATE)
}

#[cold]
fn unsharded<E: Entity>() -> KeyError {
    KeyErrorKind::Condition(format!(
        "entity `{}` has no sharded partition key (#[pk(\"…\", shards = N, shard_by = \"field\")])",
        E::ENTITY_NAME
    ))
    .into()
}

/// A complete sort key as a range bound (the generated `SortKeyBound` impl of a complete key).
#[inline]
pub fn exact_bound(key: String) -> crate::Bound {
    crate::Bound::Exact(key)
}

/// A group prefix as a range bound (the generated `SortKeyBound` impl of a group).
#[inline]
pub fn group_bound(prefix: String) -> crate::Bound {
    crate::Bound::Group(prefix)
}

/// A `prefix(…)` partial value built by a generated sort-key builder.
#[inline]
pub fn sort_key_partial<E, I>(prefix: Result<String, KeyError>) -> SortKeyPartial<E, I> {
    SortKeyPartial::new(prefix)
}

/// Finishes a key: DynamoDB's empty-key and size rules.
#[inline]
pub fn finish_key(role: KeyRole, key: String) -> Result<String, KeyError> {
    KeyError::check_size(role, &key)?;
    Ok(key)
}

/// Checks a key about to be parsed against the same rules (a generated parser accepts only what
/// the encoder writes, and it never writes an empty or oversized key).
#[inline]
pub fn check_parsed_size(role: KeyRole, key: &str) -> Result<(), KeyError> {
    KeyError::check_size(role, key)
}

/// Finishes a sort-key prefix (a group or partial value): only the size limit applies, since an
/// empty prefix means "no condition".
#[inline]
pub fn finish_prefix(prefix: String) -> Result<String, KeyError> {
    if prefix.len() > KeyRole::Sort.max_bytes() {
        KeyError::check_size(KeyRole::Sort, &prefix)?;
    }
    Ok(prefix)
}

/// The raw text of each of the `N` placeholders of `key` by `template`: the first step of a
/// generated `parse_*_key` (one call instead of a split step per segment in every entity). The
/// size rules first, as the encoder never writes an empty or oversized key.
///
/// # Errors
/// [`KeyErrorKind::EmptyKey`] / [`KeyErrorKind::TooLong`]; [`KeyErrorKind::Mismatch`] when the key
/// does not have the template's shape.
#[inline]
pub fn parse_segments<'k, const N: usize>(
    template: &KeyTemplate,
    key: &'k str,
) -> Result<[&'k str; N], KeyError> {
    KeyError::check_size(template.role(), key)?;
    let mut out = [""; N];
    match template.split_raw(key, &mut out) {
        Ok(()) => Ok(out),
        Err(_) => Err(mismatch(template, key)),
    }
}

/// The raw text of each of the `N` placeholders of `key` by `template`, or `None` when the key
/// breaks the size rules or has another shape: the first step of `Entity::matches_*_key` of a
/// generated template, allocation-free.
#[inline]
pub fn match_segments<'k, const N: usize>(
    template: &KeyTemplate,
    key: &'k str,
) -> Option<[&'k str; N]> {
    if key.is_empty() || key.len() > template.role().max_bytes() {
        return None;
    }
    let mut out = [""; N];
    template.split_raw(key, &mut out).ok().map(|()| out)
}

/// Why `key` does not have the shape of `template` (the cold path of generated parsers).
#[cold]
pub fn mismatch(template: &KeyTemplate, key: &str) -> KeyError {
    template.mismatch(key)
}

/// The error of a generated `KeySegment::decode_segment` for a text that is no variant's key;
/// `expected` lists the enum's texts.
#[cold]
pub fn unknown_variant(expected: &'static str, found: &str) -> crate::SegmentError {
    crate::SegmentError::malformed(expected, found)
}

/// Appends a partial value of a field (the argument of `prefix(…)`), rejecting the terminator so a
/// partial value never reaches into the next group.
pub fn push_partial<T>(
    out: &mut String,
    partial: &impl crate::condition::SegmentPrefix<T>,
    field: &'static str,
    terminator: Option<char>,
    template: &'static str,
) -> Result<(), KeyError> {
    let start = out.len();
    partial.push_prefix(out);
    match terminator {
        Some(t) if out[start..].contains(t) => {
            Err(field_error(&out[start..], field, terminator, template))
        }
        _ => Ok(()),
    }
}

/// `SortKeyPrefix::into_prefix` of a generated sort-key builder: the size rule of a prefix.
///
/// # Errors
/// As [`finish_prefix`], or the error already held.
#[inline]
pub fn into_prefix(key: Result<String, KeyError>) -> Result<String, KeyError> {
    key.and_then(finish_prefix)
}

/// `SortKeyBound::into_bound` of a generated sort-key builder filled part way: a group bound.
///
/// # Errors
/// As [`finish_prefix`], or the error already held.
#[inline]
pub fn into_group_bound(key: Result<String, KeyError>) -> Result<crate::Bound, KeyError> {
    key.and_then(finish_prefix).map(group_bound)
}

/// `CompleteSortKey::into_sort_key` of a generated sort-key builder with every field filled.
///
/// # Errors
/// As [`finish_key`], or the error already held.
#[inline]
pub fn into_sort_key(key: Result<String, KeyError>) -> Result<String, KeyError> {
    key.and_then(|key| finish_key(KeyRole::Sort, key))
}

/// `SortKeyBound::into_bound` of a complete generated sort-key builder: an exact bound.
///
/// # Errors
/// As [`finish_key`], or the error already held.
#[inline]
pub fn into_exact_bound(key: Result<String, KeyError>) -> Result<crate::Bound, KeyError> {
    into_sort_key(key).map(exact_bound)
}

/// Finishes the partition key of a sharded entity: appends the shard suffix chosen by `value`
/// (the shard field, hashed over its key encoding; see [`Sharding`](crate::Sharding)) to the logical key
/// `logical`, and checks DynamoDB's size rules again.
///
/// The field is encoded at the end of `logical` and cut off after hashing, so nothing is
/// allocated beyond the key itself.
#[inline]
pub fn shard_partition_key<T: crate::KeySegment, A: crate::SegmentArg<T> + ?Sized>(
    mut logical: String,
    value: &A,
    field: &'static str,
    sharding: &crate::Sharding,
) -> Result<String, KeyError> {
    let start = logical.len();
    encode_field(&mut logical, value, field)?;
    let shard = sharding.shard_of_encoding(logical.as_bytes().get(start..).unwrap_or_default());
    logical.truncate(start);
    sharding.push_suffix(&mut logical, shard);
    finish_key(KeyRole::Partition, logical)
}

/// The shard of an item whose shard field is `value` (the generated `E::shard_of`).
pub fn shard_of<T: crate::KeySegment, A: crate::SegmentArg<T> + ?Sized>(
    value: &A,
    field: &'static str,
    sharding: &crate::Sharding,
) -> Result<u16, KeyError> {
    let mut encoding = String::new();
    encode_field(&mut encoding, value, field)?;
    Ok(sharding.shard_of_encoding(encoding.as_bytes()))
}

/// The logical part of partition key `key` of sharded entity `E`: `None` without a shard suffix
/// below the shard count (the generated `Entity::matches_partition_key`).
#[inline]
pub fn logical_partition_key<E: Entity>(key: &str) -> Option<&str> {
    match E::SHARDING {
        Some(sharding) => sharding
            .split_partition_key(key)
            .map(|(logical, _)| logical),
        None => Some(key),
    }
}

// ----- Build-time checks ----------------------------------------------------------------------

/// The one implementor of the traits that generated code makes unsatisfiable on purpose (each
/// names a mistake in its `#[diagnostic::on_unimplemented]` message, e.g. a sort-key field filled
/// out of order); having one impl, marked `do_not_recommend`, keeps rustc from suggesting to add
/// one.
pub enum Never {}

/// `Entity::SORT_TEMPLATE` of an entity with `#[sk]`, `sort`, checked at compile time to be on a
/// table with a sort key; the error is reported at the generated call, which the derive spans at
/// the `#[sk]` template.
pub const fn assert_table_with_sort_key<E: crate::Entity>(sort: KeyTemplate) -> Option<KeyTemplate>
where
    E::Table: crate::TableWithSortKey,
{
    Some(sort)
}

/// `Entity::SORT_TEMPLATE` of an entity without `#[sk]` (`None`), checked at compile time to be
/// on a table without a sort key.
pub const fn assert_table_without_sort_key<E: crate::Entity>() -> Option<KeyTemplate>
where
    E::Table: crate::TableWithoutSortKey,
{
    None
}

/// `true` when two collection members are sharded alike (both unsharded, or both over the same
/// number of shards), so a partition holds items of both.
pub const fn same_sharding(a: Option<crate::Sharding>, b: Option<crate::Sharding>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(a), Some(b)) => a.count() == b.count(),
        _ => false,
    }
}

/// Implemented for `(T, T)`: the tables of two collection members, which must be one table.
#[diagnostic::on_unimplemented(
    message = "collection member `{A}` is an entity of another table than member `{B}`",
    label = "this member's table differs from the first member's",
    note = "the members of a collection share one partition, so they must be entities of one table: \
            give them the same #[dynakey(table = …)]; the tables are {Self}"
)]
pub trait SameTable<A, B> {}
impl<T, A, B> SameTable<A, B> for (T, T) {}

/// Implemented for `(T, T)`: the partition-key field types of two collection members, which must
/// be the same.
#[diagnostic::on_unimplemented(
    message = "collection member `{A}` has other partition-key field types than member `{B}`",
    label = "this member's partition-key fields differ from the first member's",
    note = "the members of a collection share one partition key, so its fields must have the same \
            types in both; the field types are {Self}"
)]
pub trait SamePartitionFields<A, B> {}
impl<T, A, B> SamePartitionFields<A, B> for (T, T) {}

/// Build-time check of `#[derive(Collection)]`: member `A`'s table `TA` is member `B`'s table
/// `TB`. Called with the tables as projections (`<A as Entity>::Table`), so a member that is not an
/// entity is reported once, by the projection, and not again by this function's bounds.
pub const fn assert_same_table<TA, TB, A, B>()
where
    (TA, TB): SameTable<A, B>,
{
}

/// Build-time check of `#[derive(Collection)]`: member `A`'s partition-key field types `FA` are
/// member `B`'s `FB`; called like [`assert_same_table`].
pub const fn assert_same_partition_fields<FA, FB, A, B>()
where
    (FA, FB): SamePartitionFields<A, B>,
{
}

/// `true` when `template` is the placeholder of a failed `#[derive(Entity)]`, whose error is
/// already reported; collection checks skip such members instead of adding errors of their own.
pub const fn is_fallback(template: &crate::KeyTemplate) -> bool {
    template.text.is_empty()
}

/// Implemented by `#[derive(Table)]` (and by [`crate::DefaultTable`]): the names of the table's
/// index marker types, so that `#[index(I, …)]` on an entity finds `I` through the entity's own
/// table ([`IndexAt`], [`index_position`]) and an index the table does not declare is one error
/// that lists the ones it does.
#[diagnostic::on_unimplemented(
    message = "table `{Self}` is not declared with #[derive(Table)], so #[index(…)] cannot name its indexes",
    label = "a table implemented by hand",
    note = "declare the table with #[derive(Table)] and its indexes with #[gsi(…)]/#[lsi(…)]"
)]
pub trait DerivedTable: crate::Table {
    /// The table type's name, for messages.
    const NAME: &'static str;
    /// The index marker types' names, in declaration order: `IndexAt<i>` is the `i`th.
    const INDEX_TYPES: &'static [&'static str];
    /// The names among them of the attribute-wise indexes (a list or a typed attribute): an
    /// `#[index]` of templates cannot fill them, nor one of lists and fields a template index.
    const ATTRIBUTE_WISE: &'static [&'static str] = &[];
}

/// The `N`th index marker type of a table ([`DerivedTable::INDEX_TYPES`]).
pub trait IndexAt<const N: usize>: DerivedTable {
    /// The marker type.
    type Index: crate::Index;
}

impl DerivedTable for crate::DefaultTable {
    const NAME: &'static str = "DefaultTable";
    const INDEX_TYPES: &'static [&'static str] = &[];
}

/// The position of index marker type `index` among table `T`'s (the generated alias of
/// `#[index(index, …)]` on `entity` is `<T as IndexAt<{ index_position::<T>(…) }>>::Index`).
/// When `T` declares no such index, evaluating it fails the build with one message that says so
/// and lists the indexes `T` declares.
pub const fn index_position<T: DerivedTable>(index: &str, entity: &str) -> usize {
    let declared = T::INDEX_TYPES;
    let mut i = 0;
    while i < declared.len() {
        if crate::collection::overlap::str_eq(declared[i], index) {
            if is_attribute_wise_index::<T>(index) {
                let message = Message::new()
                    .push("index `")
                    .push(index)
                    .push("` is declared with a list or typed attributes: write `pk = [...]`/`sk = [...]`, one fill per attribute, each a field name or a template");
                panic!("{}", message.as_str())
            }
            return i;
        }
        i += 1;
    }
    if crate::collection::overlap::str_eq(T::NAME, "DefaultTable") {
        let message = Message::new()
            .push("entity `")
            .push(entity)
            .push("` names no table, so it is on `DefaultTable`, which declares no indexes: name the table that declares `")
            .push(index)
            .push("` with #[dynakey(table = …)]");
        panic!("{}", message.as_str())
    }
    let mut message = Message::new()
        .push("entity `")
        .push(entity)
        .push("` is on table `")
        .push(T::NAME)
        .push("`, which declares no index `")
        .push(index)
        .push("` (");
    if declared.is_empty() {
        message = message.push("it declares none");
    } else {
        message = message.push("its indexes: ");
        let mut i = 0;
        while i < declared.len() {
            if i > 0 {
                message = message.push(", ");
            }
            message = message.push(declared[i]);
            i += 1;
        }
    }
    message = message
        .push("): declare it on `")
        .push(T::NAME)
        .push("` with #[gsi(")
        .push(index)
        .push(", …)] or #[lsi(")
        .push(index)
        .push(", …)]");
    if !declared.is_empty() {
        message = message.push(", or name one of those");
    }
    message = message
        .push("; an entity uses the indexes of its own table, the one #[dynakey(table = …)] names");
    panic!("{}", message.as_str())
}

/// [`index_position`] for an attribute-wise `#[index(…)]` (lists or field fills): the index must
/// be attribute-wise too.
pub const fn attribute_index_position<T: DerivedTable>(index: &str, entity: &str) -> usize {
    let declared = T::INDEX_TYPES;
    let mut i = 0;
    while i < declared.len() {
        if crate::collection::overlap::str_eq(declared[i], index) {
            if !is_attribute_wise_index::<T>(index) {
                let message = Message::new()
                    .push("index `")
                    .push(index)
                    .push("` is declared with one untyped attribute per key (a template index): write `pk = \"…\"`/`sk = \"…\"` as key templates, or declare the index with a list or a typed attribute (`sort_key = \"score\": N`)");
                panic!("{}", message.as_str())
            }
            return i;
        }
        i += 1;
    }
    // Not declared: the message of `index_position`.
    index_position::<T>(index, entity)
}

const fn is_attribute_wise_index<T: DerivedTable>(index: &str) -> bool {
    let listed = T::ATTRIBUTE_WISE;
    let mut i = 0;
    while i < listed.len() {
        if crate::collection::overlap::str_eq(listed[i], index) {
            return true;
        }
        i += 1;
    }
    false
}

/// A message assembled at build time (`const` code cannot allocate): up to 1 KiB of text; a part
/// that does not fit is replaced by `…` and ends the message.
pub struct Message {
    bytes: [u8; 1024],
    len: usize,
    full: bool,
}

impl Message {
    /// An empty message.
    pub const fn new() -> Self {
        Message {
            bytes: [0; 1024],
            len: 0,
            full: false,
        }
    }

    /// The message with `text` appended.
    pub const fn push(mut self, text: &str) -> Self {
        let text = text.as_bytes();
        if self.full {
            return self;
        }
        if self.len + text.len() > self.bytes.len() - 3 {
            self.full = true;
            return self.push_bytes("…".as_bytes());
        }
        self.push_bytes(text)
    }

    const fn push_bytes(mut self, text: &[u8]) -> Self {
        let mut i = 0;
        while i < text.len() && self.len < self.bytes.len() {
            self.bytes[self.len] = text[i];
            self.len += 1;
            i += 1;
        }
        self
    }

    /// The text (whole parts only, so always UTF-8).
    pub const fn as_str(&self) -> &str {
        match core::str::from_utf8(self.bytes.split_at(self.len).0) {
            Ok(text) => text,
            Err(_) => "",
        }
    }
}

impl Default for Message {
    fn default() -> Self {
        Self::new()
    }
}

/// The build-time checks of one `#[index(name, pk = …, sk = …)]` of templates against its index's
/// declaration `def` (`pk`, `sk`: the templates given, if any): a `pk` template exactly for a
/// global secondary index (a local one uses the table's partition key), an `sk` template exactly
/// when the index has a sort key. One panic naming every mistake, each with its fix; nothing for
/// the declaration of a failed `#[derive(Table)]` (its error is already reported).
pub const fn check_index(def: &IndexDef, name: &str, pk: Option<&str>, sk: Option<&str>) {
    if is_fallback_index(def) {
        return;
    }
    let partition = match (pk, is_global(def)) {
        (Some(pk), false) => Some(
            Message::new()
                .push("` is a local secondary index: it uses the table's partition key (the entity's #[pk]), so #[index] takes no `pk`; remove `pk = \"")
                .push(pk)
                .push("\"` and keep `sk = \"…\"`"),
        ),
        (None, true) => Some(
            Message::new()
                .push("` is a global secondary index: #[index(")
                .push(name)
                .push(", …)] needs `pk = \"…\"`, the template of its partition key (e.g. pk = \"STATUS#<status>\")"),
        ),
        _ => None,
    };
    let sort = match (sk, has_sort_key(def)) {
        (Some(sk), false) => Some(
            Message::new()
                .push("` has no sort key, so #[index] cannot give it a sort-key template; remove `sk = \"")
                .push(sk)
                .push("\"`, or declare the index with `sort_key = \"…\"`"),
        ),
        (None, true) => Some(
            Message::new()
                .push("` has a sort key, so #[index(")
                .push(name)
                .push(", …)] needs `sk = \"…\"`: DynamoDB puts an item into an index only when it has every key attribute of the index"),
        ),
        _ => None,
    };
    let message = match (partition, sort) {
        (Some(p), Some(s)) => Message::new()
            .push("index `")
            .push(name)
            .push(p.as_str())
            .push("; and index `")
            .push(name)
            .push(s.as_str()),
        (Some(one), None) | (None, Some(one)) => {
            Message::new().push("index `").push(name).push(one.as_str())
        }
        (None, None) => return,
    };
    panic!("{}", message.as_str())
}

/// `true` when `def` is a global secondary index (for the build-time checks of `#[index]`).
pub const fn is_global(def: &crate::IndexDef) -> bool {
    matches!(def.kind, crate::IndexKind::Global)
}

/// `true` when `def` declares a sort key (for the build-time checks of `#[index]`).
pub const fn has_sort_key(def: &IndexDef) -> bool {
    !def.key.sort().is_empty()
}

/// `true` for the declaration of an index whose `#[derive(Table)]` failed (its error is already
/// reported); the checks of `#[index]` skip it.
pub const fn is_fallback_index(def: &crate::IndexDef) -> bool {
    def.name.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Two;
    impl crate::Table for Two {
        const PARTITION_KEY: &'static str = "PK";
        const SORT_KEY: Option<&'static str> = None;
    }
    impl DerivedTable for Two {
        const NAME: &'static str = "Two";
        const INDEX_TYPES: &'static [&'static str] = &["ByStatus", "ByOwner"];
    }

    fn panic_message(f: impl FnOnce() -> usize + std::panic::UnwindSafe) -> String {
        let payload = std::panic::catch_unwind(f).expect_err("no panic");
        payload
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| payload.downcast_ref::<&str>().map(|s| (*s).to_owned()))
            .unwrap_or_default()
    }

    #[test]
    fn index_position_finds_a_marker_or_lists_the_declared_ones() {
        const OWNER: usize = index_position::<Two>("ByOwner", "Project");
        assert_eq!(OWNER, 1);
        let message = panic_message(|| index_position::<Two>("BySatus", "Project"));
        assert_eq!(
            message,
            "entity `Project` is on table `Two`, which declares no index `BySatus` (its indexes: \
             ByStatus, ByOwner): declare it on `Two` with #[gsi(BySatus, …)] or \
             #[lsi(BySatus, …)], or name one of those; an entity uses the indexes of its own \
             table, the one #[dynakey(table = …)] names"
        );
        let message =
            panic_message(|| index_position::<crate::DefaultTable>("ByStatus", "Project"));
        assert!(message.contains("names no table"), "{message}");
    }

    #[test]
    fn an_index_with_two_mistakes_is_one_message_naming_both() {
        const LOCAL_WITHOUT_SORT: IndexDef =
            index_def("ByDay", IndexKind::Local, "PK", None, Projection::All);
        check_index(&LOCAL_WITHOUT_SORT, "ByDay", None, None);
        let message = panic_message(|| {
            check_index(&LOCAL_WITHOUT_SORT, "ByDay", Some("D#<day>"), Some("<id>"));
            0
        });
        assert_eq!(
            message,
            "index `ByDay` is a local secondary index: it uses the table's partition key (the \
             entity's #[pk]), so #[index] takes no `pk`; remove `pk = \"D#<day>\"` and keep \
             `sk = \"…\"`; and index `ByDay` has no sort key, so #[index] cannot give it a \
             sort-key template; remove `sk = \"<id>\"`, or declare the index with \
             `sort_key = \"…\"`"
        );
    }

    #[test]
    fn a_message_keeps_whole_parts_within_its_buffer() {
        const SHORT: Message = Message::new().push("a").push("é");
        assert_eq!(SHORT.as_str(), "aé");
        let long = "x".repeat(1000);
        let message = Message::new()
            .push(&long)
            .push("yyyyyyyyyyyyyyyyyyyyyyyyy")
            .push("z");
        assert_eq!(message.as_str(), format!("{long}…"));
    }
}
