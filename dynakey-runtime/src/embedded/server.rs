//! The engine served over HTTP on loopback (feature `embedded-server`): dynoxide's own axum
//! server, on a second handle to the same in-memory database.

use dynoxide::Database;
use tokio::sync::oneshot;

use crate::error::Error;

/// A running HTTP endpoint; dropping it stops the server.
#[derive(Debug)]
pub(super) struct Server {
    endpoint: String,
    /// Dropped with the `Server`, which resolves the server's shutdown signal.
    _shutdown: oneshot::Sender<()>,
}

impl Server {
    /// Binds `127.0.0.1` at a port the OS picks and serves `database` there on a Tokio task.
    pub(super) async fn start(database: Database) -> Result<Server, Error> {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .map_err(|e| Error::Engine(format!("binding 127.0.0.1: {e}")))?;
        let address = listener
            .local_addr()
            .map_err(|e| Error::Engine(format!("reading the bound address: {e}")))?;
        let (shutdown, stopped) = oneshot::channel::<()>();
        tokio::spawn(async move {
            let signal = async move {
                // Resolves when the sender is dropped.
                let _ = stopped.await;
            };
            if let Err(e) = dynoxide::server::serve_with_shutdown(listener, database, signal).await
            {
                tracing::error!(error = %e, "the embedded DynamoDB engine's HTTP server stopped with an error");
            }
        });
        Ok(Server {
            endpoint: format!("http://{address}"),
            _shutdown: shutdown,
        })
    }

    /// `http://127.0.0.1:PORT`.
    pub(super) fn endpoint(&self) -> &str {
        &self.endpoint
    }
}
