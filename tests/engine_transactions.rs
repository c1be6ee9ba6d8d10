//! Transactions on the embedded engine (`docs/semantics.md` §5): `db.transaction()` of typed
//! puts, creates, updates, deletes and condition checks is all or nothing; DynamoDB's limits are
//! checked before any request; a cancellation names each action's reason by its index; the
//! `ClientRequestToken` is returned; `db.transact_get` reads several entity types at once.

use crate::common;

use dynakey::{Entity, Table, UpdateBuilder};
use dynakey_runtime::{CancelReason, Db, Error, ReadBack, Ready, Transaction, TransactionRefusal};
use serde::{Deserialize, Serialize};

use common::engine::Capability;
use common::fault_proxy::{FaultMix, FaultProxy};
use common::{fresh, sent, unsent, BoxError};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
struct App;

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = App)]
#[pk("PROJ#<id>")]
#[sk("META")]
struct Project {
    id: String,
    tasks: u32,
}

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = App)]
#[pk("PROJ#<project>")]
#[sk("TASK#<id>")]
struct Task {
    project: String,
    id: u32,
    title: String,
}

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = App, version = "version")]
#[pk("DOC#<id>")]
#[sk("META")]
struct Doc {
    id: String,
    body: String,
    version: u64,
}

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = App, created_at = "created", updated_at = "updated")]
#[pk("NOTE#<id>")]
#[sk("META")]
struct Note {
    id: String,
    created: Option<dynakey::UtcTime>,
    updated: Option<dynakey::UtcTime>,
}

fn task(id: u32) -> Task {
    Task {
        project: "p1".into(),
        id,
        title: format!("task {id}"),
    }
}

async fn project(db: &Db<App>) -> Result<Option<Project>, BoxError> {
    Ok(db.get(&Project::key("p1")?).consistent_read().await?)
}

async fn seed(db: &Db<App>) -> Result<(), BoxError> {
    db.create(&Project {
        id: "p1".into(),
        tasks: 0,
    })
    .await?;
    Ok(())
}

#[tokio::test]
async fn a_transaction_applies_every_action_and_returns_its_token() -> Result<(), BoxError> {
    let (_engine, db) = fresh::<App>().await?;
    seed(&db).await?;
    db.put(&task(2)).await?;
    db.put(&task(3)).await?;
    let done = db
        .transaction()
        .put(db.create(&task(1)))
        .update(db.update(&Project::key("p1")?).add(Project::TASKS, 1))
        .delete(db.delete(&Task::key("p1", 2u32)?))
        .check(&Task::key("p1", 3u32)?, Task::TITLE.eq("task 3"))
        .await?;
    assert_eq!(done.client_request_token.len(), 36, "a generated UUID");
    assert_eq!(project(&db).await?.map(|p| p.tasks), Some(1));
    assert_eq!(db.get(&Task::key("p1", 1u32)?).await?, Some(task(1)));
    assert_eq!(db.get(&Task::key("p1", 2u32)?).await?, None);
    Ok(())
}

#[tokio::test]
async fn one_failing_condition_writes_nothing_and_names_its_action() -> Result<(), BoxError> {
    let (_engine, db) = fresh::<App>().await?;
    seed(&db).await?;
    db.put(&task(2)).await?;
    let result = db
        .transaction()
        .put(db.create(&task(1)))
        .update(db.update(&Project::key("p1")?).add(Project::TASKS, 1))
        .put(db.create(&task(2))) // already there
        .await;
    let Err(Error::TransactionCanceled(canceled)) = result else {
        return Err(format!("expected a cancellation, got {result:?}").into());
    };
    assert!(matches!(canceled.reasons[0], CancelReason::None));
    assert!(matches!(canceled.reasons[1], CancelReason::None));
    match &canceled.reasons[2] {
        CancelReason::ConditionFailed(e) => {
            assert!(matches!(**e, Error::AlreadyExists { .. }), "{e:?}")
        }
        other => return Err(format!("expected AlreadyExists at 2, got {other:?}").into()),
    }
    assert_eq!(canceled.first_failure().map(|(i, _)| i), Some(2));
    assert_eq!(
        project(&db).await?.map(|p| p.tasks),
        Some(0),
        "nothing written"
    );
    assert_eq!(
        db.get(&Task::key("p1", 1u32)?).await?,
        None,
        "nothing written"
    );
    Ok(())
}

