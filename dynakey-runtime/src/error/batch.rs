//! What a batch did: [`BatchReport`] when it succeeds, and the exact account it returns when it
//! stops on an error ([`BatchWriteFailure`], [`BatchGetFailure`]; docs/semantics.md §5). Here,
//! under [`Error`], because the error carries them.
//!
//! A batch ([`Db::batch_put`](crate::Db::batch_put), [`Db::batch_delete`](crate::Db::batch_delete),
//! [`Db::batch_get`](crate::Db::batch_get)) streams over its input, a bounded number of requests in
//! flight ([`Db::with_batch_concurrency`](crate::Db::with_batch_concurrency)), and retries per its
//! [`RetryPolicy`](crate::RetryPolicy). When a request fails for good (a non-retryable error, or
//! the retry budget ran out) no new request is started, the requests in flight finish, and the
//! error ([`Error::BatchWrite`], [`Error::BatchGet`])
//! says, for every entry of the input, what became of it. Nothing is dropped.

use std::fmt;

use dynakey::{Entity, Key};

use super::Error;
use crate::convert::Item;

/// One entry of a batch's input, named by its position and its primary key.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BatchEntry {
    /// Its position in the input, counting from 0 and counting every entry the input yields
    /// (duplicates included), so `input.into_iter().nth(position)` is the entry.
    pub position: usize,
    /// Its partition key value.
    pub partition: String,
    /// Its sort key value, on a table with a sort key.
    pub sort: Option<String>,
}

impl BatchEntry {
    /// Its primary key, typed as a key of `E` (the entity of the batch), checked against `E`'s
    /// key templates ([`Key::parse`]).
    ///
    /// # Errors
    /// [`dynakey::KeyError`] when the strings are not a key of `E` (the entry is of another
    /// entity).
    pub fn key<E: Entity>(&self) -> Result<Key<E>, dynakey::KeyError> {
        Key::parse(&self.partition, self.sort.as_deref())
    }
}

/// The entries of `input` at the positions of `entries` (ascending), in input order.
fn pick<I: IntoIterator>(input: I, entries: impl IntoIterator<Item = usize>) -> Vec<I::Item> {
    let mut wanted = entries.into_iter().peekable();
    let mut picked = Vec::new();
    for (position, entry) in input.into_iter().enumerate() {
        while wanted.next_if(|p| *p < position).is_some() {}
        if wanted.next_if_eq(&position).is_some() {
            picked.push(entry);
        }
        if wanted.peek().is_none() {
            break;
        }
    }
    picked
}

/// What a batch write did ([`Db::batch_put`](crate::Db::batch_put),
/// [`Db::batch_delete`](crate::Db::batch_delete)), or, inside a [`BatchWriteFailure`], what it did
/// before it stopped.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct BatchReport {
    /// `BatchWriteItem` calls sent, retries included.
    pub requests: usize,
    /// Writes applied: on success, the distinct keys of the input (after merging duplicates).
    pub items: usize,
    /// Calls that resent writes: `UnprocessedItems`, or a request that failed with a retryable
    /// error.
    pub retries: usize,
    /// Input entries merged away because another entry had the same primary key.
    pub duplicates: usize,
    /// Uniqueness items (of entities with `#[unique(…)]`, docs/semantics.md §5) deleted along with
    /// their items, which are counted in [`items`](Self::items): only
    /// [`Db::delete_all`](crate::Db::delete_all) on a table that lists its entities deletes them
    /// (one `TransactWriteItems` per such item); 0 for every other batch.
    pub uniqueness_items: usize,
}

/// The exact account of a batch write that stopped on an error, in
/// [`Error::BatchWrite`].
///
/// Every distinct key of the input (after merging duplicates; each key is named once, by the
/// position of the entry that was to be written) is in exactly one of three sets:
/// - **applied**: `report.items` writes, all those in neither list below;
/// - [`not_applied`](Self::not_applied): DynamoDB did not apply them (unprocessed after the retry
///   budget, refused with a 4xx error, or never sent);
/// - [`unknown`](Self::unknown): a request that carried them may have reached DynamoDB but its
///   answer was lost (a 5xx response, a timeout, a connection dropped after sending), and no later
///   attempt settled it. They may or may not be applied.
///
/// Puts and deletes are idempotent, so both lists are safe to send again:
/// [`remaining`](Self::remaining) picks them out of the input.
#[derive(Debug)]
#[non_exhaustive]
pub struct BatchWriteFailure {
    /// The DynamoDB API operation, `"BatchWriteItem"`.
    pub operation: &'static str,
    /// What was done: requests sent, writes applied, retries, duplicates merged.
    pub report: BatchReport,
    /// The writes not applied, in input order.
    pub not_applied: Vec<BatchEntry>,
    /// The writes whose outcome is unknown, in input order.
    pub unknown: Vec<BatchEntry>,
    /// How many times the request that stopped the batch was sent.
    pub attempts: u32,
    /// Why it stopped: the error of that request ([`Error::Sdk`]), [`Error::StillUnprocessed`]
    /// when DynamoDB still returned writes unprocessed after the last attempt, or the error
    /// rendering an entry.
    pub cause: Error,
    /// For a batch over a stream ([`Db::batch_put_stream`](crate::Db::batch_put_stream),
    /// [`Db::delete_all`](crate::Db::delete_all) over more than one window of keys): every entry
    /// at this position or after it was not written, and is in neither list above (it was not
    /// taken from the input, or was dropped before any request carried it). `None` when the two
    /// lists name every entry not applied.
    pub not_written_from: Option<usize>,
}

