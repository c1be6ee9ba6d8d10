//! Helpers shared by the engine tests: the engine fixture (the embedded engine, or the one named by
//! `DYNAKEY_TEST_ENDPOINT`), a fresh table per test, raw items written past dynakey (another
//! entity's items, to a typed read), a direct scan of a table, page loops, the typed cursor error
//! of a result, and [`fault_proxy`], a fault-injecting HTTP proxy to put in front of an engine.
//!
//! They are the module `common` of the one test binary (`tests/engine.rs`); each test file that
//! needs them says `use crate::common;`. Not every file uses every helper.

#![allow(dead_code)]

pub mod answer_rewriter;
pub mod engine;
pub mod fault_proxy;

use std::collections::HashMap;

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use aws_sdk_dynamodb::config::retry::RetryConfig;
use aws_sdk_dynamodb::config::{BehaviorVersion, Credentials, Region};
use aws_sdk_dynamodb::types::AttributeValue;
use aws_sdk_dynamodb::Client;
use dynakey::{Cursor, CursorError, InTable, KeyErrorKind, KeyQuery, ProjectsAll, Table, Whole};
use dynakey_runtime::{Db, Engine, Error, Page};
use serde::de::DeserializeOwned;

/// The error type of the tests: anything, with `?`.
pub type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// The environment variable naming an external engine (`http://127.0.0.1:PORT`) to run the engine
/// tests against instead of the embedded one. It may name several servers of one engine, separated
/// by spaces (`.ci/moto.sh` starts two: a moto server serves one request at a time, on one core);
/// each test then runs on the one with the fewest tests running.
pub const ENDPOINT_VARIABLE: &str = "DYNAKEY_TEST_ENDPOINT";

/// The number of tests running on each server named by [`ENDPOINT_VARIABLE`], in its order.
static RUNNING: std::sync::Mutex<Vec<usize>> = std::sync::Mutex::new(Vec::new());

/// A test's place on one of the servers named by [`ENDPOINT_VARIABLE`], given back when the test's
/// engine is dropped.
#[derive(Debug)]
pub struct Lease(usize);

impl Lease {
    /// The endpoint of `endpoints` with the fewest tests running, and its lease.
    fn least_busy(endpoints: &[&str]) -> (String, Lease) {
        let mut running = RUNNING
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        running.resize(endpoints.len(), 0);
        let (index, _) = running
            .iter()
            .enumerate()
            .min_by_key(|(_, tests)| **tests)
            .unwrap_or((0, &0));
        running[index] += 1;
        (endpoints[index].to_owned(), Lease(index))
    }
}

impl Drop for Lease {
    fn drop(&mut self) {
        let mut running = RUNNING
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        running[self.0] -= 1;
    }
}

/// Tables made by [`TestEngine::fresh_table`] in this process.
static TABLES: AtomicU64 = AtomicU64::new(0);

/// The engine a test runs against: the embedded engine (dynoxide in this process), or the
/// external one named by [`ENDPOINT_VARIABLE`], shared by every test of the run.
#[derive(Debug)]
pub enum TestEngine {
    /// The embedded engine, private to this test, reached in-process.
    Embedded(Engine),
    /// An engine at an endpoint, shared: every test uses tables of its own.
    External {
        /// `http://127.0.0.1:PORT`.
        endpoint: String,
        /// A client for it.
        client: Client,
        /// This test's place on the endpoint's server.
        lease: Lease,
    },
}

impl TestEngine {
    /// The embedded engine, or the external one when [`ENDPOINT_VARIABLE`] is set (of several
    /// servers, the one with the fewest tests running).
    pub async fn start() -> Result<TestEngine, BoxError> {
        let variable = std::env::var(ENDPOINT_VARIABLE).unwrap_or_default();
        let endpoints: Vec<&str> = variable.split_whitespace().collect();
        if endpoints.is_empty() {
            return Ok(TestEngine::Embedded(Engine::start().await?));
        }
        let (endpoint, lease) = Lease::least_busy(&endpoints);
        Ok(TestEngine::External {
            client: client_for(&endpoint, None),
            endpoint,
            lease,
        })
    }

    /// `true` for the embedded engine.
    pub fn is_embedded(&self) -> bool {
        matches!(self, TestEngine::Embedded(_))
    }

