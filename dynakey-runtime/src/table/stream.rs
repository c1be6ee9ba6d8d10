//! The table's DynamoDB stream (`#[table(…, stream = new_and_old_images)]`, [`Table::STREAM`]):
//! [`Db::create_table`] creates the table with it (`StreamSpecification` of `CreateTable`),
//! [`Db::ensure_table`] refuses an existing table whose stream is not the declared one, and
//! [`Db::enable_stream`] enables it on an existing table (`UpdateTable`), the one call that does
//! (AWS developer guide, "Change data capture for DynamoDB Streams"; API reference,
//! `StreamSpecification`).
//!
//! The embedded engine (dynoxide 3.2) creates the stream with the table and enables it with
//! `UpdateTable`, reporting it in `DescribeTable` (`StreamSpecification`, `LatestStreamArn`). It
//! does not refuse `UpdateTable` enabling a stream on a table whose stream is already enabled (it
//! replaces the stream), where DynamoDB answers `ValidationException`.

use aws_sdk_dynamodb::types::{StreamSpecification, StreamViewType as SdkStreamViewType};
use dynakey::{StreamViewType, Table};

use crate::db::Db;
use crate::error::Error;
use crate::sdk::{build_error, Failed, Idempotence, Sending};

impl<T: Table> Db<T> {
    /// Enables the stream `T` declares (`#[table(…, stream = new_and_old_images)]`) on the
    /// existing table: `UpdateTable` with `StreamSpecification { StreamEnabled: true,
    /// StreamViewType }`, then waits (as [`create_table`](Self::create_table) does) until the
    /// table is `ACTIVE` again. From then on DynamoDB records every change to an item in the
    /// stream, whose ARN `DescribeTable` reports as `LatestStreamArn` (AWS developer guide,
    /// "Change data capture for DynamoDB Streams — Enabling a stream").
    ///
    /// [`ensure_table`](Self::ensure_table) never enables a stream: it reports a table without
    /// the declared stream as [`SchemaDifference::Stream`](crate::SchemaDifference::Stream), and
    /// this is the explicit call that changes the table. A new table needs neither:
    /// [`create_table`](Self::create_table) creates it with its stream.
    ///
    /// DynamoDB refuses it (`ValidationException`) when the table already has an enabled stream,
    /// of this view type or another one: a table has one enabled stream at a time and its view
    /// type cannot be changed. To change it, disable the stream first (`UpdateTable` with
    /// `StreamEnabled: false`, outside dynakey) and then call this; the old stream's records stay
    /// readable for 24 hours under its own ARN.
    ///
    /// # Errors
    /// [`Error::NoStreamDeclared`] when `T::STREAM` is `None` (nothing is sent); [`Error::Sdk`]
    /// from `UpdateTable` (e.g. `ValidationException` as above, `ResourceNotFoundException`) or
    /// `DescribeTable`; [`Error::TableNotActive`] as for [`create_table`](Self::create_table).
    pub async fn enable_stream(&self) -> Result<(), Error> {
        let Some(view) = T::STREAM else {
            return Err(Error::NoStreamDeclared {
                table: self.table_name().to_owned(),
            });
        };
        let request = self
            .client()
            .update_table()
            .table_name(self.table_name())
            .stream_specification(stream_specification(view, "UpdateTable")?);
        // Not idempotent: enabling a stream that is already enabled is a ValidationException.
        self.edge()
            .send(request, Sending::sdk(Idempotence::NotIdempotent))
            .await
            .map_err(Failed::into_error)?;
        self.wait_until_active().await
    }
}

/// The enabled `StreamSpecification` of view type `view`, as `operation` (`CreateTable`,
/// `UpdateTable`) sends it.
pub(super) fn stream_specification(
    view: StreamViewType,
    operation: &'static str,
) -> Result<StreamSpecification, Error> {
    StreamSpecification::builder()
        .stream_enabled(true)
        .stream_view_type(sdk_view_type(view))
        .build()
        .map_err(|e| build_error(operation, e))
}

/// The SDK's view type of a declared one.
fn sdk_view_type(view: StreamViewType) -> SdkStreamViewType {
    match view {
        StreamViewType::KeysOnly => SdkStreamViewType::KeysOnly,
        StreamViewType::NewImage => SdkStreamViewType::NewImage,
        StreamViewType::OldImage => SdkStreamViewType::OldImage,
        StreamViewType::NewAndOldImages => SdkStreamViewType::NewAndOldImages,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_view_type_is_sent_as_dynamodb_names_it() {
        for view in [
            StreamViewType::KeysOnly,
            StreamViewType::NewImage,
            StreamViewType::OldImage,
            StreamViewType::NewAndOldImages,
        ] {
            let specification =
                stream_specification(view, "CreateTable").unwrap_or_else(|e| panic!("{e}"));
            assert!(specification.stream_enabled());
            assert_eq!(
                specification
                    .stream_view_type()
                    .map(SdkStreamViewType::as_str),
                Some(view.as_str())
            );
        }
    }
}
