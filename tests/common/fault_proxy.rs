//! A fault-injecting HTTP proxy for the DynamoDB JSON protocol, to put between an SDK client and
//! the embedded engine served over HTTP (`Engine::serve`): it forwards every request to the
//! engine, except those it picks to fail, which it answers the way DynamoDB and networks fail.
//!
//! ```ignore
//! let engine = Engine::start().await?;
//! let proxy = FaultProxy::start(engine.serve().await?, 7, FaultMix::none().throttle(0.1)).await?;
//! let db: Db = Db::new(proxy.client(), table_name);   // requests go through the proxy
//! // … run the operation, then:
//! eprintln!("{}", proxy.counts());                    // faults injected, per kind
//! ```
//!
//! Faults ([`Fault`]), each picked per request with the probability [`FaultMix`] gives it:
//! - **unprocessed** (`BatchWriteItem`, `BatchGetItem`): forwards only part of the request and
//!   returns the rest as `UnprocessedItems` / `UnprocessedKeys`, merged into the engine's answer;
//! - **throttle**: answers 400 `ThrottlingException` (with `throttlingReasons`) or
//!   `ProvisionedThroughputExceededException`, in DynamoDB's JSON error shape, without forwarding;
//! - **server error**: forwards, so the request *is* applied, then answers 500
//!   `InternalServerError`;
//! - **drop before**: closes the connection without forwarding or answering;
//! - **drop after**: forwards, then closes the connection without answering;
//! - **delay**: waits up to [`FaultMix::max_delay`], then forwards.
//!
//! It also counts the answers it forwards untouched that refuse a condition
//! ([`FaultCounts::conditions_refused`]), and runs a test's hook ([`FaultProxy::on_lost_answer`])
//! after the engine applied a request whose answer it drops, before the connection closes: what
//! another writer does between a lost answer and the client's resend.
//!
//! Seeded: the fault for a request is a function of the seed, the request (its `X-Amz-Target` and
//! its JSON body in canonical form, table names left out, so a run replays on an engine whose
//! tests name their tables uniquely) and how many times that same request came before, so it does
//! not depend on arrival order or timing.
//! (What a client does in response, and so which requests follow, can still depend on timing.)
//!
//! Bounded: it listens on 127.0.0.1 only and forwards only to a loopback upstream, serves at most
//! [`MAX_CONNECTIONS`] connections at once (more wait), refuses bodies over [`MAX_BODY`] with 413,
//! and remembers at most [`MAX_REMEMBERED`] distinct requests (then forgets them all).

use std::collections::HashMap;
use std::fmt;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bytes::Bytes;
use http_body_util::{BodyExt, Full, Limited};
use hyper::body::Incoming;
use hyper::header::{HeaderValue, CONTENT_LENGTH, CONTENT_TYPE, HOST};
use hyper::{Request, Response, StatusCode, Uri};
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::Client;
use hyper_util::rt::{TokioExecutor, TokioIo};
use serde_json::{json, Value};
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tokio::task::JoinHandle;

/// Connections served at once; more wait for one to close.
pub const MAX_CONNECTIONS: usize = 64;
/// The largest request or response body, DynamoDB's 16 MB request limit plus room.
pub const MAX_BODY: usize = 17 * 1024 * 1024;
/// Distinct requests remembered for the occurrence count before the memory is cleared.
pub const MAX_REMEMBERED: usize = 1 << 20;

/// One kind of fault.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// Part of a batch forwarded, the rest returned unprocessed.
    Unprocessed,
    /// 400 with a throttling error, not forwarded.
    Throttle,
    /// Forwarded, then 500.
    ServerError,
    /// Connection closed before forwarding.
    DropBefore,
    /// Forwarded, then the connection closed before answering.
    DropAfter,
    /// Forwarded after a delay.
    Delay,
}

/// How many entries of a batch an `Unprocessed` fault forwards.
#[derive(Debug, Clone, Copy)]
pub enum Keep {
    /// A random subset of `0..n` entries (at least one is held back).
    Random,
    /// The first `f(n)` entries (at most `n`; the old stand-in's rule, e.g. `|n| n.div_ceil(2)`).
    First(fn(usize) -> usize),
}

