//! [`RequestLog`]: every request a [`Db`](crate::Db) sends, as rendered, with its outcome —
//! recorded by the SDK edge, the one place a request reaches the SDK, so that a test can assert
//! what DynamoDB was asked (and that nothing was asked) for any operation.

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use aws_sdk_dynamodb::operation::{
    batch_get_item::BatchGetItemInput, batch_write_item::BatchWriteItemInput,
    create_table::CreateTableInput, delete_item::DeleteItemInput, delete_table::DeleteTableInput,
    describe_table::DescribeTableInput, get_item::GetItemInput, put_item::PutItemInput,
    query::QueryInput, scan::ScanInput, transact_get_items::TransactGetItemsInput,
    transact_write_items::TransactWriteItemsInput, update_item::UpdateItemInput,
    update_table::UpdateTableInput, update_time_to_live::UpdateTimeToLiveInput,
};

/// Records every request the [`Db`](crate::Db) handles it is given to send, in the order they
/// are sent, each with its outcome; cloning shares the record.
///
/// Give it to a handle with [`Db::with_request_log`](crate::Db::with_request_log). One entry is
/// one send by dynakey's SDK edge: a request the edge sends again under the table's
/// [`RetryPolicy`](crate::RetryPolicy) (batches, single-item writes and their transactions) is one
/// entry per send, each with its own outcome; the SDK's own retries of one send (reads, a
/// caller's transaction, table set-up) are inside that one entry. Requests sent through
/// [`Db::client`](crate::Db::client) by the caller are not dynakey's and are not recorded.
///
/// A request dynakey refuses before sending (a key error, an item over 400 KB, a transaction over
/// DynamoDB's limits) leaves no entry, so an empty log proves nothing was sent.
///
/// ```no_run
/// # async fn run(db: dynakey_runtime::Db) -> Result<(), dynakey_runtime::Error> {
/// use dynakey_runtime::{RequestLog, RequestOutcome};
///
/// let log = RequestLog::new();
/// let db = db.with_request_log(&log);
/// // … writes and reads through `db` …
/// for sent in log.sent() {
///     println!("{} on {:?}: {:?}", sent.operation(), sent.input.table_name(), sent.outcome);
/// }
/// assert!(log.sent().iter().all(|s| s.outcome == RequestOutcome::Ok));
/// # Ok(()) }
/// ```
#[derive(Debug, Clone, Default)]
pub struct RequestLog {
    record: Arc<Mutex<Record>>,
}

#[derive(Debug, Default)]
struct Record {
    /// The id of the next entry (ids survive [`RequestLog::take`]).
    next: u64,
    entries: Vec<(u64, LoggedRequest)>,
}

impl RequestLog {
    /// An empty log.
    pub fn new() -> RequestLog {
        RequestLog::default()
    }

    /// How many requests were sent so far.
    pub fn count(&self) -> usize {
        self.lock().entries.len()
    }

    /// Every request sent so far, oldest first.
    pub fn sent(&self) -> Vec<LoggedRequest> {
        self.lock().entries.iter().map(|(_, e)| e.clone()).collect()
    }

    /// The most recent request, if any.
    pub fn last(&self) -> Option<LoggedRequest> {
        self.lock().entries.last().map(|(_, e)| e.clone())
    }

    /// The DynamoDB API name of every request sent so far (`PutItem`, `Query`, …), oldest first.
    pub fn operations(&self) -> Vec<&'static str> {
        self.lock()
            .entries
            .iter()
            .map(|(_, e)| e.operation())
            .collect()
    }

    /// Every `Query` request sent so far, oldest first, as rendered.
    pub fn queries(&self) -> Vec<QueryInput> {
        self.lock()
            .entries
            .iter()
            .filter_map(|(_, e)| e.input.as_query().cloned())
            .collect()
    }

    /// Every request sent so far, oldest first, leaving the log empty: what one step of a test
    /// sent. A request still unanswered keeps [`RequestOutcome::Unanswered`] in what is returned.
    pub fn take(&self) -> Vec<LoggedRequest> {
        std::mem::take(&mut self.lock().entries)
            .into_iter()
            .map(|(_, e)| e)
            .collect()
    }

    /// Records `input` as sent, unanswered; returns its id for [`answered`](Self::answered).
    pub(crate) fn sending(&self, input: RequestInput) -> u64 {
        let mut record = self.lock();
        let id = record.next;
        record.next += 1;
        record.entries.push((
            id,
            LoggedRequest {
                input,
                outcome: RequestOutcome::Unanswered,
            },
        ));
        id
    }

    /// Records the outcome of request `id` (nothing when it was taken out of the log since).
    pub(crate) fn answered(&self, id: u64, outcome: RequestOutcome) {
        let mut record = self.lock();
        if let Some((_, entry)) = record.entries.iter_mut().rev().find(|(i, _)| *i == id) {
            entry.outcome = outcome;
        }
    }

    // A panic elsewhere while holding the lock leaves a complete record behind: keep using it.
    fn lock(&self) -> MutexGuard<'_, Record> {
        self.record.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// One request a [`Db`](crate::Db) sent: the request as rendered and what came of it.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct LoggedRequest {
    /// The request exactly as dynakey rendered it for the SDK (before the SDK's interceptors,
    /// so without the `ReturnConsumedCapacity` dynakey's tracing adds).
    pub input: RequestInput,
    /// What came of it.
    pub outcome: RequestOutcome,
}

