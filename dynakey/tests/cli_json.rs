//! `QueryInput::to_cli_json`: the request as `aws dynamodb query --cli-input-json` reads it.

use std::collections::BTreeMap;

use dynakey::AttributeValue;
use dynakey::{Entity, QueryInput, Table};
use serde_json::{json, Value};

#[derive(Table)]
#[table(partition_key = "status", sort_key = "name")]
struct Reserved;

#[derive(Entity)]
#[dynakey(table = Reserved)]
#[pk("U#<user>")]
#[sk("DOC#<date>#<key>")]
struct Doc {
    user: String,
    date: String,
    key: String,
}

#[test]
fn a_group_query_becomes_exact_cli_input() {
    let input = Doc::query("ada")
        .begins_with(Doc::sk().date("2026-05-01"))
        .build()
        .unwrap();
    assert_eq!(
        input.to_cli_json("docs"),
        r##"{
  "ConsistentRead": false,
  "ExpressionAttributeNames": {
    "#pk": "status",
    "#sk": "name"
  },
  "ExpressionAttributeValues": {
    ":pk": {
      "S": "U#ada"
    },
    ":sk": {
      "S": "DOC#2026-05-01#"
    }
  },
  "KeyConditionExpression": "#pk = :pk AND begins_with(#sk, :sk)",
  "ScanIndexForward": true,
  "TableName": "docs"
}"##
    );
}

#[test]
fn every_option_is_carried_and_unset_ones_are_omitted() {
    let input = Doc::query("ada")
        .between(Doc::sk().date("2026-01"), Doc::sk().date("2026-03"))
        .project(["data", "key", "date"])
        .reverse()
        .limit(25)
        .consistent_read()
        .build()
        .unwrap();
    let json: Value = serde_json::from_str(&input.to_cli_json("docs")).unwrap();
    assert_eq!(
        json,
        json!({
            "TableName": "docs",
            "KeyConditionExpression": "#pk = :pk AND #sk BETWEEN :lo AND :hi",
            "ExpressionAttributeNames": {
                "#pk": "status", "#sk": "name", "#p0": "data", "#p1": "key", "#p2": "date"
            },
            "ExpressionAttributeValues": {
                ":pk": { "S": "U#ada" },
                ":lo": { "S": "DOC#2026-01#" },
                ":hi": { "S": "DOC#2026-03$" }
            },
            // The key attributes are read too: every item is checked to be a `Doc` by its keys,
            // and the range excludes "DOC#2026-03$", recognised by the sort key.
            "ProjectionExpression": "#p0, #p1, #p2, #sk, #pk",
            "ScanIndexForward": false,
            "ConsistentRead": true,
            "Limit": 25
        })
    );

    // A whole-partition query: no IndexName, no ProjectionExpression, no Limit, one name and value.
    let json: Value =
        serde_json::from_str(&Doc::query("ada").build().unwrap().to_cli_json("docs")).unwrap();
    assert_eq!(
        json,
        json!({
            "TableName": "docs",
            "KeyConditionExpression": "#pk = :pk",
            "ExpressionAttributeNames": { "#pk": "status" },
            "ExpressionAttributeValues": { ":pk": { "S": "U#ada" } },
            "ScanIndexForward": true,
            "ConsistentRead": false
        })
    );
}

#[test]
fn index_names_numbers_binaries_and_empty_maps() {
    let input = QueryInput {
        index_name: Some("by-score".into()),
        key_condition_expression: "score = :s".into(),
        filter_expression: None,
        expression_attribute_names: BTreeMap::new(),
        expression_attribute_values: BTreeMap::from([
            (":s".into(), AttributeValue::N("-1.5".into())),
            (":b".into(), AttributeValue::B(vec![0, 255, 1])),
        ]),
        projection_expression: None,
        scan_index_forward: true,
        limit: Some(0),
        consistent_read: false,
    };
    let json: Value = serde_json::from_str(&input.to_cli_json("scores")).unwrap();
    assert_eq!(
        json,
        json!({
            "TableName": "scores",
            "IndexName": "by-score",
            "KeyConditionExpression": "score = :s",
            "ExpressionAttributeValues": { ":s": { "N": "-1.5" }, ":b": { "B": "AP8B" } },
            "ScanIndexForward": true,
            "ConsistentRead": false,
            "Limit": 0
        })
    );
}

#[test]
fn names_and_values_with_quotes_and_non_ascii_are_escaped() {
    let input = Doc::query("a\"b\\c é😀\n").build().unwrap();
    let json: Value = serde_json::from_str(&input.to_cli_json("t\"x")).unwrap();
    assert_eq!(json["TableName"], "t\"x");
    assert_eq!(
        json["ExpressionAttributeValues"][":pk"]["S"],
        "U#a\"b\\c é😀\n"
    );
}

#[test]
fn a_projection_reads_the_key_attributes() {
    // Every item is checked against the entity's key templates before it is decoded, so its
    // keys are read; between(groups) also excludes succ(high group), recognised by the sort key.
    let query = Doc::query("ada")
        .between(Doc::sk().date("2026-01"), Doc::sk().date("2026-03"))
        .project(["data"]);
    assert_eq!(query.plan().unwrap().excluded_sort_keys(), ["DOC#2026-03$"]);
    let input = query.build().unwrap();
    assert_eq!(
        input.projection_expression.as_deref(),
        Some("#p0, #sk, #pk")
    );
    // Already projected: once.
    let input = Doc::query("ada")
        .between(Doc::sk().date("2026-01"), Doc::sk().date("2026-03"))
        .project(["data", "name"])
        .build()
        .unwrap();
    assert_eq!(
        input.projection_expression.as_deref(),
        Some("#p0, #p1, #pk")
    );
    let input = Doc::query("ada")
        .begins_with(Doc::sk().date("2026-01"))
        .project(["data", "name", "status"])
        .build()
        .unwrap();
    assert_eq!(
        input.projection_expression.as_deref(),
        Some("#p0, #p1, #p2")
    );
}
