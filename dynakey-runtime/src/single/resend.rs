//! [`OutcomeUnknown::resend`]: a single-item write whose outcome is unknown, sent again exactly
//! as it was sent (docs/semantics.md §5, "A lost answer").

use dynakey::Table;

use super::{settle, transact};
use crate::db::Db;
use crate::error::{Error, OutcomeUnknown, SentRequest};

impl OutcomeUnknown {
    /// Sends the request again, exactly as it was sent (the same item, values, timestamps and
    /// version; a `TransactWriteItems` with the same `ClientRequestToken`), through `db`'s client
    /// (use a handle on the same table and account). Its condition refused on the item an earlier
    /// send wrote is recognised as this write (`Ok`), as on the first call.
    ///
    /// Safe without checking when [`is_idempotent`](Self::is_idempotent); otherwise (an update
    /// that adds to a stored value, appends to a list, or returns the item before it) read the
    /// item first: if the earlier send was applied, this one applies it again. A
    /// `TransactWriteItems` is applied at most once with the earlier sends within 10 minutes of
    /// the first (AWS developer guide, "Amazon DynamoDB Transactions — Idempotency"); later,
    /// DynamoDB no longer knows the token.
    ///
    /// # Errors
    /// As the write's own request: its refused condition ([`Error::ConditionFailed`],
    /// [`Error::AlreadyExists`], …, [`Error::NotUnique`]) when no send can have been applied
    /// — for a `TransactWriteItems`, a cancellation — and [`Error::OutcomeUnknown`] again
    /// otherwise.
    pub async fn resend<T: Table>(&self, db: &Db<T>) -> Result<(), Error> {
        match &self.sent {
            SentRequest::Item(sent) => settle::send(db, &mut sent.as_ref().clone(), true)
                .await
                .map(drop),
            SentRequest::Transaction(resend) => transact::resend(db, resend).await,
        }
    }
}
