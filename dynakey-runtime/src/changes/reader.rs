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
use crate::convert::Item;
use crate::db::Db;
use crate::error::Error;
use crate::read::UnknownItems;
use crate::sdk::{Failed, Idempotence, Sending};

/// Where a reader starts in a shard its checkpoint does not name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum StartAt {
    /// The oldest record kept (`TRIM_HORIZON`; DynamoDB keeps records 24 hours).
    #[default]
    TrimHorizon,
    /// After the newest record (`LATEST`): only changes made from now on.
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
    /// `true` when every readable shard had nothing more: the reader is at the stream's tip (a
    /// later call returns what was written since).
    pub caught_up: bool,
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
    limit: Option<i32>,
    checkpoint: Checkpoint,
    /// The next shard iterator of each shard being read.
    iterators: HashMap<String, String>,
}

impl<T: TableItem> Db<T> {
    /// A reader of this table's stream as typed changes, with `streams`, a DynamoDB Streams client
    /// for the same account and region (`Engine::streams_client` on the embedded engine). Starts
    /// at [`StartAt::TrimHorizon`]; nothing is sent before [`Changes::next_batch`].
    pub fn changes(&self, streams: StreamsClient) -> Changes<T> {
        Changes {
            db: self.clone(),
            streams,
            start: StartAt::default(),
            unknown: UnknownItems::default(),
            limit: None,
            checkpoint: Checkpoint::default(),
            iterators: HashMap::new(),
        }
    }
}

impl<T: TableItem> Changes<T> {
    /// Where to start in a shard the checkpoint does not name.
    pub fn start_at(mut self, start: StartAt) -> Self {
        self.start = start;
        self
    }

    /// Resumes after `checkpoint` (from an earlier [`ChangeBatch`]).
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
    /// the client's retries; a decoding error of a record ([`Error::ForeignItem`],
    /// [`Error::Decode`], …). On an error nothing of this call is kept: the checkpoint stays
    /// where it was, and the next call reads the same records again.
    pub async fn next_batch(&mut self) -> Result<ChangeBatch<T>, Error> {
        let arn = self.stream_arn().await?;
        if self.checkpoint.stream.as_deref() != Some(arn.as_str()) {
            self.checkpoint = Checkpoint {
                stream: Some(arn.clone()),
                shards: BTreeMap::new(),
            };
            self.iterators.clear();
        }
        let shards = self.shards(&arn).await?;
        let mut checkpoint = self.checkpoint.clone();
        let mut iterators = self.iterators.clone();
        let mut changes = Vec::new();
        let mut caught_up = true;
        for shard in readable(&shards, &checkpoint) {
            let id = shard.shard_id().unwrap_or_default().to_owned();
            let (records, next) = self.read(&arn, &id, &checkpoint, &mut iterators).await?;
            caught_up &= records.is_empty();
            for record in records {
                let record = change_record(record)?;
                let sequence = record.sequence_number.clone();
                if let Some(change) = decode::<T>(record, self.unknown)? {
                    changes.push(change);
                }
                checkpoint
                    .shards
                    .insert(id.clone(), Position::After(sequence));
            }
            match next {
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
        Ok(ChangeBatch {
            changes,
            checkpoint,
            caught_up,
        })
    }

    /// The table's `LatestStreamArn`.
    async fn stream_arn(&self) -> Result<String, Error> {
        let request = self
            .db
            .client()
            .describe_table()
            .table_name(self.db.table_name());
        let output = self
            .db
            .edge()
            .send(request, Sending::sdk(Idempotence::Idempotent))
            .await
            .map_err(Failed::into_error)?;
        output
            .table()
            .and_then(|t| t.latest_stream_arn())
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
    /// closed and read to its end). An expired iterator is renewed from the checkpoint once.
    async fn read(
        &self,
        arn: &str,
        id: &str,
        checkpoint: &Checkpoint,
        iterators: &mut HashMap<String, String>,
    ) -> Result<(Vec<Record>, Option<String>), Error> {
        let mut renewed = false;
        loop {
            let iterator = match iterators.remove(id) {
                Some(iterator) => iterator,
                None => self.iterator(arn, id, checkpoint).await?,
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
                    return Ok((
                        output.records.unwrap_or_default(),
                        output.next_shard_iterator,
                    ))
                }
                // Iterators last 15 minutes: start again from the checkpoint.
                Err(failed)
                    if !renewed
                        && failed
                            .service_error()
                            .is_some_and(GetRecordsError::is_expired_iterator_exception) =>
                {
                    renewed = true;
                }
                Err(failed) => return Err(failed.into_error()),
            }
        }
    }

    /// A new iterator of shard `id`: after the checkpoint's record, or where the reader starts.
    async fn iterator(
        &self,
        arn: &str,
        id: &str,
        checkpoint: &Checkpoint,
    ) -> Result<String, Error> {
        let request = self
            .streams
            .get_shard_iterator()
            .stream_arn(arn)
            .shard_id(id);
        let request = match (checkpoint.after(id), self.start) {
            (Some(sequence), _) => request
                .shard_iterator_type(ShardIteratorType::AfterSequenceNumber)
                .sequence_number(sequence),
            (None, StartAt::TrimHorizon) => {
                request.shard_iterator_type(ShardIteratorType::TrimHorizon)
            }
            (None, StartAt::Latest) => request.shard_iterator_type(ShardIteratorType::Latest),
        };
        let output = self
            .db
            .edge()
            .send(request, Sending::sdk(Idempotence::Idempotent))
            .await
            .map_err(Failed::into_error)?;
        output.shard_iterator.ok_or_else(|| Error::ChangeRecord {
            sequence_number: String::new(),
            reason: format!("GetShardIterator gave no iterator for shard {id}"),
        })
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

/// The [`ChangeRecord`] of a Streams API record.
fn change_record(record: Record) -> Result<ChangeRecord, Error> {
    let stream = record
        .dynamodb
        .unwrap_or_else(|| aws_sdk_dynamodbstreams::types::StreamRecord::builder().build());
    let sequence_number = stream.sequence_number.clone().unwrap_or_default();
    let event_name = record
        .event_name
        .as_ref()
        .and_then(|name| EventName::parse(name.as_str()))
        .ok_or_else(|| Error::ChangeRecord {
            sequence_number: sequence_number.clone(),
            reason: format!(
                "eventName {:?} is none of INSERT, MODIFY, REMOVE",
                record.event_name
            ),
        })?;
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
    Ok(ChangeRecord {
        event_name,
        sequence_number,
        keys: item(stream.keys.unwrap_or_default()),
        new_image: stream.new_image.map(item),
        old_image: stream.old_image.map(item),
        by_ttl,
        created,
    })
}

/// A Streams API image as a DynamoDB item (both SDKs' attribute values through serde_dynamo's).
fn item(image: HashMap<String, aws_sdk_dynamodbstreams::types::AttributeValue>) -> Item {
    image
        .into_iter()
        .map(|(name, value)| {
            let value: serde_dynamo::AttributeValue = value.into();
            (name, value.into())
        })
        .collect()
}
