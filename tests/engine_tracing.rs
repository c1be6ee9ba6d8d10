//! What a `Db` reports through `tracing`: one debug event per request with its operation, table,
//! index, items, consumed capacity and retries, and a warning for each throttled attempt
//! (`dynakey-runtime/src/trace.rs`). The events are collected on a current-thread runtime, so the
//! engine's and the client's work is seen by this test's collector only.
//!
//! The collector is reached through one process-wide subscriber (installed once, [`collect`]),
//! not a subscriber of the test's thread (`tracing::subscriber::set_default`): the other tests of
//! this binary emit the same events on other threads, and `tracing` caches whether a call site is
//! wanted for the whole process — with a thread's subscriber alive as the only one, a call site
//! first reached on another thread (where no subscriber listens) is cached as unwanted, and this
//! test saw none of its events.

use crate::common;

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, Once, PoisonError};

use common::fault_proxy::{FaultMix, FaultProxy};
use common::TestEngine;
use dynakey::{DefaultTable, Entity};
use dynakey_runtime::Db;
use futures::TryStreamExt;
use serde::{Deserialize, Serialize};
use tracing::field::{Field, Visit};
use tracing::subscriber::Interest;
use tracing::Metadata;
use tracing_subscriber::layer::{Context, SubscriberExt};
use tracing_subscriber::Layer;

type BoxError = Box<dyn std::error::Error + Send + Sync>;

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[pk("WS#<workspace>")]
#[sk("PROJ#<id>")]
struct Project {
    workspace: String,
    id: String,
    name: String,
}

/// One event as text: level, message and fields.
#[derive(Debug, Clone, Default)]
pub(crate) struct Seen {
    pub(crate) level: String,
    fields: BTreeMap<String, String>,
}

impl Seen {
    pub(crate) fn get(&self, field: &str) -> Option<&str> {
        self.fields.get(field).map(String::as_str)
    }
}

impl Visit for Seen {
    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        self.fields
            .insert(field.name().to_owned(), format!("{value:?}"));
    }
    fn record_str(&mut self, field: &Field, value: &str) {
        self.fields
            .insert(field.name().to_owned(), value.to_owned());
    }
}

/// The target of dynakey's request events.
const TARGET: &str = "dynakey_runtime::trace";
/// The target of the hot-key warnings (tests/engine_measures.rs).
const MEASURES: &str = "dynakey_runtime::measures";

/// Collects the events of target [`TARGET`] (and [`MEASURES`]) emitted on one thread.
#[derive(Clone, Default)]
pub(crate) struct Collect(Arc<Mutex<Vec<Seen>>>);

thread_local! {
    /// The collector of this thread's test, while [`collect`]'s guard lives.
    static COLLECTOR: RefCell<Option<Collect>> = const { RefCell::new(None) };
}

/// A collector for the events this thread emits until the guard is dropped.
pub(crate) fn collect() -> (Collect, impl Drop) {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        tracing::subscriber::set_global_default(tracing_subscriber::registry().with(ToThisThread))
            .expect("no other process-wide subscriber in the engine tests");
    });
    struct Stop;
    impl Drop for Stop {
        fn drop(&mut self) {
            COLLECTOR.with(|c| c.borrow_mut().take());
        }
    }
    let collect = Collect::default();
    COLLECTOR.with(|c| *c.borrow_mut() = Some(collect.clone()));
    (collect, Stop)
}

/// The process-wide layer: hands each event of [`TARGET`] to its thread's collector, if any.
/// Every other call site is unwanted, so the other tests' SDK events cost nothing.
struct ToThisThread;

impl<S: tracing::Subscriber> Layer<S> for ToThisThread {
    fn register_callsite(&self, metadata: &'static Metadata<'static>) -> Interest {
        if [TARGET, MEASURES].contains(&metadata.target()) {
            Interest::always()
        } else {
            Interest::never()
        }
    }

    fn enabled(&self, metadata: &Metadata<'_>, _ctx: Context<'_, S>) -> bool {
        [TARGET, MEASURES].contains(&metadata.target())
    }

    fn on_event(&self, event: &tracing::Event<'_>, _ctx: Context<'_, S>) {
        COLLECTOR.with(|c| {
            if let Some(collect) = &*c.borrow() {
                collect.record(event);
            }
        });
    }
}

impl Collect {
    pub(crate) fn events(&self) -> Vec<Seen> {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }
    fn requests(&self, operation: &str) -> Vec<Seen> {
        self.events()
            .into_iter()
            .filter(|e| e.level == "DEBUG" && e.get("operation") == Some(operation))
            .collect()
    }