/// Which faults to inject, and how often: each a probability per request (their sum at most 1).
#[derive(Debug, Clone)]
pub struct FaultMix {
    /// Probability of [`Fault::Unprocessed`] (only `BatchWriteItem` and `BatchGetItem`; other
    /// requests picked for it are forwarded untouched).
    pub unprocessed: f64,
    /// Probability of [`Fault::Throttle`].
    pub throttle: f64,
    /// Probability of [`Fault::ServerError`].
    pub server_error: f64,
    /// Probability of [`Fault::DropBefore`].
    pub drop_before: f64,
    /// Probability of [`Fault::DropAfter`].
    pub drop_after: f64,
    /// Probability of [`Fault::Delay`].
    pub delay: f64,
    /// The longest delay.
    pub max_delay: Duration,
    /// How much of a batch an `Unprocessed` fault forwards.
    pub keep: Keep,
    /// The operations (`X-Amz-Target` after the dot, e.g. `"BatchWriteItem"`) faults apply to;
    /// empty: all.
    pub operations: Vec<String>,
    /// Faults only on the first occurrence of each request: the same request sent again is
    /// forwarded untouched (e.g. the first answer lost, the resend's delivered).
    pub first_send_only: bool,
    /// A hot partition: every single-item request whose `Key` or `Item` holds this string value
    /// is answered `ProvisionedThroughputExceededException` with the `ThrottlingReasons` entry
    /// `Table{Read,Write}KeyRangeThroughputExceeded` (counted as throttled), whatever the mix.
    pub hot_key: Option<String>,
}

impl FaultMix {
    /// No faults: a plain proxy.
    pub fn none() -> Self {
        FaultMix {
            unprocessed: 0.0,
            throttle: 0.0,
            server_error: 0.0,
            drop_before: 0.0,
            drop_after: 0.0,
            delay: 0.0,
            max_delay: Duration::from_millis(5),
            keep: Keep::Random,
            operations: Vec::new(),
            first_send_only: false,
            hot_key: None,
        }
    }

    /// The same mix with [`Fault::Unprocessed`] at probability `p`.
    pub fn unprocessed(mut self, p: f64) -> Self {
        self.unprocessed = p;
        self
    }

    /// The same mix with [`Fault::Throttle`] at probability `p`.
    pub fn throttle(mut self, p: f64) -> Self {
        self.throttle = p;
        self
    }

    /// The same mix with [`Fault::ServerError`] at probability `p`.
    pub fn server_error(mut self, p: f64) -> Self {
        self.server_error = p;
        self
    }

    /// The same mix with [`Fault::DropBefore`] at probability `p`.
    pub fn drop_before(mut self, p: f64) -> Self {
        self.drop_before = p;
        self
    }

    /// The same mix with [`Fault::DropAfter`] at probability `p`.
    pub fn drop_after(mut self, p: f64) -> Self {
        self.drop_after = p;
        self
    }

    /// The same mix with [`Fault::Delay`] at probability `p`, up to `max`.
    pub fn delay(mut self, p: f64, max: Duration) -> Self {
        self.delay = p;
        self.max_delay = max;
        self
    }

    /// The same mix with `keep` for `Unprocessed` faults.
    pub fn keep(mut self, keep: Keep) -> Self {
        self.keep = keep;
        self
    }

    /// The same mix, applied only to `operations` (e.g. `["BatchWriteItem"]`).
    pub fn only(mut self, operations: &[&str]) -> Self {
        self.operations = operations.iter().map(|o| (*o).to_owned()).collect();
        self
    }

    /// The same mix, with every single-item request on partition-key value `key` throttled for
    /// its key range ([`FaultMix::hot_key`]).
    pub fn hot_key(mut self, key: &str) -> Self {
        self.hot_key = Some(key.to_owned());
        self
    }

    /// The same mix, on the first occurrence of each request only.
    pub fn first_send_only(mut self) -> Self {
        self.first_send_only = true;
        self
    }

