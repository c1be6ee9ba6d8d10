//! The in-process engine answers as dynoxide's HTTP server does: the same requests, through the
//! SDK, on two fresh engines — one reached in-process (`Engine::client`), one over loopback HTTP
//! (`Engine::serve` and the SDK's hyper client) — give the same results and the same errors
//! (HTTP status, code, message, and the items and cancellation reasons errors carry).
//!
//! The one known difference is asserted as such: dynoxide's server reads the attribute values of
//! BatchWriteItem, TransactWriteItems, TransactGetItems and the PartiQL operations under DynamoDB's
//! older validation layer, which words some refusals differently (see `src/embedded/dispatch.rs`).

use std::collections::HashMap;

use aws_sdk_dynamodb::config::{BehaviorVersion, Credentials, Region};
use aws_sdk_dynamodb::error::{ProvideErrorMetadata, SdkError};
use aws_sdk_dynamodb::operation::put_item::PutItemError;
use aws_sdk_dynamodb::operation::transact_write_items::TransactWriteItemsError;
use aws_sdk_dynamodb::types::{
    AttributeDefinition, AttributeValue, BillingMode, Get, GlobalSecondaryIndex, KeySchemaElement,
    KeyType, KeysAndAttributes, Projection, ProjectionType, Put, PutRequest,
    ReturnConsumedCapacity, ReturnValue, ReturnValuesOnConditionCheckFailure, ScalarAttributeType,
    TimeToLiveSpecification, TransactGetItem, TransactWriteItem, WriteRequest,
};
use aws_sdk_dynamodb::Client;
use aws_smithy_runtime_api::client::orchestrator::HttpResponse;
use dynakey_runtime::Engine;

type BoxError = Box<dyn std::error::Error + Send + Sync>;
type Item = HashMap<String, AttributeValue>;

/// What the tests compare of a failed request: status, code, message.
#[derive(Debug, PartialEq)]
struct Failure {
    status: Option<u16>,
    code: Option<String>,
    message: Option<String>,
}

fn failure<E: ProvideErrorMetadata>(e: &SdkError<E, HttpResponse>) -> Failure {
    Failure {
        status: e.raw_response().map(|r| r.status().as_u16()),
        code: e.code().map(str::to_owned),
        message: e.message().map(str::to_owned),
    }
}

/// An engine reached in-process, and another reached over loopback HTTP.
struct Pair {
    _in_process_engine: Engine,
    _served_engine: Engine,
    in_process: Client,
    over_http: Client,
}

async fn pair() -> Result<Pair, BoxError> {
    let in_process_engine = Engine::start().await?;
    let served_engine = Engine::start().await?;
    let endpoint = served_engine.serve().await?.to_owned();
    let config = aws_sdk_dynamodb::Config::builder()
        .behavior_version(BehaviorVersion::latest())
        .region(Region::new("us-east-1"))
        .credentials_provider(Credentials::new("a", "b", None, None, "parity"))
        .endpoint_url(endpoint)
        .http_client(aws_smithy_http_client::Builder::new().build_http())
        .build();
    Ok(Pair {
        in_process: in_process_engine.client(),
        over_http: Client::from_conf(config),
        _in_process_engine: in_process_engine,
        _served_engine: served_engine,
    })
}

/// Runs `$call` (an expression sending one request on the client `$c`) on both engines, projects
/// each success with `$project` (of `$o`), and asserts that the two outcomes are equal and that
/// `$expect` (`is_ok` or `is_err`) holds of them.
macro_rules! same {
    ($pair:expr, $expect:ident, |$c:ident| $call:expr, |$o:ident| $project:expr) => {{
        let in_process = {
            let $c = &$pair.in_process;
            $call.await.map(|$o| $project).map_err(|e| failure(&e))
        };
        let over_http = {
            let $c = &$pair.over_http;
            $call.await.map(|$o| $project).map_err(|e| failure(&e))
        };
        assert_eq!(in_process, over_http, "{}", stringify!($call));
        assert!(
            in_process.$expect(),
            "{} {}: {in_process:?}",
            stringify!($call),
            stringify!($expect)
        );
    }};
}

fn s(value: &str) -> AttributeValue {
    AttributeValue::S(value.to_owned())
}

fn n(value: &str) -> AttributeValue {
    AttributeValue::N(value.to_owned())
}

fn item(pk: &str, sk: &str, extra: &[(&str, AttributeValue)]) -> Item {
    let mut item = Item::from([("pk".to_owned(), s(pk)), ("sk".to_owned(), s(sk))]);
    for (name, value) in extra {
        item.insert((*name).to_owned(), value.clone());
    }
    item
}

fn key(pk: &str, sk: &str) -> Item {
    item(pk, sk, &[])
}

