//! Typed change streams: a DynamoDB Streams record decoded into a [`Change`] of the table's item
//! type — `Insert`, `Modify` (with which attributes and which index keys changed) or `Remove`
//! (a caller's delete told from an expiry by Time to Live) — each image decoded into the variant
//! of the entity that owns the item's keys (docs/semantics.md §9, "Change streams").
//!
//! One decoder ([`decode`]) serves every source, so they cannot disagree: records read from the
//! Streams API by [`Changes`] (feature `streams`) and records handed to a Lambda function
//! ([`lambda`], feature `lambda`) are both first made a [`ChangeRecord`]. dynakey's own items
//! (uniqueness items) are recognised and passed over; an item of no listed entity follows an
//! [`UnknownItems`] policy (an error by default). What the stream's view type does not carry is
//! `None`, never made up: under `KEYS_ONLY` a change has its typed key and no image (AWS developer
//! guide, "Change data capture for DynamoDB Streams").

use std::time::SystemTime;

use dynakey::{Entity, Key, KeyError, TableItem};

use crate::convert::{string_attribute, Item};
use crate::error::Error;
use crate::read::owner::is_own_key;
use crate::read::{decode_listed, UnknownItems};

#[cfg(feature = "lambda")]
pub mod lambda;
#[cfg(feature = "streams")]
mod reader;

/// The DynamoDB Streams SDK the reader sends with, for building its client
/// (`aws_sdk_dynamodbstreams::Client`; [`connect_streams_from_env`](crate::connect_streams_from_env)
/// and `Engine::streams_client` make one).
#[cfg(feature = "streams")]
pub use aws_sdk_dynamodbstreams;
#[cfg(feature = "streams")]
pub use reader::{ChangeBatch, Changes, Checkpoint, StartAt, Undecodable, UnknownEvents};

/// What a stream record says happened to an item (its `eventName`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EventName {
    /// `INSERT`: a new item was written.
    Insert,
    /// `MODIFY`: an existing item was replaced or updated.
    Modify,
    /// `REMOVE`: the item was deleted, by a caller or by Time to Live.
    Remove,
}

impl EventName {
    /// `INSERT`, `MODIFY` or `REMOVE` as DynamoDB writes it; `None` for anything else.
    pub fn parse(name: &str) -> Option<EventName> {
        match name {
            "INSERT" => Some(EventName::Insert),
            "MODIFY" => Some(EventName::Modify),
            "REMOVE" => Some(EventName::Remove),
            _ => None,
        }
    }
}

/// One stream record, whatever it was read from: the neutral input of [`decode`]. Made from a
/// Streams API record or a Lambda event record; a test can make one by hand.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct ChangeRecord {
    /// What happened.
    pub event_name: EventName,
    /// The record's `SequenceNumber`: its position in its shard (digits; compare by number).
    pub sequence_number: String,
    /// The item's key attributes (`Keys`): the table's partition and sort key.
    pub keys: Item,
    /// `NewImage`, where the view type carries it (`NEW_IMAGE`, `NEW_AND_OLD_IMAGES`).
    pub new_image: Option<Item>,
    /// `OldImage`, where the view type carries it (`OLD_IMAGE`, `NEW_AND_OLD_IMAGES`).
    pub old_image: Option<Item>,
    /// `true` when the record's `userIdentity` is of type `Service` with principal
    /// `dynamodb.amazonaws.com`: a removal by Time to Live (AWS developer guide, "DynamoDB
    /// Streams and Time to Live").
    pub by_ttl: bool,
    /// `ApproximateCreationDateTime`, when the record has it.
    pub created: Option<SystemTime>,
}

impl ChangeRecord {
    /// A record of `event_name` at `sequence_number` for the item with key attributes `keys`,
    /// without images.
    pub fn new(event_name: EventName, sequence_number: impl Into<String>, keys: Item) -> Self {
        ChangeRecord {
            event_name,
            sequence_number: sequence_number.into(),
            keys,
            new_image: None,
            old_image: None,
            by_ttl: false,
            created: None,
        }
    }

    /// With the `NewImage`.
    pub fn with_new_image(mut self, image: Item) -> Self {
        self.new_image = Some(image);
        self
    }

    /// With the `OldImage`.
    pub fn with_old_image(mut self, image: Item) -> Self {
        self.old_image = Some(image);
        self
    }

    /// Removed by Time to Live (`userIdentity` of DynamoDB itself).
    pub fn with_ttl_removal(mut self) -> Self {
        self.by_ttl = true;
        self
    }

    /// `true` for a `userIdentity` of type `Service` and principal `dynamodb.amazonaws.com`.
    #[cfg(any(feature = "streams", feature = "lambda"))]
    pub(crate) fn is_ttl_identity(kind: &str, principal: &str) -> bool {
        kind == "Service" && principal == "dynamodb.amazonaws.com"
    }
}

/// The key of a changed item: which listed entity it is, its table keys, and the record's
/// position. Decoded from the record's `Keys`, so present under every view type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChangeKey {
    entity: usize,
    entity_name: &'static str,
    partition: String,
    sort: Option<String>,
    sequence_number: String,
}