    /// The fault for a uniform draw `u` in `[0, 1)`.
    fn pick(&self, u: f64) -> Option<Fault> {
        let mut bound = 0.0;
        for (p, fault) in [
            (self.unprocessed, Fault::Unprocessed),
            (self.throttle, Fault::Throttle),
            (self.server_error, Fault::ServerError),
            (self.drop_before, Fault::DropBefore),
            (self.drop_after, Fault::DropAfter),
            (self.delay, Fault::Delay),
        ] {
            bound += p;
            if u < bound {
                return Some(fault);
            }
        }
        None
    }
}

/// What the proxy did, per kind.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FaultCounts {
    /// Requests received.
    pub requests: u64,
    /// Requests forwarded to the engine, whole or in part.
    pub forwarded: u64,
    /// `GetItem` requests received (in a write test: the reads that settle a lost answer, and
    /// those of unique writes).
    pub get_items: u64,
    /// [`Fault::Unprocessed`] injected.
    pub unprocessed: u64,
    /// Entries (write requests, keys) held back and returned unprocessed by those faults.
    pub held_back: u64,
    /// [`Fault::Throttle`] injected.
    pub throttled: u64,
    /// [`Fault::ServerError`] injected.
    pub server_errors: u64,
    /// [`Fault::DropBefore`] injected.
    pub dropped_before: u64,
    /// [`Fault::DropAfter`] injected.
    pub dropped_after: u64,
    /// [`Fault::Delay`] injected.
    pub delayed: u64,
    /// Bodies refused for being over [`MAX_BODY`].
    pub too_large: u64,
    /// Answers forwarded as the engine gave them that refuse a condition
    /// (`ConditionalCheckFailedException`): in a test where nothing else writes the items, each
    /// is a resend refused by its own first send.
    pub conditions_refused: u64,
}

impl FaultCounts {
    /// Faults injected, all kinds together.
    pub fn faults(&self) -> u64 {
        self.unprocessed
            + self.throttled
            + self.server_errors
            + self.dropped_before
            + self.dropped_after
            + self.delayed
    }
}

impl fmt::Display for FaultCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} requests, {} forwarded; faults: unprocessed {} ({} entries held back), \
             throttled {}, 500 {}, dropped before forwarding {}, dropped after forwarding {}, \
             delayed {}; conditions refused {}",
            self.requests,
            self.forwarded,
            self.unprocessed,
            self.held_back,
            self.throttled,
            self.server_errors,
            self.dropped_before,
            self.dropped_after,
            self.delayed,
            self.conditions_refused
        )
    }
}

#[derive(Default)]
struct Counters {
    requests: AtomicU64,
    forwarded: AtomicU64,
    get_items: AtomicU64,
    unprocessed: AtomicU64,
    held_back: AtomicU64,
    throttled: AtomicU64,
    server_errors: AtomicU64,
    dropped_before: AtomicU64,
    dropped_after: AtomicU64,
    delayed: AtomicU64,
    too_large: AtomicU64,
    conditions_refused: AtomicU64,
}

fn bump(counter: &AtomicU64, n: u64) {
    counter.fetch_add(n, Ordering::Relaxed);
}

/// A test's step run between a lost answer and the client's resend ([`FaultProxy::on_lost_answer`]).
pub type Hook = Arc<dyn Fn() -> Pin<Box<dyn Future<Output = ()> + Send>> + Send + Sync>;

/// What the connections share.
struct Shared {
    /// Run after a [`Fault::DropAfter`]'s request was applied, before its connection closes.
    hook: Mutex<Option<Hook>>,
    upstream: Uri,
    seed: u64,
    mix: FaultMix,
    client: Client<HttpConnector, Full<Bytes>>,
    counters: Counters,
    /// How many times each request (by hash) was seen.
    seen: Mutex<HashMap<u64, u64>>,
}

/// The error a handler returns to make hyper close the connection without an answer.
#[derive(Debug)]
struct Hangup;

impl fmt::Display for Hangup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("connection dropped by the fault proxy")
    }
}

impl std::error::Error for Hangup {}

