//! [`Db`]: a handle on one DynamoDB table declared by a [`Table`] type, and its settings. The
//! operations on it are written by family: `single` (get, put, create, delete, update, move_to),
//! `read` (query, scan), `batch` (batch put, delete and get, delete_all), `transaction`
//! (transaction, transact_get) and `table` (create, ensure, delete, TTL); every request they
//! render is sent through the handle's SDK edge.

use std::fmt;
use std::marker::PhantomData;
use std::sync::Arc;

use aws_sdk_dynamodb::config::SharedInterceptor;
use aws_sdk_dynamodb::operation::describe_table::builders::DescribeTableFluentBuilder;
use aws_sdk_dynamodb::types::TableDescription;
use aws_sdk_dynamodb::Client;
use dynakey::{CursorCodec, DefaultTable, Table};

use crate::limits::DEFAULT_BATCH_CONCURRENCY;
use crate::request_log::RequestLog;
use crate::retry::RetryPolicy;
use crate::sdk::{Edge, Failed, Idempotence, Interceptor, Meter, Sending};

/// A handle on one DynamoDB table whose key schema is declared by `T` (default: [`DefaultTable`],
/// `PK`/`SK`).
///
/// It holds an `aws_sdk_dynamodb::Client` (reference-counted) and the table name, so it is cheap to
/// clone and to share between tasks. Every operation is typed by an entity `E` whose
/// `Entity::Table` is `T`: items of `E` are written with their key attributes computed from the key
/// templates, and keys and queries of `E` can only be used on a `Db<T>` of `E`'s table.
///
/// The same code runs against real DynamoDB (client from `connect_from_env`, feature `aws-config`,
/// or your own) and against the embedded engine (feature `embedded`).
///
/// Every request runs inside a `tracing` span at debug level named `dynamodb`, with the OpenTelemetry
/// database fields `db.system = "dynamodb"`, `db.operation` (the API name, e.g. `PutItem`),
/// `db.dynamodb.table_names` and, once answered, `db.dynamodb.consumed_capacity`.
pub struct Db<T: Table = DefaultTable> {
    edge: Edge,
    batch_concurrency: usize,
    cursors: Arc<CursorCodec>,
    /// Who this instance is in the design record ([`Db::with_identity`]).
    identity: Option<Arc<str>>,
    table: PhantomData<fn() -> T>,
}

impl<T: Table> Clone for Db<T> {
    fn clone(&self) -> Self {
        Db {
            edge: self.edge.clone(),
            batch_concurrency: self.batch_concurrency,
            cursors: Arc::clone(&self.cursors),
            identity: self.identity.clone(),
            table: PhantomData,
        }
    }
}

impl<T: Table> fmt::Debug for Db<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Db")
            .field("table_name", &self.table_name())
            .field("partition_key", &T::PARTITION_KEY)
            .field("sort_key", &T::SORT_KEY)
            .field("retry", &self.retry_policy())
            .field("batch_concurrency", &self.batch_concurrency)
            .field("cursors", &self.cursors)
            .finish_non_exhaustive()
    }
}

impl<T: Table> Db<T> {
    /// A handle on table `table_name`, declared by `T`. Sends nothing; the table must exist (or be
    /// created with [`create_table`](Self::create_table)) before the first operation.
    ///
    /// The handle uses a copy of `client`'s configuration with one more interceptor, which notes
    /// whether a send reached the HTTP client (what tells a write that failed before it was sent
    /// from one whose answer was lost) and, while a `tracing` subscriber wants its events, asks
    /// every request for its ConsumedCapacity and reports each request as an event (see the crate
    /// docs, "Observability"); `client` itself is unchanged.
    pub fn new(client: Client, table_name: impl Into<String>) -> Self {
        let table_name: String = table_name.into();
        let mut config = client.config().to_builder();
        // Permanent: the SDK would otherwise look its disabling flag up in the request's
        // configuration before every hook of every request (19 look-ups per request).
        config.push_interceptor(SharedInterceptor::permanent(Interceptor::traced(
            crate::trace::Trace::new(),
        )));
        let config = config.build();
        Db {
            edge: Edge::new(
                Client::from_conf(config),
                table_name.into(),
                T::PARTITION_KEY,
            ),
            batch_concurrency: DEFAULT_BATCH_CONCURRENCY,
            cursors: Arc::new(CursorCodec::default()),
            identity: None,
            table: PhantomData,
        }
    }

