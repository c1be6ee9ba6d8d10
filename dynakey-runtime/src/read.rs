//! Queries (spec §4): item streams ([`Db::query`], [`Db::query_as`], [`Db::query_from`]), page
//! streams ([`Db::query_pages`], [`Db::query_pages_as`]) and one page at a time with a cursor
//! ([`Db::query_page`], [`Db::query_page_as`]); base-table keys of the items ([`Db::query_keys`],
//! [`Db::query_keys_page`]).
//!
//! # Index queries
//! The same calls run queries on secondary indexes (`E::query_<index>(…)`, a
//! `KeyQuery<E, Index>`), with what the index holds in mind (AWS developer guide, "Attribute
//! projections"):
//! - an index declared with `projection = all` ([`ProjectsAll`]) holds whole items, so
//!   [`Db::query`] and friends decode entities as on the base table;
//! - a `KEYS_ONLY` or `INCLUDE` index holds only the table and index keys (and the included
//!   attributes): [`Db::query`] on it does not compile. Read it with [`Db::query_keys`] (the
//!   base-table [`Key`]s, e.g. for a follow-up [`Db::batch_get`]) or [`Db::query_as`] into a type
//!   holding the projected attributes;
//! - GSI reads are eventually consistent; `consistent_read()` on a GSI query does not compile
//!   ([`ConsistentReadable`](dynakey::ConsistentReadable)).
//!
//! Cursors of index queries carry the index's key attributes and the table's (an index may hold
//! many items with one index key), and resume exactly like base-table cursors.
//!
//! # Pages, cursors, limits
//! - One **page** is the result of one `Query` request: at most 1 MB of data read, or fewer items
//!   when the request has a `Limit` (AWS developer guide, "Paginating table query results").
//!   Paging stops only when a response has no `LastEvaluatedKey`; a page with no items but a
//!   `LastEvaluatedKey` still has a [`next`](Page::next) cursor and paging goes on.
//! - Every page that may be followed by more results carries a [`Cursor`] in
//!   [`Page::next`]: pass it to [`Db::query_page`] (or the `_from`/`_as` stream variants) **with
//!   the same query** to read what comes after the items returned so far. A cursor from another
//!   query, or a modified one, is refused with [`Error::Key`] (a
//!   [`KeyErrorKind::Cursor`](dynakey::KeyErrorKind::Cursor)) before any request; see
//!   [`dynakey::cursor`] for what binds it and [`Db::with_cursor_secret`] for its key. The limit,
//!   projection and `ConsistentRead` are not bound, so the page size may change between pages.
//! - `limit(n)` on the query counts the items returned by **one call**, from its cursor on: for
//!   [`Db::query_page`] it is the page size (the request's `Limit`), for the streams the total
//!   across pages. The cursor after the `n`-th item resumes right after it: the request's `Limit`
//!   makes DynamoDB stop there, and if an engine returned more anyway, the cursor is built from
//!   the key attributes of the last item returned, not from the `LastEvaluatedKey`.
//! - Items that the typed range excludes
//!   ([`QueryInput::exclude_sort_keys`](dynakey::QueryInput::exclude_sort_keys), the far end of
//!   DynamoDB's inclusive `BETWEEN`) are dropped and never count against the limit. A cursor may
//!   point at such an item; resuming after it is right, since it is excluded anyway.

use std::collections::HashMap;

use aws_sdk_dynamodb::types::AttributeValue;
use dynakey::{Cursor, Entity, Key, KeyQuery, ProjectsAll, Table};
use futures::stream::{self, Stream, StreamExt, TryStreamExt};
use serde::de::DeserializeOwned;

use crate::convert::from_start_key;
use crate::db::Db;
use crate::error::Error;
use crate::item::{from_item_in, key_from_item};

pub(crate) mod paging;

use paging::{Item, Run};

