//! Batch writes: [`Db::batch_put`] and [`Db::batch_delete`] with DynamoDB's limits handled (spec §5).

use std::collections::hash_map::Entry;
use std::collections::{HashMap, VecDeque};
use std::time::Duration;

use aws_sdk_dynamodb::types::{DeleteRequest, PutRequest, WriteRequest};
use dynakey::{Entity, Key, Table};
use serde::Serialize;
use tracing::Instrument;

use crate::convert::key_to_attributes;
use crate::db::Db;
use crate::error::Error;
use crate::item::{key_strings, to_item};

/// The most write requests one `BatchWriteItem` call may carry (AWS developer guide, "Service,
/// account, and table quotas — BatchWriteItem": 25 put or delete requests).
pub const MAX_BATCH_WRITE: usize = 25;

/// How batch writes retry the `UnprocessedItems` DynamoDB returns when a partition is throttled:
/// exponential backoff with full jitter (AWS developer guide, "Error retries and exponential
/// backoff"; AWS Architecture Blog, "Exponential Backoff And Jitter").
///
/// Before retry `n` (1-based) it sleeps a uniformly random time in
/// `[0, min(cap, base × 2^(n-1))]`. The default is `base` 25 ms, `cap` 2 s, `max_attempts` 8
/// (the first request plus 7 retries, at most 3.2 s of sleeping in all).
///
/// Errors of the request itself (throttling of the whole request, 5xx, network) are retried by the
/// SDK's own retry policy, configured on the client.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryPolicy {
    /// The first retry's maximum delay.
    pub base: Duration,
    /// The largest maximum delay of any retry.
    pub cap: Duration,
    /// How many times one group of write requests is sent at most, counting the first time; at
    /// least 1.
    pub max_attempts: u32,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        RetryPolicy {
            base: Duration::from_millis(25),
            cap: Duration::from_secs(2),
            max_attempts: 8,
        }
    }
}

impl RetryPolicy {
    /// The largest delay before retry `retry` (1-based): `min(cap, base × 2^(retry-1))`.
    pub fn max_delay(&self, retry: u32) -> Duration {
        let factor = 1u32
            .checked_shl(retry.saturating_sub(1))
            .unwrap_or(u32::MAX);
        self.base
            .checked_mul(factor)
            .unwrap_or(self.cap)
            .min(self.cap)
    }

    /// A random delay before retry `retry` (1-based), uniform in `[0, max_delay(retry)]` ("full
    /// jitter").
    pub fn delay(&self, retry: u32) -> Duration {
        let ceiling = u64::try_from(self.max_delay(retry).as_nanos()).unwrap_or(u64::MAX);
        Duration::from_nanos(fastrand::u64(0..=ceiling))
    }

    /// Sends `pending` in requests of at most `max` entries: `send(chunk, attempt)` makes one
    /// request (attempt 1, then 2, … for resends) and returns the entries it left unprocessed,
    /// which are resent after [`delay`](Self::delay) until none are left or `max_attempts` is
    /// reached. `operation` and `unprocessed` (`UnprocessedItems`, `UnprocessedKeys`) name them
    /// in the debug log.
    ///
    /// Returns `Some` with every entry not processed (the last chunk's remainder, then the chunks
    /// never sent) and the attempt count when the budget ran out.
    ///
    /// # Errors
    /// The first error of `send`.
    pub(crate) async fn send_in_chunks<R>(
        &self,
        operation: &'static str,
        unprocessed: &'static str,
        mut pending: VecDeque<R>,
        max: usize,
        mut send: impl AsyncFnMut(Vec<R>, u32) -> Result<Vec<R>, Error>,
    ) -> Result<Option<Exhausted<R>>, Error> {
        let max_attempts = self.max_attempts.max(1);
        while !pending.is_empty() {
            let size = pending.len().min(max);
            let mut chunk: Vec<R> = pending.drain(..size).collect();
            let mut attempt = 1;
            loop {
                let mut left = send(chunk, attempt).await?;
                if left.is_empty() {
                    break;
                }
                if attempt >= max_attempts {
                    left.extend(pending);
                    return Ok(Some(Exhausted {
                        left,
                        attempts: attempt,
                    }));
                }
                tracing::debug!(
                    unprocessed = left.len(),
                    attempt,
                    "{operation} returned {unprocessed}; retrying after a backoff"
                );
                tokio::time::sleep(self.delay(attempt)).await;
                attempt += 1;
                chunk = left;
            }
        }
        Ok(None)
    }
}

/// What [`RetryPolicy::send_in_chunks`] could not send within its attempts.
pub(crate) struct Exhausted<R> {
    /// Every entry not processed.
    pub(crate) left: Vec<R>,
    /// Attempts made for the chunk that ran out.
    pub(crate) attempts: u32,
}

