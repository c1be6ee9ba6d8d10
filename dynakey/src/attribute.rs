//! Typed key attributes: the DynamoDB attribute type of a key attribute ([`AttributeType`]), the
//! Rust types stored natively as one ([`KeyAttribute`]), and [`KeyBytes`], the byte string that
//! serde writes as `B`.
//!
//! A key attribute of a table or index is a scalar of type `S` (string), `N` (number) or `B`
//! (binary) (AWS developer guide, "Core components of Amazon DynamoDB — Primary key" and
//! "Supported data types — Scalar types"). dynakey's templates always write `S`; an attribute-wise
//! index (a GSI with a multi-attribute key, or a typed `"score": N` key) also holds fields in
//! their own type, so numbers sort as numbers (AWS developer guide, "Multi-attribute keys
//! pattern").
//!
//! | type | attribute type | refused |
//! |---|---|---|
//! | `i8` … `i64`, `isize`, `u8` … `u64`, `usize` | `N` | never |
//! | `f32`, `f64` | `N` | NaN, ±infinity, magnitudes outside 1e-130 ..< 1e126 |
//! | `String`, `Box<str>`, `Cow<str>` (and `&str` as an argument) | `S` | empty; over 2,048 (partition) / 1,024 (sort) bytes of UTF-8 |
//! | [`KeyBytes`] | `B` | empty; over 2,048 / 1,024 bytes |

use std::borrow::Cow;
use std::cmp::Ordering;

use crate::error::{KeyError, KeyErrorKind, KeyRole, SegmentError};

#[doc(hidden)]
pub mod number;

mod bytes;

pub use bytes::KeyBytes;

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

/// The order of two key values of one type: `N` numerically ([`number::cmp_numbers`]), `S` and `B` by
/// their bytes (UTF-8 for `S`), as DynamoDB compares key attributes; `None` across types or for a
/// malformed number.
pub(crate) fn compare_values(a: &KeyValue, b: &KeyValue) -> Option<Ordering> {
    match (a, b) {
        (KeyValue::S(a), KeyValue::S(b)) => Some(a.as_bytes().cmp(b.as_bytes())),
        (KeyValue::B(a), KeyValue::B(b)) => Some(a.cmp(b)),
        (KeyValue::N(a), KeyValue::N(b)) => number::cmp_numbers(a, b),
        _ => None,
    }
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

/// The DynamoDB type of a key attribute (`AttributeType` of an `AttributeDefinition`; AWS
/// developer guide, "Supported data types — Scalar types").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AttributeType {
    /// `S`: a string, compared by its UTF-8 bytes.
    S,
    /// `N`: a number, compared numerically (`2 < 10`).
    N,
    /// `B`: binary, compared as unsigned bytes.
    B,
}

impl AttributeType {
    /// `"S"`, `"N"` or `"B"`, as DynamoDB spells it.
    pub const fn as_str(self) -> &'static str {
        match self {
            AttributeType::S => "S",
            AttributeType::N => "N",
            AttributeType::B => "B",
        }
    }

    /// The type of `value`.
    pub fn of(value: &KeyValue) -> AttributeType {
        match value {
            KeyValue::S(_) => AttributeType::S,
            KeyValue::N(_) => AttributeType::N,
            KeyValue::B(_) => AttributeType::B,
        }
    }
}

impl std::fmt::Display for AttributeType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Marker type of attribute type `S` (the [`KeyAttribute::Type`] of strings).
#[derive(Debug, Clone, Copy)]
#[doc(hidden)]
pub struct S;
/// Marker type of attribute type `N` (the [`KeyAttribute::Type`] of integers and floats).
#[derive(Debug, Clone, Copy)]
#[doc(hidden)]
pub struct N;
/// Marker type of attribute type `B` (the [`KeyAttribute::Type`] of [`KeyBytes`]).
#[derive(Debug, Clone, Copy)]
#[doc(hidden)]
pub struct B;

