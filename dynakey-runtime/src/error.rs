//! [`Error`]: everything that can go wrong when dynakey-runtime talks to DynamoDB, with the types
//! its variants carry (one file each below), so that every operation can name them and none of
//! them names an operation.

use std::time::Duration;

mod ambiguous;
mod batch;
mod design;
mod item;
mod outcome;
mod owner;
mod table;
#[cfg(test)]
mod tests;
mod transaction;

pub use ambiguous::AmbiguousKey;
pub use batch::{BatchEntry, BatchGetFailure, BatchReport, BatchWriteFailure};
pub use design::{DesignDifference, DesignDirection, TemplateSide};
pub use item::ItemProblem;
pub use outcome::OutcomeUnknown;
pub(crate) use outcome::{SentKind, SentRequest, SentWrite};
pub use owner::ItemOwner;
pub use table::{KeyRole, SchemaDifference};
pub use transaction::{CancelReason, Resend, TransactionCanceled, TransactionRefusal};
pub(crate) use transaction::{Expected, KeyText, Reading, Rendered};

use crate::convert::Item;

/// An error from a [`Db`](crate::Db) operation or from starting the embedded engine.
///
/// Errors that the caller can act on have their own variant with the data needed to act
/// ([`Error::AlreadyExists`] names the key, [`Error::BatchWrite`] carries the account of a batch
/// that stopped); everything the service or the network reports is [`Error::Sdk`], whose message includes
/// the service's error code and message.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A key could not be built or a key condition is invalid (docs/semantics.md §2, §3). Returned before any
    /// request is sent, so nothing was read or written.
    #[error(transparent)]
    Key(#[from] dynakey::KeyError),

    /// [`Db::create`](crate::Db::create) found an item with the same primary key: the condition
    /// `attribute_not_exists` failed (AWS developer guide, "Condition expressions — Preventing
    /// overwrites of an existing item"). The stored item was not changed.
    #[error(
        "an item with partition key {partition:?}{} already exists in table {table:?}; \
         create never overwrites, so nothing was written",
        sort.as_ref().map(|s| format!(" and sort key {s:?}")).unwrap_or_default()
    )]
    AlreadyExists {
        /// The table name.
        table: String,
        /// The partition key value.
        partition: String,
        /// The sort key value, on a table with a sort key.
        sort: Option<String>,
    },
    /// [`Db::move_to`](crate::Db::move_to) found no item at the old key, so the transaction was
    /// cancelled: nothing was deleted and nothing was written; or [`Db::update`](crate::Db::update)
    /// (not an upsert) found no item at its key (its `attribute_exists` condition failed): nothing
    /// was written.
    #[error(
        "no item with partition key {partition:?}{} in table {table:?}; nothing was written",
        sort.as_ref().map(|s| format!(" and sort key {s:?}")).unwrap_or_default()
    )]
    NotFound {
        /// The table name.
        table: String,
        /// The partition key value of the old key.
        partition: String,
        /// The sort key value of the old key, on a table with a sort key.
        sort: Option<String>,
    },

    /// The condition of a write (`ConditionExpression`: the caller's `.condition(…)`, ANDed with
    /// dynakey's own) did not hold on the item as stored (`ConditionalCheckFailedException`; AWS
    /// developer guide, "Condition expressions"). Nothing was written. `current` is the item as it
    /// is now, returned by DynamoDB in the same answer (`ReturnValuesOnConditionCheckFailure =
    /// ALL_OLD`; `None` when no item is stored); [`Error::current`] decodes it.
    #[error(
        "the condition of the write to the item with partition key {partition:?}{} in table \
         {table:?} did not hold; nothing was written",
        sort.as_ref().map(|s| format!(" and sort key {s:?}")).unwrap_or_default()
    )]
    ConditionFailed {
        /// The table name.
        table: String,
        /// The partition key value.
        partition: String,
        /// The sort key value, on a table with a sort key.
        sort: Option<String>,
        /// The item as stored when the condition was checked, as DynamoDB returned it.
        current: Option<Box<Item>>,
    },

    /// Optimistic locking (`#[dynakey(version = "…")]`; AWS developer guide, "Optimistic locking
    /// with version number"): the stored version is not the one the write expected — someone
    /// wrote (or deleted) the item since it was read. Nothing was written. `current` is the item as
    /// it is now (`None`: deleted); [`Error::current`] decodes it. Read it again and retry.
    #[error(
        "version conflict on the item with partition key {partition:?}{} in table {table:?}: the \
         write expected version {expected}, the stored item has {}; nothing was written",
        sort.as_ref().map(|s| format!(" and sort key {s:?}")).unwrap_or_default(),
        found.map_or_else(|| "none (no item, or no version)".to_owned(), |v| v.to_string())
    )]
    VersionConflict {
        /// The table name.
        table: String,
        /// The partition key value.
        partition: String,
        /// The sort key value, on a table with a sort key.
        sort: Option<String>,
        /// The version the write expected (0: the item was not to exist yet).
        expected: u64,
        /// The stored version, when there is an item with a version.
        found: Option<u64>,
        /// The item as stored when the condition was checked, as DynamoDB returned it.
        current: Option<Box<Item>>,
    },

    /// The closure of [`Db::modify`](crate::Db::modify) changed a field of the item's own key
    /// (a key-template field): keys are never changed in place. Returned before any write, so
    /// nothing was written; changing a key is [`Db::move_to`](crate::Db::move_to).
    #[error(
        "the change to the item with partition key {partition:?}{} in table {table:?} changes its \
         key; keys are never changed in place (use move_to), so nothing was written",
        sort.as_ref().map(|s| format!(" and sort key {s:?}")).unwrap_or_default()
    )]
    KeyChanged {
        /// The table name.
        table: String,
        /// The partition key value.
        partition: String,
        /// The sort key value, on a table with a sort key.
        sort: Option<String>,
    },

    /// [`Db::modify`](crate::Db::modify) read and wrote `attempts` times and each time another
    /// writer had changed the item since it was read (its condition failed). Nothing was written
    /// by this call; read-modify-write it again later, or with more
    /// [`attempts`](crate::Modify::attempts).
    #[error(
        "the item with partition key {partition:?}{} in table {table:?} was changed by another \
         writer before each of {attempts} attempts to modify it; nothing was written",
        sort.as_ref().map(|s| format!(" and sort key {s:?}")).unwrap_or_default()
    )]
    ModifyContended {
        /// The table name.
        table: String,
        /// The partition key value.
        partition: String,
        /// The sort key value, on a table with a sort key.
        sort: Option<String>,
        /// The number of reads and conditional writes made.
        attempts: u32,
    },

    /// A condition or update value could not become a DynamoDB attribute value, or an index key an
    /// update recomputes could not be built ([`dynakey::PlanError`]). Returned before any request,
    /// so nothing was written.
    #[error(transparent)]
    Plan(#[from] dynakey::PlanError),

    /// The item could not be turned into DynamoDB attributes by `serde_dynamo` (for example a map
    /// with non-string keys, or a struct that does not serialise to a map). Nothing was written.
    #[error("could not serialise the item to DynamoDB attributes: {0}")]
    Serialize(#[source] serde_dynamo::Error),

    /// An item read from DynamoDB does not deserialise into the requested type; the key strings
    /// (when the item has them) say which item.
    #[error(
        "could not decode the item with partition key {partition:?} and sort key {sort:?}: {source}"
    )]
    Decode {
        /// The item's partition key value, when it had one of type `S`.
        partition: Option<String>,
        /// The item's sort key value, when it had one of type `S`.
        sort: Option<String>,
        /// What `serde_dynamo` reported.
        #[source]
        source: serde_dynamo::Error,
    },

    /// An item in an answer from DynamoDB (a read's item, an update's `ALL_NEW`/`ALL_OLD`, the
    /// item returned with a refused condition, a stream record's keys or image) holds a value
    /// of a type this client does not know — a type tag the SDK reads as
    /// `AttributeValue::Unknown` (`{"V": "1"}`: a type DynamoDB may add one day, or an engine's
    /// bug) — at `attribute`, a document path (`extra`, `m.k`, `l[2]`). Nothing of the item was
    /// decoded; a write it came back from was applied as its own answer says.
    #[error(
        "the item with partition key {partition:?} and sort key {sort:?} holds a value of a \
         type this client does not know at attribute {attribute:?}; nothing of it was decoded"
    )]
    UnknownAttributeType {
        /// Where in the item: the attribute's document path.
        attribute: String,
        /// The item's partition key value, when it had one of type `S`.
        partition: Option<String>,
        /// The item's sort key value, when it had one of type `S`.
        sort: Option<String>,
    },

    /// The struct serialises an attribute whose name is one of the table's key attributes (for
    /// example a field named `PK` on a table whose partition key is `PK`). dynakey writes key
    /// attributes from the key templates, so such a field would be overwritten or would overwrite
    /// the key; rename the field (`#[serde(rename = "…")]`) or skip it (`#[serde(skip)]`). Nothing
    /// was written.
    #[error(
        "the item has an attribute named {attribute:?}, which is a key attribute of the table; \
         dynakey writes key attributes from the key templates, so rename or skip that field"
    )]
    KeyAttributeCollision {
        /// The attribute name.
        attribute: String,
    },

    /// A field that fills a key attribute of an attribute-wise index natively is not stored with
    /// the type the index declares (or not stored at all): serde wrote another type, e.g. a
    /// custom `Serialize`, or skipped it. DynamoDB would refuse the item (AWS developer guide,
    /// "Multi-attribute keys pattern"). Nothing was written.
    #[error(
        "the item stores key attribute {attribute:?} as {found}, but the index declares {declared}; \
         a field that fills an index key attribute must serialise as that type"
    )]
    NativeKeyAttribute {
        /// The attribute name.
        attribute: String,
        /// The declared type: `S`, `N` or `B`.
        declared: &'static str,
        /// The type the item holds (`nothing` when it is missing).
        found: String,
    },

    /// Two key templates of the entity write different values to one attribute: an index declared
    /// over another index's key attribute, or over one of the table's key attributes with another
    /// template (an index over the table's own sort key works when its template builds the same
    /// value). Give each index its own key attributes in the table declaration (`#[gsi(…)]`,
    /// `#[lsi(…)]`). Nothing was written.
    #[error(
        "attribute {attribute:?} is written by two key templates of the entity with different \
         values ({first:?} and {second:?}); give each index its own key attributes"
    )]
    KeyTemplateConflict {
        /// The attribute name.
        attribute: String,
        /// The value of the first template that writes it.
        first: String,
        /// The value of the other one.
        second: String,
    },

    /// The struct serialises an attribute with the name of its entity-type attribute
    /// (`#[dynakey(entity_type = "…")]`), which dynakey writes itself with the entity name; rename
    /// or skip that field. Nothing was written.
    #[error(
        "the item has an attribute named {attribute:?}, which is the entity's entity-type \
         attribute; dynakey writes it with the entity name, so rename or skip that field"
    )]
    EntityTypeCollision {
        /// The attribute name.
        attribute: String,
    },

    /// A collection read found items that do not fit the collection: an item that belongs to no
    /// member (with [`UnknownItems::Error`](crate::UnknownItems::Error)), a key two
    /// members accept, or a member declared as one item with none or two (docs/semantics.md §4).
    #[error(transparent)]
    Collection(#[from] dynakey::CollectionError),

    /// A typed read (a query, page, key-only read or fan-out, a scan, the read of
    /// [`Db::delete_all`](crate::Db::delete_all), a [`Db::transact_get`](crate::Db::transact_get))
    /// met an item that is not one of `entity`'s items (an [`ItemOwner`]: one entity, or any entity
    /// the table lists): its key attributes do not fit the entity's key templates for the read's target
    /// (partition and sort key, with the shard suffix of a sharded entity), or its entity-type
    /// attribute (where the entity declares one) names another entity. A query or scan returns it
    /// under [`UnknownItems::Error`](crate::UnknownItems::Error), the default policy of
    /// [`Query::unknown_items`](crate::Query::unknown_items); the item was not decoded.
    #[error(
        "an item with partition key {partition:?} and sort key {sort:?} is not an item of {entity} \
         ({reason}); {}",
        foreign_item_advice(operation, *entity)
    )]
    ForeignItem {
        /// Whose items the read takes: the entity it is typed by, or any entity the table lists.
        entity: ItemOwner,
        /// The item's table partition-key value, when it had one of type `S`.
        partition: Option<String>,
        /// The item's table sort-key value, when it had one of type `S`.
        sort: Option<String>,
        /// Which check it failed.
        reason: String,
        /// The read that met it: `"Query"`, `"Scan"`, `"delete_all"` or `"transact_get"`.
        operation: &'static str,
    },

    /// A read met an item whose keys two entities of the table's list both write: their templates
    /// overlap for some values, which the build-time check of the list leaves to run time
    /// (docs/semantics.md §4). The read stops rather than guess; the item was not decoded. The
    /// message is the build-time check's, with this item's keys as the example.
    #[error(transparent)]
    Ambiguous(Box<AmbiguousKey>),

    /// The AWS SDK or the service returned an error. `message` is the SDK's full error context
    /// (`DisplayErrorContext`), which includes the service's error code and message, e.g.
    /// `ResourceNotFoundException: Requested resource not found`.
    #[error("DynamoDB {operation} failed: {message}")]
    Sdk {
        /// The DynamoDB API operation, e.g. `"PutItem"`.
        operation: &'static str,
        /// The error with its whole chain of causes.
        message: String,
        /// The SDK error itself; downcast to `SdkError<OperationError, HttpResponse>` to inspect it.
        #[source]
        source: Box<dyn std::error::Error + Send + Sync>,
    },

    /// An item DynamoDB would refuse, found before any request (AWS developer guide, "Service,
    /// account, and table quotas — Item size" and "Supported data types"): larger than 400 KB, a
    /// number DynamoDB cannot store, an empty set, or nesting too deep. Returned by
    /// [`Db::batch_put`](crate::Db::batch_put) before its first request, so nothing was written.
    #[error(
        "the item with partition key {partition:?}{} cannot be written: {problem}; nothing was \
         written",
        sort.as_ref().map(|s| format!(" and sort key {s:?}")).unwrap_or_default()
    )]
    InvalidItem {
        /// The item's partition key value.
        partition: String,
        /// The item's sort key value, on a table with a sort key.
        sort: Option<String>,
        /// What DynamoDB would refuse.
        problem: ItemProblem,
    },

    /// A batch write ([`Db::batch_put`](crate::Db::batch_put),
    /// [`Db::batch_delete`](crate::Db::batch_delete)) stopped on an error after its first
    /// request: the exact account of what was applied, what was not, and what may have been, with
    /// the cause (its [`source`](std::error::Error::source)). Nothing is dropped.
    #[error(transparent)]
    BatchWrite(Box<BatchWriteFailure>),

    /// A batch get ([`Db::batch_get`](crate::Db::batch_get)) stopped on an error: the items read
    /// and the keys not read, with the cause (its [`source`](std::error::Error::source)). Nothing
    /// is dropped.
    #[error(transparent)]
    BatchGet(Box<BatchGetFailure>),

    /// DynamoDB still returned part of a batch request as unprocessed (`UnprocessedItems`,
    /// `UnprocessedKeys`: throttling, or a `BatchGetItem` response that reached 16 MB) after the
    /// retry budget ([`RetryPolicy::max_attempts`](crate::RetryPolicy::max_attempts); AWS developer
    /// guide, "Batch operations": unprocessed entries should be retried with exponential backoff).
    /// The cause inside [`Error::BatchWrite`] and [`Error::BatchGet`], which carry the entries.
    #[error(
        "{operation} still returned {count} entries as {what} after {attempts} attempts (the \
         retry budget)"
    )]
    StillUnprocessed {
        /// The DynamoDB API operation, e.g. `"BatchWriteItem"`.
        operation: &'static str,
        /// `"UnprocessedItems"` or `"UnprocessedKeys"`.
        what: &'static str,
        /// How many entries the last answer returned unprocessed.
        count: usize,
        /// How many times the request was sent, counting the first one.
        attempts: u32,
    },

    /// [`Db::create_table`](crate::Db::create_table) created the table (or
    /// [`Db::add_missing_indexes`](crate::Db::add_missing_indexes) added an index) but it, or one
    /// of its global secondary indexes, did not become `ACTIVE` (an index: `ACTIVE` and no longer
    /// backfilling) within the wait limit. DynamoDB goes on with it: waiting again later is safe.
    #[error("table {table:?} is still {status} after waiting {waited:?}")]
    TableNotActive {
        /// The table name.
        table: String,
        /// The last status seen, e.g. `CREATING`.
        status: String,
        /// How long it waited.
        waited: Duration,
    },

    /// [`Db::ensure_table`](crate::Db::ensure_table) found a table of that name whose key schema
    /// or secondary indexes are not the declared ones (every difference is listed). The table was
    /// not changed: use another table name, or migrate the table (AWS developer guide, "Working
    /// with tables"; a table's key schema cannot be changed). A missing GSI is added by
    /// [`Db::add_missing_indexes`](crate::Db::add_missing_indexes), which refuses the other
    /// differences with this error too; a missing stream is enabled by
    /// [`Db::enable_stream`](crate::Db::enable_stream).
    #[error(
        "table {table:?} exists but does not match its declaration ({}); it was not changed",
        differences.iter().map(ToString::to_string).collect::<Vec<_>>().join("; ")
    )]
    TableMismatch {
        /// The table name.
        table: String,
        /// Each difference: the table's keys first, then each declared index in declaration
        /// order, then key attributes of another type than `S`, then the stream.
        differences: Vec<SchemaDifference>,
    },

    /// [`Db::check_design`](crate::Db::check_design) (or a migration's `send`) found this code
    /// behind the design the table records: the table records a newer version of a key template
    /// than the one this code writes (a migration, or a newer binary, has moved on), or a
    /// table-key template this code cannot read ([`DesignDirection::Diverged`]). Nothing was
    /// written. Deploy the code the table records (docs/semantics.md §10, "The table records its
    /// design").
    #[error(
        "this code is behind the design table {table:?} records, so it must not serve: {first}{}",
        match differences.len() {
            0 | 1 => String::new(),
            n => format!(" (and {} more difference(s))", n - 1),
        }
    )]
    DesignBehind {
        /// The table name.
        table: String,
        /// The first blocking difference (its entity, key, and both versions).
        first: Box<DesignDifference>,
        /// Every blocking difference, `first` included, in the order of the table's entities.
        differences: Vec<DesignDifference>,
    },

    /// The table's design item could not be read or written as dynakey keeps it: it does not
    /// decode as a design record, it would exceed DynamoDB's 400 KB item size even with every
    /// finished migration dropped from its log, or other writers kept changing it for every
    /// attempt. Nothing was written by the call that failed.
    #[error("the design record of table {table:?}: {reason}")]
    DesignRecord {
        /// The table name.
        table: String,
        /// What is wrong.
        reason: String,
    },

    /// [`Db::enable_stream`](crate::Db::enable_stream) on a table whose declaration has no
    /// stream ([`Table::STREAM`](dynakey::Table::STREAM) is `None`): nothing was sent. Declare
    /// one with `#[table(…, stream = new_and_old_images)]`.
    #[error(
        "table {table:?} declares no stream, so there is none to enable; nothing was sent \
         (declare one with #[table(…, stream = new_and_old_images)], or keys_only, new_image, \
         old_image)"
    )]
    NoStreamDeclared {
        /// The table name.
        table: String,
    },

    /// A write that cannot write both copies of an item of an entity in the expand or switch phase
    /// of a key change yet (docs/semantics.md §10): an action of a [`Db::transaction`](crate::Db::transaction),
    /// a batch write, a `modify`. Refused before any request: nothing was sent, nothing written.
    #[error(
        "{operation} of entity `{entity}` is not supported in the {} phase of its key change: it \
         would write one shape and not its copy; nothing was written (use put, create, update or \
         delete, which write both copies in one TransactWriteItems)",
        phase.name()
    )]
    KeyChangeUnsupported {
        /// The entity.
        entity: &'static str,
        /// The phase its code declares.
        phase: dynakey::KeyChangePhase,
        /// The operation refused (`"TransactWriteItems"`, `"batch_put"`, `"move_to"`, …).
        operation: &'static str,
    },

    /// A transaction ([`Db::transaction`](crate::Db::transaction),
    /// [`Db::transact_get`](crate::Db::transact_get)) that breaks one of DynamoDB's rules,
    /// refused before any request: nothing was sent, nothing written (AWS developer guide,
    /// "Amazon DynamoDB Transactions"; API reference, `TransactWriteItems`).
    #[error("the transaction was refused before any request, nothing was written: {0}")]
    TransactionRefused(TransactionRefusal),

    /// DynamoDB cancelled the transaction (`TransactionCanceledException`): nothing was written;
    /// the reason of each action by its index, with the item as stored where a condition failed.
    #[error(transparent)]
    TransactionCanceled(Box<TransactionCanceled>),

    /// A `TransactWriteItems` failed other than by cancellation (`source`: the SDK error, e.g. a
    /// timeout, `IdempotentParameterMismatchException`, throttling of the whole request). Its
    /// outcome may be unknown: `resend.send(&db)` sends the same rendered request with the same
    /// `ClientRequestToken`, which DynamoDB applies at most once within 10 minutes (AWS developer
    /// guide, "Amazon DynamoDB Transactions — Idempotency"). Building the transaction again is a
    /// different request (managed timestamps are taken anew, unique constraints read anew), which
    /// DynamoDB refuses with the same token (`IdempotentParameterMismatchException`).
    #[error(
        "TransactWriteItems with ClientRequestToken {client_request_token:?} failed and may or \
         may not have been applied (resend the same request with `Error::resend` to apply it at \
         most once): {source}"
    )]
    TransactionFailed {
        /// The token it was sent with.
        client_request_token: String,
        /// The error.
        #[source]
        source: Box<Error>,
        /// The request as sent, to send again.
        resend: Box<Resend>,
    },

    /// A single-item write ([`Db::put`](crate::Db::put), `create`, `delete`, `update`,
    /// `move_to`) whose answer was lost and that sending it again could not settle: it may or may
    /// not have been applied. It carries the request as sent, to check the item and
    /// [`resend`](OutcomeUnknown::resend) it (docs/semantics.md §5, "A lost answer").
    #[error(transparent)]
    OutcomeUnknown(Box<OutcomeUnknown>),

    /// A write of an entity with `#[unique(…)]` found the value taken: another item of the entity
    /// holds the same values in the constraint's fields (its uniqueness item exists;
    /// `docs/semantics.md` §5). Nothing was written.
    #[error(
        "{entity}: another item already has this {}; nothing was written (uniqueness item \
         {key:?})",
        fields.join(" + ")
    )]
    NotUnique {
        /// The entity.
        entity: &'static str,
        /// The fields of the constraint.
        fields: Vec<&'static str>,
        /// The uniqueness item's key text.
        key: String,
    },

    /// [`Db::find_unique`](crate::Db::find_unique) with fields that are not exactly one of the
    /// entity's unique constraints (`#[unique(…)]`), refused before any request.
    #[error(
        "{entity} has no unique constraint on exactly {}; find by the fields of one of its \
         #[unique(..)] constraints",
        attributes.join(" + ")
    )]
    NoUniqueConstraint {
        /// The entity.
        entity: &'static str,
        /// The attributes given.
        attributes: Vec<&'static str>,
    },

    /// [`Db::find_unique`](crate::Db::find_unique) found a uniqueness item whose owner is missing,
    /// is not an item of the entity, or does not hold the value, read twice (`docs/semantics.md`
    /// §5): see [`DanglingUnique`].
    #[error(transparent)]
    DanglingUnique(Box<DanglingUnique>),

    /// `batch_put`, `batch_delete` or `delete_all` of an entity with `#[unique(…)]`, refused before
    /// any request: `BatchWriteItem` writes items one by one, without conditions, so it cannot keep
    /// their uniqueness items (`docs/semantics.md` §5). Write them with `put` / `delete` (each a
    /// transaction) or [`Db::transaction`](crate::Db::transaction) instead.
    #[error(
        "{entity} has #[unique(..)]: {operation} cannot keep its uniqueness items; nothing was \
         written ({})",
        unique_in_batch_advice(operation)
    )]
    UniqueInBatch {
        /// The entity.
        entity: &'static str,
        /// `batch_put`, `batch_delete` or `delete_all`.
        operation: &'static str,
    },

    /// A stream record that is not one DynamoDB writes (an unknown `eventName`, no `Keys`, no
    /// `SequenceNumber`): nothing of it was decoded.
    #[error("stream record {sequence_number:?} cannot be decoded: {reason}")]
    ChangeRecord {
        /// The record's `SequenceNumber` (empty when it has none).
        sequence_number: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A stream record whose `eventName` is none of `INSERT`, `MODIFY`, `REMOVE` (an event
    /// DynamoDB may add one day, or an engine's bug), read from shard `shard_id` at
    /// `sequence_number`: nothing of it was decoded. The reader reports it in
    /// `ChangeBatch::undecodable` and stops that shard right before it; `Changes::skip` passes
    /// over it, or `Changes::unknown_events(UnknownEvents::Skip)` passes over every such record.
    #[error(
        "stream record {sequence_number:?} of shard {shard_id:?} has eventName {event_name:?}, \
         none of INSERT, MODIFY, REMOVE; skip it (Changes::skip, or \
         Changes::unknown_events(UnknownEvents::Skip))"
    )]
    UnknownChangeEvent {
        /// The shard it was read from.
        shard_id: String,
        /// Its `SequenceNumber`.
        sequence_number: String,
        /// Its `eventName` as read (empty when it has none).
        event_name: String,
    },
    /// The table has no stream to read: it declares none, or DynamoDB reports no stream ARN
    /// (`LatestStreamArn`) for it — enable one with `Db::enable_stream`.
    #[error("table {table:?} has no stream to read: declare `stream = …` on the table and enable it (create_table does, or db.enable_stream() on an existing table)")]
    NoStream {
        /// The table name.
        table: String,
    },
    /// The embedded engine could not start (feature `embedded`).
    #[error("the embedded DynamoDB engine could not start: {0}")]
    Engine(String),
}

