//! Batch writes: [`Db::batch_put`] and [`Db::batch_delete`] with DynamoDB's limits handled (docs/semantics.md §5),
//! streaming over their input with a bounded number of requests in flight, and an exact account
//! when they stop on an error ([`BatchWriteFailure`]).

use std::collections::HashMap;
use std::future::Future;
use std::marker::PhantomData;

use aws_sdk_dynamodb::config::retry::RetryConfig;
use aws_sdk_dynamodb::types::{DeleteRequest, PutRequest, WriteRequest};
use dynakey::{Entity, InTable, Key, Table};
use serde::Serialize;
use tracing::Instrument;

use crate::batch::driver::{self, Entry, FirstOccurrences, KeyStrings, Op, Run, Sent};
pub use crate::batch::BatchReport;
use crate::batch::BatchWriteFailure;
use crate::collection::Item;
use crate::convert::key_to_attributes;
use crate::db::Db;
use crate::error::Error;
use crate::item::{check_item, key_strings, to_item};
use crate::retry::{classify, Failure};

/// The most write requests one `BatchWriteItem` call may carry (AWS developer guide, "Service,
/// account, and table quotas — BatchWriteItem": 25 put or delete requests).
pub const MAX_BATCH_WRITE: usize = 25;

/// A per-request configuration that switches the SDK's own retries off, for requests the batch
/// driver retries itself.
pub(crate) fn without_sdk_retries() -> aws_sdk_dynamodb::config::Builder {
    aws_sdk_dynamodb::config::Builder::default().retry_config(RetryConfig::disabled())
}

/// `BatchWriteItem` requests made by `render` from each entry's source.
struct Writes<'d, T: Table, S: ?Sized, F> {
    db: &'d Db<T>,
    render: F,
    source: PhantomData<fn(&S)>,
}

impl<T, S, F> Op for Writes<'_, T, S, F>
where
    T: Table,
    S: ?Sized,
    F: Fn(&S) -> Result<WriteRequest, Error>,
{
    type Source = S;
    type Request = WriteRequest;
    const OPERATION: &'static str = "BatchWriteItem";
    const UNPROCESSED: &'static str = "UnprocessedItems";
    const MAX: usize = MAX_BATCH_WRITE;

    fn request(&self, source: &S) -> Result<WriteRequest, Error> {
        (self.render)(source)
    }

    fn send(
        &self,
        requests: Vec<WriteRequest>,
    ) -> impl Future<Output = Result<Sent, Failure>> + Send {
        let db = self.db;
        async move {
            let output = db
                .client()
                .batch_write_item()
                .request_items(db.table_name(), requests)
                .customize()
                .config_override(without_sdk_retries())
                .send()
                .instrument(db.span("BatchWriteItem"))
                .await
                .map_err(|e| classify("BatchWriteItem", e))?;
            let unprocessed = output
                .unprocessed_items
                .and_then(|mut tables| tables.remove(db.table_name()))
                .unwrap_or_default()
                .iter()
                .filter_map(|w| {
                    let attributes = match (w.put_request(), w.delete_request()) {
                        (Some(put), _) => put.item(),
                        (None, Some(delete)) => delete.key(),
                        (None, None) => return None,
                    };
                    let (partition, sort) = key_strings::<T>(attributes);
                    Some((partition.unwrap_or_default(), sort))
                })
                .collect();
            Ok(Sent {
                unprocessed,
                read: Vec::new(),
            })
        }
    }
}

/// Takes the string value of attribute `name` out of `item`.
fn take_string(item: &mut Item, name: &str) -> Option<String> {
    match item.remove(name) {
        Some(aws_sdk_dynamodb::types::AttributeValue::S(s)) => Some(s),
        _ => None,
    }
}

/// The put request of one entity.
fn put_request<E: Entity + Serialize>(entity: &E) -> Result<WriteRequest, Error> {
    let put = PutRequest::builder()
        .set_item(Some(to_item(entity)?))
        .build()
        .map_err(|e| Error::build("BatchWriteItem", e))?;
    Ok(WriteRequest::builder().put_request(put).build())
}

/// The delete request of one key.
fn delete_request<E: Entity>(key: &Key<E>) -> Result<WriteRequest, Error> {
    let delete = DeleteRequest::builder()
        .set_key(Some(key_to_attributes(key)))
        .build()
        .map_err(|e| Error::build("BatchWriteItem", e))?;
    Ok(WriteRequest::builder().delete_request(delete).build())
}