/// The [`AttributeType`] a marker type ([`S`], [`N`], [`B`]) stands for.
#[doc(hidden)]
pub trait AttributeTypeOf {
    /// The attribute type.
    const TYPE: AttributeType;
}

impl AttributeTypeOf for S {
    const TYPE: AttributeType = AttributeType::S;
}
impl AttributeTypeOf for N {
    const TYPE: AttributeType = AttributeType::N;
}
impl AttributeTypeOf for B {
    const TYPE: AttributeType = AttributeType::B;
}

/// Implemented only by [`S`]: the attribute types [`AttributeStep::begins_with`](crate::AttributeStep::begins_with) takes
/// (DynamoDB's `begins_with` also takes binary; dynakey offers it on strings only; AWS developer
/// guide, "Key condition expressions for the Query operation").
#[diagnostic::on_unimplemented(
    message = "`begins_with` applies to string (S) key attributes; this attribute is stored as {Self}",
    label = "begins_with on a key attribute that is not a string",
    note = "use a range (`.gte(…)`, `.lt(…)`, `.between(…)`) on a number, or store the attribute as a string"
)]
#[doc(hidden)]
pub trait StringAttribute {}

impl StringAttribute for S {}

/// A Rust type stored natively as one key attribute of an attribute-wise index: serde writes the
/// field, and dynakey knows its [`AttributeType`] and the value a key condition compares it with.
/// Implemented for `String` and `&str` (S), integers and floats (N), [`KeyBytes`] (B), and
/// `Option` of each for sparse fills; a value DynamoDB refuses as a key (an empty string, a
/// number out of range) is a [`KeyError`] before any request (see `key_value`).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be stored natively as a key attribute",
    label = "this field fills a key attribute of an attribute-wise index",
    note = "native key attributes are integers and f32/f64 (N), String/Box<str>/Cow<str> (S) and dynakey::KeyBytes (B), optionally in an Option; other key segments (Ulid, timestamps, enums, KeyPath) go in a template fill such as \"<field>\""
)]
pub trait KeyAttribute {
    /// [`S`], [`N`] or [`B`].
    type Type: AttributeTypeOf;

    /// The attribute value of `self` as a key attribute of `role` (which sets the size limit of
    /// `S` and `B`: 2,048 bytes for a partition attribute, 1,024 for a sort attribute; AWS
    /// developer guide, "Service, account, and table quotas — Partition key and sort key length").
    ///
    /// # Errors
    /// [`KeyErrorKind::EmptyKey`] for an empty string or byte string, [`KeyErrorKind::TooLong`]
    /// over the limit, [`KeyErrorKind::Value`] ([`SegmentError::Unencodable`]) for a number
    /// DynamoDB cannot hold (NaN, ±infinity, out of range).
    fn key_value(&self, role: KeyRole) -> Result<KeyValue, KeyError>;
}

/// A value accepted where a key attribute of type `T` is expected (the arguments of a generated
/// `query_<index>(…)` and of the sort builder's methods): `T`, `&T`, and `&str` for the string
/// types. It must give exactly the value `T` would.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be used as a key attribute of type `{T}`",
    note = "pass a `{T}` or a reference to one (a `&str` is accepted for a string attribute)"
)]
#[doc(hidden)]
pub trait AttributeArg<T: KeyAttribute> {
    /// As [`KeyAttribute::key_value`] of the `T` this stands for.
    ///
    /// # Errors
    /// As [`KeyAttribute::key_value`].
    fn attribute_value(&self, role: KeyRole) -> Result<KeyValue, KeyError>;
}

impl<T: KeyAttribute> AttributeArg<T> for T {
    #[inline]
    fn attribute_value(&self, role: KeyRole) -> Result<KeyValue, KeyError> {
        self.key_value(role)
    }
}

impl<T: KeyAttribute> AttributeArg<T> for &T {
    #[inline]
    fn attribute_value(&self, role: KeyRole) -> Result<KeyValue, KeyError> {
        (*self).key_value(role)
    }
}

