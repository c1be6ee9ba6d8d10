//! [`BatchPut`]: `BatchWriteItem` puts of many items, validated first, streamed, retried, with an
//! exact account when the batch stops on an error (docs/semantics.md §5).

use std::collections::HashMap;
use std::fmt;
use std::future::{Future, IntoFuture};
use std::marker::PhantomData;
use std::pin::Pin;
use std::sync::{Mutex, PoisonError};

use aws_sdk_dynamodb::types::{PutRequest, WriteRequest};
use dynakey::{Entity, InTable, Table};
use serde::Serialize;

use super::driver::{self, Entry, KeyStrings};
use super::no_progress;
use super::writes::{refuse_unique, write_result, Writes};
use crate::convert::Item;
use crate::db::Db;
use crate::error::{BatchReport, Error};
use crate::item::{checked_size, to_item};
use crate::limits::BATCH_PUT_HELD_BYTES;
use crate::sdk::build_error;

/// `BatchWriteItem` puts of every item of `items`, replacing existing items with the same keys,
/// made by [`Db::batch_put`]; `.on_progress(…)`, then `.await` (AWS developer guide, "Batch
/// operations").
///
/// - **Validated first**: every item is serialised, its keys built and checked against
///   DynamoDB's item rules ([`check_item`](crate::item::check_item): 400 KB, numbers, empty
///   sets, nesting) before the first request; an invalid item means nothing is written.
/// - **Serialised once**: `items` is iterated once; the items of the validation pass are kept
///   for their requests, up to 32 MiB of item size ([`item_size`](crate::item::item_size)), and
///   past that the entities are serialised again when their requests are made, so memory stays
///   bounded (an item held takes several times its item size).
/// - **Duplicates merged**: entries with the same primary key are merged, the last one wins
///   (DynamoDB rejects a batch with duplicate keys); it is written when the input reaches it.
/// - **Streamed**: requests of at most [`MAX_BATCH_WRITE`](crate::limits::MAX_BATCH_WRITE) (25)
///   items are made as they are sent, with at most [`batch_concurrency`](Db::batch_concurrency)
///   requests in flight (default 4; [`Db::with_batch_concurrency`]).
/// - **Retried**: `UnprocessedItems`, throttling, 5xx responses, timeouts and dropped
///   connections are retried per the `Db`'s [`RetryPolicy`](crate::RetryPolicy) (backoff with
///   jitter; [`Db::with_retry_policy`]); a validation error is not.
///
/// Batch writes are not atomic: each put succeeds or fails on its own.
///
/// # Errors (of `.await`)
/// - [`Error::UniqueInBatch`] for an entity with `#[unique(…)]`, [`Error::Key`],
///   [`Error::Serialize`], [`Error::KeyAttributeCollision`],
///   [`Error::KeyTemplateConflict`], [`Error::EntityTypeCollision`], [`Error::InvalidItem`]
///   before any request: nothing was written;
/// - [`Error::BatchWrite`] once requests were sent, when one fails for good (a non-retryable
///   error, or the retry budget ran out): no new request is started, those in flight finish,
///   and the [`BatchWriteFailure`](crate::BatchWriteFailure) lists every write not applied and every write whose outcome
///   is unknown (a request that may have reached DynamoDB), in input order, with the cause;
///   every other write was applied. Nothing is dropped; `failure.remaining(&items)` is what to
///   send again.
#[must_use = "a batch does nothing until it is awaited"]
pub struct BatchPut<'a, T: Table, E, I, P = fn(usize)> {
    db: Db<T>,
    items: I,
    progress: P,
    entity: PhantomData<fn() -> &'a E>,
}

impl<T: Table, E, I, P> fmt::Debug for BatchPut<'_, T, E, I, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BatchPut")
            .field("table", &self.db.table_name())
            .finish_non_exhaustive()
    }
}

impl<T: Table> Db<T> {
    /// A batch that writes every item of `items` (`BatchWriteItem` put requests), replacing
    /// existing items with the same keys; `.await` it (see [`BatchPut`] for validation,
    /// duplicates, streaming, retries and errors).
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
    pub fn batch_put<'a, E, I>(&self, items: I) -> BatchPut<'a, T, E, I>
    where
        E: InTable<T> + Serialize + 'a,
        I: IntoIterator<Item = &'a E> + Clone,
    {
        BatchPut {
            db: self.clone(),
            items,
            progress: no_progress as fn(usize),
            entity: PhantomData,
        }
    }
}

impl<'a, T: Table, E, I, P> BatchPut<'a, T, E, I, P> {
    /// Calls `progress(n)` after each request with the number of items it wrote, so the `n`s add
    /// up to [`BatchReport::items`] (e.g. `|n| bar.inc(n as u64)` for a progress bar).
    pub fn on_progress<Q: FnMut(usize)>(self, progress: Q) -> BatchPut<'a, T, E, I, Q> {
        BatchPut {
            db: self.db,
            items: self.items,
            progress,
            entity: PhantomData,
        }
    }
}

