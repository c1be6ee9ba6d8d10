//! [`Scan`]: a typed Scan of one entity type — the table read segment by segment instead of by
//! key condition (AWS developer guide, "Scanning tables in DynamoDB"), through the same read
//! engine, owner check, filter and cursors as a [`Query`].

use std::sync::Arc;

use dynakey::__private::plan::QueryPlan;
use dynakey::{Cond, Cursor, Entity, InTable, PrimaryIndex, Table, TableItem, Whole};
use futures::stream::Stream;
use serde::de::DeserializeOwned;

use super::{As, Keys, Output, Page, Query, ReadProgress, TableItems, UnknownItems};
use crate::db::Db;
use crate::error::Error;
use crate::measures::Labels;

/// A Scan of entity `E`'s items on table `T`, decoded as `O`; made by [`Db::scan`], run by
/// [`items`](Self::items), [`pages`](Self::pages) or [`page`](Self::page). Nothing is sent
/// before a terminal runs.
///
/// - **Only `E`'s items.** A scan reads every item of the table; each is checked against `E`'s
///   key templates and entity-type attribute exactly as a query's items are, and any other item
///   goes to the [`unknown_items`](Self::unknown_items) policy: by default the read fails with
///   [`Error::ForeignItem`] (in a table shared with other entities, choose
///   [`UnknownItems::Skip`] or read pages with [`UnknownItems::Keep`]). When `E` declares an
///   entity-type attribute, the scan also sends `#type = :type` as a `FilterExpression`, so
///   other entities' items do not travel; the client check still decides.
/// - **Parallel.** [`segments(n)`](Self::segments) splits the scan into `n` segments (`Segment`,
///   `TotalSegments`: "Parallel scan"), asked concurrently, one request per segment at a time,
///   and delivered as one stream (merged by sort-key bytes, as a fan-out query's shards are: an
///   order of no meaning across partitions, but the same on every run).
/// - **Paging.** As for a query: `Limit` ([`page_size`](Self::page_size)) counts items
///   evaluated before the filter, `limit(n)` counts items delivered, a [`page`](Self::page) of
///   `n` is full, and paging goes on while a `LastEvaluatedKey` is present.
/// - **Cursors.** [`Page::next`] holds every segment's position (its whole
///   `LastEvaluatedKey`), bound to the table, the segment count, the filter and the entity;
///   signed or encrypted as a query's ([`Db::with_cursor_secret`]).
#[must_use = "a scan does nothing until one of its terminals (items, pages, page) runs"]
pub struct Scan<T: Table, E, O = Whole> {
    query: Query<T, E, PrimaryIndex, O>,
}

impl<T: Table, E, O> std::fmt::Debug for Scan<T, E, O> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Scan").field(&self.query).finish()
    }
}

impl<T: Table> Db<T> {
    /// A Scan of every item of entity `E` in the table (see [`Scan`]).
    pub fn scan<E>(&self) -> Scan<T, E>
    where
        E: InTable<T>,
    {
        Scan {
            query: Query::of_plan(
                self.bulk(),
                Ok(QueryPlan::scan::<E>()),
                Labels::of::<E>(None, "scan"),
            ),
        }
    }
}

impl<T: Table, E, O> Scan<T, E, O> {
    fn map_plan(
        mut self,
        change: impl FnOnce(&mut QueryPlan) -> Result<(), dynakey::KeyError>,
    ) -> Self {
        if let Ok(plan) = &mut self.query.plan {
            if let Err(e) = change(plan) {
                self.query.plan = Err(e);
            }
        }
        self
    }

    /// Names this scan's access pattern in its measures (label `pattern`, default `scan`; see
    /// [`Query::pattern`]).
    pub fn pattern(mut self, name: &'static str) -> Self {
        self.query = self.query.pattern(name);
        self
    }

    /// Adds `condition` to the `FilterExpression` (ANDed with earlier filters). A scan's filter
    /// may name any field, key fields included (AWS developer guide, "Filter expressions for
    /// Scan"); it is applied after reading, so filtered-out items still count towards a
    /// request's 1 MB, its `Limit` and its capacity.
    pub fn filter<S>(mut self, condition: Cond<E, S>) -> Self {
        self.query.add_filter(condition);
        self
    }

    /// A parallel scan of `n` segments (1 to 1,000,000; DynamoDB's `TotalSegments`), read
    /// concurrently. A bad `n` is [`Error::Key`] from the terminal, before any request.
    pub fn segments(self, n: u32) -> Self {
        self.map_plan(|plan| plan.set_segments(n))
    }

