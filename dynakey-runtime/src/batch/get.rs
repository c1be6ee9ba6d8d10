//! [`BatchGet`]: `BatchGetItem` reads of many keys with DynamoDB's limits handled
//! (docs/semantics.md §5), streaming over the keys with a bounded number of requests in flight,
//! and an exact account when it stops on an error ([`BatchGetFailure`]).

use std::fmt;
use std::future::{Future, IntoFuture};
use std::marker::PhantomData;
use std::pin::Pin;

use aws_sdk_dynamodb::types::KeysAndAttributes;
use dynakey::{Entity, InTable, Key, Table};
use serde::de::DeserializeOwned;

use super::driver::{self, Failure, FirstOccurrences, Op, Sent};
use super::no_progress;
use super::writes::strings;
use crate::convert::{key_to_attributes, Item};
use crate::db::Db;
use crate::error::{BatchGetFailure, Error};
use crate::item::{from_item_in, key_strings};
use crate::limits::MAX_BATCH_GET;
use crate::measures::{self, Labels};
use crate::sdk::{build_error, Attempts, Idempotence, Sending};

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

    fn send(
        &self,
        keys: Vec<Item>,
        mut again: impl FnMut() -> Option<Vec<Self::Request>>,
        first: u32,
        last: u32,
    ) -> impl Future<Output = (Result<Sent, Failure>, Attempts)> {
        let db = self.db;
        async move {
            let how = Sending::policy(first, last, Idempotence::Idempotent);
            let build = |keys: Vec<Item>| {
                let keys = KeysAndAttributes::builder().set_keys(Some(keys)).build()?;
                Ok(db
                    .edge()
                    .client_for(&how)
                    .batch_get_item()
                    .request_items(db.table_name(), keys))
            };
            let request = match build(keys) {
                Ok(request) => request,
                Err(e) => {
                    let error = build_error("BatchGetItem", e);
                    return (Err(Failure { error, retry: None }), Attempts::default());
                }
            };
            let again = || again().and_then(|keys| build(keys).ok());
            let (result, sends) = db.edge().send_made(request, again, how).await;
            let output = match result {
                Ok(output) => output,
                Err(failed) => {
                    let retry = failed.retry.clone();
                    let error = failed.into_error();
                    return (Err(Failure { error, retry }), sends);
                }
            };
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
            (Ok(Sent { unprocessed, read }), sends)
        }
    }
}

/// `BatchGetItem` reads of the items with the given keys (eventually consistent; AWS developer
/// guide, "Batch operations — BatchGetItem"), e.g. the keys an index query returned with
/// [`Query::keys`](crate::Query::keys), made by [`Db::batch_get`]; `.on_progress(…)`, then
/// `.await`.
///
/// - Duplicate keys are merged (DynamoDB rejects a batch with duplicate keys): each item is
///   read and returned once.
/// - `keys` is streamed into requests of at most [`MAX_BATCH_GET`](crate::limits::MAX_BATCH_GET)
///   (100) keys, at most [`batch_concurrency`](Db::batch_concurrency) in flight (default 4).
/// - `UnprocessedKeys` (throttling, or a response that reached 16 MB), throttling errors, 5xx
///   responses, timeouts and dropped connections are retried per the `Db`'s
///   [`RetryPolicy`](crate::RetryPolicy) (backoff with jitter; [`Db::with_retry_policy`]); a
///   validation error is not.
///
/// It returns the items found, in the order of their keys' first occurrence in `keys`; a key
/// with no item is skipped (compare with the keys to find which), never an error.
///
/// # Errors (of `.await`)
/// [`Error::BatchGet`] when a request fails for good (a non-retryable error, or the retry
/// budget ran out; no new request is started, those in flight finish) or an item does not
/// decode into `E`: the [`BatchGetFailure`] holds every item read (in key order) and every key
/// not read (in input order), with the cause. Nothing is dropped;
/// `failure.remaining(&keys)` is what to read again.
#[must_use = "a batch does nothing until it is awaited"]
pub struct BatchGet<'a, T: Table, E, K, P = fn(usize)> {
    db: Db<T>,
    keys: K,
    progress: P,
    entity: PhantomData<fn() -> &'a E>,
}

impl<T: Table, E, K, P> fmt::Debug for BatchGet<'_, T, E, K, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BatchGet")
            .field("table", &self.db.table_name())
            .finish_non_exhaustive()
    }
}

impl<T: Table> Db<T> {
    /// A batch that reads the items with the given keys; `.await` it (see [`BatchGet`]).
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
    pub fn batch_get<'a, E, K>(&self, keys: K) -> BatchGet<'a, T, E, K>
    where
        E: InTable<T> + DeserializeOwned + 'a,
        K: IntoIterator<Item = &'a Key<E>>,
    {
        BatchGet {
            db: self.bulk(),
            keys,
            progress: no_progress as fn(usize),
            entity: PhantomData,
        }
    }
}

impl<'a, T: Table, E, K, P> BatchGet<'a, T, E, K, P> {
    /// Calls `progress(n)` after each request with the number of keys it read (with or without
    /// an item).
    pub fn on_progress<Q: FnMut(usize)>(self, progress: Q) -> BatchGet<'a, T, E, K, Q> {
        BatchGet {
            db: self.db,
            keys: self.keys,
            progress,
            entity: PhantomData,
        }
    }
}

// Only `Db::batch_get` makes a `BatchGet`, and it requires `E: InTable<T>`.
impl<'a, T, E, K, P> BatchGet<'a, T, E, K, P>
where
    T: Table,
    E: Entity<Table = T> + DeserializeOwned + 'a,
    K: IntoIterator<Item = &'a Key<E>>,
    P: FnMut(usize),
{
    /// Sends the batch (what `.await` does; this future need not be `Send`).
    ///
    /// # Errors
    /// As [`BatchGet`].
    pub async fn send(self) -> Result<Vec<E>, Error> {
        measures::labelled(Labels::of::<E>(None, "batch_get"), self.run()).await
    }

    async fn run(self) -> Result<Vec<E>, Error> {
        let op = Gets::<T, E> {
            db: &self.db,
            entity: PhantomData,
        };
        let entries = FirstOccurrences::new(self.keys, strings::<E>);
        let (policy, concurrency) = (self.db.retry_policy(), self.db.batch_concurrency());
        let mut run = driver::run(&op, policy, concurrency, entries, self.progress).await;
        run.read.sort_by_key(|(position, _)| *position);
        // Another shape's copy during a key change is no item of `E` (docs/semantics.md §10).
        let read: Vec<Item> = run
            .read
            .into_iter()
            .map(|(_, item)| item)
            .filter(|item| !crate::item::is_other_shape_copy::<E>(item))
            .collect();
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

impl<'a, T, E, K, P> IntoFuture for BatchGet<'a, T, E, K, P>
where
    T: Table + 'a,
    E: Entity<Table = T> + DeserializeOwned + Send + 'a,
    Key<E>: Sync,
    K: IntoIterator<Item = &'a Key<E>> + Send + 'a,
    K::IntoIter: Send,
    P: FnMut(usize) + Send + 'a,
{
    type Output = Result<Vec<E>, Error>;
    type IntoFuture = Pin<Box<dyn Future<Output = Self::Output> + Send + 'a>>;

    fn into_future(self) -> Self::IntoFuture {
        Box::pin(BatchGet::send(self))
    }
}
