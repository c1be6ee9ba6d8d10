//! [`RetryPolicy`]: how the requests the runtime retries itself (batches, single-item writes) are
//! retried, and which failures are retried: the classification the SDK edge applies to every
//! failed request.
//!
//! The classification follows the AWS developer guide, "Error handling with DynamoDB — Error retries
//! and exponential backoff": throttling (`ThrottlingException`, `ProvisionedThroughputExceededException`,
//! `RequestLimitExceeded`, …), 5xx responses, timeouts and connection failures are retried; every
//! other 4xx response (a `ValidationException`, a missing table, denied access) is not, since
//! sending the same request again gets the same answer.

use std::fmt;
use std::time::Duration;

use aws_sdk_dynamodb::config::http::HttpResponse;
use aws_sdk_dynamodb::error::{ProvideErrorMetadata, SdkError};
use aws_sdk_dynamodb::types::ThrottlingReason;

/// How operations made of several requests ([`Db::batch_put`](crate::Db::batch_put),
/// [`Db::batch_delete`](crate::Db::batch_delete), [`Db::batch_get`](crate::Db::batch_get),
/// [`Db::delete_all`](crate::Db::delete_all)) and the single-item writes ([`Db::put`](crate::Db::put),
/// [`create`](crate::Db::create), [`delete`](crate::Db::delete), [`update`](crate::Db::update),
/// [`move_to`](crate::Db::move_to)) retry:
/// exponential backoff with full jitter (AWS developer guide, "Error retries and exponential
/// backoff"; AWS Architecture Blog, "Exponential Backoff And Jitter").
///
/// One budget covers both kinds of retry of a request: the part DynamoDB returned unprocessed
/// (`UnprocessedItems`, `UnprocessedKeys`), and a request that failed with a retryable error
/// (throttling, a 5xx response, a timeout, a dropped or reset connection). A validation error or any
/// other 4xx response is not retried. Each retry is logged at debug level with its reason (for
/// throttling, DynamoDB's `ThrottlingReason`s when the response has them).
///
/// Before retry `n` (1-based) it sleeps a uniformly random time in
/// `[0, min(cap, base × 2^(n-1))]`. The default is `base` 25 ms, `cap` 2 s, `max_attempts` 8
/// (the first request plus 7 retries, at most 3.2 s of sleeping in all).
///
/// These requests are sent with the SDK's own retries switched off (`RetryConfig::disabled()` for
/// that request only), so that this one budget counts every attempt and every failure is
/// accounted for exactly: a single-item write is sent again after a lost answer (a 5xx, a
/// timeout, a connection dropped after sending) only when a second send cannot be applied after
/// another writer's change, and otherwise settled by reading its item or ends in
/// [`Error::OutcomeUnknown`](crate::Error::OutcomeUnknown) (docs/semantics.md §5, "A lost
/// answer"). The strongly consistent reads these writes make — the read of
/// [`Db::modify`](crate::Db::modify), the reads of a unique entity's write and of
/// [`Db::find_unique`](crate::Db::find_unique), the read that settles a lost answer — are
/// retried under this policy too. Other reads, a caller's transactions and table set-up keep
/// the client's retry configuration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryPolicy {
    /// The first retry's maximum delay.
    pub base: Duration,
    /// The largest maximum delay of any retry.
    pub cap: Duration,
    /// How many times one request (and what it left unprocessed) is sent at most, counting the
    /// first time; at least 1.
    pub max_attempts: u32,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        RetryPolicy {
            base: Duration::from_millis(25),
            cap: Duration::from_secs(2),
            max_attempts: 8,
        }
    }
}

impl RetryPolicy {
    /// The largest delay before retry `retry` (1-based): `min(cap, base × 2^(retry-1))`.
    pub fn max_delay(&self, retry: u32) -> Duration {
        let factor = 1u32
            .checked_shl(retry.saturating_sub(1))
            .unwrap_or(u32::MAX);
        self.base
            .checked_mul(factor)
            .unwrap_or(self.cap)
            .min(self.cap)
    }