    /// The engine's HTTP endpoint URL, for an HTTP hop such as [`fault_proxy`]: the embedded
    /// engine's own server (`Engine::serve`, started on the first call; the tests' other requests
    /// reach the engine in-process), or the external engine's endpoint.
    pub async fn endpoint(&self) -> Result<String, BoxError> {
        match self {
            TestEngine::Embedded(engine) => Ok(engine.serve().await?.to_owned()),
            TestEngine::External { endpoint, .. } => Ok(endpoint.clone()),
        }
    }

    /// A client for the engine.
    pub fn client(&self) -> Client {
        match self {
            TestEngine::Embedded(engine) => engine.client(),
            TestEngine::External { client, .. } => client.clone(),
        }
    }

    /// A DynamoDB Streams client for the engine (the embedded engine's in-process one, or one for
    /// the external engine's endpoint).
    #[cfg(feature = "streams")]
    pub fn streams_client(&self) -> dynakey_runtime::changes::aws_sdk_dynamodbstreams::Client {
        match self {
            TestEngine::Embedded(engine) => engine.streams_client(),
            TestEngine::External { endpoint, .. } => streams_client_for(endpoint),
        }
    }

    /// A handle on table `name` (which need not exist).
    pub fn db<T: Table>(&self, name: impl Into<String>) -> Db<T> {
        Db::new(self.client(), name)
    }

    /// A new table declared by `T`, named so that no other test (of this process or another one
    /// on the same engine) uses it.
    pub async fn fresh_table<T: Table>(&self) -> Result<Db<T>, BoxError> {
        if let TestEngine::Embedded(engine) = self {
            return Ok(engine.fresh_table::<T>().await?);
        }
        self.table_named::<T>("dynakey-test").await
    }

    /// A new table declared by `T`, named `name` on the embedded engine (private to the test, so
    /// the name is the same every run) and `name` with a suffix unique to this process and call
    /// on an external engine, which tests share.
    pub async fn table_named<T: Table>(&self, name: &str) -> Result<Db<T>, BoxError> {
        let db = self.db::<T>(self.table_name(name));
        db.create_table().await?;
        Ok(db)
    }

    /// The name [`table_named`](Self::table_named) gives a table: `name` on the embedded engine,
    /// `name-<process>-<millis>-<n>` on an external one (for tables a test creates itself).
    pub fn table_name(&self, name: &str) -> String {
        if self.is_embedded() {
            return name.to_owned();
        }
        let n = TABLES.fetch_add(1, Ordering::Relaxed);
        let millis = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_millis());
        format!("{name}-{}-{millis}-{n}", std::process::id())
    }
}

/// A DynamoDB Streams client for `endpoint` with dummy credentials and the SDK's standard
/// retries.
#[cfg(feature = "streams")]
pub fn streams_client_for(
    endpoint: &str,
) -> dynakey_runtime::changes::aws_sdk_dynamodbstreams::Client {
    use dynakey_runtime::changes::aws_sdk_dynamodbstreams as streams;
    let config = streams::Config::builder()
        .behavior_version(streams::config::BehaviorVersion::latest())
        .region(streams::config::Region::new("us-east-1"))
        .credentials_provider(streams::config::Credentials::new(
            "test", "test", None, None, "test",
        ))
        .endpoint_url(endpoint)
        .build();
    streams::Client::from_conf(config)
}

/// A client for `endpoint` with dummy credentials; `retry`: the SDK's retry configuration (its
/// standard mode when `None`).
pub fn client_for(endpoint: &str, retry: Option<RetryConfig>) -> Client {
    let mut config = aws_sdk_dynamodb::Config::builder()
        .behavior_version(BehaviorVersion::latest())
        .region(Region::new("us-east-1"))
        .credentials_provider(Credentials::new(
            "test",
            "test",
            None,
            None,
            "dynakey-tests",
        ))
        .endpoint_url(endpoint);
    if let Some(retry) = retry {
        config = config.retry_config(retry);
    }
    Client::from_conf(config.build())
}

/// The engine of this test and a fresh table on it.
pub async fn fresh<T: Table>() -> Result<(TestEngine, Db<T>), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<T>().await?;
    Ok((engine, db))
}

