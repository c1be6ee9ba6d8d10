//! The table's stream read over the DynamoDB Streams API as batches of typed changes: every shard,
//! a parent shard read to its end before its children, a [`Checkpoint`] the caller stores and
//! resumes from (AWS developer guide, "DynamoDB Streams low-level API" and "Reading and processing
//! a stream").

use std::collections::{BTreeMap, HashMap};
use std::time::{Duration, UNIX_EPOCH};

use aws_sdk_dynamodbstreams::operation::get_records::GetRecordsError;
use aws_sdk_dynamodbstreams::types::{Record, Shard, ShardIteratorType};
use aws_sdk_dynamodbstreams::Client as StreamsClient;
use dynakey::TableItem;
use serde::{Deserialize, Serialize};

use super::{decode, Change, ChangeRecord, EventName};
use crate::convert::known::{stream_item, UnknownType};
use crate::db::Db;
use crate::error::Error;
use crate::item::key_strings;
use crate::read::UnknownItems;
use crate::sdk::{Failed, Idempotence, Sending};

/// What a reader does with a record whose `eventName` is none of `INSERT`, `MODIFY`, `REMOVE`
/// (an event DynamoDB may add one day, or an engine's bug): [`Changes::unknown_events`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum UnknownEvents {
    /// Stop its shard right before it and report it in [`ChangeBatch::undecodable`] as
    /// [`Error::UnknownChangeEvent`] (with its shard id and sequence number), as a record that
    /// does not decode: the default. [`Changes::skip`] passes over it.
    #[default]
    Stop,
    /// Pass over it: the checkpoint moves past it and no change is made of it.
    Skip,
}

/// Where a fresh reader (no checkpoint) starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum StartAt {
    /// The oldest record kept (`TRIM_HORIZON`; DynamoDB keeps records 24 hours).
    #[default]
    TrimHorizon,
    /// After the newest record (`LATEST`) of each shard open at the reader's first call: only
    /// changes made from then on. Every shard without a position later — a child shard, a shard
    /// listed later, one whose iterator must be renewed before its first record, any shard of a
    /// resumed checkpoint — starts at `TRIM_HORIZON`, so nothing after the start is lost (older
    /// records may come again: delivery is at least once).
    Latest,
}

/// How far a reader has come in each shard of one stream: the `SequenceNumber` of the last record
/// it handed out, or that the shard was read to its end. Serialisable (serde), so the caller
/// stores it with what it did with the changes and resumes from it after a restart
/// ([`Changes::resume`]): nothing after it is lost, and nothing before it is delivered again.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Checkpoint {
    /// The stream's ARN, once known: a checkpoint of another stream is not resumed from.
    stream: Option<String>,
    /// Per shard id.
    shards: BTreeMap<String, Position>,
}

/// A shard's position in a [`Checkpoint`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
enum Position {
    /// After the record with this sequence number.
    After(String),
    /// Read to its end (a closed shard): its children may be read.
    Finished,
}

impl Checkpoint {
    /// The stream's ARN, once the reader has described it.
    pub fn stream_arn(&self) -> Option<&str> {
        self.stream.as_deref()
    }

    /// The sequence number of the last record handed out from `shard`, if any.
    pub fn after(&self, shard: &str) -> Option<&str> {
        match self.shards.get(shard) {
            Some(Position::After(sequence)) => Some(sequence),
            _ => None,
        }
    }

    /// `true` when `shard` was read to its end.
    pub fn finished(&self, shard: &str) -> bool {
        matches!(self.shards.get(shard), Some(Position::Finished))
    }
}

/// One batch of typed changes, in order per shard (so in order per item key: DynamoDB writes
/// every change of one item to one shard, in order), with the checkpoint after it.
#[derive(Debug)]
#[non_exhaustive]
pub struct ChangeBatch<T> {
    /// The changes, shard after shard.
    pub changes: Vec<Change<T>>,
    /// Where the reader is after this batch: store it once the changes are handled.
    pub checkpoint: Checkpoint,
    /// `true` when every readable shard's GetRecords returned nothing (and none was read to its
    /// end): the reader is most likely at the stream's tip (DynamoDB may answer an empty page before a shard's
    /// next records; a later call returns what was written since).
    pub caught_up: bool,
    /// The records that did not decode, one per shard at most: that shard stopped right before
    /// it (the changes before it are in this batch, and the checkpoint is just before it). The
    /// next call meets it again; [`Changes::skip`] passes over it.
    pub undecodable: Vec<Undecodable>,
    /// The shards whose checkpointed position DynamoDB no longer keeps (records are kept 24
    /// hours: `TrimmedDataAccessException`): each was read again from its oldest record kept
    /// (`TRIM_HORIZON`), so records between the checkpoint and that one were lost to retention.
    pub trimmed: Vec<String>,
    /// The table's stream is another one than the checkpoint's (it was disabled and enabled
    /// again): the ARN of the checkpoint's stream, whose unread records this reader does not
    /// read. The checkpoint now follows the new stream from its start.
    pub replaced_stream: Option<String>,
}

