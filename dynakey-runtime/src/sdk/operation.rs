//! [`Operation`]: what the edge needs of each SDK operation dynakey sends — its name, how to send
//! its request (the one `.send()` of the crate), and what its answers carry.

use std::future::Future;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use aws_sdk_dynamodb::config::http::HttpResponse;
use aws_sdk_dynamodb::config::interceptors::BeforeTransmitInterceptorContextRef;
use aws_sdk_dynamodb::config::retry::RetryConfig;
use aws_sdk_dynamodb::config::{ConfigBag, Intercept, RuntimeComponents};
use aws_sdk_dynamodb::error::{BoxError, ProvideErrorMetadata, SdkError};
use aws_sdk_dynamodb::operation::{
    batch_get_item, batch_write_item, create_table, delete_item, delete_table, describe_table,
    get_item, put_item, query, scan, transact_get_items, transact_write_items, update_item,
    update_table, update_time_to_live,
};
use aws_sdk_dynamodb::types::{ConsumedCapacity, ReturnConsumedCapacity, ThrottlingReason};

use crate::convert::Item;
use crate::request_log::RequestInput;

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

    /// The request asking for its `ReturnConsumedCapacity = TOTAL`, unless the caller chose
    /// another setting: for a [`Meter`](super::Meter) on the handle.
    fn asking_capacity(self) -> Self {
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
#[derive(Debug, Clone)]
pub(crate) enum Dispatch {
    /// With the client's retry configuration.
    SdkRetries,
    /// Once, the SDK's retries off; `true` is stored in the flag when the request is handed to
    /// the HTTP client, so a failure before that (no credentials, an endpoint or signing error)
    /// is known not to have reached DynamoDB.
    Once(Arc<AtomicBool>),
}

/// Stores `true` in its flag when the request is handed to the HTTP client
/// (`read_before_transmit`, after identity, endpoint and signing).
#[derive(Debug)]
struct Transmitted(Arc<AtomicBool>);

impl Intercept for Transmitted {
    fn name(&self) -> &'static str {
        "dynakey_runtime::sdk::transmitted"
    }

    fn read_before_transmit(
        &self,
        _context: &BeforeTransmitInterceptorContextRef<'_>,
        _runtime_components: &RuntimeComponents,
        _cfg: &mut ConfigBag,
    ) -> Result<(), BoxError> {
        self.0.store(true, Ordering::Relaxed);
        Ok(())
    }
}

/// A request configuration for one send of the edge: the SDK's own retries off, and the
/// [`Transmitted`] mark.
fn once(transmitted: Arc<AtomicBool>) -> aws_sdk_dynamodb::config::Builder {
    aws_sdk_dynamodb::config::Builder::default()
        .retry_config(RetryConfig::disabled())
        .interceptor(Transmitted(transmitted))
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
                async move {
                    match how {
                        Dispatch::SdkRetries => self.send().await,
                        Dispatch::Once(transmitted) => {
                            self.customize()
                                .config_override(once(transmitted))
                                .send()
                                .await
                        }
                    }
                }
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

        fn asking_capacity(self) -> Self {
            match self.get_return_consumed_capacity() {
                Some(_) => self,
                None => self.return_consumed_capacity(ReturnConsumedCapacity::Total),
            }
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
    }
);
operation!(Query, query::QueryFluentBuilder, QueryOutput, QueryError, {
    throttling!(query::QueryError);
    capacity!(Read);
});
operation!(Scan, scan::ScanFluentBuilder, ScanOutput, ScanError, {
    throttling!(scan::ScanError);
    capacity!(Read);
});
operation!(
    BatchWriteItem,
    batch_write_item::BatchWriteItemFluentBuilder,
    BatchWriteItemOutput,
    BatchWriteItemError,
    {
        throttling!(batch_write_item::BatchWriteItemError);
        capacity!(Write);
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
                            Dispatch::Once(transmitted) => {
                                let once = aws_sdk_dynamodbstreams::config::Builder::default()
                                    .retry_config(RetryConfig::disabled())
                                    .interceptor(Transmitted(transmitted));
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
