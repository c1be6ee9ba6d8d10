//! A batch's validation pass without building the item: a serde `Serializer` that walks an entity
//! as `serde_dynamo` would and adds up a bound on the size of the item it would make, checking
//! its numbers and nesting on the way, so that `batch_put` serialises each item once (when its
//! request is made) instead of twice (issue #25, row c).
//!
//! The screen only ever vouches: for anything it does not model (sets, `i128`, floats near
//! DynamoDB's range, map keys other than strings, attribute-wise index keys, a field named like a
//! key attribute, a size bound over 400 KB, a map whose keys and values do not alternate, any
//! serde error) it is unsure, and [`checked_key`] takes
//! the full path (`to_item` + `check_item`), which gives the exact error. The property tests below
//! check that it never vouches for an item the full path refuses.

use std::fmt;

use dynakey::{Entity, Table};
use serde::ser::{self, Impossible, Serialize};

use super::{check_item, to_item};
use crate::convert::Item;
use crate::error::Error;
use crate::limits::{MAX_ITEM_SIZE, MAX_NESTING};

/// The table key strings of `entity` (partition, sort), once the item it serialises to is known
/// to pass [`check_item`]: vouched for by the screen, or else checked on the full path.
///
/// # Errors
/// As [`to_item`], and [`Error::InvalidItem`] with the item's key strings for a problem
/// [`check_item`] finds.
pub(crate) fn checked_key<E: Entity + Serialize>(entity: &E) -> Result<KeyStrings, Error> {
    if let Some((key, _size)) = screen(entity)? {
        return Ok(key);
    }
    let mut item = to_item(entity)?;
    let checked = check_item(&item);
    let partition = take_string(&mut item, <E::Table as Table>::PARTITION_KEY).unwrap_or_default();
    let sort = <E::Table as Table>::SORT_KEY.and_then(|name| take_string(&mut item, name));
    match checked {
        Ok(()) => Ok((partition, sort)),
        Err(problem) => Err(Error::InvalidItem {
            partition,
            sort,
            problem,
        }),
    }
}

/// A table key as strings: partition, sort.
type KeyStrings = (String, Option<String>);

/// Takes the string value of attribute `name` out of `item`.
fn take_string(item: &mut Item, name: &str) -> Option<String> {
    match item.remove(name) {
        Some(aws_sdk_dynamodb::types::AttributeValue::S(s)) => Some(s),
        _ => None,
    }
}

/// The key strings and a bound on the item's size when the screen vouches for the item; `None`
/// when the full path must decide. Keys are built first, as [`to_item`] builds them, so a key
/// error is the same error.
fn screen<E: Entity + Serialize>(entity: &E) -> Result<Option<(KeyStrings, usize)>, Error> {
    let attribute_wise = <E::Table as Table>::INDEXES
        .iter()
        .any(dynakey::IndexDef::is_attribute_wise);
    if attribute_wise {
        return Ok(None);
    }
    let partition = entity.partition_key()?;
    let sort = entity.sort_key()?;
    let index_keys = entity.index_keys()?;
    // An entity may fill attribute-wise keys on a table that lists no such index (a hand-written
    // `Entity`); the full path writes and checks them. Its error, if any, comes after serde's
    // there, so it is left to the full path too.
    if !entity.attribute_keys().is_ok_and(|keys| keys.is_empty()) {
        return Ok(None);
    }
    let reserved = Reserved {
        table: [
            Some(<E::Table as Table>::PARTITION_KEY),
            <E::Table as Table>::SORT_KEY,
            E::ENTITY_TYPE_ATTRIBUTE,
        ],
        indexes: &index_keys,
    };
    if reserved.overlaps() {
        return Ok(None);
    }
    let Ok(fields) = entity.serialize(Top {
        reserved: &reserved,
    }) else {
        return Ok(None);
    };
    let sort = <E::Table as Table>::SORT_KEY.and(sort);
    let written = attribute(<E::Table as Table>::PARTITION_KEY, &partition)
        + <E::Table as Table>::SORT_KEY
            .zip(sort.as_deref())
            .map_or(0, |(name, value)| attribute(name, value))
        + E::ENTITY_TYPE_ATTRIBUTE.map_or(0, |name| attribute(name, E::ENTITY_NAME))
        + index_keys
            .iter()
            .map(|(name, value)| attribute(name, value))
            .sum::<usize>();
    let size = fields + written;
    if size > MAX_ITEM_SIZE {
        return Ok(None);
    }
    Ok(Some(((partition, sort), size)))
}

