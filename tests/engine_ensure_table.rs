//! `Db::ensure_table` on the embedded engine: a missing table is created, a matching one is left
//! alone, and a table whose key schema, indexes or stream differ is refused with every
//! difference named and nothing changed; `Db::enable_stream` is the explicit call that enables
//! the declared stream.

use crate::common;

use dynakey::{Entity, IndexKind, Table};
use dynakey_runtime::{Engine, Error, KeyRole, SchemaDifference, TableSetup};
use serde::{Deserialize, Serialize};

type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// The declaration the tests create and check.
#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByStatus, name = "GSI1", partition_key = "GSI1PK", sort_key = "GSI1SK", projection = all)]
#[lsi(ByName, name = "LSI1", sort_key = "LSI1SK", projection = keys_only)]
struct App;

/// Another declaration of a table with the same name: other key names, the GSI with another
/// sort key and projection, the LSI declared as a GSI, and an index the table does not have.
#[derive(Table)]
#[table(partition_key = "EntityRef", sort_key = "Detail")]
#[gsi(OtherByStatus, name = "GSI1", partition_key = "GSI1PK", sort_key = "Created", projection = include("name"))]
#[gsi(OtherByName, name = "LSI1", partition_key = "PK", sort_key = "LSI1SK", projection = keys_only)]
#[gsi(OtherByOwner, name = "GSI2", partition_key = "GSI2PK", projection = all)]
struct Other;

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = App)]
#[pk("WS#<workspace>")]
#[sk("PROJ#<id>")]
#[index(ByStatus, pk = "STATUS#<status>", sk = "<id>")]
#[index(ByName, sk = "<name>")]
struct Project {
    workspace: String,
    id: String,
    name: String,
    status: String,
}

fn apollo() -> Project {
    Project {
        workspace: "acme".into(),
        id: "p1".into(),
        name: "Apollo".into(),
        status: "ACTIVE".into(),
    }
}

#[tokio::test]
async fn a_missing_table_is_created_from_the_declaration() -> Result<(), BoxError> {
    let engine = Engine::start().await?;
    let db = engine.db::<App>("dynakey-ensure-missing");
    assert_eq!(db.ensure_table().await?, TableSetup::Created);

    // The table it made is the declared one: ensuring it again finds it matching.
    assert_eq!(db.ensure_table().await?, TableSetup::Existing);
    let table = common::describe_table(&db).await?;
    assert_eq!(
        table.table_status(),
        Some(&aws_sdk_dynamodb::types::TableStatus::Active)
    );
    assert_eq!(table.global_secondary_indexes().len(), 1);
    assert_eq!(table.local_secondary_indexes().len(), 1);
    db.create(&apollo()).await?;
    assert_eq!(db.get(&Project::key("acme", "p1")?).await?, Some(apollo()));
    Ok(())
}

#[tokio::test]
async fn a_matching_table_is_left_as_it_is() -> Result<(), BoxError> {
    let engine = Engine::start().await?;
    let db = engine.fresh_table::<App>().await?;
    db.create(&apollo()).await?;

    assert_eq!(db.ensure_table().await?, TableSetup::Existing);
    assert_eq!(
        db.get(&Project::key("acme", "p1")?)
            .consistent_read()
            .await?,
        Some(apollo()),
        "the item written before is still there"
    );
    Ok(())
}

