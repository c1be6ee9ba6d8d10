//! Typed writes on the embedded engine (`docs/semantics.md` §5): every update operation, typed
//! returns, conditions on put/create/update/delete with the stored item in the error, index keys
//! recomputed by the same UpdateItem (and removed for a sparse index), automatic timestamps, TTL
//! reads, the item-size check before any request.

use crate::common;

use std::collections::HashMap;
use std::time::{Duration, SystemTime};

use aws_sdk_dynamodb::types::AttributeValue;
use dynakey::{Entity, EpochMillis, EpochSeconds, Table, UpdateBuilder, UtcTime};
use dynakey_runtime::{Db, Error};
use futures::TryStreamExt;
use serde::{Deserialize, Serialize};

use common::{fresh, unsent, BoxError};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK", ttl = "expires_at")]
#[gsi(ByAssignee, partition_key = "GSI1PK", sort_key = "GSI1SK")]
struct Tracker;

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Tracker, created_at = "created_at", updated_at = "updated_at")]
#[pk("WS#<workspace>")]
#[sk("TASK#<id>")]
#[index(ByAssignee, pk = "USER#<assignee>", sk = "<created>#<id>")]
struct Task {
    workspace: String,
    id: u32,
    assignee: Option<String>,
    created: u64,
    title: String,
    comments: u32,
    points: i64,
    #[serde(with = "serde_dynamo::string_set")]
    labels: Vec<String>,
    history: Vec<String>,
    note: Option<String>,
    created_at: Option<UtcTime>,
    updated_at: Option<UtcTime>,
    #[ttl]
    #[serde(with = "dynakey::ttl")]
    expires_at: Option<SystemTime>,
}

fn task(id: u32, assignee: Option<&str>) -> Task {
    Task {
        workspace: "acme".into(),
        id,
        assignee: assignee.map(str::to_owned),
        created: 100 + u64::from(id),
        title: format!("task {id}"),
        comments: 0,
        points: 10,
        labels: vec!["a".into()],
        history: vec!["created".into()],
        note: Some("first".into()),
        created_at: None,
        updated_at: None,
        expires_at: None,
    }
}

fn key(id: u32) -> Result<dynakey::Key<Task>, BoxError> {
    Ok(Task::key("acme", id)?)
}

async fn stored(db: &Db<Tracker>, id: u32) -> Result<Task, BoxError> {
    db.get(&key(id)?)
        .consistent_read()
        .await?
        .ok_or_else(|| format!("task {id} is not stored").into())
}

async fn assigned(db: &Db<Tracker>, user: &str) -> Result<Vec<u32>, BoxError> {
    let tasks: Vec<Task> = db
        .query(&Task::query_by_assignee(user))
        .items()
        .try_collect()
        .await?;
    Ok(tasks.into_iter().map(|t| t.id).collect())
}

#[tokio::test]
async fn every_update_operation_changes_the_stored_item_as_dynamodb_documents_it(
) -> Result<(), BoxError> {
    let (_engine, db) = fresh::<Tracker>().await?;
    db.create(&task(1, Some("ann"))).await?;
    db.update(&key(1)?)
        .set(Task::TITLE, "renamed")
        .add(Task::COMMENTS, 3u32)
        .subtract(Task::POINTS, 4i64)
        .add_to_set(Task::LABELS, ["b", "c"])
        .append(Task::HISTORY, ["renamed"])
        .remove(Task::NOTE)
        .await?;
    // One action per attribute and request (DynamoDB refuses two on one path): a later one
    // replaces an earlier one, so these go in a second update.
    let new: Task = db
        .update(&key(1)?)
        .delete_from_set(Task::LABELS, ["a"])
        .prepend(Task::HISTORY, ["zero"])
        .returning_new()
        .await?;
    assert_eq!(new.title, "renamed");
    assert_eq!(new.comments, 3);
    assert_eq!(new.points, 6);
    let mut labels = new.labels.clone();
    labels.sort();
    assert_eq!(labels, ["b", "c"]);
    assert_eq!(new.history, ["zero", "created", "renamed"]);
    assert_eq!(new.note, None);
    assert_eq!(
        stored(&db, 1).await?,
        new,
        "returning_new is the stored item"
    );

    // if_not_exists: sets an absent attribute, keeps a present one.
    db.update(&key(1)?)
        .set_if_not_exists(Task::NOTE, "second")
        .set_if_not_exists(Task::TITLE, "ignored")
        .await?;
    let now = stored(&db, 1).await?;
    assert_eq!(now.note.as_deref(), Some("second"));
    assert_eq!(now.title, "renamed");
    Ok(())
}

