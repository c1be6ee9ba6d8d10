//! [`Resend::send`]: a `TransactWriteItems` request exactly as it was sent, sent again with its
//! `ClientRequestToken` when its outcome is unknown (AWS developer guide, "Amazon DynamoDB
//! Transactions — Idempotency").

use dynakey::Table;

use crate::db::Db;
use crate::error::{Error, Resend};
use crate::single::transact::{finish, TransactionOutput};

impl Resend {
    /// Sends the same request again through `db`'s client (the items name their table: use a
    /// handle on the same table and account).
    ///
    /// # Errors
    /// As [`Transaction::send`](crate::Transaction::send) after its checks:
    /// [`Error::TransactionCanceled`], or [`Error::TransactionFailed`] again (with this request).
    /// More than 10 minutes after the first send DynamoDB no longer knows the token and applies
    /// the request again.
    pub async fn send<T: Table>(&self, db: &Db<T>) -> Result<TransactionOutput, Error> {
        finish(db, self.request.clone(), self.token.clone()).await
    }
}
