//! Per-pattern measures: what each request a [`Db`](crate::Db) sends cost, labelled by what
//! dynakey knows of it — the table, the index, the entity, the operation and the access pattern.
//!
//! One place records them: the SDK edge, after each send (`sdk::Edge`), from the request as
//! rendered, its answer, and what dynakey's SDK interceptor saw of its attempts. The entity and
//! the pattern come from the request value that sent it (`Db::get`, `Db::query`, …), which runs
//! its sends inside its [`Labels`] (a task-local: no plumbing through the renderers).
//!
//! # Metrics (feature `metrics`)
//!
//! Through the [`metrics`](https://docs.rs/metrics) facade, only while a recorder is installed
//! (globally or for the current thread; a zero-sized recorder, such as the facade's own no-op
//! one, counts as none): with none, no metric is built and nothing is asked of DynamoDB.
//!
//! Every metric has the labels `table`, `index` (the index queried or scanned; empty for the
//! base table), `entity` (the entity's name; empty for a request of several or none, e.g. table
//! set-up or a transaction), `operation` (the DynamoDB API name, `GetItem`) and `pattern` (the
//! access pattern: the caller's `.pattern("…")`, otherwise the generated query function's name
//! — `query`, `query_by_status`, `query_shards` — or the request's own: `get`, `put`, `create`,
//! `update`, `delete`, `scan`, `batch_put`, `batch_get`, `batch_delete`, `transaction`,
//! `transact_get`; empty for a request sent another way).
//!
//! | name | kind | unit | extra labels | what |
//! |---|---|---|---|---|
//! | `dynakey_requests_total` | counter | requests | `outcome` | sends by the edge (`ok`, or the error code) |
//! | `dynakey_request_duration_seconds` | histogram | seconds | | one send, the SDK's own retries included |
//! | `dynakey_consumed_read_units` | histogram | RCU | `consumed_by` | read capacity a send consumed |
//! | `dynakey_consumed_write_units` | histogram | WCU | `consumed_by` | write capacity a send consumed |
//! | `dynakey_items_returned` | histogram | items | | items a read returned (`Count`, `Item`, `Responses`) |
//! | `dynakey_items_evaluated` | histogram | items | | items a Query or Scan evaluated (`ScannedCount`) |
//! | `dynakey_retries_total` | counter | attempts | | attempts after the first (the SDK's and the edge's) |
//! | `dynakey_throttles_total` | counter | attempts | `reason` | throttled attempts, per `ThrottlingReason` |
//! | `dynakey_lost_answers_total` | counter | attempts | | attempts whose answer was lost (may have been applied) |
//!
//! `consumed_by` is `table` or an index name when DynamoDB reported the capacity per table and
//! index (`ReturnConsumedCapacity = INDEXES`, which [`Db::with_measures`](crate::Db::with_measures)
//! asks for), and `total` when it reported only the request's total (`TOTAL`, which dynakey's
//! reads ask for themselves): sum one or the other, never both. `reason` is DynamoDB's
//! `ThrottlingReason.reason` (e.g. `TableWriteKeyRangeThroughputExceeded`: AWS developer guide,
//! "Understanding throttling diagnostics"), or the error code when the answer gave none. A lost
//! answer is what becomes [`Error::OutcomeUnknown`](crate::Error::OutcomeUnknown) unless a
//! resend or a read settles it.
//!
//! # Span fields
//!
//! The `dynamodb` span of each send carries the OpenTelemetry semantic conventions' DynamoDB
//! attributes (`rpc.system = "aws-api"`, `rpc.service = "DynamoDB"`, `rpc.method`,
//! `aws.dynamodb.table_names`, `aws.dynamodb.index_name`, `aws.dynamodb.consumed_capacity` as
//! the JSON array of the answer's `ConsumedCapacity`, `aws.dynamodb.count`,
//! `aws.dynamodb.scanned_count`) and dynakey's `dynakey.entity` and `dynakey.pattern`, filled
//! only while a subscriber has the span enabled.
//!
//! # Hot keys
//!
//! [`Db::with_measures`](crate::Db::with_measures) also keeps the hottest partition keys
//! ([`Db::hot_keys`](crate::Db::hot_keys), [`hot_keys`]).

pub(crate) mod hot_keys;
#[cfg(feature = "metrics")]
mod metrics;

use std::future::Future;
use std::time::Duration;

use dynakey::{Entity, EntityIndex};

pub use hot_keys::{HotKey, HotKeys};

/// What a request value labels its sends with (every field a static string, so that a label's
/// values stay few: one per entity, template and pattern of the program).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub(crate) struct Labels {
    /// The entity's name (`Entity::ENTITY_NAME`); empty when the request has several or none.
    pub(crate) entity: &'static str,
    /// The access pattern.
    pub(crate) pattern: &'static str,
    /// The partition-key template of the keys the request reads or writes (the index's for an
    /// index query); empty when unknown.
    pub(crate) template: &'static str,
}

