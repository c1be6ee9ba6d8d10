//! [`BatchPutStream`]: `BatchWriteItem` puts of the items of a stream, in windows, so that memory
//! does not grow with the input (issue #47; docs/semantics.md §5).

use std::fmt;
use std::future::{Future, IntoFuture};
use std::marker::PhantomData;
use std::pin::{pin, Pin};

use dynakey::{InTable, Table};
use futures::{Stream, StreamExt};
use serde::Serialize;

use super::no_progress;
use super::window::Windows;
use super::writes::refuse_unique;
use crate::db::Db;
use crate::error::{BatchReport, Error};
use crate::limits::MAX_BATCH_WRITE;

/// Requests per window for each request in flight: the window drains at its end (its last
/// requests run with fewer beside them), about half a request's time in this many rounds.
const ROUNDS_PER_WINDOW: usize = 32;

/// `BatchWriteItem` puts of every item of a stream, made by [`Db::batch_put_stream`];
/// `.on_progress(…)`, then `.await`.
///
/// The items are taken from the stream a **window** at a time — 25 ×
/// [`batch_concurrency`](Db::batch_concurrency) × 32 items (3,200 at the default concurrency of
/// 4) — and each window is written as one [`BatchPut`](crate::BatchPut) over it: validated
/// first, duplicates merged (the last one wins), requests of 25 with `batch_concurrency` in
/// flight, retried. The next window is taken when it is done, so memory holds one window, not the
/// input, and a key given in two windows is written twice, the later one last (DynamoDB keeps the
/// last write). Use it for inputs that do not fit in memory, or that are made as they are
/// written; [`Db::batch_put`] over a slice validates the whole input before the first request.
///
/// # Errors (of `.await`)
/// - As [`BatchPut`](crate::BatchPut) while nothing was written (an invalid item, an entity with
///   `#[unique(…)]`, in the first window);
/// - [`Error::BatchWrite`] otherwise: positions count from the start of the stream; the account
///   is the window's ([`BatchWriteFailure::not_applied`], [`BatchWriteFailure::unknown`]),
///   every earlier window was applied, and every entry from
///   [`BatchWriteFailure::not_written_from`] on was not written (the rest of the stream is not
///   read). An invalid item in a later window stops the batch before any request of that window:
///   its cause is the validation error, `not_written_from` the window's first position.
#[must_use = "a batch does nothing until it is awaited"]
pub struct BatchPutStream<'a, T: Table, E, S, P = fn(usize)> {
    db: Db<T>,
    items: S,
    progress: P,
    entity: PhantomData<fn() -> E>,
    /// How long the stream and `progress` may borrow what they use.
    borrow: PhantomData<&'a ()>,
}

impl<T: Table, E, S, P> fmt::Debug for BatchPutStream<'_, T, E, S, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BatchPutStream")
            .field("table", &self.db.table_name())
            .finish_non_exhaustive()
    }
}

impl<T: Table> Db<T> {
    /// A batch that writes every item of the stream `items` (`BatchWriteItem` put requests) a
    /// window at a time, holding one window in memory; `.await` it (see [`BatchPutStream`]). An
    /// iterator is a stream with `futures::stream::iter`.
    ///
    /// ```no_run
    /// # use dynakey::Entity;
    /// # #[derive(Entity, serde::Serialize)]
    /// # #[pk("ACCT#<account>")]
    /// # #[sk("<id>")]
    /// # struct Node { account: String, id: u32 }
    /// # async fn run(db: dynakey_runtime::Db) -> Result<(), dynakey_runtime::Error> {
    /// let nodes = (0..1_000_000).map(|id| Node { account: "a".into(), id });
    /// let report = db.batch_put_stream(futures::stream::iter(nodes)).await?;
    /// # Ok(()) }
    /// ```
    pub fn batch_put_stream<'a, E, S>(&self, items: S) -> BatchPutStream<'a, T, E, S>
    where
        E: InTable<T> + Serialize,
        S: Stream<Item = E>,
    {
        BatchPutStream {
            db: self.clone(),
            items,
            progress: no_progress as fn(usize),
            entity: PhantomData,
            borrow: PhantomData,
        }
    }
}

impl<'a, T: Table, E, S, P> BatchPutStream<'a, T, E, S, P> {
    /// Calls `progress(n)` after each request with the number of items it wrote.
    pub fn on_progress<Q: FnMut(usize)>(self, progress: Q) -> BatchPutStream<'a, T, E, S, Q> {
        BatchPutStream {
            db: self.db,
            items: self.items,
            progress,
            entity: PhantomData,
            borrow: PhantomData,
        }
    }
}

impl<T, E, S, P> BatchPutStream<'_, T, E, S, P>
where
    T: Table,
    E: InTable<T> + Serialize,
    S: Stream<Item = E>,
    P: FnMut(usize),
{
    /// Sends the batch (what `.await` does; this future need not be `Send`).
    ///
    /// # Errors
    /// As [`BatchPutStream`].
    pub async fn send(self) -> Result<BatchReport, Error> {
        refuse_unique::<E>("batch_put")?;
        let size = MAX_BATCH_WRITE * self.db.batch_concurrency().max(1) * ROUNDS_PER_WINDOW;
        // Fused: a window that ends with the stream is followed by one more look.
        let mut items = pin!(self.items.fuse());
        let mut progress = self.progress;
        let mut windows = Windows::default();
        let mut window: Vec<E> = Vec::with_capacity(size);
        loop {
            while window.len() < size {
                match items.next().await {
                    Some(item) => window.push(item),
                    None => break,
                }
            }
            if window.is_empty() {
                return Ok(windows.report());
            }
            let written = self
                .db
                .batch_put(&window)
                .on_progress(&mut progress)
                .send()
                .await;
            windows.settle(window.len(), written)?;
            window.clear();
        }
    }
}

impl<'a, T, E, S, P> IntoFuture for BatchPutStream<'a, T, E, S, P>
where
    T: Table + 'a,
    E: InTable<T> + Serialize + Send + Sync + 'a,
    S: Stream<Item = E> + Send + 'a,
    P: FnMut(usize) + Send + 'a,
{
    type Output = Result<BatchReport, Error>;
    type IntoFuture = Pin<Box<dyn Future<Output = Self::Output> + Send + 'a>>;

    fn into_future(self) -> Self::IntoFuture {
        Box::pin(BatchPutStream::send(self))
    }
}
