//! What an SDK error becomes: [`Error::Sdk`] with the service's code and message, or the typed
//! error of a refused condition ([`refused`]) and of each action of a cancelled transaction
//! ([`cancel_reasons`]).

use aws_sdk_dynamodb::error::{BuildError, DisplayErrorContext, SdkError};
use aws_sdk_dynamodb::types::CancellationReason;
use dynakey::__private::write::Guard;

use crate::convert::Item;
use crate::error::{CancelReason, Error, Expected, KeyText, Reading};

/// An SDK error of `operation` as [`Error::Sdk`], keeping the service's error code and message
/// visible.
pub(crate) fn sdk_error<E, R>(operation: &'static str, error: SdkError<E, R>) -> Error
where
    E: std::error::Error + Send + Sync + 'static,
    R: std::fmt::Debug + Send + Sync + 'static,
{
    Error::Sdk {
        operation,
        message: DisplayErrorContext(&error).to_string(),
        source: Box::new(error),
    }
}

/// A request builder's error (a required member missing) of `operation`, as [`Error::Sdk`].
pub(crate) fn build_error(operation: &'static str, error: BuildError) -> Error {
    Error::Sdk {
        operation,
        message: error.to_string(),
        source: Box::new(error),
    }
}

/// The typed error of a refused condition on the item at `key`, from what the write `expected`
/// and the item DynamoDB returned with the refusal (`current`).
pub(crate) fn refused(
    table: &str,
    (partition, sort): KeyText,
    expected: Expected,
    current: Option<Item>,
) -> Error {
    let table = table.to_owned();
    if let Some(expected_version) = expected.version {
        let found = expected
            .version_attribute
            .and_then(|a| current.as_ref()?.get(a))
            .and_then(|v| v.as_n().ok()?.parse::<u64>().ok());
        if found != Some(expected_version) && !(expected_version == 0 && current.is_none()) {
            return Error::VersionConflict {
                table,
                partition,
                sort,
                expected: expected_version,
                found,
                current: current.map(Box::new),
            };
        }
    }
    match (expected.guard, &current) {
        (Guard::Exists, None) => Error::NotFound {
            table,
            partition,
            sort,
        },
        (Guard::Absent, Some(_)) => Error::AlreadyExists {
            table,
            partition,
            sort,
        },
        _ => Error::ConditionFailed {
            table,
            partition,
            sort,
            current: current.map(Box::new),
        },
    }
}

/// One reason per caller's action (`actions` of them) of a cancelled `TransactWriteItems`, from
/// the `CancellationReasons` of its items (in request order, read by `readings`): an action's
/// own condition first, then its uniqueness items and guards.
pub(crate) fn cancel_reasons(
    table: &str,
    actions: usize,
    readings: &[Reading],
    reasons: Vec<CancellationReason>,
) -> Vec<CancelReason> {
    let mut out: Vec<CancelReason> = (0..actions).map(|_| CancelReason::None).collect();
    for (reading, reason) in readings.iter().zip(reasons) {
        let code = reason.code().unwrap_or("None");
        let i = reading.action();
        if !matches!(out[i], CancelReason::None) || code == "None" {
            continue;
        }
        out[i] = if code == "ConditionalCheckFailed" {
            match reading {
                Reading::Action { key, expected, .. } => CancelReason::ConditionFailed(Box::new(
                    refused(table, key.clone(), *expected, reason.item),
                )),
                Reading::Taken { fields, key, .. } => CancelReason::NotUnique {
                    fields: fields.clone(),
                    key: key.clone(),
                },
                // A uniqueness item of another owner where this item's was, or the item read
                // changed since: a condition that no longer holds.
                Reading::Changed { key, .. } => {
                    CancelReason::ConditionFailed(Box::new(Error::ConditionFailed {
                        table: table.to_owned(),
                        partition: key.0.clone(),
                        sort: key.1.clone(),
                        current: reason.item.map(Box::new),
                    }))
                }
            }
        } else {
            CancelReason::from_code(code, reason.message())
        };
    }
    out
}