    /// A random delay before retry `retry` (1-based), uniform in `[0, max_delay(retry)]` ("full
    /// jitter").
    pub fn delay(&self, retry: u32) -> Duration {
        let ceiling = u64::try_from(self.max_delay(retry).as_nanos()).unwrap_or(u64::MAX);
        Duration::from_nanos(fastrand::u64(0..=ceiling))
    }

    /// `max_attempts`, at least 1.
    pub(crate) fn attempts(&self) -> u32 {
        self.max_attempts.max(1)
    }
}

/// Whether a failed request may have changed the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// DynamoDB answered with a 4xx error, or the request never left the client: nothing of it was
    /// applied.
    NotApplied,
    /// The request may have reached DynamoDB (a 5xx answer, a timeout, a connection that failed
    /// after it was sent, an answer that could not be read): its writes may or may not be applied.
    Unknown,
}

/// Why a request is retried, for the debug log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Reason {
    /// DynamoDB processed part of the request and returned the rest (`what` is `UnprocessedItems`
    /// or `UnprocessedKeys`).
    Unprocessed {
        /// The field the rest came back in.
        what: &'static str,
        /// How many entries came back.
        count: usize,
    },
    /// A throttling error: its code and DynamoDB's throttling reasons, if any.
    Throttled {
        /// The error code, e.g. `ThrottlingException`.
        code: String,
        /// `ThrottlingReason.reason` of each reason given, e.g. `TableWriteKeyRangeThroughputExceeded`.
        reasons: Vec<String>,
    },
    /// A 5xx response.
    ServerError {
        /// The HTTP status.
        status: u16,
        /// The error code, when the body had one.
        code: Option<String>,
    },
    /// A timeout of the SDK.
    Timeout,
    /// The connection failed (refused, reset, closed before the answer).
    Connection,
    /// An answer that could not be read.
    BadResponse,
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Unprocessed { what, count } => write!(f, "{count} {what} returned"),
            Reason::Throttled { code, reasons } if reasons.is_empty() => {
                write!(f, "throttled ({code})")
            }
            Reason::Throttled { code, reasons } => {
                write!(f, "throttled ({code}: {})", reasons.join(", "))
            }
            Reason::ServerError { status, code } => match code {
                Some(code) => write!(f, "server error {status} ({code})"),
                None => write!(f, "server error {status}"),
            },
            Reason::Timeout => f.write_str("timeout"),
            Reason::Connection => f.write_str("connection failure"),
            Reason::BadResponse => f.write_str("unreadable response"),
        }
    }
}

/// Error codes DynamoDB and the AWS SDKs treat as throttling (the SDK's standard retry mode,
/// `aws_runtime::retries::classifiers::THROTTLING_ERRORS`, minus codes of other services).
const THROTTLING_CODES: &[&str] = &[
    "ThrottlingException",
    "ProvisionedThroughputExceededException",
    "RequestLimitExceeded",
    "Throttling",
    "ThrottledException",
    "RequestThrottledException",
    "TooManyRequestsException",
    "TransactionInProgressException",
    "LimitExceededException",
];

/// Whether DynamoDB error `code` means throttling.
pub(crate) fn is_throttling_code(code: &str) -> bool {
    THROTTLING_CODES.contains(&code)
}

/// 4xx codes that are transient (the SDK's `TRANSIENT_ERRORS`): the request may have been
/// processed.
const TRANSIENT_CODES: &[&str] = &["RequestTimeout", "RequestTimeoutException"];

