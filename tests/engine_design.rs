//! The picture of a table's design (`dynakey_runtime::design`, docs/design.md), made from the
//! tracker and drive examples' own declarations and example items, so the tests check exactly
//! what `--design DIR` writes: the Workbench model's required fields, one facet per entity, the
//! GSIs, example keys that parse back into their entities; the chart's rows and columns; and the
//! key ranges the SVG marks, against what the engine returns for the same request.
//!
//! The examples are compiled in here as modules; their tables are private to them, so each
//! example calls the checks below from a `#[cfg(test)] mod design_tests` of its own (compiled
//! only here, never in the example binary).

use crate::common;

use std::collections::HashMap;

use aws_sdk_dynamodb::types::AttributeValue;
use dynakey::{IndexKind, ListedEntity, Table};
use dynakey_runtime::convert::apply_query_input;
use dynakey_runtime::design::{Design, DesignError};
use serde_json::Value;

use common::{BoxError, TestEngine};

#[allow(dead_code)]
#[path = "../examples/tracker.rs"]
mod tracker;

#[allow(dead_code)]
#[path = "../examples/drive.rs"]
mod drive;

/// The `S` value of `attribute` in a Workbench `TableData` item (`{"PK": {"S": "…"}}`).
fn s<'a>(item: &'a Value, attribute: &str) -> Option<&'a str> {
    item.get(attribute)?.get("S")?.as_str()
}

/// The Workbench model of `design` has what Workbench needs to import it, one facet per listed
/// entity with its templates as aliases, every GSI, and example items whose keys are their facet's
/// entity's keys.
pub(crate) fn workbench_model<T: Table>(design: &Design<T>) {
    let model = design.workbench_model();
    assert!(model["ModelName"].is_string());
    assert_eq!(model["ModelMetadata"]["AWSService"], "Amazon DynamoDB");
    let tables = model["DataModel"]
        .as_array()
        .expect("DataModel is an array");
    assert_eq!(tables.len(), 1);
    let table = &tables[0];
    assert!(table["TableName"].is_string());
    let keys = &table["KeyAttributes"];
    assert_eq!(keys["PartitionKey"]["AttributeName"], T::PARTITION_KEY);
    assert_eq!(keys["PartitionKey"]["AttributeType"], "S");
    assert_eq!(keys["SortKey"]["AttributeName"].as_str(), T::SORT_KEY);
    for attribute in table["NonKeyAttributes"]
        .as_array()
        .expect("NonKeyAttributes")
    {
        assert!(attribute["AttributeName"].is_string() && attribute["AttributeType"].is_string());
    }

    let facets = table["TableFacets"].as_array().expect("TableFacets");
    assert_eq!(
        facets.len(),
        T::ENTITIES.len(),
        "one facet per listed entity"
    );
    for (facet, entity) in facets.iter().zip(T::ENTITIES) {
        assert_eq!(facet["FacetName"], entity.name());
        let alias = &facet["KeyAttributeAlias"];
        assert_eq!(
            alias["PartitionKeyAlias"],
            entity.partition_template().text()
        );
        assert_eq!(
            alias["SortKeyAlias"].as_str(),
            entity.sort_template().map(|t| t.text())
        );
        assert!(facet["NonKeyAttributes"].is_array());
        let data = facet["TableData"].as_array().expect("facet TableData");
        assert!(!data.is_empty(), "{} has example items", entity.name());
        for item in data {
            let (pk, sk) = (
                s(item, T::PARTITION_KEY),
                T::SORT_KEY.and_then(|k| s(item, k)),
            );
            let found = ListedEntity::recognise(T::ENTITIES, pk.expect("a PK"), sk, |a| s(item, a));
            assert_eq!(
                found.map(|i| i.map(|i| T::ENTITIES[i].name())),
                Ok(Some(entity.name())),
                "the example keys {pk:?} {sk:?} parse back into {}",
                entity.name()
            );
        }
    }
    let all = table["TableData"].as_array().expect("TableData");
    assert_eq!(all.len(), design.items().count());

    let gsis: Vec<&str> = table["GlobalSecondaryIndexes"]
        .as_array()
        .expect("GlobalSecondaryIndexes")
        .iter()
        .map(|g| {
            assert!(g["KeyAttributes"]["PartitionKey"]["AttributeName"].is_string());
            assert!(g["Projection"]["ProjectionType"].is_string());
            g["IndexName"].as_str().expect("IndexName")
        })
        .collect();
    let declared: Vec<&str> = T::INDEXES
        .iter()
        .filter(|i| i.kind() == IndexKind::Global)
        .map(|i| i.name())
        .collect();
    assert_eq!(gsis, declared, "every GSI is listed");
}