/// What a batch write did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct BatchReport {
    /// `BatchWriteItem` calls sent, retries included.
    pub requests: usize,
    /// Write requests made: the distinct keys of the input (after merging duplicates).
    pub items: usize,
    /// Calls that resent `UnprocessedItems`.
    pub retries: usize,
    /// Input entries dropped because a later entry had the same primary key.
    pub duplicates: usize,
}

/// A primary key as strings, to find duplicates.
type KeyStrings = (String, Option<String>);

/// Write requests with duplicate keys merged: the last request for a key wins and takes the place of
/// the first one. Returns the requests and how many were merged away.
fn merge_duplicates(
    requests: impl IntoIterator<Item = (KeyStrings, WriteRequest)>,
) -> (Vec<WriteRequest>, usize) {
    let mut merged: Vec<WriteRequest> = Vec::new();
    let mut positions: HashMap<KeyStrings, usize> = HashMap::new();
    let mut duplicates = 0;
    for (key, request) in requests {
        match positions.entry(key) {
            Entry::Occupied(at) => {
                duplicates += 1;
                if let Some(slot) = merged.get_mut(*at.get()) {
                    *slot = request;
                }
            }
            Entry::Vacant(at) => {
                at.insert(merged.len());
                merged.push(request);
            }
        }
    }
    (merged, duplicates)
}

