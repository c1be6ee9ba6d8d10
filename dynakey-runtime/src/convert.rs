//! Conversions between dynakey's values and the AWS SDK's request types: keys, start keys and
//! attribute values, and rendered expressions set on the SDK's builders.
//!
//! These are the building blocks [`Db`](crate::Db) renders its requests with; they are public so
//! that code which calls the SDK directly (an `UpdateItem`, a `TransactWriteItems`) can still take
//! its keys and queries from dynakey. Sending is not here: every request of a `Db` is sent by one
//! module, the SDK edge.

use std::collections::{BTreeMap, HashMap};

use aws_sdk_dynamodb::operation::query::builders::QueryFluentBuilder;
use aws_sdk_dynamodb::operation::scan::builders::ScanFluentBuilder;
use aws_sdk_dynamodb::primitives::Blob;
use aws_sdk_dynamodb::types::AttributeValue;
use dynakey::{CursorError, Entity, Key, KeyError, KeyValue, QueryInput, ScanInput, StartKey};

pub(crate) mod known;
mod write;

pub(crate) use write::{delete_item, put_item, transact_write_item, update_item, WriteKind};

/// A DynamoDB item as the SDK sends and returns it: attribute name → value.
pub type Item = HashMap<String, AttributeValue>;

/// A key attribute value as the SDK's `AttributeValue`: `S`, `N` or `B`.
pub fn to_attribute_value(value: &KeyValue) -> AttributeValue {
    match value {
        KeyValue::S(s) => AttributeValue::S(s.clone()),
        KeyValue::N(n) => AttributeValue::N(n.clone()),
        KeyValue::B(b) => AttributeValue::B(Blob::new(b.clone())),
    }
}

/// The key attribute value of an SDK `AttributeValue`, or `None` for a type that cannot be a key
/// attribute (only scalar `S`, `N` and `B` can; AWS developer guide, "Core components — Primary
/// key").
pub fn from_attribute_value(value: &AttributeValue) -> Option<KeyValue> {
    match value {
        AttributeValue::S(s) => Some(KeyValue::S(s.clone())),
        AttributeValue::N(n) => Some(KeyValue::N(n.clone())),
        AttributeValue::B(b) => Some(KeyValue::B(b.as_ref().to_vec())),
        _ => None,
    }
}

/// The `Key` parameter of GetItem/DeleteItem for `key`: one or two `S` attributes named by
/// `E::Table` (partition key, and sort key when the table has one).
pub fn key_to_attributes<E: Entity>(key: &Key<E>) -> HashMap<String, AttributeValue> {
    key.attributes()
        .map(|(name, value)| (name.to_owned(), AttributeValue::S(value.to_owned())))
        .collect()
}

/// The `S` value of attribute `name` in `item`, if present and a string.
pub fn string_attribute<'a>(
    item: &'a HashMap<String, AttributeValue>,
    name: &str,
) -> Option<&'a str> {
    match item.get(name) {
        Some(AttributeValue::S(s)) => Some(s),
        _ => None,
    }
}

/// A `LastEvaluatedKey` (or the key attributes of an item) as a [`StartKey`], the form a
/// [`Cursor`](dynakey::Cursor) carries.
///
/// # Errors
/// [`CursorError::WrongKey`] (as a [`KeyError`]) for an attribute whose type cannot be a key
/// attribute (anything but `S`, `N`, `B`).
pub fn to_start_key(key: &HashMap<String, AttributeValue>) -> Result<StartKey, KeyError> {
    key.iter()
        .map(|(name, value)| match from_attribute_value(value) {
            Some(value) => Ok((name.clone(), value)),
            None => Err(CursorError::WrongKey(format!(
                "attribute {name:?} is not of type S, N or B"
            ))
            .into()),
        })
        .collect()
}

/// A [`StartKey`] as the SDK's `ExclusiveStartKey`.
pub fn from_start_key(key: &StartKey) -> HashMap<String, AttributeValue> {
    key.iter()
        .map(|(name, value)| (name.clone(), to_attribute_value(value)))
        .collect()
}

/// Converts a `u32` count to the SDK's `i32` `Limit`, saturating at `i32::MAX`.
pub(crate) fn limit_to_i32(limit: u32) -> i32 {
    i32::try_from(limit).unwrap_or(i32::MAX)
}

/// An expression value as the SDK's `AttributeValue` (every DynamoDB type).
pub(crate) fn to_sdk_value(value: &dynakey::AttributeValue) -> AttributeValue {
    value.clone().into()
}

/// Sets every parameter of `input` (one partition's request, rendered from its
/// `QueryPlan`) on a Query request for `table_name`: `TableName`,
/// `IndexName`, `KeyConditionExpression`, `FilterExpression`, `ExpressionAttributeNames` and
/// `ExpressionAttributeValues` (each omitted when empty, since DynamoDB rejects empty maps),
/// `ProjectionExpression`, `ScanIndexForward`, `ConsistentRead` and `Limit`.
///
/// `input.limit` is the number of items wanted; the read engine overrides `Limit` on each request
/// with what is still missing. Dropping the plan's excluded sort keys and sending nothing for a
/// plan that matches nothing are not request parameters: the read engine applies them (see
/// [`Query`](crate::Query)).
pub fn apply_query_input(
    mut builder: QueryFluentBuilder,
    table_name: &str,
    input: &QueryInput,
) -> QueryFluentBuilder {
    builder = builder
        .table_name(table_name)
        .set_index_name(input.index_name.clone())
        .key_condition_expression(&input.key_condition_expression)
        .set_filter_expression(input.filter_expression.clone())
        .set_projection_expression(input.projection_expression.clone())
        .scan_index_forward(input.scan_index_forward)
        .consistent_read(input.consistent_read)
        .set_limit(input.limit.map(limit_to_i32));
    builder.placeholders(
        cloned(&input.expression_attribute_names),
        cloned(&input.expression_attribute_values),
    )
}

