//! `differences` of an attribute-wise index: element lists compared in order, declared types;
//! and of the table's stream.

use aws_sdk_dynamodb::types::{
    AttributeDefinition, GlobalSecondaryIndexDescription, KeySchemaElement, KeyType,
    Projection as SdkProjection, ProjectionType, ScalarAttributeType, StreamSpecification,
    StreamViewType as SdkStreamViewType, TableDescription,
};
use dynakey::{IndexDef, KeyAttr, StreamViewType, Table};

use super::differences;
use crate::error::{KeyRole, SchemaDifference};

struct Esports;
impl Table for Esports {
    const PARTITION_KEY: &'static str = "PK";
    const SORT_KEY: Option<&'static str> = Some("SK");
    const INDEXES: &'static [IndexDef] = &[IndexDef::global_attributes(
        "ByRegion",
        &[KeyAttr::s("tournament"), KeyAttr::s("region")],
        &[KeyAttr::n("round"), KeyAttr::s("bracket")],
    )];
}

fn element(name: &str, key_type: KeyType) -> KeySchemaElement {
    KeySchemaElement::builder()
        .attribute_name(name)
        .key_type(key_type)
        .build()
        .unwrap_or_else(|e| panic!("{e}"))
}

fn definition(name: &str, ty: ScalarAttributeType) -> AttributeDefinition {
    AttributeDefinition::builder()
        .attribute_name(name)
        .attribute_type(ty)
        .build()
        .unwrap_or_else(|e| panic!("{e}"))
}

fn table(gsi: Vec<KeySchemaElement>, round: ScalarAttributeType) -> TableDescription {
    TableDescription::builder()
        .key_schema(element("PK", KeyType::Hash))
        .key_schema(element("SK", KeyType::Range))
        .attribute_definitions(definition("PK", ScalarAttributeType::S))
        .attribute_definitions(definition("SK", ScalarAttributeType::S))
        .attribute_definitions(definition("tournament", ScalarAttributeType::S))
        .attribute_definitions(definition("region", ScalarAttributeType::S))
        .attribute_definitions(definition("round", round))
        .attribute_definitions(definition("bracket", ScalarAttributeType::S))
        .global_secondary_indexes(
            GlobalSecondaryIndexDescription::builder()
                .index_name("ByRegion")
                .set_key_schema(Some(gsi))
                .projection(
                    SdkProjection::builder()
                        .projection_type(ProjectionType::All)
                        .build(),
                )
                .build(),
        )
        .build()
}

#[test]
fn the_declared_schema_has_no_differences() {
    let gsi = vec![
        element("tournament", KeyType::Hash),
        element("region", KeyType::Hash),
        element("round", KeyType::Range),
        element("bracket", KeyType::Range),
    ];
    assert_eq!(
        differences::<Esports>(&table(gsi, ScalarAttributeType::N)),
        []
    );
}

#[test]
fn elements_are_compared_in_order_and_types_against_the_declaration() {
    let gsi = vec![
        element("region", KeyType::Hash),
        element("tournament", KeyType::Hash),
        element("round", KeyType::Range),
    ];
    let key = |role, declared: Option<&str>, found: Option<&str>| SchemaDifference::Key {
        index: Some("ByRegion".to_owned()),
        role,
        declared: declared.map(str::to_owned),
        found: found.map(str::to_owned),
    };
    let found = differences::<Esports>(&table(gsi, ScalarAttributeType::S));
    assert_eq!(
        found,
        [
            key(KeyRole::Partition, Some("tournament"), Some("region")),
            key(KeyRole::Partition, Some("region"), Some("tournament")),
            key(KeyRole::Sort, Some("bracket"), None),
            SchemaDifference::KeyAttributeType {
                attribute: "round".to_owned(),
                declared: "N".to_owned(),
                found: "S".to_owned(),
            },
        ]
    );
    assert_eq!(
        found[3].to_string(),
        "key attribute \"round\" has type S, but the declaration makes it N"
    );
}

struct Audited;
impl Table for Audited {
    const PARTITION_KEY: &'static str = "PK";
    const SORT_KEY: Option<&'static str> = Some("SK");
    const STREAM: Option<StreamViewType> = Some(StreamViewType::NewAndOldImages);
}

struct Quiet;
impl Table for Quiet {
    const PARTITION_KEY: &'static str = "PK";
    const SORT_KEY: Option<&'static str> = Some("SK");
}

/// A `PK`/`SK` table with this `StreamSpecification`.
fn with_stream(enabled: bool, view: Option<SdkStreamViewType>) -> TableDescription {
    let specification = StreamSpecification::builder()
        .stream_enabled(enabled)
        .set_stream_view_type(view)
        .build()
        .unwrap_or_else(|e| panic!("{e}"));
    TableDescription::builder()
        .key_schema(element("PK", KeyType::Hash))
        .key_schema(element("SK", KeyType::Range))
        .stream_specification(specification)
        .build()
}

fn without_stream() -> TableDescription {
    TableDescription::builder()
        .key_schema(element("PK", KeyType::Hash))
        .key_schema(element("SK", KeyType::Range))
        .build()
}

#[test]
fn the_stream_is_compared_with_the_declaration() {
    let new_and_old = Some(SdkStreamViewType::NewAndOldImages);
    assert_eq!(
        differences::<Audited>(&with_stream(true, new_and_old.clone())),
        []
    );
    assert_eq!(differences::<Quiet>(&without_stream()), []);
    // A disabled stream is none.
    assert_eq!(differences::<Quiet>(&with_stream(false, None)), []);

    let missing = differences::<Audited>(&without_stream());
    assert_eq!(
        missing,
        [SchemaDifference::Stream {
            declared: Some(StreamViewType::NewAndOldImages),
            found: None,
        }]
    );
    assert_eq!(differences::<Audited>(&with_stream(false, None)), missing);
    let message = missing[0].to_string();
    assert!(message.contains("db.enable_stream()"), "{message}");
    assert!(message.contains("declared NEW_AND_OLD_IMAGES"), "{message}");

    let other = differences::<Audited>(&with_stream(true, Some(SdkStreamViewType::KeysOnly)));
    assert_eq!(
        other,
        [SchemaDifference::Stream {
            declared: Some(StreamViewType::NewAndOldImages),
            found: Some("KEYS_ONLY".to_owned()),
        }]
    );
    let message = other[0].to_string();
    assert!(message.contains("disable the table's stream"), "{message}");
    assert!(
        message.contains("then call db.enable_stream()"),
        "{message}"
    );

    // A declaration without a stream leaves the table's stream alone (one enabled outside
    // dynakey, e.g. for a global table, is not a difference).
    let undeclared = differences::<Quiet>(&with_stream(true, Some(SdkStreamViewType::NewImage)));
    assert_eq!(undeclared, []);
}
