//! [`Engine`]: a DynamoDB-compatible engine in this process, for tests and local runs (feature
//! `embedded`).
//!
//! The engine is [dynoxide](https://crates.io/crates/dynoxide-rs) built without its HTTP server:
//! the client [`Engine`] hands out is an ordinary `aws_sdk_dynamodb::Client` whose HTTP client
//! (`connector.rs`) gives each request to the engine in this process (`dispatch.rs`) and returns
//! the response dynoxide's server would have written. With feature `embedded-server`,
//! `Engine::serve` also serves the same engine over HTTP to other processes.

mod connector;
mod dispatch;
#[cfg(feature = "embedded-server")]
mod server;

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use aws_sdk_dynamodb::config::{BehaviorVersion, Credentials, Region};
use aws_sdk_dynamodb::Client;
use dynakey::Table;
use dynoxide::Database;

use crate::db::Db;
use crate::error::Error;

/// Counts tables made by [`Engine::fresh_table`] in this process.
static TABLES: AtomicU64 = AtomicU64::new(0);

/// The endpoint the in-process client's requests name. No request leaves the process; `.invalid`
/// (RFC 2606) never resolves, should the configuration be copied to a client with a network.
const IN_PROCESS_ENDPOINT: &str = "http://dynoxide.in-process.invalid";

/// An in-process DynamoDB-compatible engine: [dynoxide](https://crates.io/crates/dynoxide-rs)
/// (SQLite in memory), answering the DynamoDB JSON protocol in this process, without a socket or
/// an HTTP server.
///
/// For tests and local runs, including your own tests: every `Engine` is an empty, private
/// database that starts in about a millisecond, and [`fresh_table`](Self::fresh_table) gives each
/// test its own table, so tests can run in parallel. It is not meant for production data; nothing
/// is persisted, and the data is gone when the `Engine` is dropped.
///
/// The client it hands out is an ordinary `aws_sdk_dynamodb::Client` whose HTTP client hands each
/// request to the engine: the SDK serialises, signs, retries and runs its interceptors as it does
/// against DynamoDB, so the very same [`Db`] code runs against real DynamoDB with a client from
/// `connect_from_env` (feature `aws-config`) or any `aws_config` setup.
///
/// ```
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() -> Result<(), dynakey_runtime::Error> {
/// use dynakey::Entity;
/// use dynakey_runtime::Engine;
///
/// #[derive(Entity, serde::Serialize, serde::Deserialize, Debug, PartialEq)]
/// #[pk("USER#<id>")]
/// #[sk("PROFILE")]
/// struct User { id: String, name: String }
///
/// let engine = Engine::start().await?;
/// let db = engine.fresh_table::<dynakey::DefaultTable>().await?;
/// let ada = User { id: "u1".into(), name: "Ada".into() };
/// db.create(&ada).await?;
/// assert_eq!(db.get(&User::key("u1")?).await?, Some(ada));
/// # Ok(())
/// # }
/// ```
///
/// Once the `Engine` is dropped, requests from its clients fail (`Error::Sdk`, a dispatch
/// failure), and so do requests to its HTTP endpoint (`serve`, feature `embedded-server`). Its
/// clients need a Tokio runtime with the `time` driver enabled (the SDK's retries and timeouts
/// sleep on it), as `#[tokio::test]` and `#[tokio::main]` provide.
pub struct Engine {
    /// The engine's one strong handle: its clients hold it weakly, so dropping it stops them.
    #[cfg_attr(not(feature = "embedded-server"), allow(dead_code))]
    database: Arc<Database>,
    client: Client,
    /// The HTTP endpoint, once [`serve`](Self::serve) started it; stopped when dropped.
    #[cfg(feature = "embedded-server")]
    server: tokio::sync::OnceCell<server::Server>,
}

impl fmt::Debug for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut debug = f.debug_struct("Engine");
        debug.field("engine", &"dynoxide (in memory, in process)");
        #[cfg(feature = "embedded-server")]
        debug.field("endpoint", &self.server.get().map(server::Server::endpoint));
        debug.finish_non_exhaustive()
    }
}

