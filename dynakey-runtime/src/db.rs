//! [`Db`]: one DynamoDB table declared by a [`Table`] type, and its single-item operations.

use std::fmt;
use std::marker::PhantomData;
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime};

use aws_sdk_dynamodb::error::BuildError;
use aws_sdk_dynamodb::types::{
    AttributeDefinition, BillingMode, GlobalSecondaryIndex, IndexStatus, KeySchemaElement, KeyType,
    LocalSecondaryIndex, Projection as SdkProjection, ProjectionType, ScalarAttributeType,
    TableStatus,
};
use aws_sdk_dynamodb::Client;
use dynakey::{CursorCodec, DefaultTable, Entity, InTable, IndexKind, Key, Projection, Table};
use serde::de::DeserializeOwned;
use tracing::Instrument;

use crate::convert::key_to_attributes;
use crate::error::Error;
use crate::item::from_entity_item;
use crate::retry::RetryPolicy;

/// Requests a batch keeps in flight unless [`Db::with_batch_concurrency`] says otherwise.
pub const DEFAULT_BATCH_CONCURRENCY: usize = 4;

/// How long [`Db::create_table`] waits for the table and its indexes to become `ACTIVE`.
const TABLE_ACTIVE_WAIT: Duration = Duration::from_secs(600);

/// A handle on one DynamoDB table whose key schema is declared by `T` (default: [`DefaultTable`],
/// `PK`/`SK`).
///
/// It holds an `aws_sdk_dynamodb::Client` (reference-counted) and the table name, so it is cheap to
/// clone and to share between tasks. Every operation is typed by an entity `E` whose
/// `Entity::Table` is `T`: items of `E` are written with their key attributes computed from the key
/// templates, and keys and queries of `E` can only be used on a `Db<T>` of `E`'s table.
///
/// The same code runs against real DynamoDB (client from `connect_from_env`, feature `aws-config`,
/// or your own) and against the embedded engine (feature `embedded`).
///
/// Every request runs inside a `tracing` span at debug level named `dynamodb`, with the OpenTelemetry
/// database fields `db.system = "dynamodb"`, `db.operation` (the API name, e.g. `PutItem`) and
/// `db.dynamodb.table_names`.
pub struct Db<T: Table = DefaultTable> {
    client: Client,
    table_name: Arc<str>,
    pub(crate) retry: RetryPolicy,
    pub(crate) batch_concurrency: usize,
    cursors: Arc<CursorCodec>,
    table: PhantomData<fn() -> T>,
}

impl<T: Table> Clone for Db<T> {
    fn clone(&self) -> Self {
        Db {
            client: self.client.clone(),
            table_name: Arc::clone(&self.table_name),
            retry: self.retry,
            batch_concurrency: self.batch_concurrency,
            cursors: Arc::clone(&self.cursors),
            table: PhantomData,
        }
    }
}

impl<T: Table> fmt::Debug for Db<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Db")
            .field("table_name", &self.table_name)
            .field("partition_key", &T::PARTITION_KEY)
            .field("sort_key", &T::SORT_KEY)
            .field("retry", &self.retry)
            .field("batch_concurrency", &self.batch_concurrency)
            .field("cursors", &self.cursors)
            .finish_non_exhaustive()
    }
}

impl<T: Table> Db<T> {
    /// A handle on table `table_name`, declared by `T`. Sends nothing; the table must exist (or be
    /// created with [`create_table`](Self::create_table)) before the first operation.
    ///
    /// The handle uses a copy of `client`'s configuration with one more interceptor, which asks
    /// every request for its ConsumedCapacity and reports each request as a `tracing` event (see
    /// [`trace`](crate::trace)); `client` itself is unchanged.
    pub fn new(client: Client, table_name: impl Into<String>) -> Self {
        let table_name: String = table_name.into();
        let config = client
            .config()
            .to_builder()
            .interceptor(crate::trace::Trace::new())
            .build();
        Db {
            client: Client::from_conf(config),
            table_name: table_name.into(),
            retry: RetryPolicy::default(),
            batch_concurrency: DEFAULT_BATCH_CONCURRENCY,
            cursors: Arc::new(CursorCodec::default()),
            table: PhantomData,
        }
    }