/// A string attribute's size: its name's bytes and its value's.
fn attribute(name: &str, value: &str) -> usize {
    name.len() + value.len()
}

/// The attribute names dynakey writes into the item itself: a field of the same name is an error
/// on the full path ([`Error::KeyAttributeCollision`], [`Error::EntityTypeCollision`]).
struct Reserved<'a> {
    table: [Option<&'static str>; 3],
    indexes: &'a [(&'static str, String)],
}

impl Reserved<'_> {
    fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.table
            .iter()
            .flatten()
            .copied()
            .chain(self.indexes.iter().map(|(name, _)| *name))
    }

    fn contains(&self, name: &str) -> bool {
        self.names().any(|reserved| reserved == name)
    }

    /// Whether two of the names are one attribute (an index over the table's sort key): the
    /// full path checks that both write the same value.
    fn overlaps(&self) -> bool {
        self.names()
            .enumerate()
            .any(|(i, name)| self.names().take(i).any(|earlier| earlier == name))
    }
}

/// The screen cannot vouch for the item.
#[derive(Debug)]
struct Unsure;

impl fmt::Display for Unsure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not modelled by the screen")
    }
}

impl std::error::Error for Unsure {}

impl ser::Error for Unsure {
    fn custom<T: fmt::Display>(_: T) -> Self {
        Unsure
    }
}

/// A number's size bound: 1 byte per two digits, plus 1 (the significant digits are at most all
/// of them).
fn integer(n: u64) -> usize {
    let digits = n.checked_ilog10().map_or(1, |d| d as usize + 1);
    digits.div_ceil(2) + 1
}

/// The serializer of the whole entity: a struct or a map, whose fields are the item's
/// attributes; `Ok` is the sum of their names' and values' sizes.
struct Top<'a> {
    reserved: &'a Reserved<'a>,
}

/// The attributes of the item so far.
struct Fields<'a> {
    reserved: &'a Reserved<'a>,
    size: usize,
    keys: Alternation,
}

/// Whether a map's keys and values alternate, as `serde_dynamo` requires (it refuses a value
/// before its key, two keys in a row, and a key left without its value).
#[derive(Default)]
struct Alternation {
    key_pending: bool,
}

impl Alternation {
    fn key(&mut self) -> Result<(), Unsure> {
        match std::mem::replace(&mut self.key_pending, true) {
            false => Ok(()),
            true => Err(Unsure),
        }
    }

    fn value(&mut self) -> Result<(), Unsure> {
        match std::mem::replace(&mut self.key_pending, false) {
            true => Ok(()),
            false => Err(Unsure),
        }
    }

    fn end(&self) -> Result<(), Unsure> {
        match self.key_pending {
            false => Ok(()),
            true => Err(Unsure),
        }
    }
}

/// The serializer of one value `depth` maps or lists deep; `Ok` is a bound on its size as
/// `item_size` counts it.
#[derive(Clone, Copy)]
struct Value {
    depth: usize,
}

impl Value {
    /// The serializer of a container's elements, unless they would be as deep as DynamoDB's
    /// limit.
    fn nested(self) -> Result<Value, Unsure> {
        let depth = self.depth + 1;
        if depth >= MAX_NESTING {
            return Err(Unsure);
        }
        Ok(Value { depth })
    }
}

/// A list or map being serialised: its size so far and the serializer of its elements.
struct Container {
    size: usize,
    element: Value,
    keys: Alternation,
}

