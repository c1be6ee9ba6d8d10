//! Single-item writes whose answer is lost (docs/semantics.md §5, "A lost answer"), one case per
//! write kind, through the fault proxy (`common/fault_proxy.rs`) letting the engine apply the
//! request and dropping its answer: each is applied once, or says `Error::OutcomeUnknown` — never
//! a double apply, never a false "nothing was written" (`AlreadyExists`, `ConditionFailed`,
//! `VersionConflict` for the call's own write). A versioned write is resent; any other is settled
//! by reading its item once. `OutcomeUnknown` carries the request as sent: the caller reads the
//! item and resends it. With another writer between the lost answer and the resend:
//! `engine_aba.rs`.

use crate::common;

use common::engine::Capability;
use common::fault_proxy::{FaultMix, FaultProxy};
use common::outcome_unknown as unknown;
use common::{fresh, scan, BoxError, TestEngine};
use dynakey::{Entity, Table, UpdateBuilder};
use dynakey_runtime::{Db, Error};
use serde::{Deserialize, Serialize};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
struct App;

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = App)]
#[pk("COUNTER#<id>")]
#[sk("META")]
struct Counter {
    id: String,
    n: u64,
}

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = App, version = "version", updated_at = "updated_at")]
#[pk("DOC#<id>")]
#[sk("META")]
struct Doc {
    id: String,
    body: String,
    version: u64,
    updated_at: Option<dynakey::UtcTime>,
}

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = App)]
#[pk("USER#<id>")]
#[sk("META")]
#[unique("email")]
struct User {
    id: String,
    email: String,
}

/// A handle on `direct`'s table through a proxy that drops the answers of `operations`, after
/// the engine applied them ([`common::losing_answers`]).
async fn lossy(
    engine: &TestEngine,
    direct: &Db<App>,
    operations: &[&str],
    first_send_only: bool,
) -> Result<(FaultProxy, Db<App>), BoxError> {
    common::losing_answers(engine, direct, operations, first_send_only, 5).await
}

async fn count(db: &Db<App>) -> Result<u64, BoxError> {
    let counter = db.get(&Counter::key("c")?).consistent_read().await?;
    Ok(counter.ok_or("no counter")?.n)
}

#[tokio::test]
async fn an_add_whose_answer_is_lost_is_applied_once_and_unknown() -> Result<(), BoxError> {
    let (engine, direct) = fresh::<App>().await?;
    let key = Counter::key("c")?;
    direct
        .create(&Counter {
            id: "c".into(),
            n: 0,
        })
        .await?;
    // Every answer lost: the SDK's own retries resent it (applied three times); now one send.
    let (proxy, db) = lossy(&engine, &direct, &["UpdateItem"], false).await?;
    let lost = unknown(db.update(&key).add(Counter::N, 1u64).await)?;
    assert_eq!(count(&direct).await?, 1, "applied once, not resent");
    assert_eq!((lost.operation, lost.attempts), ("UpdateItem", 1));
    assert!(!lost.is_idempotent(), "an add is not safe to send twice");
    let input = lost.input().ok_or("the request as sent")?;
    assert_eq!(input.update_expression.as_deref(), Some("SET #n = #n + :n"));
    assert!(lost
        .to_string()
        .contains("may or may not have been applied"));
    assert_eq!(proxy.counts().dropped_after, 1);

    // With a condition that its own first send breaks (n = 1): unknown, not ConditionFailed.
    let lost = unknown(
        db.update(&key)
            .add(Counter::N, 1u64)
            .condition(Counter::N.eq(1u64))
            .await,
    )?;
    assert_eq!(count(&direct).await?, 2, "applied once");
    // The caller reads the counter, sees the add applied, and does not resend.
    assert_eq!(lost.attempts, 1);
    Ok(())
}

#[tokio::test]
async fn an_add_lost_before_it_was_applied_is_resent_by_the_caller() -> Result<(), BoxError> {
    let (engine, direct) = fresh::<App>().await?;
    let key = Counter::key("c")?;
    direct
        .create(&Counter {
            id: "c".into(),
            n: 0,
        })
        .await?;
    let mix = FaultMix::none()
        .drop_before(1.0)
        .only(&["UpdateItem"])
        .first_send_only();
    let proxy = FaultProxy::start(&engine.endpoint().await?, 5, mix).await?;
    let db: Db<App> = Db::new(proxy.client(), direct.table_name());
    let lost = unknown(
        db.update(&key)
            .add(Counter::N, 1u64)
            .condition(Counter::N.eq(0u64))
            .await,
    )?;
    assert_eq!(
        count(&direct).await?,
        0,
        "the connection closed before the engine"
    );
    // Checked: not applied, so the caller sends the same request again.
    lost.resend(&db).await?;
    assert_eq!(count(&direct).await?, 1);
    Ok(())
}