#[tokio::test]
async fn cancellation_reasons_are_the_single_item_meanings_by_index() -> Result<(), BoxError> {
    let (_engine, db) = fresh::<App>().await?;
    seed(&db).await?;
    db.create(&Doc {
        id: "d1".into(),
        body: "v1".into(),
        version: 0,
    })
    .await?; // stored at version 1
    let result = db
        .transaction()
        .check(&Project::key("p1")?, Project::TASKS.gt(5))
        .update(db.update(&Project::key("nope")?).add(Project::TASKS, 1))
        .update(
            db.update(&Doc::key("d1")?)
                .set(Doc::BODY, "v2")
                .expected_version(7),
        )
        .put(db.put(&task(3)))
        .await;
    let Err(Error::TransactionCanceled(canceled)) = result else {
        return Err(format!("expected a cancellation, got {result:?}").into());
    };
    let reasons = &canceled.reasons;
    assert_eq!(reasons.len(), 4);
    match &reasons[0] {
        CancelReason::ConditionFailed(e) => {
            assert!(matches!(**e, Error::ConditionFailed { .. }), "{e:?}");
            let current: Project = reasons[0].current().ok_or("the stored item")??;
            assert_eq!(current.tasks, 0);
        }
        other => return Err(format!("0: {other:?}").into()),
    }
    match &reasons[1] {
        CancelReason::ConditionFailed(e) => assert!(matches!(**e, Error::NotFound { .. }), "{e:?}"),
        other => return Err(format!("1: {other:?}").into()),
    }
    match &reasons[2] {
        CancelReason::ConditionFailed(e) => match &**e {
            Error::VersionConflict {
                expected, found, ..
            } => assert_eq!((*expected, *found), (7, Some(1))),
            other => return Err(format!("2: {other:?}").into()),
        },
        other => return Err(format!("2: {other:?}").into()),
    }
    assert!(matches!(reasons[3], CancelReason::None));
    assert_eq!(db.get(&Task::key("p1", 3u32)?).await?, None);
    Ok(())
}

#[tokio::test]
async fn the_same_token_sent_twice_writes_once() -> Result<(), BoxError> {
    let (engine, db) = fresh::<App>().await?;
    if engine.unsupported(Capability::IdempotentTransactions) {
        return Ok(());
    }
    seed(&db).await?;
    let key = Project::key("p1")?;
    let send = || {
        db.transaction()
            .update(db.update(&key).add(Project::TASKS, 1))
            .client_request_token("0b7e6a52-4a8e-4d7e-9d55-3c1f6b2a9e01")
            .send()
    };
    let first = send().await?;
    let second = send().await;
    assert_eq!(
        first.client_request_token,
        "0b7e6a52-4a8e-4d7e-9d55-3c1f6b2a9e01"
    );
    let tasks = project(&db).await?.map(|p| p.tasks);
    assert!(second.is_ok(), "{second:?}");
    assert_eq!(
        tasks,
        Some(1),
        "the second request with the token is not applied"
    );
    Ok(())
}

#[tokio::test]
async fn limits_are_refused_before_any_request() -> Result<(), BoxError> {
    let db = unsent::<App>("never-created");
    let mut tx = db.transaction();
    for id in 0..101 {
        tx = tx.put(db.put(&task(id)));
    }
    match tx.await {
        Err(Error::TransactionRefused(TransactionRefusal::TooManyActions {
            count: 101,
            limit: 100,
        })) => {}
        other => return Err(format!("expected TooManyActions, got {other:?}").into()),
    }
    let twice = db
        .transaction()
        .put(db.put(&task(1)))
        .update(db.update(&Project::key("p1")?).add(Project::TASKS, 1))
        .delete(db.delete(&Task::key("p1", 1u32)?))
        .await;
    match twice {
        Err(Error::TransactionRefused(TransactionRefusal::SameItem {
            first: 0,
            second: 2,
            partition,
            sort,
        })) => assert_eq!(
            (partition.as_str(), sort.as_deref()),
            ("PROJ#p1", Some("TASK#0000000001"))
        ),
        other => return Err(format!("expected SameItem, got {other:?}").into()),
    }
    match db.transaction().await {
        Err(Error::TransactionRefused(TransactionRefusal::Empty)) => {}
        other => return Err(format!("expected Empty, got {other:?}").into()),
    }
    for token in [String::new(), "x".repeat(37)] {
        let length = token.len();
        match db
            .transaction()
            .put(db.put(&task(1)))
            .client_request_token(token)
            .await
        {
            Err(Error::TransactionRefused(TransactionRefusal::ClientRequestToken {
                length: l,
            })) => assert_eq!(l, length),
            other => return Err(format!("expected ClientRequestToken, got {other:?}").into()),
        }
    }
    let big = Task {
        title: "x".repeat(300 * 1024),
        ..task(0)
    };
    let mut tx = db.transaction();
    for id in 0..15 {
        tx = tx.put(db.put(&Task { id, ..big.clone() }));
    }
    match tx.await {
        Err(Error::TransactionRefused(TransactionRefusal::TooLarge { size })) => {
            assert!(size > 4 * 1024 * 1024)
        }
        other => return Err(format!("expected TooLarge, got {other:?}").into()),
    }
    // The control: 100 actions are sent (and fail: nothing listens).
    let mut tx = db.transaction();
    for id in 0..100 {
        tx = tx.put(db.put(&task(id)));
    }
    match tx.await {
        Err(Error::TransactionFailed { source, .. }) => sent(Err::<(), _>(*source))?,
        other => return Err(format!("the control should be sent: {other:?}").into()),
    }
    Ok(())
}

