//! `Db::add_missing_indexes`: the explicit call that adds the declared GSIs an existing table
//! lacks. `ensure_table` reports the missing index and names the call; the call sends one
//! `UpdateTable` per missing index, waits until it is `ACTIVE`, and the index then holds the
//! items written before it existed (the engine's backfill); a second call sends nothing but
//! `DescribeTable`. A missing LSI cannot be added: a typed error, nothing changed.

use crate::common;

use aws_sdk_dynamodb::types::{KeyType, ProjectionType, ScalarAttributeType};
use dynakey::{Entity, IndexKind, Table};
use dynakey_runtime::{Error, RequestLog, SchemaDifference, TableSetup};
use futures::TryStreamExt;
use serde::{Deserialize, Serialize};

use common::{BoxError, TestEngine};

/// The declaration: the table and its GSI.
#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByStatus, name = "GSI1", partition_key = "GSI1PK", sort_key = "GSI1SK", projection = all)]
struct Shop;

/// The same table as it was before the index was declared.
#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
struct ShopBefore;

/// The declaration with an LSI as well, which the table (created from [`Shop`]) lacks.
#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(WithLsiByStatus, name = "GSI1", partition_key = "GSI1PK", sort_key = "GSI1SK", projection = all)]
#[lsi(ByTotal, name = "LSI1", sort_key = "LSI1SK", projection = keys_only)]
struct ShopWithLsi;

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Shop)]
#[pk("CUSTOMER#<customer>")]
#[sk("ORDER#<id>")]
#[index(ByStatus, pk = "STATUS#<status>", sk = "<id>")]
struct Order {
    customer: String,
    id: String,
    status: String,
}

const ORDERS: usize = 300;

fn orders() -> Vec<Order> {
    (0..ORDERS)
        .map(|i| Order {
            customer: format!("c{}", i % 7),
            id: format!("{i:04}"),
            status: ["OPEN", "SHIPPED", "CANCELLED"][i % 3].to_owned(),
        })
        .collect()
}

#[tokio::test]
async fn a_missing_gsi_is_added_and_holds_the_items_already_there() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    // The table as it was made before GSI1 was declared, holding items with GSI1's attributes
    // (written through the full declaration, which writes every index key).
    let before = engine
        .table_named::<ShopBefore>("dynakey-add-index")
        .await?;
    let log = RequestLog::new();
    let db = engine
        .db::<Shop>(before.table_name())
        .with_request_log(&log);
    let all = orders();
    db.batch_put(&all).await?;

    // ensure_table refuses it and names the call that adds the index.
    let error = match db.ensure_table().await {
        Err(e) => e,
        Ok(setup) => return Err(format!("a table without GSI1 was accepted: {setup:?}").into()),
    };
    let Error::TableMismatch { differences, .. } = &error else {
        return Err(format!("expected TableMismatch, got {error:?}").into());
    };
    assert_eq!(
        differences,
        &[SchemaDifference::MissingIndex {
            index: "GSI1".into(),
            kind: IndexKind::Global,
        }]
    );
    let message = error.to_string();
    assert!(message.contains("db.add_missing_indexes()"), "{message}");
    log.take();

    // The explicit call adds it: one UpdateTable creating the declared index.
    assert_eq!(db.add_missing_indexes().await?, ["GSI1"]);
    let sent = log.take();
    let operations: Vec<&str> = sent.iter().map(|r| r.operation()).collect();
    assert_eq!(operations.first(), Some(&"DescribeTable"));
    assert_eq!(
        operations.iter().filter(|o| **o == "UpdateTable").count(),
        1,
        "{operations:?}"
    );
    assert!(
        operations
            .iter()
            .all(|o| *o == "DescribeTable" || *o == "UpdateTable"),
        "{operations:?}"
    );
    if engine.is_embedded() {
        // The embedded engine backfills inside UpdateTable: the index is ACTIVE at the first look.
        assert_eq!(
            operations,
            ["DescribeTable", "UpdateTable", "DescribeTable"]
        );
    }
    let update = sent
        .iter()
        .find_map(|r| r.input.as_update_table())
        .ok_or("no UpdateTable input logged")?;
    assert_eq!(update.table_name(), Some(db.table_name()));
    let [change] = update.global_secondary_index_updates() else {
        return Err(format!("expected one index update: {update:?}").into());
    };
    let create = change.create().ok_or("not a Create")?;
    assert_eq!(create.index_name(), "GSI1");
    let key: Vec<(&str, &KeyType)> = create
        .key_schema()
        .iter()
        .map(|k| (k.attribute_name(), k.key_type()))
        .collect();
    assert_eq!(
        key,
        [("GSI1PK", &KeyType::Hash), ("GSI1SK", &KeyType::Range)]
    );
    assert_eq!(
        create.projection().and_then(|p| p.projection_type()),
        Some(&ProjectionType::All)
    );
    assert_eq!(
        create.provisioned_throughput(),
        None,
        "an on-demand table's index has no provisioned throughput"
    );
    let definitions: Vec<(&str, &ScalarAttributeType)> = update
        .attribute_definitions()
        .iter()
        .map(|d| (d.attribute_name(), d.attribute_type()))
        .collect();
    assert_eq!(
        definitions,
        [
            ("GSI1PK", &ScalarAttributeType::S),
            ("GSI1SK", &ScalarAttributeType::S)
        ]
    );

    // The table now matches the declaration, and the index is ACTIVE.
    assert_eq!(db.ensure_table().await?, TableSetup::Existing);
    let table = common::describe_table(&db).await?;
    let gsi = table
        .global_secondary_indexes()
        .iter()
        .find(|g| g.index_name() == Some("GSI1"))
        .ok_or("GSI1 not described")?;
    assert_eq!(
        gsi.index_status(),
        Some(&aws_sdk_dynamodb::types::IndexStatus::Active)
    );
    assert_ne!(gsi.backfilling(), Some(true));

    // The index holds the items written before it existed.
    for status in ["OPEN", "SHIPPED", "CANCELLED"] {
        let found: Vec<Order> = db
            .query(&Order::query_by_status(status))
            .items()
            .try_collect()
            .await?;
        let expected: Vec<Order> = all.iter().filter(|o| o.status == status).cloned().collect();
        assert_eq!(found.len(), ORDERS / 3, "{status}");
        assert_eq!(found, expected, "{status}: every item, by GSI1SK (the id)");
    }

    // Nothing is missing any more: nothing added, nothing sent but DescribeTable.
    log.take();
    assert_eq!(db.add_missing_indexes().await?, Vec::<String>::new());
    assert_eq!(log.operations(), ["DescribeTable"]);
    Ok(())
}

