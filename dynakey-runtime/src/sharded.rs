//! Fan-out reads over the shards of one logical partition: [`Db::query_sharded`],
//! [`Db::query_sharded_from`] and [`Db::query_sharded_page`] (AWS developer guide, "Using write
//! sharding to distribute workloads evenly" and "Paginating table query results").
//!
//! A [`ShardedQuery`] (`Project::query_shards("acme")` for
//! `#[pk("WS#<workspace>", shards = 10, shard_by = "id")]`) carries one typed sort-key condition;
//! the read sends it to every shard and returns what one unsharded partition holding the same
//! items would return, in the same order:
//!
//! ```no_run
//! use dynakey::Entity;
//! use futures::TryStreamExt;
//!
//! #[derive(Entity, serde::Serialize, serde::Deserialize, Debug)]
//! #[pk("WS#<workspace>", shards = 10, shard_by = "id")]
//! #[sk("PROJ#<created>#<id>")]
//! struct Project { workspace: String, created: u64, id: String, name: String }
//!
//! # async fn run(db: dynakey_runtime::Db) -> Result<(), dynakey_runtime::Error> {
//! // The 20 newest projects of the workspace, from all ten shards…
//! let q = Project::query_shards("acme").begins_with(Project::sk()).reverse().limit(20);
//! let page = db.query_sharded_page(&q, None).await?;
//! // …and the 20 after them.
//! if let Some(cursor) = &page.next {
//!     let more = db.query_sharded_page(&q, Some(cursor)).await?;
//! }
//! // Every project, as one stream.
//! let all: Vec<Project> = db
//!     .query_sharded(&Project::query_shards("acme").begins_with(Project::sk()))
//!     .try_collect()
//!     .await?;
//! # Ok(()) }
//! ```
//!
//! # How it reads
//! - The first request of every shard is sent **concurrently**; afterwards a shard is asked for
//!   its next page only when the merge needs its next item (shards that run out at the same time
//!   are asked concurrently). Each request asks for at most the number of items still wanted
//!   (`Limit`), so a limited read of `n` items from `s` shards reads up to `s × n` items: the
//!   price of fan-out.
//! - Items are merged by the UTF-8 bytes of their sort key, ascending (or descending for a
//!   reversed query); items with the same sort key in several shards (only items of other
//!   entities can share one) come in partition-key order in the same direction, which for shard
//!   keys is shard order.
//! - The limit applies to the merged items, after the merge. Keys that the typed range excludes
//!   ([`QueryInput::exclude_sort_keys`]) are dropped in every shard and never count against it; a
//!   range that matches nothing ([`QueryInput::matches_nothing`]) sends no request.
//!
//! # Cursors and pages
//! A [`ShardedPage::next`] is one [`ShardedCursor`] for all shards: for each shard, the key of the
//! last item of that shard returned to the caller (or, when every item read from the shard up to
//! its `LastEvaluatedKey` was returned or dropped by the range, that key), "not started" or
//! "exhausted". Resuming from it continues every shard exactly; it is bound to the query (table,
//! key condition and values, direction, logical partition, shard count) and authenticated with
//! [`Db::with_cursor_secret`]'s key, so a modified cursor or one of another query is refused with
//! [`Error::Key`] before any request. Exhausted shards are not asked again.
//!
//! With `limit(n)`, a page holds `n` items unless the results end first (it sends as many
//! requests as that takes). Without a limit, a page holds what the first response of every
//! shard allows to merge: it ends when some shard would need a second request.

use std::cmp::Ordering;
use std::collections::{BinaryHeap, VecDeque};

use dynakey::{
    CursorError, Entity, KeyError, QueryInput, ShardPosition, ShardedCursor, ShardedQuery,
    ShardedQueryInput, StartKey, Table,
};
use futures::future::try_join_all;
use futures::stream::{self, Stream};
use serde::de::DeserializeOwned;