impl AttributeArg<String> for &str {
    #[inline]
    fn attribute_value(&self, role: KeyRole) -> Result<KeyValue, KeyError> {
        string_value(self, role)
    }
}

impl AttributeArg<Box<str>> for &str {
    #[inline]
    fn attribute_value(&self, role: KeyRole) -> Result<KeyValue, KeyError> {
        string_value(self, role)
    }
}

impl AttributeArg<Cow<'_, str>> for &str {
    #[inline]
    fn attribute_value(&self, role: KeyRole) -> Result<KeyValue, KeyError> {
        string_value(self, role)
    }
}

/// An `S` key value: not empty, within the size limit of `role`.
fn string_value(text: &str, role: KeyRole) -> Result<KeyValue, KeyError> {
    KeyError::check_size(role, text)?;
    Ok(KeyValue::S(text.to_owned()))
}

impl KeyAttribute for String {
    type Type = S;
    fn key_value(&self, role: KeyRole) -> Result<KeyValue, KeyError> {
        string_value(self, role)
    }
}

impl KeyAttribute for Box<str> {
    type Type = S;
    fn key_value(&self, role: KeyRole) -> Result<KeyValue, KeyError> {
        string_value(self, role)
    }
}

impl KeyAttribute for Cow<'_, str> {
    type Type = S;
    fn key_value(&self, role: KeyRole) -> Result<KeyValue, KeyError> {
        string_value(self, role)
    }
}

impl KeyAttribute for KeyBytes {
    type Type = B;
    fn key_value(&self, role: KeyRole) -> Result<KeyValue, KeyError> {
        bytes::check_size(role, self.as_slice())?;
        Ok(KeyValue::B(self.as_slice().to_vec()))
    }
}

macro_rules! integer_attribute {
    ($($t:ty),*) => {$(
        impl KeyAttribute for $t {
            type Type = N;
            #[inline]
            fn key_value(&self, _role: KeyRole) -> Result<KeyValue, KeyError> {
                Ok(KeyValue::N(itoa::Buffer::new().format(*self).to_owned()))
            }
        }
    )*};
}

integer_attribute!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);

impl KeyAttribute for f64 {
    type Type = N;
    fn key_value(&self, _role: KeyRole) -> Result<KeyValue, KeyError> {
        number::number_text(*self)
            .map(KeyValue::N)
            .ok_or_else(|| unencodable(*self))
    }
}

impl KeyAttribute for f32 {
    type Type = N;
    fn key_value(&self, _role: KeyRole) -> Result<KeyValue, KeyError> {
        // The shortest text that reads back as this f32, not the f64 widening's digits.
        number::number_text_f32(*self)
            .map(KeyValue::N)
            .ok_or_else(|| unencodable(f64::from(*self)))
    }
}

/// Checks `value` against DynamoDB's rules for a key attribute value of `role`: an `S` or `B`
/// value is not empty and at most [`KeyRole::max_bytes`] bytes, an `N` value is a DynamoDB number
/// (AWS developer guide, "Service, account, and table quotas — Partition key and sort key length"
/// and "Supported data types — Number"). What `put` checks through [`KeyAttribute::key_value`],
/// for a value serde produced (an update's `SET` of an index key attribute).
///
/// # Errors
/// [`KeyErrorKind::EmptyKey`] / [`KeyErrorKind::TooLong`] for an `S` or `B` value;
/// [`KeyErrorKind::Value`] ([`SegmentError::Unencodable`]) for an `N` text that is no DynamoDB
/// number.
#[doc(hidden)]
pub fn check_key_value(value: &KeyValue, role: KeyRole) -> Result<(), KeyError> {
    match value {
        KeyValue::S(text) => KeyError::check_size(role, text),
        KeyValue::B(bytes) => bytes::check_size(role, bytes),
        KeyValue::N(text) if number::is_number_text(text) => Ok(()),
        KeyValue::N(text) => Err(unencodable(format_args!("{text:?}"))),
    }
}

