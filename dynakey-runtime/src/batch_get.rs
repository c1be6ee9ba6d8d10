//! Batch reads: [`Db::batch_get`] with DynamoDB's limits handled (docs/semantics.md §5), streaming over the keys
//! with a bounded number of requests in flight, and an exact account when it stops on an error
//! ([`BatchGetFailure`]).

use std::future::Future;
use std::marker::PhantomData;

use aws_sdk_dynamodb::types::KeysAndAttributes;
use dynakey::{Entity, InTable, Key, Table};
use serde::de::DeserializeOwned;
use tracing::Instrument;

use crate::batch::driver::{self, FirstOccurrences, Op, Sent};
use crate::batch::BatchGetFailure;
use crate::collection::Item;
use crate::convert::key_to_attributes;
use crate::db::Db;
use crate::error::Error;
use crate::item::{from_item_in, key_strings};
use crate::retry::{classify, Failure};
use crate::write::{strings, without_sdk_retries};

/// The most keys one `BatchGetItem` call may carry (AWS developer guide, "Service, account, and
/// table quotas — BatchGetItem": up to 100 items, 16 MB).
pub const MAX_BATCH_GET: usize = 100;

/// `BatchGetItem` requests for keys of `E`.
struct Gets<'d, T: Table, E> {
    db: &'d Db<T>,
    entity: PhantomData<fn() -> E>,
}

impl<T: Table, E: Entity<Table = T>> Op for Gets<'_, T, E> {
    type Source = Key<E>;
    type Request = Item;
    const OPERATION: &'static str = "BatchGetItem";
    const UNPROCESSED: &'static str = "UnprocessedKeys";
    const MAX: usize = MAX_BATCH_GET;

    fn request(&self, key: &Key<E>) -> Result<Item, Error> {
        Ok(key_to_attributes(key))
    }

    fn send(&self, keys: Vec<Item>) -> impl Future<Output = Result<Sent, Failure>> + Send {
        let db = self.db;
        async move {
            let request = KeysAndAttributes::builder()
                .set_keys(Some(keys))
                .build()
                .map_err(|e| Failure {
                    error: Error::build("BatchGetItem", e),
                    retry: None,
                    outcome: crate::retry::Outcome::NotApplied,
                })?;
            let output = db
                .client()
                .batch_get_item()
                .request_items(db.table_name(), request)
                .customize()
                .config_override(without_sdk_retries())
                .send()
                .instrument(db.span("BatchGetItem"))
                .await
                .map_err(|e| classify("BatchGetItem", e))?;
            let keyed = |item: &Item| {
                let (partition, sort) = key_strings::<T>(item);
                (partition.unwrap_or_default(), sort)
            };
            let read = output
                .responses
                .and_then(|mut tables| tables.remove(db.table_name()))
                .unwrap_or_default()
                .into_iter()
                .map(|item| (keyed(&item), item))
                .collect();
            let unprocessed = output
                .unprocessed_keys
                .and_then(|mut tables| tables.remove(db.table_name()))
                .map(|k| k.keys.iter().map(keyed).collect())
                .unwrap_or_default();
            Ok(Sent { unprocessed, read })
        }
    }
}

impl<T: Table> Db<T> {
    /// Reads the items with the given keys; see
    /// [`batch_get_with_progress`](Self::batch_get_with_progress).
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
    /// As [`batch_get_with_progress`](Self::batch_get_with_progress).
    pub async fn batch_get<'a, E>(
        &self,
        keys: impl IntoIterator<Item = &'a Key<E>>,
    ) -> Result<Vec<E>, Error>
    where
        E: InTable<T> + DeserializeOwned + 'a,
    {
        self.batch_get_with_progress(keys, |_| {}).await
    }

    /// Reads the items with the given keys (`BatchGetItem`, eventually consistent; AWS developer
    /// guide, "Batch operations — BatchGetItem"), e.g. the keys an index query returned with
    /// [`Query::keys`](crate::Query::keys), calling `progress(n)` after each request with the number
    /// of keys it read (with or without an item).
    ///
    /// - Duplicate keys are merged (DynamoDB rejects a batch with duplicate keys): each item is
    ///   read and returned once.
    /// - `keys` is streamed into requests of at most [`MAX_BATCH_GET`] (100) keys, at most
    ///   [`batch_concurrency`](Db::batch_concurrency) in flight (default 4).
    /// - `UnprocessedKeys` (throttling, or a response that reached 16 MB), throttling errors, 5xx
    ///   responses, timeouts and dropped connections are retried per the `Db`'s
    ///   [`RetryPolicy`](crate::RetryPolicy) (backoff with jitter; [`Db::with_retry_policy`]); a
    ///   validation error is not.
    ///
    /// Returns the items found, in the order of their keys' first occurrence in `keys`; a key with
    /// no item is skipped (compare with the keys to find which), never an error.
    ///
    /// # Errors
    /// [`Error::BatchGet`] when a request fails for good (a non-retryable error, or the retry
    /// budget ran out; no new request is started, those in flight finish) or an item does not
    /// decode into `E`: the [`BatchGetFailure`] holds every item read (in key order) and every key
    /// not read (in input order), with the cause. Nothing is dropped;
    /// `failure.remaining(&keys)` is what to read again.
    pub async fn batch_get_with_progress<'a, E>(
        &self,
        keys: impl IntoIterator<Item = &'a Key<E>>,
        progress: impl FnMut(usize),
    ) -> Result<Vec<E>, Error>
    where
        E: InTable<T> + DeserializeOwned + 'a,
    {
        let op = Gets::<T, E> {
            db: self,
            entity: PhantomData,
        };
        let entries = FirstOccurrences::new(keys, strings::<E>);
        let mut run = driver::run(&op, self.retry, self.batch_concurrency, entries, progress).await;
        run.read.sort_by_key(|(position, _)| *position);
        let read: Vec<Item> = run.read.into_iter().map(|(_, item)| item).collect();
        let (cause, attempts, not_read) = match run.stop {
            // Decoded from copies, so that an item that does not decode still leaves every item
            // read in the account.
            None => match read
                .iter()
                .map(|i| from_item_in::<T, E>(i.clone()))
                .collect()
            {
                Ok(items) => return Ok(items),
                Err(cause) => (cause, 0, Vec::new()),
            },
            // A read changes nothing, so "may have been applied" is just "not read" here.
            Some(stop) => {
                let mut not_read = stop.not_applied;
                not_read.extend(stop.unknown);
                not_read.sort_unstable_by_key(|e| e.position);
                (stop.cause, stop.attempts, not_read)
            }
        };
        Err(Error::BatchGet(Box::new(BatchGetFailure {
            operation: "BatchGetItem",
            read,
            not_read,
            attempts,
            cause,
        })))
    }
}
