//! `db.modify(&key, |e| …)` on the engine (docs/semantics.md §5, "Changing some fields"): one
//! `UpdateItem` of exactly what the closure changed, index keys rebuilt from the stored values of
//! the other fields, conditioned on the version or on the item as read, a lost race read and
//! written again a bounded number of times; 16 concurrent callers on different fields all kept.

use crate::common;

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;

use aws_sdk_dynamodb::types::AttributeValue;
use dynakey::{Entity, Table, UpdateBuilder};
use dynakey_runtime::{Db, Error, RequestInput, RequestLog};
use futures::TryStreamExt;
use serde::{Deserialize, Serialize};

use common::{BoxError, TestEngine};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByAssignee, name = "GSI1", partition_key = "GSI1PK", sort_key = "GSI1SK", projection = all)]
struct App;

/// Sixteen fields `f0`…`f15` of one item, and an index fed by `assignee` and `due`; `Task` is
/// unversioned, `Doc` versioned.
macro_rules! sixteen_fields {
    ($(#[$attr:meta])* struct $name:ident { $($extra:ident: $ty:ty),* }) => {
        #[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq, Default)]
        $(#[$attr])*
        struct $name {
            workspace: String,
            id: u32,
            assignee: Option<String>,
            due: u32,
            f0: u32, f1: u32, f2: u32, f3: u32, f4: u32, f5: u32, f6: u32, f7: u32,
            f8: u32, f9: u32, f10: u32, f11: u32, f12: u32, f13: u32, f14: u32, f15: u32,
            $($extra: $ty),*
        }

        impl $name {
            fn field(&mut self, i: usize) -> &mut u32 {
                let fields = [
                    &mut self.f0, &mut self.f1, &mut self.f2, &mut self.f3, &mut self.f4,
                    &mut self.f5, &mut self.f6, &mut self.f7, &mut self.f8, &mut self.f9,
                    &mut self.f10, &mut self.f11, &mut self.f12, &mut self.f13, &mut self.f14,
                    &mut self.f15,
                ];
                fields.into_iter().nth(i).expect("a field of 0..16")
            }
        }
    };
}

sixteen_fields! {
    #[dynakey(table = App)]
    #[pk("WS#<workspace>")]
    #[sk("TASK#<id>")]
    #[index(ByAssignee, pk = "USER#<assignee>", sk = "<due>#<id>")]
    struct Task {}
}

sixteen_fields! {
    #[dynakey(table = App, version = "version")]
    #[pk("WS#<workspace>")]
    #[sk("DOC#<id>")]
    #[index(ByAssignee, pk = "DOCS#<assignee>", sk = "<due>#<id>")]
    struct Doc { version: u64 }
}

fn task() -> Task {
    Task {
        workspace: "acme".into(),
        id: 1,
        assignee: Some("ann".into()),
        due: 20261203,
        ..Task::default()
    }
}

fn doc() -> Doc {
    Doc {
        workspace: "acme".into(),
        id: 1,
        assignee: Some("ann".into()),
        due: 20261203,
        ..Doc::default()
    }
}

async fn stored<E: dynakey::InTable<App> + serde::de::DeserializeOwned + Send + 'static>(
    db: &Db<App>,
    key: &dynakey::Key<E>,
) -> Result<E, BoxError> {
    db.get(key)
        .consistent_read()
        .await?
        .ok_or_else(|| "no item".into())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sixteen_concurrent_callers_on_different_fields_keep_every_change() -> Result<(), BoxError>
{
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<App>().await?;
    db.create(&task()).await?;
    db.create(&doc()).await?;
    let (task_key, doc_key) = (Task::key("acme", 1u32)?, Doc::key("acme", 1u32)?);
    let mut calls = Vec::new();
    for i in 0..16 {
        let (handle, key) = (db.clone(), task_key.clone());
        calls.push(tokio::spawn(async move {
            handle
                .modify(&key, move |t: &mut Task| *t.field(i) = i as u32 + 1)
                .await
                .map(|_| ())
        }));
        let (handle, key) = (db.clone(), doc_key.clone());
        calls.push(tokio::spawn(async move {
            handle
                .modify(&key, move |d: &mut Doc| *d.field(i) = i as u32 + 1)
                .await
                .map(|_| ())
        }));
    }
    for call in futures::future::join_all(calls).await {
        call??;
    }
    let (mut task, mut doc) = (stored(&db, &task_key).await?, stored(&db, &doc_key).await?);
    for i in 0..16 {
        assert_eq!(
            *task.field(i),
            i as u32 + 1,
            "the unversioned item keeps f{i}"
        );
        assert_eq!(*doc.field(i), i as u32 + 1, "the versioned item keeps f{i}");
    }
    assert_eq!(doc.version, 17, "created at 1, one version per caller");
    assert_eq!(
        (task.assignee.as_deref(), task.due),
        (Some("ann"), 20261203)
    );
    Ok(())
}

async fn assigned(db: &Db<App>, user: &str) -> Result<Vec<(u32, String)>, BoxError> {
    let tasks: Vec<Task> = db
        .query(&Task::query_by_assignee(user.to_owned()))
        .items()
        .try_collect()
        .await?;
    let docs: Vec<Doc> = db
        .query(&Doc::query_by_assignee(user.to_owned()))
        .items()
        .try_collect()
        .await?;
    Ok(tasks
        .into_iter()
        .map(|t| (t.due, "task".to_owned()))
        .chain(docs.into_iter().map(|d| (d.due, "doc".to_owned())))
        .collect())
}

#[tokio::test]
async fn a_changed_index_field_rebuilds_the_index_key_from_the_stored_fields(
) -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let log = RequestLog::new();
    let db = engine.fresh_table::<App>().await?.with_request_log(&log);
    db.create(&task()).await?;
    db.create(&doc()).await?;
    let (task_key, doc_key) = (Task::key("acme", 1u32)?, Doc::key("acme", 1u32)?);
    // Another writer moves the due date; the caller of `modify` never holds it.
    db.update(&task_key).set(Task::F3, 9).await?;
    log.take();
    let task = db
        .modify(&task_key, |t: &mut Task| t.assignee = Some("bob".into()))
        .await?;
    assert_eq!(
        (task.assignee.as_deref(), task.due, task.f3),
        (Some("bob"), 20261203, 9)
    );
    assert_eq!(
        log.operations(),
        ["GetItem", "UpdateItem"],
        "one read, one write"
    );
    let sent = log.sent();
    let Some(RequestInput::UpdateItem(input)) = sent.last().map(|r| &r.input) else {
        return Err("no UpdateItem logged".into());
    };
    let names = input
        .expression_attribute_names()
        .cloned()
        .unwrap_or_default();
    let update = input.update_expression().unwrap_or_default().to_owned();
    // The names the UpdateExpression writes: the assignee and the index partition key rebuilt
    // from it — not the due date, not f3, not the index sort key (`<due>#<id>`, unchanged).
    let mut written: Vec<&str> = names
        .iter()
        .filter(|(placeholder, _)| update.contains(placeholder.as_str()))
        .map(|(_, name)| name.as_str())
        .collect();
    written.sort_unstable();
    assert_eq!(written, ["GSI1PK", "assignee"], "{update}");

    db.modify(&doc_key, |d: &mut Doc| d.assignee = Some("bob".into()))
        .await?;
    let mut bob = assigned(&db, "bob").await?;
    bob.sort();
    assert_eq!(
        bob,
        [(20261203, "doc".to_owned()), (20261203, "task".to_owned())]
    );
    assert_eq!(assigned(&db, "ann").await?, [], "neither is ann's any more");

    // A change of the other field of the template rebuilds the key from the stored assignee.
    db.modify(&task_key, |t: &mut Task| t.due = 20270101)
        .await?;
    assert_eq!(
        assigned(&db, "bob").await?,
        [(20270101, "task".to_owned()), (20261203, "doc".to_owned())],
        "tasks first, then docs"
    );
    // Clearing the assignee takes the item out of the sparse index.
    db.modify(&task_key, |t: &mut Task| t.assignee = None)
        .await?;
    db.modify(&doc_key, |d: &mut Doc| d.assignee = None).await?;
    assert_eq!(assigned(&db, "bob").await?, []);
    let raw = db
        .client()
        .get_item()
        .table_name(db.table_name())
        .key("PK", AttributeValue::S("WS#acme".into()))
        .key("SK", AttributeValue::S("TASK#0000000001".into()))
        .consistent_read(true)
        .send()
        .await?;
    let item = raw.item.unwrap_or_default();
    assert!(
        !item.contains_key("GSI1PK") && !item.contains_key("GSI1SK"),
        "{item:?}"
    );
    assert_eq!(stored(&db, &doc_key).await?.version, 3);
    Ok(())
}

#[tokio::test]
async fn a_changed_key_field_is_refused_before_any_write() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let log = RequestLog::new();
    let db = engine.fresh_table::<App>().await?.with_request_log(&log);
    db.create(&task()).await?;
    log.take();
    let key = Task::key("acme", 1u32)?;
    let error = db
        .modify(&key, |t: &mut Task| {
            t.id = 2;
            t.f0 = 5;
        })
        .await;
    assert!(
        matches!(&error, Err(Error::KeyChanged { partition, sort, .. })
            if partition == "WS#acme" && sort.as_deref() == Some("TASK#0000000001")),
        "{error:?}"
    );
    assert_eq!(log.operations(), ["GetItem"], "nothing written");
    assert_eq!(stored(&db, &key).await?, task());
    assert!(db
        .get(&Task::key("acme", 2u32)?)
        .consistent_read()
        .await?
        .is_none());
    // A missing item is NotFound, nothing created.
    let missing = db
        .modify(&Task::key("acme", 9u32)?, |t: &mut Task| t.f0 = 1)
        .await;
    assert!(
        matches!(missing, Err(Error::NotFound { .. })),
        "{missing:?}"
    );
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_race_lost_every_time_ends_after_the_bound() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<App>().await?;
    db.create(&task()).await?;
    db.create(&doc()).await?;
    let handle = tokio::runtime::Handle::current();
    for versioned in [false, true] {
        // The closure lets another writer in before each write: every attempt loses.
        let calls = Arc::new(AtomicU32::new(0));
        let interfere = {
            let (db, handle, calls) = (db.clone(), handle.clone(), calls.clone());
            move |f15: u32| {
                let n = calls.fetch_add(1, Ordering::SeqCst) + 1;
                let (db, handle) = (db.clone(), handle.clone());
                std::thread::spawn(move || {
                    handle.block_on(async move {
                        if versioned {
                            db.update(&Doc::key("acme", 1u32)?)
                                .set(Doc::F15, f15 + n)
                                .expected_version(u64::from(n))
                                .await
                        } else {
                            db.update(&Task::key("acme", 1u32)?)
                                .set(Task::F15, f15 + n)
                                .await
                        }
                    })
                })
                .join()
                .expect("the other writer")
                .expect("the other write");
            }
        };
        let result = if versioned {
            db.modify(&Doc::key("acme", 1u32)?, move |d: &mut Doc| {
                interfere(d.f15);
                d.f0 = 100;
            })
            .attempts(3)
            .await
            .map(|_| ())
        } else {
            db.modify(&Task::key("acme", 1u32)?, move |t: &mut Task| {
                interfere(t.f15);
                t.f0 = 100;
            })
            .attempts(3)
            .await
            .map(|_| ())
        };
        assert!(
            matches!(result, Err(Error::ModifyContended { attempts: 3, .. })),
            "{result:?}"
        );
        assert_eq!(
            calls.load(Ordering::SeqCst),
            3,
            "three reads, three lost writes"
        );
    }
    assert_eq!(
        stored(&db, &Task::key("acme", 1u32)?).await?.f0,
        0,
        "nothing of it written"
    );
    assert_eq!(
        stored(&db, &Doc::key("acme", 1u32)?).await?.f0,
        0,
        "nothing of it written"
    );
    Ok(())
}
