//! What every DynamoDB request did, as `tracing` events: the hooks of dynakey's SDK interceptor
//! (`sdk::Interceptor`, which [`Db::new`] puts on its client and which also marks each send for
//! the edge) that report to `tracing`, so every request a `Db` sends — reads, writes, batches,
//! transactions, table set-up, and requests sent through [`Db::client`] — is covered without code
//! at the call sites.
//!
//! - every request asks for `ReturnConsumedCapacity = TOTAL` where the operation has it and the
//!   caller did not choose (AWS developer guide, "DynamoDB read and write operations": capacity
//!   is reported at no cost);
//! - one `debug` event per request (target `dynakey_runtime::trace`), after its last attempt:
//!   `operation`, `table`, `index`, `items` (items returned by a read, items sent by a write),
//!   `consumed_capacity` (capacity units, summed over tables and indexes), `retries` (attempts
//!   after the first, the SDK's own retries included) and `outcome` (`ok` or the error code);
//! - one `warn` event per throttled attempt (`ThrottlingException`,
//!   `ProvisionedThroughputExceededException`, `RequestLimitExceeded`, …), retried or not.
//!
//! **Nothing when nobody listens.** Before each request the interceptor asks `tracing` whether a
//! subscriber wants its events (`tracing::enabled!` at its target: one relaxed load when no
//! subscriber is installed, the call site's cached interest otherwise). When none wants the
//! `debug` event, it leaves the request as the caller built it — no `ReturnConsumedCapacity`
//! added, nothing described or kept — and when none wants the `warn` event either, it does
//! nothing at all, so a `Db` without a subscriber costs what a plain SDK client costs. dynakey's
//! own reads ask for `ReturnConsumedCapacity = TOTAL` themselves (pages report it), whatever
//! the subscriber.
//!
//! [`Db::new`]: crate::Db::new
//! [`Db::client`]: crate::Db::client

use std::sync::atomic::{AtomicU64, Ordering};

use aws_sdk_dynamodb::config::interceptors::{
    BeforeSerializationInterceptorContextMut, BeforeTransmitInterceptorContextRef,
    FinalizerInterceptorContextRef,
};
use aws_sdk_dynamodb::config::{ConfigBag, Intercept, RuntimeComponents};
use aws_sdk_dynamodb::error::{BoxError, ProvideErrorMetadata};
use aws_sdk_dynamodb::operation::{
    batch_get_item, batch_write_item, delete_item, get_item, put_item, query, scan,
    transact_get_items, transact_write_items, update_item,
};
use aws_sdk_dynamodb::types::{ConsumedCapacity, ReturnConsumedCapacity};
use aws_smithy_runtime_api::client::interceptors::context::{
    Error as OperationError, Input, Output,
};
use aws_smithy_runtime_api::client::orchestrator::{Metadata, OrchestratorError};
use aws_smithy_types::config_bag::{Storable, StoreReplace};

use crate::retry::is_throttling_code;

/// The tracing hooks (as an [`Intercept`], called by `sdk::Interceptor`). Each instance has an
/// id, so that a client which already carries one (a `Db` made from another `Db`'s client)
/// reports each request once.
#[derive(Debug)]
pub(crate) struct Trace {
    id: u64,
}

impl Trace {
    pub(crate) fn new() -> Trace {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        Trace {
            id: NEXT.fetch_add(1, Ordering::Relaxed),
        }
    }

    /// Whether this instance reports the operation of `cfg` (the first one that saw it does).
    fn owns(&self, cfg: &ConfigBag) -> bool {
        cfg.load::<Request>().is_some_and(|r| r.owner == self.id)
    }
}

/// What is known of one request before it is sent, kept in the operation's config bag.
#[derive(Debug, Clone, Default)]
struct Request {
    owner: u64,
    table: Option<String>,
    index: Option<String>,
    /// Items sent (writes); reads count what comes back.
    items_sent: Option<usize>,
    attempts: u32,
}

impl Storable for Request {
    type Storer = StoreReplace<Self>;
}

