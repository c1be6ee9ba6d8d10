//! The design as a NoSQL Workbench data model: the JSON Workbench imports (AWS developer guide,
//! "Importing an existing data model" and "Editing an existing data model" of NoSQL Workbench):
//! `ModelName`, `ModelMetadata`, and one `DataModel` table with its `KeyAttributes`,
//! `NonKeyAttributes`, `GlobalSecondaryIndexes`, one `TableFacets` entry per listed entity (its
//! key templates as the key aliases) and the example items as `TableData`, in DynamoDB JSON.

use std::collections::{BTreeMap, HashMap};

use aws_sdk_dynamodb::types::AttributeValue;
use dynakey::{IndexKind, Projection, Table};
use serde_json::{json, Map, Value};

use super::text::type_name;
use super::Design;

impl<T: Table> Design<T> {
    /// The NoSQL Workbench data model of the design (format version 3.0), importable as is: the
    /// table named after the design, its key attributes (`S`), every non-key attribute of the
    /// example items with its type (a GSI's key attributes with their declared types), each GSI
    /// with one partition and at most one sort key attribute (LSIs and multi-attribute GSI keys
    /// have no place in Workbench's format: the model's description names them), one facet per
    /// listed entity with its partition and sort templates as the key aliases and its
    /// example items as its `TableData`, and every example item as the table's `TableData`, in
    /// DynamoDB JSON (`{"S": "…"}`).
    pub fn workbench_model(&self) -> Value {
        let key_names: Vec<&str> = std::iter::once(T::PARTITION_KEY)
            .chain(T::SORT_KEY)
            .collect();
        let mut non_key: BTreeMap<&str, &'static str> = BTreeMap::new();
        for example in &self.examples {
            for (name, value) in &example.item {
                if !key_names.contains(&name.as_str()) {
                    // A `NULL` (an empty `Option`) says nothing of the attribute's type: another
                    // example's value decides it.
                    let ty = non_key.entry(name).or_insert(type_name(value));
                    if *ty == "NULL" {
                        *ty = type_name(value);
                    }
                }
            }
        }
        // The key attributes of the GSIs the model lists, with their declared types.
        for index in T::INDEXES.iter().filter(|i| listed_in_model(i)) {
            for attr in index.key_schema().attributes_in_order() {
                if !key_names.contains(&attr.name()) {
                    non_key.insert(attr.name(), attr.attribute_type().as_str());
                }
            }
        }
        let mut key_attributes = Map::new();
        key_attributes.insert(
            "PartitionKey".into(),
            json!({"AttributeName": T::PARTITION_KEY, "AttributeType": "S"}),
        );
        if let Some(sort) = T::SORT_KEY {
            key_attributes.insert(
                "SortKey".into(),
                json!({"AttributeName": sort, "AttributeType": "S"}),
            );
        }
        let facets: Vec<Value> = self
            .entities()
            .iter()
            .enumerate()
            .map(|(i, entity)| {
                let mut alias = Map::new();
                alias.insert(
                    "PartitionKeyAlias".into(),
                    entity.partition_template().text().into(),
                );
                if let Some(sort) = entity.sort_template() {
                    alias.insert("SortKeyAlias".into(), sort.text().into());
                }
                let mine: Vec<&HashMap<String, AttributeValue>> = self
                    .examples
                    .iter()
                    .filter(|e| e.entity == i)
                    .map(|e| &e.item)
                    .collect();
                let mut attributes: Vec<&str> = mine
                    .iter()
                    .flat_map(|item| item.keys().map(String::as_str))
                    .filter(|name| !key_names.contains(name))
                    .collect();
                attributes.sort_unstable();
                attributes.dedup();
                json!({
                    "FacetName": entity.name(),
                    "KeyAttributeAlias": alias,
                    "TableData": mine.iter().map(|item| dynamodb_json(item)).collect::<Vec<_>>(),
                    "NonKeyAttributes": attributes,
                    "DataAccess": {"MySql": {}},
                })
            })
            .collect();
        let indexes: Vec<Value> = T::INDEXES
            .iter()
            .filter(|index| listed_in_model(index))
            .map(|index| {
                let key = index.key_schema();
                let attr = |a: &dynakey::KeyAttr| {
                    json!({"AttributeName": a.name(), "AttributeType": a.attribute_type().as_str()})
                };
                let mut keys = Map::new();
                if let Some(p) = key.partition().first() {
                    keys.insert("PartitionKey".into(), attr(p));
                }
                if let Some(s) = key.sort().first() {
                    keys.insert("SortKey".into(), attr(s));
                }
                let projection = match index.projection() {
                    Projection::All => json!({"ProjectionType": "ALL"}),
                    Projection::KeysOnly => json!({"ProjectionType": "KEYS_ONLY"}),
                    Projection::Include(names) => {
                        json!({"ProjectionType": "INCLUDE", "NonKeyAttributes": names})
                    }
                };
                json!({"IndexName": index.name(), "KeyAttributes": keys, "Projection": projection})
            })
            .collect();
        let now = workbench_date(&dynakey::UtcTime::now().to_string());
        json!({
            "ModelName": self.name,
            "ModelMetadata": {
                "Author": "dynakey",
                "DateCreated": now,
                "DateLastModified": now,
                "Description": description::<T>(&self.name),
                "AWSService": "Amazon DynamoDB",
                "Version": "3.0"
            },
            "DataModel": [{
                "TableName": self.name,
                "KeyAttributes": key_attributes,
                "NonKeyAttributes": non_key
                    .iter()
                    .map(|(name, ty)| json!({"AttributeName": name, "AttributeType": ty}))
                    .collect::<Vec<_>>(),
                "TableFacets": facets,
                "GlobalSecondaryIndexes": indexes,
                "TableData": self.examples.iter().map(|e| dynamodb_json(&e.item)).collect::<Vec<_>>(),
                "DataAccess": {"MySql": {}},
                "BillingMode": "PAY_PER_REQUEST"
            }]
        })
    }
}

