//! A test kit for code fed by a table's stream (feature `testing`): Lambda `DynamoDbEvent`s and
//! their stream records built from typed items — an insert, a modify with its old and new item,
//! a remove, an expiry by Time to Live — in the documented event shape (AWS Lambda developer
//! guide, "Using Lambda with DynamoDB", the example event), so a handler is tested with the
//! records DynamoDB would send, without hand-written DynamoDB JSON.
//!
//! ```
//! use dynakey::{Entity, Table};
//! use dynakey_runtime::changes::{lambda, Change};
//! use dynakey_runtime::testing::{failures, StreamEvents};
//! use dynakey_runtime::UnknownItems;
//!
//! #[derive(Table, Debug)]
//! #[table(partition_key = "PK", sort_key = "SK", stream = new_and_old_images)]
//! enum Library {
//!     Book(Book),
//! }
//!
//! #[derive(Entity, serde::Serialize, serde::Deserialize, Debug, Clone)]
//! #[dynakey(table = Library)]
//! #[pk("BOOK#<isbn>")]
//! #[sk("META")]
//! struct Book { isbn: String, title: String, copies: u32 }
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> Result<(), dynakey_runtime::Error> {
//! let old = Book { isbn: "978-0".into(), title: "Dune".into(), copies: 1 };
//! let new = Book { copies: 2, ..old.clone() };
//! let event = StreamEvents::<Library>::new()
//!     .insert(&old)
//!     .modify(&old, &new)
//!     .expire(&new)
//!     .event()?;
//!
//! // A handler that cannot fail returns `()`; one that can returns `Result<(), E>`.
//! let mut copies = 0;
//! let response = lambda::process::<Library, _, _, _>(event, UnknownItems::Error, |change| {
//!     if let Change::Modify { new: Some(Library::Book(book)), .. } = change {
//!         copies = book.copies;
//!     }
//!     async {}
//! })
//! .await;
//! assert_eq!(copies, 2);
//! assert!(failures(&response).is_empty());
//! # Ok(()) }
//! ```

use std::marker::PhantomData;
use std::time::{SystemTime, UNIX_EPOCH};

use dynakey::{InTable, StreamViewType, Table};
use serde::Serialize;

use crate::convert::Item;
use crate::error::Error;
use crate::item::to_item;

pub use crate::changes::lambda::{
    DynamoDbBatchItemFailure, DynamoDbEventResponse, Event, EventRecord,
};
pub use aws_lambda_events::event::dynamodb::{StreamRecord, UserIdentity};
/// The AWS SDK types of an item ([`Item`] is `HashMap<String, AttributeValue>`).
pub use aws_sdk_dynamodb::types::AttributeValue;

/// The sequence number of a builder's first record; each next one is 100 more (DynamoDB's are
/// increasing digit strings within a shard).
const FIRST_SEQUENCE: u64 = 100;

/// Builds the stream records of table `T` from typed items, in the order they are added, and a
/// Lambda [`Event`] of them ([`event`](Self::event)).
///
/// Each record is what DynamoDB writes for the change: `eventName`, `Keys` (the table's key
/// attributes), the images the view type carries (the table's declared
/// `#[table(stream = …)]`, or `NEW_AND_OLD_IMAGES`; [`view`](Self::view) sets another), an
/// increasing `SequenceNumber` (100, 200, …), `ApproximateCreationDateTime` (now), `SizeBytes`,
/// `eventSource` `aws:dynamodb`, and for an expiry the `userIdentity` of DynamoDB's Time to Live
/// (type `Service`, principal `dynamodb.amazonaws.com`). Items are made as a write makes them
/// (`to_item`: key attributes, index keys, entity-type attribute).
#[must_use = "the records are made by `.event()` or `.records()`"]
pub struct StreamEvents<T: Table> {
    records: Vec<EventRecord>,
    view: StreamViewType,
    /// The first item that could not be made: returned by `event` and `records`.
    error: Option<Error>,
    table: PhantomData<fn() -> T>,
}

impl<T: Table> Default for StreamEvents<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Table> std::fmt::Debug for StreamEvents<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StreamEvents")
            .field("records", &self.records.len())
            .field("view", &self.view)
            .field("error", &self.error)
            .finish()
    }
}

/// What a record is of.
enum Kind {
    Insert,
    Modify,
    Remove { expired: bool },
}

impl<T: Table> StreamEvents<T> {
    /// No records yet; the table's stream view type, or `NEW_AND_OLD_IMAGES` when it declares
    /// none.
    pub fn new() -> Self {
        StreamEvents {
            records: Vec::new(),
            view: T::STREAM.unwrap_or(StreamViewType::NewAndOldImages),
            error: None,
            table: PhantomData,
        }
    }

    /// Records of the records added after this carry the images of `view` (under `KEYS_ONLY`
    /// none, under `NEW_IMAGE` no old one, …).
    pub fn view(mut self, view: StreamViewType) -> Self {
        self.view = view;
        self
    }

    /// An `INSERT` of `new`.
    pub fn insert<E: InTable<T> + Serialize>(self, new: &E) -> Self {
        self.add(Kind::Insert, None, Some(new))
    }

    /// A `MODIFY` of the item `old` into `new` (the same key: a change of key is a remove and an
    /// insert; otherwise [`Error::ChangeRecord`] from [`event`](Self::event)).
    pub fn modify<E: InTable<T> + Serialize>(self, old: &E, new: &E) -> Self {
        self.add(Kind::Modify, Some(old), Some(new))
    }

    /// A `REMOVE` of `old` by a caller (a delete).
    pub fn remove<E: InTable<T> + Serialize>(self, old: &E) -> Self {
        self.add(Kind::Remove { expired: false }, Some(old), None)
    }