/// A stream record that did not decode ([`ChangeBatch::undecodable`]): an item of no listed
/// entity under [`UnknownItems::Error`], keys two entities own, an image that is not its entity's.
#[derive(Debug)]
#[non_exhaustive]
pub struct Undecodable {
    /// The shard it is in.
    pub shard: String,
    /// Its `SequenceNumber`.
    pub sequence_number: String,
    /// Why it did not decode.
    pub error: Error,
}

/// A reader of table `T`'s stream as typed changes ([`Db::changes`]). Each
/// [`next_batch`](Self::next_batch) describes the stream, then sends one GetRecords per readable
/// shard: a shard whose parent is still being read waits (DynamoDB's lineage: a parent's records
/// precede its children's). Delivery is at least once: a caller that stops after handling a batch
/// but before storing its checkpoint gets that batch again.
#[derive(Debug)]
pub struct Changes<T: TableItem> {
    db: Db<T>,
    streams: StreamsClient,
    start: StartAt,
    unknown: UnknownItems,
    unknown_events: UnknownEvents,
    limit: Option<i32>,
    checkpoint: Checkpoint,
    /// The next shard iterator of each shard being read.
    iterators: HashMap<String, String>,
    /// The shards [`StartAt::Latest`] applies to: those listed at a fresh reader's first call.
    latest: Option<Vec<String>>,
}

impl<T: TableItem> Db<T> {
    /// A reader of this table's stream as typed changes, with `streams`, a DynamoDB Streams client
    /// for the same account and region (`Engine::streams_client` on the embedded engine). Starts
    /// at [`StartAt::TrimHorizon`]; nothing is sent before [`Changes::next_batch`].
    pub fn changes(&self, streams: StreamsClient) -> Changes<T> {
        Changes {
            db: self.bulk(),
            streams,
            start: StartAt::default(),
            unknown: UnknownItems::default(),
            unknown_events: UnknownEvents::default(),
            limit: None,
            checkpoint: Checkpoint::default(),
            iterators: HashMap::new(),
            latest: None,
        }
    }
}

impl<T: TableItem> Changes<T> {
    /// Where to start in a shard the checkpoint does not name.
    pub fn start_at(mut self, start: StartAt) -> Self {
        self.start = start;
        self
    }

    /// Resumes after `checkpoint` (from an earlier [`ChangeBatch`]): each shard it names after its
    /// last record, or past its end; every other shard from its oldest record kept
    /// (`TRIM_HORIZON`), whatever [`start_at`](Self::start_at) says.
    pub fn resume(mut self, checkpoint: Checkpoint) -> Self {
        self.checkpoint = checkpoint;
        self.iterators.clear();
        self
    }

    /// What to do with an item of no listed entity (an error by default).
    pub fn unknown_items(mut self, policy: UnknownItems) -> Self {
        self.unknown = policy;
        self
    }

    /// What to do with a record of an unknown `eventName` (stop its shard before it, reported
    /// in [`ChangeBatch::undecodable`], by default).
    pub fn unknown_events(mut self, policy: UnknownEvents) -> Self {
        self.unknown_events = policy;
        self
    }

    /// At most `n` records per GetRecords request (`Limit`, 1–1,000; DynamoDB's default is
    /// 1,000).
    pub fn records_per_request(mut self, n: u16) -> Self {
        self.limit = Some(i32::from(n.clamp(1, 1000)));
        self
    }

    /// The checkpoint after the last batch returned.
    pub fn checkpoint(&self) -> &Checkpoint {
        &self.checkpoint
    }