/// A map nested `levels` deep around a string.
fn nested(levels: usize) -> AttributeValue {
    (0..levels).fold(s("leaf"), |inner, _| {
        AttributeValue::M(HashMap::from([("m".to_owned(), inner)]))
    })
}

const TABLE: &str = "parity";

async fn create_table(c: &Client, name: &str) -> Result<(), BoxError> {
    c.create_table()
        .table_name(name)
        .billing_mode(BillingMode::PayPerRequest)
        .attribute_definitions(
            AttributeDefinition::builder()
                .attribute_name("pk")
                .attribute_type(ScalarAttributeType::S)
                .build()?,
        )
        .attribute_definitions(
            AttributeDefinition::builder()
                .attribute_name("sk")
                .attribute_type(ScalarAttributeType::S)
                .build()?,
        )
        .key_schema(
            KeySchemaElement::builder()
                .attribute_name("pk")
                .key_type(KeyType::Hash)
                .build()?,
        )
        .key_schema(
            KeySchemaElement::builder()
                .attribute_name("sk")
                .key_type(KeyType::Range)
                .build()?,
        )
        .global_secondary_indexes(
            GlobalSecondaryIndex::builder()
                .index_name("by-sk")
                .key_schema(
                    KeySchemaElement::builder()
                        .attribute_name("sk")
                        .key_type(KeyType::Hash)
                        .build()?,
                )
                .projection(
                    Projection::builder()
                        .projection_type(ProjectionType::All)
                        .build(),
                )
                .build()?,
        )
        .send()
        .await?;
    Ok(())
}

#[tokio::test(flavor = "current_thread")]
async fn tables_and_single_items_answer_alike() -> Result<(), BoxError> {
    let p = pair().await?;
    create_table(&p.in_process, TABLE).await?;
    create_table(&p.over_http, TABLE).await?;

    same!(
        p,
        is_ok,
        |c| c.describe_table().table_name(TABLE).send(),
        |o| o.table.map(|t| (
            t.key_schema,
            t.attribute_definitions,
            t.table_status,
            t.item_count
        ))
    );
    same!(
        p,
        is_err,
        |c| c.describe_table().table_name("missing").send(),
        |o| o.table.is_some()
    );
    same!(p, is_ok, |c| c.list_tables().send(), |o| o.table_names);

    let first = item(
        "P#1",
        "S#1",
        &[
            ("n", n("1")),
            ("tags", AttributeValue::Ss(vec!["a".into()])),
        ],
    );
    same!(
        p,
        is_ok,
        |c| c
            .put_item()
            .table_name(TABLE)
            .set_item(Some(first.clone()))
            .return_consumed_capacity(ReturnConsumedCapacity::Total)
            .send(),
        |o| (o.attributes, o.consumed_capacity)
    );
    // Refused values: unreadable numbers (in the envelope PutItem gives), an empty key string, a
    // set with a repeated member, nesting past 32 levels (the engine's check) and past what the
    // JSON parser follows (70 levels).
    for refused in [
        item("P#2", "S#1", &[("n", n("abc"))]),
        item("P#2", "S#1", &[("n", n(""))]),
        item("P#2", "S#1", &[("n", n("1e200"))]),
        item("", "S#1", &[]),
        item(
            "P#2",
            "S#1",
            &[("tags", AttributeValue::Ss(vec!["a".into(), "a".into()]))],
        ),
        item("P#2", "S#1", &[("deep", nested(40))]),
        item("P#2", "S#1", &[("deep", nested(70))]),
    ] {
        same!(
            p,
            is_err,
            |c| c
                .put_item()
                .table_name(TABLE)
                .set_item(Some(refused.clone()))
                .send(),
            |o| o.attributes
        );
    }
    // A condition failure, and the item it carries.
    let put = |c: &Client| {
        c.put_item()
            .table_name(TABLE)
            .set_item(Some(first.clone()))
            .condition_expression("attribute_not_exists(pk)")
            .return_values_on_condition_check_failure(ReturnValuesOnConditionCheckFailure::AllOld)
            .send()
    };
    same!(p, is_err, |c| put(c), |o| o.attributes);
    let item_of = |e: SdkError<PutItemError, HttpResponse>| match e.into_service_error() {
        PutItemError::ConditionalCheckFailedException(e) => e.item,
        _ => None,
    };
    let in_process = put(&p.in_process).await.err().and_then(item_of);
    let over_http = put(&p.over_http).await.err().and_then(item_of);
    assert_eq!(
        in_process,
        Some(first.clone()),
        "the failure carries the item"
    );
    assert_eq!(in_process, over_http);

    same!(
        p,
        is_ok,
        |c| c
            .get_item()
            .table_name(TABLE)
            .set_key(Some(key("P#1", "S#1")))
            .send(),
        |o| o.item
    );
    same!(
        p,
        is_ok,
        |c| c
            .get_item()
            .table_name(TABLE)
            .set_key(Some(key("P#1", "S#9")))
            .send(),
        |o| o.item
    );
    same!(
        p,
        is_err,
        |c| c
            .get_item()
            .table_name("missing")
            .set_key(Some(key("P#1", "S#1")))
            .send(),
        |o| o.item
    );
    same!(
        p,
        is_err,
        |c| c
            .get_item()
            .table_name(TABLE)
            .set_key(Some(Item::from([("pk".into(), s("P#1"))])))
            .send(),
        |o| o.item
    );
    same!(
        p,
        is_ok,
        |c| c
            .update_item()
            .table_name(TABLE)
            .set_key(Some(key("P#1", "S#1")))
            .update_expression("SET #n = #n + :one ADD tags :t")
            .expression_attribute_names("#n", "n")
            .expression_attribute_values(":one", n("1"))
            .expression_attribute_values(":t", AttributeValue::Ss(vec!["b".into()]))
            .return_values(ReturnValue::AllNew)
            .send(),
        |o| o.attributes
    );
    same!(
        p,
        is_err,
        |c| c
            .update_item()
            .table_name(TABLE)
            .set_key(Some(key("P#1", "S#1")))
            .update_expression("SET #n = :bad")
            .expression_attribute_names("#n", "n")
            .send(),
        |o| o.attributes
    );
    same!(
        p,
        is_ok,
        |c| c
            .delete_item()
            .table_name(TABLE)
            .set_key(Some(key("P#1", "S#1")))
            .return_values(ReturnValue::AllOld)
            .send(),
        |o| o.attributes
    );
    let ttl = TimeToLiveSpecification::builder()
        .attribute_name("ttl")
        .enabled(true)
        .build()?;
    same!(
        p,
        is_ok,
        |c| c
            .update_time_to_live()
            .table_name(TABLE)
            .time_to_live_specification(ttl.clone())
            .send(),
        |o| o.time_to_live_specification
    );
    same!(
        p,
        is_ok,
        |c| c.describe_time_to_live().table_name(TABLE).send(),
        |o| o.time_to_live_description
    );
    Ok(())
}

