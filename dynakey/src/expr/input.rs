//! [`QueryInput`]: a Query request in DynamoDB's terms, as rendered from a plan.

use std::collections::BTreeMap;

use super::Value;

/// A Query request in DynamoDB's terms (the Query API's request parameters, without
/// `TableName` and `ExclusiveStartKey`), rendered from a [`QueryPlan`](crate::plan::QueryPlan) by
/// [`QueryPlan::input`](crate::plan::QueryPlan::input): what DynamoDB receives for one partition.
///
/// Attribute names always go through `#name` placeholders and values through `:value` placeholders,
/// and exactly the referenced ones are present (`docs/semantics.md` §3), so reserved words such as
/// `status`, `name` or `data` work as attribute names.
#[derive(Debug, Clone, PartialEq)]
pub struct QueryInput {
    /// `IndexName`, for a query on a secondary index.
    pub index_name: Option<String>,
    /// `KeyConditionExpression`, e.g. `#pk = :pk AND begins_with(#sk, :sk)`.
    pub key_condition_expression: String,
    /// `FilterExpression`, when the query has a filter.
    pub filter_expression: Option<String>,
    /// `ExpressionAttributeNames`: placeholder → attribute name.
    pub expression_attribute_names: BTreeMap<String, String>,
    /// `ExpressionAttributeValues`: placeholder → value.
    pub expression_attribute_values: BTreeMap<String, Value>,
    /// `ProjectionExpression`, when attributes are projected.
    pub projection_expression: Option<String>,
    /// `ScanIndexForward`: `false` for descending sort-key order.
    pub scan_index_forward: bool,
    /// `Limit` of the first request: the number of items wanted (the runtime asks each later
    /// request for what is still missing).
    pub limit: Option<u32>,
    /// `ConsistentRead`.
    pub consistent_read: bool,
}