/// Sets every parameter of `input` (one segment's request, rendered from a scan plan,
/// `QueryPlan::scan_input`) on a Scan request for
/// `table_name`: `TableName`, `IndexName`, `FilterExpression`, `ExpressionAttributeNames` and
/// `ExpressionAttributeValues` (each omitted when empty), `ProjectionExpression`,
/// `ConsistentRead`, `Limit`, and `Segment`/`TotalSegments` for a parallel scan.
pub fn apply_scan_input(
    builder: ScanFluentBuilder,
    table_name: &str,
    input: &ScanInput,
) -> ScanFluentBuilder {
    let (segment, total) = input.segment.map_or((None, None), |(segment, total)| {
        (Some(limit_to_i32(segment)), Some(limit_to_i32(total)))
    });
    builder
        .table_name(table_name)
        .set_index_name(input.index_name.clone())
        .set_filter_expression(input.filter_expression.clone())
        .set_projection_expression(input.projection_expression.clone())
        .consistent_read(input.consistent_read)
        .set_limit(input.limit.map(limit_to_i32))
        .set_segment(segment)
        .set_total_segments(total)
        .placeholders(
            cloned(&input.expression_attribute_names),
            cloned(&input.expression_attribute_values),
        )
}

/// `ExpressionAttributeNames` and `ExpressionAttributeValues` as the SDK takes them, each `None`
/// when empty (DynamoDB rejects empty maps).
#[allow(clippy::type_complexity)]
pub(crate) fn placeholder_maps(
    names: impl IntoIterator<Item = (String, String)>,
    values: impl IntoIterator<Item = (String, dynakey::__private::expr::Value)>,
) -> (
    Option<HashMap<String, String>>,
    Option<HashMap<String, AttributeValue>>,
) {
    // An empty `HashMap` allocates nothing.
    let names: HashMap<String, String> = names.into_iter().collect();
    let values: HashMap<String, AttributeValue> =
        values.into_iter().map(|(k, v)| (k, v.into())).collect();
    (
        (!names.is_empty()).then_some(names),
        (!values.is_empty()).then_some(values),
    )
}

/// The entries of a rendered map, copied one by one (a read's input is rendered once and sent
/// with every request).
fn cloned<V: Clone>(map: &BTreeMap<String, V>) -> impl Iterator<Item = (String, V)> + '_ {
    map.iter().map(|(k, v)| (k.clone(), v.clone()))
}

/// The SDK builders that take a rendered expression's placeholders: the one place that sets
/// `ExpressionAttributeNames` and `ExpressionAttributeValues` on a request.
pub(crate) trait Placeholders: Sized {
    /// Sets the placeholders of a rendered expression (each map left out when empty).
    fn placeholders(
        self,
        names: impl IntoIterator<Item = (String, String)>,
        values: impl IntoIterator<Item = (String, dynakey::__private::expr::Value)>,
    ) -> Self;
}

macro_rules! placeholders {
    ($($builder:ty),* $(,)?) => {$(
        impl Placeholders for $builder {
            fn placeholders(
                self,
                names: impl IntoIterator<Item = (String, String)>,
                values: impl IntoIterator<Item = (String, dynakey::__private::expr::Value)>,
            ) -> Self {
                let (names, values) = placeholder_maps(names, values);
                self.set_expression_attribute_names(names)
                    .set_expression_attribute_values(values)
            }
        }
    )*};
}

placeholders!(
    QueryFluentBuilder,
    ScanFluentBuilder,
    aws_sdk_dynamodb::operation::put_item::builders::PutItemFluentBuilder,
    aws_sdk_dynamodb::operation::delete_item::builders::DeleteItemFluentBuilder,
    aws_sdk_dynamodb::operation::update_item::builders::UpdateItemFluentBuilder,
    aws_sdk_dynamodb::types::builders::PutBuilder,
    aws_sdk_dynamodb::types::builders::UpdateBuilder,
    aws_sdk_dynamodb::types::builders::DeleteBuilder,
    aws_sdk_dynamodb::types::builders::ConditionCheckBuilder,
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_values_round_trip() {
        for value in [
            KeyValue::S("a😀".into()),
            KeyValue::N("-1.5".into()),
            KeyValue::B(vec![0, 255]),
        ] {
            assert_eq!(
                from_attribute_value(&to_attribute_value(&value)),
                Some(value)
            );
        }
        assert_eq!(from_attribute_value(&AttributeValue::Bool(true)), None);
    }

    #[test]
    fn start_keys_round_trip_and_reject_non_key_types() {
        let sdk = HashMap::from([
            ("PK".to_owned(), AttributeValue::S("A#1".into())),
            ("n".to_owned(), AttributeValue::N("7".into())),
            ("b".to_owned(), AttributeValue::B(Blob::new(vec![1, 2]))),
        ]);
        let key = to_start_key(&sdk).unwrap();
        assert_eq!(key["n"], KeyValue::N("7".into()));
        assert_eq!(from_start_key(&key), sdk);
        let bad = HashMap::from([("PK".to_owned(), AttributeValue::Bool(true))]);
        assert!(to_start_key(&bad).is_err());
    }

    #[test]
    fn limits_saturate() {
        assert_eq!(limit_to_i32(5), 5);
        assert_eq!(limit_to_i32(u32::MAX), i32::MAX);
    }
}