impl Intercept for Trace {
    fn name(&self) -> &'static str {
        "dynakey_runtime::trace"
    }

    fn modify_before_serialization(
        &self,
        context: &mut BeforeSerializationInterceptorContextMut<'_>,
        _runtime_components: &RuntimeComponents,
        cfg: &mut ConfigBag,
    ) -> Result<(), BoxError> {
        // `tracing` is asked first: without a subscriber, no hook looks into the config bag (a
        // search of its layers on every look-up).
        let event = tracing::enabled!(tracing::Level::DEBUG);
        if !event && !tracing::enabled!(tracing::Level::WARN) {
            return Ok(());
        }
        if cfg.load::<Request>().is_some() {
            return Ok(());
        }
        let mut request = describe(context.input_mut(), event);
        request.owner = self.id;
        cfg.interceptor_state().store_put(request);
        Ok(())
    }

    fn read_before_attempt(
        &self,
        _context: &BeforeTransmitInterceptorContextRef<'_>,
        _runtime_components: &RuntimeComponents,
        cfg: &mut ConfigBag,
    ) -> Result<(), BoxError> {
        if !tracing::enabled!(tracing::Level::DEBUG) && !tracing::enabled!(tracing::Level::WARN) {
            return Ok(());
        }
        if let Some(request) = cfg.load::<Request>().filter(|r| r.owner == self.id) {
            let mut request = request.clone();
            request.attempts += 1;
            cfg.interceptor_state().store_put(request);
        }
        Ok(())
    }

    fn read_after_attempt(
        &self,
        context: &FinalizerInterceptorContextRef<'_>,
        _runtime_components: &RuntimeComponents,
        cfg: &mut ConfigBag,
    ) -> Result<(), BoxError> {
        if let Some(Err(error)) = context.output_or_error() {
            if let Some(code) =
                error_code(error).filter(|c| is_throttling_code(c) && self.owns(cfg))
            {
                let request = cfg.load::<Request>();
                tracing::warn!(
                    operation = operation(cfg),
                    table = request.and_then(|r| r.table.as_deref()),
                    index = request.and_then(|r| r.index.as_deref()),
                    attempt = request.map_or(1, |r| r.attempts),
                    code,
                    "DynamoDB throttled the request"
                );
            }
        }
        Ok(())
    }

    fn read_after_execution(
        &self,
        context: &FinalizerInterceptorContextRef<'_>,
        _runtime_components: &RuntimeComponents,
        cfg: &mut ConfigBag,
    ) -> Result<(), BoxError> {
        if !tracing::enabled!(tracing::Level::DEBUG) || !self.owns(cfg) {
            return Ok(());
        }
        let request = cfg.load::<Request>().cloned().unwrap_or_default();
        let (outcome, items_read, capacity) = match context.output_or_error() {
            Some(Ok(output)) => {
                let (items, capacity) = describe_output(output);
                ("ok".to_owned(), items, capacity)
            }
            Some(Err(error)) => (error_code(error).unwrap_or("error").to_owned(), None, None),
            None => ("not sent".to_owned(), None, None),
        };
        tracing::debug!(
            operation = operation(cfg),
            table = request.table.as_deref(),
            index = request.index.as_deref(),
            items = items_read.or(request.items_sent),
            consumed_capacity = capacity,
            retries = request.attempts.saturating_sub(1),
            outcome = %outcome,
            "DynamoDB request"
        );
        Ok(())
    }
}

/// The operation's name (`Query`, `BatchWriteItem`, …) as the SDK registers it.
fn operation(cfg: &ConfigBag) -> &str {
    cfg.load::<Metadata>().map_or("unknown", Metadata::name)
}

/// Table, index and items sent of a request, asking for its consumed capacity on the way when
/// `capacity` (the per-request event will report it).
fn describe(input: &mut Input, capacity: bool) -> Request {
    let total = capacity.then_some(ReturnConsumedCapacity::Total);
    macro_rules! single {
        ($($op:ident :: $input:ident => $items:expr),* $(,)?) => {$(
            if let Some(i) = input.downcast_mut::<$op::$input>() {
                i.return_consumed_capacity = i.return_consumed_capacity.take().or(total);
                let items: Option<usize> = $items;
                return Request { table: i.table_name.clone(), items_sent: items, ..Request::default() };
            }
        )*};
    }
    single!(
        get_item::GetItemInput => None,
        put_item::PutItemInput => Some(1),
        update_item::UpdateItemInput => Some(1),
        delete_item::DeleteItemInput => Some(1),
    );
    if let Some(i) = input.downcast_mut::<query::QueryInput>() {
        i.return_consumed_capacity = i.return_consumed_capacity.take().or(total);
        return Request {
            table: i.table_name.clone(),
            index: i.index_name.clone(),
            ..Request::default()
        };
    }
    if let Some(i) = input.downcast_mut::<scan::ScanInput>() {
        i.return_consumed_capacity = i.return_consumed_capacity.take().or(total);
        return Request {
            table: i.table_name.clone(),
            index: i.index_name.clone(),
            ..Request::default()
        };
    }
    if let Some(i) = input.downcast_mut::<batch_write_item::BatchWriteItemInput>() {
        i.return_consumed_capacity = i.return_consumed_capacity.take().or(total);
        let requests = i.request_items.iter().flatten();
        return Request {
            table: tables(requests.clone().map(|(table, _)| table.as_str())),
            items_sent: Some(requests.map(|(_, writes)| writes.len()).sum()),
            ..Request::default()
        };
    }
    if let Some(i) = input.downcast_mut::<batch_get_item::BatchGetItemInput>() {
        i.return_consumed_capacity = i.return_consumed_capacity.take().or(total);
        return Request {
            table: tables(i.request_items.iter().flatten().map(|(t, _)| t.as_str())),
            ..Request::default()
        };
    }
    if let Some(i) = input.downcast_mut::<transact_write_items::TransactWriteItemsInput>() {
        i.return_consumed_capacity = i.return_consumed_capacity.take().or(total);
        let actions = i.transact_items.iter().flatten();
        return Request {
            table: tables(actions.clone().filter_map(|a| {
                let table = (a.put.as_ref().map(|p| p.table_name()))
                    .or(a.update.as_ref().map(|u| u.table_name()))
                    .or(a.delete.as_ref().map(|d| d.table_name()))
                    .or(a.condition_check.as_ref().map(|c| c.table_name()));
                table
            })),
            items_sent: Some(actions.count()),
            ..Request::default()
        };
    }
    if let Some(i) = input.downcast_mut::<transact_get_items::TransactGetItemsInput>() {
        i.return_consumed_capacity = i.return_consumed_capacity.take().or(total);
        let gets = i.transact_items.iter().flatten();
        return Request {
            table: tables(gets.filter_map(|g| g.get.as_ref()).map(|g| g.table_name())),
            ..Request::default()
        };
    }
    Request::default()
}