#[tokio::test]
async fn a_different_table_is_refused_with_each_difference_and_not_changed() -> Result<(), BoxError>
{
    let engine = Engine::start().await?;
    let db = engine.fresh_table::<App>().await?;
    db.create(&apollo()).await?;
    let other = engine.db::<Other>(db.table_name());

    let error = match other.ensure_table().await {
        Err(e) => e,
        Ok(setup) => return Err(format!("a different table was accepted: {setup:?}").into()),
    };
    let Error::TableMismatch { table, differences } = &error else {
        return Err(format!("expected TableMismatch, got {error:?}").into());
    };
    assert_eq!(table, db.table_name());
    let key = |index: Option<&str>, role, declared: Option<&str>, found: Option<&str>| {
        SchemaDifference::Key {
            index: index.map(Into::into),
            role,
            declared: declared.map(Into::into),
            found: found.map(Into::into),
        }
    };
    assert_eq!(
        differences,
        &[
            key(None, KeyRole::Partition, Some("EntityRef"), Some("PK")),
            key(None, KeyRole::Sort, Some("Detail"), Some("SK")),
            key(Some("GSI1"), KeyRole::Sort, Some("Created"), Some("GSI1SK")),
            SchemaDifference::Projection {
                index: "GSI1".into(),
                declared: "INCLUDE(name)".into(),
                found: "ALL".into(),
            },
            SchemaDifference::IndexKind {
                index: "LSI1".into(),
                declared: IndexKind::Global,
            },
            SchemaDifference::MissingIndex {
                index: "GSI2".into(),
                kind: IndexKind::Global,
            },
        ]
    );
    let message = error.to_string();
    for part in [
        "table: partition key is \"PK\", declared \"EntityRef\"",
        "index \"GSI1\": projection is ALL, declared INCLUDE(name)",
        "index \"LSI1\" is not a global secondary index",
        "declared global secondary index \"GSI2\" is missing",
        "it was not changed",
    ] {
        assert!(message.contains(part), "{part:?} not in {message}");
    }

    // Nothing changed: the declared table still matches and still holds its item.
    assert_eq!(db.ensure_table().await?, TableSetup::Existing);
    assert_eq!(
        db.get(&Project::key("acme", "p1")?)
            .consistent_read()
            .await?,
        Some(apollo())
    );
    Ok(())
}

#[tokio::test]
async fn a_key_attribute_of_another_type_is_a_difference() -> Result<(), BoxError> {
    use aws_sdk_dynamodb::types::{
        AttributeDefinition, BillingMode, KeySchemaElement, KeyType, ScalarAttributeType,
    };
    let engine = Engine::start().await?;
    // `PK` as a number: dynakey writes every key as a string, so this table cannot hold its items.
    engine
        .client()
        .create_table()
        .table_name("dynakey-ensure-numbers")
        .billing_mode(BillingMode::PayPerRequest)
        .attribute_definitions(
            AttributeDefinition::builder()
                .attribute_name("PK")
                .attribute_type(ScalarAttributeType::N)
                .build()?,
        )
        .attribute_definitions(
            AttributeDefinition::builder()
                .attribute_name("SK")
                .attribute_type(ScalarAttributeType::S)
                .build()?,
        )
        .key_schema(
            KeySchemaElement::builder()
                .attribute_name("PK")
                .key_type(KeyType::Hash)
                .build()?,
        )
        .key_schema(
            KeySchemaElement::builder()
                .attribute_name("SK")
                .key_type(KeyType::Range)
                .build()?,
        )
        .send()
        .await?;
    let db = engine.db::<dynakey::DefaultTable>("dynakey-ensure-numbers");
    match db.ensure_table().await {
        Err(Error::TableMismatch { differences, .. }) => assert_eq!(
            differences,
            [SchemaDifference::AttributeType {
                attribute: "PK".into(),
                found: "N".into(),
            }]
        ),
        other => return Err(format!("expected TableMismatch, got {other:?}").into()),
    }
    Ok(())
}

/// A table with a multi-attribute GSI: three partition attributes, the entity type first, and
/// two sort attributes, `round` a number.
#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByTournamentRegion, partition_key = [entity_type("_type"), "tournament", "region"],
      sort_key = ["round": N, "bracket"])]
struct Esports;