    fn record(&self, event: &tracing::Event<'_>) {
        if ![TARGET, MEASURES].contains(&event.metadata().target()) {
            return;
        }
        let mut seen = Seen {
            level: event.metadata().level().to_string(),
            ..Seen::default()
        };
        event.record(&mut seen);
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(seen);
    }
}

fn project(id: &str) -> Project {
    Project {
        workspace: "acme".into(),
        id: id.into(),
        name: format!("project {id}"),
    }
}

#[tokio::test(flavor = "current_thread")]
async fn every_request_is_one_debug_event_with_its_consumed_capacity() -> Result<(), BoxError> {
    let (collect, _guard) = collect();
    let engine = TestEngine::start().await?;
    let db: Db<DefaultTable> = engine.fresh_table().await?;

    for id in ["p1", "p2", "p3"] {
        db.put(&project(id)).await?;
    }
    let read: Vec<Project> = db
        .query(&Project::query("acme"))
        .items()
        .try_collect()
        .await?;
    assert_eq!(read.len(), 3);
    let _one: Option<Project> = db.get(&Project::key("acme", "p2")?).await?;
    db.batch_put(&[project("p4"), project("p5")]).await?;

    let puts = collect.requests("PutItem");
    assert_eq!(puts.len(), 3, "one event per PutItem: {puts:?}");
    for put in &puts {
        assert_eq!(put.get("table"), Some(db.table_name()));
        assert_eq!(put.get("items"), Some("1"));
        assert_eq!(put.get("retries"), Some("0"));
        assert_eq!(put.get("outcome"), Some("ok"));
        assert!(
            put.get("consumed_capacity").is_some(),
            "capacity asked for and reported: {put:?}"
        );
    }
    let queries = collect.requests("Query");
    assert_eq!(queries.len(), 1, "{queries:?}");
    assert_eq!(queries[0].get("items"), Some("3"));
    assert!(
        queries[0].get("consumed_capacity").is_some(),
        "{:?}",
        queries[0]
    );
    let gets = collect.requests("GetItem");
    assert_eq!(gets.len(), 1);
    assert_eq!(gets[0].get("items"), Some("1"));
    let batches = collect.requests("BatchWriteItem");
    assert_eq!(batches.len(), 1, "{batches:?}");
    assert_eq!(batches[0].get("items"), Some("2"));
    assert!(
        collect.events().iter().all(|e| e.level != "WARN"),
        "nothing was throttled"
    );
    Ok(())
}

#[tokio::test(flavor = "current_thread")]
async fn a_throttled_attempt_is_a_warning_and_a_retry() -> Result<(), BoxError> {
    let (collect, _guard) = collect();
    let engine = TestEngine::start().await?;
    let db: Db<DefaultTable> = engine.fresh_table().await?;
    db.put(&project("p1")).await?;

    // Every GetItem attempt through the proxy is throttled; the SDK's standard retries (3
    // attempts) run out and the error reaches the caller.
    let proxy = FaultProxy::start(
        &engine.endpoint().await?,
        7,
        FaultMix::none().throttle(1.0).only(&["GetItem"]),
    )
    .await?;
    let throttled: Db<DefaultTable> = Db::new(proxy.client(), db.table_name());
    let result: Result<Option<Project>, _> = throttled.get(&Project::key("acme", "p1")?).await;
    assert!(result.is_err(), "every attempt throttled: {result:?}");

    let warnings: Vec<Seen> = collect
        .events()
        .into_iter()
        .filter(|e| e.level == "WARN")
        .collect();
    assert_eq!(
        warnings.len(),
        3,
        "one warning per throttled attempt: {warnings:?}"
    );
    let throttling = [
        "ThrottlingException",
        "ProvisionedThroughputExceededException",
    ];
    for warning in &warnings {
        assert_eq!(warning.get("operation"), Some("GetItem"));
        assert!(
            throttling.contains(&warning.get("code").unwrap_or_default()),
            "{warning:?}"
        );
    }
    let gets = collect.requests("GetItem");
    assert_eq!(
        gets.len(),
        1,
        "one event for the request, not per attempt: {gets:?}"
    );
    assert_eq!(gets[0].get("retries"), Some("2"));
    assert!(
        throttling.contains(&gets[0].get("outcome").unwrap_or_default()),
        "{:?}",
        gets[0]
    );
    Ok(())
}
