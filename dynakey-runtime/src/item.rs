//! Items: an entity serialised with `serde_dynamo` plus the key attributes dynakey writes
//! ([`to_item`]), decoded back ([`from_entity_item`], [`key_from_item`], …), and the rules
//! DynamoDB checks an item against before it writes it ([`check_item`], [`item_size`];
//! [`ItemProblem`](crate::ItemProblem)), for code that reads or writes items with the SDK itself.

use std::collections::HashMap;

use aws_sdk_dynamodb::types::AttributeValue;
use dynakey::{Entity, Key, Table};
use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::convert::known::{self, UnknownType};
use crate::convert::{string_attribute, Item};
use crate::error::Error;

mod attribute_keys;
mod check;
pub(crate) mod screen;

pub(crate) use check::attributes_size;
pub use check::{check_item, item_size};

/// The DynamoDB item for `entity`: its fields serialised by `serde_dynamo`, plus the key
/// attributes named by `E::Table` (`Table::PARTITION_KEY`, and `Table::SORT_KEY` when the table has
/// one) set to the strings built by the entity's key templates, plus the key attributes of every
/// secondary index the entity declares with `#[index(…)]` ([`Entity::index_keys`]). An index
/// whose template names an `Option` field that is `None` gets no attributes at all, so the item
/// is not in that index (AWS developer guide, "Take advantage of sparse indexes"); no placeholder
/// value is written.
///
/// # Errors
/// - [`Error::Key`] when a key cannot be built (terminator inside a value, empty or oversized key),
///   for the table's keys or an index's;
/// - [`Error::Serialize`] when `serde_dynamo` cannot serialise the struct;
/// - [`Error::KeyAttributeCollision`] when the struct itself serialises an attribute with the name
///   of a key attribute it writes (the table's, or an index's);
/// - [`Error::KeyTemplateConflict`] when two of its key templates write different values to one
///   attribute (e.g. an index key attribute that is also the table's sort key);
/// - [`Error::EntityTypeCollision`] when it serialises an attribute with the name of its
///   entity-type attribute.
///
/// When the entity declares an entity-type attribute (`#[dynakey(entity_type = "_type")]`), the
/// item also gets that attribute set to [`Entity::ENTITY_NAME`].
///
/// The key attributes of attribute-wise indexes ([`Entity::attribute_keys`]): a template fill is
/// written like an index key above; a native fill is the field serde wrote, which must be there
/// with the declared type ([`Error::NativeKeyAttribute`] otherwise); a `None` fill leaves the
/// attribute out (serde's `NULL` is removed, since DynamoDB refuses a `NULL` in an index key
/// attribute), so the item is not in that index (AWS developer guide, "Multi-attribute keys
/// pattern"). The same holds for the key attributes of the table's attribute-wise indexes that
/// `E` does not fill: serde's `NULL` there is removed, a value of another type is
/// [`Error::NativeKeyAttribute`], an empty, oversized or non-number one [`Error::Key`].
pub fn to_item<E: Entity + Serialize>(
    entity: &E,
) -> Result<HashMap<String, AttributeValue>, Error> {
    let partition = entity.partition_key()?;
    let sort = entity.sort_key()?;
    let mut index_keys = entity.index_keys()?;
    let mut item = serde_dynamo::aws_sdk_dynamodb_1::to_item(entity).map_err(Error::Serialize)?;
    if let Some(attribute) = E::ENTITY_TYPE_ATTRIBUTE {
        if item.contains_key(attribute) {
            return Err(Error::EntityTypeCollision {
                attribute: attribute.to_owned(),
            });
        }
        item.insert(
            attribute.to_owned(),
            AttributeValue::S(E::ENTITY_NAME.to_owned()),
        );
    }
    let table_keys = std::iter::once((<E::Table as Table>::PARTITION_KEY, partition))
        .chain(<E::Table as Table>::SORT_KEY.zip(sort));
    for (name, value) in table_keys {
        if item.contains_key(name) {
            return Err(Error::KeyAttributeCollision {
                attribute: name.to_owned(),
            });
        }
        item.insert(name.to_owned(), AttributeValue::S(value));
    }
    let mut written: Vec<&'static str> = std::iter::once(<E::Table as Table>::PARTITION_KEY)
        .chain(<E::Table as Table>::SORT_KEY)
        .chain(E::ENTITY_TYPE_ATTRIBUTE)
        .chain(index_keys.iter().map(|(name, _)| *name))
        .collect();
    for i in 0..index_keys.len() {
        let name = index_keys[i].0;
        // An attribute written by another key template (the table's, or an earlier index's) may be
        // written again only with the same value (an index over the table's own sort key).
        let written_by_a_template = name == <E::Table as Table>::PARTITION_KEY
            || <E::Table as Table>::SORT_KEY == Some(name)
            || index_keys[..i].iter().any(|(earlier, _)| *earlier == name);
        match item.get(name) {
            None => {
                // Moved, not cloned: only the names of `index_keys` are looked at after this.
                let value = std::mem::take(&mut index_keys[i].1);
                item.insert(name.to_owned(), AttributeValue::S(value));
            }
            Some(AttributeValue::S(existing)) if written_by_a_template => {
                let value = &index_keys[i].1;
                if existing != value {
                    return Err(Error::KeyTemplateConflict {
                        attribute: name.to_owned(),
                        first: existing.clone(),
                        second: value.clone(),
                    });
                }
            }
            Some(_) => {
                return Err(Error::KeyAttributeCollision {
                    attribute: name.to_owned(),
                });
            }
        }
    }
    attribute_keys::add(entity, &mut item, &mut written)?;
    attribute_keys::check_table_key_attributes::<E>(&mut item, &written)?;
    Ok(item)
}

