//! The SDK edge: every request a [`Db`](crate::Db) sends reaches aws-sdk-dynamodb here and only
//! here. A request arrives rendered (an SDK fluent builder made from a typed plan); the edge
//! sends it in its `tracing` span, decides who retries it and whether a resend is safe, and says
//! what an SDK error becomes ([`Failed::into_error`], [`refused`], [`cancel_reasons`]).
//!
//! Each request states whether it is [`Idempotent`](Idempotence::Idempotent): whether sending it
//! again after its answer was lost (a timeout, a connection dropped after sending, a 5xx) cannot
//! apply anything twice. Requests retried by the edge ([`Sending::policy`]: batches, single-item
//! writes and their transactions) are resent after such a failure only when they are, and the
//! caller learns whether an attempt may have been applied ([`Attempts`]); the others keep the
//! client's own retries ([`Sending::sdk`]).

mod answer;
mod operation;

use std::sync::{Arc, Mutex, PoisonError};

use aws_sdk_dynamodb::config::http::HttpResponse;
use aws_sdk_dynamodb::error::{DisplayErrorContext, ProvideErrorMetadata, SdkError};
use aws_sdk_dynamodb::Client;
use tracing::Instrument;

pub(crate) use answer::{build_error, cancel_reasons, refused, sdk_error};
pub(crate) use operation::Interceptor;
use operation::{marking, once_client, Dispatch, Mark};
pub(crate) use operation::{Operation, Units};

use std::time::Instant;

use aws_sdk_dynamodb::types::ConsumedCapacity;

use crate::convert::Item;
use crate::error::Error;
use crate::governor::Governor;
use crate::measures::hot_keys::Tracker;
use crate::measures::{self, HotKeys, Measures};
use crate::request_log::{RequestLog, RequestOutcome};
use crate::retry::{classify, Outcome, Reason, RetryPolicy};

/// Whether a request may be sent again after its answer was lost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Idempotence {
    /// A second send cannot apply anything twice: a read, a versioned single-item write (its
    /// condition fails for good once it or anything else was applied), a transaction with its
    /// `ClientRequestToken`. (A conditional write sent again may find its condition refused by
    /// its own first send: the single-item writes tell that apart by the item returned with the
    /// refusal.)
    Idempotent,
    /// A second send may apply twice: an update that adds to a stored value or appends to a
    /// list, an update returning the item before it — and any other single-item write, whose
    /// condition another writer's change could make true again (docs/semantics.md §5).
    NotIdempotent,
}

/// Who retries a request.
#[derive(Debug, Clone, Copy)]
enum Retries {
    /// The SDK, as the client is configured (its standard mode by default).
    Sdk,
    /// The edge, per the table's [`RetryPolicy`], with the SDK's retries off so that every
    /// attempt is counted: the first send is attempt `first` of the request's budget, the last
    /// one at most attempt `last` (the backoff grows with the attempt number).
    Policy { first: u32, last: u32 },
}

/// How one request is sent.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Sending {
    retries: Retries,
    idempotence: Idempotence,
}

impl Sending {
    /// Retried by the SDK as the client is configured: reads, a caller's transactions and table
    /// set-up.
    pub(crate) fn sdk(idempotence: Idempotence) -> Sending {
        Sending {
            retries: Retries::Sdk,
            idempotence,
        }
    }

    /// Retried by the edge per the table's [`RetryPolicy`]: the first send is attempt `first`
    /// (1-based) of a budget of `last` attempts, shared with what earlier sends of the batch
    /// request left unprocessed.
    pub(crate) fn policy(first: u32, last: u32, idempotence: Idempotence) -> Sending {
        Sending {
            retries: Retries::Policy {
                first: first.max(1),
                last,
            },
            idempotence,
        }
    }
}

/// What the sends of one request were.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Attempts {
    /// How many times it was sent.
    pub(crate) sent: u32,
    /// `true` when a failed send may have been applied (its answer was lost).
    pub(crate) maybe_applied: bool,
}

/// A request that failed for good: the SDK error, classified.
#[derive(Debug)]
pub(crate) struct Failed<O: Operation> {
    error: SdkError<O::Error, HttpResponse>,
    /// Why it could have been retried (`None`: sending it again fails the same way). `Some`
    /// here means the budget ran out, or a resend was not safe ([`Attempts::maybe_applied`]
    /// says whether a send may have been applied).
    pub(crate) retry: Option<Reason>,
}