use crate::convert::{from_attribute_value, from_start_key, string_attribute, to_start_key};
use crate::db::Db;
use crate::error::Error;
use crate::item::from_item_in;
use crate::read::paging::{fetch, is_excluded, Item};
use crate::read::{Start, State};

/// One page of a sharded read: merged items and the cursor for the rest.
#[derive(Debug, Clone, PartialEq)]
pub struct ShardedPage<E> {
    /// The page's items, decoded, in merged sort-key order (descending for a reversed query),
    /// without the ones the query's range excludes. May be empty on a page that is not the last.
    pub items: Vec<E>,
    /// Where the next page starts in every shard, as an opaque URL-safe cursor bound to this
    /// query: `None` when every shard is exhausted.
    pub next: Option<ShardedCursor>,
    /// The number of `Query` requests this page sent.
    pub requests: u32,
    /// The read capacity units those requests consumed (`ConsumedCapacity.CapacityUnits`, summed),
    /// when the service reported them.
    pub consumed_capacity: Option<f64>,
}

impl<E> ShardedPage<E> {
    /// A page for a read that needs no request.
    fn empty(next: Option<ShardedCursor>) -> Self {
        ShardedPage {
            items: Vec::new(),
            next,
            requests: 0,
            consumed_capacity: None,
        }
    }
}

impl<T: Table> Db<T> {
    /// The items of a sharded query, merged from every shard into one sort-key order: the same
    /// items, in the same order, as one unsharded partition holding them would give (see the
    /// [module docs](crate::sharded)). `limit(n)` on the query is the total number of items.
    ///
    /// The stream is `Send` and does not borrow `self` or `query`. It ends after the first error:
    /// [`Error::Key`] when the query cannot be built (then no request is sent), [`Error::Sdk`]
    /// for a failed request, [`Error::Decode`] for an item that does not deserialise into `E`.
    pub fn query_sharded<E, S>(
        &self,
        query: &ShardedQuery<E, S>,
    ) -> impl Stream<Item = Result<E, Error>> + Send
    where
        E: Entity<Table = T> + DeserializeOwned + Send,
    {
        self.query_sharded_from(query, None)
    }

    /// The items of a sharded query after `cursor` (a [`ShardedPage::next`] of the same query),
    /// merged from every shard: with `limit(n)`, the next `n` items.
    ///
    /// # Errors
    /// As [`query_sharded`](Self::query_sharded); a cursor that is malformed, modified, made
    /// with another secret or for another query is yielded as [`Error::Key`] before any request.
    pub fn query_sharded_from<E, S>(
        &self,
        query: &ShardedQuery<E, S>,
        cursor: Option<&ShardedCursor>,
    ) -> impl Stream<Item = Result<E, Error>> + Send
    where
        E: Entity<Table = T> + DeserializeOwned + Send,
    {
        let state = State::from(self.start_sharded(query, cursor));
        stream::unfold(state, |state| async move {
            match state {
                State::Done => None,
                State::Failed(e) => Some((Err(e), State::Done)),
                State::Next(mut merge) => match merge.step(false).await {
                    Ok(Step::Item(item)) => match from_item_in::<T, E>(item) {
                        Ok(entity) => Some((Ok(entity), State::Next(merge))),
                        Err(e) => Some((Err(e), State::Done)),
                    },
                    Ok(Step::End | Step::Paused) => None,
                    Err(e) => Some((Err(e), State::Done)),
                },
            }
        })
    }