    /// The same handle with another retry policy for batches (`UnprocessedItems`,
    /// `UnprocessedKeys`, throttling, 5xx responses, timeouts and connection failures of
    /// `BatchWriteItem` and `BatchGetItem`; see [`RetryPolicy`]).
    #[must_use]
    pub fn with_retry_policy(mut self, retry: RetryPolicy) -> Self {
        self.retry = retry;
        self
    }

    /// The retry policy of batches.
    pub fn retry_policy(&self) -> RetryPolicy {
        self.retry
    }

    /// The same handle with at most `requests` requests in flight per batch call
    /// ([`batch_put`](Self::batch_put), [`batch_delete`](Self::batch_delete),
    /// [`batch_get`](Self::batch_get); at least 1; default [`DEFAULT_BATCH_CONCURRENCY`], 4).
    ///
    /// Each request carries up to 25 writes or 100 keys, so 4 in flight keep a loader busy without
    /// hogging a table's throughput; raise it when the round trip to DynamoDB, not its throughput,
    /// is the limit. Memory held by a batch grows with it (up to `requests` × 25 items).
    #[must_use]
    pub fn with_batch_concurrency(mut self, requests: usize) -> Self {
        self.batch_concurrency = requests.max(1);
        self
    }

    /// How many requests a batch call keeps in flight at most.
    pub fn batch_concurrency(&self) -> usize {
        self.batch_concurrency
    }

    /// The same handle with `secret` as the key of its query cursors
    /// ([`Page::next`](crate::Page::next); format, checks and threat model in
    /// [`dynakey::cursor`]). With a secret, cursors are **encrypted** (XChaCha20-Poly1305, the
    /// key derived from the secret with HKDF-SHA256, a random nonce each): whoever holds one
    /// learns nothing of the partition and sort key values in it (tenant ids, timestamps) but its
    /// length, cannot alter it or make one without being refused
    /// ([`CursorError::Tampered`](dynakey::CursorError::Tampered)), and cannot use it with another
    /// query ([`CursorError::OtherQuery`](dynakey::CursorError::OtherQuery)).
    ///
    /// Without a secret a built-in key is used: cursors are signed but readable (base64url of the
    /// key values), still cannot be modified or used with another query without being refused,
    /// but anyone who knows the built-in key (it is public) can forge one. **Set a secret when
    /// cursors go to untrusted clients**, e.g. as a web API's next-page token: 32 random bytes,
    /// the same in every process that reads the cursors, kept like any other credential. Even a
    /// forged cursor cannot read outside its query's partition and key condition (every start
    /// key is checked before any request), but it can choose where in them reading resumes.
    ///
    /// Changing the secret makes outstanding cursors fail with
    /// [`CursorError::Tampered`](dynakey::CursorError::Tampered). Cursors do not expire.
    #[must_use]
    pub fn with_cursor_secret(mut self, secret: impl AsRef<[u8]>) -> Self {
        self.cursors = Arc::new(CursorCodec::new(secret));
        self
    }

    /// The codec that makes and checks this handle's query cursors.
    pub fn cursor_codec(&self) -> &CursorCodec {
        &self.cursors
    }

    /// The SDK client, for operations dynakey does not wrap.
    pub fn client(&self) -> &Client {
        &self.client
    }

    /// The table name.
    pub fn table_name(&self) -> &str {
        &self.table_name
    }

    /// The `tracing` span of one request of `operation` on this table.
    pub(crate) fn span(&self, operation: &'static str) -> tracing::Span {
        tracing::debug_span!(
            "dynamodb",
            db.system = "dynamodb",
            db.operation = operation,
            db.dynamodb.table_names = %self.table_name,
            db.dynamodb.consumed_capacity = tracing::field::Empty,
        )
    }