    /// The next batch of changes: one GetRecords per readable shard.
    ///
    /// # Errors
    /// [`Error::NoStream`] when the table has no stream; [`Error::Sdk`] when a request fails after
    /// the client's retries; [`Error::ChangeRecord`] for a record without a sequence number or
    /// keys. On an error nothing of this call is kept: the checkpoint stays where it was, and
    /// the next call reads the same records again. A record that does not decode is not an
    /// error of the call: see [`ChangeBatch::undecodable`] — among them a record of an unknown
    /// `eventName` ([`Error::UnknownChangeEvent`], unless [`UnknownEvents::Skip`]) and one
    /// whose keys or images hold a value of a type the SDK does not know
    /// ([`Error::UnknownAttributeType`]).
    pub async fn next_batch(&mut self) -> Result<ChangeBatch<T>, Error> {
        let arn = self.stream_arn().await?;
        let mut checkpoint = self.checkpoint.clone();
        let mut iterators = self.iterators.clone();
        let mut replaced_stream = None;
        if checkpoint.stream.as_deref() != Some(arn.as_str()) {
            replaced_stream = checkpoint.stream.take();
            checkpoint = Checkpoint {
                stream: Some(arn.clone()),
                shards: BTreeMap::new(),
            };
            iterators.clear();
        }
        let shards = self.shards(&arn).await?;
        // Shards DynamoDB no longer lists (trimmed) need no position: their children read as
        // if they were finished.
        checkpoint
            .shards
            .retain(|id, _| shards.iter().any(|s| s.shard_id() == Some(id.as_str())));
        let fresh =
            self.latest.is_none() && replaced_stream.is_none() && self.checkpoint.stream.is_none();
        let mut latest = match &self.latest {
            Some(latest) => latest.clone(),
            None if fresh && self.start == StartAt::Latest => shards
                .iter()
                .filter_map(|s| s.shard_id().map(str::to_owned))
                .collect(),
            None => Vec::new(),
        };
        let mut changes = Vec::new();
        let mut undecodable = Vec::new();
        let mut trimmed = Vec::new();
        let mut caught_up = true;
        for shard in readable(&shards, &checkpoint) {
            let id = shard.shard_id().unwrap_or_default().to_owned();
            let start = start_position(&checkpoint, &id, latest.contains(&id));
            // `LATEST` once per shard: a renewed iterator starts from the checkpoint or the
            // oldest record kept, never at a later `LATEST` (records in between would be lost).
            latest.retain(|shard| *shard != id);
            let read = self.read(&arn, &id, start, &mut iterators).await?;
            if read.trimmed {
                trimmed.push(id.clone());
            }
            // An empty page of a shard with a next iterator: most likely its tip. (Not told from
            // the shard's EndingSequenceNumber: the embedded engine reports one for its open
            // shard, docs/engines.md; a closed shard read to its end ends with no iterator.)
            caught_up &= read.records.is_empty();
            let mut stopped = false;
            for record in read.records {
                // A record DynamoDB did not write (no sequence number, no keys): nothing to
                // resume after, so the call fails and keeps nothing.
                let (sequence, decoded) = match change_record::<T>(record, &id)? {
                    Ok(record) => (
                        record.sequence_number.clone(),
                        decode::<T>(record, self.unknown),
                    ),
                    Err((sequence, error)) => (sequence, Err(error)),
                };
                match decoded {
                    Ok(Some(change)) => changes.push(change),
                    Ok(None) => {}
                    Err(Error::UnknownChangeEvent { .. })
                        if self.unknown_events == UnknownEvents::Skip => {}
                    Err(error) => {
                        // The shard stops right before it: what came before is in this batch
                        // and its checkpoint, nothing after it is read.
                        undecodable.push(Undecodable {
                            shard: id.clone(),
                            sequence_number: sequence,
                            error,
                        });
                        stopped = true;
                        break;
                    }
                }
                checkpoint
                    .shards
                    .insert(id.clone(), Position::After(sequence));
            }
            match read.next {
                // Read again from the checkpoint (right before the record) on the next call.
                _ if stopped => {
                    iterators.remove(&id);
                    caught_up = false;
                }
                Some(iterator) => {
                    iterators.insert(id, iterator);
                }
                None => {
                    // A closed shard read to its end: its children are readable now.
                    iterators.remove(&id);
                    checkpoint.shards.insert(id, Position::Finished);
                    caught_up = false;
                }
            }
        }
        self.checkpoint = checkpoint.clone();
        self.iterators = iterators;
        self.latest = Some(latest);
        Ok(ChangeBatch {
            changes,
            checkpoint,
            caught_up,
            undecodable,
            trimmed,
            replaced_stream,
        })
    }