/// Classifies a failed request: why to retry it (`None` when sending it again would fail the
/// same way), and whether it may have been applied. `throttling` are the `ThrottlingReason`s of
/// its service error, if any (recent DynamoDB responses add them to `ThrottlingException`,
/// `ProvisionedThroughputExceededException` and `RequestLimitExceeded`).
pub(crate) fn classify<E>(
    error: &SdkError<E, HttpResponse>,
    throttling: &[ThrottlingReason],
) -> (Option<Reason>, Outcome)
where
    E: ProvideErrorMetadata + std::error::Error + Send + Sync + 'static,
{
    match error {
        SdkError::ServiceError(service) => {
            let status = service.raw().status().as_u16();
            let code = service.err().code().map(str::to_owned);
            match code.as_deref() {
                Some(c) if is_throttling_code(c) => {
                    let reasons = throttling
                        .iter()
                        .filter_map(|r| r.reason().map(str::to_owned))
                        .collect();
                    let code = c.to_owned();
                    (
                        Some(Reason::Throttled { code, reasons }),
                        Outcome::NotApplied,
                    )
                }
                Some(c) if TRANSIENT_CODES.contains(&c) => {
                    (Some(Reason::Timeout), Outcome::Unknown)
                }
                _ if status >= 500 => {
                    (Some(Reason::ServerError { status, code }), Outcome::Unknown)
                }
                _ => (None, Outcome::NotApplied),
            }
        }
        SdkError::TimeoutError(_) => (Some(Reason::Timeout), Outcome::Unknown),
        SdkError::DispatchFailure(failure) => {
            let outcome = if refused(error) {
                Outcome::NotApplied
            } else {
                Outcome::Unknown
            };
            let retry = if failure.is_timeout() {
                Some(Reason::Timeout)
            } else if failure.is_io()
                || failure
                    .as_connector_error()
                    .and_then(|c| c.as_other())
                    .is_some()
            {
                Some(Reason::Connection)
            } else {
                None
            };
            (retry, outcome)
        }
        SdkError::ResponseError(_) => (Some(Reason::BadResponse), Outcome::Unknown),
        // Construction failed: nothing was sent.
        _ => (None, Outcome::NotApplied),
    }
}

