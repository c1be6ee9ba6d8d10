//! The SDK's HTTP client for the in-process engine: it hands each request the SDK has built
//! (serialised, signed, with its retry and interceptor hooks already run) to the engine in this
//! process and gives the SDK back the HTTP response dynoxide's server would have written — no
//! socket, no HTTP server, no second serialisation.
//!
//! The envelope follows dynoxide's `server::handle_request` step by step: a POST with a JSON body
//! (`application/x-amz-json-1.0` or `application/json`, echoed in the response's Content-Type);
//! a body that is not JSON, then a missing or unknown `X-Amz-Target`, then missing or incomplete
//! SigV4 material (dynoxide's `auth_material::validate`, signatures never verified), then an
//! empty body, each answered as dynoxide answers it; then the operation ([`super::dispatch`]),
//! 200 with its response or its error's status and JSON error shape (`__type`). Every answer
//! carries `x-amzn-RequestId` (52 characters, `[0-9A-Z]`, as DynamoDB's), `Content-Length` and
//! dynoxide's `Server` and `x-dynoxide-version` headers. Not written: `x-amz-crc32`, which the
//! Rust SDK does not check, and the CORS headers dynoxide adds for browsers.
//!
//! The operation runs on the task that polls the SDK's request, as dynoxide's server runs it on
//! the task serving the connection: the engine answers synchronously (SQLite behind one mutex,
//! which no request holds across an await), so there is nothing to wait for that another task
//! could use the thread for (handing it to Tokio's blocking pool instead cost about 14 µs more
//! per GetItem, docs/performance.md). It runs after one yield to the executor, not in the poll
//! that sent the request, so that requests sent together are in flight together, as they are
//! against a server.

use std::fmt;
use std::sync::{Arc, Weak};

use aws_smithy_runtime_api::client::http::{
    HttpClient, HttpConnector, HttpConnectorFuture, HttpConnectorSettings, SharedHttpConnector,
};
use aws_smithy_runtime_api::client::orchestrator::{HttpRequest, HttpResponse};
use aws_smithy_runtime_api::client::result::ConnectorError;
use aws_smithy_runtime_api::client::runtime_components::RuntimeComponents;
use aws_smithy_runtime_api::http::StatusCode;
use aws_smithy_types::body::SdkBody;
use dynoxide::Database;

use super::dispatch;

/// The request's JSON content type, which dynoxide's answer echoes.
const AMZ_JSON: &str = "application/x-amz-json-1.0";
const TARGET_PREFIX: &str = "DynamoDB_20120810.";
const STREAMS_TARGET_PREFIX: &str = "DynamoDBStreams_20120810.";
const NOT_FOUND_BODY: &str = "<UnknownOperationException/>\n";
const SERIALIZATION_EXCEPTION_BARE: &str =
    r#"{"__type":"com.amazon.coral.service#SerializationException"}"#;
const UNKNOWN_OPERATION_BARE: &str =
    r#"{"__type":"com.amazon.coral.service#UnknownOperationException"}"#;

/// The in-process engine as the SDK's HTTP client. It holds the engine weakly: once the
/// [`Engine`](super::Engine) is dropped, every request fails as a dispatch failure, as requests to
/// a stopped server did.
#[derive(Clone)]
pub(super) struct InProcess {
    database: Weak<Database>,
}

impl InProcess {
    pub(super) fn new(database: &Arc<Database>) -> InProcess {
        InProcess {
            database: Arc::downgrade(database),
        }
    }
}

impl fmt::Debug for InProcess {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("InProcess")
            .field("engine_running", &(self.database.strong_count() > 0))
            .finish()
    }
}

impl HttpClient for InProcess {
    fn http_connector(
        &self,
        _settings: &HttpConnectorSettings,
        _components: &RuntimeComponents,
    ) -> SharedHttpConnector {
        SharedHttpConnector::new(self.clone())
    }
}

impl HttpConnector for InProcess {
    fn call(&self, request: HttpRequest) -> HttpConnectorFuture {
        let database = self.database.clone();
        HttpConnectorFuture::new(async move {
            // As over a network, the answer does not come in the poll that sent the request:
            // requests polled together on one task are all in flight before the first is
            // answered, as the SDK's interceptors see them against a real endpoint. (Requests
            // on tasks of their own, a fan-out's shards on a multi-threaded runtime, may be
            // answered one before the next is sent, as over a very fast network.)
            tokio::task::yield_now().await;
            let database = database.upgrade().ok_or_else(|| {
                ConnectorError::other("the embedded DynamoDB engine was dropped".into(), None)
            })?;
            let body = request.body().bytes().ok_or_else(|| {
                // The SDK sends DynamoDB's JSON requests from memory, never as a stream.
                ConnectorError::other(
                    "the embedded engine reads request bodies held in memory only".into(),
                    None,
                )
            })?;
            answer(&database, &request, body)
        })
    }
}