impl<T: Table> Db<T> {
    /// Writes every item of `items` (`BatchWriteItem` put requests), replacing existing items with
    /// the same keys; see [`batch_put_with_progress`](Self::batch_put_with_progress).
    ///
    /// ```no_run
    /// # use dynakey::Entity;
    /// # #[derive(Entity, serde::Serialize)]
    /// # #[pk("ACCT#<account>")]
    /// # #[sk("<id>")]
    /// # struct Node { account: String, id: u32 }
    /// # async fn run(db: dynakey_runtime::Db, nodes: Vec<Node>) -> Result<(), dynakey_runtime::Error> {
    /// let report = db.batch_put(&nodes).await?;
    /// let report = db.batch_put(nodes.iter().filter(|n| n.id > 10)).await?;
    /// println!("{} items in {} requests", report.items, report.requests);
    /// # Ok(()) }
    /// ```
    ///
    /// # Errors
    /// As [`batch_put_with_progress`](Self::batch_put_with_progress).
    pub async fn batch_put<'a, E>(
        &self,
        items: impl IntoIterator<Item = &'a E>,
    ) -> Result<BatchReport, Error>
    where
        E: Entity<Table = T> + Serialize + 'a,
    {
        self.batch_put_with_progress(items, |_| {}).await
    }

    /// Writes every item of `items` with `BatchWriteItem` (AWS developer guide, "Batch operations"),
    /// calling `progress(n)` after each request with the number of items it wrote, so the `n`s add
    /// up to [`BatchReport::items`] (e.g. `|n| bar.inc(n as u64)` for a progress bar).
    ///
    /// - Every item is serialised and its key checked before the first request: an invalid item
    ///   means nothing is written.
    /// - Items with the same primary key are merged, the last one wins (DynamoDB rejects a batch
    ///   with duplicate keys).
    /// - Requests carry at most [`MAX_BATCH_WRITE`] (25) items, sent one after another.
    /// - `UnprocessedItems` are resent after a delay per the `Db`'s [`RetryPolicy`]
    ///   ([`Db::with_retry_policy`]).
    ///
    /// Batch writes are not atomic: each put succeeds or fails on its own.
    ///
    /// # Errors
    /// - [`Error::Key`], [`Error::Serialize`], [`Error::KeyAttributeCollision`],
    ///   [`Error::KeyTemplateConflict`] before any request;
    /// - [`Error::Unprocessed`] with every write not made (the unprocessed ones of the last request
    ///   and all not sent yet) when the retry budget runs out; all others were made;
    /// - [`Error::Sdk`] when a request fails: the requests before it were made, that one and the
    ///   rest were not (unless the failure was a timeout after DynamoDB applied it).
    pub async fn batch_put_with_progress<'a, E>(
        &self,
        items: impl IntoIterator<Item = &'a E>,
        progress: impl FnMut(usize),
    ) -> Result<BatchReport, Error>
    where
        E: Entity<Table = T> + Serialize + 'a,
    {
        let mut requests = Vec::new();
        for entity in items {
            let item = to_item(entity)?;
            let (partition, sort) = key_strings::<T>(&item);
            let put = PutRequest::builder()
                .set_item(Some(item))
                .build()
                .map_err(|e| Error::build("BatchWriteItem", e))?;
            requests.push((
                (partition.unwrap_or_default(), sort),
                WriteRequest::builder().put_request(put).build(),
            ));
        }
        self.write_merged(requests, progress).await
    }

    /// Deletes the items with the given keys (`BatchWriteItem` delete requests); see
    /// [`batch_delete_with_progress`](Self::batch_delete_with_progress).
    ///
    /// # Errors
    /// As [`batch_delete_with_progress`](Self::batch_delete_with_progress).
    pub async fn batch_delete<'a, E>(
        &self,
        keys: impl IntoIterator<Item = &'a Key<E>>,
    ) -> Result<BatchReport, Error>
    where
        E: Entity<Table = T> + 'a,
    {
        self.batch_delete_with_progress(keys, |_| {}).await
    }

    /// Deletes the items with the given keys, as
    /// [`batch_put_with_progress`](Self::batch_put_with_progress) writes: duplicate keys merged,
    /// at most 25 per request, unprocessed deletes retried, `progress(n)` after each request.
    /// Deleting a key that has no item is not an error.
    ///
    /// # Errors
    /// [`Error::Unprocessed`] and [`Error::Sdk`] as for
    /// [`batch_put_with_progress`](Self::batch_put_with_progress).
    pub async fn batch_delete_with_progress<'a, E>(
        &self,
        keys: impl IntoIterator<Item = &'a Key<E>>,
        progress: impl FnMut(usize),
    ) -> Result<BatchReport, Error>
    where
        E: Entity<Table = T> + 'a,
    {
        let mut requests = Vec::new();
        for key in keys {
            let delete = DeleteRequest::builder()
                .set_key(Some(key_to_attributes(key)))
                .build()
                .map_err(|e| Error::build("BatchWriteItem", e))?;
            let strings = (key.partition().to_owned(), key.sort().map(str::to_owned));
            requests.push((
                strings,
                WriteRequest::builder().delete_request(delete).build(),
            ));
        }
        self.write_merged(requests, progress).await
    }

    async fn write_merged(
        &self,
        requests: Vec<(KeyStrings, WriteRequest)>,
        mut progress: impl FnMut(usize),
    ) -> Result<BatchReport, Error> {
        let (requests, duplicates) = merge_duplicates(requests);
        let mut report = BatchReport {
            duplicates,
            ..BatchReport::default()
        };
        let exhausted = self
            .retry
            .send_in_chunks(
                "BatchWriteItem",
                "UnprocessedItems",
                requests.into(),
                MAX_BATCH_WRITE,
                async |chunk: Vec<WriteRequest>, attempt| {
                    let sent = chunk.len();
                    let output = self
                        .client()
                        .batch_write_item()
                        .request_items(self.table_name(), chunk)
                        .send()
                        .instrument(self.span("BatchWriteItem"))
                        .await
                        .map_err(|e| Error::sdk("BatchWriteItem", e))?;
                    report.requests += 1;
                    if attempt > 1 {
                        report.retries += 1;
                    }
                    let unprocessed = output
                        .unprocessed_items
                        .and_then(|mut tables| tables.remove(self.table_name()))
                        .unwrap_or_default();
                    let written = sent.saturating_sub(unprocessed.len());
                    report.items += written;
                    if written > 0 {
                        progress(written);
                    }
                    Ok(unprocessed)
                },
            )
            .await?;
        if let Some(Exhausted { left, attempts }) = exhausted {
            return Err(Error::Unprocessed {
                operation: "BatchWriteItem",
                remaining: left.len(),
                attempts,
                items: left,
            });
        }
        Ok(report)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn put(pk: &str, value: &str) -> (KeyStrings, WriteRequest) {
        let item = HashMap::from([
            (
                "PK".to_owned(),
                aws_sdk_dynamodb::types::AttributeValue::S(pk.to_owned()),
            ),
            (
                "v".to_owned(),
                aws_sdk_dynamodb::types::AttributeValue::S(value.to_owned()),
            ),
        ]);
        let request = WriteRequest::builder()
            .put_request(PutRequest::builder().set_item(Some(item)).build().unwrap())
            .build();
        ((pk.to_owned(), None), request)
    }

    fn value(request: &WriteRequest) -> &str {
        request.put_request().unwrap().item()["v"].as_s().unwrap()
    }

    #[test]
    fn last_duplicate_wins_in_first_position() {
        let (merged, duplicates) =
            merge_duplicates([put("a", "1"), put("b", "2"), put("a", "3"), put("a", "4")]);
        assert_eq!(duplicates, 2);
        assert_eq!(merged.iter().map(value).collect::<Vec<_>>(), ["4", "2"]);
    }

    #[test]
    fn backoff_doubles_up_to_the_cap() {
        let policy = RetryPolicy::default();
        assert_eq!(policy.max_delay(1), Duration::from_millis(25));
        assert_eq!(policy.max_delay(2), Duration::from_millis(50));
        assert_eq!(policy.max_delay(7), Duration::from_millis(1600));
        assert_eq!(policy.max_delay(8), Duration::from_secs(2));
        assert_eq!(policy.max_delay(100), Duration::from_secs(2));
        for retry in 1..10 {
            assert!(policy.delay(retry) <= policy.max_delay(retry));
        }
    }
}
