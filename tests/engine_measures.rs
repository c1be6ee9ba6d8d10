//! The per-pattern measures (`dynakey-runtime/src/measures.rs`, feature `metrics`): the labels of
//! every operation kind, and the hot keys of `Db::with_measures` with their warning.
//!
//! Each test records into a `metrics-util` debugging recorder of its own, set for its thread only
//! (`metrics::with_local_recorder`) around a current-thread runtime, so that the other tests of
//! this binary, on other threads, record nothing into it.

use crate::common;
use crate::engine_tracing::collect;

use std::future::Future;
use std::time::Duration;

use common::fault_proxy::{FaultMix, FaultProxy};
use common::{BoxError, TestEngine};
use dynakey::{Entity, Table, UpdateBuilder};
use dynakey_runtime::{Db, Measures, RetryPolicy};
use futures::TryStreamExt;
use metrics_util::debugging::{DebugValue, DebuggingRecorder};
use metrics_util::MetricKind;
use serde::{Deserialize, Serialize};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByStatus, name = "GSI1", partition_key = "GSI1PK", sort_key = "GSI1SK", projection = all)]
struct Tracker;

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Tracker)]
#[pk("PROJ#<project>")]
#[sk("ISSUE#<id>")]
#[index(ByStatus, pk = "STATUS#<status>", sk = "<id>")]
struct Issue {
    project: String,
    id: String,
    status: String,
    title: String,
}

fn issue(id: &str) -> Issue {
    Issue {
        project: "apollo".into(),
        id: id.into(),
        status: "open".into(),
        title: "a title".into(),
    }
}

/// One counter or histogram as recorded: its name, labels and value.
#[derive(Debug, Clone)]
struct Recorded {
    name: String,
    labels: Vec<(String, String)>,
    kind: MetricKind,
    value: f64,
}

impl Recorded {
    fn label(&self, name: &str) -> &str {
        self.labels
            .iter()
            .find(|(k, _)| k == name)
            .map_or("<none>", |(_, v)| v.as_str())
    }
}

/// Runs `run` on a fresh table of a new engine with a recorder of this thread's own, and returns
/// what it recorded from the first request of `run` on (the table's creation left out), every
/// measure checked to name the table.
fn measured<F, Fut>(run: F) -> Result<Vec<Recorded>, BoxError>
where
    F: FnOnce(Db<Tracker>) -> Fut,
    Fut: Future<Output = Result<(), BoxError>>,
{
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let (_engine, db) = runtime.block_on(async {
        let engine = TestEngine::start().await?;
        let db = engine.fresh_table::<Tracker>().await?;
        db.put(&issue("seed")).await?;
        Ok::<_, BoxError>((engine, db))
    })?;
    let recorder = DebuggingRecorder::new();
    let snapshotter = recorder.snapshotter();
    let table = db.table_name().to_owned();
    metrics::with_local_recorder(&recorder, || runtime.block_on(run(db)))?;
    let recorded: Vec<Recorded> = snapshotter
        .snapshot()
        .into_vec()
        .into_iter()
        .map(|(key, _, _, value)| {
            let (kind, key) = key.into_parts();
            let labels = key
                .labels()
                .map(|l| (l.key().to_owned(), l.value().to_owned()))
                .collect();
            let value = match value {
                DebugValue::Counter(n) => n as f64,
                DebugValue::Gauge(g) => g.into_inner(),
                DebugValue::Histogram(h) => h.iter().map(|v| v.into_inner()).sum(),
            };
            Recorded {
                name: key.name().to_owned(),
                labels,
                kind,
                value,
            }
        })
        .collect();
    for r in &recorded {
        assert_eq!(r.label("table"), table, "{r:?}");
    }
    Ok(recorded)
}

/// The `dynakey_requests_total` counters of `operation`.
fn requests<'a>(recorded: &'a [Recorded], operation: &str) -> Vec<&'a Recorded> {
    recorded
        .iter()
        .filter(|r| r.name == "dynakey_requests_total" && r.label("operation") == operation)
        .collect()
}