/// A fault-injecting proxy in front of one endpoint; stops when dropped.
pub struct FaultProxy {
    endpoint: String,
    shared: Arc<Shared>,
    accept: JoinHandle<()>,
}

impl FaultProxy {
    /// Starts a proxy on 127.0.0.1 at a free port in front of `upstream` (a loopback
    /// `http://127.0.0.1:PORT`, e.g. [`Engine::serve`](dynakey_runtime::Engine::serve)),
    /// injecting `mix` with decisions seeded by `seed`.
    ///
    /// # Errors
    /// An upstream that is not a loopback `http://` URL, or a socket error.
    pub async fn start(upstream: &str, seed: u64, mix: FaultMix) -> std::io::Result<FaultProxy> {
        let invalid =
            |why: &str| std::io::Error::new(std::io::ErrorKind::InvalidInput, why.to_owned());
        let upstream: Uri = upstream
            .parse()
            .map_err(|_| invalid("upstream is not a URL"))?;
        let loopback = upstream
            .host()
            .and_then(|h| h.parse::<IpAddr>().ok())
            .is_some_and(|ip| ip.is_loopback())
            || upstream.host() == Some("localhost");
        if upstream.scheme_str() != Some("http") || !loopback {
            return Err(invalid(
                "the upstream must be http:// on a loopback address",
            ));
        }
        let listener = TcpListener::bind(SocketAddr::from(([127, 0, 0, 1], 0))).await?;
        let endpoint = format!("http://{}", listener.local_addr()?);
        let shared = Arc::new(Shared {
            hook: Mutex::new(None),
            upstream,
            seed,
            mix,
            client: Client::builder(TokioExecutor::new()).build_http(),
            counters: Counters::default(),
            seen: Mutex::new(HashMap::new()),
        });
        let permits = Arc::new(Semaphore::new(MAX_CONNECTIONS));
        let accept = tokio::spawn(accept_loop(listener, Arc::clone(&shared), permits));
        Ok(FaultProxy {
            endpoint,
            shared,
            accept,
        })
    }

    /// Runs `hook` after every [`Fault::DropAfter`] the engine applied, before the connection
    /// closes: the client sees its answer lost only once the hook has run, so whatever the hook
    /// writes (through another handle) happens between the lost answer and any resend.
    pub fn on_lost_answer<F, Fut>(&self, hook: F)
    where
        F: Fn() -> Fut + Send + Sync + 'static,
        Fut: Future<Output = ()> + Send + 'static,
    {
        let hook: Hook = Arc::new(move || Box::pin(hook()));
        *self.shared.hook.lock().unwrap_or_else(|p| p.into_inner()) = Some(hook);
    }

    /// The proxy's URL, `http://127.0.0.1:PORT`.
    pub fn endpoint(&self) -> &str {
        &self.endpoint
    }

    /// What it did so far.
    pub fn counts(&self) -> FaultCounts {
        let c = &self.shared.counters;
        let get = |a: &AtomicU64| a.load(Ordering::Relaxed);
        FaultCounts {
            requests: get(&c.requests),
            forwarded: get(&c.forwarded),
            get_items: get(&c.get_items),
            unprocessed: get(&c.unprocessed),
            held_back: get(&c.held_back),
            throttled: get(&c.throttled),
            server_errors: get(&c.server_errors),
            dropped_before: get(&c.dropped_before),
            dropped_after: get(&c.dropped_after),
            delayed: get(&c.delayed),
            too_large: get(&c.too_large),
            conditions_refused: get(&c.conditions_refused),
        }
    }

    /// An SDK client configuration pointed at the proxy (region `us-east-1`, dummy credentials,
    /// the SDK's default retry configuration), to adjust before building.
    pub fn sdk_config(&self) -> aws_sdk_dynamodb::config::Builder {
        use aws_sdk_dynamodb::config::{BehaviorVersion, Credentials, Region};
        aws_sdk_dynamodb::Config::builder()
            .behavior_version(BehaviorVersion::latest())
            .region(Region::new("us-east-1"))
            .credentials_provider(Credentials::new(
                "proxy",
                "proxy",
                None,
                None,
                "fault-proxy",
            ))
            .endpoint_url(&self.endpoint)
    }