#[tokio::test]
async fn typed_returns_give_the_old_item_or_a_projection() -> Result<(), BoxError> {
    let (_engine, db) = fresh::<Tracker>().await?;
    db.create(&task(1, None)).await?;
    let old: Option<Task> = db
        .update(&key(1)?)
        .set(Task::TITLE, "after")
        .returning_old()
        .await?;
    assert_eq!(old.map(|t| t.title).as_deref(), Some("task 1"));

    #[derive(Deserialize)]
    struct Counts {
        comments: u32,
        title: String,
    }
    let counts: Counts = db
        .update(&key(1)?)
        .add(Task::COMMENTS, 1u32)
        .returning::<Counts>()
        .await?;
    assert_eq!((counts.comments, counts.title.as_str()), (1, "after"));
    Ok(())
}

#[tokio::test]
async fn an_update_of_a_missing_item_is_not_found_unless_it_is_an_upsert() -> Result<(), BoxError> {
    let (_engine, db) = fresh::<Tracker>().await?;
    let error = db
        .update(&key(9)?)
        .set(Task::TITLE, "ghost")
        .await
        .err()
        .ok_or("an update of a missing item succeeded")?;
    assert!(
        matches!(&error, Error::NotFound { partition, .. } if partition == "WS#acme"),
        "{error:?}"
    );
    assert!(
        db.get(&key(9)?).consistent_read().await?.is_none(),
        "nothing was created"
    );

    let created: Option<Task> = db
        .update(&key(9)?)
        .set(Task::TITLE, "upserted")
        .upsert()
        .returning_old()
        .await?;
    assert!(created.is_none(), "no item before the upsert");
    let raw = raw_item(&db, 9).await?;
    assert_eq!(
        raw.get("title"),
        Some(&AttributeValue::S("upserted".into()))
    );
    assert!(
        raw.contains_key("created_at"),
        "an upsert that creates sets created_at"
    );
    Ok(())
}

async fn raw_item(db: &Db<Tracker>, id: u32) -> Result<HashMap<String, AttributeValue>, BoxError> {
    raw_get(db, &key(id)?).await
}

/// The item as the engine stores it, read with GetItem through the SDK client.
async fn raw_get<E: Entity>(
    db: &Db<Tracker>,
    key: &dynakey::Key<E>,
) -> Result<HashMap<String, AttributeValue>, BoxError> {
    let output = db
        .client()
        .get_item()
        .table_name(db.table_name())
        .set_key(Some(dynakey_runtime::convert::key_to_attributes(key)))
        .consistent_read(true)
        .send()
        .await?;
    output.item.ok_or_else(|| "no item".into())
}

#[tokio::test]
async fn a_failed_condition_carries_the_stored_item_on_every_write() -> Result<(), BoxError> {
    let (_engine, db) = fresh::<Tracker>().await?;
    db.create(&task(1, None)).await?;
    let check = |error: Error| -> Result<(), BoxError> {
        let current: Task = error
            .current::<Task>()
            .ok_or_else(|| format!("no current item in {error:?}"))??;
        assert_eq!(current.title, "task 1");
        assert!(matches!(error, Error::ConditionFailed { .. }), "{error:?}");
        Ok(())
    };
    let wrong = || Task::COMMENTS.gt(5u32);
    check(
        db.update(&key(1)?)
            .set(Task::TITLE, "no")
            .condition(wrong())
            .await
            .err()
            .ok_or("update succeeded")?,
    )?;
    check(
        db.put(&task(1, None))
            .condition(wrong().or(Task::TITLE.begins_with("x")))
            .await
            .err()
            .ok_or("put succeeded")?,
    )?;
    check(
        db.delete(&key(1)?)
            .condition(Task::NOTE.not_exists())
            .await
            .err()
            .ok_or("delete succeeded")?,
    )?;
    // create: the key is taken, so AlreadyExists (its own condition fails first).
    let taken = db
        .create(&task(1, None))
        .await
        .err()
        .ok_or("create succeeded")?;
    assert!(matches!(taken, Error::AlreadyExists { .. }), "{taken:?}");
    assert_eq!(stored(&db, 1).await?.title, "task 1", "nothing was written");

    // Conditions that hold let the writes through.
    db.update(&key(1)?)
        .set(Task::TITLE, "yes")
        .condition(Task::COMMENTS.eq(0u32).and(Task::TITLE.size().lt(20)))
        .await?;
    db.delete(&key(1)?)
        .condition(Task::TITLE.eq("yes").and(Task::LABELS.contains("a")))
        .await?;
    assert!(db.get(&key(1)?).consistent_read().await?.is_none());
    Ok(())
}

