//! [`Db::delete_all`]: delete every item of a query — a partition, a group of it, or what an
//! index query finds — in batches, with the batch rules (nothing lost, an exact account on
//! error, progress).

use dynakey::{InTable, Key, KeyQuery, Table};
use futures::TryStreamExt;

use crate::batch::BatchReport;
use crate::db::Db;
use crate::error::Error;

impl<T: Table> Db<T> {
    /// Deletes every item of entity `E` that `query` reads; see
    /// [`delete_all_with_progress`](Self::delete_all_with_progress).
    ///
    /// # Errors
    /// As [`delete_all_with_progress`](Self::delete_all_with_progress).
    pub async fn delete_all<E, I, S, P>(
        &self,
        query: &KeyQuery<E, I, S, P>,
    ) -> Result<BatchReport, Error>
    where
        E: InTable<T> + Send + 'static,
    {
        self.delete_all_with_progress(query, |_| {}).await
    }

    /// Deletes every item of entity `E` that `query` reads (`E::query("acme")`: the entity's
    /// items in the workspace partition; `.begins_with(…)` a group of them; an index query: the
    /// items it finds), in two steps:
    ///
    /// 1. **Read the keys**: the query is run as [`Query::keys`](crate::Query::keys) (a
    ///    `ProjectionExpression` of the key attributes only, paged until no
    ///    `LastEvaluatedKey` is left), every item checked against `E`'s templates; an item of
    ///    another entity fails the read ([`Error::ForeignItem`]) and nothing is deleted. The keys
    ///    are held in memory (one [`Key`] per item: its two key strings).
    /// 2. **Delete them** with [`batch_delete_with_progress`](Self::batch_delete_with_progress):
    ///    `BatchWriteItem` requests of 25 deletes, [`batch_concurrency`](Db::batch_concurrency) in
    ///    flight, retried as every batch is, `progress(n)` after each request with the number it
    ///    deleted.
    ///
    /// Items written into the range after step 1 are not deleted. Several entity types under one
    /// partition (a workspace and everything in it) are deleted by one call per entity.
    ///
    /// # Errors
    /// - before any delete: the query's [`Error::Key`], or a failed read ([`Error::Sdk`],
    ///   [`Error::ForeignItem`]) — nothing was deleted;
    /// - [`Error::BatchWrite`]: the exact account of the delete step — every key not deleted or
    ///   of unknown outcome, in query order with its position
    ///   ([`BatchEntry::key`](crate::BatchEntry::key) gives it back as a `Key<E>`); every other
    ///   key read was deleted.
    ///   Deletes are idempotent: sending the listed ones again is safe.
    pub async fn delete_all_with_progress<E, I, S, P>(
        &self,
        query: &KeyQuery<E, I, S, P>,
        progress: impl FnMut(usize),
    ) -> Result<BatchReport, Error>
    where
        E: InTable<T> + Send + 'static,
    {
        let keys: Vec<Key<E>> = self.query(query).keys().items().try_collect().await?;
        self.batch_delete_with_progress(&keys, progress).await
    }
}
