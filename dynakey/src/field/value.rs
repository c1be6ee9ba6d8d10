//! What a field's values may be used for: which arguments stand for a value of a field type
//! ([`ValueOf`]), and which types are numbers, strings, lists and sets.

use std::borrow::Cow;
use std::collections::{BTreeSet, HashSet, VecDeque};

use serde::Serialize;

use crate::expr::Value;
use crate::{KeyError, KeySegment, ValueError};

/// `Self` stands for a value of a field of type `V`: a `V`, a reference to one, `&str` for a
/// `String`, and a `T` (or `&str`) for an `Option<T>` field (`Some`).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a value of a field of type `{V}`",
    label = "the field's type is `{V}`",
    note = "pass a `{V}` or a reference to one; a `&str` is accepted for a `String` field, and a `T` for an `Option<T>` field"
)]
pub trait ValueOf<V> {
    /// The value as the field's type.
    fn into_field_value(self) -> V;
}

impl<V> ValueOf<V> for V {
    #[inline]
    fn into_field_value(self) -> V {
        self
    }
}

impl<V: Clone> ValueOf<V> for &V {
    #[inline]
    fn into_field_value(self) -> V {
        self.clone()
    }
}

impl<V> ValueOf<Option<V>> for V {
    #[inline]
    fn into_field_value(self) -> Option<V> {
        Some(self)
    }
}

impl ValueOf<String> for &str {
    #[inline]
    fn into_field_value(self) -> String {
        self.to_owned()
    }
}

impl ValueOf<Option<String>> for &str {
    #[inline]
    fn into_field_value(self) -> Option<String> {
        Some(self.to_owned())
    }
}

/// Numbers (`N`): what `add` and `subtract` take.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a number, so `add`/`subtract` do not apply",
    label = "not a number field",
    note = "`add` and `subtract` work on integer and float fields (SET #n = #n + :n); use `set` for other types"
)]
pub trait Number: Serialize {}

macro_rules! numbers {
    ($($t:ty),*) => { $(impl Number for $t {})* };
}
numbers!(u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize, f32, f64);

/// String fields, for `begins_with`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a string field, so `begins_with` does not apply",
    label = "not a string field",
    note = "`begins_with` takes string fields (`String`, `Option<String>`, `Cow<str>`, `Box<str>`)"
)]
pub trait Text {}

impl Text for String {}
impl Text for Box<str> {}
impl Text for Cow<'_, str> {}
impl<T: Text> Text for Option<T> {}

/// Types `contains` applies to, with the operand it takes: a substring of a string, an element of
/// a list or set.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is neither a string nor a list or set, so `contains` does not apply",
    label = "`contains` needs a string, list or set field"
)]
pub trait Contains {
    /// The operand: `String` for a string, the element type for a list or set.
    type Element: Serialize;
}

impl Contains for String {
    type Element = String;
}
impl<T: Serialize> Contains for Vec<T> {
    type Element = T;
}
impl<T: Serialize> Contains for VecDeque<T> {
    type Element = T;
}
impl<T: Serialize, S> Contains for HashSet<T, S> {
    type Element = T;
}
impl<T: Serialize> Contains for BTreeSet<T> {
    type Element = T;
}
impl<T: Contains> Contains for Option<T> {
    type Element = T::Element;
}

/// Lists (`L`), for `append` and `prepend` (`list_append`).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a list field, so `append`/`prepend` do not apply",
    label = "not a list field",
    note = "`append` and `prepend` take `Vec<T>` and `VecDeque<T>` fields (stored as DynamoDB lists)"
)]
pub trait ListOf {
    /// The element type.
    type Element: Serialize;
}

impl<T: Serialize> ListOf for Vec<T> {
    type Element = T;
}
impl<T: Serialize> ListOf for VecDeque<T> {
    type Element = T;
}

/// Collections stored as DynamoDB sets (with `#[serde(with = "serde_dynamo::string_set")]`,
/// `number_set` or `binary_set`), for `add_to_set` and `delete_from_set`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a collection type that can be stored as a set",
    note = "set fields are `Vec<T>`, `HashSet<T>` or `BTreeSet<T>` of strings, numbers or binaries"
)]
pub trait SetOf {
    /// The element type.
    type Element: Serialize;
}