/// One page of a Query: the result of one `Query` request (AWS developer guide, "Paginating table
/// query results").
#[derive(Debug, Clone, PartialEq)]
pub struct Page<E> {
    /// The page's items, decoded, in the order DynamoDB returned them (sort-key order, descending
    /// for a reversed query), without the ones the query's range excludes. May be empty on a page
    /// that is not the last.
    pub items: Vec<E>,
    /// Where the next page starts, as an opaque URL-safe cursor bound to this query: `None` when
    /// there are no more results. Right after the last item of `items` (or, when `items` is
    /// empty, after the last key DynamoDB evaluated).
    pub next: Option<Cursor>,
    /// `LastEvaluatedKey` of this request: the key attributes (table and index) of the last item
    /// DynamoDB evaluated, present when there may be more results. `None` on the last page.
    pub last_evaluated_key: Option<HashMap<String, AttributeValue>>,
    /// The read capacity units this request consumed (`ConsumedCapacity.CapacityUnits`, requested
    /// with `ReturnConsumedCapacity = TOTAL`), when the service reported it.
    pub consumed_capacity: Option<f64>,
}

impl<E> Page<E> {
    /// A page for a query that needs no request: no items.
    fn empty(next: Option<Cursor>) -> Self {
        Page {
            items: Vec::new(),
            next,
            last_evaluated_key: None,
            consumed_capacity: None,
        }
    }
}

/// How a read (single-partition or sharded) begins, decided before any request; `R` is the read
/// in progress.
pub(crate) enum Start<R> {
    /// Send requests.
    Run(R),
    /// The range matches nothing: no request, no items, no more pages.
    MatchesNothing,
    /// The limit is 0: no request, no items; the rest is still unread.
    LimitZero,
}

impl<R> Start<R> {
    /// The start of a read that needs no request (spec §4): its range matches nothing, or its
    /// limit is 0. `None` when requests are needed.
    pub(crate) fn without_request(matches_nothing: bool, limit: Option<u32>) -> Option<Self> {
        if matches_nothing {
            Some(Start::MatchesNothing)
        } else if limit == Some(0) {
            Some(Start::LimitZero)
        } else {
            None
        }
    }
}

/// Where a stream stands between two requests; `R` is the read in progress.
pub(crate) enum State<R> {
    /// Yield this error, then end.
    Failed(Error),
    /// Send the next request.
    Next(R),
    /// No more pages.
    Done,
}

impl<R> From<Result<Start<R>, Error>> for State<R> {
    fn from(start: Result<Start<R>, Error>) -> Self {
        match start {
            Err(e) => State::Failed(e),
            Ok(Start::MatchesNothing | Start::LimitZero) => State::Done,
            Ok(Start::Run(run)) => State::Next(run),
        }
    }
}

impl<T: Table> Db<T> {
    /// Builds `query` and checks `cursor` against it, without any request.
    fn start<E, I, S>(
        &self,
        query: &KeyQuery<E, I, S>,
        cursor: Option<&Cursor>,
    ) -> Result<Start<Box<Run<T>>>, Error> {
        let input = query.build()?;
        let start = match cursor {
            Some(cursor) => Some(from_start_key(&self.cursor_codec().decode(
                self.table_name(),
                &input,
                cursor,
            )?)),
            None => None,
        };
        if let Some(start) = Start::without_request(input.matches_nothing, input.limit) {
            return Ok(start);
        }
        let remaining = input.limit;
        Ok(Start::Run(Box::new(Run {
            db: self.clone(),
            input,
            start,
            remaining,
        })))
    }

