//! [`Operation`]: what the edge needs of each SDK operation dynakey sends — its name, how to send
//! its request (the one `.send()` of the crate), and what its answers carry.

use aws_sdk_dynamodb::config::http::HttpResponse;
use aws_sdk_dynamodb::config::interceptors::{
    BeforeSerializationInterceptorContextMut, BeforeSerializationInterceptorContextRef,
    BeforeTransmitInterceptorContextRef, FinalizerInterceptorContextRef,
};
use aws_sdk_dynamodb::config::retry::RetryConfig;
use aws_sdk_dynamodb::config::{ConfigBag, Intercept, RuntimeComponents};
use aws_sdk_dynamodb::error::{BoxError, ProvideErrorMetadata, SdkError};
use aws_sdk_dynamodb::operation::{
    batch_get_item, batch_write_item, create_table, delete_item, delete_table, describe_table,
    get_item, put_item, query, scan, transact_get_items, transact_write_items, update_item,
    update_table, update_time_to_live,
};
use aws_sdk_dynamodb::types::{
    AttributeValue, ConsumedCapacity, ReturnConsumedCapacity, ThrottlingReason,
};
use aws_sdk_dynamodb::Client;
use aws_smithy_runtime_api::client::interceptors::context::Error as OperationError;
use aws_smithy_runtime_api::client::orchestrator::OrchestratorError;
use std::collections::HashMap;
use std::future::Future;

use crate::convert::Item;
use crate::request_log::RequestInput;
use crate::retry::is_throttling_code;
use crate::trace::Trace;

/// One SDK operation, implemented by its fluent builder (the rendered request).
pub(crate) trait Operation: Clone + Send + Sync + 'static {
    /// The DynamoDB API name, e.g. `PutItem`.
    const NAME: &'static str;
    /// The response.
    type Output: Send;
    /// The operation's error.
    type Error: ProvideErrorMetadata + std::error::Error + Send + Sync + 'static;

    /// Sends the request once as the SDK sends it: with the client's retry configuration
    /// (`how` is [`Dispatch::SdkRetries`]), or with the SDK's retries off, every attempt the edge's,
    /// marking when the request is handed to the HTTP client ([`Dispatch::Once`]).
    fn send(
        self,
        how: Dispatch,
    ) -> impl Future<Output = Result<Self::Output, SdkError<Self::Error, HttpResponse>>> + Send;

    /// The request as rendered, for a [`RequestLog`](crate::RequestLog).
    fn logged(&self) -> Option<RequestInput>;

    /// DynamoDB's `ThrottlingReason`s on a throttling error of this operation.
    fn throttling_reasons(_error: &Self::Error) -> &[ThrottlingReason] {
        &[]
    }

    /// Which capacity the operation consumes (a read or a write; table set-up consumes none).
    const UNITS: Units = Units::None;

    /// The capacity units the request consumed (`ConsumedCapacity`, summed over tables and
    /// indexes), when the answer reports them.
    fn consumed_capacity(_output: &Self::Output) -> Option<f64> {
        None
    }

    /// The capacity units the request will consume at least, reserved from a
    /// [`Governor`](crate::Governor) before it is sent: half a unit per item read (an
    /// eventually consistent read of up to 4 KB), one per item written (up to 1 KB), two per
    /// transactional write (AWS developer guide, "Read/write capacity mode").
    fn estimated_units(&self) -> f64 {
        match Self::UNITS {
            Units::Read => 0.5,
            Units::Write | Units::None => 1.0,
        }
    }

    /// Every `ConsumedCapacity` the answer reports (one per table for a batch or transaction).
    fn capacities(_output: &Self::Output) -> Vec<&ConsumedCapacity> {
        Vec::new()
    }

    /// Items a read returned and, for a Query or Scan, items it evaluated (`ScannedCount`).
    fn counts(_output: &Self::Output) -> (Option<u64>, Option<u64>) {
        (None, None)
    }

    /// The index the request reads (`IndexName` of a Query or Scan).
    fn index_name(&self) -> Option<&str> {
        None
    }

    /// The partition-key value (`attribute`: the table's partition-key attribute) of the one item
    /// the request reads or writes, or of the partition a Query reads (its `:pk` value, as
    /// dynakey renders key conditions); `None` for a request of several or a key that is not a
    /// string or a number.
    fn partition(&self, _attribute: &str) -> Option<String> {
        None
    }

    /// The request asking for its `ReturnConsumedCapacity` — `TOTAL`, or `INDEXES` when
    /// `indexes` — unless the caller chose otherwise (a caller's `TOTAL` becomes `INDEXES` when
    /// `indexes`: it reports the total too): for a [`Meter`](super::Meter) or measures on the
    /// handle.
    fn asking_capacity(self, _indexes: bool) -> Self {
        self
    }

    /// The item as stored that a `ConditionalCheckFailedException` of this operation returned
    /// (`Some(None)`: the condition failed on no item); `None` for any other error.
    fn condition_failed(_error: &Self::Error) -> Option<Option<Item>> {
        None
    }
}

