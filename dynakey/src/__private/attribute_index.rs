//! Support for the generated code of attribute-wise indexes (a GSI with a multi-attribute key, or
//! a typed `"score": N` key). Its sort builders, queries and item keys are `builder.rs`; the build-time checks of its fills `checks.rs`.

/// The bound of a field that fills an attribute-wise index attribute natively, for the entity's
/// where clause.
pub use crate::attribute::KeyAttribute;
use crate::attribute::KeyValue;
use crate::attribute::{AttributeType, AttributeTypeOf};
use crate::error::{KeyError, KeyRole};
use crate::index::{EntityIndex, Fill, IndexValue};
use crate::plan::PartitionKey;
use crate::query::KeyQuery;
use crate::table::{IndexKind, Projection};

pub use crate::attribute::AttributeArg;
/// The key schema types, for the generated `DEF` of an attribute-wise index (generated code
/// builds public types only through `__private`).
pub use crate::table::{IndexDef, KeyAttr, KeySchema};
use crate::Entity;

mod builder;
mod checks;

pub use builder::*;
pub use checks::*;

pub use crate::attribute::StringAttribute;
pub use crate::query::attributes::{AttributeOp, SortConditions};

// ----- Declarations -----------------------------------------------------------------------------

/// The declaration of an attribute-wise `#[gsi(…)]`/`#[lsi(…)]`: its key schema (for an LSI, the
/// partition is the table's partition key as `S`).
pub const fn attribute_index_def(
    name: &'static str,
    kind: IndexKind,
    key: KeySchema,
    projection: Projection,
) -> IndexDef {
    IndexDef {
        name,
        kind,
        key,
        projection,
    }
}

/// The `#[index(…)]` of an entity on an attribute-wise index: `fills` per key attribute
/// (partition attributes first, the entity-type attribute as [`Fill::EntityType`]; none for an
/// LSI's partition), `sparse` when any fill is an `Option` field.
pub const fn attribute_entity_index(
    index: IndexDef,
    fills: &'static [Fill],
    sparse: bool,
) -> EntityIndex {
    EntityIndex {
        index,
        partition: None,
        sort: None,
        sparse,
        fills,
        query: "",
    }
}

/// The [`Fill::Native`] of a field of type `F` (`T` or `Option<T>` for a [`KeyAttribute`] `T`).
pub const fn native_fill<F: NativeField>() -> Fill {
    Fill::Native(attribute_type_of::<F::Attribute>())
}

/// The [`AttributeType`] of key attribute type `T`.
pub const fn attribute_type_of<T: KeyAttribute>() -> AttributeType {
    <T::Type as AttributeTypeOf>::TYPE
}

/// A field that fills a key attribute natively: a [`KeyAttribute`] `T`, or `Option<T>` (a `None`
/// keeps the item out of the index).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be stored natively as a key attribute",
    label = "this field fills a key attribute of an attribute-wise index",
    note = "native key attributes are integers and f32/f64 (N), String/Box<str>/Cow<str> (S) and dynakey::KeyBytes (B), optionally in an Option; other key segments (Ulid, timestamps, enums, KeyPath) go in a template fill such as \"<field>\""
)]
pub trait NativeField {
    /// The key attribute type (`T` of `T` and of `Option<T>`).
    type Attribute: KeyAttribute;
    /// The value, `None` for a `None`.
    fn attribute(&self) -> Option<&Self::Attribute>;
}

impl<T: KeyAttribute> NativeField for T {
    type Attribute = T;
    #[inline]
    fn attribute(&self) -> Option<&T> {
        Some(self)
    }
}

impl<T: KeyAttribute> NativeField for Option<T> {
    type Attribute = T;
    #[inline]
    fn attribute(&self) -> Option<&T> {
        self.as_ref()
    }
}

// ----- Entity::attribute_keys -------------------------------------------------------------------

/// The [`IndexValue`] of a native fill of `role`: [`IndexValue::Check`] with the value (checked
/// against the key rules), [`IndexValue::Absent`] for `None`.
///
/// # Errors
/// As [`KeyAttribute::key_value`].
#[inline]
pub fn native_key<F: NativeField>(field: &F, role: KeyRole) -> Result<IndexValue, KeyError> {
    match field.attribute() {
        Some(value) => value.key_value(role).map(IndexValue::Check),
        None => Ok(IndexValue::Absent),
    }
}

/// The [`IndexValue::Write`] of a template fill whose key string is `key` (built and finished by
/// the template's encoder, which applies `finish_key`).
///
/// # Errors
/// The encoder's error.
#[inline]
pub fn template_key(key: Result<String, KeyError>) -> Result<IndexValue, KeyError> {
    key.map(|key| IndexValue::Write(KeyValue::S(key)))
}

/// [`IndexValue::Absent`]: a template fill over an `Option` field that is `None`.
#[inline]
pub const fn absent() -> IndexValue {
    IndexValue::Absent
}

// ----- Queries ----------------------------------------------------------------------------------

/// The value of a native partition attribute given to a generated `query_<index>(…)`.
///
/// # Errors
/// As [`KeyAttribute::key_value`].
#[inline]
pub fn attribute_value<T: KeyAttribute>(
    value: &impl AttributeArg<T>,
    role: KeyRole,
) -> Result<KeyValue, KeyError> {
    value.attribute_value(role)
}

/// The value of the entity-type partition attribute: the entity name, as `S`.
///
/// # Errors
/// Never; a `Result` so it sits beside the other values of [`partition_key`].
#[inline]
pub fn entity_type_value<E: Entity>() -> Result<KeyValue, KeyError> {
    Ok(KeyValue::S(E::ENTITY_NAME.to_owned()))
}

