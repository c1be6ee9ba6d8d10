//! [`KeyBytes`]: a byte string that serde writes as bytes, so `serde_dynamo` stores a `B`.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::error::{KeyError, KeyErrorKind, KeyRole};

/// A byte string stored as a binary (`B`) attribute, for a native key attribute of type `B`.
///
/// A plain `Vec<u8>` field serialises as a sequence, which `serde_dynamo` writes as a list (`L`)
/// of numbers; `KeyBytes` serialises with `serialize_bytes`, so it is written as `B` and compared
/// by DynamoDB as unsigned bytes (AWS developer guide, "Supported data types — Binary"). It
/// deserialises from bytes, and also from a sequence of numbers 0–255.
///
/// ```
/// let key = dynakey::KeyBytes::from(vec![0x00, 0xff]);
/// assert_eq!(key.as_slice(), &[0x00, 0xff]);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct KeyBytes(pub Vec<u8>);

impl KeyBytes {
    /// The bytes.
    pub fn as_slice(&self) -> &[u8] {
        &self.0
    }

    /// The byte vector.
    pub fn into_vec(self) -> Vec<u8> {
        self.0
    }
}

impl From<Vec<u8>> for KeyBytes {
    fn from(bytes: Vec<u8>) -> Self {
        KeyBytes(bytes)
    }
}

impl From<&[u8]> for KeyBytes {
    fn from(bytes: &[u8]) -> Self {
        KeyBytes(bytes.to_vec())
    }
}

impl AsRef<[u8]> for KeyBytes {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

impl Serialize for KeyBytes {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(&self.0)
    }
}

impl<'de> Deserialize<'de> for KeyBytes {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = KeyBytes;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("bytes")
            }
            fn visit_bytes<E: serde::de::Error>(self, v: &[u8]) -> Result<KeyBytes, E> {
                Ok(KeyBytes(v.to_vec()))
            }
            fn visit_byte_buf<E: serde::de::Error>(self, v: Vec<u8>) -> Result<KeyBytes, E> {
                Ok(KeyBytes(v))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<KeyBytes, A::Error> {
                let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
                while let Some(byte) = seq.next_element::<u8>()? {
                    out.push(byte);
                }
                Ok(KeyBytes(out))
            }
        }
        deserializer.deserialize_byte_buf(Visitor)
    }
}

/// DynamoDB's empty-key and size rules for a binary key attribute of `role` (the limits of string
/// keys, counted in bytes).
pub(crate) fn check_size(role: KeyRole, bytes: &[u8]) -> Result<(), KeyError> {
    if bytes.is_empty() {
        return Err(KeyErrorKind::EmptyKey { role }.into());
    }
    if bytes.len() > role.max_bytes() {
        return Err(KeyErrorKind::TooLong {
            role,
            key: format!("{} bytes", bytes.len()),
            bytes: bytes.len(),
            limit: role.max_bytes(),
        }
        .into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct Row {
        tag: KeyBytes,
        plain: Vec<u8>,
    }

    #[test]
    fn serde_dynamo_writes_key_bytes_as_binary_and_reads_them_back() {
        let row = Row {
            tag: KeyBytes(vec![0, 255, 7]),
            plain: vec![1],
        };
        let item: serde_dynamo::Item = serde_dynamo::to_item(&row).unwrap();
        assert_eq!(
            item.get("tag"),
            Some(&serde_dynamo::AttributeValue::B(vec![0, 255, 7]))
        );
        // A plain Vec<u8> is a list of numbers, which no key attribute can be.
        assert!(matches!(
            item.get("plain"),
            Some(serde_dynamo::AttributeValue::L(_))
        ));
        let back: Row = serde_dynamo::from_item(item).unwrap();
        assert_eq!(back, row);
        // Also from a sequence of numbers (another serializer's form).
        let json: KeyBytes = serde_json::from_str("[1,2,3]").unwrap();
        assert_eq!(json.as_slice(), &[1, 2, 3]);
    }

    #[test]
    fn key_bytes_follow_the_key_size_rules() {
        use crate::attribute::KeyAttribute;
        assert!(KeyBytes(vec![]).key_value(KeyRole::Sort).is_err());
        assert!(KeyBytes(vec![1; 1024]).key_value(KeyRole::Sort).is_ok());
        assert!(KeyBytes(vec![1; 1025]).key_value(KeyRole::Sort).is_err());
        assert!(KeyBytes(vec![1; 2048])
            .key_value(KeyRole::Partition)
            .is_ok());
    }
}