impl ChangeKey {
    /// The entity's position in the table's list ([`Table::ENTITIES`](dynakey::Table::ENTITIES)).
    pub fn entity(&self) -> usize {
        self.entity
    }

    /// The entity's name.
    pub fn entity_name(&self) -> &'static str {
        self.entity_name
    }

    /// The partition key.
    pub fn partition(&self) -> &str {
        &self.partition
    }

    /// The sort key, on a table with one.
    pub fn sort(&self) -> Option<&str> {
        self.sort.as_deref()
    }

    /// The record's `SequenceNumber`.
    pub fn sequence_number(&self) -> &str {
        &self.sequence_number
    }

    /// The typed key, when the item is an `E` (`None` for another entity): its fields parse back
    /// with `E::parse_partition_key` / `E::parse_sort_key`.
    ///
    /// # Errors
    /// [`KeyError`] when the keys are not `E`'s after all (they were recognised by the same
    /// templates, so only for an entity of another table with the same name).
    pub fn typed<E: Entity>(&self) -> Option<Result<Key<E>, KeyError>> {
        (self.entity_name == E::ENTITY_NAME)
            .then(|| Key::<E>::parse(&self.partition, self.sort.as_deref()))
    }
}

/// Why an item was removed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RemoveCause {
    /// A caller deleted it (DeleteItem, a batch, a transaction).
    Deleted,
    /// Time to Live expired it: the record's `userIdentity` is DynamoDB itself.
    Expired,
}

/// What changed between the two images of a `MODIFY` (both present only under
/// `NEW_AND_OLD_IMAGES`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Changed {
    /// The attributes added, removed or given another value, by name, sorted.
    pub attributes: Vec<String>,
    /// The secondary indexes of the table whose key attributes changed on the item (it moved in
    /// the index, entered it or left it), by index name, in the table's order.
    pub indexes: Vec<&'static str>,
}

/// One typed change of an item of table `T` (the table's item type, `#[derive(Table)]` on an
/// enum of its entities). An image is `None` where the stream's view type does not carry it.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Change<T> {
    /// A new item.
    Insert {
        /// Its key.
        key: ChangeKey,
        /// The item written (`NEW_IMAGE`, `NEW_AND_OLD_IMAGES`).
        new: Option<T>,
    },
    /// An item replaced or updated.
    Modify {
        /// Its key.
        key: ChangeKey,
        /// The item before (`OLD_IMAGE`, `NEW_AND_OLD_IMAGES`).
        old: Option<T>,
        /// The item after (`NEW_IMAGE`, `NEW_AND_OLD_IMAGES`).
        new: Option<T>,
        /// What changed, when both images are there.
        changed: Option<Changed>,
    },
    /// An item deleted or expired.
    Remove {
        /// Its key.
        key: ChangeKey,
        /// The item removed (`OLD_IMAGE`, `NEW_AND_OLD_IMAGES`).
        old: Option<T>,
        /// A caller's delete or an expiry by Time to Live.
        cause: RemoveCause,
    },
}

impl<T> Change<T> {
    /// The changed item's key.
    pub fn key(&self) -> &ChangeKey {
        match self {
            Change::Insert { key, .. }
            | Change::Modify { key, .. }
            | Change::Remove { key, .. } => key,
        }
    }

    /// The item as it is after the change (`None` after a removal, or when the view type has no
    /// new image).
    pub fn new_item(&self) -> Option<&T> {
        match self {
            Change::Insert { new, .. } | Change::Modify { new, .. } => new.as_ref(),
            Change::Remove { .. } => None,
        }
    }

    /// The item as it was before the change (`None` for an insert, or when the view type has no
    /// old image).
    pub fn old_item(&self) -> Option<&T> {
        match self {
            Change::Modify { old, .. } | Change::Remove { old, .. } => old.as_ref(),
            Change::Insert { .. } => None,
        }
    }
}

