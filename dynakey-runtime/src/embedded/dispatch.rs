//! One DynamoDB operation on the in-process engine: operation name and JSON request body in, JSON
//! response body or the engine's typed error out.
//!
//! This is dynoxide's own HTTP dispatch (`server::dispatch` and `dispatch_operation` in
//! dynoxide-rs 3.2, feature `http-server`) without its server: the same table of operations, each
//! decoded into the engine's serde request type, run by the `Database` method of the same name
//! and its response serialised. dynoxide keeps the helpers around that table private, so the few
//! things they do on the way in and out are restated here from its source, and nothing else:
//!
//! - a request that does not decode is classified as dynoxide's decoder classifies it (its
//!   `serde_errors::deserialize`): the marker a request type puts at the front of its serde
//!   message names the error, `1 validation error detected: ` wraps the request-validation ones
//!   on PutItem, UpdateItem and DeleteItem only, and what is left is a ValidationException
//!   (missing member, unknown enum value, null) or a SerializationException;
//! - ExecuteStatement's condition failure carrying an item gets its own shape
//!   (`errors::for_operation`), and SearchVectors writes a SerializationException's message in
//!   lower case (`DynoxideError::to_json_for`).
//!
//! What the HTTP dispatch does that this cannot (its helpers are private to dynoxide), all of it
//! on requests the SDK does not send or on the wording of an error, never on an answer that
//! succeeds: the per-operation "validation layer" (dynoxide's server reads the attribute values of
//! BatchWriteItem, TransactWriteItems, TransactGetItems and the PartiQL operations under
//! DynamoDB's older layer, which words some refusals differently — an empty number, for one; here
//! every operation reads them under the current layer, as dynoxide's library API does), the type
//! pre-checks of members written with the wrong JSON type, numbers written for booleans, and
//! bodies nested deeper than the JSON parser follows (answered here with DynamoDB's nesting
//! refusal for an item, bare, which dynoxide gives for an item but words differently for an
//! ExpressionAttributeValues entry or an ExclusiveStartKey). `tests/embedded_parity.rs` sends the
//! same requests, refused ones included, to both and compares the answers.

use dynoxide::{Database, DynoxideError};
use serde::de::DeserializeOwned;
use serde::Serialize;

/// The operations the engine answers: dynoxide's `dynamo_ops::KNOWN_OPERATIONS`, each with the
/// `Database` method its HTTP dispatch calls (`dispatch_operation`), in its order.
macro_rules! operations {
    ($($name:literal => $method:ident,)*) => {
        /// Whether `operation` is one the engine answers.
        pub(super) fn is_known(operation: &str) -> bool {
            matches!(operation, $($name)|*)
        }

        /// Runs `operation` with the request `body` (JSON) on `database`: the response body, or
        /// the engine's error (its status: `DynoxideError::status_code`; its body: [`error_body`]).
        pub(super) fn dispatch(
            database: &Database,
            operation: &str,
            body: &str,
        ) -> Result<String, DynoxideError> {
            let result = match operation {
                $($name => decode(operation, body)
                    .and_then(|request| database.$method(request))
                    .and_then(|response| serialize(&response)),)*
                // `is_known` is checked first; dynoxide answers the same here.
                _ => Err(DynoxideError::SerializationException(
                    "UnknownOperationException".to_owned(),
                )),
            };
            result.map_err(|e| for_operation(operation, e))
        }
    };
}

operations! {
    "CreateTable" => create_table,
    "DeleteTable" => delete_table,
    "DescribeTable" => describe_table,
    "ListTables" => list_tables,
    "UpdateTable" => update_table,
    "PutItem" => put_item,
    "GetItem" => get_item,
    "DeleteItem" => delete_item,
    "UpdateItem" => update_item,
    "Query" => query,
    "Scan" => scan,
    "SearchVectors" => search_vectors,
    "BatchGetItem" => batch_get_item,
    "BatchWriteItem" => batch_write_item,
    "TransactWriteItems" => transact_write_items,
    "TransactGetItems" => transact_get_items,
    "ListStreams" => list_streams,
    "DescribeStream" => describe_stream,
    "GetShardIterator" => get_shard_iterator,
    "GetRecords" => get_records,
    "UpdateTimeToLive" => update_time_to_live,
    "DescribeTimeToLive" => describe_time_to_live,
    "ExecuteStatement" => execute_statement,
    "ExecuteTransaction" => execute_transaction,
    "BatchExecuteStatement" => batch_execute_statement,
    "TagResource" => tag_resource,
    "UntagResource" => untag_resource,
    "ListTagsOfResource" => list_tags_of_resource,
}

/// The JSON body `operation` answers `error` with (`__type`, `message` or `Message`, and the
/// members some errors carry: CancellationReasons, Item).
pub(super) fn error_body(operation: &str, error: &DynoxideError) -> String {
    match error {
        // SearchVectors' endpoint writes every error's message in lower case.
        DynoxideError::SerializationException(message) if operation == "SearchVectors" => {
            let mut body = serde_json::Map::new();
            body.insert("__type".to_owned(), error.error_type().into());
            if !message.is_empty() {
                body.insert("message".to_owned(), message.as_str().into());
            }
            serde_json::Value::Object(body).to_string()
        }
        _ => error.to_json(),
    }
}

