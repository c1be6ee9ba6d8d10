//! A fault injector in the SDK's HTTP client: it wraps a client's own HTTP client (the embedded
//! engine's, in process) and hands every answer's JSON body (errors' too) to a rewrite before the
//! SDK reads it — the engine's real answers, made into answers the client may not understand
//! (unknown type tags, missing members, members of the wrong type). In process rather than
//! through the HTTP fault proxy (`fault_proxy.rs`), so that a property test can send hundreds of
//! thousands of answers per path.
//!
//! ```ignore
//! let client = rewriting(&engine.client(), Arc::new(|target, body| { /* change body */ }));
//! ```

use std::fmt;
use std::sync::Arc;

use aws_smithy_runtime_api::client::http::{
    HttpClient, HttpConnector, HttpConnectorFuture, HttpConnectorSettings, SharedHttpClient,
    SharedHttpConnector,
};
use aws_smithy_runtime_api::client::orchestrator::{HttpRequest, HttpResponse};
use aws_smithy_runtime_api::client::result::ConnectorError;
use aws_smithy_runtime_api::client::runtime_components::RuntimeComponents;
use aws_smithy_types::body::SdkBody;
use serde_json::Value;

/// Changes one answer's JSON body in place; the first argument is the operation
/// (`X-Amz-Target` after the dot, e.g. `"GetItem"`).
pub type Rewrite = Arc<dyn Fn(&str, &mut Value) + Send + Sync>;

/// A DynamoDB client like `client` (same endpoint and credentials; the SDK's own retries off, so
/// that every answer is the client's to read) whose answers pass through `rewrite`.
///
/// # Panics
/// When `client` has no HTTP client of its own (every client the tests make has one).
pub fn rewriting(client: &aws_sdk_dynamodb::Client, rewrite: Rewrite) -> aws_sdk_dynamodb::Client {
    let config = client.config();
    let inner = config.http_client().expect("the client's HTTP client");
    let config = config
        .to_builder()
        .http_client(Rewriting { inner, rewrite })
        .retry_config(aws_sdk_dynamodb::config::retry::RetryConfig::disabled())
        .build();
    aws_sdk_dynamodb::Client::from_conf(config)
}

/// As [`rewriting`], for a DynamoDB Streams client.
///
/// # Panics
/// When `client` has no HTTP client of its own.
pub fn rewriting_streams(
    client: &dynakey_runtime::changes::aws_sdk_dynamodbstreams::Client,
    rewrite: Rewrite,
) -> dynakey_runtime::changes::aws_sdk_dynamodbstreams::Client {
    use dynakey_runtime::changes::aws_sdk_dynamodbstreams as streams;
    let config = client.config();
    let inner = config.http_client().expect("the client's HTTP client");
    let config = config
        .to_builder()
        .http_client(Rewriting { inner, rewrite })
        .retry_config(streams::config::retry::RetryConfig::disabled())
        .build();
    streams::Client::from_conf(config)
}

#[derive(Clone)]
struct Rewriting {
    inner: SharedHttpClient,
    rewrite: Rewrite,
}

impl fmt::Debug for Rewriting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Rewriting").finish_non_exhaustive()
    }
}

impl HttpClient for Rewriting {
    fn http_connector(
        &self,
        settings: &HttpConnectorSettings,
        components: &RuntimeComponents,
    ) -> SharedHttpConnector {
        SharedHttpConnector::new(RewritingConnector {
            inner: self.inner.http_connector(settings, components),
            rewrite: Arc::clone(&self.rewrite),
        })
    }
}

#[derive(Clone)]
struct RewritingConnector {
    inner: SharedHttpConnector,
    rewrite: Rewrite,
}

impl fmt::Debug for RewritingConnector {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RewritingConnector").finish_non_exhaustive()
    }
}

impl HttpConnector for RewritingConnector {
    fn call(&self, request: HttpRequest) -> HttpConnectorFuture {
        let target = request
            .headers()
            .get("x-amz-target")
            .and_then(|t| t.rsplit('.').next())
            .unwrap_or_default()
            .to_owned();
        let answer = self.inner.call(request);
        let rewrite = Arc::clone(&self.rewrite);
        HttpConnectorFuture::new(async move {
            let response = answer.await?;
            let Some(mut body) = response
                .body()
                .bytes()
                .and_then(|b| serde_json::from_slice::<Value>(b).ok())
            else {
                return Ok(response);
            };
            rewrite(&target, &mut body);
            let text = body.to_string();
            let mut rewritten = HttpResponse::new(response.status(), SdkBody::from(text.clone()));
            for (name, value) in response.headers() {
                if !name.eq_ignore_ascii_case("content-length") {
                    rewritten
                        .headers_mut()
                        .insert(name.to_owned(), value.to_owned());
                }
            }
            rewritten
                .headers_mut()
                .insert("content-length", text.len().to_string());
            Ok::<_, ConnectorError>(rewritten)
        })
    }
}