    /// One page of a sharded query, starting after `cursor` (a [`ShardedPage::next`] of the same
    /// query) or at the start. Continue with the returned page's `next` until it is `None`.
    ///
    /// `limit(n)` on the query is the page size: the page holds `n` merged items unless the
    /// results end first. Without a limit, the page holds what the first response of every shard
    /// allows to merge. With `limit(0)` no request is sent and the page is empty with `next` = the
    /// given cursor; a range that matches nothing sends no request and returns an empty last
    /// page.
    ///
    /// ```no_run
    /// # use dynakey::Entity;
    /// # #[derive(Entity, serde::Serialize, serde::Deserialize)]
    /// # #[pk("WS#<workspace>", shards = 10, shard_by = "id")] #[sk("PROJ#<created>#<id>")]
    /// # struct Project { workspace: String, created: u64, id: String }
    /// # async fn run(db: dynakey_runtime::Db) -> Result<(), dynakey_runtime::Error> {
    /// let q = Project::query_shards("acme").begins_with(Project::sk()).reverse().limit(20);
    /// let first = db.query_sharded_page(&q, None).await?;
    /// // … hand `first.next` to the client as text (`ShardedCursor::as_str`), read it back with
    /// // `parse` …
    /// if let Some(cursor) = &first.next {
    ///     let second = db.query_sharded_page(&q, Some(cursor)).await?;
    /// }
    /// # Ok(()) }
    /// ```
    ///
    /// # Errors
    /// [`Error::Key`] before any request when the query cannot be built or the cursor is refused;
    /// [`Error::Sdk`] for a failed request; [`Error::Decode`] for an item that does not
    /// deserialise into `E`.
    pub async fn query_sharded_page<E, S>(
        &self,
        query: &ShardedQuery<E, S>,
        cursor: Option<&ShardedCursor>,
    ) -> Result<ShardedPage<E>, Error>
    where
        E: Entity<Table = T> + DeserializeOwned,
    {
        match self.start_sharded(query, cursor)? {
            Start::Run(mut merge) => {
                let one_request_per_shard = merge.remaining.is_none();
                let mut items = Vec::new();
                while let Step::Item(item) = merge.step(one_request_per_shard).await? {
                    items.push(from_item_in::<T, E>(item)?);
                }
                Ok(ShardedPage {
                    items,
                    next: merge.cursor()?,
                    requests: merge.requests,
                    consumed_capacity: merge.consumed_capacity,
                })
            }
            Start::LimitZero => Ok(ShardedPage::empty(cursor.cloned())),
            Start::MatchesNothing => Ok(ShardedPage::empty(None)),
        }
    }

    /// Builds `query` and checks `cursor` against it, without any request.
    fn start_sharded<E, S>(
        &self,
        query: &ShardedQuery<E, S>,
        cursor: Option<&ShardedCursor>,
    ) -> Result<Start<Box<Merge<T>>>, Error> {
        let input = query.build()?;
        let positions = match cursor {
            Some(cursor) => {
                self.cursor_codec()
                    .decode_sharded(self.table_name(), &input, cursor)?
            }
            None => vec![ShardPosition::NotStarted; input.shards.len()],
        };
        if let Some(start) = Start::without_request(input.matches_nothing(), input.limit) {
            return Ok(start);
        }
        let shards = positions
            .into_iter()
            .map(|position| {
                let (start, more) = match &position {
                    ShardPosition::NotStarted => (None, true),
                    ShardPosition::After(key) => (Some(from_start_key(key)), true),
                    ShardPosition::Exhausted => (None, false),
                };
                Shard {
                    position,
                    start,
                    buffer: VecDeque::new(),
                    more,
                    in_heap: false,
                    requested: false,
                }
            })
            .collect();
        let sort_attribute = input
            .shards
            .first()
            .and_then(|i| i.sort_key_attribute.clone())
            .unwrap_or_default();
        Ok(Start::Run(Box::new(Merge {
            db: self.clone(),
            forward: input.scan_index_forward(),
            remaining: input.limit,
            input,
            sort_attribute,
            shards,
            heap: BinaryHeap::new(),
            requests: 0,
            consumed_capacity: None,
        })))
    }
}

/// The outcome of one merge step.
enum Step {
    /// The next item in merged order.
    Item(Item),
    /// No more items in any shard.
    End,
    /// The limit is reached, or (in one-request-per-shard mode) a shard would need another
    /// request: the cursor resumes here.
    Paused,
}