/// Creates table `table` past dynakey: `PK`/`SK` and the GSI `ByTournamentRegion` with these
/// `(attribute, type, key type)` elements, in this order.
async fn create_raw(
    engine: &Engine,
    table: &str,
    gsi: &[(
        &str,
        aws_sdk_dynamodb::types::ScalarAttributeType,
        aws_sdk_dynamodb::types::KeyType,
    )],
) -> Result<(), BoxError> {
    use aws_sdk_dynamodb::types::{
        AttributeDefinition, BillingMode, GlobalSecondaryIndex, KeySchemaElement, KeyType,
        Projection, ProjectionType, ScalarAttributeType,
    };
    let element = |name: &str, kind: KeyType| {
        KeySchemaElement::builder()
            .attribute_name(name)
            .key_type(kind)
            .build()
    };
    let definition = |name: &str, kind: ScalarAttributeType| {
        AttributeDefinition::builder()
            .attribute_name(name)
            .attribute_type(kind)
            .build()
    };
    let mut index = GlobalSecondaryIndex::builder()
        .index_name("ByTournamentRegion")
        .projection(
            Projection::builder()
                .projection_type(ProjectionType::All)
                .build(),
        );
    let mut request = engine
        .client()
        .create_table()
        .table_name(table)
        .billing_mode(BillingMode::PayPerRequest)
        .attribute_definitions(definition("PK", ScalarAttributeType::S)?)
        .attribute_definitions(definition("SK", ScalarAttributeType::S)?)
        .key_schema(element("PK", KeyType::Hash)?)
        .key_schema(element("SK", KeyType::Range)?);
    for (name, kind, key) in gsi {
        index = index.key_schema(element(name, key.clone())?);
        request = request.attribute_definitions(definition(name, kind.clone())?);
    }
    request
        .global_secondary_indexes(index.build()?)
        .send()
        .await?;
    Ok(())
}

#[tokio::test]
async fn a_missing_multi_attribute_table_is_created_and_then_matches() -> Result<(), BoxError> {
    let engine = Engine::start().await?;
    let db = engine.db::<Esports>("dynakey-ensure-multi");
    assert_eq!(db.ensure_table().await?, TableSetup::Created);
    // The key schema it sent is the one it compares against: element lists and types match.
    assert_eq!(db.ensure_table().await?, TableSetup::Existing);
    let table = common::describe_table(&db).await?;
    let index = table
        .global_secondary_indexes()
        .first()
        .ok_or("no global secondary index")?;
    assert_eq!(index.key_schema().len(), 5);
    Ok(())
}

/// The differences `ensure_table` of [`Esports`] finds on a table created past dynakey with
/// these GSI elements; the table is checked to be left as it was.
async fn differences_from(
    name: &str,
    gsi: &[(
        &str,
        aws_sdk_dynamodb::types::ScalarAttributeType,
        aws_sdk_dynamodb::types::KeyType,
    )],
) -> Result<Vec<SchemaDifference>, BoxError> {
    let engine = Engine::start().await?;
    create_raw(&engine, name, gsi).await?;
    let db = engine.db::<Esports>(name);
    let before = common::describe_table(&db).await?;
    let differences = match db.ensure_table().await {
        Err(Error::TableMismatch { differences, .. }) => differences,
        other => return Err(format!("expected TableMismatch, got {other:?}").into()),
    };
    let after = common::describe_table(&db).await?;
    assert_eq!(
        before.global_secondary_indexes(),
        after.global_secondary_indexes(),
        "not changed"
    );
    assert_eq!(
        before.attribute_definitions(),
        after.attribute_definitions()
    );
    Ok(differences)
}

#[tokio::test]
async fn a_table_with_another_attribute_type_is_refused() -> Result<(), BoxError> {
    use aws_sdk_dynamodb::types::{KeyType::*, ScalarAttributeType::*};
    // `round` as a string: the declared index sorts by it as a number.
    let differences = differences_from(
        "dynakey-ensure-round-as-text",
        &[
            ("_type", S, Hash),
            ("tournament", S, Hash),
            ("region", S, Hash),
            ("round", S, Range),
            ("bracket", S, Range),
        ],
    )
    .await?;
    assert_eq!(
        differences,
        [SchemaDifference::KeyAttributeType {
            attribute: "round".into(),
            declared: "N".into(),
            found: "S".into(),
        }]
    );
    let message = differences[0].to_string();
    assert!(message.contains("\"round\""), "{message}");
    Ok(())
}

#[tokio::test]
async fn a_multi_attribute_key_in_another_order_is_refused() -> Result<(), BoxError> {
    use aws_sdk_dynamodb::types::{KeyType::*, ScalarAttributeType::*};
    // The same attributes, `region` before `tournament`: the order of the elements is the order
    // of the attributes, so this is another index than the declared one.
    let differences = differences_from(
        "dynakey-ensure-other-order",
        &[
            ("_type", S, Hash),
            ("region", S, Hash),
            ("tournament", S, Hash),
            ("round", N, Range),
            ("bracket", S, Range),
        ],
    )
    .await?;
    let key = |declared: &str, found: &str| SchemaDifference::Key {
        index: Some("ByTournamentRegion".into()),
        role: KeyRole::Partition,
        declared: Some(declared.into()),
        found: Some(found.into()),
    };
    assert_eq!(
        differences,
        [key("tournament", "region"), key("region", "tournament")]
    );
    Ok(())
}

