//! Invalid keys are rejected before any request and nothing is written (docs/semantics.md §2).

use crate::common;

use dynakey::{DefaultTable, Entity, KeyError, KeyErrorKind, KeyRole};
use dynakey_runtime::{Db, Error};
use futures::TryStreamExt;
use serde::{Deserialize, Serialize};

use common::{BoxError, TestEngine};

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[pk("CUST#<customer>")]
#[sk("ORDER#<order_id>#LINE#<line>")]
struct OrderLine {
    customer: String,
    order_id: String,
    line: u32,
    sku: String,
}

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[pk("<tenant>")]
#[sk("META")]
struct Tenant {
    tenant: String,
    plan: String,
}

/// Every item in the table, by Scan.
async fn scan_count(db: &Db) -> Result<usize, BoxError> {
    let output = db
        .client()
        .scan()
        .table_name(db.table_name())
        .consistent_read(true)
        .send()
        .await?;
    Ok(output.items().len())
}

fn line(customer: &str, order_id: &str) -> OrderLine {
    OrderLine {
        customer: customer.into(),
        order_id: order_id.into(),
        line: 1,
        sku: "SKU-1".into(),
    }
}

#[tokio::test]
async fn a_value_containing_its_terminator_is_rejected_and_nothing_is_written(
) -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<DefaultTable>().await?;
    let bad = line("c1", "A#1");

    for result in [db.put(&bad).await, db.create(&bad).await] {
        match result {
            Err(Error::Key(e)) if matches!(e.kind(), KeyErrorKind::Terminator { .. }) => {
                let KeyErrorKind::Terminator {
                    field,
                    value,
                    terminator,
                    template,
                } = e.into_kind()
                else {
                    unreachable!()
                };
                assert_eq!(field, "order_id");
                assert_eq!(value, "A#1");
                assert_eq!(terminator, '#');
                assert_eq!(template, "ORDER#<order_id>#LINE#<line>");
            }
            other => return Err(format!("expected a Terminator error, got {other:?}").into()),
        }
    }
    // A batch with one bad item writes none of the good ones either.
    let good = line("c1", "A1");
    match db.batch_put([&good, &bad]).await {
        Err(Error::Key(e)) if matches!(e.kind(), KeyErrorKind::Terminator { .. }) => {}
        other => return Err(format!("expected a Terminator error, got {other:?}").into()),
    }
    // The typed key and query reject it too.
    assert!(matches!(
        OrderLine::key("c1", "A#1", 1u32).map_err(KeyError::into_kind),
        Err(KeyErrorKind::Terminator { .. })
    ));

    assert_eq!(scan_count(&db).await?, 0, "the table is still empty");
    let found: Vec<OrderLine> = db
        .query(&OrderLine::query("c1").begins_with(OrderLine::sk()))
        .items()
        .try_collect()
        .await?;
    assert!(found.is_empty());

    // The same value without the terminator is fine.
    db.put(&good).await?;
    assert_eq!(scan_count(&db).await?, 1);
    Ok(())
}

#[tokio::test]
async fn oversized_and_empty_keys_are_rejected_before_any_request() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<DefaultTable>().await?;
    // A Db on a table that does not exist: any request it sent would fail with an SDK error, so a
    // key error proves the check came first.
    let nowhere: Db = engine.db("no-such-table");

    // 2,043 bytes of value + "CUST#" = 2,048 bytes: the limit itself is fine; one byte more is not.
    let at_limit = line(&"x".repeat(2_043), "A1");
    db.put(&at_limit).await?;
    let over = line(&"x".repeat(2_044), "A1");
    for target in [&db, &nowhere] {
        match target.put(&over).await {
            Err(Error::Key(e))
                if matches!(
                    e.kind(),
                    KeyErrorKind::TooLong {
                        role: KeyRole::Partition,
                        bytes: 2_049,
                        limit: 2_048,
                        ..
                    }
                ) => {}
            other => {
                return Err(format!("expected TooLong for the partition key, got {other:?}").into())
            }
        }
    }
    // Bytes, not characters: 683 × "😀" (4 bytes) = 2,732 bytes in 683 characters.
    let emoji = line(&"😀".repeat(683), "A1");
    assert!(matches!(
        db.put(&emoji).await,
        Err(Error::Key(e)) if matches!(e.kind(), KeyErrorKind::TooLong { role: KeyRole::Partition, .. })
    ));

    // A query on such a partition fails before any request, too.
    let query = OrderLine::query("x".repeat(2_044)).begins_with(OrderLine::sk());
    let result: Result<Vec<OrderLine>, Error> = nowhere.query(&query).items().try_collect().await;
    assert!(
        matches!(&result, Err(Error::Key(e)) if matches!(e.kind(), KeyErrorKind::TooLong { .. })),
        "{result:?}"
    );

    // An empty partition key.
    let empty = Tenant {
        tenant: String::new(),
        plan: "free".into(),
    };
    for target in [&db, &nowhere] {
        match target.put(&empty).await {
            Err(Error::Key(e))
                if matches!(
                    e.kind(),
                    KeyErrorKind::EmptyKey {
                        role: KeyRole::Partition
                    } | KeyErrorKind::EmptyValue { .. }
                ) => {}
            other => return Err(format!("expected an empty-key error, got {other:?}").into()),
        }
    }
    assert!(Tenant::key("").is_err());

    assert_eq!(
        scan_count(&db).await?,
        1,
        "only the item at the limit was written"
    );
    Ok(())
}

/// An item that writes a key attribute of its own through a flattened map: the runtime's check
/// sees it. (A field stored in a key attribute by its name or `#[serde(rename)]` does not compile:
/// compile-fail/tests/core/field_is_table_key_attribute.rs.)
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Entity)]
#[pk("USER#<id>")]
#[sk("PROFILE")]
struct Collides {
    id: String,
    #[serde(flatten)]
    extra: std::collections::BTreeMap<String, String>,
}

#[tokio::test]
async fn an_attribute_named_like_a_key_attribute_is_rejected() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<DefaultTable>().await?;
    let item = Collides {
        id: "u1".into(),
        extra: [("PK".to_owned(), "mine".to_owned())].into(),
    };
    match db.put(&item).await {
        Err(Error::KeyAttributeCollision { attribute }) => assert_eq!(attribute, "PK"),
        other => return Err(format!("expected KeyAttributeCollision, got {other:?}").into()),
    }
    assert_eq!(scan_count(&db).await?, 0);
    Ok(())
}