impl<O: Operation> Failed<O> {
    /// The operation's service error, when the service answered with one.
    pub(crate) fn service_error(&self) -> Option<&O::Error> {
        self.error.as_service_error()
    }

    /// The item as stored that came back with a refused condition (`Some(None)`: no item).
    pub(crate) fn condition_failed(&self) -> Option<Option<Item>> {
        self.service_error().and_then(O::condition_failed)
    }

    /// The error: [`Error::Sdk`], with the service's error code and message.
    pub(crate) fn into_error(self) -> Error {
        sdk_error(O::NAME, self.error)
    }
}

/// What the requests of a handle consumed, counted at the edge from each answer's
/// `ConsumedCapacity` (every request of a metered handle asks for it), and how many attempts were
/// throttled: what a migration reports.
#[derive(Debug, Clone, Default)]
pub(crate) struct Meter(Arc<Mutex<Metered>>);

/// The counts of a [`Meter`].
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(crate) struct Metered {
    /// Read capacity units consumed.
    pub(crate) read: f64,
    /// Write capacity units consumed.
    pub(crate) write: f64,
    /// Attempts refused by throttling.
    pub(crate) throttled: u64,
}

impl Meter {
    /// The counts so far.
    pub(crate) fn get(&self) -> Metered {
        *self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn update(&self, change: impl FnOnce(&mut Metered)) {
        change(&mut self.0.lock().unwrap_or_else(PoisonError::into_inner));
    }
}

/// The SDK client of a table, its name and its retry policy: what a request needs to be sent.
#[derive(Clone)]
pub(crate) struct Edge {
    client: Client,
    /// `client` with the SDK's retries off, for the requests the edge retries itself
    /// ([`client_for`](Self::client_for)).
    once: Client,
    table: Arc<str>,
    retry: RetryPolicy,
    /// Where every send is recorded, when the caller asked for it.
    log: Option<RequestLog>,
    /// Where consumed capacity is counted, for a migration's report.
    meter: Option<Meter>,
    /// The table's partition-key attribute (where a request's partition key is read for hot keys).
    partition_key: &'static str,
    /// The hot keys, with [`Db::with_measures`](crate::Db::with_measures): every request asks
    /// for its capacity per table and index.
    hot_keys: Option<Arc<Tracker>>,
    /// The capacity budget of bulk work ([`Db::with_governor`](crate::Db::with_governor)).
    governor: Option<Governor>,
    /// Whether this handle's requests take from `governor`: a bulk operation's handle, or every
    /// request's ([`Db::with_governor_on_every_request`](crate::Db::with_governor_on_every_request)).
    governed: bool,
}

impl Edge {
    pub(crate) fn new(client: Client, table: Arc<str>, partition_key: &'static str) -> Edge {
        Edge {
            once: once_client(&client),
            client,
            table,
            retry: RetryPolicy::default(),
            log: None,
            meter: None,
            partition_key,
            hot_keys: None,
            governor: None,
            governed: false,
        }
    }

    /// Paces bulk work (and every request when `every`) by `governor`.
    pub(crate) fn set_governor(&mut self, governor: Governor, every: bool) {
        self.governor = Some(governor);
        self.governed = every;
    }

    /// The capacity budget of bulk work, if any.
    pub(crate) fn governor(&self) -> Option<&Governor> {
        self.governor.as_ref()
    }

    /// This edge for a bulk operation: its requests take from the governor, if any.
    pub(crate) fn bulk(&self) -> Edge {
        let mut edge = self.clone();
        edge.governed = edge.governor.is_some();
        edge
    }

    /// Turns the measures of [`Db::with_measures`](crate::Db::with_measures) on.
    pub(crate) fn set_measures(&mut self, measures: Measures) {
        self.hot_keys = Some(Arc::new(Tracker::new(measures.top())));
    }

    /// The hot keys so far (none without measures).
    pub(crate) fn hot_keys(&self) -> HotKeys {
        self.hot_keys
            .as_ref()
            .map(|t| t.report(&self.table))
            .unwrap_or_default()
    }

    /// The SDK client, to render requests sent with [`Sending::sdk`] with.
    pub(crate) fn client(&self) -> &Client {
        &self.client
    }

    /// The SDK client to render a request sent as `how` says with: for [`Sending::policy`], a
    /// copy of the handle's client with the SDK's own retries off (made once per handle), so
    /// that every attempt is the edge's.
    pub(crate) fn client_for(&self, how: &Sending) -> &Client {
        match how.retries {
            Retries::Sdk => &self.client,
            Retries::Policy { .. } => &self.once,
        }
    }

