//! [`Engine`]: a DynamoDB-compatible engine in this process, for tests and local runs (feature
//! `embedded`).

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use aws_sdk_dynamodb::config::{BehaviorVersion, Credentials, Region};
use aws_sdk_dynamodb::Client;
use dynakey::Table;
use tokio::sync::oneshot;

use crate::db::Db;
use crate::error::Error;

/// Counts tables made by [`Engine::fresh_table`] in this process.
static TABLES: AtomicU64 = AtomicU64::new(0);

/// An in-process DynamoDB-compatible engine: [dynoxide](https://crates.io/crates/dynoxide-rs)
/// (SQLite in memory) serving the DynamoDB JSON protocol on `127.0.0.1` at a free port.
///
/// For tests and local runs, including your own tests: every `Engine` is an empty, private
/// database that starts in about a millisecond, and [`fresh_table`](Self::fresh_table) gives each
/// test its own table, so tests can run in parallel. It is not meant for production data; nothing
/// is persisted, and the data is gone when the `Engine` is dropped.
///
/// The client it hands out is an ordinary `aws_sdk_dynamodb::Client` pointed at the engine, so the
/// very same [`Db`] code runs against real DynamoDB with a client from
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
/// Dropping the `Engine` stops the server (gracefully: requests already running finish). It needs a
/// Tokio runtime with the `net` and `time` drivers enabled, as `#[tokio::test]` and
/// `#[tokio::main]` provide.
#[derive(Debug)]
pub struct Engine {
    endpoint: String,
    client: Client,
    shutdown: Option<oneshot::Sender<()>>,
}

impl Engine {
    /// Starts an empty in-memory engine on `127.0.0.1` at a port the OS picks, and a client for it
    /// (region `us-east-1`, static dummy credentials, `BehaviorVersion::latest()`, the SDK's hyper
    /// client over cleartext HTTP).
    ///
    /// # Errors
    /// [`Error::Engine`] when the database cannot be opened, no port can be bound, or it is not
    /// running inside a Tokio runtime.
    pub async fn start() -> Result<Engine, Error> {
        // Polled by another executor, tokio's socket and spawn would panic: say so instead.
        tokio::runtime::Handle::try_current()
            .map_err(|e| Error::Engine(format!("Engine::start needs a Tokio runtime: {e}")))?;
        let database = dynoxide::Database::memory()
            .map_err(|e| Error::Engine(format!("opening the in-memory database: {e}")))?;
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .map_err(|e| Error::Engine(format!("binding 127.0.0.1: {e}")))?;
        let address = listener
            .local_addr()
            .map_err(|e| Error::Engine(format!("reading the bound address: {e}")))?;
        let (shutdown, stopped) = oneshot::channel::<()>();
        tokio::spawn(async move {
            let signal = async move {
                // Resolves when the Engine sends or is dropped.
                let _ = stopped.await;
            };
            if let Err(e) = dynoxide::server::serve_with_shutdown(listener, database, signal).await
            {
                tracing::error!(error = %e, "the embedded DynamoDB engine stopped with an error");
            }
        });
        let endpoint = format!("http://{address}");
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
            .endpoint_url(&endpoint)
            // Cleartext HTTP to loopback: no TLS stack is needed for the engine.
            .http_client(aws_smithy_http_client::Builder::new().build_http())
            .build();
        Ok(Engine {
            endpoint,
            client: Client::from_conf(config),
            shutdown: Some(shutdown),
        })
    }

    /// A client for this engine (cheap: clients share their connection pool).
    pub fn client(&self) -> Client {
        self.client.clone()
    }

    /// The engine's endpoint URL, `http://127.0.0.1:PORT`, e.g. for `AWS_ENDPOINT_URL` of another
    /// process.
    pub fn endpoint(&self) -> &str {
        &self.endpoint
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
}

impl Drop for Engine {
    fn drop(&mut self) {
        if let Some(shutdown) = self.shutdown.take() {
            // The server task may already be gone with its runtime; nothing to do then.
            let _ = shutdown.send(());
        }
    }
}