impl Labels {
    /// A request of entity `E` on its table's partition key, `pattern` unless the caller named it.
    pub(crate) fn of<E: Entity>(named: Option<&'static str>, pattern: &'static str) -> Labels {
        Labels {
            entity: E::ENTITY_NAME,
            pattern: named.unwrap_or(pattern),
            template: E::PARTITION_TEMPLATE.text(),
        }
    }

    /// A request of several entities or none (`batch_put` of an enum, a transaction).
    pub(crate) fn untyped(named: Option<&'static str>, pattern: &'static str) -> Labels {
        Labels {
            pattern: named.unwrap_or(pattern),
            ..Labels::default()
        }
    }

    /// A Query of entity `E` on `index` (`None`: the base table), `sharded` over every shard:
    /// the pattern is the generated query function's name, unless the caller named it.
    pub(crate) fn query<E: Entity>(
        named: Option<&'static str>,
        index: Option<&str>,
        sharded: bool,
    ) -> Labels {
        let on_index = index.and_then(|name| E::INDEXES.iter().find(|i| i.index().name() == name));
        match on_index {
            Some(i) => Labels {
                entity: E::ENTITY_NAME,
                pattern: named.or(i.query_function()).unwrap_or("query"),
                template: EntityIndex::partition(i)
                    .map_or(E::PARTITION_TEMPLATE.text(), |t| t.text()),
            },
            None => Labels::of::<E>(named, if sharded { "query_shards" } else { "query" }),
        }
    }
}

tokio::task_local! {
    /// The labels of the request value whose sends are in progress on this task.
    static LABELS: Labels;
}

/// Runs `send` (a request value's sends) with `labels`.
pub(crate) fn labelled<F: Future>(labels: Labels, send: F) -> impl Future<Output = F::Output> {
    LABELS.scope(labels, send)
}

/// The labels of the sends in progress on this task (empty outside a request value's).
pub(crate) fn current() -> Labels {
    LABELS.try_with(|labels| *labels).unwrap_or_default()
}

/// Whether a `metrics` recorder is installed (always `false` without the feature).
pub(crate) fn recording() -> bool {
    #[cfg(feature = "metrics")]
    {
        metrics::installed()
    }
    #[cfg(not(feature = "metrics"))]
    {
        false
    }
}

/// What the edge measured of one send.
#[derive(Debug, Default)]
// Read by the `metrics` recorder only.
#[cfg_attr(not(feature = "metrics"), allow(dead_code))]
pub(crate) struct Sample<'a> {
    pub(crate) table: &'a str,
    pub(crate) index: Option<&'a str>,
    pub(crate) operation: &'static str,
    pub(crate) labels: Labels,
    /// `ok`, or the error code (`error` when the SDK gave none).
    pub(crate) outcome: &'a str,
    pub(crate) elapsed: Duration,
    /// `Some(true)` for read units, `Some(false)` write units, `None`: no table capacity.
    pub(crate) reads: Option<bool>,
    /// Capacity units consumed: (`consumed_by`, units).
    pub(crate) capacity: Vec<(&'a str, f64)>,
    pub(crate) returned: Option<u64>,
    pub(crate) evaluated: Option<u64>,
    /// Attempts after the first (the SDK's own, for a send it retries).
    pub(crate) retries: u32,
    /// The reasons of each throttled attempt.
    pub(crate) throttles: &'a [Vec<String>],
}

/// Records `sample` as metrics, when a recorder is installed.
pub(crate) fn record(sample: &Sample<'_>) {
    #[cfg(feature = "metrics")]
    metrics::record(sample);
    #[cfg(not(feature = "metrics"))]
    let _ = sample;
}

/// Counts, of a failed send of the edge, a lost answer (`lost`: it may have been applied) and
/// a retry by the edge (`retrying`).
pub(crate) fn failed(
    table: &str,
    index: Option<&str>,
    operation: &'static str,
    lost: bool,
    retrying: bool,
) {
    #[cfg(feature = "metrics")]
    metrics::failed(table, index, operation, current(), lost, retrying);
    #[cfg(not(feature = "metrics"))]
    let _ = (table, index, operation, lost, retrying);
}

/// What [`Db::with_measures`](crate::Db::with_measures) turns on: every request asks DynamoDB
/// for its consumed capacity per table and index (`ReturnConsumedCapacity = INDEXES`: AWS
/// developer guide, "DynamoDB read and write operations"; reported at no cost), and the hottest
/// partition keys are kept ([`Db::hot_keys`](crate::Db::hot_keys)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Measures {
    top: usize,
}

impl Default for Measures {
    fn default() -> Self {
        Measures {
            top: DEFAULT_HOT_KEYS,
        }
    }
}

/// Partition keys kept per table or index, per ranking (capacity, throttles), by default.
pub const DEFAULT_HOT_KEYS: usize = 32;

impl Measures {
    /// Keeps the `top` hottest partition keys per table and per index (at least 1; default
    /// [`DEFAULT_HOT_KEYS`]): memory grows with `top`, never with the keys seen.
    #[must_use]
    pub fn hot_keys(mut self, top: usize) -> Self {
        self.top = top.max(1);
        self
    }

    pub(crate) fn top(&self) -> usize {
        self.top
    }
}