#[tokio::test]
async fn a_transactional_get_reads_three_entity_types() -> Result<(), BoxError> {
    let (_engine, db) = fresh::<App>().await?;
    seed(&db).await?;
    db.put(&task(1)).await?;
    let (p, t, d) = db
        .transact_get((
            &Project::key("p1")?,
            &Task::key("p1", 1u32)?,
            &Doc::key("missing")?,
        ))
        .await?;
    assert_eq!(p.map(|p| p.tasks), Some(0));
    assert_eq!(t, Some(task(1)));
    assert_eq!(d, None);

    db.put(&task(2)).await?;
    let keys = vec![
        Task::key("p1", 2u32)?,
        Task::key("p1", 9u32)?,
        Task::key("p1", 1u32)?,
    ];
    let tasks = db.transact_get(&keys).await?;
    assert_eq!(tasks, vec![Some(task(2)), None, Some(task(1))]);

    let twice = vec![Task::key("p1", 2u32)?, Task::key("p1", 2u32)?];
    assert!(matches!(
        db.transact_get(&twice).await,
        Err(Error::TransactionRefused(
            TransactionRefusal::SameItem { .. }
        ))
    ));
    let later = vec![
        Task::key("p1", 2u32)?,
        Task::key("p1", 1u32)?,
        Task::key("p1", 3u32)?,
        Task::key("p1", 1u32)?,
    ];
    match db.transact_get(&later).await {
        Err(Error::TransactionRefused(TransactionRefusal::SameItem { first, second, .. })) => {
            assert_eq!(
                (first, second),
                (1, 3),
                "the first index of the key, then the repeat"
            )
        }
        other => return Err(format!("expected SameItem, got {other:?}").into()),
    }
    let many: Vec<_> = (0..101u32)
        .map(|i| Task::key("p1", i))
        .collect::<Result<_, _>>()?;
    assert!(matches!(
        unsent::<App>("never-created").transact_get(&many).await,
        Err(Error::TransactionRefused(
            TransactionRefusal::TooManyActions { count: 101, .. }
        ))
    ));
    Ok(())
}

#[tokio::test]
async fn a_failed_transaction_resent_with_its_request_applies_once() -> Result<(), BoxError> {
    let (engine, db) = fresh::<App>().await?;
    if engine.unsupported(Capability::IdempotentTransactions) {
        return Ok(());
    }
    seed(&db).await?;
    // Every TransactWriteItems through the proxy reaches the engine and loses its answer.
    let mix = FaultMix::none()
        .drop_after(1.0)
        .only(&["TransactWriteItems"]);
    let proxy = FaultProxy::start(&engine.endpoint().await?, 3, mix).await?;
    let lossy: Db<App> = Db::new(proxy.client(), db.table_name());
    let note = Note {
        id: "n1".into(),
        created: None,
        updated: None,
    };
    let failed = lossy
        .transaction()
        .put(lossy.create(&note))
        .update(lossy.update(&Project::key("p1")?).add(Project::TASKS, 1))
        .await;
    let Err(error @ Error::TransactionFailed { .. }) = failed else {
        return Err(format!("expected TransactionFailed, got {failed:?}").into());
    };
    assert!(proxy.counts().dropped_after >= 1, "{}", proxy.counts());
    assert_eq!(
        project(&db).await?.map(|p| p.tasks),
        Some(1),
        "applied once"
    );
    let stored = db.get(&Note::key("n1")?).consistent_read().await?;
    let resend = error.resend().ok_or("a resend handle")?;
    // The same request (the same timestamps) with the same token: success, not applied again.
    let done = resend.send(&db).await?;
    assert_eq!(done.client_request_token, resend.client_request_token());
    assert_eq!(project(&db).await?.map(|p| p.tasks), Some(1), "not twice");
    assert_eq!(db.get(&Note::key("n1")?).consistent_read().await?, stored);
    assert!(stored.is_some_and(|n| n.created.is_some()));
    Ok(())
}