#[tokio::test]
async fn an_update_of_an_index_field_moves_the_item_between_index_partitions(
) -> Result<(), BoxError> {
    let (_engine, db) = fresh::<Tracker>().await?;
    db.create(&task(1, Some("ann"))).await?;
    db.create(&task(2, Some("ann"))).await?;
    assert_eq!(assigned(&db, "ann").await?, [1, 2]);

    db.update(&key(1)?)
        .set(Task::BY_ASSIGNEE, ("bob", 500u64))
        .await?;
    assert_eq!(
        assigned(&db, "ann").await?,
        [2],
        "the old index partition lost it"
    );
    assert_eq!(assigned(&db, "bob").await?, [1], "the new one holds it");
    let raw = raw_item(&db, 1).await?;
    assert_eq!(
        raw.get("GSI1PK"),
        Some(&AttributeValue::S("USER#bob".into()))
    );
    assert_eq!(
        raw.get("GSI1SK"),
        Some(&AttributeValue::S("00000000000000000500#0000000001".into())),
        "the index sort key takes the key field `id` from the item's key"
    );

    // None takes the item out of the sparse index: its index key attributes are removed.
    db.update(&key(2)?)
        .set(Task::BY_ASSIGNEE, (None::<String>, 102u64))
        .await?;
    assert!(assigned(&db, "ann").await?.is_empty());
    let raw = raw_item(&db, 2).await?;
    assert!(
        !raw.contains_key("GSI1PK") && !raw.contains_key("GSI1SK"),
        "{raw:?}"
    );
    assert_eq!(stored(&db, 2).await?.assignee, None);
    Ok(())
}

#[tokio::test]
async fn timestamps_are_set_by_the_writes_themselves() -> Result<(), BoxError> {
    let (_engine, db) = fresh::<Tracker>().await?;
    let before = UtcTime::now() - Duration::from_secs(1);
    let mut t = task(1, None);
    t.created_at = Some("2000-01-01T00:00:00.000000000Z".parse()?); // by hand: create replaces it
    let returned = db.create(&t).returning_stored().await?;
    let created = stored(&db, 1).await?;
    assert_eq!(returned, created, "create returns the entity as stored");
    let created_at = created.created_at.ok_or("create set no created_at")?;
    assert!(created_at >= before, "{created_at:?}");
    assert!(created.updated_at.is_some_and(|u| u >= before));
    assert_stored_as_strings(&raw_item(&db, 1).await?, &created)?;

    tokio::time::sleep(Duration::from_millis(5)).await;
    db.update(&key(1)?).set(Task::TITLE, "later").await?;
    let updated = stored(&db, 1).await?;
    assert_eq!(
        updated.created_at,
        Some(created_at),
        "update keeps created_at"
    );
    assert!(
        updated.updated_at > created.updated_at,
        "update sets updated_at"
    );
    assert_stored_as_strings(&raw_item(&db, 1).await?, &updated)?;

    tokio::time::sleep(Duration::from_millis(5)).await;
    let returned = db.put(&updated).returning_stored().await?;
    let replaced = stored(&db, 1).await?;
    assert_eq!(
        returned, replaced,
        "put returns the entity as stored, timestamps included"
    );
    assert_eq!(
        replaced.created_at,
        Some(created_at),
        "put keeps the created_at it read"
    );
    assert!(
        replaced.updated_at > updated.updated_at,
        "put sets updated_at"
    );
    assert_stored_as_strings(&raw_item(&db, 1).await?, &replaced)?;
    Ok(())
}

/// `UtcTime` timestamps are stored as their fixed-width string (`S`), as the entity reads them.
fn assert_stored_as_strings(
    raw: &HashMap<String, AttributeValue>,
    task: &Task,
) -> Result<(), BoxError> {
    for (attribute, value) in [
        ("created_at", task.created_at),
        ("updated_at", task.updated_at),
    ] {
        let value = value.ok_or("no timestamp")?.to_string();
        assert_eq!(value.len(), 30, "{value}");
        assert_eq!(
            raw.get(attribute),
            Some(&AttributeValue::S(value)),
            "{raw:?}"
        );
    }
    Ok(())
}

