//! A lost answer with another writer between it and the resend (docs/semantics.md §5, "A lost
//! answer", "under concurrent writers"): writer A's request is applied by the engine, its answer
//! dropped by the fault proxy, and — before A's client learns that — writer B changes the item
//! (the proxy's hook, `FaultProxy::on_lost_answer`, runs B through a handle of its own). One test
//! per write kind: A is never applied a second time over B's change; A ends `Ok` only when the
//! stored state is what one application of A leaves (followed by B's change, for a write settled
//! by its `ClientRequestToken`), and otherwise in `Error::OutcomeUnknown` with the request.

use crate::common;

use std::sync::{Arc, Mutex};

use common::engine::Capability;
use common::fault_proxy::FaultProxy;
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
#[pk("NOTE#<id>")]
#[sk("META")]
struct Note {
    id: String,
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
#[dynakey(table = App)]
#[pk("COUNTER#<id>")]
#[sk("META")]
struct Counter {
    id: String,
    n: u64,
}

fn note(id: &str, title: &str) -> Note {
    Note {
        id: id.into(),
        title: title.into(),
    }
}

/// What B's steps ended in, in order, for the test to check after A's call.
type Log = Arc<Mutex<Vec<String>>>;

fn record<T: std::fmt::Debug>(log: &Log, step: &str, result: Result<T, Error>) {
    let line = match result {
        Ok(_) => format!("{step}: ok"),
        Err(e) => format!("{step}: {e}"),
    };
    log.lock().unwrap_or_else(|p| p.into_inner()).push(line);
}

fn lines(log: &Log) -> Vec<String> {
    log.lock().unwrap_or_else(|p| p.into_inner()).clone()
}

/// A handle on `direct`'s table through a proxy that lets the engine apply the first send of
/// each request of `operations` and drops its answer, running `b` (another writer, on `direct`)
/// before the client learns of it.
async fn lost_with<F, Fut>(
    engine: &TestEngine,
    direct: &Db<App>,
    operations: &[&str],
    b: F,
) -> Result<(FaultProxy, Db<App>), BoxError>
where
    F: Fn(Db<App>) -> Fut + Send + Sync + 'static,
    Fut: std::future::Future<Output = ()> + Send + 'static,
{
    let (proxy, db) = common::losing_answers(engine, direct, operations, true, 11).await?;
    let other = direct.clone();
    proxy.on_lost_answer(move || b(other.clone()));
    Ok((proxy, db))
}

async fn title(direct: &Db<App>, id: &str) -> Result<Option<String>, BoxError> {
    let stored = direct.get(&Note::key(id)?).consistent_read().await?;
    Ok(stored.map(|n| n.title))
}

#[tokio::test]
async fn a_modify_changed_back_by_another_writer_is_not_applied_again() -> Result<(), BoxError> {
    let (engine, direct) = fresh::<App>().await?;
    direct.create(&note("n", "x")).await?;
    let log = Log::default();
    let b_log = Arc::clone(&log);
    let (proxy, db) = lost_with(&engine, &direct, &["UpdateItem"], move |b| {
        let log = Arc::clone(&b_log);
        async move {
            // B reads A's "A" and changes it back to "x": the image A's resend would expect.
            let seen = b.get(&Note::key("n").expect("key")).consistent_read().await;
            record(&log, "B read", seen.map(|n| n.map(|n| n.title)));
            let back = b
                .modify(&Note::key("n").expect("key"), |n: &mut Note| {
                    n.title = "x".into()
                })
                .await;
            record(&log, "B modify", back);
        }
    })
    .await?;
    let result = db
        .modify(&Note::key("n")?, |n: &mut Note| n.title = "A".into())
        .await;
    let lost = unknown(result)?;
    assert_eq!(lost.operation, "UpdateItem");
    assert!(!lost.is_resend_safe(), "its condition can hold again");
    assert_eq!(lines(&log), ["B read: ok", "B modify: ok"]);
    assert_eq!(
        title(&direct, "n").await?.as_deref(),
        Some("x"),
        "B's change kept"
    );
    assert_eq!(proxy.counts().dropped_after, 1);
    assert_eq!(proxy.counts().conditions_refused, 0, "never resent");
    Ok(())
}

#[tokio::test]
async fn a_conditional_update_whose_condition_holds_again_is_not_applied_again(
) -> Result<(), BoxError> {
    let (engine, direct) = fresh::<App>().await?;
    direct.create(&note("n", "x")).await?;
    let log = Log::default();
    let b_log = Arc::clone(&log);
    let (_proxy, db) = lost_with(&engine, &direct, &["UpdateItem"], move |b| {
        let log = Arc::clone(&b_log);
        async move {
            let back = b
                .update(&Note::key("n").expect("key"))
                .set(Note::TITLE, "x")
                .condition(Note::TITLE.eq("A"))
                .await;
            record(&log, "B update", back);
        }
    })
    .await?;
    let result = db
        .update(&Note::key("n")?)
        .set(Note::TITLE, "A")
        .condition(Note::TITLE.eq("x"))
        .await;
    let lost = unknown(result)?;
    assert_eq!(lines(&log), ["B update: ok"]);
    assert_eq!(
        title(&direct, "n").await?.as_deref(),
        Some("x"),
        "B's change kept"
    );
    // The caller can still read and resend: the request is carried as sent.
    let input = lost.input().ok_or("the request as sent")?;
    assert!(input.condition_expression.is_some());
    Ok(())
}

#[tokio::test]
async fn a_versioned_update_overtaken_by_another_writer_is_unknown() -> Result<(), BoxError> {
    let (engine, direct) = fresh::<App>().await?;
    direct
        .create(&Doc {
            id: "d".into(),
            body: "x".into(),
            version: 0,
        })
        .await?;
    let log = Log::default();
    let b_log = Arc::clone(&log);
    let (proxy, db) = lost_with(&engine, &direct, &["UpdateItem"], move |b| {
        let log = Arc::clone(&b_log);
        async move {
            let next = b
                .update(&Doc::key("d").expect("key"))
                .set(Doc::BODY, "x")
                .expected_version(2)
                .await;
            record(&log, "B update", next);
        }
    })
    .await?;
    let result = db
        .update(&Doc::key("d")?)
        .set(Doc::BODY, "A")
        .expected_version(1)
        .await;
    let lost = unknown(result)?;
    assert!(lost.is_resend_safe());
    assert!(matches!(
        lost.cause,
        Error::VersionConflict { found: Some(3), .. }
    ));
    assert_eq!(proxy.counts().conditions_refused, 1, "resent once, refused");
    let stored = direct.get(&Doc::key("d")?).consistent_read().await?;
    assert_eq!(stored.map(|d| (d.body, d.version)), Some(("x".into(), 3)));
    Ok(())
}

#[tokio::test]
async fn a_create_deleted_by_another_writer_is_not_created_again() -> Result<(), BoxError> {
    let (engine, direct) = fresh::<App>().await?;
    let log = Log::default();
    let b_log = Arc::clone(&log);
    let (_proxy, db) = lost_with(&engine, &direct, &["PutItem"], move |b| {
        let log = Arc::clone(&b_log);
        async move {
            let seen = b.get(&Note::key("n").expect("key")).consistent_read().await;
            record(&log, "B read", seen.map(|n| n.map(|n| n.title)));
            let gone = b.delete(&Note::key("n").expect("key")).await;
            record(&log, "B delete", gone);
        }
    })
    .await?;
    let lost = unknown(db.create(&note("n", "A")).await)?;
    assert_eq!(lost.attempts, 1, "not resent");
    assert!(lost.is_idempotent() && !lost.is_resend_safe());
    assert_eq!(lines(&log), ["B read: ok", "B delete: ok"]);
    assert_eq!(title(&direct, "n").await?, None, "B's delete kept");
    Ok(())
}

#[tokio::test]
async fn a_put_overwritten_by_another_writer_is_not_applied_again() -> Result<(), BoxError> {
    let (engine, direct) = fresh::<App>().await?;
    direct.create(&note("n", "x")).await?;
    let log = Log::default();
    let b_log = Arc::clone(&log);
    let (_proxy, db) = lost_with(&engine, &direct, &["PutItem"], move |b| {
        let log = Arc::clone(&b_log);
        async move {
            record(&log, "B put", b.put(&note("n", "B")).await);
        }
    })
    .await?;
    let lost = unknown(db.put(&note("n", "A")).await)?;
    assert_eq!(lost.attempts, 1);
    assert_eq!(lines(&log), ["B put: ok"]);
    assert_eq!(
        title(&direct, "n").await?.as_deref(),
        Some("B"),
        "B's put kept"
    );

    // Without another writer, the item as read shows the put: Ok, sent once.
    let (proxy, db) = lost_with(&engine, &direct, &["PutItem"], |_| async {}).await?;
    db.put(&note("n", "C")).await?;
    assert_eq!(title(&direct, "n").await?.as_deref(), Some("C"));
    assert_eq!(
        (
            proxy.counts().dropped_after,
            proxy.counts().conditions_refused
        ),
        (1, 0)
    );
    Ok(())
}

#[tokio::test]
async fn a_delete_followed_by_another_writers_create_is_not_applied_again() -> Result<(), BoxError>
{
    let (engine, direct) = fresh::<App>().await?;
    direct.create(&note("n", "x")).await?;
    let log = Log::default();
    let b_log = Arc::clone(&log);
    let (_proxy, db) = lost_with(&engine, &direct, &["DeleteItem"], move |b| {
        let log = Arc::clone(&b_log);
        async move {
            record(&log, "B create", b.create(&note("n", "B")).await);
        }
    })
    .await?;
    let lost = unknown(db.delete(&Note::key("n")?).await)?;
    assert_eq!(lost.operation, "DeleteItem");
    assert_eq!(lines(&log), ["B create: ok"]);
    assert_eq!(
        title(&direct, "n").await?.as_deref(),
        Some("B"),
        "B's item kept"
    );

    // Without another writer, no item settles a delete: Ok.
    let (_proxy, db) = lost_with(&engine, &direct, &["DeleteItem"], |_| async {}).await?;
    db.delete(&Note::key("n")?).await?;
    assert_eq!(title(&direct, "n").await?, None);
    Ok(())
}

#[tokio::test]
async fn a_move_resent_with_its_token_is_not_applied_again() -> Result<(), BoxError> {
    let (engine, direct) = fresh::<App>().await?;
    if engine.unsupported(Capability::IdempotentTransactions) {
        return Ok(());
    }
    direct.create(&note("old", "x")).await?;
    let log = Log::default();
    let b_log = Arc::clone(&log);
    let (proxy, db) = lost_with(&engine, &direct, &["TransactWriteItems"], move |b| {
        let log = Arc::clone(&b_log);
        async move {
            // B moves the item back: A's resend, were it applied again, would move it once more.
            let back = b
                .move_to(&Note::key("new").expect("key"), &note("old", "B"))
                .await;
            record(&log, "B move back", back);
        }
    })
    .await?;
    db.move_to(&Note::key("old")?, &note("new", "A")).await?;
    assert_eq!(lines(&log), ["B move back: ok"]);
    assert_eq!(proxy.counts().dropped_after, 1);
    // One application of A, then B's: the item back at the old key with B's title.
    assert_eq!(title(&direct, "old").await?.as_deref(), Some("B"));
    assert_eq!(title(&direct, "new").await?, None);
    assert_eq!(scan(direct.client(), direct.table_name()).await?.len(), 1);
    Ok(())
}

#[tokio::test]
async fn exactly_once_settles_a_lost_answer_by_its_token() -> Result<(), BoxError> {
    let (engine, direct) = fresh::<App>().await?;
    if engine.unsupported(Capability::IdempotentTransactions) {
        return Ok(());
    }
    direct
        .create(&Counter {
            id: "c".into(),
            n: 0,
        })
        .await?;
    let log = Log::default();
    let b_log = Arc::clone(&log);
    let (proxy, db) = lost_with(&engine, &direct, &["TransactWriteItems"], move |b| {
        let log = Arc::clone(&b_log);
        async move {
            let gone = b.delete(&Note::key("n").expect("key")).await;
            record(&log, "B delete", gone);
        }
    })
    .await?;
    // A create that B deletes at once: settled Ok by the token, not created again.
    db.create(&note("n", "A")).exactly_once().await?;
    assert_eq!(lines(&log), ["B delete: ok"]);
    assert_eq!(title(&direct, "n").await?, None, "B's delete kept");
    // An add, never resent without a token: applied once, Ok.
    db.update(&Counter::key("c")?)
        .add(Counter::N, 1u64)
        .exactly_once()
        .await?;
    let counter = direct.get(&Counter::key("c")?).consistent_read().await?;
    assert_eq!(counter.map(|c| c.n), Some(1));
    // Its own errors stay its own: a create of a taken key is AlreadyExists.
    direct.create(&note("m", "x")).await?;
    let taken = db.create(&note("m", "y")).exactly_once().await;
    assert!(
        matches!(taken, Err(Error::AlreadyExists { .. })),
        "{taken:?}"
    );
    assert_eq!(proxy.counts().dropped_after, 3);
    Ok(())
}
