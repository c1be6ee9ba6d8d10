//! The [`Entity`] trait implemented by `#[derive(Entity)]`.

use crate::error::KeyError;
use crate::key::Key;
use crate::table::Table;
use crate::template::KeyTemplate;

/// An item type stored in a DynamoDB table under key templates.
///
/// Implemented by `#[derive(Entity)]` from `#[pk("…")]` and `#[sk("…")]`; besides this trait the
/// derive generates inherent functions on the struct (`key`, `query`, `sk`, `parse_sort_key`, …,
/// documented on the derive). Items are (de)serialised with `serde`; the key attributes named by
/// [`Entity::Table`] are added on write.
pub trait Entity: Sized {
    /// The table this entity lives in.
    type Table: Table;
    /// The entity's name, the struct name unless renamed with `#[dynakey(name = "…")]`.
    const ENTITY_NAME: &'static str;
    /// The partition-key template.
    const PARTITION_TEMPLATE: KeyTemplate;
    /// The sort-key template, when the table has a sort key.
    const SORT_TEMPLATE: Option<KeyTemplate>;

    /// This item's partition key.
    ///
    /// # Errors
    /// Any [`KeyError`] of the encoding rules (spec §2).
    fn partition_key(&self) -> Result<String, KeyError>;

    /// This item's sort key (`None` when the table has no sort key).
    ///
    /// # Errors
    /// As [`Entity::partition_key`].
    fn sort_key(&self) -> Result<Option<String>, KeyError>;

    /// This item's primary key.
    ///
    /// # Errors
    /// As [`Entity::partition_key`].
    fn primary_key(&self) -> Result<Key<Self>, KeyError> {
        Ok(Key::from_parts(self.partition_key()?, self.sort_key()?))
    }
}