impl BatchWriteFailure {
    /// The entries of `input` (the input of the batch, iterated the same way) that are not
    /// applied or unknown, in input order, and every entry from
    /// [`not_written_from`](Self::not_written_from) on: what to send again, e.g.
    /// `db.batch_put(failure.remaining(&items))`.
    pub fn remaining<I: IntoIterator>(&self, input: I) -> Vec<I::Item> {
        let mut positions: Vec<usize> = self
            .not_applied
            .iter()
            .chain(&self.unknown)
            .map(|e| e.position)
            .collect();
        positions.sort_unstable();
        let Some(from) = self.not_written_from else {
            return pick(input, positions);
        };
        positions.retain(|p| *p < from);
        let mut picked = Vec::new();
        let mut wanted = positions.into_iter().peekable();
        for (position, entry) in input.into_iter().enumerate() {
            if position >= from || wanted.next_if_eq(&position).is_some() {
                picked.push(entry);
            }
        }
        picked
    }
}

impl fmt::Display for BatchWriteFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} stopped after {} writes were applied; {} not applied and {} with an unknown \
             outcome are returned in this error, nothing was dropped: {}",
            self.operation,
            self.report.items,
            self.not_applied.len(),
            self.unknown.len(),
            self.cause
        )
    }
}

impl std::error::Error for BatchWriteFailure {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.cause)
    }
}

/// The exact account of a batch get that stopped on an error, in
/// [`Error::BatchGet`].
///
/// Every distinct key asked for is in exactly one of three sets: read with an item (the item is in
/// [`read`](Self::read)), read without an item (there is none), or
/// [`not_read`](Self::not_read).
#[derive(Debug)]
#[non_exhaustive]
pub struct BatchGetFailure {
    /// The DynamoDB API operation, `"BatchGetItem"`.
    pub operation: &'static str,
    /// The items read, in the order of their keys' first occurrence in the input, as DynamoDB
    /// returned them (decode them with [`read_as`](Self::read_as)); kept raw so that nothing is
    /// lost when the cause is an item that does not decode.
    pub read: Vec<Item>,
    /// The keys not read, in input order.
    pub not_read: Vec<BatchEntry>,
    /// How many times the request that stopped the batch was sent (0 when the cause is an item
    /// that does not decode).
    pub attempts: u32,
    /// Why it stopped: the error of that request ([`Error::Sdk`]), [`Error::StillUnprocessed`]
    /// when DynamoDB still returned keys unprocessed after the last attempt, or the
    /// [`Error::Decode`] of an item read.
    pub cause: Error,
}

impl BatchGetFailure {
    /// The keys not read, typed as keys of `E`, in input order.
    ///
    /// # Errors
    /// As [`BatchEntry::key`].
    pub fn not_read_keys<E: Entity>(&self) -> Result<Vec<Key<E>>, dynakey::KeyError> {
        self.not_read.iter().map(BatchEntry::key).collect()
    }

    /// The entries of `input` (the keys of the batch, iterated the same way) that were not read,
    /// in input order: what to read again, e.g. `db.batch_get(failure.remaining(&keys))`.
    pub fn remaining<I: IntoIterator>(&self, input: I) -> Vec<I::Item> {
        pick(input, self.not_read.iter().map(|e| e.position))
    }
}

impl fmt::Display for BatchGetFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} stopped after reading {} items; they and the {} keys not read are returned in \
             this error, nothing was dropped: {}",
            self.operation,
            self.read.len(),
            self.not_read.len(),
            self.cause
        )
    }
}

impl std::error::Error for BatchGetFailure {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.cause)
    }
}

#[cfg(test)]
mod tests {
    use super::pick;

    #[test]
    fn pick_takes_the_entries_at_the_positions() {
        let input = ["a", "b", "c", "d", "e"];
        assert_eq!(pick(&input, [0, 2, 4]), [&"a", &"c", &"e"]);
        assert_eq!(pick(&input, []), Vec::<&&str>::new());
        // Positions past the end are ignored.
        assert_eq!(pick(&input, [3, 9]), [&"d"]);
    }
}