/// The serializer of a map key: a string only (`serde_dynamo` turns some other keys into strings;
/// the full path decides those). With `reserved`, a top-level attribute name.
struct MapKey<'a> {
    reserved: Option<&'a Reserved<'a>>,
}

macro_rules! unsure {
    ($($method:ident($($arg:ty),*) -> $ok:ty;)*) => {
        $(fn $method(self, $(_: $arg),*) -> Result<$ok, Unsure> {
            Err(Unsure)
        })*
    };
}

macro_rules! unsure_compound {
    () => {
        fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Unsure> {
            Err(Unsure)
        }
        fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Unsure> {
            Err(Unsure)
        }
        fn serialize_tuple_struct(
            self,
            _: &'static str,
            _: usize,
        ) -> Result<Self::SerializeTupleStruct, Unsure> {
            Err(Unsure)
        }
        fn serialize_tuple_variant(
            self,
            _: &'static str,
            _: u32,
            _: &'static str,
            _: usize,
        ) -> Result<Self::SerializeTupleVariant, Unsure> {
            Err(Unsure)
        }
        fn serialize_struct_variant(
            self,
            _: &'static str,
            _: u32,
            _: &'static str,
            _: usize,
        ) -> Result<Self::SerializeStructVariant, Unsure> {
            Err(Unsure)
        }
        fn serialize_some<T: ?Sized + Serialize>(self, _: &T) -> Result<usize, Unsure> {
            Err(Unsure)
        }
        fn serialize_newtype_struct<T: ?Sized + Serialize>(
            self,
            _: &'static str,
            _: &T,
        ) -> Result<usize, Unsure> {
            Err(Unsure)
        }
        fn serialize_newtype_variant<T: ?Sized + Serialize>(
            self,
            _: &'static str,
            _: u32,
            _: &'static str,
            _: &T,
        ) -> Result<usize, Unsure> {
            Err(Unsure)
        }
        unsure! {
            serialize_bool(bool) -> usize;
            serialize_i8(i8) -> usize;
            serialize_i16(i16) -> usize;
            serialize_i32(i32) -> usize;
            serialize_i64(i64) -> usize;
            serialize_u8(u8) -> usize;
            serialize_u16(u16) -> usize;
            serialize_u32(u32) -> usize;
            serialize_u64(u64) -> usize;
            serialize_f32(f32) -> usize;
            serialize_f64(f64) -> usize;
            serialize_char(char) -> usize;
            serialize_bytes(&[u8]) -> usize;
            serialize_none() -> usize;
            serialize_unit() -> usize;
            serialize_unit_struct(&'static str) -> usize;
            serialize_unit_variant(&'static str, u32, &'static str) -> usize;
        }
    };
}

impl<'a> ser::Serializer for Top<'a> {
    type Ok = usize;
    type Error = Unsure;
    type SerializeSeq = Impossible<usize, Unsure>;
    type SerializeTuple = Impossible<usize, Unsure>;
    type SerializeTupleStruct = Impossible<usize, Unsure>;
    type SerializeTupleVariant = Impossible<usize, Unsure>;
    type SerializeMap = Fields<'a>;
    type SerializeStruct = Fields<'a>;
    type SerializeStructVariant = Impossible<usize, Unsure>;

    unsure_compound!();
    unsure! { serialize_str(&str) -> usize; }

    fn serialize_map(self, _: Option<usize>) -> Result<Fields<'a>, Unsure> {
        Ok(Fields {
            reserved: self.reserved,
            size: 0,
            keys: Alternation::default(),
        })
    }

    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Fields<'a>, Unsure> {
        self.serialize_map(None)
    }
}

impl ser::SerializeStruct for Fields<'_> {
    type Ok = usize;
    type Error = Unsure;

    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Unsure> {
        if self.reserved.contains(key) {
            return Err(Unsure);
        }
        self.size += key.len() + value.serialize(Value { depth: 0 })?;
        Ok(())
    }

    fn end(self) -> Result<usize, Unsure> {
        Ok(self.size)
    }
}

