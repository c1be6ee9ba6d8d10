//! Collection reads: [`Query::collection`](crate::Query::collection) reads a parent and its
//! children with one paged Query and decodes them into a typed [`Collection`];
//! [`CollectionDecoder`] is the part that does not talk to DynamoDB.

use aws_sdk_dynamodb::types::AttributeValue;
use dynakey::__private::collection::{Assembler, Collection, ItemDecoder, PushError};
use dynakey::{Table, SHAPE_ATTRIBUTE};
use serde::de::DeserializeOwned;

use crate::convert::{string_attribute, Item};
use crate::error::Error;

/// What a read does with an item that is not its own (docs/semantics.md §4: such an item is
/// reported, never dropped silently), chosen with
/// [`Query::unknown_items`](crate::Query::unknown_items) and
/// [`Scan::unknown_items`](crate::Scan::unknown_items): for a typed read, an item that is not its
/// entity's; for a [`collection`](crate::Query::collection) read, an item whose sort key
/// matches none of the collection's members.
///
/// An item belongs to a member when its sort key has the member's template shape, every segment
/// decodes, and (for entities with `#[dynakey(entity_type = "…")]`) its entity-type attribute
/// names the member; an item without a string sort key belongs to none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum UnknownItems {
    /// Fail the read: [`Error::ForeignItem`] for a typed read, [`Error::Collection`] /
    /// [`CollectionErrorKind::UnknownItem`](dynakey::CollectionErrorKind::UnknownItem) for a
    /// collection read, naming the item's keys. The default.
    #[default]
    Error,
    /// Keep the raw items ([`Page::unknown`](crate::Page::unknown),
    /// [`CollectionRead::unknown`]) and count them.
    Keep,
    /// Count them ([`Page::unknown_count`](crate::Page::unknown_count),
    /// [`CollectionRead::unknown_count`]) and drop them.
    Skip,
}

/// The result of [`Query::collection`](crate::Query::collection): the typed collection and what
/// the read saw on the way.
#[derive(Debug, Clone, PartialEq)]
pub struct CollectionRead<C> {
    /// The decoded collection.
    pub collection: C,
    /// With [`UnknownItems::Keep`]: the items that belong to no member, raw and complete (key
    /// attributes included), in the order the Query returned them. Empty otherwise.
    pub unknown: Vec<Item>,
    /// How many items belonged to no member (kept or skipped).
    pub unknown_count: usize,
    /// How many items were another shape's copies during a key change (docs/semantics.md §10):
    /// marked ([`SHAPE_ATTRIBUTE`](dynakey::SHAPE_ATTRIBUTE)) with a shape no member reads, or
    /// unmarked with a sort key of a member's other shape only. Passed over, never an error.
    pub other_shape_count: usize,
    /// How many `Query` requests the read sent: one per page of up to 1 MB (AWS developer guide,
    /// "Paginating table query results"); 0 when the condition matches nothing.
    pub requests: u32,
    /// The read capacity units consumed, summed over the requests (`ConsumedCapacity`, requested
    /// with `ReturnConsumedCapacity = TOTAL`), when the service reported it.
    pub consumed_capacity: Option<f64>,
}

/// Decodes raw DynamoDB items into collection `C`, one at a time: the part of
/// [`Query::collection`](crate::Query::collection) that does not talk to DynamoDB, for items read
/// some other way (a Query sent with the SDK directly, a table export, a test fixture).
///
/// ```
/// # use dynakey::{Collection, Entity};
/// # #[derive(Entity, serde::Serialize, serde::Deserialize, Debug)]
/// # #[pk("WS#<workspace>")] #[sk("META")]
/// # struct Settings { workspace: String }
/// # #[derive(Entity, serde::Serialize, serde::Deserialize, Debug)]
/// # #[pk("WS#<workspace>")] #[sk("PROJ#<id>")]
/// # struct Project { workspace: String, id: String }
/// # #[derive(Collection, Debug)]
/// # struct WorkspaceView { settings: Settings, projects: Vec<Project> }
/// use dynakey_runtime::{CollectionDecoder, UnknownItems};
/// use dynakey_runtime::item::to_item;
///
/// let mut decoder = CollectionDecoder::<WorkspaceView>::new(UnknownItems::Error);
/// decoder.push(to_item(&Settings { workspace: "acme".into() })?)?;
/// decoder.push(to_item(&Project { workspace: "acme".into(), id: "p1".into() })?)?;
/// let view = decoder.finish()?.collection;
/// assert_eq!(view.projects.len(), 1);
/// # Ok::<(), dynakey_runtime::Error>(())
/// ```
pub struct CollectionDecoder<C: Collection> {
    assembler: Assembler<C>,
    policy: UnknownItems,
    /// The sort-key attribute of `C::Table`.
    sort_attribute: Option<&'static str>,
    /// The partition read, for decode errors.
    partition: Option<String>,
    unknown: Vec<Item>,
    unknown_count: usize,
    other_shape_count: usize,
}