/// A uniqueness item whose owner is missing, is not an item of the entity, or does not hold the
/// value — read twice by [`Db::find_unique`](crate::Db::find_unique), so not a write in flight
/// (`docs/semantics.md` §5). dynakey's writes never leave one; a write past them (a raw
/// `DeleteItem`, a `batch_delete` of raw items) does. Delete the uniqueness item, or restore its
/// owner.
#[derive(Debug, thiserror::Error)]
#[error(
    "{entity}: the uniqueness item {key:?} of {} names {}, but {reason}; it was left by a write \
     past dynakey's unique writes: delete it or restore its owner",
    fields.join(" + "),
    owner_text(owner.as_ref())
)]
pub struct DanglingUnique {
    /// The entity.
    pub entity: &'static str,
    /// The fields of the constraint.
    pub fields: Vec<&'static str>,
    /// The uniqueness item's key text.
    pub key: String,
    /// The key of the item it names (partition, sort), when it names one.
    pub owner: Option<(String, Option<String>)>,
    /// What is wrong with it.
    pub reason: String,
}

/// The owner a [`DanglingUnique`] names, for its message.
fn owner_text(owner: Option<&(String, Option<String>)>) -> String {
    match owner {
        None => "no owner".to_owned(),
        Some((partition, None)) => format!("the item with partition key {partition:?}"),
        Some((partition, Some(sort))) => {
            format!("the item with partition key {partition:?} and sort key {sort:?}")
        }
    }
}