    /// An SDK client pointed at the proxy ([`sdk_config`](Self::sdk_config)).
    pub fn client(&self) -> aws_sdk_dynamodb::Client {
        aws_sdk_dynamodb::Client::from_conf(self.sdk_config().build())
    }
}

impl Drop for FaultProxy {
    fn drop(&mut self) {
        self.accept.abort();
    }
}

async fn accept_loop(listener: TcpListener, shared: Arc<Shared>, permits: Arc<Semaphore>) {
    loop {
        let Ok(permit) = Arc::clone(&permits).acquire_owned().await else {
            return;
        };
        let Ok((stream, _)) = listener.accept().await else {
            continue;
        };
        let shared = Arc::clone(&shared);
        tokio::spawn(async move {
            let service = hyper::service::service_fn(move |request| {
                let shared = Arc::clone(&shared);
                async move { shared.handle(request).await }
            });
            // A handler's Hangup ends the connection here, unanswered.
            let _ = hyper::server::conn::http1::Builder::new()
                .serve_connection(TokioIo::new(stream), service)
                .await;
            drop(permit);
        });
    }
}

/// Takes the table names out of a request body: every `TableName` member, and the keys of
/// `RequestItems` (a batch's tables, named by their place in it instead).
fn without_table_names(value: &mut Value) {
    match value {
        Value::Object(members) => {
            members.remove("TableName");
            if let Some(Value::Object(tables)) = members.get_mut("RequestItems") {
                let named = std::mem::take(tables);
                for (n, (_, wanted)) in named.into_iter().enumerate() {
                    tables.insert(format!("#{n}"), wanted);
                }
            }
            members.values_mut().for_each(without_table_names);
        }
        Value::Array(values) => values.iter_mut().for_each(without_table_names),
        _ => {}
    }
}

