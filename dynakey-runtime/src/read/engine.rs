//! The one read engine: the partitions of a [`QueryPlan`] read page by page and merged by sort
//! key (one partition is the plain Query), the limit applied after the merge, excluded ends
//! dropped, and one cursor for where every partition stands. A scan plan is read the same way,
//! its segments in the place of partitions (Scan requests instead of Query requests).

use std::cmp::Ordering;
use std::collections::VecDeque;
use std::sync::Arc;

use aws_sdk_dynamodb::types::ReturnConsumedCapacity;
use dynakey::__private::plan::QueryPlan;
use dynakey::{Cursor, CursorError, KeyError, Position, QueryInput, ScanInput, StartKey, Table};
use futures::future::try_join_all;
use tracing::Instrument;

use crate::convert::{
    apply_query_input, apply_scan_input, from_attribute_value, from_start_key, limit_to_i32,
    string_attribute, to_start_key, Item,
};
use crate::db::Db;
use crate::error::Error;
use crate::measures::{self, Labels};
use crate::sdk::{Failed, Idempotence, Sending};

/// How far one call of [`Reader::next`] may go for the item it returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// As many requests as it takes: a stream of items.
    Stream,
    /// One request per partition per page: pause when a partition already asked during this page
    /// would need another request (DynamoDB's own page: one response).
    OneRound,
    /// As many requests as it takes to fill the page to its limit: a page of `n` holds `n`
    /// delivered items however many of the items read a filter or the caller drops.
    Fill,
}

/// The outcome of one [`Reader::next`].
pub(crate) enum Step {
    /// The next item in merged order.
    Item(Item),
    /// No more items in any partition.
    End,
    /// The limit is reached, or (in [`Mode::OneRound`]) a partition would need another request:
    /// [`Reader::cursor`] resumes here.
    Paused,
}

/// One partition of a running read.
struct Part {
    /// `ExclusiveStartKey` of this partition's next request.
    start: Option<Item>,
    /// `ExclusiveStartKey` of the request whose items are in `buffer` (`None`: the start).
    buffered_from: Option<Item>,
    /// Items read and kept but not yet returned, in the partition's order.
    buffer: VecDeque<Item>,
    /// `true` while a request may still return items (never asked, or a `LastEvaluatedKey`).
    more: bool,
    /// Requests sent to this partition during the current page.
    asked: u32,
    /// Requests sent to this partition so far (sizes its next `Limit` in a fan-out).
    requests: u32,
    /// Items of this partition [`delivered`](Reader::delivered) during the current page (its
    /// share of the page, [`Reader::shares`]).
    delivered: u32,
    /// The key of the last item returned from `buffer` (kept only when positions are tracked).
    last: Option<Result<StartKey, KeyError>>,
    /// The next request, sent before `buffer` ran dry ([`Reader::read_ahead`]).
    ahead: Option<Ahead>,
}

/// A request read ahead on a task of its own, aborted when the read is dropped.
struct Ahead(tokio::task::JoinHandle<Result<Response, Error>>);

impl Drop for Ahead {
    fn drop(&mut self) {
        self.0.abort();
    }
}

impl Part {
    fn at(position: &Position) -> Part {
        let (start, more) = match position {
            Position::NotStarted => (None, true),
            Position::After(key) => (Some(from_start_key(key)), true),
            Position::Exhausted => (None, false),
        };
        Part {
            buffered_from: start.clone(),
            start,
            buffer: VecDeque::new(),
            more,
            asked: 0,
            requests: 0,
            delivered: 0,
            last: None,
            ahead: None,
        }
    }

    /// Where a cursor made now resumes this partition.
    fn position(&self) -> Result<Position, Error> {
        if self.buffer.is_empty() {
            return Ok(match &self.start {
                Some(key) if self.more => Position::After(to_start_key(key)?),
                _ if self.more => Position::NotStarted,
                _ => Position::Exhausted,
            });
        }
        match &self.last {
            Some(Ok(key)) => Ok(Position::After(key.clone())),
            Some(Err(e)) => Err(e.clone().into()),
            None => Ok(match &self.buffered_from {
                Some(key) => Position::After(to_start_key(key)?),
                None => Position::NotStarted,
            }),
        }
    }
}

