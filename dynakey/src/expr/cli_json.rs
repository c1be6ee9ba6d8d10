//! [`QueryInput::to_cli_json`]: the request as `aws dynamodb query --cli-input-json` reads it.

use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;
use serde_json::{Map, Value};

use super::QueryInput;
use super::Value as AttributeValue;

impl QueryInput {
    /// The Query request for table `table_name` as the JSON that `aws dynamodb query
    /// --cli-input-json` accepts (the Query API's request syntax), pretty-printed with keys in
    /// alphabetical order (`dynakey/tests/cli_json.rs` shows whole outputs):
    ///
    /// ```
    /// # use dynakey::Entity;
    /// # #[derive(Entity)] #[pk("WS#<workspace>")] #[sk("PROJ#<id>")]
    /// # struct Project { workspace: String, id: String }
    /// let json = Project::query("acme").begins_with(Project::sk()).build()?.to_cli_json("app");
    /// let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    /// assert_eq!(value["KeyConditionExpression"], "#pk = :pk AND begins_with(#sk, :sk)");
    /// assert_eq!(value["TableName"], "app");
    /// # Ok::<(), dynakey::KeyError>(())
    /// ```
    ///
    /// `TableName`, `KeyConditionExpression`, `ScanIndexForward` and `ConsistentRead` are always
    /// present; `IndexName`, `FilterExpression`, `ExpressionAttributeNames`,
    /// `ExpressionAttributeValues` (each value in DynamoDB's JSON: `{"S": …}`, `{"N": …}`,
    /// `{"B": base64}` (AWS CLI v2's default binary format), `{"BOOL": …}`, `{"NULL": true}`,
    /// `{"M": …}`, `{"L": …}`, `{"SS": …}`, `{"NS": …}`, `{"BS": …}`), `ProjectionExpression` and
    /// `Limit` only when set and non-empty, since DynamoDB rejects empty maps (AWS developer
    /// guide, "Expression attribute names" and "Expression attribute values").
    ///
    /// Two things the runtime does are not request parameters and are not in the JSON: dropping
    /// the [`excluded_sort_keys`](crate::plan::QueryPlan::excluded_sort_keys) from the results,
    /// and sending nothing when the plan
    /// [`matches_nothing`](crate::plan::QueryPlan::matches_nothing) (the JSON would then read the
    /// whole partition). `Limit` is [`limit`](Self::limit), i.e. what the first request asks for.
    pub fn to_cli_json(&self, table_name: &str) -> String {
        let text = |s: &str| Value::String(s.to_owned());
        let mut request = Map::new();
        request.insert("TableName".into(), text(table_name));
        if let Some(index) = &self.index_name {
            request.insert("IndexName".into(), text(index));
        }
        request.insert(
            "KeyConditionExpression".into(),
            text(&self.key_condition_expression),
        );
        if let Some(filter) = &self.filter_expression {
            request.insert("FilterExpression".into(), text(filter));
        }
        if !self.expression_attribute_names.is_empty() {
            let names: Map<String, Value> = self
                .expression_attribute_names
                .iter()
                .map(|(placeholder, name)| (placeholder.clone(), text(name)))
                .collect();
            request.insert("ExpressionAttributeNames".into(), Value::Object(names));
        }
        if !self.expression_attribute_values.is_empty() {
            let values: Map<String, Value> = self
                .expression_attribute_values
                .iter()
                .map(|(placeholder, value)| (placeholder.clone(), attribute_value(value)))
                .collect();
            request.insert("ExpressionAttributeValues".into(), Value::Object(values));
        }
        if let Some(projection) = &self.projection_expression {
            request.insert("ProjectionExpression".into(), text(projection));
        }
        request.insert(
            "ScanIndexForward".into(),
            Value::Bool(self.scan_index_forward),
        );
        request.insert("ConsistentRead".into(), Value::Bool(self.consistent_read));
        if let Some(limit) = self.limit {
            request.insert("Limit".into(), Value::from(limit));
        }
        format!("{:#}", Value::Object(request))
    }
}

/// A value in DynamoDB's JSON form: `{"S": "…"}`, `{"N": "…"}`, `{"B": "<base64>"}`, and so on for
/// every type (AWS developer guide, "Supported data types"; the low-level API's `AttributeValue`).
pub(crate) fn attribute_value(value: &AttributeValue) -> Value {
    let strings =
        |items: &[String]| Value::Array(items.iter().cloned().map(Value::String).collect());
    let (tag, json) = match value {
        AttributeValue::S(s) => ("S", Value::String(s.clone())),
        AttributeValue::N(n) => ("N", Value::String(n.clone())),
        AttributeValue::B(b) => ("B", Value::String(STANDARD.encode(b))),
        AttributeValue::Bool(b) => ("BOOL", Value::Bool(*b)),
        AttributeValue::Null(b) => ("NULL", Value::Bool(*b)),
        AttributeValue::Ss(items) => ("SS", strings(items)),
        AttributeValue::Ns(items) => ("NS", strings(items)),
        AttributeValue::Bs(items) => (
            "BS",
            Value::Array(
                items
                    .iter()
                    .map(|b| Value::String(STANDARD.encode(b)))
                    .collect(),
            ),
        ),
        AttributeValue::L(items) => (
            "L",
            Value::Array(items.iter().map(attribute_value).collect()),
        ),
        AttributeValue::M(map) => (
            "M",
            Value::Object(
                map.iter()
                    .map(|(k, v)| (k.clone(), attribute_value(v)))
                    .collect(),
            ),
        ),
    };
    let mut typed = Map::new();
    typed.insert(tag.to_owned(), json);
    Value::Object(typed)
}
