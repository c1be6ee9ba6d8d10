//! # dynakey-runtime
//!
//! Executes [`dynakey`] keys, queries and batches with `aws-sdk-dynamodb`.
//!
//! A [`Db`] is one table declared by a [`dynakey::Table`] type; its operations take entities
//! (`#[derive(Entity)]` + serde), typed [`Key`](dynakey::Key)s and
//! [`KeyQuery`](dynakey::KeyQuery)s:
//!
//! ```no_run
//! use dynakey::Entity;
//! use dynakey_runtime::Db;
//! use futures::TryStreamExt;
//!
//! #[derive(Entity, serde::Serialize, serde::Deserialize)]
//! #[pk("WS#<workspace>")]
//! #[sk("PROJ#<created>#<id>")]
//! struct Project { workspace: String, created: u64, id: String, name: String }
//!
//! # async fn run(client: aws_sdk_dynamodb::Client) -> Result<(), dynakey_runtime::Error> {
//! // `client`: from `connect_from_env()` (feature `aws-config`), `Engine::client()` (feature
//! // `embedded`), or your own aws-sdk-dynamodb setup.
//! let db: Db = Db::new(client, "app");
//! let p = Project { workspace: "acme".into(), created: 42, id: "p1".into(), name: "Apollo".into() };
//! db.create(&p).await?; // never overwrites: Error::AlreadyExists
//! let again: Option<Project> = db.get(&Project::key("acme", 42u64, "p1")?).await?;
//!
//! // Every project of the workspace, newest first, across as many pages as it takes.
//! let q = Project::query("acme").begins_with(Project::sk()).reverse();
//! let projects: Vec<Project> = db.query(&q).items().try_collect().await?;
//! # Ok(()) }
//! ```
//!
//! - [`db`]: [`Db`], table creation and `get` (a [`Get`] request, `.consistent_read()` for a
//!   strongly consistent one);
//! - [`item_write`] and [`update`](mod@update): the single-item writes as request values —
//!   [`Put`] (`db.put`, `db.create`), [`Delete`], [`Update`] (`db.update(&key)`: typed `SET`,
//!   `REMOVE`, `ADD`, `DELETE` on field handles, index keys recomputed in the same request) — each
//!   with typed conditions (`.condition(Task::STATUS.eq(…))`), optimistic locking for a versioned
//!   entity (`.expected_version(v)`, [`Error::VersionConflict`]) and a failed condition returned
//!   as [`Error::ConditionFailed`] with the stored item (`docs/semantics.md` §5);
//! - [`ensure_table`](mod@ensure_table): [`Db::ensure_table`], creating the table only when it is
//!   missing and refusing one whose key schema or indexes differ ([`SchemaDifference`]);
//! - [`read`]: [`Db::query`] makes one [`Query`] request for any query — one partition, an index
//!   partition or every shard of a sharded partition — run by its terminals: `.items()`,
//!   `.pages()`, `.page(cursor)`, after `.from(cursor)`, `.project::<P>()` (decode into your own
//!   type) or `.keys()` (base-table keys); resumable cursors ([`Page::next`],
//!   [`Db::with_cursor_secret`]); fan-outs merged by sort key and limited after the merge; all of
//!   it typed by what an index projects (`docs/semantics.md` §4);
//! - [`batch_get`](mod@batch_get): [`Db::batch_get`] (100 keys per request, duplicates merged,
//!   streamed with a bounded number of requests in flight, unprocessed keys and retryable errors
//!   retried with backoff and jitter; on error the items read and the keys not read are returned);
//! - [`collection`](mod@collection): `.collection::<C>()` and `.collection_with::<C>(policy)` on a
//!   [`Query`]: a parent and its children read by one paged Query and decoded into a typed
//!   [`Collection`](dynakey::Collection), with a choice of what to do with items that match no
//!   member ([`UnknownItems`]);
//! - [`move_item`]: [`Db::move_to`], changing an item's key in one conditional transaction
//!   (`docs/semantics.md` §5);
//! - [`transaction`](mod@transaction): [`Db::transaction`], typed `TransactWriteItems` of the
//!   same put, create, update and delete requests plus condition checks, all or nothing, with
//!   DynamoDB's limits checked first, a `ClientRequestToken` returned, and a cancellation told
//!   apart per action ([`TransactionCanceled`]); [`transact_get`](mod@transact_get):
//!   [`Db::transact_get`], a consistent typed read of up to 100 keys into a tuple or a `Vec`;
//!   [`unique`](mod@unique): the uniqueness items of `#[unique(…)]` entities (`docs/semantics.md`
//!   §5);
//! - [`write`](mod@write): [`Db::batch_put`], [`Db::batch_delete`] (25 per request, duplicates merged,
//!   validated first, streamed with a bounded number of requests in flight, unprocessed items and
//!   retryable errors retried with backoff and jitter);
//! - [`batch`]: what a batch did ([`BatchReport`]), and the exact account a batch returns when it
//!   stops on an error ([`BatchWriteFailure`]: applied, not applied, outcome unknown;
//!   [`BatchGetFailure`]: read, not read) — nothing is dropped;
//! - [`retry`]: [`RetryPolicy`], which failures batches retry and how;
//! - [`trace`]: what every request reports through `tracing` (one debug event per request with
//!   its consumed capacity and retries, a warning per throttled attempt);
//! - [`item`] and [`convert`]: entity ↔ item and dynakey ↔ SDK conversions, for code that calls the
//!   SDK directly;
//! - [`error`]: the [`Error`] type;
//! - [`query_log`]: [`QueryLog`], an SDK interceptor that records the `Query` requests a client
//!   sends, for counting pages in tests;
//! - `embedded` (feature `embedded`): `Engine`, a DynamoDB-compatible engine in-process for tests
//!   and local runs.
//!
//! Every request runs in a debug-level `tracing` span with `db.system = "dynamodb"`,
//! `db.operation` and `db.dynamodb.table_names`.
//!
//! ## Real DynamoDB or a local engine
//! `connect_from_env` (feature `aws-config`, on by default) builds a client the usual AWS way
//! (region, credentials, and `AWS_ENDPOINT_URL_DYNAMODB` / `AWS_ENDPOINT_URL` to point it at a
//! local engine). With the `embedded` feature, `Engine::start()` runs one in this process and hands
//! out a client and fresh tables; the `Db` code is the same either way.
//!
//! ## Features
//! - `aws-config` (default): `connect_from_env`, with `aws-config` and the SDK's default HTTPS
//!   client (rustls with aws-lc, a C build). Turn default features off when you build your own
//!   `aws_sdk_dynamodb::Client` (for example with an HTTP client of your choice through
//!   `aws_sdk_dynamodb::config::Builder::http_client`): dynakey-runtime itself then needs no TLS
//!   stack and no C compiler (the `embedded` engine bundles SQLite, which is C).
//! - `embedded`: `Engine`, dynoxide in this process; its client hands each request to the engine
//!   in-process (no socket, no HTTP server, no `aws-config`).
//! - `embedded-server`: `embedded`, and `Engine::serve`, the same engine over HTTP on `127.0.0.1`
//!   for other processes (dynoxide's own HTTP server).

