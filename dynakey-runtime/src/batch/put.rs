//! [`BatchPut`]: `BatchWriteItem` puts of many items, validated first, streamed, retried, with an
//! exact account when the batch stops on an error (docs/semantics.md §5).

use std::collections::HashMap;
use std::fmt;
use std::future::{Future, IntoFuture};
use std::marker::PhantomData;
use std::pin::Pin;

use aws_sdk_dynamodb::types::{PutRequest, WriteRequest};
use dynakey::{Entity, InTable, Table};
use serde::Serialize;

use super::driver::{self, Entry, KeyStrings};
use super::no_progress;
use super::writes::{refuse_unique, write_result, Writes};
use crate::db::Db;
use crate::error::{BatchReport, Error};
use crate::item::screen::checked_key;
use crate::item::to_item;
use crate::measures::{self, Labels};
use crate::sdk::build_error;

/// `BatchWriteItem` puts of every item of `items`, replacing existing items with the same keys,
/// made by [`Db::batch_put`]; `.on_progress(…)`, then `.await` (AWS developer guide, "Batch
/// operations").
///
/// - **Validated first**: every item's keys are built and the item it serialises to is checked
///   against DynamoDB's item rules ([`check_item`](crate::item::check_item): 400 KB, numbers,
///   empty sets, nesting) before the first request; an invalid item means nothing is written.
///   The check walks the entity with serde without building the item where it can (strings,
///   numbers, lists, maps, structs and enums well inside the limits), and serialises it in full
///   otherwise (sets, an item its size bound puts over 400 KB, …), with the same result. Only
///   the keys are held, so `items` is iterated twice: it must yield the same items both times
///   (`&Vec<E>`, slices, `iter().filter(…)` do).
/// - **Duplicates merged**: entries with the same primary key are merged, the last one wins
///   (DynamoDB rejects a batch with duplicate keys); it is written when the input reaches it.
/// - **Streamed**: items are serialised as requests of at most
///   [`MAX_BATCH_WRITE`](crate::limits::MAX_BATCH_WRITE) (25) are made, with at most [`batch_concurrency`](Db::batch_concurrency) requests in flight
///   (default 4; [`Db::with_batch_concurrency`]); memory does not grow with the input beyond its
///   keys.
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
            db: self.bulk(),
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
        measures::labelled(Labels::of::<E>(None, "batch_put"), self.run()).await
    }

    async fn run(self) -> Result<BatchReport, Error> {
        refuse_unique::<E>("batch_put")?;
        // Pass 1: validate everything and find each key's last entry, holding only keys.
        let items = self.items.clone().into_iter();
        // Sized for the input at once (most inputs have no duplicates), not grown 17 times
        // over 100,000 keys.
        let mut last: HashMap<KeyStrings, usize> = HashMap::with_capacity(items.size_hint().0);
        let mut entries = 0;
        for (position, entity) in items.enumerate() {
            // Checked without building the item where the screen can vouch for it (issue #25).
            last.insert(checked_key(entity)?, position);
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
        let entries = self
            .items
            .into_iter()
            .enumerate()
            .filter_map(move |(position, entity)| {
                let (_, key) = winners.next_if(|(p, _)| *p == position)?;
                Some(Entry::new(position, key, entity))
            });
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

/// The put request of one entity.
fn put_request<E: Entity + Serialize>(entity: &E) -> Result<WriteRequest, Error> {
    let put = PutRequest::builder()
        .set_item(Some(to_item(entity)?))
        .build()
        .map_err(|e| build_error("BatchWriteItem", e))?;
    Ok(WriteRequest::builder().put_request(put).build())
}