    /// The same handle with another retry policy for batches (`UnprocessedItems`,
    /// `UnprocessedKeys`, throttling, 5xx responses, timeouts and connection failures of
    /// `BatchWriteItem` and `BatchGetItem`) and single-item writes (`PutItem`, `UpdateItem`,
    /// `DeleteItem`, and the `TransactWriteItems` of `#[unique(…)]` entities and moves); see
    /// [`RetryPolicy`].
    #[must_use]
    pub fn with_retry_policy(mut self, retry: RetryPolicy) -> Self {
        self.edge.set_retry(retry);
        self
    }

    /// The same handle recording every request it sends in `log`, as rendered and with its
    /// outcome (one entry per send; see [`RequestLog`]). Handles cloned from this one share the
    /// log; the handle it was made from does not record.
    #[must_use]
    pub fn with_request_log(mut self, log: &RequestLog) -> Self {
        self.edge.set_log(log.clone());
        self
    }

    /// The same handle asking every request for its consumed capacity per table and index
    /// (`ReturnConsumedCapacity = INDEXES`, reported at no cost: AWS developer guide, "DynamoDB
    /// read and write operations") for the measures ([`measures`](crate::measures)), and keeping
    /// the hottest partition keys by capacity and by throttles ([`hot_keys`](Self::hot_keys)),
    /// with a `warn` event when a key nears a partition's limits (3,000 read or 1,000 write
    /// units per second) or is throttled for its key range. Handles cloned from this one share
    /// the hot keys; the handle it was made from does not keep them.
    #[must_use]
    pub fn with_measures(mut self, measures: crate::Measures) -> Self {
        self.edge.set_measures(measures);
        self
    }

    /// The same handle pacing its bulk work by `governor` (see [`Governor`](crate::Governor)):
    /// the requests of [`batch_put`](Self::batch_put), [`batch_delete`](Self::batch_delete),
    /// [`batch_get`](Self::batch_get), [`delete_all`](Self::delete_all), [`scan`](Self::scan),
    /// [`migrate`](Self::migrate) and the change reader wait until the governor's budget allows
    /// them, so that the capacity they consume (as their answers report it: each asks for its
    /// `ConsumedCapacity`) stays within it; the other requests are not paced. Handles cloned
    /// from this one, and handles given a clone of `governor` (on this table or another), share
    /// the budget.
    #[must_use]
    pub fn with_governor(mut self, governor: &crate::Governor) -> Self {
        self.edge.set_governor(governor.clone(), false);
        self
    }

    /// As [`with_governor`](Self::with_governor), and every other request of the handle (get,
    /// put, update, delete, query, transactions) takes from the budget too: for a handle that
    /// must never exceed it, e.g. a batch job's.
    #[must_use]
    pub fn with_governor_on_every_request(mut self, governor: &crate::Governor) -> Self {
        self.edge.set_governor(governor.clone(), true);
        self
    }

    /// The same handle pacing its bulk work by a governor of its own with `budget`:
    /// `with_governor(&Governor::new(budget))` (handles cloned from this one share it).
    #[must_use]
    pub fn with_budget(self, budget: crate::CapacityBudget) -> Self {
        self.with_governor(&crate::Governor::new(budget))
    }

    /// The governor pacing this handle's bulk work, if any.
    pub fn governor(&self) -> Option<&crate::Governor> {
        self.edge.governor()
    }

    /// The hottest partition keys this handle's requests met (with
    /// [`with_measures`](Self::with_measures); empty without), each with its entity and
    /// partition-key template: by capacity consumed and by throttled attempts, per table and
    /// index.
    pub fn hot_keys(&self) -> crate::HotKeys {
        self.edge.hot_keys()
    }

    /// The same handle naming itself `identity` (a deploy, a service version, a person) in the
    /// design the table records: who recorded a template version, who ran a migration
    /// (docs/semantics.md §10, "The table records its design"). Without one, the host name and
    /// process id (`host pid 1234`).
    #[must_use]
    pub fn with_identity(mut self, identity: impl Into<String>) -> Self {
        self.identity = Some(identity.into().into());
        self
    }

    /// Who this handle is in the design record: [`with_identity`](Self::with_identity)'s, or
    /// `<host> pid <process id>` (the host name from `HOSTNAME` or `/proc/sys/kernel/hostname`).
    pub fn identity(&self) -> String {
        if let Some(identity) = &self.identity {
            return identity.to_string();
        }
        let host = std::env::var("HOSTNAME")
            .ok()
            .or_else(|| std::fs::read_to_string("/proc/sys/kernel/hostname").ok())
            .map(|h| h.trim().to_owned())
            .filter(|h| !h.is_empty())
            .unwrap_or_else(|| "unknown host".to_owned());
        format!("{host} pid {}", std::process::id())
    }