#![deny(missing_docs)]
// docs.rs (`--cfg docsrs`, nightly) marks each feature-gated item with the feature it needs.
#![cfg_attr(docsrs, feature(doc_cfg))]

pub mod batch;
pub mod batch_get;
pub mod collection;
pub mod convert;
pub mod db;
pub mod delete_all;
#[cfg(feature = "embedded")]
#[cfg_attr(docsrs, doc(cfg(feature = "embedded")))]
pub mod embedded;
pub mod ensure_table;
pub mod error;
pub mod item;
pub mod item_write;
pub mod move_item;
pub mod query_log;
pub mod read;
pub mod retry;
pub mod trace;
pub mod transact_get;
pub mod transaction;
pub mod ttl;
pub mod unique;
pub mod update;
pub mod write;

pub use batch::{BatchEntry, BatchGetFailure, BatchReport, BatchWriteFailure};
pub use collection::{CollectionDecoder, CollectionRead, UnknownItems};
pub use db::{Db, Get};
#[cfg(feature = "embedded")]
#[cfg_attr(docsrs, doc(cfg(feature = "embedded")))]
pub use embedded::Engine;
pub use ensure_table::{KeyRole, SchemaDifference, TableSetup};
pub use error::Error;
pub use item_write::{AnyVersion, Delete, ExpectedVersion, Put, VersionCheck};
pub use query_log::{QueryLog, SentQuery};
pub use read::{As, Keys, Output, Page, Query, ReadProgress, Scan};
pub use retry::RetryPolicy;
pub use transact_get::TransactGetKeys;
pub use transaction::{
    CancelReason, Resend, Transaction, TransactionCanceled, TransactionOutput, TransactionRefusal,
};
pub use update::{New, NewAs, Nothing, Old, Returning, Update};

/// A DynamoDB client configured from the environment, the way every AWS SDK does it
/// (`aws_config::load_defaults(BehaviorVersion::latest())`): region from `AWS_REGION` or the
/// profile, credentials from the environment, profile, SSO, web identity or instance metadata, and
/// the endpoint from `AWS_ENDPOINT_URL_DYNAMODB` or `AWS_ENDPOINT_URL` when set (e.g.
/// `http://127.0.0.1:8000` for a local engine).
///
/// Nothing is sent until the first request; missing credentials or region surface as
/// [`Error::Sdk`] then.
///
/// Feature `aws-config` (on by default).
#[cfg(feature = "aws-config")]
#[cfg_attr(docsrs, doc(cfg(feature = "aws-config")))]
pub async fn connect_from_env() -> aws_sdk_dynamodb::Client {
    let config = aws_config::load_defaults(aws_config::BehaviorVersion::latest()).await;
    aws_sdk_dynamodb::Client::new(&config)
}