    /// Creates the table from `T`'s declaration and waits until it and its indexes are `ACTIVE`.
    ///
    /// - key schema: `T::PARTITION_KEY` (`HASH`) and `T::SORT_KEY` (`RANGE`), both type `S`;
    /// - billing mode `PAY_PER_REQUEST` (on-demand capacity), so no throughput is provisioned;
    /// - one global or local secondary index per entry of `T::INDEXES`, with its key attributes of
    ///   type `S` and its projection (AWS developer guide, "Improving data access with secondary
    ///   indexes"). An LSI uses the table's partition key.
    ///
    /// It then polls `DescribeTable` (20 ms doubling up to 1 s) until the table status and every GSI
    /// status is `ACTIVE`, and enables TTL on `T::TTL_ATTRIBUTE` when the table declares one
    /// (`UpdateTimeToLive`, see [`crate::ttl`]).
    ///
    /// # Errors
    /// [`Error::Sdk`] from `CreateTable` (e.g. `ResourceInUseException` when the table exists; see
    /// [`ensure_table`](Self::ensure_table) to create it only when it is missing) or
    /// `DescribeTable` or `UpdateTimeToLive`; [`Error::TableNotActive`] after 10 minutes without
    /// reaching `ACTIVE`.
    pub async fn create_table(&self) -> Result<(), Error> {
        let request = self.create_table_request()?;
        request
            .send()
            .instrument(self.span("CreateTable"))
            .await
            .map_err(|e| Error::sdk("CreateTable", e))?;
        self.wait_until_active().await?;
        self.enable_ttl().await
    }

    pub(crate) fn create_table_request(
        &self,
    ) -> Result<aws_sdk_dynamodb::operation::create_table::builders::CreateTableFluentBuilder, Error>
    {
        let build = |e: BuildError| Error::build("CreateTable", e);
        let definitions = dynakey::attribute_definitions::<T>()
            .into_iter()
            .map(|(name, ty)| {
                AttributeDefinition::builder()
                    .attribute_name(name)
                    .attribute_type(scalar_type(ty))
                    .build()
                    .map_err(build)
            })
            .collect::<Result<Vec<_>, _>>()?;
        let mut request = self
            .client
            .create_table()
            .table_name(self.table_name())
            .billing_mode(BillingMode::PayPerRequest)
            .set_attribute_definitions(Some(definitions))
            .set_key_schema(Some(
                key_schema(T::PARTITION_KEY, T::SORT_KEY).map_err(build)?,
            ));
        for index in T::INDEXES {
            let projection = projection(index.projection());
            match index.kind() {
                IndexKind::Global => {
                    let gsi = GlobalSecondaryIndex::builder()
                        .index_name(index.name())
                        .set_key_schema(Some(
                            index_key_schema(index, index.partition_key()).map_err(build)?,
                        ))
                        .projection(projection)
                        .build()
                        .map_err(build)?;
                    request = request.global_secondary_indexes(gsi);
                }
                IndexKind::Local => {
                    let lsi = LocalSecondaryIndex::builder()
                        .index_name(index.name())
                        .set_key_schema(Some(
                            index_key_schema(index, T::PARTITION_KEY).map_err(build)?,
                        ))
                        .projection(projection)
                        .build()
                        .map_err(build)?;
                    request = request.local_secondary_indexes(lsi);
                }
            }
        }
        Ok(request)
    }