/// Whether the connection was refused, so the request never reached anyone.
fn refused(error: &(dyn std::error::Error + 'static)) -> bool {
    let mut next = Some(error);
    while let Some(e) = next {
        if let Some(io) = e.downcast_ref::<std::io::Error>() {
            if io.kind() == std::io::ErrorKind::ConnectionRefused {
                return true;
            }
        }
        next = e.source();
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Error;
    use crate::sdk::Operation;
    use aws_sdk_dynamodb::error::ErrorMetadata;
    use aws_sdk_dynamodb::operation::batch_write_item::builders::BatchWriteItemFluentBuilder;
    use aws_sdk_dynamodb::operation::batch_write_item::BatchWriteItemError;
    use aws_sdk_dynamodb::types::error::{
        InternalServerError, ProvisionedThroughputExceededException, ThrottlingException,
    };
    use aws_smithy_runtime_api::http::StatusCode;
    use aws_smithy_types::body::SdkBody;

    fn response(status: u16) -> HttpResponse {
        HttpResponse::new(
            StatusCode::try_from(status).expect("status"),
            SdkBody::empty(),
        )
    }

    fn service(
        error: BatchWriteItemError,
        status: u16,
    ) -> SdkError<BatchWriteItemError, HttpResponse> {
        SdkError::service_error(error, response(status))
    }

    /// A failed request as the SDK edge sees it: the error it becomes, and its classification.
    struct Failure {
        error: Error,
        retry: Option<Reason>,
        outcome: Outcome,
    }

    fn classified(error: SdkError<BatchWriteItemError, HttpResponse>) -> Failure {
        let throttling = error
            .as_service_error()
            .map_or(&[][..], BatchWriteItemFluentBuilder::throttling_reasons);
        let (retry, outcome) = classify(&error, throttling);
        Failure {
            error: crate::sdk::sdk_error("BatchWriteItem", error),
            retry,
            outcome,
        }
    }

    fn meta(code: &str) -> ErrorMetadata {
        ErrorMetadata::builder().code(code).message("m").build()
    }

    #[test]
    fn throttling_is_retried_with_its_reasons_and_was_not_applied() {
        let throttled = ThrottlingException::builder()
            .throttling_reasons(
                ThrottlingReason::builder()
                    .reason("TableWriteKeyRangeThroughputExceeded")
                    .build(),
            )
            .meta(meta("ThrottlingException"))
            .build();
        let failure = classified(service(
            BatchWriteItemError::ThrottlingException(throttled),
            400,
        ));
        assert_eq!(failure.outcome, Outcome::NotApplied);
        let reason = failure.retry.expect("retried");
        assert_eq!(
            reason.to_string(),
            "throttled (ThrottlingException: TableWriteKeyRangeThroughputExceeded)"
        );

        let provisioned = ProvisionedThroughputExceededException::builder()
            .meta(meta("ProvisionedThroughputExceededException"))
            .build();
        let failure = classified(service(
            BatchWriteItemError::ProvisionedThroughputExceededException(provisioned),
            400,
        ));
        assert_eq!(
            failure.retry.map(|r| r.to_string()).as_deref(),
            Some("throttled (ProvisionedThroughputExceededException)")
        );
    }

    #[test]
    fn server_errors_are_retried_with_an_unknown_outcome() {
        let error = InternalServerError::builder()
            .message("boom")
            .meta(meta("InternalServerError"))
            .build();
        let failure = classified(service(
            BatchWriteItemError::InternalServerError(error),
            500,
        ));
        assert_eq!(failure.outcome, Outcome::Unknown);
        assert_eq!(
            failure.retry,
            Some(Reason::ServerError {
                status: 500,
                code: Some("InternalServerError".into())
            })
        );
    }

    #[test]
    fn validation_errors_are_not_retried() {
        let error = BatchWriteItemError::generic(meta("ValidationException"));
        let failure = classified(service(error, 400));
        assert_eq!(failure.retry, None);
        assert_eq!(failure.outcome, Outcome::NotApplied);
        assert!(failure.error.to_string().contains("ValidationException"));
    }

    #[test]
    fn timeouts_and_unreadable_answers_are_retried_with_an_unknown_outcome() {
        let timeout: SdkError<BatchWriteItemError, HttpResponse> = SdkError::timeout_error("slow");
        let failure = classified(timeout);
        assert_eq!(
            (failure.retry, failure.outcome),
            (Some(Reason::Timeout), Outcome::Unknown)
        );
        let garbled: SdkError<BatchWriteItemError, HttpResponse> =
            SdkError::response_error("garbled", response(200));
        let failure = classified(garbled);
        assert_eq!(
            (failure.retry, failure.outcome),
            (Some(Reason::BadResponse), Outcome::Unknown)
        );
    }

    #[test]
    fn a_refused_connection_was_not_applied_a_reset_one_may_have_been() {
        use aws_sdk_dynamodb::error::ConnectorError;
        let io = |kind| {
            let error: SdkError<BatchWriteItemError, HttpResponse> = SdkError::dispatch_failure(
                ConnectorError::io(Box::new(std::io::Error::new(kind, "socket"))),
            );
            classified(error)
        };
        let refused = io(std::io::ErrorKind::ConnectionRefused);
        assert_eq!(
            (refused.retry, refused.outcome),
            (Some(Reason::Connection), Outcome::NotApplied)
        );
        let reset = io(std::io::ErrorKind::ConnectionReset);
        assert_eq!(
            (reset.retry, reset.outcome),
            (Some(Reason::Connection), Outcome::Unknown)
        );
    }

    #[test]
    fn backoff_doubles_up_to_the_cap() {
        let policy = RetryPolicy::default();
        assert_eq!(policy.max_delay(1), Duration::from_millis(25));
        assert_eq!(policy.max_delay(2), Duration::from_millis(50));
        assert_eq!(policy.max_delay(7), Duration::from_millis(1600));
        assert_eq!(policy.max_delay(8), Duration::from_secs(2));
        assert_eq!(policy.max_delay(100), Duration::from_secs(2));
        for retry in 1..10 {
            assert!(policy.delay(retry) <= policy.max_delay(retry));
        }
    }
}