/// The response dynoxide's server writes for `request` (its body: `body`).
fn answer(
    database: &Database,
    request: &HttpRequest,
    body: &[u8],
) -> Result<HttpResponse, ConnectorError> {
    match request.method() {
        "POST" => {}
        // dynoxide's health check.
        "GET" => {
            return respond(
                200,
                None,
                "healthy: dynamodb.us-east-1.amazonaws.com ".into(),
            )
        }
        _ => return respond(404, None, NOT_FOUND_BODY.into()),
    }
    let headers = request.headers();
    let raw_content_type = headers.get("content-type").unwrap_or("");
    let base = raw_content_type.split(';').next().unwrap_or("").trim();
    let amz_json = base.eq_ignore_ascii_case(AMZ_JSON);
    if !amz_json
        && !base.eq_ignore_ascii_case("application/json")
        && (!body.is_empty() || !raw_content_type.is_empty())
    {
        return respond(404, None, NOT_FOUND_BODY.into());
    }
    let content_type = if amz_json {
        AMZ_JSON
    } else {
        "application/json"
    };
    let bare = |status: u16, body: &str| respond(status, Some(content_type), body.to_owned());
    // axum's `String` extractor refuses a body that is not UTF-8 before dynoxide sees it; here it
    // is a body that is not JSON.
    let Ok(body) = std::str::from_utf8(body) else {
        return bare(400, SERIALIZATION_EXCEPTION_BARE);
    };
    if !body.is_empty() && !dispatch::is_json(body) {
        return bare(400, SERIALIZATION_EXCEPTION_BARE);
    }
    let Some(operation) = headers
        .get("x-amz-target")
        .and_then(|target| {
            target
                .strip_prefix(TARGET_PREFIX)
                .or_else(|| target.strip_prefix(STREAMS_TARGET_PREFIX))
        })
        .filter(|operation| dispatch::is_known(operation))
    else {
        return bare(400, UNKNOWN_OPERATION_BARE);
    };
    let uri = request.uri();
    let auth = dynoxide::auth_material::AuthMaterial {
        authorization: headers.get("authorization"),
        query: uri.split_once('?').map_or("", |(_, query)| query),
        has_date_header: headers.contains_key("x-amz-date") || headers.contains_key("date"),
    };
    if let Some(refusal) = dynoxide::auth_material::validate(auth) {
        return respond(400, Some(content_type), refusal);
    }
    if body.is_empty() {
        return bare(400, SERIALIZATION_EXCEPTION_BARE);
    }
    match dispatch::dispatch(database, operation, body) {
        Ok(json) => respond(200, Some(content_type), json),
        Err(e) => respond(
            e.status_code(),
            Some(content_type),
            dispatch::error_body(operation, &e),
        ),
    }
}

/// An HTTP response with dynoxide's headers (`Err` only for a status outside 100–999, which
/// neither dynoxide nor this module gives).
fn respond(
    status: u16,
    content_type: Option<&'static str>,
    body: String,
) -> Result<HttpResponse, ConnectorError> {
    let status = StatusCode::try_from(status).map_err(|e| ConnectorError::other(e.into(), None))?;
    let length = body.len();
    let mut response = HttpResponse::new(status, SdkBody::from(body));
    let headers = response.headers_mut();
    if let Some(content_type) = content_type {
        headers.insert("content-type", content_type);
    }
    headers.insert("x-amzn-requestid", request_id());
    headers.insert("content-length", length.to_string());
    headers.insert("server", format!("Dynoxide/{}", dynoxide::PRODUCT_VERSION));
    headers.insert("x-dynoxide-version", dynoxide::PRODUCT_VERSION);
    Ok(response)
}

/// A request ID shaped like DynamoDB's: 52 characters, `[0-9A-Z]`.
fn request_id() -> String {
    const ALPHABET: &[u8; 36] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    (0..52)
        .map(|_| char::from(ALPHABET[fastrand::usize(..ALPHABET.len())]))
        .collect()
}
