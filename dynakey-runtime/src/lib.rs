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
//! The front page is the map: everything below is re-exported here, so every name is
//! `dynakey_runtime::Name`. One value flows one way: a request value (typed by its entity) renders
//! its plan once, one module sends it to the SDK (the tracing span, who retries, what an SDK
//! error becomes), typed results come back.
//!
//! ## Single items
//! [`Db::get`] makes a [`Get`] (`.consistent_read()`, `.unexpired()`); [`Db::put`] and
//! [`Db::create`] a [`Put`], [`Db::delete`] a [`Delete`], [`Db::update`] an [`Update`] (the typed
//! `SET`, `REMOVE`, `ADD`, `DELETE` of [`dynakey::UpdateBuilder`] on field handles, index keys
//! recomputed in the same request; what to return: [`Returning`], [`New`], [`Old`],
//! [`NewAs`], [`Nothing`]). Each is a request value: typed conditions
//! (`.condition(Task::STATUS.eq(…))`), optimistic locking for a versioned entity
//! (`.expected_version(v)`: [`AnyVersion`], [`ExpectedVersion`], [`VersionCheck`];
//! [`Error::VersionConflict`]), then `.await`; a failed condition is [`Error::ConditionFailed`]
//! with the stored item (`docs/semantics.md` §5). [`Db::move_to`] changes an item's key in one
//! conditional transaction. `put`/`create` return the entity as stored with
//! [`Put::returning_stored`] ([`PutReturning`], [`Stored`]). Every single-item write is retried
//! under the table's [`RetryPolicy`] and a lost answer never applies it twice nor reads as
//! "nothing was written": it is resent only when a second send cannot apply twice even after
//! another writer's change (a versioned write; a transaction with its token; a resend refused by
//! the call's own write is its success), otherwise settled by reading its item once, and is
//! otherwise [`Error::OutcomeUnknown`] ([`OutcomeUnknown`]: the request as sent, to check and
//! resend; `docs/semantics.md` §5, "A lost answer"). `.exactly_once()` sends a write as a
//! one-action transaction with a token, which settles every lost answer.
//!
//! ## Reads
//! [`Db::query`] makes one [`Query`] for any query — one partition, an index partition or every
//! shard of a sharded partition — run by its terminals: `.items()`, `.pages()`, `.page(cursor)`
//! ([`Page`]), `.collection::<C>()` ([`CollectionRead`]), after `.from(cursor)`,
//! `.project::<P>()` ([`As`]: decode into your own type) or `.keys()` ([`Keys`]: base-table
//! keys); what a read's items decode into is its [`Output`]. Items of other entities sharing a
//! partition or index go to the [`UnknownItems`] policy. Cursors resume ([`Page::next`],
//! [`Db::with_cursor_secret`]); fan-outs are merged by sort key and limited after the merge; all
//! of it typed by what an index projects (`docs/semantics.md` §4). [`Db::scan`] makes a [`Scan`]
//! (parallel segments, `.on_progress(…)` with [`ReadProgress`]). [`CollectionDecoder`] decodes
//! items read some other way.
//!
//! ## Batches
//! [`Db::batch_put`] ([`BatchPut`]), [`Db::batch_delete`] ([`BatchDelete`]), [`Db::batch_get`]
//! ([`BatchGet`]) and [`Db::delete_all`] ([`DeleteAll`]: the keys a query reads, then deleted)
//! are request values with `.on_progress(…)`, awaited: 25 writes or 100 keys per request,
//! duplicates merged, validated first, streamed with a bounded number of requests in flight
//! ([`Db::with_batch_concurrency`]), unprocessed entries and retryable errors retried per the
//! [`RetryPolicy`]. What a batch did is a [`BatchReport`]; when it stops on an error, the exact
//! account ([`BatchWriteFailure`]: applied, not applied, outcome unknown; [`BatchGetFailure`]:
//! read, not read; each entry a [`BatchEntry`]) — nothing is dropped.
//! [`Db::batch_put_stream`] ([`BatchPutStream`]) writes the items of a stream a window at a time,
//! so that memory does not grow with the input.
//!
//! ## Transactions
//! [`Db::transaction`] makes a [`Transaction`]: the same put, create, update and delete requests
//! plus condition checks as one `TransactWriteItems`, all or nothing, with DynamoDB's limits
//! checked first ([`TransactionRefusal`]), a `ClientRequestToken` and the items the actions
//! asked for returned, typed, in action order ([`TransactionOutput`]), a cancellation told apart per action ([`TransactionCanceled`],
//! [`CancelReason`]), and the request as sent kept when the outcome is unknown ([`Resend`]).
//! [`Db::transact_get`] reads up to 100 keys consistently into a tuple or a `Vec`
//! ([`TransactGetKeys`]). Entities with `#[unique(…)]` keep their uniqueness items in the same
//! transactions (`docs/semantics.md` §5), and [`Db::find_unique`] ([`FindUnique`]) finds an item
//! by its unique value through its uniqueness item.
//!
//! ## The table
//! [`Db::create_table`] from the [`dynakey::Table`] declaration (indexes, TTL),
//! [`Db::ensure_table`] (create only when missing, refuse a table that differs:
//! [`TableSetup`], [`SchemaDifference`], [`KeyRole`]), [`Db::delete_table`],
//! [`Db::enable_stream`], [`Db::add_missing_indexes`] ([`AddMissingIndexes`]: add the declared
//! GSIs an existing table lacks).
//!
//! ## The design the table records
//! The table keeps one design item: its entities with the versions of their key templates, and
//! the log of migrations ([`DesignRecord`]), written by [`Db::ensure_table`] and [`Db::migrate`].
//! [`Db::design_status`] compares the running code with it ([`DesignStatus`], [`DesignState`],
//! [`DesignDifference`]); [`Db::check_design`], run before serving, refuses a binary behind it
//! with [`Error::DesignBehind`] (docs/semantics.md §10).
//!
//! ## Change streams
//! [`changes::decode`] turns a DynamoDB Streams record into a [`changes::Change`] of the table's
//! item type; `Db::changes` (feature `streams`) reads the table's stream with a checkpoint;
//! `changes::lambda` (feature `lambda`) serves a Lambda function. docs/semantics.md §9.
//!
//! ## A picture of the design
//! [`design::Design`] draws a table that lists its entities: the entity chart (HTML, Markdown),
//! one item collection as SVG with keys from the real encoders, and a NoSQL Workbench model
//! (docs/design.md). Nothing is sent.
//!
//! ## Errors
//! [`Error`], with the data to act on in each variant ([`ItemProblem`] of an item DynamoDB would
//! refuse, found before any request).
//!
//! ## Modules
//! Three modules hold what code that calls the SDK itself needs: [`item`] (entity ↔ item, the
//! item rules, [`Item`]), [`convert`] (keys, start keys and rendered expressions onto the SDK's
//! types) and [`limits`] (DynamoDB's limits as checked here).
//!
//! ## Observability
//! Every request runs in a debug-level `tracing` span with `db.system = "dynamodb"`,
//! `db.operation`, `db.dynamodb.table_names` and `db.dynamodb.consumed_capacity`. An SDK
//! interceptor that [`Db::new`] puts on its client reports every request a `Db` sends — reads,
//! writes, batches, transactions, table set-up, and requests sent through [`Db::client`]:
//!
//! - while a subscriber wants the `debug` event: every request asks for
//!   `ReturnConsumedCapacity = TOTAL` where the operation has it and the caller did not choose
//!   (AWS developer guide, "DynamoDB read and write operations": capacity is reported at no
//!   cost); without one the request goes out as built (dynakey's reads ask for it themselves);
//! - one `debug` event per request (target `dynakey_runtime::trace`), after its last attempt:
//!   `operation`, `table`, `index`, `items` (items returned by a read, items sent by a write),
//!   `consumed_capacity` (capacity units, summed over tables and indexes), `retries` (attempts
//!   after the first, the SDK's own retries included) and `outcome` (`ok` or the error code);
//! - one `warn` event per throttled attempt (`ThrottlingException`,
//!   `ProvisionedThroughputExceededException`, `RequestLimitExceeded`, …), retried or not.
//!
//! With no subscriber that wants these events the interceptor does nothing but ask `tracing`
//! (`benches/embedded.rs` measures a GetItem through a `Db`'s client against a plain client).
//!
//! With the `metrics` feature, every request is also measured through the `metrics` facade —
//! labelled by table, index, entity, operation and access pattern (the generated query
//! function's name, or `.pattern("…")`) — while a recorder is installed; [`Db::with_measures`]
//! asks every request for its capacity per table and index and keeps the hottest partition keys
//! ([`Db::hot_keys`]), warning of a key that nears a partition's limits. Names, labels and span
//! fields: [`measures`].
//!
//! A [`Governor`] ([`Db::with_governor`]) keeps bulk work — batches, `delete_all`, scans,
//! migrations, the change reader — within one capacity budget per table and index, shared by
//! every task given it, backing off on throttling; live requests stay outside it.
//!
//! A [`RequestLog`] (given with [`Db::with_request_log`]) records every request a `Db` sends, as
//! rendered ([`RequestInput`]: the SDK's input of its operation), with its outcome
//! ([`RequestOutcome`]), one [`LoggedRequest`] per send: for tests that assert what DynamoDB was
//! asked, or that nothing was sent.
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
//! - `streams`: `Db::changes`, the table's stream read with aws-sdk-dynamodbstreams (and
//!   `Engine::streams_client`, `connect_streams_from_env` with `embedded` / `aws-config`).
//! - `lambda`: `changes::lambda`, typed changes from a Lambda `DynamoDbEvent` (aws_lambda_events)
//!   and the partial batch response.
//! - `metrics`: the per-pattern measures through the `metrics` facade ([`measures`]).