/// The distinct table names, comma-separated, in first-seen order.
fn tables<'a>(names: impl Iterator<Item = &'a str>) -> Option<String> {
    let mut seen: Vec<&str> = Vec::new();
    for name in names {
        if !seen.contains(&name) {
            seen.push(name);
        }
    }
    (!seen.is_empty()).then(|| seen.join(","))
}

/// Items returned (reads) and capacity units consumed of a response.
fn describe_output(output: &Output) -> (Option<usize>, Option<f64>) {
    fn units<'a>(capacity: impl IntoIterator<Item = &'a ConsumedCapacity>) -> Option<f64> {
        capacity
            .into_iter()
            .filter_map(ConsumedCapacity::capacity_units)
            .reduce(|a, b| a + b)
    }
    macro_rules! one {
        ($($op:ident :: $output:ident => |$o:ident| $items:expr),* $(,)?) => {$(
            if let Some($o) = output.downcast_ref::<$op::$output>() {
                return ($items, units(&$o.consumed_capacity));
            }
        )*};
    }
    one!(
        get_item::GetItemOutput => |o| Some(usize::from(o.item.is_some())),
        put_item::PutItemOutput => |o| None,
        update_item::UpdateItemOutput => |o| None,
        delete_item::DeleteItemOutput => |o| None,
        query::QueryOutput => |o| Some(usize::try_from(o.count).unwrap_or(0)),
        scan::ScanOutput => |o| Some(usize::try_from(o.count).unwrap_or(0)),
    );
    macro_rules! many {
        ($($op:ident :: $output:ident => |$o:ident| $items:expr),* $(,)?) => {$(
            if let Some($o) = output.downcast_ref::<$op::$output>() {
                return ($items, units($o.consumed_capacity.iter().flatten()));
            }
        )*};
    }
    many!(
        batch_write_item::BatchWriteItemOutput => |o| None,
        batch_get_item::BatchGetItemOutput => |o| Some(
            o.responses.iter().flatten().map(|(_, items)| items.len()).sum()
        ),
        transact_write_items::TransactWriteItemsOutput => |o| None,
        transact_get_items::TransactGetItemsOutput => |o| Some(
            o.responses.iter().flatten().filter(|r| r.item.is_some()).count()
        ),
    );
    (None, None)
}

/// The error code of a failed attempt (`ThrottlingException`, `ConditionalCheckFailedException`,
/// …), for the operations dynakey sends.
pub(crate) fn error_code(error: &OrchestratorError<OperationError>) -> Option<&str> {
    let error = error.as_operation_error()?;
    macro_rules! code {
        ($($op:ident :: $error:ident),* $(,)?) => {$(
            if let Some(e) = error.downcast_ref::<$op::$error>() {
                return e.code();
            }
        )*};
    }
    code!(
        get_item::GetItemError,
        put_item::PutItemError,
        update_item::UpdateItemError,
        delete_item::DeleteItemError,
        query::QueryError,
        scan::ScanError,
        batch_write_item::BatchWriteItemError,
        batch_get_item::BatchGetItemError,
        transact_write_items::TransactWriteItemsError,
        transact_get_items::TransactGetItemsError,
    );
    None
}
