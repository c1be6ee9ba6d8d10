//! Typed changes in a Lambda function fed by a DynamoDB stream: the event
//! (`aws_lambda_events::event::dynamodb::Event`, the documented event shape) decoded by the same
//! decoder as the Streams API reader, and the partial batch response (`batchItemFailures`) that
//! tells Lambda where to resume (AWS Lambda developer guide, "Using Lambda with DynamoDB" —
//! "Configuring partial batch response").

use std::future::Future;
use std::time::{Duration, UNIX_EPOCH};

/// The Lambda event types crate, for the event and response types a handler names.
pub use aws_lambda_events;
pub use aws_lambda_events::event::dynamodb::{Event, EventRecord};
pub use aws_lambda_events::event::streams::{DynamoDbBatchItemFailure, DynamoDbEventResponse};
use dynakey::TableItem;

use super::{decode, Change, ChangeRecord, EventName};
use crate::convert::Item;
use crate::error::Error;
use crate::read::UnknownItems;

/// One record of a Lambda event, decoded: its `SequenceNumber` and its typed change (`Ok(None)`
/// for dynakey's own items and items an [`UnknownItems`] policy lets pass).
#[derive(Debug)]
#[non_exhaustive]
pub struct EventChange<T> {
    /// The record's `SequenceNumber` (the `itemIdentifier` of a batch item failure).
    pub sequence_number: String,
    /// The typed change, or why the record could not be decoded.
    pub change: Result<Option<Change<T>>, Error>,
}

/// The [`ChangeRecord`] of one Lambda event record: images that the view type does not carry
/// (empty maps in the event) are `None`; `userIdentity` `Service` / `dynamodb.amazonaws.com`
/// marks a removal by Time to Live.
///
/// # Errors
/// [`Error::ChangeRecord`] for a record without `SequenceNumber` or `Keys`, or with an
/// `eventName` other than `INSERT`, `MODIFY` or `REMOVE`.
pub fn change_record(record: EventRecord) -> Result<ChangeRecord, Error> {
    let Some(sequence_number) = record.change.sequence_number.clone() else {
        return Err(Error::ChangeRecord {
            sequence_number: String::new(),
            reason: "it has no SequenceNumber".to_owned(),
        });
    };
    if record.change.keys.is_empty() {
        return Err(Error::ChangeRecord {
            sequence_number,
            reason: "it has no Keys".to_owned(),
        });
    }
    let event_name = EventName::parse(&record.event_name).ok_or_else(|| Error::ChangeRecord {
        sequence_number: sequence_number.clone(),
        reason: format!(
            "eventName {:?} is none of INSERT, MODIFY, REMOVE",
            record.event_name
        ),
    })?;
    let image = |image: serde_dynamo::Item| {
        let image: Item = image.into();
        (!image.is_empty()).then_some(image)
    };
    let by_ttl = record
        .user_identity
        .as_ref()
        .is_some_and(|u| ChangeRecord::is_ttl_identity(&u.type_, &u.principal_id));
    let millis = record
        .change
        .approximate_creation_date_time
        .timestamp_millis();
    let created = u64::try_from(millis)
        .ok()
        .filter(|ms| *ms > 0)
        .map(|ms| UNIX_EPOCH + Duration::from_millis(ms));
    let change = record.change;
    Ok(ChangeRecord {
        event_name,
        sequence_number,
        keys: change.keys.into(),
        new_image: image(change.new_image),
        old_image: image(change.old_image),
        by_ttl,
        created,
    })
}

/// Every record of `event`, in order, decoded into a typed change of table `T`.
pub fn decode_event<T: TableItem>(event: Event, unknown: UnknownItems) -> Vec<EventChange<T>> {
    event
        .records
        .into_iter()
        .map(|record| {
            let sequence_number = record.change.sequence_number.clone().unwrap_or_default();
            let change = change_record(record).and_then(|r| decode::<T>(r, unknown));
            EventChange {
                sequence_number,
                change,
            }
        })
        .collect()
}