/// Which capacity an operation consumes (AWS developer guide, "DynamoDB read and write
/// operations": reads consume read capacity units, writes and transactional writes write units).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Units {
    /// Table set-up and the Streams API: no table capacity.
    None,
    /// Read capacity units.
    Read,
    /// Write capacity units.
    Write,
}

/// How [`Operation::send`] sends a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Dispatch {
    /// With the client's retry configuration.
    SdkRetries,
    /// Once: the request was rendered on the edge's [`once_client`] (the SDK's retries off), and
    /// is sent inside [`marking`].
    Once,
}

/// Where one send of [`Dispatch::Once`] stands, marked by the interceptor's hooks ([`mark`]) on
/// the task that sends it ([`marking`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mark {
    /// No hook marked it: the request was rendered on a client without dynakey's [`Interceptor`].
    /// Read as "may have been transmitted", the safe side.
    Unseen,
    /// The SDK started on it (`read_before_execution`) and never handed it to the HTTP client.
    Started,
    /// Handed to the HTTP client (`read_before_transmit`, after identity, endpoint and signing).
    Transmitted,
}

/// What the interceptor's hooks saw of one send ([`marking`]).
#[derive(Debug, Clone)]
pub(crate) struct Sent {
    /// How far it got.
    pub(crate) mark: Mark,
    /// Attempts the SDK made (one, unless the SDK retries the request itself).
    pub(crate) attempts: u32,
    /// Each throttled attempt's reasons: DynamoDB's `ThrottlingReason.reason`s, or the error
    /// code when the answer gave none.
    pub(crate) throttles: Vec<Vec<String>>,
}

tokio::task_local! {
    /// What the hooks saw of the send in progress on this task.
    static SENT: std::cell::RefCell<Sent>;
}

/// Runs `send` (one send of [`Dispatch::Once`], or a measured one) with a [`Sent`] the
/// interceptor's hooks fill, and returns its answer with it. A task-local rather than a
/// per-request interceptor: a configuration override on every request costs the SDK a layer of
/// configuration to merge and search (about 30,000 instructions a request, issue #25).
pub(crate) async fn marking<F: Future>(send: F) -> (F::Output, Sent) {
    let sent = Sent {
        mark: Mark::Unseen,
        attempts: 0,
        throttles: Vec::new(),
    };
    SENT.scope(std::cell::RefCell::new(sent), async move {
        let answer = send.await;
        (answer, SENT.with(|s| s.borrow().clone()))
    })
    .await
}

/// Notes on the send in progress on this task ([`marking`]); no-op outside of one.
fn note(change: impl FnOnce(&mut Sent)) {
    // `try_with` fails only outside a `marking` scope (a request of the once-client sent some
    // other way, or one not measured): nothing to note then.
    let _ = SENT.try_with(|s| change(&mut s.borrow_mut()));
}

fn mark(mark: Mark) {
    note(|s| s.mark = mark);
}