    /// The retry policy of batches and single-item writes.
    pub fn retry_policy(&self) -> RetryPolicy {
        self.edge.retry()
    }

    /// The same handle with at most `requests` requests in flight per batch call
    /// ([`batch_put`](Self::batch_put), [`batch_delete`](Self::batch_delete),
    /// [`batch_get`](Self::batch_get), [`delete_all`](Self::delete_all); at least 1; default
    /// [`DEFAULT_BATCH_CONCURRENCY`], 4).
    ///
    /// Each request carries up to 25 writes or 100 keys, so 4 in flight keep a loader busy without
    /// hogging a table's throughput; raise it when the round trip to DynamoDB, not its throughput,
    /// is the limit. Memory held by a batch grows with it (up to `requests` × 25 items).
    #[must_use]
    pub fn with_batch_concurrency(mut self, requests: usize) -> Self {
        self.batch_concurrency = requests.max(1);
        self
    }

    /// How many requests a batch call keeps in flight at most.
    pub fn batch_concurrency(&self) -> usize {
        self.batch_concurrency
    }

    /// The same handle with `secret` as the key of its query cursors
    /// ([`Page::next`](crate::Page::next); format, checks and threat model in
    /// [`CursorCodec`](dynakey::CursorCodec)). With a secret, cursors are **encrypted** (XChaCha20-Poly1305, the
    /// key derived from the secret with HKDF-SHA256, a random nonce each): whoever holds one
    /// learns nothing of the partition and sort key values in it (tenant ids, timestamps) but its
    /// length, cannot alter it or make one without being refused
    /// ([`CursorError::Tampered`](dynakey::CursorError::Tampered)), and cannot use it with another
    /// query ([`CursorError::OtherQuery`](dynakey::CursorError::OtherQuery)).
    ///
    /// Without a secret a built-in key is used: cursors are signed but readable (base64url of the
    /// key values), still cannot be modified or used with another query without being refused,
    /// but anyone who knows the built-in key (it is public) can forge one. **Set a secret when
    /// cursors go to untrusted clients**, e.g. as a web API's next-page token: 32 random bytes,
    /// the same in every process that reads the cursors, kept like any other credential. Even a
    /// forged cursor cannot read outside its query's partition and key condition (every start
    /// key is checked before any request), but it can choose where in them reading resumes.
    ///
    /// Changing the secret makes outstanding cursors fail with
    /// [`CursorError::Tampered`](dynakey::CursorError::Tampered). Cursors do not expire.
    #[must_use]
    pub fn with_cursor_secret(mut self, secret: impl AsRef<[u8]>) -> Self {
        self.cursors = Arc::new(CursorCodec::new(secret));
        self
    }

    /// The codec that makes and checks this handle's query cursors.
    pub fn cursor_codec(&self) -> &CursorCodec {
        &self.cursors
    }

    /// The SDK client, for operations dynakey does not wrap.
    pub fn client(&self) -> &Client {
        self.edge.client()
    }

    /// The table name.
    pub fn table_name(&self) -> &str {
        self.edge.table()
    }

    /// This handle with every request's consumed capacity counted in `meter`.
    pub(crate) fn with_meter(mut self, meter: Meter) -> Self {
        self.edge.set_meter(meter);
        self
    }

    /// This handle for a bulk operation: its requests take from the governor, if any.
    pub(crate) fn bulk(&self) -> Self {
        Db {
            edge: self.edge.bulk(),
            ..self.clone()
        }
    }

    /// The SDK edge every request of this handle is sent through.
    pub(crate) fn edge(&self) -> &Edge {
        &self.edge
    }

    /// `DescribeTable` of this handle's table, through the edge (a read: the SDK retries it); an
    /// answer without a `Table` reads as an empty description. Every `DescribeTable` the runtime
    /// sends is this one: set-up and its waits, a migration's item count, a stream's ARN.
    pub(crate) async fn describe_table(
        &self,
    ) -> Result<TableDescription, Failed<DescribeTableFluentBuilder>> {
        let request = self.client().describe_table().table_name(self.table_name());
        let output = self
            .edge
            .send(request, Sending::sdk(Idempotence::Idempotent))
            .await?;
        Ok(output
            .table
            .unwrap_or_else(|| TableDescription::builder().build()))
    }
}