impl LoggedRequest {
    /// The DynamoDB API name, e.g. `PutItem`.
    pub fn operation(&self) -> &'static str {
        self.input.operation()
    }
}

/// What came of one request.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum RequestOutcome {
    /// DynamoDB answered with success.
    Ok,
    /// It failed: DynamoDB refused it (`code` is its error code, e.g.
    /// `ConditionalCheckFailedException`, `TransactionCanceledException`), or no answer came (a
    /// timeout, a dropped connection: `code` is `None`). `message` is the SDK error's text.
    Failed {
        /// DynamoDB's error code, when DynamoDB answered.
        code: Option<String>,
        /// The error's text, with its causes.
        message: String,
    },
    /// Sent, and no outcome yet: still in flight, or the caller stopped waiting for it (dropped
    /// the future or the stream), so whether DynamoDB applied it is not known here.
    Unanswered,
}

impl RequestOutcome {
    /// The error code of a refused request (`None` for success, no answer, or still in flight).
    pub fn code(&self) -> Option<&str> {
        match self {
            RequestOutcome::Failed { code, .. } => code.as_deref(),
            _ => None,
        }
    }
}

macro_rules! inputs {
    ($($variant:ident($input:ty), $as:ident;)*) => {
        /// A request as rendered for the SDK: the SDK's own input type of its operation (AWS API
        /// reference, one section per operation), read with the SDK's accessors.
        #[derive(Debug, Clone, PartialEq)]
        #[non_exhaustive]
        #[allow(clippy::large_enum_variant)]
        pub enum RequestInput {
            $(
                #[doc = concat!("`", stringify!($variant), "`.")]
                $variant($input),
            )*
        }

        impl RequestInput {
            /// The DynamoDB API name, e.g. `PutItem`.
            pub fn operation(&self) -> &'static str {
                match self {
                    $(RequestInput::$variant(_) => stringify!($variant),)*
                }
            }

            $(
                #[doc = concat!("The `", stringify!($variant), "` request, if it is one.")]
                pub fn $as(&self) -> Option<&$input> {
                    match self {
                        RequestInput::$variant(input) => Some(input),
                        _ => None,
                    }
                }
            )*
        }
    };
}

inputs! {
    GetItem(GetItemInput), as_get_item;
    PutItem(PutItemInput), as_put_item;
    DeleteItem(DeleteItemInput), as_delete_item;
    UpdateItem(UpdateItemInput), as_update_item;
    Query(QueryInput), as_query;
    Scan(ScanInput), as_scan;
    BatchWriteItem(BatchWriteItemInput), as_batch_write_item;
    BatchGetItem(BatchGetItemInput), as_batch_get_item;
    TransactWriteItems(TransactWriteItemsInput), as_transact_write_items;
    TransactGetItems(TransactGetItemsInput), as_transact_get_items;
    CreateTable(CreateTableInput), as_create_table;
    DescribeTable(DescribeTableInput), as_describe_table;
    DeleteTable(DeleteTableInput), as_delete_table;
    UpdateTimeToLive(UpdateTimeToLiveInput), as_update_time_to_live;
    UpdateTable(UpdateTableInput), as_update_table;
}

impl RequestInput {
    /// The `TableName` of a request on one table; `None` for the batch and transaction
    /// operations, whose items name their tables.
    pub fn table_name(&self) -> Option<&str> {
        match self {
            RequestInput::GetItem(i) => i.table_name(),
            RequestInput::PutItem(i) => i.table_name(),
            RequestInput::DeleteItem(i) => i.table_name(),
            RequestInput::UpdateItem(i) => i.table_name(),
            RequestInput::Query(i) => i.table_name(),
            RequestInput::Scan(i) => i.table_name(),
            RequestInput::CreateTable(i) => i.table_name(),
            RequestInput::DescribeTable(i) => i.table_name(),
            RequestInput::DeleteTable(i) => i.table_name(),
            RequestInput::UpdateTimeToLive(i) => i.table_name(),
            RequestInput::UpdateTable(i) => i.table_name(),
            RequestInput::BatchWriteItem(_)
            | RequestInput::BatchGetItem(_)
            | RequestInput::TransactWriteItems(_)
            | RequestInput::TransactGetItems(_) => None,
        }
    }

    /// Whether the request may write: `PutItem`, `DeleteItem`, `UpdateItem`, `BatchWriteItem`,
    /// `TransactWriteItems` (not the table set-up operations).
    pub fn is_write(&self) -> bool {
        matches!(
            self,
            RequestInput::PutItem(_)
                | RequestInput::DeleteItem(_)
                | RequestInput::UpdateItem(_)
                | RequestInput::BatchWriteItem(_)
                | RequestInput::TransactWriteItems(_)
        )
    }
}