/// dynakey's one SDK interceptor. It marks every send ([`mark`]: when the SDK starts on a request,
/// and when it hands it to the HTTP client), the one place that does; on a `Db`'s client it also
/// reports each request to `tracing` ([`Trace`]'s hooks). `Db::new` registers it permanent (so the
/// SDK looks up no disabling flag before its hooks), one interceptor rather than two because each
/// costs every request a call per hook; the caller's Streams client gets it, without tracing, as
/// a per-request override.
#[derive(Debug)]
pub(crate) struct Interceptor {
    trace: Option<Trace>,
}

impl Interceptor {
    /// Marks sends and traces them: for a `Db`'s client.
    pub(crate) fn traced(trace: Trace) -> Interceptor {
        Interceptor { trace: Some(trace) }
    }

    /// Marks sends only: for the Streams requests.
    #[cfg(feature = "streams")]
    fn marking() -> Interceptor {
        Interceptor { trace: None }
    }
}

/// Hooks of [`Interceptor`] that call [`Trace`]'s hook of the same name when it traces.
macro_rules! traced_hooks {
    ($($hook:ident($context:ty)),*) => {$(
        fn $hook(
            &self,
            context: $context,
            runtime_components: &RuntimeComponents,
            cfg: &mut ConfigBag,
        ) -> Result<(), BoxError> {
            match &self.trace {
                Some(trace) => trace.$hook(context, runtime_components, cfg),
                None => Ok(()),
            }
        }
    )*};
}

impl Intercept for Interceptor {
    fn name(&self) -> &'static str {
        "dynakey_runtime"
    }

    // The tracing hooks, called on a `Db`'s client only.
    traced_hooks!(
        modify_before_serialization(&mut BeforeSerializationInterceptorContextMut<'_>),
        read_after_execution(&FinalizerInterceptorContextRef<'_>)
    );

    fn read_before_attempt(
        &self,
        context: &BeforeTransmitInterceptorContextRef<'_>,
        runtime_components: &RuntimeComponents,
        cfg: &mut ConfigBag,
    ) -> Result<(), BoxError> {
        note(|s| s.attempts += 1);
        match &self.trace {
            Some(trace) => trace.read_before_attempt(context, runtime_components, cfg),
            None => Ok(()),
        }
    }

    fn read_after_attempt(
        &self,
        context: &FinalizerInterceptorContextRef<'_>,
        runtime_components: &RuntimeComponents,
        cfg: &mut ConfigBag,
    ) -> Result<(), BoxError> {
        if let Some(Err(error)) = context.output_or_error() {
            if let Some(reasons) = throttled(error) {
                note(|s| s.throttles.push(reasons));
            }
        }
        match &self.trace {
            Some(trace) => trace.read_after_attempt(context, runtime_components, cfg),
            None => Ok(()),
        }
    }

    fn read_before_execution(
        &self,
        _context: &BeforeSerializationInterceptorContextRef<'_>,
        _cfg: &mut ConfigBag,
    ) -> Result<(), BoxError> {
        mark(Mark::Started);
        Ok(())
    }

    fn read_before_transmit(
        &self,
        _context: &BeforeTransmitInterceptorContextRef<'_>,
        _runtime_components: &RuntimeComponents,
        _cfg: &mut ConfigBag,
    ) -> Result<(), BoxError> {
        mark(Mark::Transmitted);
        Ok(())
    }
}

/// The reasons of a throttled attempt (`None`: not throttled): DynamoDB's
/// `ThrottlingReason.reason`s, or the error code when the answer gave none.
pub(crate) fn throttled(error: &OrchestratorError<OperationError>) -> Option<Vec<String>> {
    let code = crate::trace::error_code(error).filter(|c| is_throttling_code(c))?;
    let error = error.as_operation_error()?;
    macro_rules! reasons {
        ($($op:ident :: $builder:ident :: $error:ident),* $(,)?) => {
            $(if let Some(e) = error.downcast_ref::<$op::$error>() {
                <$op::builders::$builder as Operation>::throttling_reasons(e)
            } else)* {
                &[]
            }
        };
    }
    let reasons = reasons!(
        get_item::GetItemFluentBuilder::GetItemError,
        put_item::PutItemFluentBuilder::PutItemError,
        update_item::UpdateItemFluentBuilder::UpdateItemError,
        delete_item::DeleteItemFluentBuilder::DeleteItemError,
        query::QueryFluentBuilder::QueryError,
        scan::ScanFluentBuilder::ScanError,
        batch_write_item::BatchWriteItemFluentBuilder::BatchWriteItemError,
        batch_get_item::BatchGetItemFluentBuilder::BatchGetItemError,
        transact_write_items::TransactWriteItemsFluentBuilder::TransactWriteItemsError,
        transact_get_items::TransactGetItemsFluentBuilder::TransactGetItemsError,
    );
    let reasons: Vec<String> = reasons
        .iter()
        .filter_map(|r| r.reason().map(str::to_owned))
        .collect();
    Some(if reasons.is_empty() {
        vec![code.to_owned()]
    } else {
        reasons
    })
}

/// The client the edge renders the requests it retries itself on ([`Dispatch::Once`]): `client`'s
/// configuration (with dynakey's [`Interceptor`], which marks the send) and the SDK's own retries
/// off, so that every attempt is the edge's and counted. Made once per handle; no interceptor of
/// its own, as every interceptor costs each request a look-up per hook.
pub(crate) fn once_client(client: &Client) -> Client {
    let config = client
        .config()
        .to_builder()
        .retry_config(RetryConfig::disabled())
        .build();
    Client::from_conf(config)
}

/// Capacity units of one `ConsumedCapacity` or several.
fn units<'a>(capacity: impl IntoIterator<Item = &'a ConsumedCapacity>) -> Option<f64> {
    capacity
        .into_iter()
        .filter_map(ConsumedCapacity::capacity_units)
        .reduce(|a, b| a + b)
}

