//! Single-item round trips, batch writes and table creation on the embedded engine.

use crate::common;

use std::collections::HashMap;

use aws_sdk_dynamodb::types::{AttributeValue, KeyType, ProjectionType, ScalarAttributeType};
use dynakey::{DefaultTable, Entity, IndexDef, Projection, Table};
use dynakey_runtime::{Db, Error};
use futures::TryStreamExt;
use serde::{Deserialize, Serialize};

use common::{BoxError, TestEngine};

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[pk("WS#<workspace>")]
#[sk("TASK#<id>")]
struct Task {
    workspace: String,
    id: u32,
    title: String,
    /// Reserved words as attribute names must just work.
    status: String,
    tags: Vec<String>,
}

fn task(id: u32, title: &str) -> Task {
    Task {
        workspace: "acme".into(),
        id,
        title: title.into(),
        status: "open".into(),
        tags: vec!["x".into()],
    }
}

#[tokio::test]
async fn get_and_delete_round_trip() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<DefaultTable>().await?;
    let t = task(7, "write tests");
    let key = Task::key("acme", 7u32)?;

    assert_eq!(db.get(&key).await?, None, "nothing there yet");
    db.put(&t).await?;
    assert_eq!(db.get(&key).await?, Some(t.clone()));
    assert_eq!(db.get(&key).consistent_read().await?, Some(t.clone()));

    // The stored item carries the key attributes computed from the templates.
    let raw = db
        .client()
        .get_item()
        .table_name(db.table_name())
        .key("PK", AttributeValue::S("WS#acme".into()))
        .key("SK", AttributeValue::S("TASK#0000000007".into()))
        .send()
        .await?;
    let item = raw.item().ok_or("the raw item is missing")?;
    assert_eq!(
        item.get("title"),
        Some(&AttributeValue::S("write tests".into()))
    );

    db.delete(&key).await?;
    assert_eq!(db.get(&key).await?, None, "deleted");
    db.delete(&key).await?; // deleting a missing item is not an error
    Ok(())
}

#[tokio::test]
async fn a_stored_item_that_does_not_decode_names_its_key() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<DefaultTable>().await?;
    db.client()
        .put_item()
        .table_name(db.table_name())
        .item("PK", AttributeValue::S("WS#acme".into()))
        .item("SK", AttributeValue::S("TASK#0000000001".into()))
        .item("title", AttributeValue::N("12".into()))
        .send()
        .await?;
    match db.get(&Task::key("acme", 1u32)?).await {
        Err(Error::Decode {
            partition, sort, ..
        }) => {
            assert_eq!(partition.as_deref(), Some("WS#acme"));
            assert_eq!(sort.as_deref(), Some("TASK#0000000001"));
        }
        other => return Err(format!("expected a decode error, got {other:?}").into()),
    }
    let result: Result<Vec<Task>, Error> = db
        .query(&Task::query("acme").begins_with(Task::sk()))
        .items()
        .try_collect()
        .await;
    assert!(
        matches!(
            result,
            Err(Error::Decode {
                partition: Some(_),
                sort: Some(_),
                ..
            })
        ),
        "{result:?}"
    );
    Ok(())
}