/// A handle on table `table` through a client that reaches no engine (a closed loopback port, no
/// retries): every request fails with [`Error::Sdk`], so a typed error from a call on it proves
/// that the call sent nothing.
pub fn unsent<T: Table>(table: &str) -> Db<T> {
    Db::new(
        client_for("http://127.0.0.1:9", Some(RetryConfig::disabled())),
        table,
    )
}

/// Writes an item past dynakey: string attributes only, e.g. another entity's keys, which a typed
/// read of this table must report or drop, never decode.
pub async fn put_raw<T: Table>(db: &Db<T>, attributes: &[(&str, &str)]) -> Result<(), BoxError> {
    let item = attributes
        .iter()
        .map(|(name, value)| ((*name).to_owned(), AttributeValue::S((*value).to_owned())))
        .collect();
    db.client()
        .put_item()
        .table_name(db.table_name())
        .set_item(Some(item))
        .send()
        .await?;
    Ok(())
}

/// Every page of `query`, one `page(cursor)` call after another until `next` is `None`.
pub async fn page_through<T, E, I, S>(
    db: &Db<T>,
    query: &KeyQuery<E, I, S>,
) -> Result<Vec<Page<E>>, BoxError>
where
    T: Table,
    E: InTable<T> + DeserializeOwned + Send + 'static,
    I: ProjectsAll,
    Whole: dynakey_runtime::Output<T, E, I, Item = E>,
{
    let mut pages = Vec::new();
    let mut cursor: Option<Cursor> = None;
    loop {
        let page = db.query(query).page(cursor.as_ref()).await?;
        cursor = page.next.clone();
        pages.push(page);
        if cursor.is_none() {
            return Ok(pages);
        }
        if pages.len() > 10_000 {
            return Err("paging does not end".into());
        }
    }
}

/// The kind of cursor error in `result`, or an error saying what came instead.
pub fn cursor_error<T: std::fmt::Debug>(result: Result<T, Error>) -> Result<CursorError, BoxError> {
    match result {
        Err(Error::Key(e)) => match e.into_kind() {
            KeyErrorKind::Cursor(reason) => Ok(reason),
            other => Err(format!("expected a cursor error, got {other:?}").into()),
        },
        other => Err(format!("expected a cursor error, got {other:?}").into()),
    }
}

/// Checks that `result` is the failure of a request that was sent: the control of [`unsent`].
pub fn sent<T: std::fmt::Debug>(result: Result<T, Error>) -> Result<(), BoxError> {
    match result {
        Err(Error::Sdk { .. }) => Ok(()),
        other => Err(format!("the control call should send a request and fail: {other:?}").into()),
    }
}

/// Every item of `table`, read with paged `Scan` requests (until LastEvaluatedKey is absent).
pub async fn scan(
    client: &aws_sdk_dynamodb::Client,
    table: &str,
) -> Result<Vec<HashMap<String, AttributeValue>>, aws_sdk_dynamodb::Error> {
    let mut items = Vec::new();
    let mut start = None;
    loop {
        let page = client
            .scan()
            .table_name(table)
            .set_exclusive_start_key(start)
            .send()
            .await?;
        items.extend(page.items.unwrap_or_default());
        start = page.last_evaluated_key;
        if start.is_none() {
            return Ok(items);
        }
    }
}

/// The table as DynamoDB describes it (`DescribeTable`).
pub async fn describe_table<T: dynakey::Table>(
    db: &dynakey_runtime::Db<T>,
) -> Result<aws_sdk_dynamodb::types::TableDescription, Box<dyn std::error::Error + Send + Sync>> {
    let output = db
        .client()
        .describe_table()
        .table_name(db.table_name())
        .send()
        .await?;
    Ok(output.table.ok_or("no table description")?)
}

/// Prints a fault test's summary line and appends it to `target/tmp/fault-report.txt`, which
/// `.ci/run` shows after the test command (so the fault tests need not run a second time with
/// `--nocapture` to be seen).
pub fn report(line: &str) {
    use std::io::Write;
    eprintln!("{line}");
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("fault-report.txt");
    if let Ok(mut file) = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
    {
        let _ = writeln!(file, "{line}");
    }
}