    pub(crate) async fn wait_until_active(&self) -> Result<(), Error> {
        let started = Instant::now();
        let mut delay = Duration::from_millis(20);
        loop {
            let description = self
                .client
                .describe_table()
                .table_name(self.table_name())
                .send()
                .instrument(self.span("DescribeTable"))
                .await
                .map_err(|e| Error::sdk("DescribeTable", e))?;
            let table = description.table();
            let status = table.and_then(|t| t.table_status()).cloned();
            let pending_index = table
                .map(aws_sdk_dynamodb::types::TableDescription::global_secondary_indexes)
                .unwrap_or_default()
                .iter()
                .find(|gsi| gsi.index_status() != Some(&IndexStatus::Active));
            let waiting_for = match (&status, pending_index) {
                (Some(TableStatus::Active), None) => return Ok(()),
                (Some(TableStatus::Active), Some(gsi)) => format!(
                    "ACTIVE, but index {:?} is {}",
                    gsi.index_name().unwrap_or_default(),
                    gsi.index_status().map_or("unknown", IndexStatus::as_str)
                ),
                (Some(status), _) => status.as_str().to_owned(),
                (None, _) => "without a status".to_owned(),
            };
            let waited = started.elapsed();
            if waited >= TABLE_ACTIVE_WAIT {
                return Err(Error::TableNotActive {
                    table: self.table_name().to_owned(),
                    status: waiting_for,
                    waited,
                });
            }
            tokio::time::sleep(delay).await;
            delay = delay.saturating_mul(2).min(Duration::from_secs(1));
        }
    }

    /// Deletes the table and everything in it (`DeleteTable`). Returns as soon as DynamoDB accepted
    /// the request; the table is `DELETING` for a while on real DynamoDB.
    ///
    /// # Errors
    /// [`Error::Sdk`], e.g. `ResourceNotFoundException`.
    pub async fn delete_table(&self) -> Result<(), Error> {
        self.client
            .delete_table()
            .table_name(self.table_name())
            .send()
            .instrument(self.span("DeleteTable"))
            .await
            .map_err(|e| Error::sdk("DeleteTable", e))?;
        Ok(())
    }

    /// A `GetItem` request for the item with primary key `key`: `.await` it for the item, or
    /// `None` when there is none; `.consistent_read()` first for a strongly consistent read.
    ///
    /// ```no_run
    /// # use dynakey::Entity;
    /// # #[derive(Entity, serde::Serialize, serde::Deserialize)]
    /// # #[pk("USER#<id>")] #[sk("PROFILE")]
    /// # struct User { id: String, name: String }
    /// # async fn run(db: dynakey_runtime::Db) -> Result<(), dynakey_runtime::Error> {
    /// let key = User::key("u1")?;
    /// let maybe: Option<User> = db.get(&key).await?;
    /// let fresh: Option<User> = db.get(&key).consistent_read().await?;
    /// # Ok(()) }
    /// ```
    pub fn get<E>(&self, key: &Key<E>) -> Get<T, E>
    where
        E: InTable<T> + DeserializeOwned,
    {
        Get {
            db: self.clone(),
            key: key.clone(),
            consistent_read: false,
            unexpired: false,
        }
    }
}

/// A `GetItem` request, made by [`Db::get`]; `.await` it (AWS developer guide, "Working with
/// items — Reading an item").
#[must_use = "a GetItem request does nothing until it is awaited"]
pub struct Get<T: Table, E> {
    db: Db<T>,
    key: Key<E>,
    consistent_read: bool,
    unexpired: bool,
}

impl<T: Table, E> fmt::Debug for Get<T, E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Get")
            .field("table", &self.db.table_name())
            .field("key", &self.key)
            .field("consistent_read", &self.consistent_read)
            .field("unexpired", &self.unexpired)
            .finish()
    }
}

