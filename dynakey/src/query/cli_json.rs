//! [`QueryInput::to_cli_json`]: the request as `aws dynamodb query --cli-input-json` reads it.

use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;
use serde_json::{Map, Value};

use super::QueryInput;
use crate::key::KeyValue;

impl QueryInput {
    /// The Query request for table `table_name` as the JSON that `aws dynamodb query
    /// --cli-input-json` accepts (the Query API's request syntax), pretty-printed with keys in
    /// alphabetical order:
    ///
    /// ```json
    /// {
    ///   "ConsistentRead": false,
    ///   "ExpressionAttributeNames": { "#pk": "PK", "#sk": "SK" },
    ///   "ExpressionAttributeValues": { ":pk": { "S": "WS#acme" }, ":sk": { "S": "PROJ#" } },
    ///   "KeyConditionExpression": "#pk = :pk AND begins_with(#sk, :sk)",
    ///   "ScanIndexForward": true,
    ///   "TableName": "app"
    /// }
    /// ```
    ///
    /// `TableName`, `KeyConditionExpression`, `ScanIndexForward` and `ConsistentRead` are always
    /// present; `IndexName`, `ExpressionAttributeNames`, `ExpressionAttributeValues` (each value
    /// typed as `{"S": …}`, `{"N": …}` or `{"B": base64}`, AWS CLI v2's default binary format),
    /// `ProjectionExpression` and `Limit` only when set and non-empty, since DynamoDB rejects empty
    /// maps (AWS developer guide, "Expression attribute names" and "Expression attribute values").
    ///
    /// Two things the runtime does are not request parameters and are not in the JSON: dropping
    /// the [`exclude_sort_keys`](Self::exclude_sort_keys) from the results, and sending nothing
    /// when [`matches_nothing`](Self::matches_nothing) is `true` (the JSON would then read the
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

/// A key value in DynamoDB's JSON form: `{"S": "…"}`, `{"N": "…"}` or `{"B": "<base64>"}`.
fn attribute_value(value: &KeyValue) -> Value {
    let (tag, text) = match value {
        KeyValue::S(s) => ("S", s.clone()),
        KeyValue::N(n) => ("N", n.clone()),
        KeyValue::B(b) => ("B", STANDARD.encode(b)),
    };
    let mut typed = Map::new();
    typed.insert(tag.to_owned(), Value::String(text));
    Value::Object(typed)
}