/// A handle on `direct`'s table through a fault proxy (seeded by `seed`) in front of `engine`
/// that lets the engine apply every request of `operations` and drops its answer — the first
/// send of each request only, or every send — with a short retry budget (3 attempts, 1–2 ms).
pub async fn losing_answers<T: Table>(
    engine: &TestEngine,
    direct: &Db<T>,
    operations: &[&str],
    first_send_only: bool,
    seed: u64,
) -> Result<(fault_proxy::FaultProxy, Db<T>), BoxError> {
    let mut mix = fault_proxy::FaultMix::none()
        .drop_after(1.0)
        .only(operations);
    if first_send_only {
        mix = mix.first_send_only();
    }
    let proxy = fault_proxy::FaultProxy::start(&engine.endpoint().await?, seed, mix).await?;
    let budget = dynakey_runtime::RetryPolicy {
        base: std::time::Duration::from_millis(1),
        cap: std::time::Duration::from_millis(2),
        max_attempts: 3,
    };
    let db = Db::new(proxy.client(), direct.table_name()).with_retry_policy(budget);
    Ok((proxy, db))
}

/// The [`dynakey_runtime::OutcomeUnknown`] a result ends in, or an error saying what it was.
pub fn outcome_unknown<T: std::fmt::Debug>(
    result: Result<T, Error>,
) -> Result<Box<dynakey_runtime::OutcomeUnknown>, BoxError> {
    match result {
        Err(Error::OutcomeUnknown(unknown)) => Ok(unknown),
        other => Err(format!("expected OutcomeUnknown, got {other:?}").into()),
    }
}

/// `true` for the design item the table records (docs/semantics.md §10, "The table records its
/// design"), by its partition key `PK`: dynakey's own item, which `ensure_table` and `migrate`
/// write.
pub fn is_design_item(item: &HashMap<String, AttributeValue>) -> bool {
    item.get("PK") == Some(&AttributeValue::S(dynakey_runtime::DESIGN_KEY.to_owned()))
}

/// `true` for a `GetItem` or `PutItem` of the design item ([`is_design_item`]).
pub fn on_design_item(request: &dynakey_runtime::LoggedRequest) -> bool {
    let get = request.input.as_get_item().and_then(|i| i.key());
    let put = request.input.as_put_item().and_then(|i| i.item());
    get.or(put).is_some_and(is_design_item)
}

/// Sends each of `ops` in order through `apply`, which answers the op and whether it was applied;
/// returns the applied ones, in order (a writer of the rolling-deploy tests, whose model then
/// learns them).
pub async fn applied_in_order<Op, F, Fut>(ops: Vec<Op>, apply: F) -> Result<Vec<Op>, BoxError>
where
    F: Fn(Op) -> Fut,
    Fut: std::future::Future<Output = Result<(Op, bool), BoxError>>,
{
    let mut applied = Vec::new();
    for op in ops {
        let (op, done) = apply(op).await?;
        if done {
            applied.push(op);
        }
    }
    Ok(applied)
}

/// Four writers at once, as two binaries of a rolling deploy side by side: the first and third
/// of `plans` sent through `first`, the second and fourth through `second`, each in order with
/// [`applied_in_order`]; returns the applied ops, writer by writer (a missing plan is empty).
pub async fn two_binaries_four_writers<Op, F1, Fut1, F2, Fut2>(
    plans: Vec<Vec<Op>>,
    first: F1,
    second: F2,
) -> Result<Vec<Op>, BoxError>
where
    F1: Fn(Op) -> Fut1,
    Fut1: std::future::Future<Output = Result<(Op, bool), BoxError>>,
    F2: Fn(Op) -> Fut2,
    Fut2: std::future::Future<Output = Result<(Op, bool), BoxError>>,
{
    let mut plans = plans.into_iter();
    let mut next = || plans.next().unwrap_or_default();
    let (a, b, c, d) = (next(), next(), next(), next());
    let (ra, rb, rc, rd) = futures::join!(
        applied_in_order(a, &first),
        applied_in_order(b, &second),
        applied_in_order(c, &first),
        applied_in_order(d, &second),
    );
    Ok([ra?, rb?, rc?, rd?].into_iter().flatten().collect())
}
