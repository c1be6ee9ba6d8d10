//! Time to Live on the table: [`Db::create_table`] and [`Db::ensure_table`] (when it creates the
//! table) enable TTL on the attribute the table declares (`#[table(…, ttl = "expires_at")]`,
//! `UpdateTimeToLive`; AWS developer guide, "Using time to live (TTL) in DynamoDB"). DynamoDB
//! deletes an expired item some time after its expiry (typically within a few days), so reads can
//! leave expired items out themselves: `Get::unexpired`, `Query::unexpired`.
//!
//! The embedded engine (dynoxide 3.2) accepts `UpdateTimeToLive` and reports it in
//! `DescribeTimeToLive`; whether and when it deletes expired items is not part of dynakey's tests
//! (they check what a read returns, which is dynakey's filter).

use aws_sdk_dynamodb::types::TimeToLiveSpecification;
use dynakey::Table;
use tracing::Instrument;

use crate::db::Db;
use crate::error::Error;

impl<T: Table> Db<T> {
    /// Enables TTL on `T::TTL_ATTRIBUTE`, if the table declares one (`UpdateTimeToLive`).
    pub(crate) async fn enable_ttl(&self) -> Result<(), Error> {
        let Some(attribute) = T::TTL_ATTRIBUTE else {
            return Ok(());
        };
        let specification = TimeToLiveSpecification::builder()
            .attribute_name(attribute)
            .enabled(true)
            .build()
            .map_err(|e| Error::build("UpdateTimeToLive", e))?;
        self.client()
            .update_time_to_live()
            .table_name(self.table_name())
            .time_to_live_specification(specification)
            .send()
            .instrument(self.span("UpdateTimeToLive"))
            .await
            .map_err(|e| Error::sdk("UpdateTimeToLive", e))?;
        Ok(())
    }
}

/// `true` when `item`'s TTL attribute `attribute` holds epoch seconds at or before `now`.
pub(crate) fn expired(
    item: &crate::item::Item,
    attribute: &str,
    now: std::time::SystemTime,
) -> bool {
    let now = dynakey::ttl::now_seconds(now);
    item.get(attribute)
        .and_then(|v| v.as_n().ok())
        .and_then(|n| n.parse::<f64>().ok())
        .is_some_and(|seconds| seconds <= now as f64)
}