#[tokio::test]
async fn batch_put_splits_at_25_and_merges_duplicate_keys() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<DefaultTable>().await?;
    // 60 distinct keys, plus 20 later versions of keys 0..20: DynamoDB would reject a batch with two
    // requests for one key; the last version must win.
    let mut input: Vec<Task> = (0..60).map(|i| task(i, "first")).collect();
    input.extend((0..20).map(|i| task(i, "second")));

    let mut progress = Vec::new();
    let report = db
        .batch_put(&input)
        .on_progress(|n| progress.push(n))
        .await?;
    assert_eq!(report.items, 60);
    assert_eq!(report.duplicates, 20);
    assert_eq!(
        report.requests, 3,
        "60 writes need 3 requests of at most 25"
    );
    assert_eq!(report.retries, 0);
    // One progress call per request as it completes: up to 4 are in flight, so a loaded engine
    // (moto under CI load did) may finish the 10-write request before a 25-write one.
    progress.sort_unstable_by(|a, b| b.cmp(a));
    assert_eq!(progress, [25, 25, 10]);

    let stored: Vec<Task> = db
        .query(&Task::query("acme").begins_with(Task::sk()))
        .items()
        .try_collect()
        .await?;
    assert_eq!(stored.len(), 60);
    for t in &stored {
        let expected = if t.id < 20 { "second" } else { "first" };
        assert_eq!(t.title, expected, "task {}", t.id);
    }
    let ids: Vec<u32> = stored.iter().map(|t| t.id).collect();
    assert_eq!(ids, (0..60).collect::<Vec<_>>());

    // Batch delete, with duplicates too.
    let mut keys = Vec::new();
    for i in (0..40).chain(0..5) {
        keys.push(Task::key("acme", i)?);
    }
    let report = db.batch_delete(&keys).await?;
    assert_eq!(
        (report.items, report.duplicates, report.requests),
        (40, 5, 2)
    );
    let left: Vec<u32> = db
        .query(&Task::query("acme").begins_with(Task::sk()))
        .items()
        .map_ok(|t| t.id)
        .try_collect()
        .await?;
    assert_eq!(left, (40..60).collect::<Vec<_>>());

    // An empty batch sends nothing.
    let report = db.batch_put(&Vec::<Task>::new()).await?;
    assert_eq!((report.items, report.requests), (0, 0));
    Ok(())
}

#[derive(dynakey::Table)]
#[table(partition_key = "EntityRef", sort_key = "Detail")]
struct Workspaces;

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Workspaces)]
#[pk("WS#<workspace>")]
#[sk("MEMBER#<user>")]
struct Member {
    workspace: String,
    user: String,
    role: String,
}

async fn key_schema(db: &Db<impl Table>) -> Result<Vec<(String, KeyType)>, BoxError> {
    let table = common::describe_table(db).await?;
    Ok(table
        .key_schema()
        .iter()
        .map(|k| (k.attribute_name().to_owned(), k.key_type().clone()))
        .collect())
}

#[tokio::test]
async fn create_table_uses_the_declared_key_attribute_names() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db: Db<Workspaces> = engine.db(engine.table_name("workspaces"));
    db.create_table().await?;
    assert_eq!(
        key_schema(&db).await?,
        [
            ("EntityRef".to_owned(), KeyType::Hash),
            ("Detail".to_owned(), KeyType::Range)
        ]
    );
    let table = common::describe_table(&db).await?;
    let definitions: HashMap<&str, &ScalarAttributeType> = table
        .attribute_definitions()
        .iter()
        .map(|d| (d.attribute_name(), d.attribute_type()))
        .collect();
    assert_eq!(definitions.len(), 2);
    assert!(definitions.values().all(|t| **t == ScalarAttributeType::S));

    let member = Member {
        workspace: "acme".into(),
        user: "ada".into(),
        role: "owner".into(),
    };
    db.create(&member).await?;
    assert_eq!(
        db.get(&Member::key("acme", "ada")?).await?,
        Some(member.clone())
    );
    let raw = db
        .client()
        .get_item()
        .table_name(db.table_name())
        .key("EntityRef", AttributeValue::S("WS#acme".into()))
        .key("Detail", AttributeValue::S("MEMBER#ada".into()))
        .send()
        .await?;
    assert!(
        raw.item().is_some(),
        "the item is stored under EntityRef/Detail"
    );
    assert!(matches!(
        db.create(&member).await,
        Err(Error::AlreadyExists { .. })
    ));

    // Creating it again is the service's ResourceInUseException, with its message visible.
    match db.create_table().await {
        Err(Error::Sdk {
            operation: "CreateTable",
            message,
            ..
        }) => {
            assert!(message.contains("ResourceInUseException"), "{message}");
        }
        other => return Err(format!("expected ResourceInUseException, got {other:?}").into()),
    }
    Ok(())
}

/// A table declared by hand with one index of each kind.
struct Indexed;

impl Table for Indexed {
    const PARTITION_KEY: &'static str = "PK";
    const SORT_KEY: Option<&'static str> = Some("SK");
    const INDEXES: &'static [IndexDef] = &[
        IndexDef::global("GSI1", "GSI1PK").with_sort_key("GSI1SK"),
        IndexDef::local("ByTitle", "PK", "Title").with_projection(Projection::Include(&["status"])),
        IndexDef::global("GSI2", "GSI2PK").with_projection(Projection::KeysOnly),
    ];
}