/// The request of one partition (a Query) or one segment (a Scan), rendered once.
enum Request {
    Query(QueryInput),
    Scan(ScanInput),
}

/// How far a read has come, told to the callback of
/// [`Scan::on_progress`](crate::Scan::on_progress) after every response.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ReadProgress {
    /// Items DynamoDB evaluated so far (`ScannedCount`, summed): before the filter.
    pub scanned: u64,
    /// Items DynamoDB returned so far (`Count`, summed): those that passed the filter.
    pub returned: u64,
    /// Segments (partitions, for a query) with nothing left to read.
    pub done: u32,
    /// Segments (partitions, for a query) read in all.
    pub total: u32,
}

/// A callback told of a read's [`ReadProgress`].
pub(crate) type Progress = Arc<dyn Fn(ReadProgress) + Send + Sync>;

/// A read of a plan in progress.
pub(crate) struct Reader<T: Table> {
    db: Db<T>,
    plan: Arc<QueryPlan>,
    /// The request of each partition, rendered once.
    inputs: Vec<Arc<Request>>,
    /// `Limit` cap of every request (items evaluated per request), when set.
    pub(crate) page_size: Option<u32>,
    /// Told after every response.
    pub(crate) progress: Option<Progress>,
    counts: ReadProgress,
    parts: Vec<Part>,
    sort_attribute: Option<&'static str>,
    key_attributes: Vec<&'static str>,
    /// Items still wanted when the plan has a limit (counted down by [`delivered`](Self::delivered),
    /// not by what the reader returns: a caller's skipped items leave it unchanged); never
    /// `Some(0)` before a request.
    remaining: Option<u32>,
    /// Keep every partition's last returned key, for cursors.
    track: bool,
    /// Each partition's share of an earlier page of the same query
    /// ([`Query::shares_hint`](crate::Query::shares_hint)): the `Limit` of its first request
    /// of the read. Used only for a fan-out with a limit, only when it has one number per
    /// partition, and only by reads whose pages do not follow their requests' `Limit`
    /// ([`Mode::Stream`], [`Mode::Fill`]: [`next`](Self::next) drops it in [`Mode::OneRound`]).
    pub(crate) hint: Option<Vec<u32>>,
    /// The partition of the item [`pop`](Self::pop) returned last.
    popped: Option<usize>,
    /// `true` once the refills the first round predicts were sent ([`ahead`](Self::ahead)).
    looked_ahead: bool,
    /// Requests sent, items they evaluated (`ScannedCount`) and capacity consumed since
    /// [`begin_page`](Self::begin_page).
    pub(crate) requests: u32,
    pub(crate) evaluated: u64,
    pub(crate) consumed_capacity: Option<f64>,
    /// Items [`delivered`](Self::delivered) since [`begin_page`](Self::begin_page).
    delivered: u64,
    /// `LastEvaluatedKey` of the latest response (the page's, for a one-partition read).
    pub(crate) last_evaluated_key: Option<Item>,
    /// What its requests' measures are labelled with.
    pub(crate) labels: Labels,
    /// Read ahead: in [`Mode::Stream`], without a limit or cursors, on a multi-threaded Tokio
    /// runtime, each partition's next request is sent (on a task of its own) as soon as its
    /// current page arrives, so that it travels while the caller consumes that page; one page
    /// ahead per partition at most. Set by [`Query::items`](crate::Query::items).
    pub(crate) read_ahead: bool,
}

impl<T: Table> Reader<T> {
    /// A reader of `plan` from `positions` (one per partition); `track`: cursors will be asked for.
    pub(crate) fn new(
        db: Db<T>,
        plan: Arc<QueryPlan>,
        positions: &[Position],
        track: bool,
    ) -> Self {
        let inputs = if plan.is_scan() {
            (0..plan.partition_count())
                .map(|i| Arc::new(Request::Scan(plan.scan_input(i))))
                .collect()
        } else {
            plan.inputs()
                .into_iter()
                .map(|input| Arc::new(Request::Query(input)))
                .collect()
        };
        let target = *plan.target();
        Reader {
            db,
            remaining: plan.limit(),
            inputs,
            page_size: None,
            progress: None,
            counts: ReadProgress {
                total: u32::try_from(positions.len()).unwrap_or(u32::MAX),
                ..ReadProgress::default()
            },
            parts: positions.iter().map(Part::at).collect(),
            sort_attribute: target.sort_key(),
            key_attributes: target.start_key_attributes(),
            plan,
            track,
            hint: None,
            popped: None,
            looked_ahead: false,
            requests: 0,
            evaluated: 0,
            consumed_capacity: None,
            delivered: 0,
            last_evaluated_key: None,
            labels: Labels::default(),
            read_ahead: false,
        }
    }