#[tokio::test]
async fn a_create_whose_answer_is_lost_is_settled_by_its_item() -> Result<(), BoxError> {
    let (engine, direct) = fresh::<App>().await?;
    let (proxy, db) = lossy(&engine, &direct, &["PutItem", "UpdateItem"], true).await?;
    let doc = Doc {
        id: "d1".into(),
        body: "first".into(),
        version: 0,
        updated_at: None,
    };
    // Applied, answer lost; not resent (B could have deleted it since), but read: its own item.
    let stored = db.create(&doc).returning_stored().await?;
    assert_eq!(proxy.counts().dropped_after, 1);
    assert_eq!(proxy.counts().conditions_refused, 0, "not resent");
    assert_eq!(stored.version, 1);
    let read = direct.get(&Doc::key("d1")?).consistent_read().await?;
    assert_eq!(read.as_ref(), Some(&stored), "the entity as stored");
    assert_eq!(scan(direct.client(), direct.table_name()).await?.len(), 1);

    // Another item at the key is still AlreadyExists; when that answer is lost too, the item
    // read is not this call's: unknown, never Ok.
    let other = Doc {
        body: "second".into(),
        ..doc.clone()
    };
    assert!(matches!(
        direct.create(&other).await,
        Err(Error::AlreadyExists { .. })
    ));
    let lost = unknown(db.create(&other).await)?;
    assert!(
        matches!(lost.cause, Error::Sdk { .. }),
        "the lost answer: {lost}"
    );

    // A versioned update, its answer lost: the resend finds the version it set.
    db.update(&Doc::key("d1")?)
        .set(Doc::BODY, "edited")
        .expected_version(1)
        .await?;
    let read = direct.get(&Doc::key("d1")?).consistent_read().await?;
    assert_eq!(
        read.map(|d| (d.version, d.body)),
        Some((2, "edited".into()))
    );
    // Another update expecting version 1 is still a conflict (unknown when its answer is lost).
    let stale = db
        .update(&Doc::key("d1")?)
        .set(Doc::BODY, "late")
        .expected_version(1)
        .await;
    let lost = unknown(stale)?;
    assert!(matches!(
        lost.cause,
        Error::VersionConflict { found: Some(2), .. }
    ));
    let stale = direct
        .update(&Doc::key("d1")?)
        .set(Doc::BODY, "late")
        .expected_version(1)
        .await;
    assert!(
        matches!(stale, Err(Error::VersionConflict { .. })),
        "{stale:?}"
    );
    let read = direct.get(&Doc::key("d1")?).consistent_read().await?;
    assert_eq!(
        read.map(|d| d.body),
        Some("edited".into()),
        "nothing else written"
    );
    Ok(())
}

#[tokio::test]
async fn puts_and_deletes_are_settled_by_a_read_and_a_versioned_delete_is_unknown(
) -> Result<(), BoxError> {
    let (engine, direct) = fresh::<App>().await?;
    let (_proxy, db) = lossy(&engine, &direct, &["PutItem", "DeleteItem"], true).await?;
    let doc = Doc {
        id: "d1".into(),
        body: "b".into(),
        version: 0,
        updated_at: None,
    };
    let counter = Counter {
        id: "c".into(),
        n: 7,
    };
    db.put(&counter).await?;
    assert_eq!(count(&direct).await?, 7);
    db.delete(&Counter::key("c")?).await?;
    assert_eq!(direct.get(&Counter::key("c")?).await?, None);

    // A versioned delete resent finds no item: its own delete, or someone else's.
    db.create(&doc).await?;
    let lost = unknown(db.delete(&Doc::key("d1")?).expected_version(1).await)?;
    assert!(matches!(
        lost.cause,
        Error::VersionConflict { found: None, .. }
    ));
    assert_eq!(direct.get(&Doc::key("d1")?).await?, None, "deleted");
    Ok(())
}

#[tokio::test]
async fn a_write_whose_every_answer_is_lost_is_unknown_and_resent_by_the_caller(
) -> Result<(), BoxError> {
    let (engine, direct) = fresh::<App>().await?;
    // The read that would settle it loses its answers too.
    let (_proxy, db) = lossy(&engine, &direct, &["PutItem", "GetItem"], false).await?;
    let doc = Doc {
        id: "d1".into(),
        body: "b".into(),
        version: 0,
        updated_at: None,
    };
    let lost = unknown(db.create(&doc).await)?;
    assert_eq!(
        lost.attempts, 1,
        "not resent: its condition holds again if the item is deleted"
    );
    assert!(lost.is_idempotent() && !lost.is_resend_safe());
    let sent = lost.item().ok_or("the item as sent")?;
    let stored = direct.get(&Doc::key("d1")?).consistent_read().await?;
    assert_eq!(
        stored,
        Some(dynakey_runtime::item::from_entity_item(sent.clone())?)
    );
    // Resent as sent (the same timestamp), through a handle that gets answers: its own item.
    lost.resend(&direct).await?;
    assert_eq!(scan(direct.client(), direct.table_name()).await?.len(), 1);
    Ok(())
}

