//! The engine in a process of its own, as DynamoDB is (issue #47), and the latency model between
//! it and the client. Included by the benches that need it (`#[path = "common/remote.rs"] mod
//! remote;`, feature `embedded-server`).
//!
//! - [`spawn`] starts this bench's program again as the engine's process (`BENCH_ROLE=engine`),
//!   which calls back into the bench (its [`serve`] call) to load its items, then serves them
//!   over HTTP (`Engine::serve`) until its standard input closes;
//! - [`client`] is a plain SDK client of it over HTTP (the SDK's hyper client, cleartext);
//! - [`Latency`] delays every answer as in-region DynamoDB answers (see its doc and
//!   docs/performance.md, "The latency model").

#![allow(dead_code)] // not every bench uses every part

use std::fmt;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use aws_sdk_dynamodb::config::{BehaviorVersion, Credentials, Region};
use aws_smithy_runtime_api::client::http::{
    HttpClient, HttpConnector, HttpConnectorFuture, HttpConnectorSettings, SharedHttpClient,
    SharedHttpConnector,
};
use aws_smithy_runtime_api::client::orchestrator::HttpRequest;
use aws_smithy_runtime_api::client::runtime_components::RuntimeComponents;
use dynakey_runtime::Engine;

/// The environment variable that tells this program it is the engine's process.
pub const ROLE: &str = "BENCH_ROLE";

/// An engine in a process of its own; dropping it ends the process.
pub struct Remote {
    child: Child,
    /// Its endpoint URL, `http://127.0.0.1:PORT`.
    pub endpoint: String,
}

impl Drop for Remote {
    fn drop(&mut self) {
        drop(self.child.stdin.take());
        let _ = self.child.wait();
    }
}

/// Starts this program again as the engine's process with the variables `vars` set, and waits
/// until it serves.
pub fn spawn(vars: &[(&str, String)]) -> Remote {
    let mut command = Command::new(std::env::current_exe().expect("this program"));
    command
        .env(ROLE, "engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped());
    for (name, value) in vars {
        command.env(name, value);
    }
    let mut child = command.spawn().expect("the engine's process");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut line)
        .expect("the endpoint");
    let endpoint = line
        .trim()
        .strip_prefix("ENDPOINT ")
        .unwrap_or_else(|| panic!("the engine's process said {line:?}"))
        .to_owned();
    Remote { child, endpoint }
}

/// `true` in the engine's process.
pub fn is_engine() -> bool {
    std::env::var(ROLE).as_deref() == Ok("engine")
}

/// The engine's process: a new engine, `load(client)` to fill it through its in-process client,
/// then served until standard input closes.
pub fn serve<F: std::future::Future<Output = ()>>(
    load: impl FnOnce(aws_sdk_dynamodb::Client) -> F,
) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("tokio runtime");
    let engine = runtime.block_on(async {
        let engine = Engine::start().await.expect("engine");
        load(engine.client()).await;
        engine
    });
    let endpoint = runtime.block_on(engine.serve()).expect("serve").to_owned();
    println!("ENDPOINT {endpoint}");
    std::io::stdout().flush().expect("stdout");
    let _ = std::io::stdin().read_to_end(&mut Vec::new());
    drop(engine);
}

/// A plain SDK client of `endpoint` over HTTP, each answer delayed by `latency` when given.
pub fn client(endpoint: &str, latency: Option<Latency>) -> aws_sdk_dynamodb::Client {
    let http = aws_smithy_http_client::Builder::new().build_http();
    let mut config = aws_sdk_dynamodb::Config::builder()
        .behavior_version(BehaviorVersion::latest())
        .region(Region::new("us-east-1"))
        .credentials_provider(Credentials::new("dynakey", "dynakey", None, None, "bench"))
        .endpoint_url(endpoint);
    config = match latency {
        Some(latency) => config.http_client(Delayed {
            inner: SharedHttpClient::new(http),
            latency,
        }),
        None => config.http_client(http),
    };
    aws_sdk_dynamodb::Client::from_conf(config.build())
}

/// The latency model: each answer is held back by a draw from a log-normal distribution
/// (`median`, and `p99` at its 99th percentile) plus a transfer time of the request's and the
/// answer's bytes at `bytes_per_second`, from one seeded generator (the draws' sequence is fixed;
/// which request gets which draw follows the order answers arrive in).
#[derive(Clone)]
pub struct Latency {
    mu: f64,
    sigma: f64,
    bytes_per_second: f64,
    rng: Arc<Mutex<fastrand::Rng>>,
}

/// The 99th percentile of the standard normal distribution.
const Z99: f64 = 2.326_347_874;

impl Latency {
    /// DynamoDB in region as docs/performance.md gives it: median 4 ms, p99 12 ms, 100 MB/s.
    pub fn in_region(seed: u64) -> Latency {
        Latency::new(
            Duration::from_millis(4),
            Duration::from_millis(12),
            100e6,
            seed,
        )
    }

    pub fn new(median: Duration, p99: Duration, bytes_per_second: f64, seed: u64) -> Latency {
        let mu = median.as_secs_f64().ln();
        let sigma = (p99.as_secs_f64() / median.as_secs_f64()).ln() / Z99;
        Latency {
            mu,
            sigma,
            bytes_per_second,
            rng: Arc::new(Mutex::new(fastrand::Rng::with_seed(seed))),
        }
    }

    /// One draw of the round trip, without the transfer.
    pub fn draw(&self) -> Duration {
        let (u1, u2) = {
            let mut rng = self.rng.lock().expect("the generator");
            (rng.f64(), rng.f64())
        };
        // Box–Muller: a standard normal draw from two uniform ones.
        let z = (-2.0 * (1.0 - u1).ln()).sqrt() * (2.0 * std::f64::consts::PI * u2).cos();
        Duration::from_secs_f64((self.mu + self.sigma * z).exp())
    }

    /// The transfer time of `bytes`.
    pub fn transfer(&self, bytes: usize) -> Duration {
        Duration::from_secs_f64(bytes as f64 / self.bytes_per_second)
    }
}

impl fmt::Debug for Latency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Latency").finish_non_exhaustive()
    }
}

#[derive(Clone, Debug)]
struct Delayed {
    inner: SharedHttpClient,
    latency: Latency,
}

impl HttpClient for Delayed {
    fn http_connector(
        &self,
        settings: &HttpConnectorSettings,
        components: &RuntimeComponents,
    ) -> SharedHttpConnector {
        SharedHttpConnector::new(DelayedConnector {
            inner: self.inner.http_connector(settings, components),
            latency: self.latency.clone(),
        })
    }
}

#[derive(Clone, Debug)]
struct DelayedConnector {
    inner: SharedHttpConnector,
    latency: Latency,
}

impl HttpConnector for DelayedConnector {
    fn call(&self, request: HttpRequest) -> HttpConnectorFuture {
        let sent = request.body().bytes().map_or(0, <[u8]>::len);
        let answer = self.inner.call(request);
        let latency = self.latency.clone();
        HttpConnectorFuture::new(async move {
            let started = tokio::time::Instant::now();
            let response = answer.await?;
            let received = response
                .headers()
                .get("content-length")
                .and_then(|n| n.parse::<usize>().ok())
                .unwrap_or(0);
            // The engine's own time counts as the service's (DynamoDB's is in the draw): the
            // answer comes the draw plus the transfer after the request was sent, or when the
            // engine answers, whichever is later.
            let due = started + latency.draw() + latency.transfer(sent + received);
            tokio::time::sleep_until(due).await;
            Ok(response)
        })
    }
}