    /// Runs `query` page by page from the start: one `Query` request per page, each page yielded
    /// as it arrives (AWS developer guide, "Paginating table query results").
    ///
    /// Semantics (spec §4; see also the [module docs](crate::read)):
    /// - paging continues until a response has no `LastEvaluatedKey`; a page with no items but a
    ///   `LastEvaluatedKey` is yielded and paging continues;
    /// - a query whose range matches nothing (`QueryInput::matches_nothing`) or whose limit is 0
    ///   sends no request and yields no page;
    /// - items whose sort key is one of `QueryInput::exclude_sort_keys` (keys that DynamoDB's
    ///   inclusive `BETWEEN` returns but the typed range excludes) are dropped;
    /// - `limit(n)` on the query is the total number of items wanted: each request's `Limit` is what
    ///   is still missing, and the stream ends once `n` items were yielded (the last page then
    ///   usually still has a `next` cursor for the rest);
    /// - every request asks for `ReturnConsumedCapacity = TOTAL`.
    ///
    /// The stream is `Send` and does not borrow `self` or `query` (it holds a clone of this `Db`).
    /// It ends after the first error: [`Error::Key`] when the query cannot be built (then no request
    /// is sent), [`Error::Sdk`] for a failed request, [`Error::Decode`] (with the item's key
    /// strings) for an item that does not deserialise into `E`.
    pub fn query_pages<E, I, S>(
        &self,
        query: &KeyQuery<E, I, S>,
    ) -> impl Stream<Item = Result<Page<E>, Error>> + Send
    where
        E: Entity<Table = T> + DeserializeOwned + Send,
        I: ProjectsAll,
    {
        self.query_pages_as::<E>(query, None)
    }

    /// As [`query_pages`](Self::query_pages), starting after `cursor` (a [`Page::next`] of the
    /// same query) when one is given, and decoding items into `P` instead of the entity: use it for
    /// projected queries ([`KeyQuery::project`]), whose items usually lack fields of the entity.
    ///
    /// # Errors
    /// As [`query_pages`](Self::query_pages); a cursor that is malformed, modified, made with
    /// another secret or for another query is yielded as [`Error::Key`] before any request.
    pub fn query_pages_as<P>(
        &self,
        query: &KeyQuery<impl Entity<Table = T>, impl Sized, impl Sized>,
        cursor: Option<&Cursor>,
    ) -> impl Stream<Item = Result<Page<P>, Error>> + Send
    where
        P: DeserializeOwned + Send,
    {
        self.pages_with(query, cursor, from_item_in::<T, P>)
    }

    /// The page stream of `query` from `cursor`, each item decoded by `decode`.
    fn pages_with<O: Send>(
        &self,
        query: &KeyQuery<impl Entity<Table = T>, impl Sized, impl Sized>,
        cursor: Option<&Cursor>,
        decode: fn(Item) -> Result<O, Error>,
    ) -> impl Stream<Item = Result<Page<O>, Error>> + Send {
        let state = State::from(self.start(query, cursor));
        stream::unfold(state, move |state| async move {
            match state {
                State::Done => None,
                State::Failed(e) => Some((Err(e), State::Done)),
                State::Next(mut run) => match run.page_with(decode).await {
                    Ok((page, true)) => Some((Ok(page), State::Next(run))),
                    Ok((page, false)) => Some((Ok(page), State::Done)),
                    Err(e) => Some((Err(e), State::Done)),
                },
            }
        })
    }

    /// The items of `query`, in sort-key order, across all pages: [`query_pages`](Self::query_pages)
    /// flattened. Same semantics and errors; collect it with
    /// `futures::TryStreamExt::try_collect::<Vec<_>>()`.
    pub fn query<E, I, S>(
        &self,
        query: &KeyQuery<E, I, S>,
    ) -> impl Stream<Item = Result<E, Error>> + Send
    where
        E: Entity<Table = T> + DeserializeOwned + Send,
        I: ProjectsAll,
    {
        self.query_as::<E>(query)
    }

    /// The items of `query` after `cursor` (a [`Page::next`] of the same query), across all
    /// pages: with `limit(n)`, the next `n` items.
    ///
    /// # Errors
    /// As [`query_pages_as`](Self::query_pages_as).
    pub fn query_from<E, I, S>(
        &self,
        query: &KeyQuery<E, I, S>,
        cursor: Option<&Cursor>,
    ) -> impl Stream<Item = Result<E, Error>> + Send
    where
        E: Entity<Table = T> + DeserializeOwned + Send,
        I: ProjectsAll,
    {
        flatten(self.query_pages_as::<E>(query, cursor))
    }