/// One shard of a running read.
struct Shard {
    /// Where a cursor made now resumes this shard.
    position: ShardPosition,
    /// `ExclusiveStartKey` of this shard's next request.
    start: Option<Item>,
    /// Items read and kept but not yet returned, in the shard's order (the head is in the heap).
    buffer: VecDeque<Item>,
    /// `true` while a request may still return items (never requested, or a `LastEvaluatedKey`).
    more: bool,
    /// `true` when this shard's next item is in the heap.
    in_heap: bool,
    /// `true` once this shard was requested during the current page.
    requested: bool,
}

/// The next item of one shard, ordered so that the heap's maximum is the next item to return.
struct Head {
    sort: String,
    shard: usize,
    forward: bool,
    item: Item,
}

impl Head {
    /// Sort key bytes, then shard (= partition-key) order.
    fn natural(&self, other: &Self) -> Ordering {
        self.sort
            .as_bytes()
            .cmp(other.sort.as_bytes())
            .then(self.shard.cmp(&other.shard))
    }
}

impl PartialEq for Head {
    fn eq(&self, other: &Self) -> bool {
        self.natural(other) == Ordering::Equal
    }
}

impl Eq for Head {}

impl PartialOrd for Head {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Head {
    fn cmp(&self, other: &Self) -> Ordering {
        // `BinaryHeap` pops its maximum: the smallest key when ascending, the largest when not.
        if self.forward {
            self.natural(other).reverse()
        } else {
            self.natural(other)
        }
    }
}

/// A sharded read in progress: the shards, their next items, and what is still wanted.
struct Merge<T: Table> {
    db: Db<T>,
    input: ShardedQueryInput,
    sort_attribute: String,
    forward: bool,
    shards: Vec<Shard>,
    heap: BinaryHeap<Head>,
    /// Items still wanted when the query has a limit.
    remaining: Option<u32>,
    requests: u32,
    consumed_capacity: Option<f64>,
}

impl<T: Table> Merge<T> {
    /// The next item in merged order, requesting the shards that need it first.
    async fn step(&mut self, one_request_per_shard: bool) -> Result<Step, Error> {
        loop {
            if self.remaining == Some(0) {
                return Ok(Step::Paused);
            }
            let needed: Vec<usize> = self
                .shards
                .iter()
                .enumerate()
                .filter(|(_, s)| !s.in_heap && s.buffer.is_empty() && s.more)
                .map(|(i, _)| i)
                .collect();
            if needed.is_empty() {
                return Ok(match self.pop()? {
                    Some(item) => Step::Item(item),
                    None => Step::End,
                });
            }
            if one_request_per_shard && needed.iter().any(|&i| self.shards[i].requested) {
                return Ok(Step::Paused);
            }
            self.refill(&needed).await?;
        }
    }

    /// Requests the next page of every shard in `needed`, concurrently.
    async fn refill(&mut self, needed: &[usize]) -> Result<(), Error> {
        let limit = self.remaining;
        let db = &self.db;
        let inputs = &self.input.shards;
        let requests = needed.iter().map(|&i| {
            let start = self.shards[i].start.clone();
            fetch(db, &inputs[i], start, limit)
        });
        let responses = try_join_all(requests).await?;
        for (&i, fetched) in needed.iter().zip(responses) {
            self.requests = self.requests.saturating_add(1);
            if let Some(units) = fetched.consumed_capacity {
                *self.consumed_capacity.get_or_insert(0.0) += units;
            }
            let input = &self.input.shards[i];
            let shard = &mut self.shards[i];
            shard.requested = true;
            shard.buffer.extend(
                fetched
                    .items
                    .into_iter()
                    .filter(|item| !is_excluded(item, input)),
            );
            shard.more = fetched.last_evaluated_key.is_some();
            shard.start = fetched.last_evaluated_key;
            if shard.buffer.is_empty() {
                // Everything read from this shard so far was returned or excluded.
                shard.position = match &shard.start {
                    Some(key) => ShardPosition::After(to_start_key(key)?),
                    None => ShardPosition::Exhausted,
                };
            }
            self.push_head(i);
        }
        Ok(())
    }

