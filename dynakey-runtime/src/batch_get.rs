//! Batch reads: [`Db::batch_get`] with DynamoDB's limits handled (spec §5).

use std::collections::hash_map::Entry;
use std::collections::{HashMap, VecDeque};

use aws_sdk_dynamodb::types::KeysAndAttributes;
use dynakey::{Entity, Key, Table};
use serde::de::DeserializeOwned;
use tracing::Instrument;

use crate::collection::Item;
use crate::convert::key_to_attributes;
use crate::db::Db;
use crate::error::Error;
use crate::item::{from_item_in, key_strings};
use crate::write::Exhausted;

/// The most keys one `BatchGetItem` call may carry (AWS developer guide, "Service, account, and
/// table quotas — BatchGetItem": up to 100 items, 16 MB).
pub const MAX_BATCH_GET: usize = 100;

/// A primary key as strings: what orders and merges the keys of a batch.
type KeyStrings = (String, Option<String>);

impl<T: Table> Db<T> {
    /// Reads the items with the given keys (`BatchGetItem`, eventually consistent; AWS developer
    /// guide, "Batch operations — BatchGetItem"), e.g. the keys an index query returned with
    /// [`Query::keys`](crate::Query::keys).
    ///
    /// - Duplicate keys are merged (DynamoDB rejects a batch with duplicate keys): each item is
    ///   read and returned once.
    /// - Requests carry at most [`MAX_BATCH_GET`] (100) keys, sent one after another.
    /// - `UnprocessedKeys` (throttling, or a response that reached 16 MB) are resent after a delay
    ///   per the `Db`'s [`RetryPolicy`](crate::RetryPolicy) (exponential backoff with full
    ///   jitter; [`Db::with_retry_policy`]).
    ///
    /// Returns the items found, in the order of their keys' first occurrence in `keys`; a key with
    /// no item is skipped (compare with the keys to find which), never an error.
    ///
    /// ```no_run
    /// # use dynakey::Entity;
    /// # #[derive(Entity, serde::Serialize, serde::Deserialize)]
    /// # #[pk("USER#<id>")] #[sk("PROFILE")]
    /// # struct User { id: String, name: String }
    /// # async fn run(db: dynakey_runtime::Db) -> Result<(), dynakey_runtime::Error> {
    /// let keys = [User::key("u1")?, User::key("u2")?, User::key("u1")?];
    /// let users: Vec<User> = db.batch_get(&keys).await?; // u1 and u2, once each, if they exist
    /// # Ok(()) }
    /// ```
    ///
    /// # Errors
    /// - [`Error::UnprocessedKeys`] with every key not read (the unprocessed ones of the last
    ///   request and all not sent yet) and the raw items read so far, when the retry budget runs
    ///   out; nothing is dropped;
    /// - [`Error::Sdk`] when a request fails (the items of earlier requests are lost with it);
    /// - [`Error::Decode`] for an item that does not deserialise into `E`.
    pub async fn batch_get<'a, E>(
        &self,
        keys: impl IntoIterator<Item = &'a Key<E>>,
    ) -> Result<Vec<E>, Error>
    where
        E: Entity<Table = T> + DeserializeOwned + 'a,
    {
        let mut positions: HashMap<KeyStrings, usize> = HashMap::new();
        let mut pending: VecDeque<Item> = VecDeque::new();
        for key in keys {
            let strings = (key.partition().to_owned(), key.sort().map(str::to_owned));
            if let Entry::Vacant(slot) = positions.entry(strings) {
                slot.insert(pending.len());
                pending.push_back(key_to_attributes(key));
            }
        }
        let items = self.get_all(pending).await?;
        let mut found = Vec::with_capacity(items.len());
        for item in items {
            let (partition, sort) = key_strings::<T>(&item);
            let position = positions
                .get(&(partition.unwrap_or_default(), sort))
                .copied()
                .unwrap_or(usize::MAX);
            found.push((position, from_item_in::<T, E>(item)?));
        }
        found.sort_by_key(|(position, _)| *position);
        Ok(found.into_iter().map(|(_, entity)| entity).collect())
    }

    /// Sends `pending` (distinct keys) in requests of at most [`MAX_BATCH_GET`], retrying
    /// `UnprocessedKeys`; returns the raw items read.
    async fn get_all(&self, pending: VecDeque<Item>) -> Result<Vec<Item>, Error> {
        let mut read: Vec<Item> = Vec::with_capacity(pending.len());
        let exhausted = self
            .retry
            .send_in_chunks(
                "BatchGetItem",
                "UnprocessedKeys",
                pending,
                MAX_BATCH_GET,
                async |chunk: Vec<Item>, _attempt| {
                    let request = KeysAndAttributes::builder()
                        .set_keys(Some(chunk))
                        .build()
                        .map_err(|e| Error::build("BatchGetItem", e))?;
                    let output = self
                        .client()
                        .batch_get_item()
                        .request_items(self.table_name(), request)
                        .send()
                        .instrument(self.span("BatchGetItem"))
                        .await
                        .map_err(|e| Error::sdk("BatchGetItem", e))?;
                    if let Some(items) = output
                        .responses
                        .and_then(|mut tables| tables.remove(self.table_name()))
                    {
                        read.extend(items);
                    }
                    Ok(output
                        .unprocessed_keys
                        .and_then(|mut tables| tables.remove(self.table_name()))
                        .map(|k| k.keys)
                        .unwrap_or_default())
                },
            )
            .await?;
        if let Some(Exhausted { left, attempts }) = exhausted {
            return Err(Error::UnprocessedKeys {
                operation: "BatchGetItem",
                remaining: left.len(),
                attempts,
                keys: left,
                read,
            });
        }
        Ok(read)
    }
}