#[cold]
fn unencodable(value: impl std::fmt::Display) -> KeyError {
    KeyErrorKind::Value(SegmentError::Unencodable(format!(
        "{value} is not a DynamoDB number (N holds finite values of magnitude 1e-130 ..< 1e126 \
         with up to 38 digits; AWS developer guide, \"Supported data types — Number\")"
    )))
    .into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn native_types_give_their_attribute_values() {
        assert_eq!(
            42u64.key_value(KeyRole::Sort).unwrap(),
            KeyValue::N("42".into())
        );
        assert_eq!(
            (-7i8).key_value(KeyRole::Sort).unwrap(),
            KeyValue::N("-7".into())
        );
        assert_eq!(
            u64::MAX.key_value(KeyRole::Sort).unwrap(),
            KeyValue::N("18446744073709551615".into())
        );
        assert_eq!(
            2.5f64.key_value(KeyRole::Sort).unwrap(),
            KeyValue::N("2.5".into())
        );
        assert_eq!(
            0.1f32.key_value(KeyRole::Sort).unwrap(),
            KeyValue::N("0.1".into())
        );
        assert!(matches!(
            f64::NAN
                .key_value(KeyRole::Sort)
                .map_err(KeyError::into_kind),
            Err(KeyErrorKind::Value(SegmentError::Unencodable(_)))
        ));
        assert!(f64::INFINITY.key_value(KeyRole::Sort).is_err());
        assert!(1e200f64.key_value(KeyRole::Sort).is_err());
        assert_eq!(
            "EU".to_owned().key_value(KeyRole::Partition).unwrap(),
            KeyValue::S("EU".into())
        );
        assert!(matches!(
            String::new()
                .key_value(KeyRole::Sort)
                .map_err(KeyError::into_kind),
            Err(KeyErrorKind::EmptyKey {
                role: KeyRole::Sort
            })
        ));
        assert!(
            "é".repeat(513).key_value(KeyRole::Sort).is_err(),
            "1,026 bytes"
        );
        assert!("é".repeat(513).key_value(KeyRole::Partition).is_ok());
        let arg: &dyn Fn() -> Result<KeyValue, KeyError> =
            &|| AttributeArg::<Box<str>>::attribute_value(&"x", KeyRole::Sort);
        assert_eq!(arg().unwrap(), KeyValue::S("x".into()));
    }

    #[test]
    fn serde_values_are_checked_as_key_values_put_would_build() {
        let kind =
            |value: KeyValue, role| check_key_value(&value, role).map_err(KeyError::into_kind);
        assert!(kind(KeyValue::S("EU".into()), KeyRole::Partition).is_ok());
        assert!(matches!(
            kind(KeyValue::S(String::new()), KeyRole::Sort),
            Err(KeyErrorKind::EmptyKey { .. })
        ));
        assert!(kind(KeyValue::S("é".repeat(513)), KeyRole::Sort).is_err());
        assert!(kind(KeyValue::S("é".repeat(513)), KeyRole::Partition).is_ok());
        assert!(matches!(
            kind(KeyValue::B(Vec::new()), KeyRole::Sort),
            Err(KeyErrorKind::EmptyKey { .. })
        ));
        assert!(kind(KeyValue::N("10".into()), KeyRole::Sort).is_ok());
        // A magnitude over the range of N (an f64 of 1e200).
        assert!(matches!(
            kind(KeyValue::N("1e200".into()), KeyRole::Sort),
            Err(KeyErrorKind::Value(SegmentError::Unencodable(_)))
        ));
    }

    #[test]
    fn attribute_types_name_themselves() {
        assert_eq!(<N as AttributeTypeOf>::TYPE.as_str(), "N");
        assert_eq!(AttributeType::of(&KeyValue::B(vec![1])), AttributeType::B);
        assert_eq!(AttributeType::S.to_string(), "S");
    }
}