/// The base-table key of an item read from `E`'s table or one of its indexes (every index holds
/// the table's key attributes, whatever its projection: AWS developer guide, "Attribute
/// projections"): the `S` values of the table's partition and sort key attributes, checked
/// against `E`'s key templates ([`Key::parse`]).
///
/// # Errors
/// [`Error::Decode`] when a key attribute of the table is missing or not a string;
/// [`Error::Key`] when the strings are not a key of `E` (an item of another entity).
pub fn key_from_item<E: Entity>(item: &HashMap<String, AttributeValue>) -> Result<Key<E>, Error> {
    let (partition, sort) = key_strings::<E::Table>(item);
    let missing = |what: &str, name: &str| -> Error {
        Error::Decode {
            partition: partition.clone(),
            sort: sort.clone(),
            source: <serde_dynamo::Error as serde::de::Error>::custom(format!(
                "the item has no string {what} attribute {name:?}, so it has no key of entity {}",
                E::ENTITY_NAME
            )),
        }
    };
    let table_partition = <E::Table as Table>::PARTITION_KEY;
    let Some(partition_value) = partition.clone() else {
        return Err(missing("partition-key", table_partition));
    };
    match (<E::Table as Table>::SORT_KEY, &sort) {
        (Some(name), None) => Err(missing("sort-key", name)),
        _ => Ok(Key::parse(&partition_value, sort.as_deref())?),
    }
}

/// Decodes an item read from the table into `E` with `serde_dynamo`. Attributes that `E` has no
/// field for (the key attributes among them) are ignored, unless `E` uses
/// `#[serde(deny_unknown_fields)]`.
///
/// # Errors
/// [`Error::Decode`], without key strings; [`from_item_in`] adds them.
/// [`Error::UnknownAttributeType`] for a value of a type the SDK does not know.
pub fn from_item<E: DeserializeOwned>(item: HashMap<String, AttributeValue>) -> Result<E, Error> {
    decode(item, None, None)
}

/// Decodes `item` into `E`; `partition` and `sort` name the item in an error. A value of a type
/// the SDK does not know is [`Error::UnknownAttributeType`], never handed to `serde_dynamo`
/// (whose conversion panics on it).
pub(crate) fn decode<E: DeserializeOwned>(
    item: Item,
    partition: Option<String>,
    sort: Option<String>,
) -> Result<E, Error> {
    match known::to_values(item) {
        Ok(values) => serde_dynamo::from_item(values).map_err(|source| Error::Decode {
            partition,
            sort,
            source,
        }),
        Err(UnknownType(attribute)) => Err(Error::UnknownAttributeType {
            attribute,
            partition,
            sort,
        }),
    }
}

/// `Ok` when every value of `item`, an item of table `T` in an answer, is of a type the SDK
/// knows, for code that reads its values itself.
///
/// # Errors
/// [`Error::UnknownAttributeType`] with the item's key strings.
pub(crate) fn known_in<T: Table>(item: &Item) -> Result<(), Error> {
    known::known(item).map_err(|UnknownType(attribute)| {
        let (partition, sort) = key_strings::<T>(item);
        Error::UnknownAttributeType {
            attribute,
            partition,
            sort,
        }
    })
}

/// As [`from_item`], with the key strings of table `T` in the error, so a decode failure says which
/// item it was.
///
/// # Errors
/// [`Error::Decode`] with `partition` and `sort` set from the item's key attributes;
/// [`Error::UnknownAttributeType`] for a value of a type the SDK does not know.
pub fn from_item_in<T: Table, E: DeserializeOwned>(
    item: HashMap<String, AttributeValue>,
) -> Result<E, Error> {
    let (partition, sort) = key_strings::<T>(&item);
    decode(item, partition, sort)
}