/// [`App`]'s key schema and indexes, declaring a stream of both images.
#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK", stream = new_and_old_images)]
#[gsi(AuditedByStatus, name = "GSI1", partition_key = "GSI1PK", sort_key = "GSI1SK", projection = all)]
#[lsi(AuditedByName, name = "LSI1", sort_key = "LSI1SK", projection = keys_only)]
struct Audited;

#[tokio::test]
async fn a_table_without_the_declared_stream_is_refused_until_enable_stream() -> Result<(), BoxError>
{
    use dynakey::StreamViewType;
    use dynakey_runtime::RequestLog;

    let engine = Engine::start().await?;
    let db = engine.fresh_table::<App>().await?;
    db.create(&apollo()).await?;
    let log = RequestLog::new();
    let audited = engine.db::<Audited>(db.table_name()).with_request_log(&log);

    // The table has no stream: a difference, and ensure_table does not enable one.
    let error = match audited.ensure_table().await {
        Err(e) => e,
        Ok(setup) => {
            return Err(format!("a table without its stream was accepted: {setup:?}").into())
        }
    };
    let Error::TableMismatch { differences, .. } = &error else {
        return Err(format!("expected TableMismatch, got {error:?}").into());
    };
    assert_eq!(
        differences,
        &[SchemaDifference::Stream {
            declared: Some(StreamViewType::NewAndOldImages),
            found: None,
        }]
    );
    let message = error.to_string();
    assert!(message.contains("db.enable_stream()"), "{message}");
    assert_eq!(
        log.operations(),
        ["DescribeTable"],
        "nothing but DescribeTable was sent"
    );
    let table = common::describe_table(&db).await?;
    assert_eq!(table.latest_stream_arn(), None, "not changed");

    // The explicit call enables it; then the table matches.
    log.take();
    audited.enable_stream().await?;
    let sent = log.take();
    let update = sent
        .iter()
        .find_map(|e| e.input.as_update_table())
        .ok_or("no UpdateTable sent")?;
    let specification = update
        .stream_specification()
        .ok_or("UpdateTable without StreamSpecification")?;
    assert!(specification.stream_enabled());
    assert_eq!(
        specification.stream_view_type().map(|v| v.as_str()),
        Some("NEW_AND_OLD_IMAGES")
    );
    let table = common::describe_table(&db).await?;
    let stream = table
        .stream_specification()
        .ok_or("no StreamSpecification")?;
    assert!(stream.stream_enabled());
    assert_eq!(
        stream.stream_view_type(),
        Some(&aws_sdk_dynamodb::types::StreamViewType::NewAndOldImages)
    );
    assert!(table.latest_stream_arn().is_some());
    assert_eq!(audited.ensure_table().await?, TableSetup::Existing);

    // A declaration without a stream leaves the table's stream alone: not a difference.
    assert_eq!(db.ensure_table().await?, TableSetup::Existing);
    Ok(())
}

#[tokio::test]
async fn enable_stream_without_a_declared_stream_sends_nothing() -> Result<(), BoxError> {
    use dynakey_runtime::RequestLog;

    let engine = Engine::start().await?;
    let log = RequestLog::new();
    let db = engine.fresh_table::<App>().await?.with_request_log(&log);
    match db.enable_stream().await {
        Err(Error::NoStreamDeclared { table }) => assert_eq!(table, db.table_name()),
        other => return Err(format!("expected NoStreamDeclared, got {other:?}").into()),
    }
    assert_eq!(log.count(), 0, "{:?}", log.operations());
    Ok(())
}

#[tokio::test]
async fn a_missing_table_is_created_with_its_stream() -> Result<(), BoxError> {
    let engine = Engine::start().await?;
    let db = engine.db::<Audited>("dynakey-ensure-stream");
    assert_eq!(db.ensure_table().await?, TableSetup::Created);
    assert_eq!(db.ensure_table().await?, TableSetup::Existing);
    let table = common::describe_table(&db).await?;
    assert!(table.latest_stream_arn().is_some());
    Ok(())
}