    /// A `REMOVE` of `old` by Time to Live.
    pub fn expire<E: InTable<T> + Serialize>(self, old: &E) -> Self {
        self.add(Kind::Remove { expired: true }, Some(old), None)
    }

    /// Adds `record` as it is (a record of another shape than the kit makes, e.g. one a test
    /// reads from a file); it takes the next sequence number when it has none.
    pub fn record(mut self, mut record: EventRecord) -> Self {
        if record.change.sequence_number.is_none() {
            record.change.sequence_number = Some(self.next_sequence());
        }
        self.records.push(record);
        self
    }

    /// The sequence numbers of the records so far, in order: the `itemIdentifier`s a partial
    /// batch response names.
    pub fn sequence_numbers(&self) -> Vec<String> {
        self.records
            .iter()
            .filter_map(|r| r.change.sequence_number.clone())
            .collect()
    }

    /// The stream records, in order.
    ///
    /// # Errors
    /// The first item that could not be made ([`Error::Key`], [`Error::Serialize`], …, as a
    /// write reports it), or [`Error::ChangeRecord`] for a modify whose old and new keys differ.
    pub fn records(self) -> Result<Vec<EventRecord>, Error> {
        match self.error {
            Some(error) => Err(error),
            None => Ok(self.records),
        }
    }

    /// The Lambda event of the records, in order, as Lambda hands a batch to a function.
    ///
    /// # Errors
    /// As [`records`](Self::records).
    pub fn event(self) -> Result<Event, Error> {
        let mut event = Event::default();
        event.records = self.records()?;
        Ok(event)
    }

    fn next_sequence(&self) -> String {
        let n = FIRST_SEQUENCE * (self.records.len() as u64 + 1);
        n.to_string()
    }

    fn add<E: InTable<T> + Serialize>(
        mut self,
        kind: Kind,
        old: Option<&E>,
        new: Option<&E>,
    ) -> Self {
        if self.error.is_some() {
            return self;
        }
        let sequence_number = self.next_sequence();
        match self.record_of(kind, old, new, &sequence_number) {
            Ok(record) => self.records.push(record),
            Err(error) => self.error = Some(error),
        }
        self
    }

    fn record_of<E: InTable<T> + Serialize>(
        &self,
        kind: Kind,
        old: Option<&E>,
        new: Option<&E>,
        sequence_number: &str,
    ) -> Result<EventRecord, Error> {
        let old = old.map(to_item).transpose()?;
        let new = new.map(to_item).transpose()?;
        let keys = match (&old, &new) {
            (Some(old), Some(new)) if table_keys::<T>(old) != table_keys::<T>(new) => {
                return Err(Error::ChangeRecord {
                    sequence_number: sequence_number.to_owned(),
                    reason: "a MODIFY keeps its item's key: the old and the new item have \
                             different keys (a change of key is a REMOVE and an INSERT)"
                        .to_owned(),
                })
            }
            (Some(item), _) | (None, Some(item)) => table_keys::<T>(item),
            (None, None) => Item::new(),
        };
        let mut record = EventRecord::default();
        record.event_id = format!("{sequence_number}-test");
        record.event_name = match kind {
            Kind::Insert => "INSERT",
            Kind::Modify => "MODIFY",
            Kind::Remove { .. } => "REMOVE",
        }
        .to_owned();
        record.event_source = Some("aws:dynamodb".to_owned());
        record.event_version = Some("1.1".to_owned());
        record.aws_region = "us-east-1".to_owned();
        if let Kind::Remove { expired: true } = kind {
            let mut identity = UserIdentity::default();
            identity.type_ = "Service".to_owned();
            identity.principal_id = "dynamodb.amazonaws.com".to_owned();
            record.user_identity = Some(identity);
        }
        let new = new.filter(|_| self.view.carries_new_image());
        let old = old.filter(|_| self.view.carries_old_image());
        let mut change = StreamRecord::default();
        change.size_bytes = [Some(&keys), new.as_ref(), old.as_ref()]
            .into_iter()
            .flatten()
            .map(|item| i64::try_from(crate::item::item_size(item)).unwrap_or(i64::MAX))
            .sum();
        change.keys = keys.into();
        change.new_image = new.unwrap_or_default().into();
        change.old_image = old.unwrap_or_default().into();
        change.sequence_number = Some(sequence_number.to_owned());
        change.stream_view_type = Some(match self.view {
            StreamViewType::KeysOnly => {
                aws_lambda_events::event::dynamodb::StreamViewType::KeysOnly
            }
            StreamViewType::NewImage => {
                aws_lambda_events::event::dynamodb::StreamViewType::NewImage
            }
            StreamViewType::OldImage => {
                aws_lambda_events::event::dynamodb::StreamViewType::OldImage
            }
            StreamViewType::NewAndOldImages => {
                aws_lambda_events::event::dynamodb::StreamViewType::NewAndOldImages
            }
        });
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or_default();
        if let Some(time) = i64::try_from(now)
            .ok()
            .and_then(|s| chrono::DateTime::from_timestamp(s, 0))
        {
            change.approximate_creation_date_time = time;
        }
        record.change = change;
        Ok(record)
    }
}

/// The table's key attributes of `item`.
fn table_keys<T: Table>(item: &Item) -> Item {
    item.iter()
        .filter(|(name, _)| *name == T::PARTITION_KEY || T::SORT_KEY == Some(name.as_str()))
        .map(|(name, value)| (name.clone(), value.clone()))
        .collect()
}

/// The sequence numbers a partial batch response names (its `batchItemFailures`' `itemIdentifier`s):
/// empty when every record was processed.
pub fn failures(response: &DynamoDbEventResponse) -> Vec<&str> {
    response
        .batch_item_failures
        .iter()
        .filter_map(|f| f.item_identifier.as_deref())
        .collect()
}