/// Checks that `operation` was sent and every send of it is labelled as given (`index` empty for
/// the base table), with a duration beside each.
fn assert_labelled(
    recorded: &[Recorded],
    operation: &str,
    entity: &str,
    pattern: &str,
    index: &str,
) {
    let sent = requests(recorded, operation);
    assert!(!sent.is_empty(), "no {operation} recorded: {recorded:#?}");
    for r in &sent {
        assert_eq!(r.kind, MetricKind::Counter);
        assert_eq!(r.label("entity"), entity, "{r:?}");
        assert_eq!(r.label("pattern"), pattern, "{r:?}");
        assert_eq!(r.label("index"), index, "{r:?}");
        assert_eq!(r.label("outcome"), "ok", "{r:?}");
    }
    let timed = recorded.iter().any(|r| {
        r.name == "dynakey_request_duration_seconds"
            && r.kind == MetricKind::Histogram
            && r.label("operation") == operation
            && r.label("pattern") == pattern
    });
    assert!(timed, "no duration of {operation}: {recorded:#?}");
}

#[test]
fn a_get_is_labelled_with_its_entity_and_pattern() -> Result<(), BoxError> {
    let recorded = measured(|db| async move {
        let _: Option<Issue> = db.get(&Issue::key("apollo", "seed")?).await?;
        let _: Option<Issue> = db
            .get(&Issue::key("apollo", "none")?)
            .pattern("issue_page")
            .await?;
        Ok(())
    })?;
    let gets = requests(&recorded, "GetItem");
    assert_eq!(gets.len(), 2, "{gets:#?}");
    assert!(gets.iter().any(|r| r.label("pattern") == "get"));
    assert!(gets.iter().any(|r| r.label("pattern") == "issue_page"));
    assert!(gets.iter().all(|r| r.label("entity") == "Issue"));
    let returned = recorded
        .iter()
        .find(|r| r.name == "dynakey_items_returned" && r.label("pattern") == "get")
        .map(|r| r.value);
    assert_eq!(returned, Some(1.0), "the item found");
    Ok(())
}

#[test]
fn a_put_and_a_create_are_labelled() -> Result<(), BoxError> {
    let recorded = measured(|db| async move {
        db.put(&issue("i1")).await?;
        db.create(&issue("i2")).await?;
        db.put(&issue("i3")).pattern("import").await?;
        Ok(())
    })?;
    let puts = requests(&recorded, "PutItem");
    let patterns: Vec<&str> = puts.iter().map(|r| r.label("pattern")).collect();
    assert!(patterns.contains(&"put"), "{patterns:?}");
    assert!(patterns.contains(&"create"), "{patterns:?}");
    assert!(patterns.contains(&"import"), "{patterns:?}");
    assert!(puts.iter().all(|r| r.label("entity") == "Issue"));
    Ok(())
}

#[test]
fn an_update_is_labelled() -> Result<(), BoxError> {
    let recorded = measured(|db| async move {
        db.update(&Issue::key("apollo", "seed")?)
            .set(Issue::TITLE, "renamed".to_owned())
            .pattern("close_issue")
            .await?;
        Ok(())
    })?;
    assert_labelled(&recorded, "UpdateItem", "Issue", "close_issue", "");
    Ok(())
}

#[test]
fn a_delete_is_labelled() -> Result<(), BoxError> {
    let recorded = measured(|db| async move {
        db.delete(&Issue::key("apollo", "seed")?).await?;
        Ok(())
    })?;
    assert_labelled(&recorded, "DeleteItem", "Issue", "delete", "");
    Ok(())
}