    /// Starts a new page: request counts and the one-request-per-partition rule start over.
    pub(crate) fn begin_page(&mut self) {
        self.requests = 0;
        self.evaluated = 0;
        self.delivered = 0;
        self.consumed_capacity = None;
        self.last_evaluated_key = None;
        for part in &mut self.parts {
            part.asked = 0;
            part.delivered = 0;
        }
    }

    /// How many of the items [`delivered`](Self::delivered) since
    /// [`begin_page`](Self::begin_page) each partition gave, in the plan's partition order.
    pub(crate) fn shares(&self) -> Vec<u32> {
        self.parts.iter().map(|part| part.delivered).collect()
    }

    /// Counts one item the caller delivered against the limit (an item of the entity read; not
    /// one it skipped or kept aside as another entity's).
    pub(crate) fn delivered(&mut self) {
        self.delivered = self.delivered.saturating_add(1);
        if let Some(part) = self.popped.and_then(|i| self.parts.get_mut(i)) {
            part.delivered = part.delivered.saturating_add(1);
        }
        if let Some(remaining) = &mut self.remaining {
            *remaining = remaining.saturating_sub(1);
        }
    }

    /// Where the plan reads (its typed items are checked against it).
    pub(crate) fn target(&self) -> &dynakey::__private::plan::Target {
        self.plan.target()
    }

