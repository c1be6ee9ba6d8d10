//! The engine under every batch: requests of at most `MAX` entries made from a stream of entries,
//! at most `concurrency` of them in flight, each sent until done or its budget
//! ([`RetryPolicy::max_attempts`]) runs out, with every entry's fate recorded.
//!
//! One loop owns all the state: an attempt is a future that sleeps (before resending what came
//! back unprocessed) and hands one request to the SDK edge, which resends it after a retryable
//! failure within what is left of the budget, and returns its entries with the answer; the loop
//! counts, reports progress and decides what to send next. Memory is bounded by the requests in
//! flight, not by the input.

use std::collections::{HashMap, HashSet};
use std::future::Future;
use std::time::Duration;

use futures::stream::{FuturesUnordered, StreamExt};

use crate::convert::Item;
use crate::error::{BatchEntry, Error};
use crate::retry::{Reason, RetryPolicy};
use crate::sdk::Attempts;

/// A primary key as strings: what matches DynamoDB's answers to the entries sent.
pub(crate) type KeyStrings = (String, Option<String>);

/// One entry of a batch on its way: where it is in the input, its key, and what its request is made
/// from.
pub(crate) struct Entry<'a, S: ?Sized> {
    pub(crate) position: usize,
    pub(crate) key: KeyStrings,
    pub(crate) source: &'a S,
    /// Whether a failed attempt that carried it may have been applied.
    pub(crate) maybe_applied: bool,
}

impl<'a, S: ?Sized> Entry<'a, S> {
    pub(crate) fn new(position: usize, key: KeyStrings, source: &'a S) -> Self {
        Entry {
            position,
            key,
            source,
            maybe_applied: false,
        }
    }

    fn into_account(self) -> BatchEntry {
        BatchEntry {
            position: self.position,
            partition: self.key.0,
            sort: self.key.1,
        }
    }
}

/// The distinct entries of an input, each at its first position (for keys, where a later
/// duplicate is the same request), counting the duplicates skipped.
pub(crate) struct FirstOccurrences<'a, S, I> {
    input: std::iter::Enumerate<I>,
    seen: HashSet<&'a S>,
    key: fn(&S) -> KeyStrings,
    /// Entries skipped so far because an earlier one was equal.
    pub(crate) duplicates: usize,
}

impl<'a, S, It: Iterator> FirstOccurrences<'a, S, It> {
    /// The distinct entries of `input`, keyed by `key`.
    pub(crate) fn new<I>(input: I, key: fn(&S) -> KeyStrings) -> Self
    where
        I: IntoIterator<Item = &'a S, IntoIter = It>,
    {
        FirstOccurrences {
            input: input.into_iter().enumerate(),
            seen: HashSet::new(),
            key,
            duplicates: 0,
        }
    }
}

impl<'a, S, I> Iterator for FirstOccurrences<'a, S, I>
where
    S: Eq + std::hash::Hash,
    I: Iterator<Item = &'a S>,
{
    type Item = Entry<'a, S>;

    fn next(&mut self) -> Option<Entry<'a, S>> {
        for (position, source) in self.input.by_ref() {
            if self.seen.insert(source) {
                return Some(Entry::new(position, (self.key)(source), source));
            }
            self.duplicates += 1;
        }
        None
    }
}

/// What one request came back with.
#[derive(Default)]
pub(crate) struct Sent {
    /// The keys DynamoDB returned unprocessed.
    pub(crate) unprocessed: Vec<KeyStrings>,
    /// The items read, with their keys.
    pub(crate) read: Vec<(KeyStrings, Item)>,
}

/// A request that failed for good.
pub(crate) struct Failure {
    /// The error, as [`Error::Sdk`] (or the error rendering an entry).
    pub(crate) error: Error,
    /// Why it could have been retried: `Some` when the budget ran out, `None` when sending it
    /// again would fail the same way.
    pub(crate) retry: Option<Reason>,
}

/// One kind of batch request: how to make it from entries and send it.
pub(crate) trait Op {
    /// What an entry's request is made from (an entity, a key).
    type Source: ?Sized;
    /// One entry's part of the request.
    type Request: Send;
    /// The DynamoDB API operation.
    const OPERATION: &'static str;
    /// The response field for what was left unprocessed.
    const UNPROCESSED: &'static str;
    /// The most entries one request may carry.
    const MAX: usize;

