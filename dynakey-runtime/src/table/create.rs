//! Creating and deleting the table: [`Db::create_table`] from the [`Table`] declaration (key
//! schema, indexes, stream, TTL), waiting until it is `ACTIVE`, and [`Db::delete_table`].

use std::time::{Duration, Instant};

use aws_sdk_dynamodb::error::BuildError;
use aws_sdk_dynamodb::types::{
    AttributeDefinition, BillingMode, GlobalSecondaryIndex, IndexStatus, KeySchemaElement, KeyType,
    LocalSecondaryIndex, Projection as SdkProjection, ProjectionType, ScalarAttributeType,
    TableStatus,
};
use dynakey::{IndexKind, Projection, Table};

use crate::db::Db;
use crate::error::Error;
use crate::sdk::{build_error, Failed, Idempotence, Sending};

/// How long [`Db::create_table`] waits for the table and its indexes to become `ACTIVE`.
const TABLE_ACTIVE_WAIT: Duration = Duration::from_secs(600);

impl<T: Table> Db<T> {
    /// Creates the table from `T`'s declaration and waits until it and its indexes are `ACTIVE`.
    ///
    /// - key schema: `T::PARTITION_KEY` (`HASH`) and `T::SORT_KEY` (`RANGE`), both type `S`;
    /// - billing mode `PAY_PER_REQUEST` (on-demand capacity), so no throughput is provisioned;
    /// - one global or local secondary index per entry of `T::INDEXES`, with its key attributes of
    ///   type `S` and its projection (AWS developer guide, "Improving data access with secondary
    ///   indexes"). An LSI uses the table's partition key;
    /// - when `T::STREAM` is `Some` (`#[table(…, stream = new_and_old_images)]`), the
    ///   `StreamSpecification` `{ StreamEnabled: true, StreamViewType }` of that view type, so the
    ///   table records every item change from its first write (AWS developer guide, "Change data
    ///   capture for DynamoDB Streams"); `DescribeTable` then reports the stream's ARN as
    ///   `LatestStreamArn`.
    ///
    /// It then polls `DescribeTable` (20 ms doubling up to 1 s) until the table status and every GSI
    /// status is `ACTIVE`, and enables TTL on `T::TTL_ATTRIBUTE` when the table declares one
    /// (`UpdateTimeToLive`; AWS developer guide, "Using time to live (TTL) in DynamoDB").
    ///
    /// # Errors
    /// [`Error::Sdk`] from `CreateTable` (e.g. `ResourceInUseException` when the table exists; see
    /// [`ensure_table`](Self::ensure_table) to create it only when it is missing) or
    /// `DescribeTable` or `UpdateTimeToLive`; [`Error::TableNotActive`] after 10 minutes without
    /// reaching `ACTIVE`.
    pub async fn create_table(&self) -> Result<(), Error> {
        let request = self.create_table_request()?;
        self.edge()
            .send(request, Sending::sdk(Idempotence::NotIdempotent))
            .await
            .map_err(Failed::into_error)?;
        self.wait_until_active().await?;
        self.enable_ttl().await
    }

    pub(crate) fn create_table_request(
        &self,
    ) -> Result<aws_sdk_dynamodb::operation::create_table::builders::CreateTableFluentBuilder, Error>
    {
        let build = |e: BuildError| build_error("CreateTable", e);
        let definitions = dynakey::__private::attribute::attribute_definitions::<T>()
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
            .client()
            .create_table()
            .table_name(self.table_name())
            .billing_mode(BillingMode::PayPerRequest)
            .set_attribute_definitions(Some(definitions))
            .set_key_schema(Some(
                key_schema(T::PARTITION_KEY, T::SORT_KEY).map_err(build)?,
            ));
        if let Some(view) = T::STREAM {
            request = request
                .stream_specification(super::stream::stream_specification(view, "CreateTable")?);
        }
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
            let request = self.client().describe_table().table_name(self.table_name());
            let description = self
                .edge()
                .send(request, Sending::sdk(Idempotence::Idempotent))
                .await
                .map_err(Failed::into_error)?;
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
        let request = self.client().delete_table().table_name(self.table_name());
        self.edge()
            .send(request, Sending::sdk(Idempotence::NotIdempotent))
            .await
            .map_err(Failed::into_error)?;
        Ok(())
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
pub(super) fn scalar_type(ty: dynakey::AttributeType) -> ScalarAttributeType {
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