impl Engine {
    /// Starts an empty in-memory engine in this process, and a client for it (region
    /// `us-east-1`, static dummy credentials, `BehaviorVersion::latest()`, an HTTP client that
    /// hands each request to the engine).
    ///
    /// # Errors
    /// [`Error::Engine`] when the database cannot be opened, or when it is not running inside a
    /// Tokio runtime.
    pub async fn start() -> Result<Engine, Error> {
        // The SDK's retries and timeouts sleep on Tokio; polled by another executor, the first
        // retry would panic: say so now instead.
        tokio::runtime::Handle::try_current()
            .map_err(|e| Error::Engine(format!("Engine::start needs a Tokio runtime: {e}")))?;
        let database = Arc::new(
            Database::memory()
                .map_err(|e| Error::Engine(format!("opening the in-memory database: {e}")))?,
        );
        let config = aws_sdk_dynamodb::Config::builder()
            .behavior_version(BehaviorVersion::latest())
            .region(Region::new("us-east-1"))
            .credentials_provider(Credentials::new(
                "dynakey",
                "dynakey",
                None,
                None,
                "dynakey-embedded",
            ))
            .endpoint_url(IN_PROCESS_ENDPOINT)
            .http_client(connector::InProcess::new(&database))
            .build();
        Ok(Engine {
            database,
            client: Client::from_conf(config),
            #[cfg(feature = "embedded-server")]
            server: tokio::sync::OnceCell::new(),
        })
    }

    /// A client for this engine (cheap: clients share their configuration).
    pub fn client(&self) -> Client {
        self.client.clone()
    }

    /// A DynamoDB Streams client for this engine (feature `streams`), for [`Db::changes`]: the
    /// same in-process connection, region and credentials as [`client`](Self::client). The
    /// engine keeps a stream for each table created with a `StreamSpecification`.
    #[cfg(feature = "streams")]
    pub fn streams_client(&self) -> aws_sdk_dynamodbstreams::Client {
        let config = aws_sdk_dynamodbstreams::Config::builder()
            .behavior_version(aws_sdk_dynamodbstreams::config::BehaviorVersion::latest())
            .region(aws_sdk_dynamodbstreams::config::Region::new("us-east-1"))
            .credentials_provider(Credentials::new(
                "dynakey",
                "dynakey",
                None,
                None,
                "dynakey-embedded",
            ))
            .endpoint_url(IN_PROCESS_ENDPOINT)
            .http_client(connector::InProcess::new(&self.database))
            .build();
        aws_sdk_dynamodbstreams::Client::from_conf(config)
    }

    /// A [`Db`] for table `table_name` declared by `T` on this engine. Sends nothing: create the
    /// table with [`Db::create_table`], or use [`fresh_table`](Self::fresh_table).
    pub fn db<T: Table>(&self, table_name: impl Into<String>) -> Db<T> {
        Db::new(self.client(), table_name)
    }

    /// Creates a new table declared by `T` with a name no other call in this process uses
    /// (`dynakey-test-<time>-<n>`, within DynamoDB's 3–255 characters), and returns its [`Db`].
    /// Give each test its own table and tests can share an engine and run in parallel.
    ///
    /// # Errors
    /// As [`Db::create_table`].
    pub async fn fresh_table<T: Table>(&self) -> Result<Db<T>, Error> {
        let n = TABLES.fetch_add(1, Ordering::Relaxed);
        let millis = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_millis());
        let db = self.db::<T>(format!("dynakey-test-{millis}-{n}"));
        db.create_table().await?;
        Ok(db)
    }

    /// Serves this engine over HTTP on `127.0.0.1` at a port the OS picks (dynoxide's own HTTP
    /// server, feature `embedded-server`), for other processes or an HTTP hop of your own; returns
    /// its endpoint URL, `http://127.0.0.1:PORT` (e.g. for `AWS_ENDPOINT_URL_DYNAMODB`). The first
    /// call starts the server, later calls return the same endpoint. Requests there and from
    /// [`client`](Self::client) see the same tables. The server stops when the `Engine` is dropped
    /// (gracefully: requests already running finish).
    ///
    /// # Errors
    /// [`Error::Engine`] when no port can be bound (it needs Tokio's `net` driver).
    #[cfg(feature = "embedded-server")]
    #[cfg_attr(docsrs, doc(cfg(feature = "embedded-server")))]
    pub async fn serve(&self) -> Result<&str, Error> {
        let server = self
            .server
            .get_or_try_init(|| server::Server::start(Database::clone(&self.database)))
            .await?;
        Ok(server.endpoint())
    }
}
