//! Multi-attribute GSI keys as the engine serves them, through the SDK directly (AWS developer
//! guide, "Multi-attribute keys pattern"): a GSI whose partition key is `tournament` + `region`
//! (both `S`) and whose sort key is `round` (`N`) + `bracket` (`S`). These are the rules a typed
//! multi-attribute key of dynakey's builds on: numbers sort as numbers, every partition attribute
//! by equality, sort attributes left to right with a range only on the last one given, an item
//! missing a key attribute is not in the index, a LastEvaluatedKey carries the native types.
//!
//! Both engines serve them: dynoxide since dynoxide-rs 3.0 (Dynoxide 1.3.0), moto since 5.1.21.

use crate::common;

use std::collections::HashMap;

use aws_sdk_dynamodb::types::{
    AttributeDefinition, AttributeValue, BillingMode, GlobalSecondaryIndex, KeySchemaElement,
    KeyType, Projection, ProjectionType, ScalarAttributeType,
};
use aws_sdk_dynamodb::Client;

use common::{BoxError, TestEngine};

type Item = HashMap<String, AttributeValue>;

/// Placeholder → value pairs of a request.
type Values = Vec<(&'static str, AttributeValue)>;

const INDEX: &str = "ByTournamentRegion";

/// The base table (`PK`, `SK`) with the multi-attribute GSI.
async fn create(client: &Client, table: &str) -> Result<(), aws_sdk_dynamodb::Error> {
    let definition = |name: &str, kind: ScalarAttributeType| {
        AttributeDefinition::builder()
            .attribute_name(name)
            .attribute_type(kind)
            .build()
    };
    let key = |name: &str, kind: KeyType| {
        KeySchemaElement::builder()
            .attribute_name(name)
            .key_type(kind)
            .build()
    };
    let gsi = GlobalSecondaryIndex::builder()
        .index_name(INDEX)
        .key_schema(key("tournament", KeyType::Hash)?)
        .key_schema(key("region", KeyType::Hash)?)
        .key_schema(key("round", KeyType::Range)?)
        .key_schema(key("bracket", KeyType::Range)?)
        .projection(
            Projection::builder()
                .projection_type(ProjectionType::All)
                .build(),
        )
        .build()?;
    client
        .create_table()
        .table_name(table)
        .billing_mode(BillingMode::PayPerRequest)
        .attribute_definitions(definition("PK", ScalarAttributeType::S)?)
        .attribute_definitions(definition("SK", ScalarAttributeType::S)?)
        .attribute_definitions(definition("tournament", ScalarAttributeType::S)?)
        .attribute_definitions(definition("region", ScalarAttributeType::S)?)
        .attribute_definitions(definition("round", ScalarAttributeType::N)?)
        .attribute_definitions(definition("bracket", ScalarAttributeType::S)?)
        .key_schema(key("PK", KeyType::Hash)?)
        .key_schema(key("SK", KeyType::Range)?)
        .global_secondary_indexes(gsi)
        .send()
        .await?;
    Ok(())
}

/// A match: `round` `None` leaves the attribute out (the item is then not in the index).
fn a_match(id: &str, tournament: &str, region: &str, round: Option<u32>, bracket: &str) -> Item {
    let mut item = Item::from([
        ("PK".into(), AttributeValue::S(format!("MATCH#{id}"))),
        ("SK".into(), AttributeValue::S("META".into())),
        ("id".into(), AttributeValue::S(id.into())),
        ("tournament".into(), AttributeValue::S(tournament.into())),
        ("region".into(), AttributeValue::S(region.into())),
        ("bracket".into(), AttributeValue::S(bracket.into())),
    ]);
    if let Some(round) = round {
        item.insert("round".into(), AttributeValue::N(round.to_string()));
    }
    item
}

/// An engine with the multi-attribute GSI and these matches.
async fn seeded() -> Result<(TestEngine, String), BoxError> {
    let engine = TestEngine::start().await?;
    let table = engine.table_name("matches");
    let client = engine.client();
    create(&client, &table).await?;
    let matches = [
        a_match("m1", "T1", "EU", Some(10), "upper"),
        a_match("m2", "T1", "EU", Some(2), "upper"),
        a_match("m3", "T1", "EU", Some(2), "lower"),
        a_match("m4", "T1", "EU", Some(1), "upper"),
        a_match("m5", "T1", "US", Some(2), "upper"),
        a_match("m6", "T2", "EU", Some(2), "upper"),
        a_match("m7", "T1", "EU", None, "upper"),
    ];
    for item in matches {
        client
            .put_item()
            .table_name(&table)
            .set_item(Some(item))
            .send()
            .await?;
    }
    Ok((engine, table))
}

/// The ids a query on the index returns, in order, paging with `limit` per request until no
/// LastEvaluatedKey is left; each LastEvaluatedKey is checked to carry `round` as a number.
async fn ids(
    engine: &TestEngine,
    table: &str,
    condition: &str,
    values: &[(&str, AttributeValue)],
    limit: Option<i32>,
) -> Result<Vec<String>, BoxError> {
    let mut ids = Vec::new();
    let mut start: Option<Item> = None;
    for _ in 0..100 {
        let mut request = engine
            .client()
            .query()
            .table_name(table)
            .index_name(INDEX)
            .key_condition_expression(condition)
            .set_limit(limit)
            .set_exclusive_start_key(start.take());
        for name in ["tournament", "region", "round", "bracket"] {
            if condition.contains(&format!("#{name}")) {
                request = request.expression_attribute_names(format!("#{name}"), name);
            }
        }
        for (placeholder, value) in values {
            request = request.expression_attribute_values(*placeholder, value.clone());
        }
        let page = request
            .send()
            .await
            .map_err(|e| aws_sdk_dynamodb::error::DisplayErrorContext(e).to_string())?;
        for item in page.items() {
            match item.get("id") {
                Some(AttributeValue::S(id)) => ids.push(id.clone()),
                other => return Err(format!("an item without its id: {other:?}").into()),
            }
        }
        match page.last_evaluated_key {
            None => return Ok(ids),
            Some(key) => {
                assert!(
                    matches!(key.get("round"), Some(AttributeValue::N(_))),
                    "LastEvaluatedKey without a numeric round: {key:?}"
                );
                start = Some(key);
            }
        }
    }
    Err("paging does not end".into())
}

fn s(value: &str) -> AttributeValue {
    AttributeValue::S(value.into())
}

fn n(value: u32) -> AttributeValue {
    AttributeValue::N(value.to_string())
}

const PARTITION: &str = "#tournament = :t AND #region = :r";

#[tokio::test]
async fn numbers_sort_as_numbers_and_every_partition_attribute_is_matched() -> Result<(), BoxError>
{
    let (engine, table) = seeded().await?;
    let values = [(":t", s("T1")), (":r", s("EU"))];
    // Round 2 before round 10 (as strings, "10" < "2"); within round 2, "lower" before "upper".
    // m5 (US), m6 (T2) are other partitions; m7 has no round, so it is not in the index.
    assert_eq!(
        ids(&engine, &table, PARTITION, &values, None).await?,
        ["m4", "m3", "m2", "m1"]
    );
    Ok(())
}

#[tokio::test]
async fn sort_attributes_are_matched_left_to_right_with_a_range_on_the_last_given(
) -> Result<(), BoxError> {
    let (engine, table) = seeded().await?;
    let partition = [(":t", s("T1")), (":r", s("EU"))];
    let with = |more: &[(&'static str, AttributeValue)]| {
        let mut values = partition.to_vec();
        values.extend(more.iter().cloned());
        values
    };
    let cases: [(&str, Values, &[&str]); 5] = [
        ("#round = :round", with(&[(":round", n(2))]), &["m3", "m2"]),
        (
            "#round = :round AND #bracket = :bracket",
            with(&[(":round", n(2)), (":bracket", s("upper"))]),
            &["m2"],
        ),
        (
            "#round = :round AND begins_with(#bracket, :bracket)",
            with(&[(":round", n(2)), (":bracket", s("low"))]),
            &["m3"],
        ),
        (
            "#round BETWEEN :lo AND :hi",
            with(&[(":lo", n(2)), (":hi", n(10))]),
            &["m3", "m2", "m1"],
        ),
        (
            "#round > :round",
            with(&[(":round", n(1))]),
            &["m3", "m2", "m1"],
        ),
    ];
    for (sort, values, expected) in cases {
        let condition = format!("{PARTITION} AND {sort}");
        assert_eq!(
            ids(&engine, &table, &condition, &values, None).await?,
            expected,
            "{condition}"
        );
    }
    Ok(())
}

#[tokio::test]
async fn reading_resumes_from_a_last_evaluated_key_with_native_types() -> Result<(), BoxError> {
    let (engine, table) = seeded().await?;
    let values = [(":t", s("T1")), (":r", s("EU"))];
    // One item per request: every page but the last ends in a LastEvaluatedKey (round as `N`).
    assert_eq!(
        ids(&engine, &table, PARTITION, &values, Some(1)).await?,
        ["m4", "m3", "m2", "m1"]
    );
    Ok(())
}

#[tokio::test]
async fn key_conditions_outside_the_rules_are_refused() -> Result<(), BoxError> {
    let (engine, table) = seeded().await?;
    // What typed multi-attribute queries make impossible to write.
    let cases: [(&str, Values); 3] = [
        ("a missing partition attribute", vec![(":t", s("T1"))]),
        (
            "a skipped sort attribute",
            vec![(":t", s("T1")), (":r", s("EU")), (":bracket", s("upper"))],
        ),
        (
            "a range before the last given attribute",
            vec![
                (":t", s("T1")),
                (":r", s("EU")),
                (":round", n(1)),
                (":bracket", s("upper")),
            ],
        ),
    ];
    let conditions = [
        "#tournament = :t",
        "#tournament = :t AND #region = :r AND #bracket = :bracket",
        "#tournament = :t AND #region = :r AND #round > :round AND #bracket = :bracket",
    ];
    for ((what, values), condition) in cases.into_iter().zip(conditions) {
        match ids(&engine, &table, condition, &values, None).await {
            Ok(found) => return Err(format!("{what} was accepted: {found:?}").into()),
            Err(e) => assert!(e.to_string().contains("ValidationException"), "{what}: {e}"),
        }
    }
    Ok(())
}
