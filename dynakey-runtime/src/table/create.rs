//! Creating and deleting the table: [`Db::create_table`] from the [`Table`] declaration (key
//! schema, indexes, stream, TTL), waiting until it is `ACTIVE`, and [`Db::delete_table`].

use std::time::{Duration, Instant};

use aws_sdk_dynamodb::error::BuildError;
use aws_sdk_dynamodb::types::{
    AttributeDefinition, BillingMode, GlobalSecondaryIndex, IndexStatus, KeySchemaElement, KeyType,
    LocalSecondaryIndex, Projection as SdkProjection, ProjectionType, ScalarAttributeType,
    TableDescription, TableStatus,
};
use dynakey::{IndexKind, Projection, Table};

use crate::db::Db;
use crate::error::Error;
use crate::sdk::{build_error, Failed, Idempotence, Sending};

/// How long [`Db::create_table`] waits for the table and its indexes to become `ACTIVE`.
pub(super) const TABLE_ACTIVE_WAIT: Duration = Duration::from_secs(600);

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
        let definitions =
            attribute_definitions(dynakey::__private::attribute::attribute_definitions::<T>())
                .map_err(build)?;
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
            let shape = IndexShape::of::<T>(index).map_err(build)?;
            match index.kind() {
                IndexKind::Global => {
                    let gsi = GlobalSecondaryIndex::builder()
                        .index_name(index.name())
                        .set_key_schema(Some(shape.key_schema))
                        .projection(shape.projection)
                        .build()
                        .map_err(build)?;
                    request = request.global_secondary_indexes(gsi);
                }
                IndexKind::Local => {
                    let lsi = LocalSecondaryIndex::builder()
                        .index_name(index.name())
                        .set_key_schema(Some(shape.key_schema))
                        .projection(shape.projection)
                        .build()
                        .map_err(build)?;
                    request = request.local_secondary_indexes(lsi);
                }
            }
        }
        Ok(request)
    }

    /// Polls `DescribeTable` until the table and every GSI are `ACTIVE` ([`not_ready`]), for at
    /// most [`TABLE_ACTIVE_WAIT`].
    pub(crate) async fn wait_until_active(&self) -> Result<(), Error> {
        self.wait_until_ready(None, TABLE_ACTIVE_WAIT).await
    }

    /// Polls `DescribeTable` (20 ms doubling up to 1 s) until [`not_ready`] finds nothing to wait
    /// for: the table `ACTIVE`, every GSI `ACTIVE` and not backfilling, and the GSI `index` (when
    /// given) described. [`Error::TableNotActive`] with what it waited for once `limit` has
    /// passed.
    pub(super) async fn wait_until_ready(
        &self,
        index: Option<&str>,
        limit: Duration,
    ) -> Result<(), Error> {
        let started = Instant::now();
        let mut delay = Duration::from_millis(20);
        loop {
            let table = self.describe_table().await.map_err(Failed::into_error)?;
            let Some(waiting_for) = not_ready(Some(&table), index) else {
                return Ok(());
            };
            let waited = started.elapsed();
            if waited >= limit {
                return Err(Error::TableNotActive {
                    table: self.table_name().to_owned(),
                    status: waiting_for,
                    waited,
                });
            }
            tokio::time::sleep(delay.min(limit.saturating_sub(waited))).await;
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

/// What a described table is still waiting for (e.g. `CREATING`, `ACTIVE, but index "GSI1" is
/// CREATING`), or `None` when it is ready: the table `ACTIVE`, every GSI's `IndexStatus`
/// `ACTIVE` with `Backfilling` not `true`, and the GSI `index` (when given) on the table. DynamoDB
/// reports an index being added to an existing table `CREATING` with `Backfilling: true` while it
/// reads the table's items into it (AWS developer guide, "Managing global secondary indexes —
/// Phases of index creation"); an engine that never reports `Backfilling` (the embedded one
/// backfills inside `UpdateTable`) is ready as soon as the index is `ACTIVE`.
pub(super) fn not_ready(table: Option<&TableDescription>, index: Option<&str>) -> Option<String> {
    let status = table.and_then(TableDescription::table_status);
    let indexes = table.map_or(&[][..], TableDescription::global_secondary_indexes);
    let pending = indexes.iter().find(|gsi| {
        gsi.index_status() != Some(&IndexStatus::Active) || gsi.backfilling() == Some(true)
    });
    let missing = index.filter(|name| !indexes.iter().any(|g| g.index_name() == Some(*name)));
    match (status, pending, missing) {
        (Some(TableStatus::Active), None, None) => None,
        (Some(TableStatus::Active), Some(gsi), _) => Some(format!(
            "ACTIVE, but index {:?} is {}{}",
            gsi.index_name().unwrap_or_default(),
            gsi.index_status().map_or("unknown", IndexStatus::as_str),
            if gsi.backfilling() == Some(true) {
                " (backfilling)"
            } else {
                ""
            }
        )),
        (Some(TableStatus::Active), None, Some(name)) => {
            Some(format!("ACTIVE, but index {name:?} is not described yet"))
        }
        (Some(status), _, _) => Some(status.as_str().to_owned()),
        (None, _, _) => Some("without a status".to_owned()),
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

/// What `CreateTable` declares of one index (a `GlobalSecondaryIndex` or `LocalSecondaryIndex`)
/// and `UpdateTable` sends to add a GSI (a `CreateGlobalSecondaryIndexAction`): its key schema,
/// its projection and the `AttributeDefinitions` of its key attributes.
pub(super) struct IndexShape {
    /// The index's `KeySchema` ([`index_key_schema`]).
    pub(super) key_schema: Vec<KeySchemaElement>,
    /// The declared projection.
    pub(super) projection: SdkProjection,
    /// Each key attribute of the index once, typed as `CreateTable` declares it (the table's
    /// first declaration of the name wins, as in
    /// [`attribute_definitions`](dynakey::__private::attribute::attribute_definitions)).
    pub(super) attribute_definitions: Vec<AttributeDefinition>,
}

impl IndexShape {
    /// The shape of `T`'s index `index`; an LSI's partition key is `T`'s.
    pub(super) fn of<T: Table>(index: &dynakey::IndexDef) -> Result<IndexShape, BuildError> {
        let first_partition = match index.kind() {
            IndexKind::Global => index.partition_key(),
            IndexKind::Local => T::PARTITION_KEY,
        };
        let key_schema = index_key_schema(index, first_partition)?;
        let declared = dynakey::__private::attribute::attribute_definitions::<T>();
        let mut attributes: Vec<(&str, dynakey::AttributeType)> = Vec::new();
        for element in &key_schema {
            let name = element.attribute_name();
            if attributes.iter().any(|(n, _)| *n == name) {
                continue;
            }
            let ty = declared
                .iter()
                .find(|(n, _)| *n == name)
                .map_or(dynakey::AttributeType::S, |(_, ty)| *ty);
            attributes.push((name, ty));
        }
        Ok(IndexShape {
            attribute_definitions: attribute_definitions(attributes)?,
            projection: projection(index.projection()),
            key_schema,
        })
    }
}

/// One `AttributeDefinition` per `(name, type)`.
fn attribute_definitions<'a>(
    attributes: impl IntoIterator<Item = (&'a str, dynakey::AttributeType)>,
) -> Result<Vec<AttributeDefinition>, BuildError> {
    attributes
        .into_iter()
        .map(|(name, ty)| {
            AttributeDefinition::builder()
                .attribute_name(name)
                .attribute_type(scalar_type(ty))
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
