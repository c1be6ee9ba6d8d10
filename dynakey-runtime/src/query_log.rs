//! [`QueryLog`]: the Query requests a client sent, recorded by an SDK interceptor, so a test or an
//! example can count requests as DynamoDB sees them rather than as the library reports them.

use std::sync::{Arc, Mutex, PoisonError};

use aws_sdk_dynamodb::config::interceptors::BeforeSerializationInterceptorContextRef;
use aws_sdk_dynamodb::config::{ConfigBag, Intercept};
use aws_sdk_dynamodb::error::BoxError;
use aws_sdk_dynamodb::operation::query::QueryInput;
use aws_sdk_dynamodb::Client;

/// One `Query` operation as the SDK was about to serialise it: the request parameters that show
/// how a read was executed (AWS API reference, "Query").
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct SentQuery {
    /// `TableName`.
    pub table_name: Option<String>,
    /// `IndexName`, for a query on a secondary index.
    pub index_name: Option<String>,
    /// `KeyConditionExpression`.
    pub key_condition_expression: Option<String>,
    /// `Limit`: the most items this one request could return.
    pub limit: Option<i32>,
    /// `ScanIndexForward` (`None` when not sent: DynamoDB's default, ascending).
    pub scan_index_forward: Option<bool>,
    /// `true` when the request carried an `ExclusiveStartKey` (a later page).
    pub resumed: bool,
}

/// Records every `Query` a client sends, in order; cloning shares the record.
///
/// [`attach`](Self::attach) gives a client that records into this log; hand it to
/// [`Db::new`](crate::Db::new). One entry is one `Query` operation (one page of a paged read); SDK
/// retries of the same operation are not separate entries. Other operations are not recorded.
///
/// ```no_run
/// # async fn run(client: aws_sdk_dynamodb::Client) -> Result<(), dynakey_runtime::Error> {
/// use dynakey_runtime::{Db, QueryLog};
///
/// let log = QueryLog::new();
/// let db: Db = Db::new(log.attach(&client), "app");
/// // … reads through `db` …
/// println!("{} Query requests", log.count());
/// # Ok(()) }
/// ```
#[derive(Debug, Clone, Default)]
pub struct QueryLog {
    sent: Arc<Mutex<Vec<SentQuery>>>,
}

impl QueryLog {
    /// An empty log.
    pub fn new() -> QueryLog {
        QueryLog::default()
    }

    /// A client with `client`'s configuration plus this log's interceptor.
    pub fn attach(&self, client: &Client) -> Client {
        let config = client
            .config()
            .to_builder()
            .interceptor(self.clone())
            .build();
        Client::from_conf(config)
    }

    /// How many `Query` operations were sent so far.
    pub fn count(&self) -> usize {
        self.lock().len()
    }

    /// Every `Query` sent so far, oldest first.
    pub fn sent(&self) -> Vec<SentQuery> {
        self.lock().clone()
    }

    /// The most recent `Query`, if any.
    pub fn last(&self) -> Option<SentQuery> {
        self.lock().last().cloned()
    }

    // A panic elsewhere while holding the lock leaves a complete Vec behind: keep using it.
    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<SentQuery>> {
        self.sent.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Intercept for QueryLog {
    fn name(&self) -> &'static str {
        "dynakey::QueryLog"
    }

    fn read_before_execution(
        &self,
        context: &BeforeSerializationInterceptorContextRef<'_>,
        _cfg: &mut ConfigBag,
    ) -> Result<(), BoxError> {
        if let Some(query) = context.input().downcast_ref::<QueryInput>() {
            self.lock().push(SentQuery {
                table_name: query.table_name().map(str::to_owned),
                index_name: query.index_name().map(str::to_owned),
                key_condition_expression: query.key_condition_expression().map(str::to_owned),
                limit: query.limit(),
                scan_index_forward: query.scan_index_forward(),
                resumed: query.exclusive_start_key().is_some(),
            });
        }
        Ok(())
    }
}