    /// The items of `query` decoded into `P` instead of the entity, across all pages: for
    /// projected queries ([`KeyQuery::project`]), whose items hold only the projected attributes.
    /// `P` ignores attributes it has no field for (unless it denies unknown fields), so a
    /// projection may read more than `P` needs.
    ///
    /// ```no_run
    /// # use dynakey::Entity;
    /// # #[derive(Entity, serde::Serialize, serde::Deserialize)]
    /// # #[pk("WS#<workspace>")] #[sk("PROJ#<created>#<id>")]
    /// # struct Project { workspace: String, created: u64, id: String, name: String }
    /// # async fn run(db: dynakey_runtime::Db) -> Result<(), dynakey_runtime::Error> {
    /// use futures::TryStreamExt;
    ///
    /// #[derive(serde::Deserialize)]
    /// struct Name { name: String }
    ///
    /// let q = Project::query("acme").begins_with(Project::sk()).project(["name"]);
    /// let names: Vec<Name> = db.query_as::<Name>(&q).try_collect().await?;
    /// # Ok(()) }
    /// ```
    ///
    /// # Errors
    /// As [`query_pages`](Self::query_pages), with [`Error::Decode`] for an item that does not
    /// deserialise into `P`.
    pub fn query_as<P>(
        &self,
        query: &KeyQuery<impl Entity<Table = T>, impl Sized, impl Sized>,
    ) -> impl Stream<Item = Result<P, Error>> + Send
    where
        P: DeserializeOwned + Send,
    {
        flatten(self.query_pages_as::<P>(query, None))
    }

    /// One page of `query`: one `Query` request, starting after `cursor` (a [`Page::next`] of
    /// the same query) or at the start. Continue with the returned page's `next` until it is
    /// `None`. A page may be empty and still have a `next` (spec §4).
    ///
    /// `limit(n)` on the query is the page size: the request's `Limit`, so at most `n` items; the
    /// page also ends at 1 MB of data read. With `limit(0)` no request is sent and the page is
    /// empty with `next` = the given cursor (`None` when none was given); a range that matches
    /// nothing sends no request and returns an empty last page.
    ///
    /// ```no_run
    /// # use dynakey::Entity;
    /// # #[derive(Entity, serde::Serialize, serde::Deserialize)]
    /// # #[pk("WS#<workspace>")] #[sk("PROJ#<created>#<id>")]
    /// # struct Project { workspace: String, created: u64, id: String, name: String }
    /// # async fn run(db: dynakey_runtime::Db) -> Result<(), dynakey_runtime::Error> {
    /// let q = Project::query("acme").begins_with(Project::sk()).limit(20);
    /// let first = db.query_page(&q, None).await?;
    /// // … hand `first.next` to the client as text (`Cursor::as_str`), read it back with `parse` …
    /// if let Some(cursor) = &first.next {
    ///     let second = db.query_page(&q, Some(cursor)).await?;
    /// }
    /// # Ok(()) }
    /// ```
    ///
    /// # Errors
    /// [`Error::Key`] before any request when the query cannot be built or the cursor is refused;
    /// [`Error::Sdk`] for a failed request; [`Error::Decode`] for an item that does not
    /// deserialise into `E`.
    pub async fn query_page<E, I, S>(
        &self,
        query: &KeyQuery<E, I, S>,
        cursor: Option<&Cursor>,
    ) -> Result<Page<E>, Error>
    where
        E: Entity<Table = T> + DeserializeOwned,
        I: ProjectsAll,
    {
        self.query_page_as::<E>(query, cursor).await
    }

    /// As [`query_page`](Self::query_page), decoding items into `P` (for projected queries; see
    /// [`query_as`](Self::query_as)).
    ///
    /// # Errors
    /// As [`query_page`](Self::query_page).
    pub async fn query_page_as<P>(
        &self,
        query: &KeyQuery<impl Entity<Table = T>, impl Sized, impl Sized>,
        cursor: Option<&Cursor>,
    ) -> Result<Page<P>, Error>
    where
        P: DeserializeOwned,
    {
        match self.start(query, cursor)? {
            Start::Run(mut run) => Ok(run.page::<P>().await?.0),
            Start::LimitZero => Ok(Page::empty(cursor.cloned())),
            Start::MatchesNothing => Ok(Page::empty(None)),
        }
    }
}