#[tokio::test(flavor = "current_thread")]
async fn reads_batches_and_transactions_answer_alike() -> Result<(), BoxError> {
    let p = pair().await?;
    create_table(&p.in_process, TABLE).await?;
    create_table(&p.over_http, TABLE).await?;
    let puts = (0..5)
        .map(|i| put_request(item("P#1", &format!("S#{i}"), &[("i", n(&i.to_string()))])))
        .collect::<Result<Vec<_>, _>>()?;
    same!(
        p,
        is_ok,
        |c| c
            .batch_write_item()
            .request_items(TABLE, puts.clone())
            .send(),
        |o| o.unprocessed_items
    );
    // Refused in a batch (read under the older value layer over HTTP, see
    // `an_empty_number_is_worded_apart`).
    for refused in [
        item("P#2", "S#1", &[("n", n("abc"))]),
        item("P#2", "S#1", &[("n", n("1e200"))]),
        item(
            "P#2",
            "S#1",
            &[("ns", AttributeValue::Ns(vec!["1".into(), "1.0".into()]))],
        ),
        item(
            "P#2",
            "S#1",
            &[("tags", AttributeValue::Ss(vec!["a".into(), "a".into()]))],
        ),
    ] {
        let write = put_request(refused)?;
        same!(
            p,
            is_err,
            |c| c
                .batch_write_item()
                .request_items(TABLE, vec![write.clone()])
                .send(),
            |o| o.unprocessed_items
        );
    }

    same!(
        p,
        is_ok,
        |c| c
            .query()
            .table_name(TABLE)
            .key_condition_expression("pk = :pk AND begins_with(sk, :sk)")
            .filter_expression("i > :one")
            .expression_attribute_values(":pk", s("P#1"))
            .expression_attribute_values(":sk", s("S#"))
            .expression_attribute_values(":one", n("1"))
            .scan_index_forward(false)
            .limit(3)
            .return_consumed_capacity(ReturnConsumedCapacity::Total)
            .send(),
        |o| (
            o.items,
            o.count,
            o.scanned_count,
            o.last_evaluated_key,
            o.consumed_capacity
        )
    );
    same!(
        p,
        is_ok,
        |c| c
            .query()
            .table_name(TABLE)
            .index_name("by-sk")
            .key_condition_expression("sk = :sk")
            .expression_attribute_values(":sk", s("S#3"))
            .send(),
        |o| o.items
    );
    same!(
        p,
        is_err,
        |c| c
            .query()
            .table_name(TABLE)
            .key_condition_expression("pk = :pk AND size > :n")
            .expression_attribute_values(":pk", s("P#1"))
            .expression_attribute_values(":n", n("1"))
            .send(),
        |o| o.items
    );
    same!(
        p,
        is_ok,
        |c| c.scan().table_name(TABLE).limit(2).send(),
        |o| (o.items, o.last_evaluated_key)
    );

    let keys = KeysAndAttributes::builder()
        .keys(key("P#1", "S#0"))
        .keys(key("P#1", "S#4"))
        .keys(key("P#1", "S#9"))
        .build()?;
    same!(
        p,
        is_ok,
        |c| c.batch_get_item().request_items(TABLE, keys.clone()).send(),
        |o| {
            let mut items = o
                .responses
                .unwrap_or_default()
                .remove(TABLE)
                .unwrap_or_default();
            items.sort_by_key(|i| format!("{:?}", i.get("sk")));
            (items, o.unprocessed_keys.filter(|u| !u.is_empty()))
        }
    );

    // A cancelled transaction, and its cancellation reasons.
    let conditional = TransactWriteItem::builder()
        .put(
            Put::builder()
                .table_name(TABLE)
                .set_item(Some(item("P#1", "S#0", &[])))
                .condition_expression("attribute_not_exists(pk)")
                .return_values_on_condition_check_failure(
                    ReturnValuesOnConditionCheckFailure::AllOld,
                )
                .build()?,
        )
        .build();
    let fresh = TransactWriteItem::builder()
        .put(
            Put::builder()
                .table_name(TABLE)
                .set_item(Some(item("P#2", "S#0", &[])))
                .build()?,
        )
        .build();
    let cancel = |c: &Client| {
        c.transact_write_items()
            .transact_items(fresh.clone())
            .transact_items(conditional.clone())
            .send()
    };
    same!(p, is_err, |c| cancel(c), |o| o.consumed_capacity);
    let reasons = |e: SdkError<TransactWriteItemsError, HttpResponse>| match e.into_service_error()
    {
        TransactWriteItemsError::TransactionCanceledException(e) => e.cancellation_reasons,
        _ => None,
    };
    let in_process = cancel(&p.in_process).await.err().and_then(reasons);
    let over_http = cancel(&p.over_http).await.err().and_then(reasons);
    assert_eq!(in_process.as_ref().map(Vec::len), Some(2), "{in_process:?}");
    assert_eq!(in_process, over_http);

    same!(
        p,
        is_ok,
        |c| c
            .transact_write_items()
            .transact_items(fresh.clone())
            .send(),
        |o| o.consumed_capacity
    );
    let get = TransactGetItem::builder()
        .get(
            Get::builder()
                .table_name(TABLE)
                .set_key(Some(key("P#2", "S#0")))
                .build()?,
        )
        .build();
    same!(
        p,
        is_ok,
        |c| c.transact_get_items().transact_items(get.clone()).send(),
        |o| o.responses
    );
    Ok(())
}