/// A GSI Workbench's format can hold: one partition and at most one sort key attribute (LSIs are
/// not in the format; a multi-attribute GSI key would be shown as another index).
fn listed_in_model(index: &dynakey::IndexDef) -> bool {
    let key = index.key_schema();
    index.kind() == IndexKind::Global && key.partition().len() == 1 && key.sort().len() <= 1
}

/// The model's description: its origin, and the indexes the format cannot hold.
fn description<T: Table>(name: &str) -> String {
    let left_out: Vec<&str> = T::INDEXES
        .iter()
        .filter(|i| !listed_in_model(i))
        .map(|i| i.name())
        .collect();
    let mut text = format!("Generated by dynakey from the declarations of the {name} table.");
    if !left_out.is_empty() {
        text.push_str(&format!(
            " Not in this model (LSIs and multi-attribute GSI keys have no place in its format): {}.",
            left_out.join(", ")
        ));
    }
    text
}

/// `2026-12-03T21:17:48.476Z` as Workbench writes its dates, `Dec 3, 2026, 9:17 PM` (UTC).
fn workbench_date(iso: &str) -> String {
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let number = |range: std::ops::Range<usize>| -> Option<usize> { iso.get(range)?.parse().ok() };
    let parts = (
        number(0..4),
        number(5..7),
        number(8..10),
        number(11..13),
        number(14..16),
    );
    let (Some(year), Some(month @ 1..=12), Some(day), Some(hour), Some(minute)) = parts else {
        return iso.to_owned();
    };
    let (h12, half) = match hour {
        0 => (12, "AM"),
        1..=11 => (hour, "AM"),
        12 => (12, "PM"),
        _ => (hour - 12, "PM"),
    };
    format!(
        "{} {day}, {year}, {h12}:{minute:02} {half}",
        MONTHS[month - 1]
    )
}

/// An item in DynamoDB JSON: each attribute as `{"<type>": value}` (AWS developer guide, "Data
/// type descriptors"), numbers as strings, binary as base64, as the low-level API writes them.
fn dynamodb_json(item: &HashMap<String, AttributeValue>) -> Value {
    let mut names: Vec<&String> = item.keys().collect();
    names.sort();
    Value::Object(
        names
            .into_iter()
            .map(|name| (name.clone(), attribute_json(&item[name])))
            .collect(),
    )
}

fn attribute_json(value: &AttributeValue) -> Value {
    use aws_smithy_types::base64;
    match value {
        AttributeValue::S(s) => json!({"S": s}),
        AttributeValue::N(n) => json!({"N": n}),
        AttributeValue::B(b) => json!({"B": base64::encode(b.as_ref())}),
        AttributeValue::Bool(b) => json!({"BOOL": b}),
        AttributeValue::Null(_) => json!({"NULL": true}),
        AttributeValue::M(m) => json!({"M": dynamodb_json(m)}),
        AttributeValue::L(l) => json!({"L": l.iter().map(attribute_json).collect::<Vec<_>>()}),
        AttributeValue::Ss(s) => json!({"SS": s}),
        AttributeValue::Ns(n) => json!({"NS": n}),
        AttributeValue::Bs(b) => {
            json!({"BS": b.iter().map(|b| base64::encode(b.as_ref())).collect::<Vec<_>>()})
        }
        _ => Value::Null,
    }
}
