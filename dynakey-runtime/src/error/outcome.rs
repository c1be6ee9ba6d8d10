//! [`OutcomeUnknown`]: a single-item write whose answer was lost and that could not be settled by
//! sending it again (docs/semantics.md §5, "A lost answer"), with the request exactly as it was
//! sent ([`SentWrite`], or a `TransactWriteItems` with its token), so the caller can check the
//! item and send it again.

use std::fmt;

use aws_sdk_dynamodb::types::ReturnValue;
use dynakey::__private::expr::{Condition, UpdateAction};
use dynakey::WriteInput;

use super::{Error, Expected, KeyText, Resend};
use crate::convert::Item;

/// What a single-item request does to its item, as sent.
#[derive(Debug, Clone)]
pub(crate) enum SentKind {
    /// `PutItem` of this item (key attributes included).
    Put(Item),
    /// `UpdateItem` of the item with these key attributes: these actions, managed attributes
    /// included (their values taken when the request was made).
    Update {
        key: Item,
        actions: Vec<UpdateAction>,
    },
    /// `DeleteItem` of the item with these key attributes.
    Delete { key: Item },
}

/// A `PutItem`, `UpdateItem` or `DeleteItem` exactly as sent: rendering it again gives the same
/// request (the same text, values, timestamps and version).
#[derive(Debug, Clone)]
pub(crate) struct SentWrite {
    pub(crate) kind: SentKind,
    pub(crate) key: KeyText,
    pub(crate) condition: Option<Condition>,
    pub(crate) expected: Expected,
    pub(crate) return_values: ReturnValue,
}

impl SentWrite {
    /// The DynamoDB API operation.
    pub(crate) fn operation(&self) -> &'static str {
        match self.kind {
            SentKind::Put(_) => "PutItem",
            SentKind::Update { .. } => "UpdateItem",
            SentKind::Delete { .. } => "DeleteItem",
        }
    }

    /// The expressions as DynamoDB receives them.
    pub(crate) fn input(&self) -> WriteInput {
        let actions = match &self.kind {
            SentKind::Update { actions, .. } => actions.as_slice(),
            _ => &[],
        };
        WriteInput::render(actions, self.condition.as_ref())
    }

    /// `true` when a second send cannot apply anything twice nor answer other than the first,
    /// as long as no one else writes the item: a put, a delete, an update made only of
    /// idempotent actions ([`UpdateAction::is_idempotent`]) that does not ask for the item
    /// before it (`ALL_OLD`, which a second send would answer with the first one's result).
    /// Such a write whose answer was lost is told apart by the item as stored
    /// (`single::recognise`).
    pub(crate) fn idempotent(&self) -> bool {
        match &self.kind {
            SentKind::Put(_) | SentKind::Delete { .. } => true,
            SentKind::Update { actions, .. } => {
                self.return_values != ReturnValue::AllOld
                    && actions.iter().all(UpdateAction::is_idempotent)
            }
        }
    }
}

impl SentWrite {
    /// `true` when a resend cannot be applied after another writer's change either, so it is
    /// sent again after a lost answer: an [`idempotent`](Self::idempotent) write conditioned on
    /// a stored version `v ≥ 1`, which its own first application (storing `v + 1`, or deleting
    /// the item) and every other versioned write leave behind for good. A version can come
    /// back only after the item is deleted and created again and written `v - 1` times more.
    /// Every other write can meet its condition again after someone else's change (an absent
    /// item for a `create`, values changed back for a `modify` or a conditional update, any
    /// state for a write without a condition), so a resend could apply it a second time over
    /// that change (docs/semantics.md §5, "A lost answer").
    pub(crate) fn resend_safe(&self) -> bool {
        self.idempotent() && self.expected.version.is_some_and(|v| v > 0)
    }
}

/// The request of a write whose outcome is unknown.
#[derive(Debug, Clone)]
pub(crate) enum SentRequest {
    /// A single-item request.
    Item(Box<SentWrite>),
    /// A `TransactWriteItems` (a write of an entity with `#[unique(…)]`, a move) with its
    /// `ClientRequestToken`.
    Transaction(Resend),
}

