//! [`Db::move_to`]: changing an item's key (docs/semantics.md §5).
//!
//! Key attributes are never changed in place: DynamoDB cannot update a primary key attribute
//! (AWS developer guide, "UpdateItem — key attributes cannot be updated"), and dynakey's key
//! attributes are derived from the item's fields anyway. Changing a key is a move: one
//! `TransactWriteItems` request that deletes the old item, conditional on it existing, and puts the
//! new one; both happen or neither does (AWS developer guide, "Amazon DynamoDB Transactions").

use dynakey::{InTable, Key, Table};
use serde::Serialize;

use super::transact::all_or_error;
use super::write::Action;
use crate::db::Db;
use crate::error::Error;
use crate::item::to_item;

impl<T: Table> Db<T> {
    /// Moves the item at `old` to the key of `entity`: one transaction that deletes the old item
    /// (`ConditionExpression = attribute_exists(#pk)`) and puts `entity` with its table, index
    /// and entity-type attributes, as [`put`](Self::put) would. An item already stored at the new
    /// key is replaced, as with `put`. When the new key equals `old`, this is a put conditional on
    /// the item existing (one action).
    ///
    /// Use it when a key field changes (a project renamed in a name-sorted key, a file moved to
    /// another folder); changing non-key fields is a plain `put`.
    ///
    /// # Errors
    /// - [`Error::Key`], [`Error::Serialize`], [`Error::KeyAttributeCollision`] before any request;
    ///   [`Error::KeyChangeUnsupported`] for an entity in the expand or switch phase of a key
    ///   change;
    /// - [`Error::NotFound`] when no item exists at `old`: the transaction was cancelled, nothing
    ///   was deleted or written;
    /// - [`Error::NotUnique`] when the entity has `#[unique(…)]` and the new values are taken
    ///   (its uniqueness items move with it, in the same transaction; an item it replaces at the
    ///   new key gives up its uniqueness items in that transaction too, and the put is
    ///   conditioned on that item being as read first, strongly consistent);
    /// - [`Error::TransactionCanceled`] when DynamoDB cancelled it for another reason (after
    ///   retries of `TransactionConflict` and throttling); [`Error::Sdk`] from the service. A
    ///   cancelled transaction changes nothing;
    /// - [`Error::OutcomeUnknown`] when an answer was lost and the same request, resent with its
    ///   `ClientRequestToken` within the table's [`RetryPolicy`](crate::RetryPolicy), did not
    ///   settle it (docs/semantics.md §5, "A lost answer").
    ///
    /// It runs on the same transaction code as [`Db::transaction`](crate::Db::transaction).
    pub async fn move_to<E>(&self, old: &Key<E>, entity: &E) -> Result<(), Error>
    where
        E: InTable<T> + Serialize,
    {
        // A move would write one shape, not its copy (docs/semantics.md §10).
        super::copy::refuse::<E>("move_to")?;
        let item = to_item(entity)?;
        all_or_error(self, Action::moved::<T, E>(old, item)).await
    }
}
