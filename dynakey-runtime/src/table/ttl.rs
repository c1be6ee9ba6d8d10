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

use crate::db::Db;
use crate::error::Error;
use crate::sdk::{build_error, Failed, Idempotence, Sending};

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
            .map_err(|e| build_error("UpdateTimeToLive", e))?;
        let request = self
            .client()
            .update_time_to_live()
            .table_name(self.table_name())
            .time_to_live_specification(specification);
        // Not idempotent: enabling TTL that is already enabled is a ValidationException.
        self.edge()
            .send(request, Sending::sdk(Idempotence::NotIdempotent))
            .await
            .map_err(Failed::into_error)?;
        Ok(())
    }
}