// Only `Db::get` makes a `Get`, and it requires `E: InTable<T>`: the bounds here do not repeat it,
// so an entity of another table is reported once, there.
impl<T: Table, E> Get<T, E>
where
    E: Entity + DeserializeOwned,
{
    /// A strongly consistent read (`ConsistentRead = true`): it reflects every write that
    /// succeeded before it (AWS developer guide, "Read consistency").
    pub fn consistent_read(mut self) -> Self {
        self.consistent_read = true;
        self
    }

    /// Reads the item as missing (`None`) when its TTL attribute (`T::TTL_ATTRIBUTE`) holds a
    /// time at or before now: DynamoDB deletes expired items only eventually (AWS developer guide,
    /// "Using time to live (TTL) in DynamoDB"), and until then `GetItem` returns them.
    pub fn unexpired(mut self) -> Self
    where
        T: dynakey::TableWithTtl,
    {
        self.unexpired = true;
        self
    }

    /// Sends the request: the item, or `None` when there is none.
    ///
    /// # Errors
    /// [`Error::Sdk`]; [`Error::Decode`] when the stored item does not deserialise into `E`.
    pub async fn send(self) -> Result<Option<E>, Error> {
        let output = self
            .db
            .client()
            .get_item()
            .table_name(self.db.table_name())
            .set_key(Some(key_to_attributes(&self.key)))
            .consistent_read(self.consistent_read)
            .send()
            .instrument(self.db.span("GetItem"))
            .await
            .map_err(|e| Error::sdk("GetItem", e))?;
        let ttl = T::TTL_ATTRIBUTE.filter(|_| self.unexpired);
        output
            .item
            .filter(|item| !ttl.is_some_and(|a| crate::ttl::expired(item, a, SystemTime::now())))
            .map(from_entity_item::<E>)
            .transpose()
    }
}

impl<T: Table, E> std::future::IntoFuture for Get<T, E>
where
    E: Entity + DeserializeOwned + Send + 'static,
{
    type Output = Result<Option<E>, Error>;
    type IntoFuture = std::pin::Pin<Box<dyn std::future::Future<Output = Self::Output> + Send>>;

    fn into_future(self) -> Self::IntoFuture {
        Box::pin(self.send())
    }
}

/// A key schema: `partition` as `HASH`, `sort` (if any) as `RANGE`.
fn key_schema(partition: &str, sort: Option<&str>) -> Result<Vec<KeySchemaElement>, BuildError> {
    let mut schema = vec![KeySchemaElement::builder()
        .attribute_name(partition)
        .key_type(KeyType::Hash)
        .build()?];
    if let Some(sort) = sort {
        schema.push(
            KeySchemaElement::builder()
                .attribute_name(sort)
                .key_type(KeyType::Range)
                .build()?,
        );
    }
    Ok(schema)
}

/// The `KeySchema` of an index: every `HASH` element, then every `RANGE` element, in declared
/// order (AWS developer guide, "Multi-attribute keys pattern"); for an LSI, the table's partition
/// key `first_partition` is its one `HASH` element.
fn index_key_schema(
    index: &dynakey::IndexDef,
    first_partition: &str,
) -> Result<Vec<KeySchemaElement>, BuildError> {
    let key = index.key_schema();
    let hash = key.partition().iter().enumerate().map(|(i, a)| {
        (
            if i == 0 { first_partition } else { a.name() },
            KeyType::Hash,
        )
    });
    let range = key.sort().iter().map(|a| (a.name(), KeyType::Range));
    hash.chain(range)
        .map(|(name, key_type)| {
            KeySchemaElement::builder()
                .attribute_name(name)
                .key_type(key_type)
                .build()
        })
        .collect()
}

/// The SDK's scalar type of a key attribute type.
pub(crate) fn scalar_type(ty: dynakey::AttributeType) -> ScalarAttributeType {
    match ty {
        dynakey::AttributeType::S => ScalarAttributeType::S,
        dynakey::AttributeType::N => ScalarAttributeType::N,
        dynakey::AttributeType::B => ScalarAttributeType::B,
    }
}

/// The SDK projection of an index declaration.
fn projection(projection: Projection) -> SdkProjection {
    match projection {
        Projection::All => SdkProjection::builder()
            .projection_type(ProjectionType::All)
            .build(),
        Projection::KeysOnly => SdkProjection::builder()
            .projection_type(ProjectionType::KeysOnly)
            .build(),
        Projection::Include(attributes) => SdkProjection::builder()
            .projection_type(ProjectionType::Include)
            .set_non_key_attributes(Some(attributes.iter().map(|a| (*a).to_owned()).collect()))
            .build(),
    }
}
