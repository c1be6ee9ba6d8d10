//! [`DeleteAll`]: delete every item of a query — a partition, a group of it, or what an index
//! query finds — in batches, with the batch rules (nothing lost, an exact account on error,
//! progress).

use std::fmt;
use std::future::{Future, IntoFuture};
use std::marker::PhantomData;
use std::pin::{pin, Pin};

use dynakey::{Entity, InTable, Key, KeyQuery, Table};
use futures::{StreamExt, TryStreamExt};

use super::delete::{delete_key_strings, BatchDelete};
use super::driver::KeyStrings;
use super::no_progress;
use super::window::Windows;
use super::writes::refuse_unique;
use crate::db::Db;
use crate::error::{BatchEntry, BatchReport, BatchWriteFailure, Error};
use crate::measures::{self, Labels};
use crate::read::{Keys, ListedKeys, Query};
use crate::single::write::delete_listed;

/// Deletes every item of entity `E` that a query reads, made by [`Db::delete_all`];
/// `.on_progress(…)`, then `.await`. `E::query("acme")`: the entity's items in the workspace
/// partition; `.begins_with(…)` a group of them; an index query: the items it finds. Two steps:
///
/// 1. **Read the keys**: the query is run as [`Query::keys`] (a `ProjectionExpression` of the
///    key attributes only, paged until no `LastEvaluatedKey` is left), every item checked
///    against `E`'s templates; an item of another entity fails the read
///    ([`Error::ForeignItem`]) and nothing is deleted. Up to 10,000 keys are held in memory (one
///    [`Key`] per item: its two key strings).
/// 2. **Delete them** as a [`BatchDelete`](crate::BatchDelete) does: `BatchWriteItem` requests
///    of 25 deletes, [`batch_concurrency`](Db::batch_concurrency) in flight, retried as every
///    batch is, `progress(n)` after each request with the number it deleted. A query of more
///    than 10,000 items is read a second time for this step, and its keys deleted 10,000 at a
///    time as they are read, so that memory does not grow with the query (it costs the read
///    capacity of the keys' read once more).
///
/// Items written into the range after step 1 are not deleted (of a query of more than 10,000
/// items, they may be: the second read finds them).
///
/// # On a table that lists its entities
/// (`#[derive(Table)]` on an enum, docs/semantics.md §4) the call deletes **every item of every
/// listed entity** the query reads, whatever entities its range holds: `E` only fixes the
/// partition and range (`Issue::query("acme")`: the org, its users, issues and comments). Step 1
/// reads the keys and entity-type attributes and stops, before any delete, at an item of no listed
/// entity ([`Error::ForeignItem`]) or a key two entities own ([`Error::Ambiguous`]), holding
/// every key it read (not 10,000 at most). Items of an
/// entity with `#[unique(…)]` are then deleted one transaction each with their uniqueness items
/// (as [`Db::delete`] does), after the batches: the report counts those in
/// [`BatchReport::uniqueness_items`], apart from the entities' own items in
/// [`items`](BatchReport::items) (and in `progress`); [`Error::BatchWrite`]'s account names every entry
/// by its position in the query's order. On a table that lists none, several entity types under
/// one partition are deleted by one call per entity.
///
/// # Errors (of `.await`)
/// - before any delete: [`Error::UniqueInBatch`] for an entity with `#[unique(…)]` (on a table
///   that lists no entities), the query's
///   [`Error::Key`], or a failed read ([`Error::Sdk`], [`Error::ForeignItem`]) — nothing was
///   deleted;
/// - [`Error::BatchWrite`]: the exact account of the delete step — every key not deleted or
///   of unknown outcome, in query order with its position
///   ([`BatchEntry::key`](crate::BatchEntry::key) gives it back as a `Key<E>`, or of its own
///   entity on a table that lists several); every other key read was deleted. Deletes are
///   idempotent: deleting the listed ones again is safe (an entity with `#[unique(…)]` with
///   [`Db::delete`], which keeps its uniqueness items).
#[must_use = "a batch does nothing until it is awaited"]
pub struct DeleteAll<'a, T: Table, E, I, P = fn(usize)> {
    keys: Query<T, E, I, Keys>,
    /// The same query, for the second read of a query of more than [`HELD`] keys.
    again: Query<T, E, I, Keys>,
    db: Db<T>,
    progress: P,
    /// How long `progress` may borrow what it updates.
    borrow: PhantomData<&'a ()>,
}