    /// The table name.
    pub(crate) fn table(&self) -> &str {
        &self.table
    }

    pub(crate) fn retry(&self) -> RetryPolicy {
        self.retry
    }

    pub(crate) fn set_retry(&mut self, retry: RetryPolicy) {
        self.retry = retry;
    }

    pub(crate) fn set_log(&mut self, log: RequestLog) {
        self.log = Some(log);
    }

    /// Counts what every request consumes in `meter` (each one asks for its capacity).
    pub(crate) fn set_meter(&mut self, meter: Meter) {
        self.meter = Some(meter);
    }

    /// The `tracing` span of one request of `operation` on this table, with OpenTelemetry's
    /// DynamoDB attributes (semantic conventions for AWS DynamoDB) and dynakey's labels.
    fn span(&self, operation: &'static str) -> tracing::Span {
        tracing::debug_span!(
            "dynamodb",
            db.system = "dynamodb",
            db.operation = operation,
            db.dynamodb.table_names = %self.table,
            db.dynamodb.consumed_capacity = tracing::field::Empty,
            rpc.system = "aws-api",
            rpc.service = "DynamoDB",
            rpc.method = operation,
            aws.dynamodb.table_names = tracing::field::Empty,
            aws.dynamodb.index_name = tracing::field::Empty,
            aws.dynamodb.consumed_capacity = tracing::field::Empty,
            aws.dynamodb.count = tracing::field::Empty,
            aws.dynamodb.scanned_count = tracing::field::Empty,
            dynakey.entity = tracing::field::Empty,
            dynakey.pattern = tracing::field::Empty,
        )
    }

    /// Sends `request` as `how` says, and returns its answer.
    ///
    /// # Errors
    /// [`Failed`]: the last send's SDK error, classified.
    pub(crate) async fn send<O: Operation>(
        &self,
        request: O,
        how: Sending,
    ) -> Result<O::Output, Failed<O>> {
        self.send_counted(request, how).await.0
    }

    /// As [`send`](Self::send), with what the sends were: a caller that must not report a
    /// failure as "nothing was applied" when an earlier attempt may have been (a single-item
    /// write) reads [`Attempts::maybe_applied`].
    pub(crate) async fn send_counted<O: Operation>(
        &self,
        request: O,
        how: Sending,
    ) -> (Result<O::Output, Failed<O>>, Attempts) {
        // A copy is kept only when the edge may send the request again.
        let mut spare = match how.retries {
            Retries::Policy { first, last } if first < last => Some(request.clone()),
            _ => None,
        };
        let again = move || {
            let next = spare.take()?;
            spare = Some(next.clone());
            Some(next)
        };
        self.send_made(request, again, how).await
    }

    /// Sends `request` as `how` says, each resend made by `again` (`None`: no resend), and
    /// returns its answer with what the sends were. For a request costly to copy (a batch of
    /// items), `again` renders it anew, and only when it is needed.
    pub(crate) async fn send_made<O: Operation>(
        &self,
        request: O,
        mut again: impl FnMut() -> Option<O>,
        how: Sending,
    ) -> (Result<O::Output, Failed<O>>, Attempts) {
        let (mut attempt, last, sdk_retries) = match how.retries {
            Retries::Sdk => (1, 1, true),
            Retries::Policy { first, last } => (first, last, false),
        };
        let mut counted = Attempts::default();
        let mut request = request;
        loop {
            counted.sent += 1;
            let (error, transmitted) = match self.once(request, sdk_retries).await {
                Ok(output) => return (Ok(output), counted),
                Err(failed) => failed,
            };
            let throttling = error
                .as_service_error()
                .map_or(&[][..], O::throttling_reasons);
            let (retry, mut outcome) = classify(&error, throttling);
            if let (Some(meter), Some(Reason::Throttled { .. })) = (&self.meter, &retry) {
                meter.update(|m| m.throttled += 1);
            }
            if !transmitted {
                // It failed before it was handed to the HTTP client (no credentials, an
                // endpoint or signing error): it never reached DynamoDB.
                outcome = Outcome::NotApplied;
            }
            counted.maybe_applied |= outcome == Outcome::Unknown;
            let safe = outcome == Outcome::NotApplied || how.idempotence == Idempotence::Idempotent;
            let next = match &retry {
                Some(_) if safe && attempt < last => again(),
                _ => None,
            };
            if measures::recording() {
                let index = next.as_ref().and_then(Operation::index_name);
                let lost = outcome == Outcome::Unknown;
                measures::failed(&self.table, index, O::NAME, lost, next.is_some());
            }
            match (&retry, next) {
                (Some(reason), Some(next)) => {
                    let delay = self.retry.delay(attempt);
                    tracing::debug!(
                        operation = O::NAME,
                        attempt,
                        %reason,
                        ?delay,
                        "retrying"
                    );
                    tokio::time::sleep(delay).await;
                    request = next;
                    attempt += 1;
                }
                _ => return (Err(Failed { error, retry }), counted),
            }
        }
    }