/// Whether `body` is JSON (dynoxide answers a bare SerializationException when it is not).
/// Nesting is not refused here: serde skips a value iteratively, and the request's decoder
/// refuses what it cannot follow.
pub(super) fn is_json(body: &str) -> bool {
    serde_json::from_str::<serde::de::IgnoredAny>(body).is_ok()
}

/// The request type of `operation` read from `body`, or the error dynoxide's decoder gives.
fn decode<T: DeserializeOwned>(operation: &str, body: &str) -> Result<T, DynoxideError> {
    serde_json::from_str(body).map_err(|e| {
        if is_depth_failure(&e) {
            return too_deep();
        }
        classify(operation, &e.to_string())
    })
}

fn serialize<T: Serialize>(response: &T) -> Result<String, DynoxideError> {
    serde_json::to_string(response).map_err(|e| DynoxideError::InternalServerError(e.to_string()))
}

/// ExecuteStatement's condition failure carrying the item is written as its statement form.
fn for_operation(operation: &str, error: DynoxideError) -> DynoxideError {
    match (operation, error) {
        (
            "ExecuteStatement",
            DynoxideError::ConditionalCheckFailedException(message, Some(item)),
        ) => DynoxideError::StatementConditionalCheckFailed(message, item),
        (_, error) => error,
    }
}

/// The error of a request that serde refused with `message`, as dynoxide classifies it.
fn classify(operation: &str, message: &str) -> DynoxideError {
    // The markers dynoxide's request types put in front of a message they refuse.
    if let Some(as_read) = message.strip_prefix("SERIALIZATION_AS_READ:") {
        return DynoxideError::SerializationException(as_read.to_owned());
    }
    if let Some(as_read) = message.strip_prefix("VALIDATION_AS_READ:") {
        return DynoxideError::ValidationException(as_read.to_owned());
    }
    if let Some(rest) = message.strip_prefix("SERIALIZATION:") {
        return DynoxideError::SerializationException(strip_position(rest).to_owned());
    }
    if let Some(rest) = message.strip_prefix("VALIDATION_REQUEST:") {
        let rest = strip_position(rest);
        return DynoxideError::ValidationException(match operation {
            "PutItem" | "UpdateItem" | "DeleteItem" => {
                format!("1 validation error detected: {rest}")
            }
            _ => rest.to_owned(),
        });
    }
    if let Some(rest) = message.strip_prefix("VALIDATION:") {
        return DynoxideError::ValidationException(strip_position(rest).to_owned());
    }
    if message.contains("missing field")
        || message.contains("unknown variant")
        || message.contains("invalid type: null")
    {
        DynoxideError::ValidationException(message.to_owned())
    } else if message.contains("empty AttributeValue") {
        DynoxideError::ValidationException(
            "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes"
                .to_owned(),
        )
    } else if message.contains("Supplied AttributeValue") {
        DynoxideError::ValidationException(strip_position(message).to_owned())
    } else {
        // dynoxide rewords serde's type mismatches in DynamoDB's words; a request built by the SDK
        // has none, so serde's own words (without the position) stand here.
        DynoxideError::SerializationException(strip_position(message).to_owned())
    }
}

/// `message` without serde_json's ` at line N column N` suffix.
fn strip_position(message: &str) -> &str {
    match message.rfind(" at line ") {
        Some(at) if message[at..].contains("column") => &message[..at],
        _ => message,
    }
}

/// Whether serde gave up on a body for its nesting rather than its syntax.
fn is_depth_failure(error: &serde_json::Error) -> bool {
    error.to_string().starts_with("recursion limit exceeded")
}

/// DynamoDB's refusal of a value nested past 32 levels, for a body nested past the parser's limit.
fn too_deep() -> DynoxideError {
    DynoxideError::ValidationException(
        "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels \
         beyond supported limit"
            .to_owned(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_is_checked_without_a_depth_limit_and_decoding_refuses_the_depth() {
        let deep = format!("{}{}", "[".repeat(500), "]".repeat(500));
        assert!(is_json(&deep));
        assert!(!is_json("{"));
        let refused = decode::<serde_json::Value>("PutItem", &deep);
        assert!(
            matches!(&refused, Err(DynoxideError::ValidationException(m)) if m.starts_with("Nesting Levels")),
            "{refused:?}"
        );
    }

    #[test]
    fn markers_choose_the_error_and_only_single_item_writes_envelope() {
        let enveloped = classify("PutItem", "VALIDATION_REQUEST:bad at line 1 column 9");
        assert!(
            matches!(&enveloped, DynoxideError::ValidationException(m) if m == "1 validation error detected: bad"),
            "{enveloped:?}"
        );
        let bare = classify("Query", "VALIDATION_REQUEST:bad at line 1 column 9");
        assert!(
            matches!(&bare, DynoxideError::ValidationException(m) if m == "bad"),
            "{bare:?}"
        );
        let serialization = classify("GetItem", "SERIALIZATION:odd at line 2 column 3");
        assert!(
            matches!(&serialization, DynoxideError::SerializationException(m) if m == "odd"),
            "{serialization:?}"
        );
        let missing = classify("GetItem", "missing field `TableName` at line 1 column 2");
        assert!(
            matches!(missing, DynoxideError::ValidationException(_)),
            "{missing:?}"
        );
    }
}