/// FNV-1a 64 over some byte strings, seeded.
fn fnv1a(seed: u64, parts: &[&[u8]]) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325_u64 ^ seed;
    for part in parts {
        for byte in part.iter().chain(&[0xff]) {
            hash ^= u64::from(*byte);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    hash
}

type Answer = Result<Response<Full<Bytes>>, Hangup>;

fn answer(status: StatusCode, body: Bytes) -> Response<Full<Bytes>> {
    let mut response = Response::new(Full::new(body));
    *response.status_mut() = status;
    response.headers_mut().insert(
        CONTENT_TYPE,
        HeaderValue::from_static("application/x-amz-json-1.0"),
    );
    response
}

fn json_answer(status: StatusCode, body: &Value) -> Response<Full<Bytes>> {
    answer(status, Bytes::from(body.to_string()))
}

/// A forwarded request's answer, read whole.
struct Upstream {
    status: StatusCode,
    headers: hyper::HeaderMap,
    body: Bytes,
}

impl Upstream {
    fn into_response(self) -> Response<Full<Bytes>> {
        let mut response = Response::new(Full::new(self.body));
        *response.status_mut() = self.status;
        *response.headers_mut() = self.headers;
        response
    }
}

impl Shared {
    /// Answers one request, or hangs up (`Err`).
    async fn handle(&self, request: Request<Incoming>) -> Answer {
        bump(&self.counters.requests, 1);
        let (parts, body) = request.into_parts();
        let body = match Limited::new(body, MAX_BODY).collect().await {
            Ok(body) => body.to_bytes(),
            Err(_) => {
                bump(&self.counters.too_large, 1);
                return Ok(answer(StatusCode::PAYLOAD_TOO_LARGE, Bytes::new()));
            }
        };
        let target = parts
            .headers
            .get("x-amz-target")
            .and_then(|t| t.to_str().ok())
            .and_then(|t| t.rsplit('.').next())
            .unwrap_or_default()
            .to_owned();
        if target == "GetItem" {
            bump(&self.counters.get_items, 1);
        }
        if let Some(hot) = &self.mix.hot_key {
            if names_value(&body, hot) {
                bump(&self.counters.throttled, 1);
                return Ok(key_range_throttled(&target, &body));
            }
        }
        let (fault, mut rng) = self.decide(&target, &body);
        match fault {
            None => self.forward_answer(&parts, body).await,
            Some(Fault::Delay) => {
                bump(&self.counters.delayed, 1);
                let most = u64::try_from(self.mix.max_delay.as_micros()).unwrap_or(u64::MAX);
                tokio::time::sleep(Duration::from_micros(rng.u64(0..=most))).await;
                self.forward_answer(&parts, body).await
            }
            Some(Fault::Throttle) => {
                bump(&self.counters.throttled, 1);
                Ok(throttled(&target, &body, &mut rng))
            }
            Some(Fault::ServerError) => {
                bump(&self.counters.server_errors, 1);
                self.forward(&parts, body).await?;
                let error = json!({
                    "__type": "com.amazonaws.dynamodb.v20120810#InternalServerError",
                    "message": "Internal server error (injected by the fault proxy after forwarding)",
                });
                Ok(json_answer(StatusCode::INTERNAL_SERVER_ERROR, &error))
            }
            Some(Fault::DropBefore) => {
                bump(&self.counters.dropped_before, 1);
                Err(Hangup)
            }
            Some(Fault::DropAfter) => {
                bump(&self.counters.dropped_after, 1);
                self.forward(&parts, body).await?;
                let hook = self.hook.lock().unwrap_or_else(|p| p.into_inner()).clone();
                if let Some(hook) = hook {
                    hook().await;
                }
                Err(Hangup)
            }
            Some(Fault::Unprocessed) => self.partial(&target, &parts, body, &mut rng).await,
        }
    }

    /// The fault for a request, and a random source for its details, both seeded by the seed, the
    /// request and its occurrence count.
    fn decide(&self, target: &str, body: &[u8]) -> (Option<Fault>, fastrand::Rng) {
        let canonical = serde_json::from_slice::<Value>(body)
            .map(|mut v| {
                without_table_names(&mut v);
                v.to_string().into_bytes()
            })
            .unwrap_or_else(|_| body.to_vec());
        let request = fnv1a(self.seed, &[target.as_bytes(), &canonical]);
        let occurrence = {
            let mut seen = self.seen.lock().unwrap_or_else(|p| p.into_inner());
            if seen.len() >= MAX_REMEMBERED {
                seen.clear();
            }
            let n = seen.entry(request).or_insert(0);
            *n += 1;
            *n
        };
        let mut rng = fastrand::Rng::with_seed(fnv1a(request, &[&occurrence.to_le_bytes()]));
        let applies = (self.mix.operations.is_empty()
            || self.mix.operations.iter().any(|o| o == target))
            && !(self.mix.first_send_only && occurrence > 1);
        let draw = rng.f64();
        let fault = if applies { self.mix.pick(draw) } else { None };
        (fault, rng)
    }

    /// Forwards the request and returns the engine's answer as it is, counting refused
    /// conditions.
    async fn forward_answer(&self, parts: &hyper::http::request::Parts, body: Bytes) -> Answer {
        let upstream = self.forward(parts, body).await?;
        let refused = b"ConditionalCheckFailedException";
        if upstream.status == StatusCode::BAD_REQUEST
            && upstream.body.windows(refused.len()).any(|w| w == refused)
        {
            bump(&self.counters.conditions_refused, 1);
        }
        Ok(upstream.into_response())
    }

    /// Sends the request with `body` to the engine and reads its answer.
    async fn forward(
        &self,
        parts: &hyper::http::request::Parts,
        body: Bytes,
    ) -> Result<Upstream, Hangup> {
        let path = parts.uri.path_and_query().map_or("/", |p| p.as_str());
        let uri = format!(
            "{}{}",
            self.upstream.to_string().trim_end_matches('/'),
            path
        );
        let mut request = Request::builder().method(parts.method.clone()).uri(uri);
        for (name, value) in &parts.headers {
            if name != HOST && name != CONTENT_LENGTH {
                request = request.header(name, value);
            }
        }
        let request = request.body(Full::new(body)).map_err(|_| Hangup)?;
        let response = self.client.request(request).await.map_err(|_| Hangup)?;
        bump(&self.counters.forwarded, 1);
        let (parts, body) = response.into_parts();
        let body = Limited::new(body, MAX_BODY)
            .collect()
            .await
            .map_err(|_| Hangup)?
            .to_bytes();
        let mut headers = parts.headers;
        headers.remove(CONTENT_LENGTH);
        Ok(Upstream {
            status: parts.status,
            headers,
            body,
        })
    }

    /// Forwards part of a batch and returns the rest as unprocessed (other requests: forwarded
    /// untouched).
    async fn partial(
        &self,
        target: &str,
        parts: &hyper::http::request::Parts,
        body: Bytes,
        rng: &mut fastrand::Rng,
    ) -> Answer {
        let (unprocessed_field, gets) = match target {
            "BatchWriteItem" => ("UnprocessedItems", false),
            "BatchGetItem" => ("UnprocessedKeys", true),
            _ => return self.forward(parts, body).await.map(Upstream::into_response),
        };
        let Ok(mut request) = serde_json::from_slice::<Value>(&body) else {
            return self.forward(parts, body).await.map(Upstream::into_response);
        };
        let Some(tables) = request
            .get_mut("RequestItems")
            .and_then(Value::as_object_mut)
        else {
            return self.forward(parts, body).await.map(Upstream::into_response);
        };
        // Split each table's entries into those forwarded and those held back.
        let mut held = serde_json::Map::new();
        let mut held_count = 0;
        for (table, wanted) in tables.iter_mut() {
            let entries = if gets {
                wanted.get_mut("Keys").and_then(Value::as_array_mut)
            } else {
                wanted.as_array_mut()
            };
            let Some(entries) = entries else { continue };
            let n = entries.len();
            let mut order: Vec<usize> = (0..n).collect();
            let keep = match self.mix.keep {
                Keep::Random if n > 0 => {
                    rng.shuffle(&mut order);
                    rng.usize(0..n)
                }
                Keep::Random => 0,
                Keep::First(f) => f(n).min(n),
            };
            let mut kept: Vec<usize> = order[..keep].to_vec();
            let mut back: Vec<usize> = order[keep..].to_vec();
            kept.sort_unstable();
            back.sort_unstable();
            if back.is_empty() {
                continue;
            }
            let all = std::mem::take(entries);
            *entries = kept.iter().map(|&i| all[i].clone()).collect();
            let back: Vec<Value> = back.iter().map(|&i| all[i].clone()).collect();
            held_count += back.len();
            let returned = if gets {
                let mut rest = wanted.clone();
                rest["Keys"] = Value::Array(back);
                rest
            } else {
                Value::Array(back)
            };
            held.insert(table.clone(), returned);
        }
        if held.is_empty() {
            return self.forward(parts, body).await.map(Upstream::into_response);
        }
        bump(&self.counters.unprocessed, 1);
        bump(&self.counters.held_back, held_count as u64);
        // Tables left with nothing to send are not sent (DynamoDB refuses empty entries).
        tables.retain(|_, wanted| {
            let entries = if gets {
                wanted.get("Keys")
            } else {
                Some(&*wanted)
            };
            entries
                .and_then(Value::as_array)
                .is_some_and(|e| !e.is_empty())
        });
        let mut answer_body = if tables.is_empty() {
            let responses: serde_json::Map<String, Value> =
                held.keys().map(|t| (t.clone(), json!([]))).collect();
            if gets {
                json!({ "Responses": responses })
            } else {
                json!({})
            }
        } else {
            let upstream = self
                .forward(parts, Bytes::from(request.to_string()))
                .await?;
            if upstream.status != StatusCode::OK {
                return Ok(upstream.into_response());
            }
            serde_json::from_slice::<Value>(&upstream.body).map_err(|_| Hangup)?
        };
        // Merge what was held back into the engine's own unprocessed entries.
        let unprocessed = answer_body
            .as_object_mut()
            .ok_or(Hangup)?
            .entry(unprocessed_field)
            .or_insert_with(|| json!({}));
        let unprocessed = unprocessed.as_object_mut().ok_or(Hangup)?;
        for (table, back) in held {
            match (unprocessed.get_mut(&table), gets) {
                (Some(existing), true) => {
                    if let (Some(keys), Some(more)) = (
                        existing.get_mut("Keys").and_then(Value::as_array_mut),
                        back.get("Keys").and_then(Value::as_array),
                    ) {
                        keys.extend(more.iter().cloned());
                    }
                }
                (Some(existing), false) => {
                    if let (Some(list), Some(more)) = (existing.as_array_mut(), back.as_array()) {
                        list.extend(more.iter().cloned());
                    }
                }
                (None, _) => {
                    unprocessed.insert(table, back);
                }
            }
        }
        Ok(json_answer(StatusCode::OK, &answer_body))
    }
}

/// Whether the `Key` or `Item` of a single-item request holds the string `value`.
fn names_value(body: &[u8], value: &str) -> bool {
    let Ok(request) = serde_json::from_slice::<Value>(body) else {
        return false;
    };
    ["Key", "Item"].iter().any(|member| {
        request
            .get(*member)
            .and_then(Value::as_object)
            .is_some_and(|attributes| {
                attributes
                    .values()
                    .any(|v| v.get("S").and_then(Value::as_str) == Some(value))
            })
    })
}

/// The table a request names and whether it is a write (`Write`) or a read (`Read`).
fn table_and_access(target: &str, body: &[u8]) -> (String, &'static str) {
    let table = serde_json::from_slice::<Value>(body)
        .ok()
        .and_then(|v| {
            v.get("TableName")
                .and_then(Value::as_str)
                .map(str::to_owned)
                .or_else(|| {
                    v.get("RequestItems")
                        .and_then(Value::as_object)
                        .and_then(|t| t.keys().next().cloned())
                })
        })
        .unwrap_or_default();
    let writes = ["Write", "Put", "Delete", "Update"];
    let access = if writes.iter().any(|w| target.contains(w)) {
        "Write"
    } else {
        "Read"
    };
    (table, access)
}

/// A 400 `ProvisionedThroughputExceededException` for a hot partition, as DynamoDB answers it:
/// one `ThrottlingReasons` entry `Table{access}KeyRangeThroughputExceeded` with the table's ARN
/// (API reference, "ThrottlingReason").
fn key_range_throttled(target: &str, body: &[u8]) -> Response<Full<Bytes>> {
    let (table, access) = table_and_access(target, body);
    let error = json!({
        "__type": "com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException",
        "message": "Throughput exceeds the partition's limit (injected by the fault proxy)",
        "ThrottlingReasons": [{
            "reason": format!("Table{access}KeyRangeThroughputExceeded"),
            "resource": format!("arn:aws:dynamodb:us-east-1:000000000000:table/{table}"),
        }],
    });
    json_answer(StatusCode::BAD_REQUEST, &error)
}

/// A 400 throttling answer in DynamoDB's JSON error shape: `ThrottlingException` with a
/// `throttlingReasons` entry, or `ProvisionedThroughputExceededException`.
fn throttled(target: &str, body: &[u8], rng: &mut fastrand::Rng) -> Response<Full<Bytes>> {
    let (table, access) = table_and_access(target, body);
    let resource = format!("arn:aws:dynamodb:us-east-1:000000000000:table/{table}");
    let error = if rng.bool() {
        json!({
            "__type": "com.amazonaws.dynamodb.v20120810#ThrottlingException",
            "message": "Throughput exceeds the current capacity for one or more global secondary indexes (injected by the fault proxy)",
            "throttlingReasons": [{
                "reason": format!("Table{access}KeyRangeThroughputExceeded"),
                "resource": resource,
            }],
        })
    } else {
        json!({
            "__type": "com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException",
            "message": "The level of configured provisioned throughput for the table was exceeded (injected by the fault proxy)",
            "ThrottlingReasons": [{
                "reason": format!("Table{access}ProvisionedThroughputExceeded"),
                "resource": resource,
            }],
        })
    };
    json_answer(StatusCode::BAD_REQUEST, &error)
}