    /// Passes over a record that did not decode ([`ChangeBatch::undecodable`]): the next call
    /// reads `shard` from the record after `sequence_number`. Only the record itself is passed
    /// over (the checkpoint stood right before it).
    pub fn skip(&mut self, shard: &str, sequence_number: &str) {
        self.checkpoint.shards.insert(
            shard.to_owned(),
            Position::After(sequence_number.to_owned()),
        );
        self.iterators.remove(shard);
    }

    /// The table's `LatestStreamArn`.
    async fn stream_arn(&self) -> Result<String, Error> {
        let table = self.db.describe_table().await.map_err(Failed::into_error)?;
        table
            .latest_stream_arn()
            .map(str::to_owned)
            .ok_or_else(|| Error::NoStream {
                table: self.db.table_name().to_owned(),
            })
    }

    /// Every shard of the stream (DescribeStream, page after page).
    async fn shards(&self, arn: &str) -> Result<Vec<Shard>, Error> {
        let mut shards = Vec::new();
        let mut start: Option<String> = None;
        loop {
            let request = self
                .streams
                .describe_stream()
                .stream_arn(arn)
                .set_exclusive_start_shard_id(start.take());
            let output = self
                .db
                .edge()
                .send(request, Sending::sdk(Idempotence::Idempotent))
                .await
                .map_err(Failed::into_error)?;
            let Some(description) = output.stream_description else {
                return Ok(shards);
            };
            shards.extend(description.shards.unwrap_or_default());
            match description.last_evaluated_shard_id {
                Some(last) => start = Some(last),
                None => return Ok(shards),
            }
        }
    }

    /// One GetRecords of shard `id`: its records and its next iterator (`None`: the shard is
    /// closed and read to its end). An expired iterator is renewed from the checkpoint once; a
    /// position DynamoDB no longer keeps (`TrimmedDataAccessException`) is replaced by the oldest
    /// record kept, and said so.
    async fn read(
        &self,
        arn: &str,
        id: &str,
        mut start: Start,
        iterators: &mut HashMap<String, String>,
    ) -> Result<ShardRead, Error> {
        let (mut renewed, mut trimmed) = (false, false);
        loop {
            let iterator = match iterators.remove(id) {
                Some(iterator) => iterator,
                None => match self.iterator(arn, id, &start).await {
                    Ok(iterator) => iterator,
                    Err(Refused::Trimmed) if !trimmed => {
                        trimmed = true;
                        start = Start::TrimHorizon;
                        continue;
                    }
                    Err(Refused::Trimmed) => return Err(self.trimmed_error(id)),
                    Err(Refused::Other(e)) => return Err(e),
                },
            };
            let request = self
                .streams
                .get_records()
                .shard_iterator(iterator)
                .set_limit(self.limit);
            match self
                .db
                .edge()
                .send(request, Sending::sdk(Idempotence::Idempotent))
                .await
            {
                Ok(output) => {
                    return Ok(ShardRead {
                        records: output.records.unwrap_or_default(),
                        next: output.next_shard_iterator,
                        trimmed,
                    })
                }
                Err(failed) => {
                    let error = failed.service_error();
                    if !renewed && error.is_some_and(GetRecordsError::is_expired_iterator_exception)
                    {
                        // Iterators last 15 minutes: start again from the checkpoint.
                        renewed = true;
                    } else if !trimmed
                        && error.is_some_and(GetRecordsError::is_trimmed_data_access_exception)
                    {
                        trimmed = true;
                        start = Start::TrimHorizon;
                    } else {
                        return Err(failed.into_error());
                    }
                }
            }
        }
    }

    fn trimmed_error(&self, id: &str) -> Error {
        Error::ChangeRecord {
            sequence_number: String::new(),
            reason: format!(
                "shard {id} refuses even its oldest record (TrimmedDataAccessException)"
            ),
        }
    }

    /// A new iterator of shard `id` at `start`.
    async fn iterator(&self, arn: &str, id: &str, start: &Start) -> Result<String, Refused> {
        let request = self
            .streams
            .get_shard_iterator()
            .stream_arn(arn)
            .shard_id(id);
        let request = match start {
            Start::After(sequence) => request
                .shard_iterator_type(ShardIteratorType::AfterSequenceNumber)
                .sequence_number(sequence),
            Start::TrimHorizon => request.shard_iterator_type(ShardIteratorType::TrimHorizon),
            Start::Latest => request.shard_iterator_type(ShardIteratorType::Latest),
        };
        let output = self
            .db
            .edge()
            .send(request, Sending::sdk(Idempotence::Idempotent))
            .await
            .map_err(|failed| {
                if failed.service_error().is_some_and(
                    aws_sdk_dynamodbstreams::operation::get_shard_iterator::GetShardIteratorError::is_trimmed_data_access_exception,
                ) {
                    Refused::Trimmed
                } else {
                    Refused::Other(failed.into_error())
                }
            })?;
        output.shard_iterator.ok_or_else(|| {
            Refused::Other(Error::ChangeRecord {
                sequence_number: String::new(),
                reason: format!("GetShardIterator gave no iterator for shard {id}"),
            })
        })
    }
}

