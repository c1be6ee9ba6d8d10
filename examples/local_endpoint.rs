//! The embedded engine as a local DynamoDB endpoint for other processes, until it is stopped
//! (`Engine::serve`, feature `embedded-server` of dynakey-runtime).
//!
//! It prints `AWS_ENDPOINT_URL_DYNAMODB=http://127.0.0.1:PORT` on its first line; any client
//! configured the usual AWS way then talks to it, e.g. the examples with `--aws` (any region and
//! credentials will do):
//!
//! ```text
//! cargo run --example local_endpoint &
//! AWS_ENDPOINT_URL_DYNAMODB=http://127.0.0.1:PORT AWS_REGION=us-east-1 \
//!   AWS_ACCESS_KEY_ID=local AWS_SECRET_ACCESS_KEY=local \
//!   cargo run --example workspaces -- --aws
//! ```
//!
//! The data lives in memory and is gone when the process ends (`kill`, Ctrl-C).

use std::io::Write;

use dynakey_runtime::Engine;

type BoxError = Box<dyn std::error::Error + Send + Sync>;

#[tokio::main]
async fn main() -> Result<(), BoxError> {
    let engine = Engine::start().await?;
    // dynoxide's HTTP server on loopback (feature `embedded-server`), in front of the engine.
    let endpoint = engine.serve().await?;
    let mut out = std::io::stdout();
    writeln!(out, "AWS_ENDPOINT_URL_DYNAMODB={endpoint}")?;
    // A reader of a pipe or file sees the line now, not when the buffer fills.
    out.flush()?;
    // Serve until the process is stopped; the engine runs on this runtime's tasks.
    std::future::pending::<()>().await;
    Ok(())
}
