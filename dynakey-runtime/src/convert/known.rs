//! The attribute values of an answer as `serde_dynamo`'s, never a panic: the SDK reads a type tag
//! it does not know (`{"V": "1"}`: a type DynamoDB may add one day, or an engine's bug) as
//! `AttributeValue::Unknown`, which `serde_dynamo`'s own conversion meets with a panic. Here it is
//! [`UnknownType`], naming where in the item it is, which the decoders turn into
//! [`Error::UnknownAttributeType`](crate::Error::UnknownAttributeType) with the item's key.

use std::collections::HashMap;

use aws_sdk_dynamodb::types::AttributeValue;
use serde_dynamo::AttributeValue as Value;

use super::Item;

/// Where an answer's item holds a value of a type the SDK does not know: the attribute's
/// document path (`extra`, `m.k`, `l[2]`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct UnknownType(pub(crate) String);

impl UnknownType {
    /// The same place, seen from the map holding it under `name`.
    fn under(self, name: &str) -> UnknownType {
        match self.0.as_str() {
            "" => UnknownType(name.to_owned()),
            inner if inner.starts_with('[') => UnknownType(format!("{name}{inner}")),
            inner => UnknownType(format!("{name}.{inner}")),
        }
    }

    /// The same place, seen from the list holding it at `index`.
    fn at(self, index: usize) -> UnknownType {
        match self.0.as_str() {
            "" => UnknownType(format!("[{index}]")),
            inner if inner.starts_with('[') => UnknownType(format!("[{index}]{inner}")),
            inner => UnknownType(format!("[{index}].{inner}")),
        }
    }
}

/// Writes the conversion of one SDK's attribute value (the DynamoDB and the Streams SDK each
/// have their own type, alike variant for variant) into `serde_dynamo`'s.
macro_rules! to_value {
    ($(#[$doc:meta])* $name:ident, $sdk:ty) => {
        $(#[$doc])*
        pub(crate) fn $name(value: $sdk) -> Result<Value, UnknownType> {
            type Sdk = $sdk;
            Ok(match value {
                Sdk::S(s) => Value::S(s),
                Sdk::N(n) => Value::N(n),
                Sdk::B(b) => Value::B(b.into_inner()),
                Sdk::Bool(b) => Value::Bool(b),
                Sdk::Null(n) => Value::Null(n),
                Sdk::Ss(s) => Value::Ss(s),
                Sdk::Ns(n) => Value::Ns(n),
                Sdk::Bs(b) => Value::Bs(b.into_iter().map(|b| b.into_inner()).collect()),
                Sdk::L(list) => Value::L(
                    list.into_iter()
                        .enumerate()
                        .map(|(i, v)| $name(v).map_err(|e| e.at(i)))
                        .collect::<Result<_, _>>()?,
                ),
                Sdk::M(map) => Value::M(
                    map.into_iter()
                        .map(|(k, v)| match $name(v) {
                            Ok(v) => Ok((k, v)),
                            Err(e) => Err(e.under(&k)),
                        })
                        .collect::<Result<_, _>>()?,
                ),
                _ => return Err(UnknownType(String::new())),
            })
        }
    };
}

to_value!(
    /// A DynamoDB SDK value as `serde_dynamo`'s.
    to_value,
    AttributeValue
);

#[cfg(feature = "streams")]
to_value!(
    /// A Streams SDK value as `serde_dynamo`'s.
    stream_value,
    aws_sdk_dynamodbstreams::types::AttributeValue
);

/// A Streams API image (or its keys) as a DynamoDB item.
///
/// # Errors
/// [`UnknownType`] at the first value of a type the SDK does not know.
#[cfg(feature = "streams")]
pub(crate) fn stream_item(
    image: HashMap<String, aws_sdk_dynamodbstreams::types::AttributeValue>,
) -> Result<Item, UnknownType> {
    image
        .into_iter()
        .map(|(name, value)| match stream_value(value) {
            Ok(value) => Ok((name, value.into())),
            Err(e) => Err(e.under(&name)),
        })
        .collect()
}

/// An item of an answer as `serde_dynamo`'s, to decode.
///
/// # Errors
/// [`UnknownType`] at the first value of a type the SDK does not know.
pub(crate) fn to_values(item: Item) -> Result<HashMap<String, Value>, UnknownType> {
    item.into_iter()
        .map(|(name, value)| match to_value(value) {
            Ok(value) => Ok((name, value)),
            Err(e) => Err(e.under(&name)),
        })
        .collect()
}

/// `Ok` when every value of `item` is of a type the SDK knows, so `serde_dynamo` may convert it.
///
/// # Errors
/// [`UnknownType`] at the first that is not.
pub(crate) fn known(item: &Item) -> Result<(), UnknownType> {
    fn value(v: &AttributeValue) -> Result<(), UnknownType> {
        match v {
            AttributeValue::L(list) => list
                .iter()
                .enumerate()
                .try_for_each(|(i, v)| value(v).map_err(|e| e.at(i))),
            AttributeValue::M(map) => map
                .iter()
                .try_for_each(|(k, v)| value(v).map_err(|e| e.under(k))),
            AttributeValue::S(_)
            | AttributeValue::N(_)
            | AttributeValue::B(_)
            | AttributeValue::Bool(_)
            | AttributeValue::Null(_)
            | AttributeValue::Ss(_)
            | AttributeValue::Ns(_)
            | AttributeValue::Bs(_) => Ok(()),
            _ => Err(UnknownType(String::new())),
        }
    }
    item.iter()
        .try_for_each(|(name, v)| value(v).map_err(|e| e.under(name)))
}

#[cfg(test)]
mod tests {
    use super::*;

    // The SDK's `AttributeValue::Unknown` cannot be made outside the SDK: the property test of
    // tests/answer_faults.rs meets it through the SDK's own deserializer.
    #[test]
    fn a_place_is_named_as_a_document_path() {
        let leaf = UnknownType(String::new());
        assert_eq!(leaf.clone().under("extra"), UnknownType("extra".into()));
        assert_eq!(
            leaf.clone().under("k").at(1).under("l"),
            UnknownType("l[1].k".into())
        );
        assert_eq!(leaf.at(0).at(2).under("m"), UnknownType("m[2][0]".into()));
    }

    #[test]
    fn known_values_convert_as_serde_dynamo_does() {
        let inner: Item = [("k".to_owned(), AttributeValue::Bool(true))].into();
        let item: Item = [
            ("n".to_owned(), AttributeValue::N("1".into())),
            (
                "l".to_owned(),
                AttributeValue::L(vec![AttributeValue::Null(true), AttributeValue::M(inner)]),
            ),
        ]
        .into();
        assert!(known(&item).is_ok());
        let expected: HashMap<String, Value> = serde_dynamo::Item::from(item.clone()).into();
        assert_eq!(to_values(item).ok(), Some(expected));
    }
}
