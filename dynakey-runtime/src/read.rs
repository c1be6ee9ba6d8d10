//! Queries: [`Db::query_pages`] and [`Db::query`], which page through a whole result (spec §4).

use std::collections::HashMap;

use aws_sdk_dynamodb::types::{AttributeValue, ReturnConsumedCapacity};
use dynakey::{Entity, KeyQuery, QueryInput, Table};
use futures::stream::{self, Stream, StreamExt, TryStreamExt};
use serde::de::DeserializeOwned;
use tracing::Instrument;

use crate::convert::{apply_query_input, limit_to_i32, string_attribute};
use crate::db::Db;
use crate::error::Error;
use crate::item::from_item_in;

/// One page of a Query: the result of one `Query` request.
#[derive(Debug, Clone, PartialEq)]
pub struct Page<E> {
    /// The page's items, decoded, in the order DynamoDB returned them (sort-key order, descending
    /// for a reversed query), without the ones the query's range excludes.
    pub items: Vec<E>,
    /// `LastEvaluatedKey` of this request: the key attributes (table and index) of the last item
    /// DynamoDB evaluated, present when there may be more results. `None` on the last page.
    pub last_evaluated_key: Option<HashMap<String, AttributeValue>>,
    /// The read capacity units this request consumed (`ConsumedCapacity.CapacityUnits`, requested
    /// with `ReturnConsumedCapacity = TOTAL`), when the service reported it.
    pub consumed_capacity: Option<f64>,
}

/// Where a paged query stands between two requests.
enum Cursor<T: Table> {
    /// The query could not be built: yield this error, then end.
    Failed(Error),
    /// Send the next request.
    Next(Box<Paging<T>>),
    /// No more pages.
    Done,
}

struct Paging<T: Table> {
    db: Db<T>,
    input: QueryInput,
    /// The sort-key attribute of the queried table or index, for `exclude_sort_keys`.
    sort_attribute: Option<&'static str>,
    /// `ExclusiveStartKey` of the next request.
    start: Option<HashMap<String, AttributeValue>>,
    /// Items still wanted when the query has a limit.
    remaining: Option<u32>,
}

impl<T: Table> Paging<T> {
    async fn next_page<E>(mut self: Box<Self>) -> (Result<Page<E>, Error>, Cursor<T>)
    where
        E: Entity<Table = T> + DeserializeOwned,
    {
        let mut request =
            apply_query_input(self.db.client().query(), self.db.table_name(), &self.input)
                .set_exclusive_start_key(self.start.take())
                .return_consumed_capacity(ReturnConsumedCapacity::Total);
        if let Some(remaining) = self.remaining {
            request = request.limit(limit_to_i32(remaining));
        }
        let span = self.db.span("Query");
        let output = match request.send().instrument(span.clone()).await {
            Ok(output) => output,
            Err(e) => return (Err(Error::sdk("Query", e)), Cursor::Done),
        };
        let consumed_capacity = output.consumed_capacity().and_then(|c| c.capacity_units());
        if let Some(units) = consumed_capacity {
            span.record("db.dynamodb.consumed_capacity", units);
        }
        let raw_items = output.items.unwrap_or_default();
        let mut items = Vec::with_capacity(raw_items.len());
        for item in raw_items {
            if self.remaining == Some(0) {
                break;
            }
            let excluded = self
                .sort_attribute
                .and_then(|name| string_attribute(&item, name))
                .is_some_and(|sort| self.input.exclude_sort_keys.iter().any(|x| x == sort));
            if excluded {
                continue;
            }
            match from_item_in::<T, E>(item) {
                Ok(entity) => items.push(entity),
                Err(e) => return (Err(e), Cursor::Done),
            }
            if let Some(remaining) = &mut self.remaining {
                *remaining = remaining.saturating_sub(1);
            }
        }
        let last_evaluated_key = output.last_evaluated_key;
        let next = match (&last_evaluated_key, self.remaining) {
            (None, _) | (_, Some(0)) => Cursor::Done,
            (Some(key), _) => {
                self.start = Some(key.clone());
                Cursor::Next(self)
            }
        };
        (
            Ok(Page {
                items,
                last_evaluated_key,
                consumed_capacity,
            }),
            next,
        )
    }
}

impl<T: Table> Db<T> {
    /// Runs `query` page by page: one `Query` request per page, each page yielded as it arrives
    /// (AWS developer guide, "Paginating table query results").
    ///
    /// Semantics (spec §4):
    /// - paging continues until a response has no `LastEvaluatedKey`; a page with no items but a
    ///   `LastEvaluatedKey` is yielded and paging continues;
    /// - a query whose range matches nothing (`QueryInput::matches_nothing`) or whose limit is 0
    ///   sends no request and yields no page;
    /// - items whose sort key is one of `QueryInput::exclude_sort_keys` (keys that DynamoDB's
    ///   inclusive `BETWEEN` returns but the typed range excludes) are dropped;
    /// - `limit(n)` on the query is the total number of items wanted: each request's `Limit` is what
    ///   is still missing, and the stream ends once `n` items were yielded (the last page then
    ///   usually still has a `last_evaluated_key`);
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
    {
        let cursor = match query.build() {
            Err(e) => Cursor::Failed(e.into()),
            Ok(input) if input.matches_nothing || input.limit == Some(0) => Cursor::Done,
            Ok(input) => {
                let sort_attribute = match &input.index_name {
                    None => T::SORT_KEY,
                    Some(name) => T::INDEXES
                        .iter()
                        .find(|i| i.name == name)
                        .and_then(|i| i.sort_key),
                };
                let remaining = input.limit;
                Cursor::Next(Box::new(Paging {
                    db: self.clone(),
                    input,
                    sort_attribute,
                    start: None,
                    remaining,
                }))
            }
        };
        stream::unfold(cursor, |cursor| async move {
            match cursor {
                Cursor::Done => None,
                Cursor::Failed(e) => Some((Err(e), Cursor::Done)),
                Cursor::Next(paging) => Some(paging.next_page::<E>().await),
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
    {
        self.query_pages(query)
            .map_ok(|page| stream::iter(page.items).map(Ok))
            .try_flatten()
    }
}