macro_rules! operation {
    ($name:ident, $op:ident :: $builder:ident, $output:ident, $error:ident, { $($extra:tt)* }) => {
        impl Operation for $op::builders::$builder {
            const NAME: &'static str = stringify!($name);
            type Output = $op::$output;
            type Error = $op::$error;

            fn send(
                self,
                how: Dispatch,
            ) -> impl Future<Output = Result<Self::Output, SdkError<Self::Error, HttpResponse>>>
                   + Send {
                // A request of `Dispatch::Once` was rendered on the once-client, whose
                // configuration does what that asks.
                let _ = how;
                self.send()
            }

            fn logged(&self) -> Option<RequestInput> {
                // The SDK's input builders do not fail (required members are checked when the
                // request is serialised).
                self.as_input().clone().build().ok().map(RequestInput::$name)
            }

            $($extra)*
        }
    };
}

/// An item operation's capacity: which units it consumes, what its answer reports, and how it
/// asks for them.
macro_rules! capacity {
    ($units:ident) => {
        const UNITS: Units = Units::$units;

        fn consumed_capacity(output: &Self::Output) -> Option<f64> {
            units(output.consumed_capacity())
        }

        fn capacities(output: &Self::Output) -> Vec<&ConsumedCapacity> {
            output.consumed_capacity().into_iter().collect()
        }

        fn asking_capacity(self, indexes: bool) -> Self {
            match (self.get_return_consumed_capacity(), indexes) {
                (None | Some(ReturnConsumedCapacity::Total), true) => {
                    self.return_consumed_capacity(ReturnConsumedCapacity::Indexes)
                }
                (None, false) => self.return_consumed_capacity(ReturnConsumedCapacity::Total),
                _ => self,
            }
        }
    };
}

/// The string or number value of `attribute` in `item`.
fn key_value(item: Option<&HashMap<String, AttributeValue>>, attribute: &str) -> Option<String> {
    match item?.get(attribute)? {
        AttributeValue::S(s) | AttributeValue::N(s) => Some(s.clone()),
        _ => None,
    }
}

/// What a request on one item has: its partition key (in `$member`), its answer's item count.
macro_rules! one_item {
    ($member:ident, $returned:expr) => {
        fn partition(&self, attribute: &str) -> Option<String> {
            key_value(self.$member().as_ref(), attribute)
        }

        fn counts(output: &Self::Output) -> (Option<u64>, Option<u64>) {
            #[allow(clippy::redundant_closure_call)]
            ($returned(output), None)
        }
    };
}