/// A single-item write ([`Db::put`](crate::Db::put), [`create`](crate::Db::create),
/// [`delete`](crate::Db::delete), [`update`](crate::Db::update),
/// [`move_to`](crate::Db::move_to)) that may or may not have been applied, in
/// [`Error::OutcomeUnknown`]: an attempt's answer was lost (a 5xx response, a timeout, a
/// connection dropped after sending, an unreadable answer), and neither sending the same request
/// again nor reading its item settled it — a resend could be applied a second time over another
/// writer's change (anything but a versioned write or a `TransactWriteItems` with its token) and
/// the item as read does not show this write, the request is not safe to send twice (an update
/// that adds to a stored value or appends to a list, or one returning the item before it), a
/// later attempt's condition failed on an item that does not show this write, or the retry
/// budget ran out (docs/semantics.md §5, "A lost answer").
///
/// It carries the request exactly as it was sent (the same timestamps, version and values): read
/// the item to find out whether it was applied, and if not, [`resend`](Self::resend) it.
#[derive(Debug)]
#[non_exhaustive]
pub struct OutcomeUnknown {
    /// The DynamoDB API operation: `"PutItem"`, `"UpdateItem"`, `"DeleteItem"`, or
    /// `"TransactWriteItems"` (an entity with `#[unique(…)]`, a move).
    pub operation: &'static str,
    /// The table name.
    pub table: String,
    /// The partition key value of the item written (a move: of the old key).
    pub partition: String,
    /// The sort key value, on a table with a sort key.
    pub sort: Option<String>,
    /// How many times the request was sent.
    pub attempts: u32,
    /// The last failure: [`Error::Sdk`] of a lost answer or of the last attempt, or the refused
    /// condition of a later attempt ([`Error::ConditionFailed`], …) that does not show whether
    /// an earlier one was applied.
    pub cause: Error,
    pub(crate) sent: SentRequest,
}

impl OutcomeUnknown {
    /// The expressions of the request as sent (`UpdateExpression`, `ConditionExpression` and
    /// their placeholders); `None` for a `TransactWriteItems`.
    pub fn input(&self) -> Option<WriteInput> {
        match &self.sent {
            SentRequest::Item(sent) => Some(sent.input()),
            SentRequest::Transaction(_) => None,
        }
    }

    /// The item a `PutItem` sent (managed timestamps and version included).
    pub fn item(&self) -> Option<&Item> {
        match &self.sent {
            SentRequest::Item(sent) => match &sent.kind {
                SentKind::Put(item) => Some(item),
                _ => None,
            },
            SentRequest::Transaction(_) => None,
        }
    }

    /// The `ClientRequestToken` of a `TransactWriteItems`.
    pub fn client_request_token(&self) -> Option<&str> {
        match &self.sent {
            SentRequest::Transaction(resend) => Some(resend.client_request_token()),
            SentRequest::Item(_) => None,
        }
    }

    /// `true` when sending the request again cannot apply it twice as long as no one else
    /// writes the item: a put, a delete, an update of absolute values (`set`, `remove`, set
    /// elements), a `TransactWriteItems` (its `ClientRequestToken`). `false` for an update that
    /// adds to a stored value or appends to a list, or asks for the item before it. Whether a
    /// resend is safe when others write too is [`is_resend_safe`](Self::is_resend_safe).
    pub fn is_idempotent(&self) -> bool {
        match &self.sent {
            SentRequest::Item(sent) => sent.idempotent(),
            SentRequest::Transaction(_) => true,
        }
    }

    /// `true` when sending the request again cannot apply it a second time even after another
    /// writer changed the item since the first send: a versioned write (its stored version
    /// `v ≥ 1` expected, which the first application leaves behind), a `TransactWriteItems`
    /// within 10 minutes of its first send (DynamoDB applies a `ClientRequestToken` at most
    /// once; AWS developer guide, "Amazon DynamoDB Transactions — Idempotency"). For any other
    /// write, read the item first: a resend could undo a change made since the first send
    /// (docs/semantics.md §5, "A lost answer").
    pub fn is_resend_safe(&self) -> bool {
        match &self.sent {
            SentRequest::Item(sent) => sent.resend_safe(),
            SentRequest::Transaction(_) => true,
        }
    }
}

impl fmt::Display for OutcomeUnknown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} of the item with partition key {:?}{} in table {:?} may or may not have been \
             applied: an answer was lost and {} sends did not settle it ({}); read the item to \
             find out, and resend the request as sent if it was not applied",
            self.operation,
            self.partition,
            self.sort
                .as_ref()
                .map(|s| format!(" and sort key {s:?}"))
                .unwrap_or_default(),
            self.table,
            self.attempts,
            self.cause
        )
    }
}

impl std::error::Error for OutcomeUnknown {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.cause)
    }
}
