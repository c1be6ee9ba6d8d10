//! [`Db::move_to`]: changing an item's key (docs/semantics.md §5).
//!
//! Key attributes are never changed in place: DynamoDB cannot update a primary key attribute
//! (AWS developer guide, "UpdateItem — key attributes cannot be updated"), and dynakey's key
//! attributes are derived from the item's fields anyway. Changing a key is a move: one
//! `TransactWriteItems` request that deletes the old item, conditional on it existing, and puts the
//! new one; both happen or neither does (AWS developer guide, "Amazon DynamoDB Transactions").

use aws_sdk_dynamodb::types::{Delete, Put, TransactWriteItem};
use dynakey::{InTable, Key, Table};
use serde::Serialize;
use tracing::Instrument;

use crate::convert::{key_condition, key_to_attributes};
use crate::db::Db;
use crate::error::Error;
use crate::item::{key_strings, to_item};

impl<T: Table> Db<T> {
    /// Moves the item at `old` to the key of `entity`: one transaction that deletes the old item
    /// (`ConditionExpression = attribute_exists(#pk)`) and puts `entity` with its table, index
    /// and entity-type attributes, as [`put`](Self::put) would. An item already stored at the new
    /// key is replaced, as with `put`. When the new key equals `old`, this is a put conditional on
    /// the item existing.
    ///
    /// Use it when a key field changes (a project renamed in a name-sorted key, a file moved to
    /// another folder); changing non-key fields is a plain `put`.
    ///
    /// # Errors
    /// - [`Error::Key`], [`Error::Serialize`], [`Error::KeyAttributeCollision`] before any request;
    /// - [`Error::NotFound`] when no item exists at `old`: the transaction was cancelled, nothing
    ///   was deleted or written;
    /// - [`Error::Sdk`] from the service (e.g. `TransactionConflictException`); a cancelled
    ///   transaction changes nothing.
    pub async fn move_to<E>(&self, old: &Key<E>, entity: &E) -> Result<(), Error>
    where
        E: InTable<T> + Serialize,
    {
        let item = to_item(entity)?;
        let (partition, sort) = key_strings::<T>(&item);
        let same_key =
            partition.as_deref() == Some(old.partition()) && sort.as_deref() == old.sort();
        let not_found = || Error::NotFound {
            table: self.table_name().to_owned(),
            partition: old.partition().to_owned(),
            sort: old.sort().map(str::to_owned),
        };
        let exists = key_condition::<T>(true);
        if same_key {
            let result = self
                .client()
                .put_item()
                .table_name(self.table_name())
                .set_item(Some(item))
                .condition_expression(exists.expression)
                .set_expression_attribute_names(Some(exists.names))
                .set_expression_attribute_values(exists.values)
                .send()
                .instrument(self.span("PutItem"))
                .await;
            return match result {
                Ok(_) => Ok(()),
                Err(e)
                    if e.as_service_error()
                        .is_some_and(|e| e.is_conditional_check_failed_exception()) =>
                {
                    Err(not_found())
                }
                Err(e) => Err(Error::sdk("PutItem", e)),
            };
        }
        let delete = Delete::builder()
            .table_name(self.table_name())
            .set_key(Some(key_to_attributes(old)))
            .condition_expression(exists.expression)
            .set_expression_attribute_names(Some(exists.names))
            .set_expression_attribute_values(exists.values)
            .build()
            .map_err(|e| Error::build("TransactWriteItems", e))?;
        let put = Put::builder()
            .table_name(self.table_name())
            .set_item(Some(item))
            .build()
            .map_err(|e| Error::build("TransactWriteItems", e))?;
        let result = self
            .client()
            .transact_write_items()
            .transact_items(TransactWriteItem::builder().delete(delete).build())
            .transact_items(TransactWriteItem::builder().put(put).build())
            .send()
            .instrument(self.span("TransactWriteItems"))
            .await;
        match result {
            Ok(_) => Ok(()),
            Err(e) => {
                // The delete is the first action: its reason says whether the old item was missing.
                let old_missing = e
                    .as_service_error()
                    .and_then(|e| match e {
                        aws_sdk_dynamodb::operation::transact_write_items::TransactWriteItemsError::TransactionCanceledException(c) => Some(c),
                        _ => None,
                    })
                    .and_then(|c| c.cancellation_reasons().first())
                    .and_then(|reason| reason.code())
                    .is_some_and(|code| code == "ConditionalCheckFailed");
                if old_missing {
                    Err(not_found())
                } else {
                    Err(Error::sdk("TransactWriteItems", e))
                }
            }
        }
    }
}