/// What a Query or Scan has: its index, and the items it returned and evaluated.
macro_rules! read_many {
    () => {
        fn index_name(&self) -> Option<&str> {
            self.get_index_name().as_deref()
        }

        fn counts(output: &Self::Output) -> (Option<u64>, Option<u64>) {
            (
                u64::try_from(output.count).ok(),
                u64::try_from(output.scanned_count).ok(),
            )
        }
    };
}

/// The throttling errors every item operation has.
macro_rules! throttling {
    ($op:ident :: $error:ident) => {
        fn throttling_reasons(error: &$op::$error) -> &[ThrottlingReason] {
            match error {
                $op::$error::ThrottlingException(e) => e.throttling_reasons(),
                $op::$error::ProvisionedThroughputExceededException(e) => e.throttling_reasons(),
                $op::$error::RequestLimitExceeded(e) => e.throttling_reasons(),
                _ => &[],
            }
        }
    };
}

/// A write whose refused condition returns the item as stored.
macro_rules! conditional {
    ($op:ident :: $error:ident) => {
        fn condition_failed(error: &$op::$error) -> Option<Option<Item>> {
            match error {
                $op::$error::ConditionalCheckFailedException(e) => Some(e.item().cloned()),
                _ => None,
            }
        }
    };
}

operation!(
    GetItem,
    get_item::GetItemFluentBuilder,
    GetItemOutput,
    GetItemError,
    {
        throttling!(get_item::GetItemError);
        capacity!(Read);
        one_item!(get_key, |o: &get_item::GetItemOutput| Some(u64::from(
            o.item.is_some()
        )));
    }
);
operation!(
    PutItem,
    put_item::PutItemFluentBuilder,
    PutItemOutput,
    PutItemError,
    {
        throttling!(put_item::PutItemError);
        conditional!(put_item::PutItemError);
        capacity!(Write);
        one_item!(get_item, |_| None);
    }
);
operation!(
    DeleteItem,
    delete_item::DeleteItemFluentBuilder,
    DeleteItemOutput,
    DeleteItemError,
    {
        throttling!(delete_item::DeleteItemError);
        conditional!(delete_item::DeleteItemError);
        capacity!(Write);
        one_item!(get_key, |_| None);
    }
);
operation!(
    UpdateItem,
    update_item::UpdateItemFluentBuilder,
    UpdateItemOutput,
    UpdateItemError,
    {
        throttling!(update_item::UpdateItemError);
        conditional!(update_item::UpdateItemError);
        capacity!(Write);
        one_item!(get_key, |_| None);
    }
);
operation!(Query, query::QueryFluentBuilder, QueryOutput, QueryError, {
    throttling!(query::QueryError);
    capacity!(Read);
    read_many!();

    fn partition(&self, _attribute: &str) -> Option<String> {
        key_value(self.get_expression_attribute_values().as_ref(), ":pk")
    }
});
operation!(Scan, scan::ScanFluentBuilder, ScanOutput, ScanError, {
    throttling!(scan::ScanError);
    capacity!(Read);
    read_many!();
});
operation!(
    BatchWriteItem,
    batch_write_item::BatchWriteItemFluentBuilder,
    BatchWriteItemOutput,
    BatchWriteItemError,
    {
        throttling!(batch_write_item::BatchWriteItemError);
        capacity!(Write);

        fn estimated_units(&self) -> f64 {
            let writes = self.get_request_items().iter().flatten();
            writes.map(|(_, requests)| requests.len()).sum::<usize>() as f64
        }
    }
);
operation!(
    BatchGetItem,
    batch_get_item::BatchGetItemFluentBuilder,
    BatchGetItemOutput,
    BatchGetItemError,
    {
        throttling!(batch_get_item::BatchGetItemError);
        capacity!(Read);

        fn estimated_units(&self) -> f64 {
            let keys = self.get_request_items().iter().flatten();
            keys.map(|(_, k)| k.keys().len()).sum::<usize>() as f64 * 0.5
        }

        fn counts(output: &Self::Output) -> (Option<u64>, Option<u64>) {
            let items = output
                .responses
                .iter()
                .flatten()
                .map(|(_, items)| items.len());
            (u64::try_from(items.sum::<usize>()).ok(), None)
        }
    }
);
operation!(
    TransactWriteItems,
    transact_write_items::TransactWriteItemsFluentBuilder,
    TransactWriteItemsOutput,
    TransactWriteItemsError,
    {
        throttling!(transact_write_items::TransactWriteItemsError);
        capacity!(Write);

        fn estimated_units(&self) -> f64 {
            self.get_transact_items().as_ref().map_or(0, Vec::len) as f64 * 2.0
        }
    }
);
operation!(
    TransactGetItems,
    transact_get_items::TransactGetItemsFluentBuilder,
    TransactGetItemsOutput,
    TransactGetItemsError,
    {
        throttling!(transact_get_items::TransactGetItemsError);
        capacity!(Read);

        fn counts(output: &Self::Output) -> (Option<u64>, Option<u64>) {
            let items = output
                .responses
                .iter()
                .flatten()
                .filter(|r| r.item.is_some());
            (u64::try_from(items.count()).ok(), None)
        }
    }
);
operation!(
    CreateTable,
    create_table::CreateTableFluentBuilder,
    CreateTableOutput,
    CreateTableError,
    {}
);
operation!(
    DescribeTable,
    describe_table::DescribeTableFluentBuilder,
    DescribeTableOutput,
    DescribeTableError,
    {}
);
operation!(
    DeleteTable,
    delete_table::DeleteTableFluentBuilder,
    DeleteTableOutput,
    DeleteTableError,
    {}
);
operation!(
    UpdateTimeToLive,
    update_time_to_live::UpdateTimeToLiveFluentBuilder,
    UpdateTimeToLiveOutput,
    UpdateTimeToLiveError,
    {}
);