/// The tracker's chart: its rows and columns, the nesting in its item collection, the generated
/// query functions with what they send.
pub(crate) fn tracker_chart<T: Table>(design: &Design<T>) {
    let chart = design.chart();
    assert_eq!(
        chart.columns,
        [
            "entity",
            "PK",
            "SK",
            "GSI1 · GSI1PK",
            "GSI1 · GSI1SK",
            "notes"
        ]
    );
    let rows: Vec<(&str, Vec<&str>)> = chart
        .rows
        .iter()
        .map(|r| {
            (
                r.entity.as_str(),
                r.cells.iter().map(String::as_str).collect(),
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            ("Org", vec!["ORG#<org>", "META", "", ""]),
            ("User", vec!["ORG#<org>", "USER#<user>", "", ""]),
            (
                "Issue",
                vec![
                    "ORG#<org>",
                    "ISSUE#<number>",
                    "ASSIGNEE#<assignee>",
                    "<number>#<org>"
                ]
            ),
            (
                "Comment",
                vec!["ORG#<org>", "ISSUE#<number>#C#<seq>", "", ""]
            ),
        ]
    );
    assert_eq!(chart.rows[1].notes, ["unique (org, email)"]);
    assert_eq!(chart.rows[2].notes, ["sparse in GSI1"]);

    // The org's partition: issues with their comments nested under them, then the org, then users.
    let org = &chart.collections[0];
    assert_eq!(
        (org.on.as_str(), org.partition.as_str()),
        ("table", "ORG#<org>")
    );
    let members: Vec<(usize, &str)> = org
        .members
        .iter()
        .map(|(d, e, _)| (*d, e.as_str()))
        .collect();
    assert_eq!(
        members,
        [(0, "Issue"), (1, "Comment"), (0, "Org"), (0, "User")]
    );

    // Every generated query function, with the request it sends.
    let by_assignee = chart
        .patterns
        .iter()
        .find(|p| p.name == "Issue::query_by_assignee(assignee)")
        .expect("the index's query function is listed");
    assert_eq!(by_assignee.on, "GSI1");
    assert_eq!(by_assignee.key_condition, "#pk = :pk");
    assert_eq!(by_assignee.names, ["#pk = GSI1PK"]);
    assert_eq!(by_assignee.values, [r#":pk = "ASSIGNEE#<assignee>""#]);
    assert_eq!(by_assignee.narrow_by, ["number", "org"]);
    let generated = chart.patterns.iter().filter(|p| p.generated).count();
    assert_eq!(
        generated, 5,
        "query on the table for four entities, one index function"
    );

    let html = design.chart_html();
    for column in &chart.columns {
        assert!(
            html.contains(&format!("<th>{column}</th>")),
            "{column} in the HTML"
        );
    }
    assert!(html.contains("ISSUE#&lt;number&gt;#C#&lt;seq&gt;"));
}

/// The tracker's SVG: the org's items in key order with the keys the encoders wrote.
pub(crate) fn tracker_svg<T: Table>(design: &Design<T>) {
    assert_eq!(design.largest_collection(), Some("ORG#acme"));
    let svg = design.collection_svg("ORG#acme");
    let keys: Vec<&str> = svg
        .split("font-family=\"ui-monospace, monospace\">")
        .skip(2)
        .take(9)
        .map(|rest| rest.split('<').next().unwrap_or(""))
        .collect();
    assert_eq!(
        keys,
        [
            "ISSUE#0000000001",
            "ISSUE#0000000001#C#0000000001",
            "ISSUE#0000000001#C#0000000002",
            "ISSUE#0000000002",
            "ISSUE#0000000010",
            "ISSUE#0000000010#C#0000000001",
            "META",
            "USER#ada",
            "USER#bob",
        ]
    );
    // Four patterns on this partition (the fifth is on GSI1), each a numbered bar.
    assert_eq!(svg.matches("<g class=\"range\">").count(), 4);
}

#[derive(dynakey::Table)]
#[table(partition_key = "PK", sort_key = "SK")]
enum Listing {
    Listed(Listed),
}

#[derive(dynakey::Entity, serde::Serialize, serde::Deserialize)]
#[dynakey(table = Listing)]
#[pk("L#<id>")]
#[sk("L")]
struct Listed {
    id: String,
}

/// Declared for `Listing` but not among its variants.
#[derive(dynakey::Entity, serde::Serialize, serde::Deserialize)]
#[dynakey(table = Listing)]
#[pk("U#<id>")]
#[sk("U")]
struct Unlisted {
    id: String,
}

#[test]
fn a_design_refuses_an_entity_its_table_does_not_list() {
    let design = Design::<Listing>::new("listing")
        .example(&Listed { id: "a".into() })
        .expect("a listed entity");
    match design.example(&Unlisted { id: "b".into() }) {
        Err(DesignError::NotListed { entity, .. }) => assert_eq!(entity, "Unlisted"),
        other => panic!("expected NotListed, got {other:?}"),
    }
}

/// The example items written to a real table, each table pattern's request sent as rendered: the
/// engine returns exactly the sort keys the design marks as read.
pub(crate) async fn ranges_match_the_engine<T: Table>(design: Design<T>) -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<T>().await?;
    for item in design.items() {
        db.client()
            .put_item()
            .table_name(db.table_name())
            .set_item(Some(item.clone()))
            .send()
            .await?;
    }
    let names: Vec<String> = design
        .chart()
        .patterns
        .into_iter()
        .filter(|p| !p.generated && p.on == "table")
        .map(|p| p.name)
        .collect();
    assert!(names.len() >= 2);
    for name in names {
        let input = design.pattern_input(&name).expect("a named pattern");
        let answer = apply_query_input(db.client().query(), db.table_name(), input)
            .send()
            .await?;
        let sort_key = T::SORT_KEY.expect("a sort key");
        let returned: Vec<&str> = answer
            .items()
            .iter()
            .map(|item: &HashMap<String, AttributeValue>| {
                item[sort_key].as_s().map(String::as_str).unwrap_or("")
            })
            .collect();
        assert_eq!(Some(returned), design.reads(&name), "the range of {name:?}");
    }
    Ok(())
}