#[tokio::test]
async fn unique_writes_and_moves_are_resent_with_their_token() -> Result<(), BoxError> {
    let (engine, direct) = fresh::<App>().await?;
    if engine.unsupported(Capability::IdempotentTransactions) {
        return Ok(());
    }
    let (proxy, db) = lossy(&engine, &direct, &["TransactWriteItems"], true).await?;
    let ann = User {
        id: "ann".into(),
        email: "ann@example.com".into(),
    };
    db.create(&ann).await?;
    db.move_to(
        &User::key("ann")?,
        &User {
            id: "anne".into(),
            ..ann.clone()
        },
    )
    .await?;
    assert_eq!(proxy.counts().dropped_after, 2);
    let items = scan(direct.client(), direct.table_name()).await?;
    let keys: Vec<&str> = items
        .iter()
        .filter_map(|i| i.get("PK")?.as_s().ok().map(String::as_str))
        .collect();
    assert_eq!(keys.len(), 2, "one user and one uniqueness item: {keys:?}");
    assert!(keys.contains(&"USER#anne") && keys.contains(&"UNIQUE#User#email#ann@example.com"));

    // Every answer lost: unknown, with the token; resent, applied once.
    let (_proxy, db) = lossy(&engine, &direct, &["TransactWriteItems"], false).await?;
    let bob = User {
        id: "bob".into(),
        email: "bob@example.com".into(),
    };
    let lost = unknown(db.create(&bob).await)?;
    assert_eq!(lost.operation, "TransactWriteItems");
    assert!(lost.client_request_token().is_some() && lost.is_idempotent());
    lost.resend(&direct).await?;
    assert_eq!(scan(direct.client(), direct.table_name()).await?.len(), 4);
    Ok(())
}

#[tokio::test]
async fn a_write_that_never_left_the_client_is_not_unknown() -> Result<(), BoxError> {
    // No credentials: the request fails before it is handed to the HTTP client, so nothing can
    // have been applied, and sending it again would fail the same way.
    let config = aws_sdk_dynamodb::Config::builder()
        .behavior_version(aws_sdk_dynamodb::config::BehaviorVersion::latest())
        .region(aws_sdk_dynamodb::config::Region::new("us-east-1"))
        .endpoint_url("http://127.0.0.1:9")
        .build();
    let db: Db<App> = Db::new(aws_sdk_dynamodb::Client::from_conf(config), "nowhere");
    let add = db.update(&Counter::key("c")?).add(Counter::N, 1u64).await;
    assert!(matches!(add, Err(Error::Sdk { .. })), "{add:?}");
    let put = db
        .put(&Counter {
            id: "c".into(),
            n: 1,
        })
        .await;
    assert!(matches!(put, Err(Error::Sdk { .. })), "{put:?}");
    Ok(())
}

#[tokio::test]
async fn a_modify_whose_answer_is_lost_finds_its_own_write() -> Result<(), BoxError> {
    let (engine, direct) = fresh::<App>().await?;
    direct
        .create(&Counter {
            id: "c".into(),
            n: 0,
        })
        .await?;
    let doc = Doc {
        id: "d1".into(),
        body: "first".into(),
        version: 0,
        updated_at: None,
    };
    direct.create(&doc).await?;
    let (proxy, db) = lossy(&engine, &direct, &["UpdateItem"], true).await?;
    // Unversioned: conditioned on the item as read, which another writer could restore, so not
    // resent; the item read holds the values it set.
    let counter = db
        .modify(&Counter::key("c")?, |c: &mut Counter| c.n = 5)
        .await?;
    assert_eq!(counter.n, 5);
    // Versioned: the resend finds the version the first send stored.
    let stored = db
        .modify(&Doc::key("d1")?, |d: &mut Doc| d.body = "second".into())
        .await?;
    assert_eq!((stored.body.as_str(), stored.version), ("second", 2));
    assert_eq!(proxy.counts().dropped_after, 2, "each first answer lost");
    assert_eq!(
        proxy.counts().conditions_refused,
        1,
        "the versioned one resent and refused"
    );
    let read = direct.get(&Doc::key("d1")?).consistent_read().await?;
    assert_eq!(
        read.as_ref(),
        Some(&stored),
        "applied once, returned as stored"
    );
    let read = direct.get(&Counter::key("c")?).consistent_read().await?;
    assert_eq!(read.map(|c| c.n), Some(5));
    Ok(())
}