    /// The request part of one entry.
    fn request(&self, source: &Self::Source) -> Result<Self::Request, Error>;

    /// Sends one request through the SDK edge, which resends it after a retryable failure (made
    /// anew by `again`, only then): its first send is attempt `first` of a budget of `last`.
    fn send(
        &self,
        requests: Vec<Self::Request>,
        again: impl FnMut() -> Option<Vec<Self::Request>>,
        first: u32,
        last: u32,
    ) -> impl Future<Output = (Result<Sent, Failure>, Attempts)>;
}

/// What a batch did.
#[derive(Default)]
pub(crate) struct Run {
    /// Requests sent, retries included.
    pub(crate) requests: usize,
    /// Requests that resent entries.
    pub(crate) retries: usize,
    /// Entries processed (written, or read with or without an item).
    pub(crate) processed: usize,
    /// The items read, with the position of their key (`usize::MAX` for an item whose key was not
    /// asked for, which DynamoDB never sends).
    pub(crate) read: Vec<(usize, Item)>,
    /// Why and where it stopped, when it did.
    pub(crate) stop: Option<Stop>,
}

/// The end of a batch that stopped on an error.
pub(crate) struct Stop {
    pub(crate) cause: Error,
    pub(crate) attempts: u32,
    /// Entries not processed, in input order.
    pub(crate) not_applied: Vec<BatchEntry>,
    /// Entries that may have been applied, in input order.
    pub(crate) unknown: Vec<BatchEntry>,
}

/// Entries on their way in one request, and how many times they were sent.
struct Chunk<'a, S: ?Sized> {
    entries: Vec<Entry<'a, S>>,
    attempt: u32,
}

/// One attempt: waits `delay`, then makes the request and sends it, as attempt `chunk.attempt`
/// and, after retryable failures, the next ones up to `last`. Returns the chunk, what the sends
/// were, and the answer.
async fn attempt<'a, O: Op>(
    op: &O,
    chunk: Chunk<'a, O::Source>,
    delay: Duration,
    last: u32,
) -> (Chunk<'a, O::Source>, Attempts, Result<Sent, Failure>) {
    if !delay.is_zero() {
        tokio::time::sleep(delay).await;
    }
    // Rendered again only for a resend after a failure: the request is not copied in advance.
    let render = || -> Result<Vec<_>, Error> {
        chunk.entries.iter().map(|e| op.request(e.source)).collect()
    };
    match render() {
        Ok(requests) => {
            let again = || render().ok();
            let (answer, sends) = op.send(requests, again, chunk.attempt, last).await;
            (chunk, sends, answer)
        }
        Err(error) => {
            let failure = Failure { error, retry: None };
            (chunk, Attempts::default(), Err(failure))
        }
    }
}