/// The value of a template partition fill (the key string built by its encoder).
///
/// # Errors
/// The encoder's error.
#[inline]
pub fn template_value(key: Result<String, KeyError>) -> Result<KeyValue, KeyError> {
    key.map(KeyValue::S)
}

/// The partition of a generated `query_<index>(…)`: `(attribute, value)` per partition
/// attribute, in key-schema order (the entity-type attribute first when the index has one).
///
/// # Errors
/// The first value's error.
pub fn partition_key<const N: usize>(
    values: [(&'static str, Result<KeyValue, KeyError>); N],
) -> Result<PartitionKey, KeyError> {
    let mut out = Vec::with_capacity(N);
    for (attribute, value) in values {
        out.push((attribute, value?));
    }
    Ok(PartitionKey::new(out))
}

/// The generated `E::query_<index>(…)` of an attribute-wise index: the whole index partition
/// `partition` of the index declared by `index` (`<I as Index>::DEF`, passed rather than
/// bounding `I: Index`, as in `query_index`).
pub fn query_attribute_index<E: Entity, I>(
    partition: Result<PartitionKey, KeyError>,
    index: IndexDef,
) -> KeyQuery<E, I> {
    KeyQuery::on_attributes(partition, index)
}

pub use crate::query::attributes::attribute_range;

// ----- Build-time checks ------------------------------------------------------------------------

/// Role marker of [`IndexKeyAttribute`]: a partition attribute.
pub enum PartitionRole {}
/// Role marker of [`IndexKeyAttribute`]: a sort attribute.
pub enum SortRole {}

/// Implemented by `#[derive(Table)]` on the marker type of an attribute-wise index, once per key
/// attribute: `Role` is [`PartitionRole`] or [`SortRole`], `P` the attribute's 0-based position
/// in its list as declared (the entity-type attribute is partition position 0).
#[diagnostic::on_unimplemented(
    message = "index `{Self}` has fewer key attributes of this role than the entity's fills for it",
    label = "a fill with no index attribute to fill",
    note = "the index has fewer sort (or partition) attributes than `sk` (`pk`) fills ({Role}): give one fill per declared attribute, in order"
)]
pub trait IndexKeyAttribute<Role, const P: usize> {
    /// [`S`](crate::attribute::S), [`N`](crate::attribute::N) or [`B`](crate::attribute::B).
    type Type: AttributeTypeOf;
    /// The attribute name.
    const NAME: &'static str;
}

/// `a == b` (const).
pub const fn str_eq(a: &str, b: &str) -> bool {
    crate::collection::overlap::str_eq(a, b)
}

/// The number of partition attributes of `def` (the entity-type attribute included).
pub const fn partition_count(def: &IndexDef) -> usize {
    def.key.partition().len()
}

/// The number of sort attributes of `def`.
pub const fn sort_count(def: &IndexDef) -> usize {
    def.key.sort().len()
}

/// `true` when `def`'s first partition attribute is the entity-type attribute.
pub const fn has_entity_type(def: &IndexDef) -> bool {
    def.key.has_entity_type()
}

/// `true` when `def` is attribute-wise ([`IndexDef::is_attribute_wise`]).
pub const fn is_attribute_wise(def: &IndexDef) -> bool {
    def.key.is_attribute_wise()
}

/// The name of `def`'s first partition attribute when it is the entity-type attribute, `""`
/// otherwise (for the check that the entity declares the same `entity_type`).
pub const fn entity_type_attribute(def: &IndexDef) -> &'static str {
    match (def.key.has_entity_type(), def.key.partition().first()) {
        (true, Some(attr)) => attr.name,
        _ => "",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::KeyAttr;

    // The shape the derive emits: the attribute lists as temporaries of a const's value.
    const DEF: IndexDef = attribute_index_def(
        "ByTournamentRegion",
        IndexKind::Global,
        KeySchema::attributes(
            &[
                KeyAttr::s("_type"),
                KeyAttr::s("tournament"),
                KeyAttr::s("region"),
            ],
            &[KeyAttr::n("round"), KeyAttr::s("bracket")],
        )
        .with_entity_type(),
        Projection::All,
    );
    const FILLS: &[Fill] = &[
        Fill::EntityType,
        native_fill::<String>(),
        native_fill::<String>(),
        native_fill::<Option<u32>>(),
        native_fill::<String>(),
    ];
    const _: () = assert!(partition_count(&DEF) == 3 && sort_count(&DEF) == 2);
    const _: () = assert!(has_entity_type(&DEF) && is_attribute_wise(&DEF));
    const _: () = assert!(str_eq(entity_type_attribute(&DEF), "_type"));
    const _: () = assert!(matches!(attribute_type_of::<u32>(), AttributeType::N));

    #[test]
    fn declarations_read_back() {
        assert_eq!(DEF.partition_key(), "_type");
        assert_eq!(DEF.sort_key(), None);
        assert_eq!(FILLS[3], Fill::Native(AttributeType::N));
        let index = attribute_entity_index(DEF, FILLS, true);
        assert_eq!(index.fills().len(), 5);
        assert_eq!(
            native_key(&Some(2u32), KeyRole::Sort).unwrap(),
            IndexValue::Check(KeyValue::N("2".into()))
        );
        assert_eq!(
            native_key(&None::<u32>, KeyRole::Sort).unwrap(),
            IndexValue::Absent
        );
        assert!(native_key(&String::new(), KeyRole::Sort).is_err());
    }
}