#[tokio::test]
async fn a_missing_lsi_is_a_typed_error_and_nothing_is_sent() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let shop = engine.table_named::<Shop>("dynakey-add-lsi").await?;
    let log = RequestLog::new();
    let db = engine
        .db::<ShopWithLsi>(shop.table_name())
        .with_request_log(&log);

    let error = match db.add_missing_indexes().await {
        Err(e) => e,
        Ok(added) => return Err(format!("a missing LSI was accepted: {added:?}").into()),
    };
    let Error::TableMismatch { differences, .. } = &error else {
        return Err(format!("expected TableMismatch, got {error:?}").into());
    };
    assert_eq!(
        differences,
        &[SchemaDifference::MissingIndex {
            index: "LSI1".into(),
            kind: IndexKind::Local,
        }]
    );
    let message = error.to_string();
    assert!(message.contains("only with the table"), "{message}");
    assert!(message.contains("cannot be added"), "{message}");
    assert_eq!(
        log.operations(),
        ["DescribeTable"],
        "nothing sent but DescribeTable"
    );
    let table = common::describe_table(&shop).await?;
    assert!(table.local_secondary_indexes().is_empty(), "not changed");
    Ok(())
}

#[tokio::test]
async fn an_index_that_differs_is_refused_not_altered() -> Result<(), BoxError> {
    /// GSI1 with another projection than the table's.
    #[derive(Table)]
    #[table(partition_key = "PK", sort_key = "SK")]
    #[gsi(OtherByStatus, name = "GSI1", partition_key = "GSI1PK", sort_key = "GSI1SK", projection = keys_only)]
    #[gsi(ByRegion, name = "GSI2", partition_key = "GSI2PK", projection = all)]
    struct Other;

    let engine = TestEngine::start().await?;
    let shop = engine.table_named::<Shop>("dynakey-add-differs").await?;
    let log = RequestLog::new();
    let db = engine.db::<Other>(shop.table_name()).with_request_log(&log);

    match db.add_missing_indexes().await {
        Err(Error::TableMismatch { differences, .. }) => assert_eq!(
            differences,
            [SchemaDifference::Projection {
                index: "GSI1".into(),
                declared: "KEYS_ONLY".into(),
                found: "ALL".into(),
            }],
            "the missing GSI2 is not listed: it could be added"
        ),
        other => return Err(format!("expected TableMismatch, got {other:?}").into()),
    }
    assert_eq!(log.operations(), ["DescribeTable"]);
    let table = common::describe_table(&shop).await?;
    assert_eq!(table.global_secondary_indexes().len(), 1, "GSI2 not added");
    Ok(())
}