#[test]
fn a_query_is_labelled_with_its_generated_function_or_index() -> Result<(), BoxError> {
    let recorded = measured(|db| async move {
        let _: Vec<Issue> = db
            .query(&Issue::query("apollo"))
            .items()
            .try_collect()
            .await?;
        let _: Vec<Issue> = db
            .query(&Issue::query_by_status("open"))
            .items()
            .try_collect()
            .await?;
        let _: Vec<Issue> = db
            .query(&Issue::query("apollo"))
            .pattern("overdue")
            .items()
            .try_collect()
            .await?;
        Ok(())
    })?;
    let queries = requests(&recorded, "Query");
    let find = |pattern: &str| queries.iter().find(|r| r.label("pattern") == pattern);
    assert_eq!(find("query").map(|r| r.label("index")), Some(""));
    assert_eq!(
        find("query_by_status").map(|r| r.label("index")),
        Some("GSI1")
    );
    assert_eq!(find("overdue").map(|r| r.label("entity")), Some("Issue"));
    let evaluated = recorded
        .iter()
        .find(|r| r.name == "dynakey_items_evaluated" && r.label("pattern") == "query")
        .map(|r| r.value);
    assert_eq!(evaluated, Some(1.0), "ScannedCount of the seed partition");
    let capacity = recorded.iter().any(|r| {
        r.name == "dynakey_consumed_read_units"
            && r.label("pattern") == "query"
            && r.label("consumed_by") == "total"
    });
    assert!(capacity, "a read asks for its capacity: {recorded:#?}");
    Ok(())
}

#[test]
fn a_scan_is_labelled() -> Result<(), BoxError> {
    let recorded = measured(|db| async move {
        let _: Vec<Issue> = db.scan::<Issue>().items().try_collect().await?;
        Ok(())
    })?;
    assert_labelled(&recorded, "Scan", "Issue", "scan", "");
    Ok(())
}

#[test]
fn batches_are_labelled() -> Result<(), BoxError> {
    let recorded = measured(|db| async move {
        db.batch_put(&vec![issue("b1"), issue("b2")]).await?;
        let keys = vec![Issue::key("apollo", "b1")?, Issue::key("apollo", "b2")?];
        let got: Vec<Issue> = db.batch_get(&keys).await?;
        assert_eq!(got.len(), 2);
        db.batch_delete(&keys).await?;
        Ok(())
    })?;
    let writes = requests(&recorded, "BatchWriteItem");
    let patterns: Vec<&str> = writes.iter().map(|r| r.label("pattern")).collect();
    assert!(patterns.contains(&"batch_put"), "{patterns:?}");
    assert!(patterns.contains(&"batch_delete"), "{patterns:?}");
    assert_labelled(&recorded, "BatchGetItem", "Issue", "batch_get", "");
    let returned = recorded
        .iter()
        .find(|r| r.name == "dynakey_items_returned" && r.label("pattern") == "batch_get")
        .map(|r| r.value);
    assert_eq!(returned, Some(2.0));
    Ok(())
}

#[test]
fn a_delete_all_is_labelled() -> Result<(), BoxError> {
    let recorded = measured(|db| async move {
        db.delete_all(&Issue::query("apollo")).await?;
        Ok(())
    })?;
    assert_labelled(&recorded, "BatchWriteItem", "Issue", "delete_all", "");
    Ok(())
}

#[test]
fn transactions_are_labelled() -> Result<(), BoxError> {
    let recorded = measured(|db| async move {
        db.transaction()
            .put(db.put(&issue("t1")))
            .put(db.put(&issue("t2")))
            .send()
            .await?;
        let _ = db
            .transact_get(&vec![
                Issue::key("apollo", "t1")?,
                Issue::key("apollo", "t2")?,
            ])
            .await?;
        Ok(())
    })?;
    assert_labelled(&recorded, "TransactWriteItems", "", "transaction", "");
    assert_labelled(&recorded, "TransactGetItems", "", "transact_get", "");
    Ok(())
}

#[test]
fn with_measures_reports_capacity_per_table_and_index() -> Result<(), BoxError> {
    let recorded = measured(|db| async move {
        db.with_measures(Measures::default())
            .put(&issue("m1"))
            .await?;
        Ok(())
    })?;
    let parts: Vec<&str> = recorded
        .iter()
        .filter(|r| r.name == "dynakey_consumed_write_units")
        .map(|r| r.label("consumed_by"))
        .collect();
    assert!(parts.contains(&"table"), "{parts:?} {recorded:#?}");
    Ok(())
}