    /// One send of `request` in its span, which records the capacity it consumed, and in the
    /// [`RequestLog`] when there is one: the one hook every request of every operation passes.
    /// A failure comes with whether the request was handed to the HTTP client (always `true`
    /// with the SDK's retries, which may have sent it several times).
    async fn once<O: Operation>(
        &self,
        request: O,
        sdk_retries: bool,
    ) -> Result<O::Output, (SdkError<O::Error, HttpResponse>, bool)> {
        let span = self.span(O::NAME);
        let governor = self.governor.as_ref().filter(|_| self.governed);
        let taken = match (governor, O::UNITS) {
            (Some(governor), Units::Read | Units::Write) => {
                let reads = O::UNITS == Units::Read;
                let estimate = request.estimated_units();
                let index = request.index_name();
                Some(governor.take(&self.table, index, reads, estimate).await)
            }
            _ => None,
        };
        let recording = measures::recording();
        // Measured: by a recorder, the hot keys or a subscriber of the span.
        let measured = (recording || self.hot_keys.is_some() || !span.is_disabled()).then(|| {
            Measured::of(
                &request,
                self.hot_keys.is_some().then_some(self.partition_key),
            )
        });
        let request = match (&self.meter, &self.hot_keys, &taken) {
            (_, Some(_), _) | (_, _, Some(_)) => request.asking_capacity(true),
            (Some(_), None, None) => request.asking_capacity(false),
            (None, None, None) => request,
        };
        // Boxed: the SDK's future is deeply nested, and the operations that await this one (a
        // single-item write, its transaction, a read engine) would otherwise exceed the
        // compiler's depth limit when laying out their own futures.
        let logged = self
            .log
            .as_ref()
            .and_then(|log| Some((log, log.sending(request.logged()?))));
        let (answer, transmitted, sent) = if sdk_retries && measured.is_none() && taken.is_none() {
            let send = Box::pin(request.send(Dispatch::SdkRetries));
            // With the SDK's retries, it may have been sent several times.
            (send.instrument(span.clone()).await, true, None)
        } else if sdk_retries {
            let send = marking(Box::pin(request.send(Dispatch::SdkRetries)));
            let (answer, sent) = send.instrument(span.clone()).await;
            (answer, true, Some(sent))
        } else {
            let send = marking(Box::pin(request.send(Dispatch::Once)));
            let (answer, sent) = send.instrument(span.clone()).await;
            // Every client of a `Db` carries dynakey's `Interceptor`, which marks the send;
            // unmarked, it may have been transmitted (the safe side).
            debug_assert!(sent.mark != Mark::Unseen, "a send no interceptor marked");
            (answer, sent.mark != Mark::Started, Some(sent))
        };
        if let (Some(governor), Some(taken)) = (governor, taken) {
            let throttled = sent.as_ref().map_or(0, |s| s.throttles.len());
            let parts = match &answer {
                Ok(output) => capacity_parts(&O::capacities(output)),
                Err(_) => Vec::new(),
            };
            governor.settle(taken, &parts, throttled);
        }
        if let Some(measured) = measured {
            self.measure::<O>(measured, &span, &answer, sent, recording);
        }
        if let Some((log, id)) = logged {
            log.answered(
                id,
                match &answer {
                    Ok(_) => RequestOutcome::Ok,
                    Err(error) => RequestOutcome::Failed {
                        code: error.code().map(str::to_owned),
                        message: DisplayErrorContext(error).to_string(),
                    },
                },
            );
        }
        let output = answer.map_err(|error| (error, transmitted))?;
        if let Some(units) = O::consumed_capacity(&output) {
            span.record("db.dynamodb.consumed_capacity", units);
            if let Some(meter) = &self.meter {
                meter.update(|m| match O::UNITS {
                    Units::Read => m.read += units,
                    Units::Write => m.write += units,
                    Units::None => {}
                });
            }
        }
        Ok(output)
    }