impl ser::SerializeMap for Fields<'_> {
    type Ok = usize;
    type Error = Unsure;

    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result<(), Unsure> {
        self.keys.key()?;
        self.size += key.serialize(MapKey {
            reserved: Some(self.reserved),
        })?;
        Ok(())
    }

    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Unsure> {
        self.keys.value()?;
        self.size += value.serialize(Value { depth: 0 })?;
        Ok(())
    }

    fn end(self) -> Result<usize, Unsure> {
        self.keys.end()?;
        Ok(self.size)
    }
}

impl ser::Serializer for MapKey<'_> {
    type Ok = usize;
    type Error = Unsure;
    type SerializeSeq = Impossible<usize, Unsure>;
    type SerializeTuple = Impossible<usize, Unsure>;
    type SerializeTupleStruct = Impossible<usize, Unsure>;
    type SerializeTupleVariant = Impossible<usize, Unsure>;
    type SerializeMap = Impossible<usize, Unsure>;
    type SerializeStruct = Impossible<usize, Unsure>;
    type SerializeStructVariant = Impossible<usize, Unsure>;

    unsure_compound!();

    fn serialize_str(self, v: &str) -> Result<usize, Unsure> {
        if self.reserved.is_some_and(|reserved| reserved.contains(v)) {
            return Err(Unsure);
        }
        Ok(v.len())
    }

    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Unsure> {
        Err(Unsure)
    }

    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeStruct, Unsure> {
        Err(Unsure)
    }
}

impl ser::Serializer for Value {
    type Ok = usize;
    type Error = Unsure;
    type SerializeSeq = Container;
    type SerializeTuple = Container;
    type SerializeTupleStruct = Container;
    type SerializeTupleVariant = Container;
    type SerializeMap = Container;
    type SerializeStruct = Container;
    type SerializeStructVariant = Container;

