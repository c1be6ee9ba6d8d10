//! [`Resend`]: a `TransactWriteItems` request exactly as it was sent, to send again with its
//! `ClientRequestToken` when its outcome is unknown (AWS developer guide, "Amazon DynamoDB
//! Transactions — Idempotency").

use std::fmt;

use dynakey::Table;

use super::{finish, Action, Sent, TransactionOutput};
use crate::db::Db;
use crate::error::Error;

/// The rendered request of a transaction that failed with [`Error::TransactionFailed`] (its
/// items, conditions, values, managed timestamps and uniqueness items as sent) and its
/// `ClientRequestToken`. Sending it again within 10 minutes of the first send is safe: DynamoDB
/// applies a token's request at most once and answers a repeat with success.
#[derive(Clone)]
pub struct Resend {
    pub(super) actions: Vec<Action>,
    pub(super) sent: Vec<Sent>,
    pub(super) token: String,
}

impl fmt::Debug for Resend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Resend")
            .field("client_request_token", &self.token)
            .field("items", &self.sent.len())
            .finish_non_exhaustive()
    }
}

impl Resend {
    /// The `ClientRequestToken` the request is sent with.
    pub fn client_request_token(&self) -> &str {
        &self.token
    }

    /// Sends the same request again through `db`'s client (the items name their table: use a
    /// handle on the same table and account).
    ///
    /// # Errors
    /// As [`Transaction::send`](super::Transaction::send) after its checks:
    /// [`Error::TransactionCanceled`], or [`Error::TransactionFailed`] again (with this request).
    /// More than 10 minutes after the first send DynamoDB no longer knows the token and applies
    /// the request again.
    pub async fn send<T: Table>(&self, db: &Db<T>) -> Result<TransactionOutput, Error> {
        finish(
            db,
            self.actions.clone(),
            self.sent.clone(),
            self.token.clone(),
        )
        .await
    }
}