/// What one GetRecords of a shard gave.
struct ShardRead {
    records: Vec<Record>,
    next: Option<String>,
    /// Its checkpointed position was trimmed; it was read from `TRIM_HORIZON`.
    trimmed: bool,
}

/// Why no iterator was made.
enum Refused {
    /// The position is older than what DynamoDB keeps.
    Trimmed,
    Other(Error),
}

/// Where a shard's iterator starts.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Start {
    After(String),
    TrimHorizon,
    Latest,
}

/// Where shard `id` starts: after its checkpointed record; at `LATEST` when it is one of the
/// shards a fresh reader starting at [`StartAt::Latest`] found (`latest`); otherwise at its
/// oldest record kept.
fn start_position(checkpoint: &Checkpoint, id: &str, latest: bool) -> Start {
    match checkpoint.after(id) {
        Some(sequence) => Start::After(sequence.to_owned()),
        None if latest => Start::Latest,
        None => Start::TrimHorizon,
    }
}

/// The shards to read now: not finished, and whose parent is finished or no longer listed
/// (trimmed), parents before children in DescribeStream's order.
fn readable<'a>(shards: &'a [Shard], checkpoint: &Checkpoint) -> Vec<&'a Shard> {
    shards
        .iter()
        .filter(|shard| {
            let id = shard.shard_id().unwrap_or_default();
            !checkpoint.finished(id)
                && shard.parent_shard_id().is_none_or(|parent| {
                    checkpoint.finished(parent)
                        || !shards.iter().any(|s| s.shard_id() == Some(parent))
                })
        })
        .collect()
}