/// The DynamoDB Streams operations (aws-sdk-dynamodbstreams): sent through the same edge (span,
/// retries, errors) as the table's own requests. They are reads; the request log does not keep
/// them (it records DynamoDB's own operations).
#[cfg(feature = "streams")]
mod streams {
    use super::*;
    use aws_sdk_dynamodbstreams::operation::{describe_stream, get_records, get_shard_iterator};

    macro_rules! stream_operation {
        ($name:ident, $op:ident :: $builder:ident, $output:ident, $error:ident) => {
            impl Operation for $op::builders::$builder {
                const NAME: &'static str = stringify!($name);
                type Output = $op::$output;
                type Error = $op::$error;

                fn send(
                    self,
                    how: Dispatch,
                ) -> impl Future<Output = Result<Self::Output, SdkError<Self::Error, HttpResponse>>>
                       + Send {
                    async move {
                        match how {
                            Dispatch::SdkRetries => self.send().await,
                            // The Streams client is the caller's: the once-configuration is
                            // an override of each request (the reader sends few).
                            Dispatch::Once => {
                                let once = aws_sdk_dynamodbstreams::config::Builder::default()
                                    .retry_config(RetryConfig::disabled())
                                    .interceptor(Interceptor::marking());
                                self.customize().config_override(once).send().await
                            }
                        }
                    }
                }

                fn logged(&self) -> Option<RequestInput> {
                    None
                }
            }
        };
    }

    stream_operation!(
        DescribeStream,
        describe_stream::DescribeStreamFluentBuilder,
        DescribeStreamOutput,
        DescribeStreamError
    );
    stream_operation!(
        GetShardIterator,
        get_shard_iterator::GetShardIteratorFluentBuilder,
        GetShardIteratorOutput,
        GetShardIteratorError
    );
    stream_operation!(
        GetRecords,
        get_records::GetRecordsFluentBuilder,
        GetRecordsOutput,
        GetRecordsError
    );
}
operation!(
    UpdateTable,
    update_table::UpdateTableFluentBuilder,
    UpdateTableOutput,
    UpdateTableError,
    {}
);