impl<T: Serialize> SetOf for Vec<T> {
    type Element = T;
}
impl<T: Serialize, S> SetOf for HashSet<T, S> {
    type Element = T;
}
impl<T: Serialize> SetOf for BTreeSet<T> {
    type Element = T;
}
impl<T: SetOf> SetOf for Option<T> {
    type Element = T::Element;
}

/// A field of an index template: a key segment (its key text) that is also stored with serde (its
/// attribute); `Option<T>` of one for a sparse index.
pub trait GroupField: Serialize {
    /// The key encoding of the value, `None` for an `Option` field that is `None` (the item
    /// leaves the sparse index).
    ///
    /// # Errors
    /// [`KeyError`] when the value has no key encoding; `field` names it.
    fn segment(&self, field: &'static str) -> Result<Option<String>, KeyError>;
}

impl<T: KeySegment + Serialize> GroupField for T {
    fn segment(&self, field: &'static str) -> Result<Option<String>, KeyError> {
        let mut out = String::new();
        crate::template::encode_field::<T, T>(&mut out, self, field)?;
        Ok(Some(out))
    }
}

impl<T: KeySegment + Serialize> GroupField for Option<T> {
    fn segment(&self, field: &'static str) -> Result<Option<String>, KeyError> {
        match self {
            Some(value) => value.segment(field),
            None => Ok(None),
        }
    }
}

/// A [`KeyBytes`](crate::KeyBytes) field fills a binary key attribute natively; it is in no
/// template (it is no key segment), so it has no key text: its segment is empty.
impl GroupField for crate::KeyBytes {
    fn segment(&self, _field: &'static str) -> Result<Option<String>, KeyError> {
        Ok(Some(String::new()))
    }
}

impl GroupField for Option<crate::KeyBytes> {
    fn segment(&self, _field: &'static str) -> Result<Option<String>, KeyError> {
        Ok(self.as_ref().map(|_| String::new()))
    }
}

/// `value` as `serde_dynamo` serialises it, the attribute named in the error.
pub(crate) fn serialize<V: Serialize + ?Sized>(
    value: &V,
    attribute: &str,
) -> Result<Value, ValueError> {
    serde_dynamo::to_attribute_value(value).map_err(|e| ValueError::new(attribute, e.to_string()))
}

/// `value` serialised, then its list of strings, numbers or binaries made a set (`SS`, `NS`,
/// `BS`), as `serde_dynamo::string_set` (and `number_set`, `binary_set`) store it.
pub(crate) fn serialize_set<V: Serialize + ?Sized>(
    value: &V,
    attribute: &str,
) -> Result<Value, ValueError> {
    match serialize(value, attribute)? {
        Value::L(items) => into_set(items, attribute),
        Value::Null(_) => Ok(Value::Null(true)),
        other => Err(ValueError::new(
            attribute,
            format!("a set field must serialise as a sequence, not {other:?}"),
        )),
    }
}

/// Elements as one DynamoDB set: all strings (`SS`), all numbers (`NS`) or all binaries (`BS`),
/// at least one (DynamoDB has no empty sets).
pub(crate) fn into_set(items: Vec<Value>, attribute: &str) -> Result<Value, ValueError> {
    let mismatch = || {
        ValueError::new(
            attribute,
            "a set holds only strings, only numbers or only binaries",
        )
    };
    match items.first() {
        None => Err(ValueError::new(
            attribute,
            "DynamoDB has no empty sets: remove the attribute instead",
        )),
        Some(Value::S(_)) => items
            .into_iter()
            .map(|v| match v {
                Value::S(s) => Ok(s),
                _ => Err(mismatch()),
            })
            .collect::<Result<_, _>>()
            .map(Value::Ss),
        Some(Value::N(_)) => items
            .into_iter()
            .map(|v| match v {
                Value::N(n) => Ok(n),
                _ => Err(mismatch()),
            })
            .collect::<Result<_, _>>()
            .map(Value::Ns),
        Some(Value::B(_)) => items
            .into_iter()
            .map(|v| match v {
                Value::B(b) => Ok(b),
                _ => Err(mismatch()),
            })
            .collect::<Result<_, _>>()
            .map(Value::Bs),
        Some(_) => Err(mismatch()),
    }
}