    /// The DynamoDB operation the reader sends: `"Query"` or `"Scan"`.
    pub(crate) fn operation(&self) -> &'static str {
        if self.plan.is_scan() {
            "Scan"
        } else {
            "Query"
        }
    }

    /// The number of partitions read.
    pub(crate) fn partition_count(&self) -> usize {
        self.parts.len()
    }

    /// `true` when the plan has a limit.
    pub(crate) fn has_limit(&self) -> bool {
        self.plan.limit().is_some()
    }

    /// `true` when the limit is reached.
    pub(crate) fn limit_reached(&self) -> bool {
        self.remaining == Some(0)
    }

    /// The next item in merged order, asking the partitions that need it first (concurrently).
    pub(crate) async fn next(&mut self, mode: Mode) -> Result<Step, Error> {
        if mode == Mode::OneRound {
            // A page of one round is what its requests' `Limit`s return: a hint would change it.
            self.hint = None;
        }
        loop {
            if self.remaining == Some(0) {
                return Ok(Step::Paused);
            }
            let needed: Vec<usize> = (0..self.parts.len())
                .filter(|&i| self.parts[i].buffer.is_empty() && self.parts[i].more)
                .collect();
            if needed.is_empty() && mode == Mode::Stream && !self.looked_ahead {
                self.looked_ahead = true;
                let ahead = self.ahead();
                if !ahead.is_empty() {
                    self.fetch_wanting(ahead).await?;
                }
            }
            if needed.is_empty() {
                return Ok(match self.pop() {
                    Some(item) => Step::Item(item),
                    None => Step::End,
                });
            }
            if mode == Mode::OneRound && needed.iter().any(|&i| self.parts[i].asked > 0) {
                return Ok(Step::Paused);
            }
            let (ready, rest): (Vec<usize>, Vec<usize>) =
                needed.iter().partition(|&&i| self.parts[i].ahead.is_some());
            for i in ready {
                if let Some(ahead) = self.parts[i].ahead.take() {
                    let response = self.read_ahead_answer(ahead).await?;
                    self.absorb(i, response);
                }
            }
            if !rest.is_empty() {
                self.fetch(&rest).await?;
            }
            if mode == Mode::Stream {
                self.send_ahead(&needed);
            }
        }
    }

    /// Sends the next request of each partition of `parts` that may have more, on a task of its
    /// own ([`read_ahead`](Self::read_ahead)), when this read reads ahead.
    fn send_ahead(&mut self, parts: &[usize]) {
        let threads = tokio::runtime::Handle::try_current()
            .is_ok_and(|h| h.runtime_flavor() == tokio::runtime::RuntimeFlavor::MultiThread);
        if !self.read_ahead || self.track || self.remaining.is_some() || !threads {
            return;
        }
        for &i in parts {
            let part = &self.parts[i];
            if !part.more || part.ahead.is_some() {
                continue;
            }
            let (db, request) = (self.db.clone(), Arc::clone(&self.inputs[i]));
            let (start, limit) = (part.start.clone(), self.page_size);
            let send = async move { send(&db, &request, start, limit).await };
            let send = measures::labelled(self.labels, send).in_current_span();
            self.parts[i].ahead = Some(Ahead(tokio::spawn(send)));
        }
    }

    /// The answer of a request read ahead.
    async fn read_ahead_answer(&self, mut ahead: Ahead) -> Result<Response, Error> {
        match (&mut ahead.0).await {
            Ok(answer) => answer,
            // A send panicked (a bug): its panic goes on here.
            Err(error) if error.is_panic() => std::panic::resume_unwind(error.into_panic()),
            Err(error) => Err(Error::Sdk {
                operation: self.operation(),
                message: format!("the request's task did not finish: {error}"),
                source: Box::new(error),
            }),
        }
    }

    /// Sends the next request of every partition in `needed`, concurrently, and buffers what they
    /// return (without the excluded sort keys).
    async fn fetch(&mut self, needed: &[usize]) -> Result<(), Error> {
        self.fetch_wanting(needed.iter().map(|&i| (i, None)).collect())
            .await
    }

    /// As [`fetch`](Self::fetch), each partition asked for the items given beside it, or (`None`)
    /// its [`share`](Self::share) of what is still wanted.
    async fn fetch_wanting(&mut self, wanted: Vec<(usize, Option<u32>)>) -> Result<(), Error> {
        let needed: Vec<usize> = wanted.iter().map(|&(i, _)| i).collect();
        let requests = wanted.into_iter().map(|(i, want)| {
            let start = self.parts[i].start.clone();
            let part = &self.parts[i];
            let limit = want.or_else(|| {
                self.remaining.map(|r| {
                    self.hinted(i, r)
                        .unwrap_or_else(|| self.share(r, part.requests, part.asked))
                })
            });
            let limit = match (limit, self.page_size) {
                (Some(limit), Some(size)) => Some(limit.min(size)),
                (limit, size) => limit.or(size),
            };
            (Arc::clone(&self.inputs[i]), start, limit)
        });
        let send = send_all(&self.db, requests.collect());
        let responses = measures::labelled(self.labels, send).await?;
        for (&i, response) in needed.iter().zip(responses) {
            self.absorb(i, response);
        }
        Ok(())
    }

    /// Buffers what partition `i`'s request returned (without the excluded sort keys), and counts
    /// it.
    fn absorb(&mut self, i: usize, response: Response) {
        self.requests = self.requests.saturating_add(1);
        self.evaluated = self.evaluated.saturating_add(response.scanned);
        if let Some(units) = response.consumed_capacity {
            *self.consumed_capacity.get_or_insert(0.0) += units;
        }
        self.counts.scanned = self.counts.scanned.saturating_add(response.scanned);
        self.counts.returned = self
            .counts
            .returned
            .saturating_add(response.items.len() as u64);
        let plan = &self.plan;
        let sort_attribute = self.sort_attribute;
        let part = &mut self.parts[i];
        part.asked = part.asked.saturating_add(1);
        part.requests = part.requests.saturating_add(1);
        part.last = None;
        part.buffered_from = part.start.take();
        let excluded = |item: &Item| {
            !plan.excluded_sort_keys().is_empty()
                && sort_attribute
                    .and_then(|name| string_attribute(item, name))
                    .is_some_and(|sort| plan.is_excluded(sort))
        };
        part.buffer
            .extend(response.items.into_iter().filter(|item| !excluded(item)));
        part.more = response.last_evaluated_key.is_some();
        part.start.clone_from(&response.last_evaluated_key);
        if !part.more {
            self.counts.done = self.counts.done.saturating_add(1);
        }
        self.last_evaluated_key = response.last_evaluated_key;
        if let Some(progress) = &self.progress {
            progress(self.counts);
        }
    }

    /// After the first round of a fan-out stream with a limit: the partitions whose refill is
    /// already known to be needed soon, asked together in a second round instead of one after
    /// the other as each buffer runs dry. A partition qualifies when it may have more and the
    /// last item it returned ranks `r` in the first half of the limit among everything read so
    /// far, in merge order, its own items included (its items fill the top of the merge faster
    /// than an even share); it is asked for its [`share`](Self::share), but never for more than
    /// the `remaining - r` places its further items could take before the limit. A guess: a
    /// partition asked ahead that turns out not to be needed costs one request, never a result
    /// (the merge still asks any partition whose buffer runs dry). Not with cursors: a buffer
    /// that is refilled before it is empty would move the position a cursor resumes from.
    fn ahead(&self) -> Vec<(usize, Option<u32>)> {
        let Some(remaining) = self.remaining else {
            return Vec::new();
        };
        if self.track || self.parts.len() < 2 {
            return Vec::new();
        }
        let Some(name) = self.sort_attribute else {
            return Vec::new();
        };
        let forward = self.plan.scan_index_forward();
        let sort = |item: &Item| string_attribute(item, name).unwrap_or_default().to_owned();
        let lasts: Vec<Option<String>> = self
            .parts
            .iter()
            .map(|p| p.buffer.back().filter(|_| p.more).map(sort))
            .collect();
        (0..self.parts.len())
            .filter_map(|i| {
                let last = lasts[i].as_ref()?;
                // Items read that come before or at this partition's last one, in merge order.
                let rank: u64 = self
                    .parts
                    .iter()
                    .map(|p| {
                        let before = p
                            .buffer
                            .iter()
                            .filter(|item| {
                                let s = string_attribute(item, name).unwrap_or_default();
                                if forward {
                                    s.as_bytes() <= last.as_bytes()
                                } else {
                                    s.as_bytes() >= last.as_bytes()
                                }
                            })
                            .count();
                        u64::try_from(before).unwrap_or(u64::MAX)
                    })
                    .sum();
                if rank > u64::from(remaining.div_ceil(2)) {
                    return None;
                }
                // No place left: nothing after its last item can come before the limit.
                let left = u64::from(remaining).checked_sub(rank).filter(|&n| n > 0)?;
                let left = u32::try_from(left).unwrap_or(u32::MAX);
                let part = &self.parts[i];
                let share = self.share(remaining, part.requests, part.asked);
                Some((i, Some(share.min(left))))
            })
            .collect()
    }

    /// The `Limit` of partition `i`'s first request of the read under a [`hint`](Self::hint):
    /// its share of the earlier page plus a quarter, plus one (new items may have come to it
    /// since; a shard that gave nothing is still asked for one), at most `remaining`. `None`
    /// without a usable hint or after the partition's first request: a partition asked too
    /// little is refilled as without a hint, so the items read are the same.
    fn hinted(&self, i: usize, remaining: u32) -> Option<u32> {
        let hint = self
            .hint
            .as_deref()
            .filter(|hint| self.parts.len() > 1 && hint.len() == self.parts.len())?;
        if self.parts[i].requests > 0 {
            return None;
        }
        let share = *hint.get(i)?;
        Some(
            share
                .saturating_add(share.div_ceil(4))
                .saturating_add(1)
                .min(remaining),
        )
    }

    /// The `Limit` of a partition's next request when `remaining` items are still wanted and it
    /// was asked `asked` times (`in_page` of them during the current page). One partition: what
    /// is still wanted on the first request; on a further one (a filter or the caller dropped
    /// items read), what is still wanted times the page's items evaluated per item delivered so
    /// far, plus a quarter — or, when none was delivered yet, four times what the page evaluated
    /// — so that a page of 10 under a filter that keeps one item in a hundred takes about three
    /// requests, not a hundred. A fan-out: a share of what is missing among the partitions that may
    /// still return items (an even split plus a quarter, plus one), doubled on each further
    /// request to the same partition, so that an even spread costs about one request per shard
    /// and little more than `remaining` items read, and a skewed one a few requests more, never
    /// one per item. Items read beyond the page stay unreturned: its cursor resumes after the
    /// last item delivered.
    fn share(&self, remaining: u32, asked: u32, in_page: u32) -> u32 {
        let active = self
            .parts
            .iter()
            .filter(|p| p.more || !p.buffer.is_empty())
            .count();
        let n = u32::try_from(active).unwrap_or(u32::MAX).max(1);
        if self.parts.len() == 1 || n == 1 {
            if in_page == 0 {
                return remaining;
            }
            let estimate = match self.delivered {
                0 => self.evaluated.saturating_mul(4),
                delivered => {
                    let per_item = self.evaluated.saturating_mul(5) / delivered.saturating_mul(4);
                    u64::from(remaining).saturating_mul(per_item.max(1)) + 1
                }
            };
            return u32::try_from(estimate).unwrap_or(u32::MAX).max(remaining);
        }
        let even = remaining.div_ceil(n);
        let first = even.saturating_add(even.div_ceil(4)).saturating_add(1);
        first
            .saturating_mul(1u32.checked_shl(asked).unwrap_or(u32::MAX))
            .min(remaining)
    }

    /// Takes the next item in merged order from the buffers (each partition that may have more
    /// has a non-empty buffer); `None` when every buffer is empty.
    fn pop(&mut self) -> Option<Item> {
        let chosen = if self.parts.len() == 1 {
            (!self.parts[0].buffer.is_empty()).then_some(0)
        } else {
            self.head()
        }?;
        let item = self.parts[chosen].buffer.pop_front()?;
        self.popped = Some(chosen);
        if self.track {
            self.parts[chosen].last = Some(key_of(&item, &self.key_attributes));
        }
        Some(item)
    }

    /// The partition whose buffered head comes next: by the UTF-8 bytes of the sort key, then by
    /// partition order (shard order for shard keys), both descending for a reversed plan.
    fn head(&self) -> Option<usize> {
        let sort_of = |i: usize| {
            self.parts[i]
                .buffer
                .front()
                .and_then(|item| self.sort_attribute.and_then(|n| string_attribute(item, n)))
                .unwrap_or_default()
        };
        let forward = self.plan.scan_index_forward();
        // The best so far with its sort key, so each partition's head is looked up once.
        let mut best: Option<(usize, &str)> = None;
        for i in (0..self.parts.len()).filter(|&i| !self.parts[i].buffer.is_empty()) {
            let sort = sort_of(i);
            let before = match best {
                None => true,
                Some((b, best_sort)) => {
                    let order = sort.as_bytes().cmp(best_sort.as_bytes()).then(i.cmp(&b));
                    if forward {
                        order == Ordering::Less
                    } else {
                        order == Ordering::Greater
                    }
                }
            };
            if before {
                best = Some((i, sort));
            }
        }
        best.map(|(i, _)| i)
    }

    /// The cursor for what was not returned yet; `None` when every partition is exhausted.
    pub(crate) fn cursor(&self) -> Result<Option<Cursor>, Error> {
        if self.parts.iter().all(|p| p.buffer.is_empty() && !p.more) {
            return Ok(None);
        }
        let positions = self
            .parts
            .iter()
            .map(Part::position)
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Some(self.db.cursor_codec().encode(
            self.db.table_name(),
            &self.plan,
            &positions,
        )?))
    }
}

