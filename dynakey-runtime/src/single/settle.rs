//! A single-item request (`PutItem`, `DeleteItem`, `UpdateItem`) sent under the table's
//! [`RetryPolicy`](crate::RetryPolicy), and a lost answer settled (docs/semantics.md §5, "A lost
//! answer"):
//!
//! - a failure before the request reached DynamoDB (throttling, a refused connection) is retried;
//! - after a lost answer (a 5xx, a timeout, a connection dropped after sending) the request is
//!   sent again only when a resend cannot be applied a second time, even after another writer's
//!   change ([`SentWrite::resend_safe`]: a versioned write);
//! - a condition refused after an attempt that may have been applied is this call's own write
//!   when the item returned with the refusal shows it ([`recognise::applied`]): the call
//!   succeeds; otherwise it is not "nothing was written" but [`Error::OutcomeUnknown`], as is any
//!   other failure after such an attempt;
//! - a write that is not sent again ([`probe`]) reads the item once (`GetItem`,
//!   `ConsistentRead`): when the item as stored shows this write ([`recognise::shows`]), the
//!   call succeeds with it, since it is what one application leaves; otherwise
//!   [`Error::OutcomeUnknown`], never a second application.

use dynakey::Table;

use super::get::consistent_item;
use super::recognise;
use super::unique::key_attributes;
use crate::convert::{delete_item, put_item, update_item, Item};
use crate::db::Db;
use crate::error::{Error, ItemProblem, OutcomeUnknown, SentKind, SentRequest, SentWrite};
use crate::item::item_size;
use crate::limits::MAX_ITEM_SIZE;
use crate::sdk::{refused, Attempts, Failed, Idempotence, Operation, Sending};

/// How a request ended well.
enum Answer<O> {
    /// Its answer.
    Sent(O),
    /// A later attempt's condition was refused on the item an earlier attempt wrote (the item as
    /// stored).
    Recognised(Option<Item>),
}

/// Sends `sent`, and returns the attributes an `UpdateItem` returned (for a recognised resend,
/// the item as stored). `resent`: the caller sends it again after an [`Error::OutcomeUnknown`],
/// so an earlier send may have been applied.
///
/// The first send of an update or a delete takes the key attributes out of `sent`
/// ([`first_key`]); they are back in it when the send fails, but not after a success or an
/// update refused for its size before sending: the callers drop `sent` then.
///
/// # Errors
/// The refused condition told apart ([`refused`]) or [`Error::Sdk`] when no attempt can have
/// been applied; otherwise [`Error::OutcomeUnknown`] with `sent`.
pub(crate) async fn send<T: Table>(
    db: &Db<T>,
    sent: &mut SentWrite,
    resent: bool,
) -> Result<Option<Item>, Error> {
    let idempotence = if sent.resend_safe() {
        Idempotence::Idempotent
    } else {
        Idempotence::NotIdempotent
    };
    let how = Sending::policy(1, db.retry_policy().attempts(), idempotence);
    let (table, edge) = (db.table_name(), db.edge());
    let client = edge.client_for(&how);
    // Each request is rendered from `sent` once, and again only for a resend (`send_made`): no
    // copy is made ahead of the first send, which mostly succeeds.
    let settled = match &sent.kind {
        SentKind::Put(item) => {
            let request = || put_item(client, table, item.clone(), sent.input());
            let done = edge.send_made(request(), || Some(request()), how).await;
            settle(table, sent, done, resent).map(|_| None)
        }
        SentKind::Delete { .. } => {
            let first = first_key(sent, resent);
            let done = {
                let sent = &*sent;
                let request = |key| delete_item(client, table, key, sent.input());
                let again = || Some(request(key_of::<T>(sent)));
                edge.send_made(request(first), again, how).await
            };
            restore_key::<T>(sent, done.0.is_err());
            settle(table, sent, done, resent).map(|_| None)
        }
        SentKind::Update { .. } => {
            let first = first_key(sent, resent);
            let done = {
                let sent = &*sent;
                let returns = &sent.return_values;
                let request = |key| update_item(client, table, key, sent.input(), returns.clone());
                let first = request(first);
                // The values alone over 400 KB: the item after the update would be too (AWS
                // developer guide, "Item sizes and formats"); DynamoDB would refuse it with a
                // ValidationException. Nothing is sent.
                let size = first
                    .get_expression_attribute_values()
                    .as_ref()
                    .map_or(0, item_size);
                if size > MAX_ITEM_SIZE {
                    let (partition, sort) = sent.key.clone();
                    return Err(Error::InvalidItem {
                        partition,
                        sort,
                        problem: ItemProblem::TooLarge { size },
                    });
                }
                let again = || Some(request(key_of::<T>(sent)));
                edge.send_made(first, again, how).await
            };
            restore_key::<T>(sent, done.0.is_err());
            settle(table, sent, done, resent).map(|answer| match answer {
                Answer::Sent(output) => output.attributes,
                Answer::Recognised(current) => current,
            })
        }
    };
    probe(db, sent, settled).await
}