impl Error {
    /// The request of an [`Error::TransactionFailed`], to send again with its
    /// `ClientRequestToken` ([`Resend::send`]); `None` for other errors.
    pub fn resend(&self) -> Option<&Resend> {
        match self {
            Error::TransactionFailed { resend, .. } => Some(resend),
            _ => None,
        }
    }
}

/// What a read that met another entity's item offers: a query or scan has an unknown-item
/// policy; `delete_all` and `transact_get` have none.
fn foreign_item_advice(operation: &str, entity: ItemOwner) -> &'static str {
    if entity == ItemOwner::AnyListedEntity {
        return match operation {
            "delete_all" => {
                "no entity of the table's enum writes this key, so delete_all deleted nothing: \
                 list its entity in the table's enum, delete the item with its own entity's \
                 delete_all or delete, or narrow the query"
            }
            _ => {
                "no entity of the table's enum writes this key: list its entity in the enum, or \
                 choose a policy with `unknown_items(…)`"
            }
        };
    }
    match operation {
        "Query" => {
            "the query's partition or index holds other items: choose a policy with \
             `unknown_items(…)`"
        }
        "Scan" => "the table holds other items: choose a policy with `unknown_items(…)`",
        "delete_all" => {
            "delete_all deletes only its entity's items, so it deleted nothing: narrow the query \
             to them"
        }
        _ => "the item at this key is another entity's",
    }
}

/// What a batch write of an entity with uniqueness items should be instead.
fn unique_in_batch_advice(operation: &str) -> &'static str {
    match operation {
        "batch_put" => "write each item with put, or several in a transaction",
        _ => "delete each item with delete, or several in a transaction",
    }
}