/// The key strings of a typed key.
pub(crate) fn strings<E: Entity>(key: &Key<E>) -> KeyStrings {
    (key.partition().to_owned(), key.sort().map(str::to_owned))
}

impl<T: Table> Db<T> {
    /// Writes every item of `items` (`BatchWriteItem` put requests), replacing existing items with
    /// the same keys; see [`batch_put_with_progress`](Self::batch_put_with_progress).
    ///
    /// ```no_run
    /// # use dynakey::Entity;
    /// # #[derive(Entity, serde::Serialize)]
    /// # #[pk("ACCT#<account>")]
    /// # #[sk("<id>")]
    /// # struct Node { account: String, id: u32 }
    /// # async fn run(db: dynakey_runtime::Db, nodes: Vec<Node>) -> Result<(), dynakey_runtime::Error> {
    /// let report = db.batch_put(&nodes).await?;
    /// let report = db.batch_put(nodes.iter().filter(|n| n.id > 10)).await?;
    /// println!("{} items in {} requests", report.items, report.requests);
    /// # Ok(()) }
    /// ```
    ///
    /// # Errors
    /// As [`batch_put_with_progress`](Self::batch_put_with_progress).
    pub async fn batch_put<'a, E, I>(&self, items: I) -> Result<BatchReport, Error>
    where
        E: InTable<T> + Serialize + 'a,
        I: IntoIterator<Item = &'a E> + Clone,
    {
        self.batch_put_with_progress(items, |_| {}).await
    }