impl<T: Table> Db<T> {
    /// The base-table keys of the items of `query`, in the query's order, across all pages: for
    /// queries on a `KEYS_ONLY` or `INCLUDE` index, whose items lack the entity's other
    /// attributes, and as the first half of the "query the index, then fetch the items" pattern
    /// with [`Db::batch_get`] (AWS developer guide, "Attribute projections").
    ///
    /// Every index holds the table's key attributes, so this works on any query; the request
    /// reads only the key attributes (`ProjectionExpression` of the table's and the index's keys),
    /// which costs the same read capacity but transfers less. Paging, limits, exclusions and
    /// cursors are those of [`query_pages`](Self::query_pages).
    ///
    /// ```no_run
    /// # use dynakey::{Entity, Table};
    /// # #[derive(Table)]
    /// # #[table(partition_key = "PK", sort_key = "SK")]
    /// # #[gsi(ByOwner, partition_key = "GSI1PK", sort_key = "GSI1SK", projection = keys_only)]
    /// # struct App;
    /// # #[derive(Entity, serde::Serialize, serde::Deserialize)]
    /// # #[dynakey(table = App)]
    /// # #[pk("DOC#<id>")] #[sk("META")]
    /// # #[index(ByOwner, pk = "OWNER#<owner>", sk = "<id>")]
    /// # struct Doc { id: String, owner: String, body: String }
    /// # async fn run(db: dynakey_runtime::Db<App>) -> Result<(), dynakey_runtime::Error> {
    /// use futures::TryStreamExt;
    ///
    /// let keys: Vec<dynakey::Key<Doc>> = db.query_keys(&Doc::query_by_owner("ada")).try_collect().await?;
    /// let docs: Vec<Doc> = db.batch_get(&keys).await?;
    /// # Ok(()) }
    /// ```
    ///
    /// # Errors
    /// As [`query_pages`](Self::query_pages), with [`Error::Decode`] for an item without the
    /// table's key attributes as strings.
    pub fn query_keys<E, I, S>(
        &self,
        query: &KeyQuery<E, I, S>,
    ) -> impl Stream<Item = Result<Key<E>, Error>> + Send
    where
        E: Entity<Table = T>,
    {
        flatten(self.pages_with(&keys_only(query), None, decode_key::<E>))
    }

    /// One page of the base-table keys of `query`'s items, starting after `cursor` (a
    /// [`Page::next`] of the same query, from any of the page calls): as
    /// [`query_page`](Self::query_page), decoding [`Key`]s as [`query_keys`](Self::query_keys)
    /// does.
    ///
    /// # Errors
    /// As [`query_page`](Self::query_page).
    pub async fn query_keys_page<E, I, S>(
        &self,
        query: &KeyQuery<E, I, S>,
        cursor: Option<&Cursor>,
    ) -> Result<Page<Key<E>>, Error>
    where
        E: Entity<Table = T>,
    {
        match self.start(&keys_only(query), cursor)? {
            Start::Run(mut run) => Ok(run.page_with(decode_key::<E>).await?.0),
            Start::LimitZero => Ok(Page::empty(cursor.cloned())),
            Start::MatchesNothing => Ok(Page::empty(None)),
        }
    }
}

/// `query` reading only its key attributes (table and index keys); a query that cannot be built
/// is returned as is, so its error is reported before any request.
fn keys_only<E, I, S>(query: &KeyQuery<E, I, S>) -> KeyQuery<E, I, S> {
    match query.build() {
        Ok(input) => query.clone().project(input.start_key_attributes),
        Err(_) => query.clone(),
    }
}

fn decode_key<E: Entity>(item: Item) -> Result<Key<E>, Error> {
    key_from_item::<E>(&item)
}

/// The items of a page stream, in order.
fn flatten<P: Send>(
    pages: impl Stream<Item = Result<Page<P>, Error>> + Send,
) -> impl Stream<Item = Result<P, Error>> + Send {
    pages
        .map_ok(|page| stream::iter(page.items).map(Ok))
        .try_flatten()
}