/// Replaces `attribute` of the stored item with `value`, by a raw PutItem through the SDK client
/// (the way an older writer or a migration would have left it).
async fn backdate<E: Entity>(
    db: &Db<Tracker>,
    key: &dynakey::Key<E>,
    attribute: &str,
    value: AttributeValue,
) -> Result<(), BoxError> {
    let mut item = raw_get(db, key).await?;
    item.insert(attribute.to_owned(), value);
    db.client()
        .put_item()
        .table_name(db.table_name())
        .set_item(Some(item))
        .send()
        .await?;
    Ok(())
}

#[tokio::test]
async fn a_filter_on_updated_at_keeps_the_items_written_in_the_last_minute() -> Result<(), BoxError>
{
    let (_engine, db) = fresh::<Tracker>().await?;
    db.create(&task(1, None)).await?;
    db.put(&task(2, None)).await?;
    db.create(&task(3, None)).await?;
    db.update(&key(3)?).set(Task::TITLE, "touched").await?;
    db.create(&task(4, None)).await?;
    let old = UtcTime::now() - Duration::from_secs(3_600);
    backdate(
        &db,
        &key(4)?,
        "updated_at",
        AttributeValue::S(old.to_string()),
    )
    .await?;
    assert_eq!(stored(&db, 4).await?.updated_at, Some(old));

    let minute_ago = UtcTime::now() - Duration::from_secs(60);
    let recent: Vec<Task> = db
        .query(&Task::query("acme"))
        .filter(Task::UPDATED_AT.gt(minute_ago))
        .items()
        .try_collect()
        .await?;
    assert_eq!(recent.iter().map(|t| t.id).collect::<Vec<_>>(), [1, 2, 3]);
    let stale: Vec<Task> = db
        .query(&Task::query("acme"))
        .filter(Task::UPDATED_AT.le(minute_ago))
        .items()
        .try_collect()
        .await?;
    assert_eq!(stale.iter().map(|t| t.id).collect::<Vec<_>>(), [4]);
    Ok(())
}

/// Timestamps stored as numbers: seconds for `updated_at` (not an `Option`), milliseconds for
/// `created_at`.
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Tracker, created_at = "created_ms", updated_at = "updated_s")]
#[pk("LOG#<log>")]
#[sk("EVENT#<id>")]
struct Event {
    log: String,
    id: u32,
    created_ms: Option<EpochMillis>,
    updated_s: EpochSeconds,
}

fn event(id: u32) -> Event {
    Event {
        log: "audit".into(),
        id,
        created_ms: None,
        updated_s: EpochSeconds::from(0),
    }
}

fn event_key(id: u32) -> Result<dynakey::Key<Event>, BoxError> {
    Ok(Event::key("audit", id)?)
}

#[tokio::test]
async fn epoch_timestamps_are_stored_as_numbers_and_filter_by_value() -> Result<(), BoxError> {
    let (_engine, db) = fresh::<Tracker>().await?;
    let (before_s, before_ms) = (EpochSeconds::now(), EpochMillis::now());
    let created = db.create(&event(1)).returning_stored().await?;
    db.put(&event(2)).await?;
    db.create(&event(3)).await?;
    db.update(&event_key(3)?)
        .condition(Event::UPDATED_S.ge(before_s))
        .await?;
    let (after_s, after_ms) = (EpochSeconds::now(), EpochMillis::now());

    let raw = raw_get(&db, &event_key(1)?).await?;
    assert_eq!(
        raw.get("updated_s"),
        Some(&AttributeValue::N(created.updated_s.to_string())),
        "create(..).returning_stored() returns the stamps as stored: {raw:?}"
    );
    let created_ms = created.created_ms.ok_or("create set no created_ms")?;
    assert_eq!(
        raw.get("created_ms"),
        Some(&AttributeValue::N(created_ms.to_string()))
    );
    assert!((before_s..=after_s).contains(&created.updated_s));
    assert!((before_ms..=after_ms).contains(&created_ms));
    for id in [2, 3] {
        let raw = raw_get(&db, &event_key(id)?).await?;
        assert!(
            matches!(raw.get("updated_s"), Some(AttributeValue::N(_))),
            "{raw:?}"
        );
    }

    db.create(&event(4)).await?;
    let hour_ago = EpochSeconds::now() - Duration::from_secs(3_600);
    backdate(
        &db,
        &event_key(4)?,
        "updated_s",
        AttributeValue::N(hour_ago.to_string()),
    )
    .await?;
    let minute_ago = EpochSeconds::now() - Duration::from_secs(60);
    let recent: Vec<Event> = db
        .query(&Event::query("audit"))
        .filter(Event::UPDATED_S.gt(minute_ago))
        .items()
        .try_collect()
        .await?;
    assert_eq!(recent.iter().map(|e| e.id).collect::<Vec<_>>(), [1, 2, 3]);
    let stale: Vec<Event> = db
        .query(&Event::query("audit"))
        .filter(Event::UPDATED_S.lt(minute_ago))
        .items()
        .try_collect()
        .await?;
    assert_eq!(
        stale
            .iter()
            .map(|e| (e.id, e.updated_s))
            .collect::<Vec<_>>(),
        [(4, hour_ago)]
    );
    Ok(())
}