/// Runs a batch over `entries` (distinct keys), calling `progress(n)` after each request with the
/// number of entries it processed.
pub(crate) async fn run<'a, O: Op>(
    op: &O,
    policy: RetryPolicy,
    concurrency: usize,
    mut entries: impl Iterator<Item = Entry<'a, O::Source>>,
    mut progress: impl FnMut(usize),
) -> Run
where
    O::Source: 'a,
{
    let max_attempts = policy.attempts();
    let mut in_flight = FuturesUnordered::new();
    let mut run = Run::default();
    let mut stopped: Option<(Error, u32)> = None;
    let mut left: Vec<Entry<'a, O::Source>> = Vec::new();
    loop {
        while stopped.is_none() && in_flight.len() < concurrency.max(1) {
            let chunk: Vec<_> = entries.by_ref().take(O::MAX).collect();
            if chunk.is_empty() {
                break;
            }
            let chunk = Chunk {
                entries: chunk,
                attempt: 1,
            };
            in_flight.push(attempt(op, chunk, Duration::ZERO, max_attempts));
        }
        let Some((mut chunk, sends, answer)) = in_flight.next().await else {
            break;
        };
        if sends.sent > 0 {
            // Every send of a chunk but its very first is a retry.
            let sent = sends.sent as usize;
            run.requests += sent;
            run.retries += if chunk.attempt == 1 { sent - 1 } else { sent };
            chunk.attempt += sends.sent - 1;
        }
        if sends.maybe_applied {
            chunk
                .entries
                .iter_mut()
                .for_each(|e| e.maybe_applied = true);
        }
        let rest = match answer {
            Ok(answer) => settle(&mut run, &mut chunk.entries, answer, &mut progress),
            Err(failure) => {
                // The edge resent it while that was safe and the budget lasted: it failed for
                // good.
                if let Some(reason) = &failure.retry {
                    exhausted::<O>(&chunk, reason);
                }
                stop(&mut stopped, &mut left, chunk, failure.error);
                continue;
            }
        };
        if rest == 0 {
            continue;
        }
        let reason = Reason::Unprocessed {
            what: O::UNPROCESSED,
            count: rest,
        };
        if chunk.attempt >= max_attempts {
            exhausted::<O>(&chunk, &reason);
            let cause = Error::StillUnprocessed {
                operation: O::OPERATION,
                what: O::UNPROCESSED,
                count: chunk.entries.len(),
                attempts: chunk.attempt,
            };
            stop(&mut stopped, &mut left, chunk, cause);
            continue;
        }
        let delay = policy.delay(chunk.attempt);
        tracing::debug!(
            operation = O::OPERATION,
            attempt = chunk.attempt,
            entries = chunk.entries.len(),
            %reason,
            ?delay,
            "retrying"
        );
        chunk.attempt += 1;
        in_flight.push(attempt(op, chunk, delay, max_attempts));
    }
    if let Some((cause, attempts)) = stopped {
        left.extend(entries);
        left.sort_unstable_by_key(|e| e.position);
        let (unknown, not_applied): (Vec<_>, Vec<_>) =
            left.into_iter().partition(|e| e.maybe_applied);
        run.stop = Some(Stop {
            cause,
            attempts,
            not_applied: not_applied.into_iter().map(Entry::into_account).collect(),
            unknown: unknown.into_iter().map(Entry::into_account).collect(),
        });
    }
    run
}

/// Logs that `chunk` used up its budget, the last time for `reason`.
fn exhausted<O: Op>(chunk: &Chunk<'_, O::Source>, reason: &Reason) {
    tracing::debug!(
        operation = O::OPERATION,
        attempts = chunk.attempt,
        entries = chunk.entries.len(),
        %reason,
        "retry budget exhausted; the batch stops"
    );
}

/// Applies one answer to the chunk's entries: keeps those returned unprocessed in `entries`,
/// counts the others and places the items read. Returns how many entries are left.
fn settle<S: ?Sized>(
    run: &mut Run,
    entries: &mut Vec<Entry<'_, S>>,
    answer: Sent,
    progress: &mut impl FnMut(usize),
) -> usize {
    let unprocessed: HashSet<KeyStrings> = answer.unprocessed.into_iter().collect();
    let (rest, done): (Vec<_>, Vec<_>) = std::mem::take(entries)
        .into_iter()
        .partition(|e| unprocessed.contains(&e.key));
    if !answer.read.is_empty() {
        let positions: HashMap<&KeyStrings, usize> =
            done.iter().map(|e| (&e.key, e.position)).collect();
        for (key, item) in answer.read {
            let position = positions.get(&key).copied().unwrap_or(usize::MAX);
            run.read.push((position, item));
        }
    }
    run.processed += done.len();
    if !done.is_empty() {
        progress(done.len());
    }
    *entries = rest;
    entries.len()
}

/// Records that `chunk` failed for good with `cause`: its entries are left, and the batch stops
/// (the first cause is the one reported).
fn stop<'a, S: ?Sized>(
    stopped: &mut Option<(Error, u32)>,
    left: &mut Vec<Entry<'a, S>>,
    chunk: Chunk<'a, S>,
    cause: Error,
) {
    left.extend(chunk.entries);
    match stopped {
        None => *stopped = Some((cause, chunk.attempt)),
        Some(_) => tracing::debug!(error = %cause, "another request of the stopping batch failed"),
    }
}