#![deny(missing_docs)]
// An answer from the network is input like any other: no unwrap, expect or panic outside tests
// (docs/semantics.md §5, "A lost answer"; an answer the client does not understand is a typed
// error).
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]
// docs.rs (`--cfg docsrs`, nightly) marks each feature-gated item with the feature it needs.
#![cfg_attr(docsrs, feature(doc_cfg))]

mod batch;
pub mod changes;
pub mod convert;
mod db;
pub mod design;
#[cfg(feature = "embedded")]
mod embedded;
mod error;
mod governor;
pub mod item;
pub mod limits;
pub mod measures;
mod migrate;
mod read;
mod record;
mod request_log;
mod retry;
mod sdk;
mod single;
mod table;
#[cfg(feature = "testing")]
pub mod testing;
mod trace;
mod transaction;

/// The AWS SDK for DynamoDB this crate sends with: its client ([`Db::client`]) and types
/// (`types::AttributeValue`, the values of an [`Item`]), without a dependency of your own.
pub use aws_sdk_dynamodb;

pub use batch::{BatchDelete, BatchGet, BatchPut, BatchPutStream, DeleteAll};
pub use convert::Item;
pub use db::Db;
#[cfg(feature = "embedded")]
#[cfg_attr(docsrs, doc(cfg(feature = "embedded")))]
pub use embedded::Engine;
pub use error::{
    AmbiguousKey, BatchEntry, BatchGetFailure, BatchReport, BatchWriteFailure, CancelReason,
    DanglingUnique, DesignDifference, DesignDirection, Error, ItemOwner, ItemProblem, KeyRole,
    OutcomeUnknown, Resend, SchemaDifference, TemplateSide, TransactionCanceled,
    TransactionRefusal,
};
pub use governor::{CapacityBudget, GovernedUnits, Governor};
pub use measures::{HotKey, HotKeys, Measures};
pub use migrate::{
    Migrate, MigrationCheckpoint, MigrationCounts, MigrationExample, MigrationFailure,
    MigrationKind, MigrationReport, MigrationStopped, SegmentPosition, DEFAULT_MIGRATION_ATTEMPTS,
    DEFAULT_MIGRATION_SEGMENTS, DEFAULT_MIGRATION_WRITES_IN_FLIGHT,
};
pub use read::{
    As, CollectionDecoder, CollectionRead, Keys, Output, Page, Query, ReadProgress, Scan,
    TableItems, UnknownItems,
};
pub use record::{
    DesignRecord, DesignState, DesignStatus, EntityRecord, KeyChangeRecord, KeyChangeStage,
    KeyRecord, MigrationMode, MigrationPhase, MigrationRecord, MigrationTally, TemplateChange,
    TemplateVersion, DESIGN_KEY, DESIGN_RECORD_FORMAT,
};
pub use request_log::{LoggedRequest, RequestInput, RequestLog, RequestOutcome};
pub use retry::RetryPolicy;
pub use single::{
    AnyVersion, Delete, ExpectedVersion, FindUnique, Get, Modify, New, NewAs, Nothing, Old, Put,
    PutReturning, Returning, Stored, TransactionOutput, Update, VersionCheck,
    DEFAULT_MODIFY_ATTEMPTS,
};
pub use table::{AddMissingIndexes, TableSetup};
pub use transaction::{
    Append, PutInTransaction, ReadBack, Ready, Slot, Slots, TransactGetKeys, Transaction,
    UpdateInTransaction,
};

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

/// A DynamoDB Streams client configured the usual AWS way, as [`connect_from_env`] configures
/// the DynamoDB client: for [`Db::changes`]. A local endpoint is `AWS_ENDPOINT_URL_DYNAMODB_STREAMS`
/// (or `AWS_ENDPOINT_URL` for every service).
///
/// Features `aws-config` and `streams`.
#[cfg(all(feature = "aws-config", feature = "streams"))]
#[cfg_attr(docsrs, doc(cfg(all(feature = "aws-config", feature = "streams"))))]
pub async fn connect_streams_from_env() -> aws_sdk_dynamodbstreams::Client {
    let config = aws_config::load_defaults(aws_config::BehaviorVersion::latest()).await;
    aws_sdk_dynamodbstreams::Client::new(&config)
}