    /// At most `n` items delivered by one terminal (after the filter and the owner check: a page
    /// for [`page`](Self::page), in total for the streams).
    pub fn limit(self, n: u32) -> Self {
        self.map_plan(|plan| {
            plan.set_limit(Some(n));
            Ok(())
        })
    }

    /// `ConsistentRead = true` on every request (AWS developer guide, "Read consistency").
    pub fn consistent_read(self) -> Self {
        self.map_plan(|plan| {
            plan.set_consistent_read(true);
            Ok(())
        })
    }

    /// `Limit` of every request: at most `n` items evaluated per request (see
    /// [`Query::page_size`]).
    pub fn page_size(mut self, n: u32) -> Self {
        self.query = self.query.page_size(n);
        self
    }

    /// Calls `progress` after every response with the scan's [`ReadProgress`]: items evaluated
    /// (`ScannedCount`) and returned (`Count`) so far, summed over the segments, and the segments
    /// done out of all. Counts start at the terminal (a resumed scan counts from its cursor).
    pub fn on_progress(mut self, progress: impl Fn(ReadProgress) + Send + Sync + 'static) -> Self {
        self.query.progress = Some(Arc::new(progress));
        self
    }

    /// Pages of one request per segment: see [`Query::one_request_per_page`].
    pub fn one_request_per_page(mut self) -> Self {
        self.query = self.query.one_request_per_page();
        self
    }

    /// What the scan does with items that are not `E`'s: see [`Query::unknown_items`].
    pub fn unknown_items(mut self, policy: UnknownItems) -> Self {
        self.query = self.query.unknown_items(policy);
        self
    }

    /// Starts after `cursor` (a [`Page::next`] of the same scan); `None` keeps the start.
    pub fn from(mut self, cursor: Option<&Cursor>) -> Self {
        self.query = self.query.from(cursor);
        self
    }

    /// Decodes items into `P` (reading only its fields): see [`Query::project`].
    pub fn project<P>(self) -> Scan<T, E, As<P>>
    where
        P: DeserializeOwned + Send + 'static,
    {
        Scan {
            query: self.query.with(),
        }
    }

    /// Reads every item of the table, each decoded as its own entity into the table's item type
    /// `T` (a table declared as an enum of its entities; see [`Query::table_items`]): the
    /// entity-type condition of a scan of `E` is dropped, so `E` only names the table. Items of
    /// no listed entity follow [`unknown_items`](Self::unknown_items).
    pub fn table_items(self) -> Scan<T, E, TableItems>
    where
        T: TableItem,
    {
        let scan = self.map_plan(|plan| {
            plan.read_all_entities();
            Ok(())
        });
        Scan {
            query: scan.query.with(),
        }
    }

    /// Reads the base-table keys of `E`'s items only: see [`Query::keys`].
    pub fn keys(self) -> Scan<T, E, Keys> {
        Scan {
            query: self.query.with(),
        }
    }

    /// The plan this scan runs (one Scan request per segment: [`QueryPlan::scan_input`]).
    ///
    /// # Errors
    /// The deferred [`dynakey::KeyError`] (a bad segment count).
    pub fn plan(&self) -> Result<&QueryPlan, Error> {
        self.query.plan()
    }

    /// `E`'s items, until no segment has a `LastEvaluatedKey`; with `limit(n)`, the first `n`.
    ///
    /// # Errors
    /// As [`Query::items`]; the stream ends after the first error.
    pub fn items(self) -> impl Stream<Item = Result<O::Item, Error>> + Send
    where
        O: Output<T, E, PrimaryIndex>,
        E: Entity,
    {
        self.query.items()
    }

    /// The pages, one request per segment each, until no segment has a `LastEvaluatedKey`.
    ///
    /// # Errors
    /// As [`Query::pages`].
    pub fn pages(self) -> impl Stream<Item = Result<Page<O::Item>, Error>> + Send
    where
        O: Output<T, E, PrimaryIndex>,
        E: Entity,
    {
        self.query.pages()
    }

    /// One page, after `cursor` or from the start: with `limit(n)`, `n` of `E`'s items (or the
    /// last ones) however many requests that takes, as [`Query::page`]; without a limit or under
    /// [`one_request_per_page`](Self::one_request_per_page), one request per segment.
    ///
    /// # Errors
    /// As [`Query::page`].
    pub async fn page(self, cursor: Option<&Cursor>) -> Result<Page<O::Item>, Error>
    where
        O: Output<T, E, PrimaryIndex>,
        E: Entity,
    {
        self.query.page(cursor).await
    }
}