#[tokio::test]
async fn reads_can_leave_out_items_past_their_expiry() -> Result<(), BoxError> {
    let (_engine, db) = fresh::<Tracker>().await?;
    let mut expired = task(1, Some("ann"));
    expired.expires_at = Some(SystemTime::now() - Duration::from_secs(60));
    let mut alive = task(2, Some("ann"));
    alive.expires_at = Some(SystemTime::now() + Duration::from_secs(3600));
    let forever = task(3, Some("ann"));
    for t in [&expired, &alive, &forever] {
        db.create(t).await?;
    }
    let raw = raw_item(&db, 1).await?;
    assert!(
        matches!(raw.get("expires_at"), Some(AttributeValue::N(_))),
        "epoch seconds"
    );

    assert!(
        db.get(&key(1)?).await?.is_some(),
        "DynamoDB still returns it"
    );
    assert!(db.get(&key(1)?).unexpired().await?.is_none());
    assert!(db.get(&key(2)?).unexpired().await?.is_some());
    assert!(
        db.get(&key(3)?).unexpired().await?.is_some(),
        "no expiry: kept"
    );

    let all: Vec<Task> = db.query(&Task::query("acme")).items().try_collect().await?;
    assert_eq!(all.len(), 3);
    let live: Vec<Task> = db
        .query(&Task::query("acme"))
        .unexpired()
        .items()
        .try_collect()
        .await?;
    assert_eq!(live.iter().map(|t| t.id).collect::<Vec<_>>(), [2, 3]);
    let live: Vec<Task> = db
        .query(&Task::query_by_assignee("ann"))
        .unexpired()
        .items()
        .try_collect()
        .await?;
    assert_eq!(live.len(), 2, "the filter applies to index queries too");
    Ok(())
}

#[tokio::test]
async fn create_table_enables_ttl_on_the_declared_attribute() -> Result<(), BoxError> {
    let (_engine, db) = fresh::<Tracker>().await?;
    let ttl = db
        .client()
        .describe_time_to_live()
        .table_name(db.table_name())
        .send()
        .await?;
    let description = ttl.time_to_live_description().ok_or("no TTL description")?;
    assert_eq!(description.attribute_name(), Some("expires_at"));
    assert_eq!(
        description.time_to_live_status().map(|s| s.as_str()),
        Some("ENABLED")
    );
    Ok(())
}

#[tokio::test]
async fn an_item_over_400_kb_is_refused_before_any_request() -> Result<(), BoxError> {
    // A handle that reaches no engine: a typed error proves nothing was sent.
    let db = unsent::<Tracker>("nowhere");
    let mut big = task(1, None);
    big.title = "x".repeat(410 * 1024);
    for result in [db.put(&big).await, db.create(&big).await] {
        match result {
            Err(Error::InvalidItem { problem, .. }) => {
                assert!(matches!(
                    problem,
                    dynakey_runtime::ItemProblem::TooLarge { .. }
                ))
            }
            other => return Err(format!("expected InvalidItem, got {other:?}").into()),
        }
    }
    let result = db
        .update(&key(1)?)
        .set(Task::TITLE, "x".repeat(410 * 1024))
        .await;
    assert!(
        matches!(result, Err(Error::InvalidItem { .. })),
        "{result:?}"
    );
    Ok(())
}