/// The slots of a transaction's result are nameable types.
type CreateAndCount = Transaction<App, (Ready<Task>, ReadBack<Project>)>;

/// A transaction that creates task 1 and counts it on its project, asking for both items.
fn create_and_count(db: &Db<App>) -> Result<CreateAndCount, BoxError> {
    Ok(db
        .transaction()
        .put(db.create(&task(1)).returning_stored())
        .update(
            db.update(&Project::key("p1")?)
                .add(Project::TASKS, 1)
                .returning_new(),
        ))
}

/// Each put, create and update that asks for its item gets it back, typed, in action order: a
/// put's and a create's as stored (version, managed timestamps), an update's new image read back
/// after the transaction; actions that ask for nothing add nothing.
#[tokio::test]
async fn a_transaction_returns_what_each_action_stored_in_action_order() -> Result<(), BoxError> {
    let (_engine, db) = fresh::<App>().await?;
    seed(&db).await?;
    let doc = Doc {
        id: "d1".into(),
        body: "draft".into(),
        version: 0,
    };
    db.create(&doc).await?;
    let before = std::time::SystemTime::now();
    let done = create_and_count(&db)?
        .put(db.put(&task(2)))
        .put(
            db.create(&Note {
                id: "n1".into(),
                created: None,
                updated: None,
            })
            .returning_stored(),
        )
        .update(
            db.update(&Doc::key("d1")?)
                .set(Doc::BODY, "final")
                .expected_version(1)
                .returning_new(),
        )
        .put(
            db.create(&Doc {
                id: "d2".into(),
                body: "new".into(),
                version: 0,
            })
            .returning_stored(),
        )
        .await?;
    let (created, project, note, updated_doc, new_doc): (
        Task,
        Option<Project>,
        Note,
        Option<Doc>,
        Doc,
    ) = done.stored;
    assert_eq!(created, task(1));
    // The update's image is the item as stored after it: the count it added to.
    assert_eq!(
        project,
        Some(Project {
            id: "p1".into(),
            tasks: 1
        })
    );
    // Managed fields as stored: the timestamps set by the create, the versions.
    let created_at = note
        .created
        .and_then(|t| std::time::SystemTime::try_from(t).ok());
    assert!(
        created_at.is_some_and(|t| t >= before - std::time::Duration::from_secs(1)),
        "{note:?}"
    );
    assert_eq!(note.created, note.updated);
    assert_eq!(
        db.get(&Note::key("n1")?).consistent_read().await?,
        Some(note),
        "what the create returned is what was stored"
    );
    assert_eq!(
        updated_doc,
        Some(Doc {
            id: "d1".into(),
            body: "final".into(),
            version: 2
        })
    );
    assert_eq!(new_doc.version, 1, "a create stores version 1");
    assert_eq!(
        db.get(&Doc::key("d2")?).consistent_read().await?,
        Some(new_doc)
    );
    assert!(db.get(&Task::key("p1", 2u32)?).await?.is_some());

    // Nothing asked for: the result holds nothing but the token.
    let plain = db
        .transaction()
        .put(db.put(&task(3)))
        .update(db.update(&Project::key("p1")?).add(Project::TASKS, 1))
        .await?;
    let () = plain.stored;
    assert!(!plain.client_request_token.is_empty());
    Ok(())
}

/// A transaction that fails returns nothing of what its actions would have stored, and reads
/// nothing back; an action that cannot be built stops it before any request.
#[tokio::test]
async fn a_cancelled_transaction_returns_no_item() -> Result<(), BoxError> {
    let (_engine, db) = fresh::<App>().await?;
    seed(&db).await?;
    let result = create_and_count(&db)?
        .put(
            db.create(&Project {
                id: "p1".into(),
                tasks: 9,
            })
            .returning_stored(),
        )
        .await;
    assert!(
        matches!(
            &result,
            Err(Error::TransactionRefused(
                TransactionRefusal::SameItem { .. }
            ))
        ),
        "{result:?}"
    );
    let result = db
        .transaction()
        .put(db.create(&task(1)).returning_stored())
        .put(db.create(&Project {
            id: "p1".into(),
            tasks: 9,
        }))
        .await;
    assert!(
        matches!(&result, Err(Error::TransactionCanceled(_))),
        "{result:?}"
    );
    assert_eq!(
        db.get(&Task::key("p1", 1u32)?).await?,
        None,
        "nothing written"
    );
    assert_eq!(project(&db).await?.map(|p| p.tasks), Some(0));
    Ok(())
}
