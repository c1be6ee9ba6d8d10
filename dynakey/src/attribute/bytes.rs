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