impl<T: Table, E, I, P> fmt::Debug for DeleteAll<'_, T, E, I, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DeleteAll")
            .field("keys", &self.keys)
            .finish_non_exhaustive()
    }
}

impl<T: Table> Db<T> {
    /// A batch that deletes every item of entity `E` that `query` reads; `.await` it (see
    /// [`DeleteAll`]).
    pub fn delete_all<'a, E, I, S, P>(&self, query: &KeyQuery<E, I, S, P>) -> DeleteAll<'a, T, E, I>
    where
        E: InTable<T> + Send + 'static,
    {
        DeleteAll {
            keys: self.bulk().query(query).keys(),
            again: self.bulk().query(query).keys(),
            db: self.bulk(),
            progress: no_progress as fn(usize),
            borrow: PhantomData,
        }
    }
}

impl<'a, T: Table, E, I, P> DeleteAll<'a, T, E, I, P> {
    /// Calls `progress(n)` after each delete request with the number of items it deleted.
    pub fn on_progress<Q: FnMut(usize) + 'a>(self, progress: Q) -> DeleteAll<'a, T, E, I, Q> {
        DeleteAll {
            keys: self.keys,
            again: self.again,
            db: self.db,
            progress,
            borrow: PhantomData,
        }
    }
}

// Only `Db::delete_all` makes a `DeleteAll`, and it requires `E: InTable<T>`.
impl<T, E, I, P> DeleteAll<'_, T, E, I, P>
where
    T: Table,
    E: Entity + Send + 'static,
    P: FnMut(usize),
{
    /// Sends the batch (what `.await` does; this future need not be `Send`).
    ///
    /// # Errors
    /// As [`DeleteAll`].
    pub async fn send(self) -> Result<BatchReport, Error> {
        measures::labelled(Labels::of::<E>(None, "delete_all"), self.run()).await
    }

    async fn run(self) -> Result<BatchReport, Error> {
        if !T::ENTITIES.is_empty() {
            return self.send_listed().await;
        }
        refuse_unique::<E>("delete_all")?;
        // Step 1: every key read and checked; held while there are at most `HELD`.
        let mut held: Vec<Key<E>> = Vec::new();
        let mut more = false;
        let mut keys = pin!(self.keys.items());
        while let Some(key) = keys.try_next().await.map_err(as_delete_all)? {
            if more {
                continue;
            }
            if held.len() == HELD {
                more = true;
                held = Vec::new();
                continue;
            }
            held.push(key);
        }
        if !more {
            return BatchDelete::of(self.db, &held)
                .on_progress(self.progress)
                .send_as("delete_all")
                .await;
        }
        // Step 2, for more: read again, deleting `HELD` keys at a time.
        let mut progress = self.progress;
        let mut windows = Windows::default();
        // Fused: a window that ends with the stream is followed by one more look.
        let mut keys = pin!(self.again.items().fuse());
        loop {
            let mut window: Vec<Key<E>> = Vec::with_capacity(HELD);
            while window.len() < HELD {
                match keys.try_next().await {
                    Ok(Some(key)) => window.push(key),
                    Ok(None) => break,
                    Err(cause) => return Err(windows.stopped(as_delete_all(cause))),
                }
            }
            if window.is_empty() {
                return Ok(windows.report());
            }
            let deleted = BatchDelete::of(self.db.clone(), &window)
                .on_progress(&mut progress)
                .send_as("delete_all")
                .await;
            windows.settle(window.len(), deleted)?;
        }
    }
}

