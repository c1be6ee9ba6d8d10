//! Helpers shared by the engine tests.

use aws_sdk_dynamodb::types::TableDescription;
use dynakey::Table;
use dynakey_runtime::Db;

/// The table as DynamoDB describes it (`DescribeTable`).
pub async fn describe_table<T: Table>(
    db: &Db<T>,
) -> Result<TableDescription, Box<dyn std::error::Error + Send + Sync>> {
    let output = db
        .client()
        .describe_table()
        .table_name(db.table_name())
        .send()
        .await?;
    Ok(output.table.ok_or("no table description")?)
}