/// The key attributes of `item` (those of a `LastEvaluatedKey` of the plan) as a start key.
fn key_of(item: &Item, names: &[&'static str]) -> Result<StartKey, KeyError> {
    names
        .iter()
        .map(
            |name| match item.get(*name).and_then(from_attribute_value) {
                Some(value) => Ok(((*name).to_owned(), value)),
                None => Err(CursorError::WrongKey(format!(
                "an item returned has no key attribute {name:?} of type S, N or B, so no cursor \
                 can point at it; project the key attributes too"
            ))
                .into()),
            },
        )
        .collect()
}

/// One Query or Scan response: its items, `LastEvaluatedKey`, `ConsumedCapacity` (capacity
/// units) and `ScannedCount` (items evaluated before the filter).
struct Response {
    items: Vec<Item>,
    last_evaluated_key: Option<Item>,
    consumed_capacity: Option<f64>,
    scanned: u64,
}

/// Sends the requests of several partitions at once (see [`send`]) and returns their responses
/// in the same order. On a multi-threaded Tokio runtime each is its own task, so that the work an
/// answer takes on this side (the SDK reading its items; with the embedded engine, the engine's
/// own) spreads over the runtime's threads instead of one; the tasks are aborted when the read
/// is dropped. Otherwise they are polled together on the caller's task.
async fn send_all<T: Table>(
    db: &Db<T>,
    requests: Vec<(Arc<Request>, Option<Item>, Option<u32>)>,
) -> Result<Vec<Response>, Error> {
    let threads = tokio::runtime::Handle::try_current()
        .is_ok_and(|h| h.runtime_flavor() == tokio::runtime::RuntimeFlavor::MultiThread);
    if requests.len() < 2 || !threads {
        let sends = requests
            .iter()
            .map(|(request, start, limit)| send(db, request, start.clone(), *limit));
        return try_join_all(sends).await;
    }
    let operation = match requests.first().map(|(request, ..)| &**request) {
        Some(Request::Scan(_)) => "Scan",
        _ => "Query",
    };
    let mut tasks = tokio::task::JoinSet::new();
    let count = requests.len();
    for (i, (request, start, limit)) in requests.into_iter().enumerate() {
        let db = db.clone();
        let labels = measures::current();
        let send = async move { (i, send(&db, &request, start, limit).await) };
        let send = measures::labelled(labels, send);
        tasks.spawn(send.in_current_span());
    }
    let mut responses: Vec<Option<Response>> = (0..count).map(|_| None).collect();
    while let Some(joined) = tasks.join_next().await {
        match joined {
            Ok((i, answer)) => responses[i] = Some(answer?),
            // A send panicked (a bug): its panic goes on here.
            Err(error) if error.is_panic() => std::panic::resume_unwind(error.into_panic()),
            // Cancelled: the runtime is shutting down.
            Err(error) => {
                return Err(Error::Sdk {
                    operation,
                    message: format!("the request's task did not finish: {error}"),
                    source: Box::new(error),
                })
            }
        }
    }
    // Every task answered, so every slot is filled.
    Ok(responses.into_iter().flatten().collect())
}

/// Renders one Query or Scan request of `request` from `start` with `Limit` = `limit`, and sends
/// it through the SDK edge (a read: safe to send again).
async fn send<T: Table>(
    db: &Db<T>,
    request: &Request,
    start: Option<Item>,
    limit: Option<u32>,
) -> Result<Response, Error> {
    let limit = limit.map(limit_to_i32);
    let how = Sending::sdk(Idempotence::Idempotent);
    // The Query and Scan outputs are different types with the same members.
    macro_rules! response {
        ($output:expr) => {{
            let output = $output;
            Response {
                consumed_capacity: output.consumed_capacity().and_then(|c| c.capacity_units()),
                scanned: u64::try_from(output.scanned_count).unwrap_or_default(),
                items: output.items.unwrap_or_default(),
                last_evaluated_key: output.last_evaluated_key,
            }
        }};
    }
    Ok(match request {
        Request::Query(input) => {
            let request = apply_query_input(db.client().query(), db.table_name(), input)
                .set_exclusive_start_key(start)
                .set_limit(limit)
                .return_consumed_capacity(ReturnConsumedCapacity::Total);
            response!(db
                .edge()
                .send(request, how)
                .await
                .map_err(Failed::into_error)?)
        }
        Request::Scan(input) => {
            let request = apply_scan_input(db.client().scan(), db.table_name(), input)
                .set_exclusive_start_key(start)
                .set_limit(limit)
                .return_consumed_capacity(ReturnConsumedCapacity::Total);
            response!(db
                .edge()
                .send(request, how)
                .await
                .map_err(Failed::into_error)?)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use aws_sdk_dynamodb::types::AttributeValue;

    fn item(sort: &str) -> Item {
        Item::from([
            ("PK".to_owned(), AttributeValue::S("A#1".into())),
            ("SK".to_owned(), AttributeValue::S(sort.into())),
        ])
    }

    #[test]
    fn missing_key_attributes_are_an_error_only_when_a_cursor_needs_them() {
        let mut projected = item("a");
        projected.remove("SK");
        assert!(key_of(&projected, &["PK", "SK"]).is_err());
        assert_eq!(
            key_of(&item("a"), &["PK", "SK"]).unwrap()["SK"],
            dynakey::KeyValue::S("a".into())
        );
    }
}