impl<T, E, I, P> DeleteAll<'_, T, E, I, P>
where
    T: Table,
    E: Entity + Send + 'static,
    P: FnMut(usize),
{
    /// `delete_all` on a table that lists its entities: every item of a listed entity in the
    /// range, by batches, and one transaction per item of an entity with `#[unique(…)]`.
    async fn send_listed(self) -> Result<BatchReport, Error> {
        let read: Vec<(usize, KeyStrings)> = self
            .keys
            .with::<ListedKeys>()
            .items()
            .try_collect()
            .await
            .map_err(as_delete_all)?;
        // Query order is the position of every entry in the account.
        let (mut plain, mut plain_at, mut unique) = (Vec::new(), Vec::new(), Vec::new());
        for (position, (entity, key)) in read.into_iter().enumerate() {
            if T::ENTITIES[entity].unique().is_empty() {
                plain.push(key);
                plain_at.push(position);
            } else {
                unique.push((position, entity, key));
            }
        }
        let mut progress = self.progress;
        let not_sent = |from: usize| -> Vec<BatchEntry> {
            unique[from..]
                .iter()
                .map(|(position, _, key)| entry(*position, key))
                .collect()
        };
        let mut report = match delete_key_strings(&self.db, &plain, &mut progress).await {
            Ok(report) => report,
            Err(Error::BatchWrite(mut failure)) => {
                for e in failure.not_applied.iter_mut().chain(&mut failure.unknown) {
                    e.position = plain_at[e.position];
                }
                failure.not_applied.extend(not_sent(0));
                failure.not_applied.sort();
                return Err(Error::BatchWrite(failure));
            }
            Err(other) => return Err(other),
        };
        for (k, (position, entity, key)) in unique.iter().enumerate() {
            match delete_listed(&self.db, &T::ENTITIES[*entity], key.clone()).await {
                Ok(uniqueness_items) => {
                    report.items += 1;
                    report.uniqueness_items += uniqueness_items;
                    progress(1);
                }
                Err(cause) => {
                    let this = entry(*position, key);
                    let (mut not_applied, unknown, attempts) = match &cause {
                        Error::OutcomeUnknown(outcome) => {
                            (Vec::new(), vec![this], outcome.attempts)
                        }
                        _ => (vec![this], Vec::new(), 1),
                    };
                    not_applied.extend(not_sent(k + 1));
                    return Err(Error::BatchWrite(Box::new(BatchWriteFailure {
                        operation: "TransactWriteItems",
                        report,
                        not_applied,
                        unknown,
                        attempts,
                        cause,
                        not_written_from: None,
                    })));
                }
            }
        }
        Ok(report)
    }
}

/// The keys `delete_all` holds at once.
const HELD: usize = 10_000;

fn entry(position: usize, (partition, sort): &KeyStrings) -> BatchEntry {
    BatchEntry {
        position,
        partition: partition.clone(),
        sort: sort.clone(),
    }
}

/// A `ForeignItem` of the read, named as `delete_all`'s.
fn as_delete_all(e: Error) -> Error {
    match e {
        Error::ForeignItem {
            entity,
            partition,
            sort,
            reason,
            ..
        } => Error::ForeignItem {
            entity,
            partition,
            sort,
            reason,
            operation: "delete_all",
        },
        other => other,
    }
}

impl<'a, T, E, I, P> IntoFuture for DeleteAll<'a, T, E, I, P>
where
    T: Table + 'a,
    E: Entity + Send + Sync + 'static,
    I: 'a,
    P: FnMut(usize) + Send + 'a,
{
    type Output = Result<BatchReport, Error>;
    type IntoFuture = Pin<Box<dyn Future<Output = Self::Output> + Send + 'a>>;

    fn into_future(self) -> Self::IntoFuture {
        Box::pin(DeleteAll::send(self))
    }
}