impl<C: Collection> std::fmt::Debug for CollectionDecoder<C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CollectionDecoder")
            .field("collection", &C::NAME)
            .field("policy", &self.policy)
            .field("partition", &self.partition)
            .field("unknown_count", &self.unknown_count)
            .finish_non_exhaustive()
    }
}

/// [`ItemDecoder`] for SDK items: `serde_dynamo`, with the item's keys in the error.
struct SdkItems<'a> {
    partition: Option<&'a str>,
}

impl ItemDecoder for SdkItems<'_> {
    type Item = Item;
    type Error = Error;

    #[inline]
    fn decode<E: DeserializeOwned>(&mut self, sort_key: &str, item: Item) -> Result<E, Error> {
        crate::item::decode(
            item,
            self.partition.map(str::to_owned),
            Some(sort_key.to_owned()),
        )
    }
}

impl<C: Collection> CollectionDecoder<C> {
    /// An empty collection under decoding, treating unknown items by `policy`.
    pub fn new(policy: UnknownItems) -> Self {
        CollectionDecoder {
            assembler: Assembler::new(),
            policy,
            sort_attribute: <C::Table as Table>::SORT_KEY,
            partition: None,
            unknown: Vec::new(),
            unknown_count: 0,
            other_shape_count: 0,
        }
    }

    /// Adds one item: decodes it into the member its sort key belongs to, or treats it by the
    /// unknown-item policy.
    ///
    /// # Errors
    /// - [`Error::Collection`]: the item belongs to no member under [`UnknownItems::Error`]
    ///   ([`UnknownItem`](dynakey::CollectionErrorKind::UnknownItem)), two members accept its key
    ///   ([`Ambiguous`](dynakey::CollectionErrorKind::Ambiguous)), or it is a second item for a
    ///   member declared as one ([`TooMany`](dynakey::CollectionErrorKind::TooMany));
    /// - [`Error::Decode`]: it belongs to a member but does not deserialise into its type.
    pub fn push(&mut self, mut item: Item) -> Result<(), Error> {
        if let Some(shape) = string_attribute(&item, SHAPE_ATTRIBUTE) {
            if !C::MEMBERS.iter().any(|m| m.reads_shape(shape)) {
                self.other_shape_count += 1;
                return Ok(());
            }
        }
        // The sort key is taken out of the item, not copied: the member's type has no field for
        // it (so serde_dynamo has one attribute less to skip), and it is what errors name. An item
        // kept as unknown gets it back.
        let taken = self.sort_attribute.and_then(|name| item.remove_entry(name));
        let (attribute, sort) = match taken {
            Some((attribute, AttributeValue::S(sort))) => (attribute, sort),
            Some((attribute, other)) => {
                item.insert(attribute, other);
                return self.unknown_item(None, item);
            }
            None => return self.unknown_item(None, item),
        };
        let member = self
            .assembler
            .classify(&sort, |name| string_attribute(&item, name))?;
        let Some(member) = member else {
            let marked = item.contains_key(SHAPE_ATTRIBUTE);
            if !marked && C::MEMBERS.iter().any(|m| m.is_other_shape_sort_key(&sort)) {
                self.other_shape_count += 1;
                return Ok(());
            }
            if self.policy == UnknownItems::Error {
                return self.unknown_item(Some(&sort), item);
            }
            item.insert(attribute, AttributeValue::S(sort));
            return self.unknown_item(None, item);
        };
        let mut decoder = SdkItems {
            partition: self.partition.as_deref(),
        };
        self.assembler
            .push(member, &sort, item, &mut decoder)
            .map_err(|e| match e {
                PushError::Decode(e) => e,
                PushError::Collection(e) => Error::Collection(e),
            })
    }

    fn unknown_item(&mut self, sort_key: Option<&str>, item: Item) -> Result<(), Error> {
        match self.policy {
            UnknownItems::Error => Err(Error::Collection(self.assembler.unknown(sort_key))),
            UnknownItems::Keep => {
                self.unknown_count += 1;
                self.unknown.push(item);
                Ok(())
            }
            UnknownItems::Skip => {
                self.unknown_count += 1;
                Ok(())
            }
        }
    }

    /// The partition read, named in decode errors.
    pub(crate) fn set_partition(&mut self, partition: Option<String>) {
        self.partition = partition;
    }

    /// The collection, with the unknown items; `requests` and `consumed_capacity` are 0 and
    /// `None` (set by [`Query::collection`](crate::Query::collection)).
    ///
    /// # Errors
    /// [`Error::Collection`] with
    /// [`Missing`](dynakey::CollectionErrorKind::Missing) when a member declared as exactly one
    /// item has none.
    pub fn finish(self) -> Result<CollectionRead<C>, Error> {
        Ok(CollectionRead {
            collection: self.assembler.finish()?,
            unknown: self.unknown,
            unknown_count: self.unknown_count,
            other_shape_count: self.other_shape_count,
            requests: 0,
            consumed_capacity: None,
        })
    }
}
