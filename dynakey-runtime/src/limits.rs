//! DynamoDB's limits that dynakey-runtime checks before it sends a request, and its one default
//! of its own. A request over a limit is refused with a typed error and nothing is sent (AWS
//! developer guide, "Service, account, and table quotas in Amazon DynamoDB").

/// The largest item DynamoDB stores: 400 KB = 409,600 bytes, counted as
/// [`item_size`](crate::item::item_size) counts (AWS developer guide, "Service, account, and
/// table quotas — Item size").
pub const MAX_ITEM_SIZE: usize = 400 * 1024;

/// How deep attribute values may nest: a value wrapped in 32 maps or lists is refused (AWS
/// developer guide, "Service, account, and table quotas — Nested attribute depth": 32 levels).
pub const MAX_NESTING: usize = 32;

/// The most significant digits of a number (AWS developer guide, "Supported data types —
/// Number").
pub const MAX_NUMBER_DIGITS: usize = 38;

/// The most write requests one `BatchWriteItem` call may carry (AWS developer guide, "Service,
/// account, and table quotas — BatchWriteItem": 25 put or delete requests).
pub const MAX_BATCH_WRITE: usize = 25;

/// The most keys one `BatchGetItem` call may carry (AWS developer guide, "Service, account, and
/// table quotas — BatchGetItem": up to 100 items, 16 MB).
pub const MAX_BATCH_GET: usize = 100;

/// The most actions of one `TransactWriteItems` or `TransactGetItems` (AWS developer guide,
/// "Amazon DynamoDB Transactions"), counting the uniqueness items of `#[unique(…)]` entities.
pub const MAX_TRANSACTION_ACTIONS: usize = 100;

/// The largest total size of a transaction's items and values, in bytes (4 MB).
pub const MAX_TRANSACTION_BYTES: usize = 4 * 1024 * 1024;

/// Requests a batch keeps in flight unless
/// [`Db::with_batch_concurrency`](crate::Db::with_batch_concurrency) says otherwise: not a
/// DynamoDB limit, dynakey's default.
pub const DEFAULT_BATCH_CONCURRENCY: usize = 4;