// Only `Db::batch_put` makes a `BatchPut`, and it requires `E: InTable<T>`: the bounds here do
// not repeat it, so an entity of another table is reported once, there.
impl<'a, T, E, I, P> BatchPut<'a, T, E, I, P>
where
    T: Table,
    E: Entity + Serialize + 'a,
    I: IntoIterator<Item = &'a E> + Clone,
    P: FnMut(usize),
{
    /// Sends the batch (what `.await` does; this future need not be `Send`).
    ///
    /// # Errors
    /// As [`BatchPut`].
    pub async fn send(self) -> Result<BatchReport, Error> {
        refuse_unique::<E>("batch_put")?;
        // Pass 1: serialise and validate everything, find each key's last entry, and keep the
        // serialised items (up to `BATCH_PUT_HELD_BYTES`) for their requests.
        let mut last: HashMap<KeyStrings, usize> = HashMap::new();
        let mut prepared: Vec<Prepared<'a, E>> = Vec::new();
        let mut held = 0usize;
        for (position, entity) in self.items.into_iter().enumerate() {
            let item = to_item(entity)?;
            let checked = checked_size(&item);
            let partition = string(&item, T::PARTITION_KEY).unwrap_or_default();
            let sort = T::SORT_KEY.and_then(|name| string(&item, name));
            let size = match checked {
                Ok(size) => size,
                Err(problem) => {
                    return Err(Error::InvalidItem {
                        partition,
                        sort,
                        problem,
                    })
                }
            };
            let key = (partition, sort);
            if let Some(earlier) = last.insert(key.clone(), position) {
                // The last entry with a key wins: the earlier one is not sent.
                prepared[earlier].winner = false;
                prepared[earlier].item = Mutex::new(None);
            }
            held += size;
            prepared.push(Prepared {
                key: Some(key),
                entity,
                item: Mutex::new((held <= BATCH_PUT_HELD_BYTES).then_some(item)),
                winner: true,
            });
        }
        let duplicates = prepared.len() - last.len();
        drop(last);

        // Pass 2: stream the winners into requests, in input order.
        let entries = prepared
            .iter_mut()
            .enumerate()
            .filter(|(_, p)| p.winner)
            .filter_map(|(position, p)| Some((position, p.key.take()?)))
            .collect::<Vec<_>>();
        let entries = entries
            .into_iter()
            .map(|(position, key)| Entry::new(position, key, &prepared[position]));
        let op = Writes {
            db: &self.db,
            render: put_request::<E>,
            source: PhantomData,
        };
        let (policy, concurrency) = (self.db.retry_policy(), self.db.batch_concurrency());
        let run = driver::run(&op, policy, concurrency, entries, self.progress).await;
        write_result(run, duplicates)
    }
}

/// One entry of a `batch_put`: its entity and, when held, the item the validation pass
/// serialised (taken by its first request; a resend serialises the entity again).
struct Prepared<'a, E> {
    /// Its key, until it is handed to the batch engine.
    key: Option<KeyStrings>,
    entity: &'a E,
    item: Mutex<Option<Item>>,
    /// `false` when a later entry has the same key.
    winner: bool,
}

impl<'a, T, E, I, P> IntoFuture for BatchPut<'a, T, E, I, P>
where
    T: Table + 'a,
    E: Entity + Serialize + Sync + 'a,
    I: IntoIterator<Item = &'a E> + Clone + Send + 'a,
    I::IntoIter: Send,
    P: FnMut(usize) + Send + 'a,
{
    type Output = Result<BatchReport, Error>;
    type IntoFuture = Pin<Box<dyn Future<Output = Self::Output> + Send + 'a>>;

    fn into_future(self) -> Self::IntoFuture {
        Box::pin(BatchPut::send(self))
    }
}

/// The string value of attribute `name` of `item`.
fn string(item: &Item, name: &str) -> Option<String> {
    match item.get(name) {
        Some(aws_sdk_dynamodb::types::AttributeValue::S(s)) => Some(s.clone()),
        _ => None,
    }
}

/// The put request of one entry: its held item, or its entity serialised.
fn put_request<E: Entity + Serialize>(entry: &Prepared<'_, E>) -> Result<WriteRequest, Error> {
    let held = entry
        .item
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .take();
    let item = match held {
        Some(item) => item,
        None => to_item(entry.entity)?,
    };
    let put = PutRequest::builder()
        .set_item(Some(item))
        .build()
        .map_err(|e| build_error("BatchWriteItem", e))?;
    Ok(WriteRequest::builder().put_request(put).build())
}