/// Decodes an item of entity `E` read from its table or an index: the attributes dynakey wrote
/// itself (the table's key attributes, the key attributes of `E`'s indexes, the entity-type
/// attribute) are taken off first, since `E` has no field for them — so `E` may deny unknown
/// fields — and the key strings are moved, not copied, into the error when it does not decode.
///
/// # Errors
/// [`Error::Decode`] with the item's key strings; [`Error::UnknownAttributeType`] for a value of
/// a type the SDK does not know (in an attribute `E` decodes).
pub fn from_entity_item<E: Entity + DeserializeOwned>(
    mut item: HashMap<String, AttributeValue>,
) -> Result<E, Error> {
    let string = |value: Option<AttributeValue>| match value {
        Some(AttributeValue::S(s)) => Some(s),
        _ => None,
    };
    let partition = string(item.remove(<E::Table as Table>::PARTITION_KEY));
    let sort = <E::Table as Table>::SORT_KEY.and_then(|name| string(item.remove(name)));
    for index in E::INDEXES {
        let def = index.index();
        if def.is_attribute_wise() {
            continue;
        }
        item.remove(def.partition_key());
        if let Some(name) = def.sort_key() {
            item.remove(name);
        }
    }
    attribute_keys::remove_written::<E>(&mut item);
    if let Some(name) = E::ENTITY_TYPE_ATTRIBUTE {
        item.remove(name);
    }
    // The key change's marks (docs/semantics.md §10) are dynakey's, as the key attributes.
    for name in MARKS {
        item.remove(name);
    }
    decode(item, partition, sort)
}

/// The attribute of a copy during a key change holding its twin's partition key (the item in the
/// other shape, docs/semantics.md §10).
pub(crate) const TWIN_PARTITION: &str = "_twin_pk";
/// The attribute of a copy holding its twin's sort key (a table with a sort key).
pub(crate) const TWIN_SORT: &str = "_twin_sk";
/// dynakey's attributes of a key change, left out when an item is decoded.
pub(crate) const MARKS: [&str; 3] = [dynakey::SHAPE_ATTRIBUTE, TWIN_PARTITION, TWIN_SORT];

/// `true` when `item`, read by the key of a shape `E` reads, is another shape's copy during a
/// key change (its [`SHAPE_ATTRIBUTE`](dynakey::SHAPE_ATTRIBUTE) names another shape,
/// docs/semantics.md §10): a read by key passes over it, as if no item were there.
pub(crate) fn is_other_shape_copy<E: Entity>(item: &HashMap<String, AttributeValue>) -> bool {
    string_attribute(item, dynakey::SHAPE_ATTRIBUTE).is_some_and(|shape| !E::reads_shape(shape))
}

/// The item's key as strings: the `S` values of `T`'s key attributes, for error messages.
pub(crate) fn key_strings<T: Table>(
    item: &HashMap<String, AttributeValue>,
) -> (Option<String>, Option<String>) {
    let partition = string_attribute(item, T::PARTITION_KEY).map(str::to_owned);
    let sort = T::SORT_KEY
        .and_then(|name| string_attribute(item, name))
        .map(str::to_owned);
    (partition, sort)
}

// `BatchGetFailure::read_as` and `Error::current` decode with the item codec above, so they are
// written here, not under `error`, which every module (this one included) names.
impl crate::error::BatchGetFailure {
    /// The items read, decoded into `E`.
    ///
    /// # Errors
    /// [`Error::Decode`] for the first item that does not decode
    /// ([`Error::UnknownAttributeType`]: one holding a value of a type the SDK does not know).
    pub fn read_as<E: DeserializeOwned>(&self) -> Result<Vec<E>, Error> {
        self.read
            .iter()
            .map(|item| from_item(item.clone()))
            .collect()
    }
}

impl Error {
    /// The item as stored, decoded into `E`, carried by [`Error::ConditionFailed`] and
    /// [`Error::VersionConflict`] (the item DynamoDB returned with the failed condition): `None`
    /// for other errors and when no item is stored.
    ///
    /// # Errors
    /// [`Error::Decode`] when the stored item does not decode into `E`.
    pub fn current<E>(&self) -> Option<Result<E, Error>>
    where
        E: Entity + DeserializeOwned,
    {
        match self {
            Error::ConditionFailed { current, .. } | Error::VersionConflict { current, .. } => {
                current
                    .as_deref()
                    .map(|item| from_entity_item::<E>(item.clone()))
            }
            _ => None,
        }
    }
}