    /// Records what one send did: the measures (when `recording`), the hot keys, the span's
    /// fields.
    fn measure<O: Operation>(
        &self,
        measured: Measured,
        span: &tracing::Span,
        answer: &Result<O::Output, SdkError<O::Error, HttpResponse>>,
        sent: Option<operation::Sent>,
        recording: bool,
    ) {
        let labels = measures::current();
        let (attempts, throttles) = sent.map_or((1, Vec::new()), |s| (s.attempts, s.throttles));
        let reads = match O::UNITS {
            Units::Read => Some(true),
            Units::Write => Some(false),
            Units::None => None,
        };
        let index = measured.index.as_deref();
        let (capacities, (returned, evaluated)) = match answer {
            Ok(output) => (O::capacities(output), O::counts(output)),
            Err(_) => (Vec::new(), (None, None)),
        };
        let capacity = capacity_parts(&capacities);
        if !span.is_disabled() {
            span.record("aws.dynamodb.table_names", format!("[\"{}\"]", self.table));
            if let Some(index) = index {
                span.record("aws.dynamodb.index_name", index);
            }
            if !capacities.is_empty() {
                span.record("aws.dynamodb.consumed_capacity", capacity_json(&capacities));
            }
            if let Some(returned) = returned {
                span.record("aws.dynamodb.count", returned);
            }
            if let Some(evaluated) = evaluated {
                span.record("aws.dynamodb.scanned_count", evaluated);
            }
            span.record("dynakey.entity", labels.entity);
            span.record("dynakey.pattern", labels.pattern);
        }
        if let (Some(tracker), Some(key), Some(read)) =
            (&self.hot_keys, measured.partition.as_deref(), reads)
        {
            let units = capacities
                .iter()
                .filter_map(|c| c.capacity_units())
                .sum::<f64>();
            if units > 0.0 {
                tracker.consumed(&self.table, index, key, labels, read, units);
            }
            for reasons in &throttles {
                tracker.throttled(&self.table, index, key, labels, read, reasons);
            }
        }
        if recording {
            let outcome = match answer {
                Ok(_) => "ok",
                Err(error) => error.code().unwrap_or("error"),
            };
            measures::record(&measures::Sample {
                table: &self.table,
                index,
                operation: O::NAME,
                labels,
                outcome,
                elapsed: measured.started.elapsed(),
                reads,
                capacity,
                returned,
                evaluated,
                retries: attempts.saturating_sub(1),
                throttles: &throttles,
            });
        }
    }
}

/// What is read of a request before it is sent, to measure it.
struct Measured {
    started: Instant,
    index: Option<String>,
    partition: Option<String>,
}

impl Measured {
    /// `partition_key`: the table's partition-key attribute, when the hot keys want the
    /// request's partition.
    fn of<O: Operation>(request: &O, partition_key: Option<&str>) -> Measured {
        Measured {
            started: Instant::now(),
            index: request.index_name().map(str::to_owned),
            partition: partition_key.and_then(|attribute| request.partition(attribute)),
        }
    }
}

/// Capacity units by what consumed them (`table` and each index, or `total` when DynamoDB
/// reported only the total).
fn capacity_parts<'a>(capacities: &[&'a ConsumedCapacity]) -> Vec<(&'a str, f64)> {
    let mut parts = Vec::with_capacity(capacities.len());
    for c in capacities {
        let indexes = (c.global_secondary_indexes.iter().flatten())
            .chain(c.local_secondary_indexes.iter().flatten());
        match &c.table {
            Some(table) => {
                parts.extend(table.capacity_units.map(|u| ("table", u)));
                parts.extend(
                    indexes.filter_map(|(name, cap)| Some((name.as_str(), cap.capacity_units?))),
                );
            }
            None => parts.extend(c.capacity_units.map(|u| ("total", u))),
        }
    }
    parts
}

/// `aws.dynamodb.consumed_capacity`: the JSON array of the answer's `ConsumedCapacity`.
fn capacity_json(capacities: &[&ConsumedCapacity]) -> String {
    let one = |c: &&ConsumedCapacity| {
        let mut fields = vec![format!(
            "\"TableName\":{:?}",
            c.table_name().unwrap_or_default()
        )];
        if let Some(units) = c.capacity_units {
            fields.push(format!("\"CapacityUnits\":{units}"));
        }
        format!("{{{}}}", fields.join(","))
    };
    format!(
        "[{}]",
        capacities.iter().map(one).collect::<Vec<_>>().join(",")
    )
}