    /// Moves shard `i`'s next buffered item into the heap, if it has one and none is there.
    fn push_head(&mut self, i: usize) {
        let shard = &mut self.shards[i];
        if shard.in_heap {
            return;
        }
        if let Some(item) = shard.buffer.pop_front() {
            let sort = string_attribute(&item, &self.sort_attribute)
                .unwrap_or_default()
                .to_owned();
            shard.in_heap = true;
            self.heap.push(Head {
                sort,
                shard: i,
                forward: self.forward,
                item,
            });
        }
    }

    /// Takes the next item in merged order; `None` when the heap is empty.
    fn pop(&mut self) -> Result<Option<Item>, Error> {
        let Some(head) = self.heap.pop() else {
            return Ok(None);
        };
        let key = key_of(&head.item, &self.input.shards[head.shard])?;
        let shard = &mut self.shards[head.shard];
        shard.in_heap = false;
        shard.position = if shard.buffer.is_empty() && !shard.more {
            ShardPosition::Exhausted
        } else {
            ShardPosition::After(key)
        };
        self.push_head(head.shard);
        if let Some(remaining) = &mut self.remaining {
            *remaining = remaining.saturating_sub(1);
        }
        Ok(Some(head.item))
    }

    /// The cursor for what was not returned yet; `None` when every shard is exhausted.
    fn cursor(&self) -> Result<Option<ShardedCursor>, Error> {
        if self
            .shards
            .iter()
            .all(|s| s.position == ShardPosition::Exhausted)
        {
            return Ok(None);
        }
        let positions: Vec<ShardPosition> =
            self.shards.iter().map(|s| s.position.clone()).collect();
        Ok(Some(self.db.cursor_codec().encode_sharded(
            self.db.table_name(),
            &self.input,
            &positions,
        )?))
    }
}

/// The key attributes of `item` (those of a `LastEvaluatedKey` of `input`) as a start key.
fn key_of(item: &Item, input: &QueryInput) -> Result<StartKey, KeyError> {
    input
        .start_key_attributes
        .iter()
        .map(|name| match item.get(name).and_then(from_attribute_value) {
            Some(value) => Ok((name.clone(), value)),
            None => Err(CursorError::WrongKey(format!(
                "an item returned has no key attribute {name:?} of type S, N or B, so no cursor \
                 can point at it"
            ))
            .into()),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn head(sort: &str, shard: usize, forward: bool) -> Head {
        Head {
            sort: sort.to_owned(),
            shard,
            forward,
            item: Item::new(),
        }
    }

    fn order(forward: bool, heads: &[(&str, usize)]) -> Vec<(String, usize)> {
        let mut heap: BinaryHeap<Head> = heads.iter().map(|(s, i)| head(s, *i, forward)).collect();
        let mut out = Vec::new();
        while let Some(h) = heap.pop() {
            out.push((h.sort, h.shard));
        }
        out
    }

    #[test]
    fn heads_pop_in_byte_order_with_ties_by_shard_in_the_same_direction() {
        let heads = [("b", 0), ("a", 2), ("é", 1), ("a", 1), ("z", 3)];
        let owned = |v: &[(&str, usize)]| -> Vec<(String, usize)> {
            v.iter().map(|(s, i)| ((*s).to_owned(), *i)).collect()
        };
        assert_eq!(
            order(true, &heads),
            owned(&[("a", 1), ("a", 2), ("b", 0), ("z", 3), ("é", 1)])
        );
        assert_eq!(
            order(false, &heads),
            owned(&[("é", 1), ("z", 3), ("b", 0), ("a", 2), ("a", 1)])
        );
    }
}