    fn serialize_bool(self, _: bool) -> Result<usize, Unsure> {
        Ok(1)
    }
    fn serialize_i8(self, v: i8) -> Result<usize, Unsure> {
        Ok(integer(u64::from(v.unsigned_abs())))
    }
    fn serialize_i16(self, v: i16) -> Result<usize, Unsure> {
        Ok(integer(u64::from(v.unsigned_abs())))
    }
    fn serialize_i32(self, v: i32) -> Result<usize, Unsure> {
        Ok(integer(u64::from(v.unsigned_abs())))
    }
    fn serialize_i64(self, v: i64) -> Result<usize, Unsure> {
        Ok(integer(v.unsigned_abs()))
    }
    fn serialize_u8(self, v: u8) -> Result<usize, Unsure> {
        Ok(integer(u64::from(v)))
    }
    fn serialize_u16(self, v: u16) -> Result<usize, Unsure> {
        Ok(integer(u64::from(v)))
    }
    fn serialize_u32(self, v: u32) -> Result<usize, Unsure> {
        Ok(integer(u64::from(v)))
    }
    fn serialize_u64(self, v: u64) -> Result<usize, Unsure> {
        Ok(integer(v))
    }
    // `serde_dynamo` writes a float with `Display`: the shortest digits that read back as the
    // same float (at most 9 for `f32`, 17 for `f64`), never an exponent. Every finite `f32` is in
    // DynamoDB's range; an `f64` is vouched for well inside it.
    fn serialize_f32(self, v: f32) -> Result<usize, Unsure> {
        if !v.is_finite() {
            return Err(Unsure);
        }
        Ok(9usize.div_ceil(2) + 1)
    }
    fn serialize_f64(self, v: f64) -> Result<usize, Unsure> {
        if v != 0.0 && !(1e-129..=1e125).contains(&v.abs()) {
            return Err(Unsure);
        }
        Ok(17usize.div_ceil(2) + 1)
    }
    fn serialize_char(self, v: char) -> Result<usize, Unsure> {
        Ok(v.len_utf8())
    }
    fn serialize_str(self, v: &str) -> Result<usize, Unsure> {
        Ok(v.len())
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<usize, Unsure> {
        Ok(v.len())
    }
    fn serialize_none(self) -> Result<usize, Unsure> {
        Ok(1)
    }
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<usize, Unsure> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<usize, Unsure> {
        Ok(1)
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<usize, Unsure> {
        Ok(1)
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<usize, Unsure> {
        Ok(variant.len())
    }
    // `serde_dynamo`'s sets are newtype structs named `"\u{37E}…SET\u{37E}"`.
    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        name: &'static str,
        value: &T,
    ) -> Result<usize, Unsure> {
        if name.starts_with('\u{37E}') {
            return Err(Unsure);
        }
        value.serialize(self)
    }
    // `{variant: value}`.
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<usize, Unsure> {
        Ok(3 + variant.len() + 1 + value.serialize(self.nested()?)?)
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Container, Unsure> {
        Ok(Container {
            size: 3,
            element: self.nested()?,
            keys: Alternation::default(),
        })
    }
    fn serialize_tuple(self, _: usize) -> Result<Container, Unsure> {
        self.serialize_seq(None)
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Container, Unsure> {
        self.serialize_seq(None)
    }
    // `{variant: [elements]}`.
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Container, Unsure> {
        Ok(Container {
            size: 3 + variant.len() + 1 + 3,
            element: self.nested()?.nested()?,
            keys: Alternation::default(),
        })
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Container, Unsure> {
        self.serialize_seq(None)
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Container, Unsure> {
        self.serialize_seq(None)
    }
    // `{variant: {fields}}`.
    fn serialize_struct_variant(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Container, Unsure> {
        self.serialize_tuple_variant(name, index, variant, len)
    }
    fn serialize_i128(self, _: i128) -> Result<usize, Unsure> {
        Err(Unsure)
    }
    fn serialize_u128(self, _: u128) -> Result<usize, Unsure> {
        Err(Unsure)
    }
}

impl Container {
    /// An element of a list: 1 byte and its size.
    fn element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Unsure> {
        self.size += 1 + value.serialize(self.element)?;
        Ok(())
    }

    /// A map entry's name: its bytes (the entry's 1 byte and value come with the value).
    fn name(&mut self, name: &str) {
        self.size += name.len();
    }
}

/// The compound serializers whose elements are a list's (`serialize_element` or the unnamed
/// `serialize_field`): each adds 1 byte and the element's size.
macro_rules! list_of_elements {
    ($($trait:ident::$method:ident),*) => {
        $(impl ser::$trait for Container {
            type Ok = usize;
            type Error = Unsure;
            fn $method<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Unsure> {
                self.element(value)
            }
            fn end(self) -> Result<usize, Unsure> {
                Ok(self.size)
            }
        })*
    };
}

list_of_elements!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

/// The compound serializers whose fields are a map's entries (`serialize_field` with a name):
/// each adds its name, 1 byte and the value's size.
macro_rules! map_of_fields {
    ($($trait:ident),*) => {
        $(impl ser::$trait for Container {
            type Ok = usize;
            type Error = Unsure;
            fn serialize_field<T: ?Sized + Serialize>(
                &mut self,
                key: &'static str,
                value: &T,
            ) -> Result<(), Unsure> {
                self.name(key);
                self.element(value)
            }
            fn end(self) -> Result<usize, Unsure> {
                Ok(self.size)
            }
        })*
    };
}

map_of_fields!(SerializeStruct, SerializeStructVariant);

impl ser::SerializeMap for Container {
    type Ok = usize;
    type Error = Unsure;
    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result<(), Unsure> {
        self.keys.key()?;
        self.size += key.serialize(MapKey { reserved: None })?;
        Ok(())
    }
    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Unsure> {
        self.keys.value()?;
        self.element(value)
    }
    fn end(self) -> Result<usize, Unsure> {
        self.keys.end()?;
        Ok(self.size)
    }
}

#[cfg(test)]
mod tests;