/// The [`ChangeRecord`] of a Streams API record of shard `shard`; for a record with a sequence
/// number that does not decode (an unknown `eventName`, a value of a type the SDK does not know),
/// its sequence number and why.
///
/// # Errors
/// [`Error::ChangeRecord`] for a record without a sequence number or keys.
fn change_record<T: dynakey::Table>(
    record: Record,
    shard: &str,
) -> Result<Result<ChangeRecord, (String, Error)>, Error> {
    let stream = record
        .dynamodb
        .unwrap_or_else(|| aws_sdk_dynamodbstreams::types::StreamRecord::builder().build());
    let Some(sequence_number) = stream.sequence_number.clone() else {
        return Err(Error::ChangeRecord {
            sequence_number: String::new(),
            reason: "it has no SequenceNumber".to_owned(),
        });
    };
    if stream.keys.as_ref().is_none_or(HashMap::is_empty) {
        return Err(Error::ChangeRecord {
            sequence_number,
            reason: "it has no Keys".to_owned(),
        });
    }
    let Some(event_name) = record
        .event_name
        .as_ref()
        .and_then(|name| EventName::parse(name.as_str()))
    else {
        let error = Error::UnknownChangeEvent {
            shard_id: shard.to_owned(),
            sequence_number: sequence_number.clone(),
            event_name: record
                .event_name
                .as_ref()
                .map_or_else(String::new, |name| name.as_str().to_owned()),
        };
        return Ok(Err((sequence_number, error)));
    };
    let by_ttl = record.user_identity.as_ref().is_some_and(|identity| {
        ChangeRecord::is_ttl_identity(
            identity.r#type().unwrap_or_default(),
            identity.principal_id().unwrap_or_default(),
        )
    });
    let created = stream
        .approximate_creation_date_time
        .and_then(|t| u64::try_from(t.to_millis().ok()?).ok())
        .map(|ms| UNIX_EPOCH + Duration::from_millis(ms));
    let keys = match stream_item(stream.keys.unwrap_or_default()) {
        Ok(keys) => keys,
        Err(UnknownType(attribute)) => {
            let error = Error::UnknownAttributeType {
                attribute,
                partition: None,
                sort: None,
            };
            return Ok(Err((sequence_number, error)));
        }
    };
    let image = |image| {
        stream_item(image).map_err(|UnknownType(attribute)| {
            let (partition, sort) = key_strings::<T>(&keys);
            Error::UnknownAttributeType {
                attribute,
                partition,
                sort,
            }
        })
    };
    let images = (|| {
        Ok((
            stream.new_image.map(image).transpose()?,
            stream.old_image.map(image).transpose()?,
        ))
    })();
    let (new_image, old_image) = match images {
        Ok(images) => images,
        Err(error) => return Ok(Err((sequence_number, error))),
    };
    Ok(Ok(ChangeRecord {
        event_name,
        sequence_number,
        keys,
        new_image,
        old_image,
        by_ttl,
        created,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use aws_sdk_dynamodbstreams::types::SequenceNumberRange;

    fn shard(id: &str, parent: Option<&str>, closed: bool) -> Shard {
        let range = SequenceNumberRange::builder()
            .starting_sequence_number("100")
            .set_ending_sequence_number(closed.then(|| "200".to_owned()))
            .build();
        Shard::builder()
            .shard_id(id)
            .set_parent_shard_id(parent.map(str::to_owned))
            .sequence_number_range(range)
            .build()
    }

    fn ids(shards: Vec<&Shard>) -> Vec<&str> {
        shards.iter().filter_map(|s| s.shard_id()).collect()
    }

    #[test]
    fn a_parent_is_read_to_its_end_before_its_children() {
        let shards = [
            shard("a", None, true),
            shard("b", Some("a"), true),
            shard("c", Some("b"), false),
            shard("d", Some("gone"), false),
        ];
        let mut checkpoint = Checkpoint::default();
        // `d`'s parent is no longer listed (trimmed): readable at once.
        assert_eq!(ids(readable(&shards, &checkpoint)), ["a", "d"]);
        checkpoint
            .shards
            .insert("a".into(), Position::After("150".into()));
        assert_eq!(ids(readable(&shards, &checkpoint)), ["a", "d"]);
        checkpoint.shards.insert("a".into(), Position::Finished);
        assert_eq!(ids(readable(&shards, &checkpoint)), ["b", "d"]);
        checkpoint.shards.insert("b".into(), Position::Finished);
        assert_eq!(ids(readable(&shards, &checkpoint)), ["c", "d"]);
    }

    #[test]
    fn latest_only_for_a_fresh_readers_first_iterator() {
        let mut checkpoint = Checkpoint::default();
        assert_eq!(start_position(&checkpoint, "a", true), Start::Latest);
        assert_eq!(start_position(&checkpoint, "a", false), Start::TrimHorizon);
        checkpoint
            .shards
            .insert("a".into(), Position::After("150".into()));
        assert_eq!(
            start_position(&checkpoint, "a", true),
            Start::After("150".into())
        );
    }

    #[test]
    fn a_record_without_sequence_number_or_keys_is_refused() {
        use aws_sdk_dynamodbstreams::types::{OperationType, StreamRecord};
        let keys: HashMap<_, _> = [(
            "PK".to_owned(),
            aws_sdk_dynamodbstreams::types::AttributeValue::S("x".into()),
        )]
        .into();
        let record = |stream: StreamRecord| {
            Record::builder()
                .event_name(OperationType::Insert)
                .dynamodb(stream)
                .build()
        };
        let no_sequence = record(StreamRecord::builder().set_keys(Some(keys.clone())).build());
        let read = |record| change_record::<dynakey::DefaultTable>(record, "shard-1");
        assert!(matches!(read(no_sequence), Err(Error::ChangeRecord { .. })));
        let no_keys = record(StreamRecord::builder().sequence_number("1").build());
        assert!(matches!(read(no_keys), Err(Error::ChangeRecord { .. })));
        let stream = StreamRecord::builder()
            .sequence_number("1")
            .set_keys(Some(keys))
            .build();
        assert!(matches!(read(record(stream.clone())), Ok(Ok(_))));
        // An event DynamoDB does not write: a record that does not decode, named by its shard
        // and sequence number.
        let future = Record::builder()
            .event_name(OperationType::from("FUTURE"))
            .dynamodb(stream)
            .build();
        assert!(matches!(
            read(future),
            Ok(Err((sequence, Error::UnknownChangeEvent { shard_id, sequence_number, event_name })))
                if sequence == "1" && shard_id == "shard-1" && sequence_number == "1"
                    && event_name == "FUTURE"
        ));
    }
}
