//! Writes rendered onto the SDK's builders from one description — what the write does to its item
//! and its rendered expressions ([`WriteInput`]) — as a single-item request (`PutItem`,
//! `DeleteItem`, `UpdateItem`) or as one item of a `TransactWriteItems`.

use aws_sdk_dynamodb::error::BuildError;
use aws_sdk_dynamodb::operation::delete_item::builders::DeleteItemFluentBuilder;
use aws_sdk_dynamodb::operation::put_item::builders::PutItemFluentBuilder;
use aws_sdk_dynamodb::operation::update_item::builders::UpdateItemFluentBuilder;
use aws_sdk_dynamodb::types::{
    builders, ConditionCheck, Delete, Put, ReturnValue, ReturnValuesOnConditionCheckFailure,
    TransactWriteItem, Update,
};
use aws_sdk_dynamodb::Client;
use dynakey::WriteInput;

use super::{Item, Placeholders};

/// What a write does to its item: the whole item of a put, or the key of the item an update,
/// delete or condition check is on.
#[derive(Debug, Clone, Copy)]
pub(crate) enum WriteKind<'a> {
    /// `Put`: the item, key attributes included.
    Put(&'a Item),
    /// `Update` of the item with this key.
    Update(&'a Item),
    /// `Delete` of the item with this key.
    Delete(&'a Item),
    /// `ConditionCheck` of the item with this key (transactions only).
    Check(&'a Item),
}

/// The builders of a conditional write: the one place that sets a write's `ConditionExpression`,
/// its placeholders, and `ReturnValuesOnConditionCheckFailure = ALL_OLD` (a refused condition
/// comes back with the item as stored, to be told apart).
trait Conditional: Placeholders {
    fn write_input(self, input: WriteInput) -> Self;
}

macro_rules! conditional {
    ($($builder:ty),* $(,)?) => {$(
        impl Conditional for $builder {
            fn write_input(self, input: WriteInput) -> Self {
                self.set_condition_expression(input.condition_expression)
                    .placeholders(
                        input.expression_attribute_names,
                        input.expression_attribute_values,
                    )
                    .return_values_on_condition_check_failure(
                        ReturnValuesOnConditionCheckFailure::AllOld,
                    )
            }
        }
    )*};
}

conditional!(
    PutItemFluentBuilder,
    DeleteItemFluentBuilder,
    UpdateItemFluentBuilder,
    builders::PutBuilder,
    builders::UpdateBuilder,
    builders::DeleteBuilder,
    builders::ConditionCheckBuilder,
);

/// A `PutItem` of `item` into `table`.
pub(crate) fn put_item(
    client: &Client,
    table: &str,
    item: Item,
    input: WriteInput,
) -> PutItemFluentBuilder {
    client
        .put_item()
        .table_name(table)
        .set_item(Some(item))
        .write_input(input)
}

/// A `DeleteItem` of the item with key attributes `key`.
pub(crate) fn delete_item(
    client: &Client,
    table: &str,
    key: Item,
    input: WriteInput,
) -> DeleteItemFluentBuilder {
    client
        .delete_item()
        .table_name(table)
        .set_key(Some(key))
        .write_input(input)
}

/// An `UpdateItem` of the item with key attributes `key`, returning `return_values`.
pub(crate) fn update_item(
    client: &Client,
    table: &str,
    key: Item,
    mut input: WriteInput,
    return_values: ReturnValue,
) -> UpdateItemFluentBuilder {
    client
        .update_item()
        .table_name(table)
        .set_key(Some(key))
        .set_update_expression(input.update_expression.take())
        // `NONE` is DynamoDB's default: left out, as a hand-written request would.
        .set_return_values((return_values != ReturnValue::None).then_some(return_values))
        .write_input(input)
}

/// One item of a `TransactWriteItems`: a put, update, delete or condition check, each built here.
///
/// # Errors
/// The SDK's [`BuildError`] when a required member is missing (the table name, the item or key).
pub(crate) fn transact_write_item(
    table: &str,
    kind: WriteKind<'_>,
    mut input: WriteInput,
) -> Result<TransactWriteItem, BuildError> {
    let item = TransactWriteItem::builder();
    let item = match kind {
        WriteKind::Put(put) => item.put(
            Put::builder()
                .table_name(table)
                .set_item(Some(put.clone()))
                .write_input(input)
                .build()?,
        ),
        WriteKind::Update(key) => item.update(
            Update::builder()
                .table_name(table)
                .set_key(Some(key.clone()))
                .set_update_expression(input.update_expression.take())
                .write_input(input)
                .build()?,
        ),
        WriteKind::Delete(key) => item.delete(
            Delete::builder()
                .table_name(table)
                .set_key(Some(key.clone()))
                .write_input(input)
                .build()?,
        ),
        WriteKind::Check(key) => item.condition_check(
            ConditionCheck::builder()
                .table_name(table)
                .set_key(Some(key.clone()))
                .write_input(input)
                .build()?,
        ),
    };
    Ok(item.build())
}