/// The partial batch response naming `failed` (sequence numbers) as the batch item failures:
/// Lambda resumes the shard from the lowest of them, so every record from there on is delivered
/// again (at least once).
pub fn batch_response<'a>(failed: impl IntoIterator<Item = &'a str>) -> DynamoDbEventResponse {
    let mut response = DynamoDbEventResponse::default();
    response.batch_item_failures = failed
        .into_iter()
        .map(|sequence_number| {
            let mut failure = DynamoDbBatchItemFailure::default();
            failure.item_identifier = Some(sequence_number.to_owned());
            failure
        })
        .collect();
    response
}

/// What a [`process`] handler returns: `()` (it cannot fail) or `Result<(), E>` (it failed with
/// `E`, shown in the log line of the record not processed).
pub trait Handled {
    /// Why the change was not processed, or `None` when it was.
    fn failure(self) -> Option<String>;
}

impl Handled for () {
    fn failure(self) -> Option<String> {
        None
    }
}

impl<E: std::fmt::Display> Handled for Result<(), E> {
    fn failure(self) -> Option<String> {
        self.err().map(|e| e.to_string())
    }
}

/// Runs `handler` on each typed change of `event`, in order. The response is what the function
/// returns to Lambda: the event source mapping must list `ReportBatchItemFailures` in its
/// `FunctionResponseTypes`, or Lambda ignores it and counts the whole batch as processed; a
/// failing record is delivered again until the mapping's `MaximumRetryAttempts` or the record's
/// age limit.
///
/// It stops at the first record that
/// does not decode or that `handler` fails: the response names that record, so Lambda delivers it
/// and every later record of the shard again, and no change of an item is handled after a later
/// one of the same item (order per item key kept). An empty response when every record was
/// handled. Records decoded to `None` (dynakey's own items, unknown items let pass) are not given
/// to `handler`.
///
/// The handler returns `()` when it cannot fail, or `Result<(), E>` with a displayable error
/// ([`Handled`]), so `process::<Table, _, _, _>` compiles for both without naming an error type:
///
/// ```no_run
/// # use dynakey::{Entity, Table};
/// # use dynakey_runtime::changes::{lambda, Change};
/// # use dynakey_runtime::UnknownItems;
/// # #[derive(Table, Debug)]
/// # #[table(partition_key = "PK", sort_key = "SK")]
/// # enum Tracker { Issue(Issue) }
/// # #[derive(Entity, serde::Serialize, serde::Deserialize, Debug)]
/// # #[dynakey(table = Tracker)] #[pk("ORG#<org>")] #[sk("ISSUE#<number>")]
/// # struct Issue { org: String, number: u32 }
/// # async fn run(event: lambda::Event) -> lambda::DynamoDbEventResponse {
/// let mut seen = 0;
/// lambda::process::<Tracker, _, _, _>(event, UnknownItems::Error, |change| {
///     seen += 1; // cannot fail
///     async {}
/// })
/// .await
/// # }
/// ```
pub async fn process<T, R, F, Fut>(
    event: Event,
    unknown: UnknownItems,
    mut handler: F,
) -> DynamoDbEventResponse
where
    T: TableItem,
    R: Handled,
    F: FnMut(Change<T>) -> Fut,
    Fut: Future<Output = R>,
{
    for EventChange {
        sequence_number,
        change,
    } in decode_event::<T>(event, unknown)
    {
        let failed = match change {
            Ok(Some(change)) => handler(change).await.failure(),
            Ok(None) => None,
            Err(e) => Some(e.to_string()),
        };
        if let Some(reason) = failed {
            tracing::warn!(
                target: "dynakey_runtime::changes",
                sequence_number = %sequence_number,
                %reason,
                "stream record not processed; Lambda resumes from it"
            );
            return batch_response([sequence_number.as_str()]);
        }
    }
    DynamoDbEventResponse::default()
}