/// The one known difference: an empty number in a BatchWriteItem, read under DynamoDB's older
/// value layer by dynoxide's server (no colon after the message) and under the current one here
/// (as in a PutItem, where both answer alike).
#[tokio::test(flavor = "current_thread")]
async fn an_empty_number_is_worded_apart() -> Result<(), BoxError> {
    let p = pair().await?;
    create_table(&p.in_process, TABLE).await?;
    create_table(&p.over_http, TABLE).await?;
    let write = put_request(item("P#1", "S#1", &[("n", n(""))]))?;
    let send = |c: &Client| {
        c.batch_write_item()
            .request_items(TABLE, vec![write.clone()])
            .send()
    };
    let refused = |r: Result<_, SdkError<_, HttpResponse>>| r.err().map(|e| failure(&e));
    let in_process = refused(send(&p.in_process).await).ok_or("refused in process")?;
    let over_http = refused(send(&p.over_http).await).ok_or("refused over HTTP")?;
    let numeric = "The parameter cannot be converted to a numeric value";
    assert_eq!(
        (in_process.status, in_process.code.as_deref()),
        (Some(400), Some("ValidationException"))
    );
    assert_eq!(
        (over_http.status, over_http.code.as_deref()),
        (Some(400), Some("ValidationException"))
    );
    assert_eq!(in_process.message, Some(format!("{numeric}: ")));
    assert_eq!(over_http.message.as_deref(), Some(numeric));
    Ok(())
}

fn put_request(item: Item) -> Result<WriteRequest, BoxError> {
    let put = PutRequest::builder().set_item(Some(item)).build()?;
    Ok(WriteRequest::builder().put_request(put).build())
}
