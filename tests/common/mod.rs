//! Helpers shared by the engine tests: `mod common;` in a test file.
//!
//! - [`fault_proxy`]: a fault-injecting HTTP proxy to put in front of the embedded engine;
//! - [`scan`]: reads a whole table back directly, to check what a test wrote.

// Each test file uses its own part of these helpers.
#![allow(dead_code)]

pub mod fault_proxy;

use std::collections::HashMap;

use aws_sdk_dynamodb::types::AttributeValue;

/// Every item of `table`, read with paged `Scan` requests (until LastEvaluatedKey is absent).
pub async fn scan(
    client: &aws_sdk_dynamodb::Client,
    table: &str,
) -> Result<Vec<HashMap<String, AttributeValue>>, aws_sdk_dynamodb::Error> {
    let mut items = Vec::new();
    let mut start = None;
    loop {
        let page = client
            .scan()
            .table_name(table)
            .set_exclusive_start_key(start)
            .send()
            .await?;
        items.extend(page.items.unwrap_or_default());
        start = page.last_evaluated_key;
        if start.is_none() {
            return Ok(items);
        }
    }
}
