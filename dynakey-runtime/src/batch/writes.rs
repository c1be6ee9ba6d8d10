//! `BatchWriteItem` for the batch engine: puts and deletes rendered as write requests, sent
//! through the SDK edge, `UnprocessedItems` read back; and what every batch write shares — the
//! refusal of entities with uniqueness items and the account of a finished run.

use std::future::Future;
use std::marker::PhantomData;

use aws_sdk_dynamodb::types::WriteRequest;
use dynakey::{Entity, Key, Table};

use super::driver::{Failure, KeyStrings, Op, Run, Sent};
use crate::db::Db;
use crate::error::{BatchReport, BatchWriteFailure, Error};
use crate::item::key_strings;
use crate::limits::MAX_BATCH_WRITE;
use crate::sdk::{Attempts, Idempotence, Sending};

/// `BatchWriteItem` requests made by `render` from each entry's source.
pub(super) struct Writes<'d, T: Table, S: ?Sized, F> {
    pub(super) db: &'d Db<T>,
    pub(super) render: F,
    pub(super) source: PhantomData<fn(&S)>,
}

impl<T, S, F> Op for Writes<'_, T, S, F>
where
    T: Table,
    S: ?Sized,
    F: Fn(&S) -> Result<WriteRequest, Error>,
{
    type Source = S;
    type Request = WriteRequest;
    const OPERATION: &'static str = "BatchWriteItem";
    const UNPROCESSED: &'static str = "UnprocessedItems";
    const MAX: usize = MAX_BATCH_WRITE;

    fn request(&self, source: &S) -> Result<WriteRequest, Error> {
        (self.render)(source)
    }

    fn send(
        &self,
        requests: Vec<WriteRequest>,
        mut again: impl FnMut() -> Option<Vec<Self::Request>>,
        first: u32,
        last: u32,
    ) -> impl Future<Output = (Result<Sent, Failure>, Attempts)> {
        let db = self.db;
        async move {
            // Puts and deletes without conditions: sending them again changes nothing.
            let how = Sending::policy(first, last, Idempotence::Idempotent);
            let build = |requests| {
                db.edge()
                    .client_for(&how)
                    .batch_write_item()
                    .request_items(db.table_name(), requests)
            };
            let again = || again().map(build);
            let (result, sends) = db.edge().send_made(build(requests), again, how).await;
            let output = match result {
                Ok(output) => output,
                Err(failed) => {
                    let retry = failed.retry.clone();
                    let error = failed.into_error();
                    return (Err(Failure { error, retry }), sends);
                }
            };
            let unprocessed = output
                .unprocessed_items
                .and_then(|mut tables| tables.remove(db.table_name()))
                .unwrap_or_default()
                .iter()
                .filter_map(|w| {
                    let attributes = match (w.put_request(), w.delete_request()) {
                        (Some(put), _) => put.item(),
                        (None, Some(delete)) => delete.key(),
                        (None, None) => return None,
                    };
                    let (partition, sort) = key_strings::<T>(attributes);
                    Some((partition.unwrap_or_default(), sort))
                })
                .collect();
            let sent = Sent {
                unprocessed,
                read: Vec::new(),
            };
            (Ok(sent), sends)
        }
    }
}

/// The key strings of a typed key.
pub(super) fn strings<E: Entity>(key: &Key<E>) -> KeyStrings {
    (key.partition().to_owned(), key.sort().map(str::to_owned))
}

/// `BatchWriteItem` has no conditions, so it cannot keep an entity's uniqueness items.
pub(super) fn refuse_unique<E: Entity>(operation: &'static str) -> Result<(), Error> {
    // A batch writes one item per entry, not an item and its copy (docs/semantics.md §10).
    crate::single::copy::refuse::<E>(operation)?;
    if E::UNIQUE.is_empty() {
        Ok(())
    } else {
        Err(Error::UniqueInBatch {
            entity: E::ENTITY_NAME,
            operation,
        })
    }
}

/// The report of a finished batch write, or its account.
pub(super) fn write_result(run: Run, duplicates: usize) -> Result<BatchReport, Error> {
    let report = BatchReport {
        requests: run.requests,
        items: run.processed,
        retries: run.retries,
        duplicates,
        uniqueness_items: 0,
    };
    match run.stop {
        None => Ok(report),
        Some(stop) => Err(Error::BatchWrite(Box::new(BatchWriteFailure {
            operation: "BatchWriteItem",
            report,
            not_applied: stop.not_applied,
            unknown: stop.unknown,
            attempts: stop.attempts,
            cause: stop.cause,
            not_written_from: None,
        }))),
    }
}
