//! [`BatchDelete`]: `BatchWriteItem` deletes of many keys, streamed, retried, with an exact
//! account when the batch stops on an error (docs/semantics.md §5).

use std::fmt;
use std::future::{Future, IntoFuture};
use std::marker::PhantomData;
use std::pin::Pin;

use aws_sdk_dynamodb::types::{DeleteRequest, WriteRequest};
use dynakey::{Entity, InTable, Key, Table};

use super::driver::{self, FirstOccurrences, KeyStrings};
use super::no_progress;
use super::writes::{refuse_unique, strings, write_result, Writes};
use crate::convert::key_to_attributes;
use crate::db::Db;
use crate::error::{BatchReport, Error};
use crate::measures::{self, Labels};
use crate::sdk::build_error;

/// `BatchWriteItem` deletes of the items with the given keys, made by [`Db::batch_delete`];
/// `.on_progress(…)`, then `.await`. As a [`BatchPut`](crate::BatchPut) writes: streamed in
/// requests of at most 25 with at most [`batch_concurrency`](Db::batch_concurrency) in flight,
/// retried the same way. `keys` is iterated once; a key given more than once is deleted once, at
/// its first position. Deleting a key that has no item is not an error.
///
/// # Errors (of `.await`)
/// [`Error::UniqueInBatch`] for an entity with `#[unique(…)]`, before any request;
/// [`Error::BatchWrite`] as for a [`BatchPut`](crate::BatchPut): every delete not applied or with
/// an unknown outcome is in the account, with its key
/// ([`BatchEntry::key`](crate::BatchEntry::key)) and position; all others were applied.
#[must_use = "a batch does nothing until it is awaited"]
pub struct BatchDelete<'a, T: Table, E, K, P = fn(usize)> {
    db: Db<T>,
    keys: K,
    progress: P,
    entity: PhantomData<fn() -> &'a E>,
}

impl<T: Table, E, K, P> fmt::Debug for BatchDelete<'_, T, E, K, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BatchDelete")
            .field("table", &self.db.table_name())
            .finish_non_exhaustive()
    }
}

impl<T: Table> Db<T> {
    /// A batch that deletes the items with the given keys (`BatchWriteItem` delete requests);
    /// `.await` it (see [`BatchDelete`]).
    pub fn batch_delete<'a, E, K>(&self, keys: K) -> BatchDelete<'a, T, E, K>
    where
        E: InTable<T> + 'a,
        K: IntoIterator<Item = &'a Key<E>>,
    {
        BatchDelete::of(self.bulk(), keys)
    }
}

impl<'a, T: Table, E, K> BatchDelete<'a, T, E, K> {
    /// The batch that deletes `keys` (`Db::batch_delete` checks the entity's table).
    pub(super) fn of(db: Db<T>, keys: K) -> Self {
        BatchDelete {
            db,
            keys,
            progress: no_progress as fn(usize),
            entity: PhantomData,
        }
    }
}

impl<'a, T: Table, E, K, P> BatchDelete<'a, T, E, K, P> {
    /// Calls `progress(n)` after each request with the number of items it deleted, so the `n`s
    /// add up to [`BatchReport::items`].
    pub fn on_progress<Q: FnMut(usize)>(self, progress: Q) -> BatchDelete<'a, T, E, K, Q> {
        BatchDelete {
            db: self.db,
            keys: self.keys,
            progress,
            entity: PhantomData,
        }
    }
}

// Only `Db::batch_delete` makes a `BatchDelete`, and it requires `E: InTable<T>`.
impl<'a, T, E, K, P> BatchDelete<'a, T, E, K, P>
where
    T: Table,
    E: Entity + 'a,
    K: IntoIterator<Item = &'a Key<E>>,
    P: FnMut(usize),
{
    /// Sends the batch (what `.await` does; this future need not be `Send`).
    ///
    /// # Errors
    /// As [`BatchDelete`].
    pub async fn send(self) -> Result<BatchReport, Error> {
        measures::labelled(Labels::of::<E>(None, "batch_delete"), self.run()).await
    }

    async fn run(self) -> Result<BatchReport, Error> {
        self.send_as("batch_delete").await
    }

    /// Sends the batch, refusing an entity with uniqueness items as `operation`.
    pub(super) async fn send_as(self, operation: &'static str) -> Result<BatchReport, Error> {
        refuse_unique::<E>(operation)?;
        let mut entries = FirstOccurrences::new(self.keys, strings::<E>);
        let op = Writes {
            db: &self.db,
            render: delete_request::<E>,
            source: PhantomData,
        };
        let (policy, concurrency) = (self.db.retry_policy(), self.db.batch_concurrency());
        let run = driver::run(&op, policy, concurrency, &mut entries, self.progress).await;
        write_result(run, entries.duplicates)
    }
}

impl<'a, T, E, K, P> IntoFuture for BatchDelete<'a, T, E, K, P>
where
    T: Table + 'a,
    E: Entity + 'a,
    Key<E>: Sync,
    K: IntoIterator<Item = &'a Key<E>> + Send + 'a,
    K::IntoIter: Send,
    P: FnMut(usize) + Send + 'a,
{
    type Output = Result<BatchReport, Error>;
    type IntoFuture = Pin<Box<dyn Future<Output = Self::Output> + Send + 'a>>;

    fn into_future(self) -> Self::IntoFuture {
        Box::pin(BatchDelete::send(self))
    }
}

/// The delete request of one key.
fn delete_request<E: Entity>(key: &Key<E>) -> Result<WriteRequest, Error> {
    let delete = DeleteRequest::builder()
        .set_key(Some(key_to_attributes(key)))
        .build()
        .map_err(|e| build_error("BatchWriteItem", e))?;
    Ok(WriteRequest::builder().delete_request(delete).build())
}

/// Deletes the items at `keys` (table `T`'s key values) in `BatchWriteItem` requests, as a
/// [`BatchDelete`] does; entry positions are positions in `keys`. For [`Db::delete_all`] on a
/// table that lists its entities, whose keys are of several entities.
pub(super) async fn delete_key_strings<T: Table>(
    db: &Db<T>,
    keys: &[KeyStrings],
    progress: impl FnMut(usize),
) -> Result<BatchReport, Error> {
    let mut entries = FirstOccurrences::new(keys, Clone::clone);
    let op = Writes {
        db,
        render: delete_request_at::<T>,
        source: PhantomData,
    };
    let (policy, concurrency) = (db.retry_policy(), db.batch_concurrency());
    let run = driver::run(&op, policy, concurrency, &mut entries, progress).await;
    write_result(run, entries.duplicates)
}

/// The delete request of the item at `key`, given as table `T`'s key values.
fn delete_request_at<T: Table>((partition, sort): &KeyStrings) -> Result<WriteRequest, Error> {
    let mut key = std::collections::HashMap::from([(
        T::PARTITION_KEY.to_owned(),
        aws_sdk_dynamodb::types::AttributeValue::S(partition.clone()),
    )]);
    if let (Some(name), Some(sort)) = (T::SORT_KEY, sort) {
        key.insert(
            name.to_owned(),
            aws_sdk_dynamodb::types::AttributeValue::S(sort.clone()),
        );
    }
    let delete = DeleteRequest::builder()
        .set_key(Some(key))
        .build()
        .map_err(|e| build_error("BatchWriteItem", e))?;
    Ok(WriteRequest::builder().delete_request(delete).build())
}
