//! A [`Key`] as a stored value: how a child entity (`#[dynakey(parent = P)]`, docs/semantics.md
//! §11) stores the key of its parent in one field.
//!
//! A key is stored as a map of its placeholders' names to their segment texts (each field's
//! order-preserving encoding, `KeySegment::encode_segment`), not as the key strings: the
//! encoding of a field does not depend on the template, so a key stored under one template of
//! `E` is read back under another one (a template change, `#[was(…)]`) as long as the current
//! templates name only fields the map holds.

use std::collections::BTreeMap;

use serde::de::Error as _;
use serde::ser::{Error as _, SerializeMap};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::entity::{Entity, Key};

/// Serialises as a map of field name to segment text (`{"library": "L1", "book": "b7"}`).
///
/// # Errors
/// A serde error for the key of a sharded entity (its partition key holds a shard suffix, which
/// no field stores) or a key of an earlier shape only (`Key::is_current` is `false`).
impl<E: Entity> Serialize for Key<E> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if E::SHARDING.is_some() {
            return Err(S::Error::custom(format!(
                "the key of `{}`, a sharded entity, cannot be stored as a value",
                E::ENTITY_NAME
            )));
        }
        let mut pairs = E::PARTITION_TEMPLATE
            .segments(self.partition())
            .map_err(S::Error::custom)?;
        if let (Some(template), Some(sort)) = (E::SORT_TEMPLATE, self.sort()) {
            pairs.extend(template.segments(sort).map_err(S::Error::custom)?);
        }
        let mut map = serializer.serialize_map(Some(pairs.len()))?;
        for (name, text) in pairs {
            map.serialize_entry(name, text)?;
        }
        map.end()
    }
}

/// Reads the map [`Serialize`] writes and builds the key by `E`'s current templates.
///
/// # Errors
/// A serde error naming the field a current template needs and the map lacks, a segment text
/// that is not its field's encoding or holds its terminator, or a key over DynamoDB's size rules.
impl<'de, E: Entity> Deserialize<'de> for Key<E> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let fields = BTreeMap::<String, String>::deserialize(deserializer)?;
        let segment = |name: &str| fields.get(name).map(String::as_str);
        let partition = E::PARTITION_TEMPLATE
            .build_from(segment)
            .map_err(D::Error::custom)?;
        let sort = match E::SORT_TEMPLATE {
            Some(template) => Some(template.build_from(segment).map_err(D::Error::custom)?),
            None => None,
        };
        Key::<E>::check(&partition, sort.as_deref()).map_err(D::Error::custom)?;
        Ok(Key::from_parts(partition, sort))
    }
}
