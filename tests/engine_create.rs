//! `create` never overwrites (docs/semantics.md §5), and `create_table` sends the declared key
//! schema of attribute-wise indexes (docs/semantics.md §3) and the declared stream, on the
//! engine of the run.

use crate::common;

use aws_sdk_dynamodb::types::{KeySchemaElement, ScalarAttributeType, StreamViewType};
use dynakey::{DefaultTable, Entity, Table};
use dynakey_runtime::Error;
use serde::{Deserialize, Serialize};

use common::{BoxError, TestEngine};

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[pk("WS#<workspace>")]
#[sk("PROJ#<created>#<id>")]
struct Project {
    workspace: String,
    created: u64,
    id: String,
    name: String,
}

#[tokio::test]
async fn second_create_of_the_same_key_is_refused_and_changes_nothing() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<DefaultTable>().await?;
    let first = Project {
        workspace: "acme".into(),
        created: 42,
        id: "p1".into(),
        name: "Apollo".into(),
    };
    db.create(&first).await?;

    let intruder = Project {
        name: "Overwritten".into(),
        ..first.clone()
    };
    let error = match db.create(&intruder).await {
        Err(e) => e,
        Ok(()) => return Err("a second create of the same key succeeded".into()),
    };
    match &error {
        Error::AlreadyExists {
            table,
            partition,
            sort,
        } => {
            assert_eq!(table, db.table_name());
            assert_eq!(partition, "WS#acme");
            assert_eq!(sort.as_deref(), Some("PROJ#00000000000000000042#p1"));
        }
        other => return Err(format!("expected AlreadyExists, got {other:?}").into()),
    }
    let message = error.to_string();
    assert!(message.contains("already exists"), "{message}");
    assert!(message.contains("nothing was written"), "{message}");

    let stored = db
        .get(&Project::key("acme", 42u64, "p1")?)
        .consistent_read()
        .await?;
    assert_eq!(stored, Some(first.clone()), "the stored item is unchanged");

    // A different sort key in the same partition is a different item: create succeeds.
    let sibling = Project {
        id: "p2".into(),
        ..first.clone()
    };
    db.create(&sibling).await?;
    assert_eq!(
        db.get(&Project::key("acme", 42u64, "p2")?).await?,
        Some(sibling)
    );

    // put, unlike create, replaces.
    db.put(&intruder).await?;
    assert_eq!(
        db.get(&Project::key("acme", 42u64, "p1")?).await?,
        Some(intruder)
    );
    Ok(())
}

/// A multi-attribute GSI (the entity type first), a GSI sorted by bytes and an LSI sorted by a
/// number.
#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByTournamentRegion, partition_key = [entity_type("_type"), "tournament", "region"],
      sort_key = ["round": N, "bracket"])]
#[gsi(ByDigest, name = "GSI2", partition_key = "GSI2PK", sort_key = "digest": B)]
#[lsi(ByRank, name = "LSI1", sort_key = "rank": N)]
struct Esports;

/// `(attribute, KeyType)` of each element, in the order the engine describes them.
fn elements(schema: &[KeySchemaElement]) -> Vec<(&str, &str)> {
    schema
        .iter()
        .map(|e| (e.attribute_name(), e.key_type().as_str()))
        .collect()
}

#[tokio::test]
async fn create_table_sends_the_multi_attribute_key_schema() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<Esports>().await?;
    let table = common::describe_table(&db).await?;

    let gsi = |name: &str| {
        table
            .global_secondary_indexes()
            .iter()
            .find(|i| i.index_name() == Some(name))
            .map(|i| elements(i.key_schema()))
    };
    // Every partition attribute (HASH), then every sort attribute (RANGE), in declared order.
    assert_eq!(
        gsi("ByTournamentRegion"),
        Some(vec![
            ("_type", "HASH"),
            ("tournament", "HASH"),
            ("region", "HASH"),
            ("round", "RANGE"),
            ("bracket", "RANGE"),
        ])
    );
    assert_eq!(
        gsi("GSI2"),
        Some(vec![("GSI2PK", "HASH"), ("digest", "RANGE")])
    );
    let lsi: Vec<_> = table
        .local_secondary_indexes()
        .iter()
        .map(|i| (i.index_name(), elements(i.key_schema())))
        .collect();
    assert_eq!(
        lsi,
        [(Some("LSI1"), vec![("PK", "HASH"), ("rank", "RANGE")])]
    );

    // Each key attribute defined once, with the declared type.
    let mut definitions: Vec<(&str, &ScalarAttributeType)> = table
        .attribute_definitions()
        .iter()
        .map(|d| (d.attribute_name(), d.attribute_type()))
        .collect();
    definitions.sort();
    use ScalarAttributeType::{B, N, S};
    assert_eq!(
        definitions,
        [
            ("GSI2PK", &S),
            ("PK", &S),
            ("SK", &S),
            ("_type", &S),
            ("bracket", &S),
            ("digest", &B),
            ("rank", &N),
            ("region", &S),
            ("round", &N),
            ("tournament", &S),
        ]
    );
    Ok(())
}

/// A table declaring a stream of both images, listing its one entity.
#[derive(Table, Debug)]
#[table(partition_key = "PK", sort_key = "SK", stream = new_and_old_images)]
enum Audited {
    Note(Note),
}

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Audited)]
#[pk("NOTE#<id>")]
#[sk("META")]
struct Note {
    id: String,
}

#[tokio::test]
async fn create_table_enables_the_declared_stream() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<Audited>().await?;
    let table = common::describe_table(&db).await?;

    let stream = table
        .stream_specification()
        .ok_or("no StreamSpecification")?;
    assert!(stream.stream_enabled());
    assert_eq!(
        stream.stream_view_type(),
        Some(&StreamViewType::NewAndOldImages)
    );
    let arn = table.latest_stream_arn().ok_or("no LatestStreamArn")?;
    assert!(
        arn.contains(&format!(":table/{}/stream/", db.table_name())),
        "{arn}"
    );

    // A table without `stream` has none.
    let note = Note { id: "n1".into() };
    db.put(&note).await?;
    assert_eq!(db.get(&Note::key("n1")?).await?, Some(note));

    let quiet = engine.fresh_table::<DefaultTable>().await?;
    let table = common::describe_table(&quiet).await?;
    assert!(
        !table
            .stream_specification()
            .is_some_and(|s| s.stream_enabled()),
        "{table:?}"
    );
    assert_eq!(table.latest_stream_arn(), None);
    Ok(())
}