/// A write whose outcome is unknown and that was not sent again (or whose resends did not
/// settle it), settled by reading its item once (`GetItem`, `ConsistentRead`): the item as
/// stored when it shows this write ([`recognise::shows`]) — what a single application of it
/// leaves, whoever wrote since — else the [`Error::OutcomeUnknown`] as it was. An update that
/// adds, appends or returns the item before it shows nothing of itself, and is not read.
async fn probe<T: Table>(
    db: &Db<T>,
    sent: &SentWrite,
    settled: Result<Option<Item>, Error>,
) -> Result<Option<Item>, Error> {
    match settled {
        Err(Error::OutcomeUnknown(unknown)) if sent.idempotent() => {
            match consistent_item(db, key_of::<T>(sent)).await {
                Ok(stored) if recognise::shows(sent, stored.as_ref()) => Ok(stored),
                _ => Err(Error::OutcomeUnknown(unknown)),
            }
        }
        other => other,
    }
}

/// The key attributes of the first send of an update or a delete: taken out of `sent` (no copy:
/// a first send mostly succeeds, and then `sent` is dropped), or, for a request sent again after
/// an unknown outcome (`resent`), copied, so that every attempt sends the key stored with it.
fn first_key(sent: &mut SentWrite, resent: bool) -> Item {
    match &mut sent.kind {
        SentKind::Delete { key } | SentKind::Update { key, .. } if !resent => std::mem::take(key),
        SentKind::Delete { key } | SentKind::Update { key, .. } => key.clone(),
        SentKind::Put(_) => Item::new(),
    }
}

/// The key attributes of a further attempt: those stored in `sent`, or, when the first send took
/// them, made again from the key's text (the same map: the write's entity is of table `T`).
fn key_of<T: Table>(sent: &SentWrite) -> Item {
    match &sent.kind {
        SentKind::Delete { key } | SentKind::Update { key, .. } if !key.is_empty() => key.clone(),
        _ => key_attributes::<T>(&sent.key),
    }
}

/// Puts the key attributes the first send took back into `sent` when the send `failed`, so that
/// an [`Error::OutcomeUnknown`] carries the request exactly as sent.
fn restore_key<T: Table>(sent: &mut SentWrite, failed: bool) {
    if !failed {
        return;
    }
    if let SentKind::Delete { key } | SentKind::Update { key, .. } = &mut sent.kind {
        if key.is_empty() {
            *key = key_attributes::<T>(&sent.key);
        }
    }
}

/// What the sends of `sent` on `table` come to.
fn settle<O: Operation>(
    table: &str,
    sent: &SentWrite,
    (result, attempts): (Result<O::Output, Failed<O>>, Attempts),
    resent: bool,
) -> Result<Answer<O::Output>, Error> {
    let failed = match result {
        Ok(output) => return Ok(Answer::Sent(output)),
        Err(failed) => failed,
    };
    let maybe_applied = resent || attempts.maybe_applied;
    let cause = match failed.condition_failed() {
        Some(current) if maybe_applied && recognise::applied(sent, current.as_ref()) => {
            return Ok(Answer::Recognised(current));
        }
        Some(current) => refused(table, sent.key.clone(), sent.expected, current),
        None => failed.into_error(),
    };
    if !maybe_applied {
        return Err(cause);
    }
    let (partition, sort) = sent.key.clone();
    Err(Error::OutcomeUnknown(Box::new(OutcomeUnknown {
        operation: sent.operation(),
        table: table.to_owned(),
        partition,
        sort,
        attempts: attempts.sent,
        cause,
        sent: SentRequest::Item(Box::new(sent.clone())),
    })))
}