#[test]
fn a_throttled_hot_key_tops_hot_keys_and_its_warning_names_entity_and_shards(
) -> Result<(), BoxError> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let (collected, _stop) = collect();
    let recorder = DebuggingRecorder::new();
    let snapshotter = recorder.snapshotter();
    let hot = metrics::with_local_recorder(&recorder, || {
        runtime.block_on(async {
            let engine = TestEngine::start().await?;
            let db = engine.fresh_table::<Tracker>().await?;
            let hot_key = Issue::key("hot", "x")?;
            let proxy = FaultProxy::start(
                &engine.endpoint().await?,
                43,
                FaultMix::none().hot_key(hot_key.partition()),
            )
            .await?;
            let db: Db<Tracker> = Db::new(proxy.client(), db.table_name())
                .with_retry_policy(RetryPolicy {
                    base: Duration::from_millis(1),
                    cap: Duration::from_millis(2),
                    max_attempts: 2,
                })
                .with_measures(Measures::default().hot_keys(8));
            for i in 0..20 {
                let cold = Issue {
                    project: format!("cold{i}"),
                    ..issue("c")
                };
                db.put(&cold).await?;
            }
            for _ in 0..3 {
                let hot_issue = Issue {
                    project: "hot".into(),
                    ..issue("x")
                };
                assert!(
                    db.put(&hot_issue).await.is_err(),
                    "the hot key is throttled"
                );
            }
            Ok::<_, BoxError>(db.hot_keys())
        })
    })?;
    // Each hot put: two attempts (the policy's), each throttled for its key range. (A snapshot
    // takes the values: one is taken.)
    let snapshot = snapshotter.snapshot().into_vec();
    let counted = |name: &str, label: (&str, &str)| -> u64 {
        snapshot
            .iter()
            .filter(|(key, ..)| key.key().name() == name)
            .filter(|(key, ..)| key.key().labels().any(|l| (l.key(), l.value()) == label))
            .map(|(.., value)| match value {
                DebugValue::Counter(n) => *n,
                _ => 0,
            })
            .sum()
    };
    let reason = ("reason", "TableWriteKeyRangeThroughputExceeded");
    assert_eq!(counted("dynakey_throttles_total", reason), 6);
    assert_eq!(counted("dynakey_retries_total", ("pattern", "put")), 3);
    assert_eq!(
        counted(
            "dynakey_requests_total",
            ("outcome", "ProvisionedThroughputExceededException")
        ),
        6
    );
    let top = hot.by_throttles.first();
    assert_eq!(
        top.map(|k| k.partition_key.as_str()),
        Some("PROJ#hot"),
        "{hot:#?}"
    );
    assert_eq!(top.and_then(|k| k.entity), Some("Issue"));
    assert_eq!(top.and_then(|k| k.template), Some("PROJ#<project>"));
    assert!(top.is_some_and(|k| k.count >= 3.0), "{hot:#?}");
    assert_eq!(hot.by_capacity.len(), 8, "the top 8 of 20 cold keys");
    let warnings: Vec<_> = collected
        .events()
        .into_iter()
        .filter(|e| e.level == "WARN" && e.get("partition_key") == Some("PROJ#hot"))
        .collect();
    let warning = warnings.first().ok_or("no hot-key warning")?;
    assert_eq!(warning.get("entity"), Some("Issue"));
    assert_eq!(
        warning.get("throttled"),
        Some("TableWriteKeyRangeThroughputExceeded")
    );
    let shards: u64 = warning.get("shards").ok_or("no shard count")?.parse()?;
    assert!(shards >= 2, "{warning:?}");
    assert!(
        warning
            .get("message")
            .is_some_and(|m| m.contains(&format!("shards = {shards}")) && m.contains("Issue")),
        "{warning:?}"
    );
    Ok(())
}