    /// Writes every item of `items` with `BatchWriteItem` (AWS developer guide, "Batch operations"),
    /// calling `progress(n)` after each request with the number of items it wrote, so the `n`s add
    /// up to [`BatchReport::items`] (e.g. `|n| bar.inc(n as u64)` for a progress bar).
    ///
    /// - **Validated first**: every item is serialised, its keys built and checked against
    ///   DynamoDB's item rules ([`check_item`]: 400 KB, numbers, empty
    ///   sets, nesting) before the first request, and then dropped; an invalid item means nothing
    ///   is written. Only the keys are held, so `items` is iterated twice: it must yield the same
    ///   items both times (`&Vec<E>`, slices, `iter().filter(…)` do).
    /// - **Duplicates merged**: entries with the same primary key are merged, the last one wins
    ///   (DynamoDB rejects a batch with duplicate keys); it is written when the input reaches it.
    /// - **Streamed**: items are serialised as requests of at most [`MAX_BATCH_WRITE`] (25) are
    ///   made, with at most [`batch_concurrency`](Db::batch_concurrency) requests in flight
    ///   (default 4; [`Db::with_batch_concurrency`]); memory does not grow with the input beyond its
    ///   keys.
    /// - **Retried**: `UnprocessedItems`, throttling, 5xx responses, timeouts and dropped
    ///   connections are retried per the `Db`'s [`RetryPolicy`](crate::RetryPolicy) (backoff with
    ///   jitter; [`Db::with_retry_policy`]); a validation error is not.
    ///
    /// Batch writes are not atomic: each put succeeds or fails on its own.
    ///
    /// # Errors
    /// - [`Error::UniqueInBatch`] for an entity with `#[unique(…)]`, [`Error::Key`],
    ///   [`Error::Serialize`], [`Error::KeyAttributeCollision`],
    ///   [`Error::KeyTemplateConflict`], [`Error::EntityTypeCollision`], [`Error::InvalidItem`]
    ///   before any request: nothing was written;
    /// - [`Error::BatchWrite`] once requests were sent, when one fails for good (a non-retryable
    ///   error, or the retry budget ran out): no new request is started, those in flight finish,
    ///   and the [`BatchWriteFailure`] lists every write not applied and every write whose outcome
    ///   is unknown (a request that may have reached DynamoDB), in input order, with the cause;
    ///   every other write was applied. Nothing is dropped; `failure.remaining(&items)` is what to
    ///   send again.
    pub async fn batch_put_with_progress<'a, E, I>(
        &self,
        items: I,
        progress: impl FnMut(usize),
    ) -> Result<BatchReport, Error>
    where
        E: InTable<T> + Serialize + 'a,
        I: IntoIterator<Item = &'a E> + Clone,
    {
        refuse_unique::<E>("batch_put")?;
        // Pass 1: validate everything and find each key's last entry, holding only keys.
        let mut last: HashMap<KeyStrings, usize> = HashMap::new();
        let mut entries = 0;
        for (position, entity) in items.clone().into_iter().enumerate() {
            let mut item = to_item(entity)?;
            let checked = check_item(&item);
            let partition = take_string(&mut item, T::PARTITION_KEY).unwrap_or_default();
            let sort = T::SORT_KEY.and_then(|name| take_string(&mut item, name));
            if let Err(problem) = checked {
                return Err(Error::InvalidItem {
                    partition,
                    sort,
                    problem,
                });
            }
            last.insert((partition, sort), position);
            entries += 1;
        }
        let duplicates = entries - last.len();
        let mut winners: Vec<(usize, KeyStrings)> = last
            .into_iter()
            .map(|(key, position)| (position, key))
            .collect();
        winners.sort_unstable_by_key(|(position, _)| *position);

        // Pass 2: stream the winners into requests.
        let mut winners = winners.into_iter().peekable();
        let entries = items
            .into_iter()
            .enumerate()
            .filter_map(move |(position, entity)| {
                let (_, key) = winners.next_if(|(p, _)| *p == position)?;
                Some(Entry::new(position, key, entity))
            });
        let op = Writes {
            db: self,
            render: put_request::<E>,
            source: PhantomData,
        };
        let run = driver::run(&op, self.retry, self.batch_concurrency, entries, progress).await;
        write_result(run, duplicates)
    }

    /// Deletes the items with the given keys (`BatchWriteItem` delete requests); see
    /// [`batch_delete_with_progress`](Self::batch_delete_with_progress).
    ///
    /// # Errors
    /// As [`batch_delete_with_progress`](Self::batch_delete_with_progress).
    pub async fn batch_delete<'a, E>(
        &self,
        keys: impl IntoIterator<Item = &'a Key<E>>,
    ) -> Result<BatchReport, Error>
    where
        E: InTable<T> + 'a,
    {
        self.batch_delete_with_progress(keys, |_| {}).await
    }

    /// Deletes the items with the given keys, as
    /// [`batch_put_with_progress`](Self::batch_put_with_progress) writes: streamed in requests of at
    /// most 25 with at most [`batch_concurrency`](Db::batch_concurrency) in flight, retried the
    /// same way, `progress(n)` after each request. `keys` is iterated once; a key given more than
    /// once is deleted once, at its first position. Deleting a key that has no item is not an
    /// error.
    ///
    /// # Errors
    /// [`Error::UniqueInBatch`] for an entity with `#[unique(…)]`, before any request;
    /// [`Error::BatchWrite`] as for [`batch_put_with_progress`](Self::batch_put_with_progress):
    /// every delete not applied or with an unknown outcome is in the account, with its key
    /// ([`BatchEntry::key`](crate::batch::BatchEntry::key)) and position; all others were applied.
    pub async fn batch_delete_with_progress<'a, E>(
        &self,
        keys: impl IntoIterator<Item = &'a Key<E>>,
        progress: impl FnMut(usize),
    ) -> Result<BatchReport, Error>
    where
        E: InTable<T> + 'a,
    {
        refuse_unique::<E>("batch_delete")?;
        let mut entries = FirstOccurrences::new(keys, strings::<E>);
        let op = Writes {
            db: self,
            render: delete_request::<E>,
            source: PhantomData,
        };
        let run = driver::run(
            &op,
            self.retry,
            self.batch_concurrency,
            &mut entries,
            progress,
        )
        .await;
        write_result(run, entries.duplicates)
    }
}

/// `BatchWriteItem` has no conditions, so it cannot keep an entity's uniqueness items.
fn refuse_unique<E: Entity>(operation: &'static str) -> Result<(), Error> {
    if E::UNIQUE.is_empty() {
        Ok(())
    } else {
        Err(Error::UniqueInBatch {
            entity: E::ENTITY_NAME,
            operation,
        })
    }
}

/// The report of a finished batch write, or its account.
fn write_result(run: Run, duplicates: usize) -> Result<BatchReport, Error> {
    let report = BatchReport {
        requests: run.requests,
        items: run.processed,
        retries: run.retries,
        duplicates,
    };
    match run.stop {
        None => Ok(report),
        Some(stop) => Err(Error::BatchWrite(Box::new(BatchWriteFailure {
            operation: "BatchWriteItem",
            report,
            not_applied: stop.not_applied,
            unknown: stop.unknown,
            attempts: stop.attempts,
            cause: stop.cause,
        }))),
    }
}