/// Decodes one stream record of table `T` into its typed change: `Ok(None)` for dynakey's own
/// items (uniqueness items) and, under [`UnknownItems::Skip`]/[`Keep`](UnknownItems::Keep), for an
/// item of no listed entity (a record has no page to keep it in: `Keep` drops it as `Skip`
/// does).
///
/// Which entity the item is follows from its keys, with the entity-type attribute taken from an
/// image where the entities declare one (under `KEYS_ONLY`, from the keys alone: when two
/// entities' templates both accept them, [`Error::Ambiguous`]).
///
/// # Errors
/// [`Error::ForeignItem`] for an item of no listed entity under [`UnknownItems::Error`];
/// [`Error::Ambiguous`] for keys two listed entities own; [`Error::Decode`] when an image does not
/// decode as its entity.
pub fn decode<T: TableItem>(
    record: ChangeRecord,
    unknown: UnknownItems,
) -> Result<Option<Change<T>>, Error> {
    let ChangeRecord {
        event_name,
        sequence_number,
        mut keys,
        new_image,
        old_image,
        by_ttl,
        created: _,
    } = record;
    let Some(entity) = entity_of::<T>(&keys, new_image.as_ref().or(old_image.as_ref()), unknown)?
    else {
        return Ok(None);
    };
    // The old image of an item whose entity-type attribute changed is its old entity's.
    let declares_types = T::ENTITIES
        .iter()
        .any(|e| e.entity_type_attribute().is_some());
    let old_entity = match (&old_image, &new_image) {
        (Some(old), Some(_)) if declares_types => {
            entity_of::<T>(&keys, Some(old), unknown)?.unwrap_or(entity)
        }
        _ => entity,
    };
    // Moved out of the record's keys, not copied.
    let mut take = |name: &str| match keys.remove(name) {
        Some(aws_sdk_dynamodb::types::AttributeValue::S(text)) => Some(text),
        _ => None,
    };
    let partition = take(T::PARTITION_KEY).unwrap_or_default();
    let sort = T::SORT_KEY.and_then(take);
    let key = ChangeKey {
        entity,
        entity_name: T::ENTITIES[entity].name(),
        partition,
        sort,
        sequence_number,
    };
    let changed = match (&old_image, &new_image) {
        (Some(old), Some(new)) => Some(changed::<T>(old, new)),
        _ => None,
    };
    let image = |image: Option<Item>, entity: usize| {
        image
            .map(|image| decode_listed::<T>(entity, image))
            .transpose()
    };
    Ok(Some(match event_name {
        EventName::Insert => Change::Insert {
            key,
            new: image(new_image, entity)?,
        },
        EventName::Modify => Change::Modify {
            key,
            old: image(old_image, old_entity)?,
            new: image(new_image, entity)?,
            changed,
        },
        EventName::Remove => Change::Remove {
            key,
            old: image(old_image, old_entity)?,
            cause: if by_ttl {
                RemoveCause::Expired
            } else {
                RemoveCause::Deleted
            },
        },
    }))
}

/// The position of the listed entity whose item has the table keys in `keys`, its entity-type
/// attribute read from `image` (or, under `KEYS_ONLY`, the one entity whose templates accept the
/// keys): `None` for a uniqueness item, or an item of no listed entity the policy lets pass.
fn entity_of<T: TableItem>(
    keys: &Item,
    image: Option<&Item>,
    unknown: UnknownItems,
) -> Result<Option<usize>, Error> {
    let partition = string_attribute(keys, T::PARTITION_KEY).unwrap_or_default();
    let sort = T::SORT_KEY.and_then(|name| string_attribute(keys, name));
    if is_own_key::<T>(partition, sort) {
        return Ok(None);
    }
    let found = match image {
        Some(image) => crate::read::owner::recognise::<T>(partition, sort, |name| {
            string_attribute(image, name)
        }),
        // No image, so no entity-type attribute: the templates alone decide.
        None => {
            let mut owners = T::ENTITIES
                .iter()
                .enumerate()
                .filter(|(_, e)| e.owns(partition, sort, |_| Some(e.name())))
                .map(|(i, _)| i);
            match (owners.next(), owners.next()) {
                (Some(a), Some(b)) => Err((a, b)),
                (found, _) => Ok(found),
            }
        }
    };
    // Another shape's copy during a key change (docs/semantics.md §10) is passed over: its item
    // in the shape this code reads has a record of its own.
    let copy = match (image, &found) {
        (Some(image), Ok(position)) => crate::read::owner::is_listed_copy::<T>(image, *position),
        (None, Ok(None)) => T::ENTITIES
            .iter()
            .any(|e| e.is_other_shape_key(partition, sort)),
        _ => false,
    };
    if copy {
        return Ok(None);
    }
    match found {
        Ok(Some(position)) => Ok(Some(position)),
        Ok(None) => match unknown {
            UnknownItems::Keep | UnknownItems::Skip => Ok(None),
            UnknownItems::Error => Err(Error::ForeignItem {
                entity: crate::ItemOwner::AnyListedEntity,
                partition: Some(partition.to_owned()),
                sort: sort.map(str::to_owned),
                reason: "its keys fit no entity the table lists".to_owned(),
                operation: "decode a stream record",
            }),
        },
        Err((a, b)) => Err(crate::read::owner::ambiguous::<T>(a, b, partition, sort)),
    }
}

/// The attributes and index keys that differ between `old` and `new`.
fn changed<T: TableItem>(old: &Item, new: &Item) -> Changed {
    let mut attributes: Vec<String> = old
        .iter()
        .filter(|(name, value)| new.get(*name) != Some(*value))
        .map(|(name, _)| name.clone())
        .chain(new.keys().filter(|name| !old.contains_key(*name)).cloned())
        .collect();
    attributes.sort();
    let indexes = T::INDEXES
        .iter()
        .filter(|index| {
            index
                .key_schema()
                .attributes_in_order()
                .any(|attr| old.get(attr.name()) != new.get(attr.name()))
        })
        .map(|index| index.name())
        .collect();
    Changed {
        attributes,
        indexes,
    }
}