#[tokio::test]
async fn create_table_creates_the_declared_indexes() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<Indexed>().await?;
    let table = common::describe_table(&db).await?;

    let mut defined: Vec<&str> = table
        .attribute_definitions()
        .iter()
        .map(|d| d.attribute_name())
        .collect();
    defined.sort_unstable();
    assert_eq!(defined, ["GSI1PK", "GSI1SK", "GSI2PK", "PK", "SK", "Title"]);

    let gsis = table.global_secondary_indexes();
    assert_eq!(gsis.len(), 2);
    let gsi1 = gsis
        .iter()
        .find(|g| g.index_name() == Some("GSI1"))
        .ok_or("GSI1 missing")?;
    let schema: Vec<(&str, &KeyType)> = gsi1
        .key_schema()
        .iter()
        .map(|k| (k.attribute_name(), k.key_type()))
        .collect();
    assert_eq!(
        schema,
        [("GSI1PK", &KeyType::Hash), ("GSI1SK", &KeyType::Range)]
    );
    let gsi2 = gsis
        .iter()
        .find(|g| g.index_name() == Some("GSI2"))
        .ok_or("GSI2 missing")?;
    assert_eq!(
        gsi2.projection().and_then(|p| p.projection_type()),
        Some(&ProjectionType::KeysOnly)
    );

    let lsis = table.local_secondary_indexes();
    assert_eq!(lsis.len(), 1);
    let lsi = &lsis[0];
    let schema: Vec<(&str, &KeyType)> = lsi
        .key_schema()
        .iter()
        .map(|k| (k.attribute_name(), k.key_type()))
        .collect();
    assert_eq!(schema, [("PK", &KeyType::Hash), ("Title", &KeyType::Range)]);
    let projection = lsi.projection().ok_or("no LSI projection")?;
    assert_eq!(projection.projection_type(), Some(&ProjectionType::Include));
    assert_eq!(projection.non_key_attributes(), ["status"]);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn query_streams_are_send_and_can_be_spawned() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<DefaultTable>().await?;
    let tasks: Vec<Task> = (0..30).map(|i| task(i, "t")).collect();
    db.batch_put(&tasks).await?;
    // The stream owns a clone of the Db and the built request: it outlives both borrows.
    let stream = {
        let query = Task::query("acme").begins_with(Task::sk());
        db.query(&query).items()
    };
    let handle = tokio::spawn(stream.try_collect::<Vec<Task>>());
    assert_eq!(handle.await??, tasks);
    // Writes from many tasks at once, sharing one Db by clone.
    let mut writers = Vec::new();
    for i in 100..110 {
        let db = db.clone();
        writers.push(tokio::spawn(
            async move { db.put(&task(i, "parallel")).await },
        ));
    }
    for writer in writers {
        writer.await??;
    }
    let count = db
        .query(&Task::query("acme").begins_with(Task::sk()))
        .items()
        .try_collect::<Vec<_>>()
        .await?
        .len();
    assert_eq!(count, 40);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dropping_the_engine_stops_it() -> Result<(), BoxError> {
    // The embedded engine's own lifetime, also when the suite runs on an external engine: its
    // in-process clients and its HTTP endpoint both stop answering.
    let engine = dynakey_runtime::Engine::start().await?;
    let endpoint = engine.serve().await?.to_owned();
    assert!(endpoint.starts_with("http://127.0.0.1:"), "{endpoint}");
    let db = engine.fresh_table::<DefaultTable>().await?;
    db.put(&task(1, "before")).await?;
    let served: Db<DefaultTable> = Db::new(
        common::client_for(
            &endpoint,
            Some(aws_sdk_dynamodb::config::retry::RetryConfig::disabled()),
        ),
        db.table_name(),
    );
    assert!(
        served.get(&Task::key("acme", 1u32)?).await?.is_some(),
        "the endpoint serves the same tables"
    );
    drop(engine);
    let mut in_process_stopped = false;
    for _ in 0..40 {
        in_process_stopped |= db.get(&Task::key("acme", 1u32)?).await.is_err();
        if in_process_stopped && served.get(&Task::key("acme", 1u32)?).await.is_err() {
            return Ok(());
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    Err("the engine still answers 2 s after it was dropped".into())
}
