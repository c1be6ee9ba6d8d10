//! What a refused, cancelled or failed write says (AWS developer guide, "Amazon DynamoDB
//! Transactions — Error handling"; API reference, `TransactWriteItems`,
//! `TransactionCanceledException`): the typed reason of each action, by its index; what a write
//! expected of its item, to tell a refused condition apart; and the request a failed transaction
//! was, to send it again ([`Resend`]).

use std::fmt;

use aws_sdk_dynamodb::types::TransactWriteItem;
use dynakey::__private::write::Guard;

use super::Error;

/// An item's primary key as strings: the partition key and, on a table with one, the sort key.
pub(crate) type KeyText = (String, Option<String>);

/// What a write required of the item under its key, to tell a refused condition
/// (`ConditionalCheckFailed`) apart: [`Error::NotFound`], [`Error::AlreadyExists`],
/// [`Error::VersionConflict`] or [`Error::ConditionFailed`].
#[derive(Debug, Clone, Copy)]
pub(crate) struct Expected {
    pub(crate) guard: Guard,
    /// The version the write expected, for a versioned entity (0: no item was to exist).
    pub(crate) version: Option<u64>,
    pub(crate) version_attribute: Option<&'static str>,
}

impl Expected {
    /// Nothing but the existence `guard`.
    pub(crate) fn guard(guard: Guard) -> Expected {
        Expected {
            guard,
            version: None,
            version_attribute: None,
        }
    }
}

/// How the cancellation reason of one item of a `TransactWriteItems` reads, for the caller's
/// action it serves.
#[derive(Debug, Clone)]
pub(crate) enum Reading {
    /// The item of the caller's action `action`: a failed condition is that write's own error,
    /// told apart by `expected`. `internal`: its condition is only what the runtime added (a
    /// guard that the item read for its uniqueness items is unchanged).
    Action {
        action: usize,
        key: KeyText,
        expected: Expected,
        internal: bool,
    },
    /// A uniqueness item that action `action` puts: a failed condition means another item holds
    /// the value.
    Taken {
        action: usize,
        entity: &'static str,
        fields: Vec<&'static str>,
        key: String,
    },
    /// An item the runtime checks for action `action` (the item it read is unchanged, or a
    /// uniqueness item given up still has the owner it had): a failed condition means that item
    /// changed since it was read.
    Changed { action: usize, key: KeyText },
}

impl Reading {
    /// The caller's action the item serves.
    pub(crate) fn action(&self) -> usize {
        match self {
            Reading::Action { action, .. }
            | Reading::Taken { action, .. }
            | Reading::Changed { action, .. } => *action,
        }
    }
}

/// A `TransactWriteItems` as rendered: its items in request order, how each one's cancellation
/// reason reads, and how many actions the caller gave.
#[derive(Debug, Clone)]
pub(crate) struct Rendered {
    pub(crate) items: Vec<TransactWriteItem>,
    pub(crate) readings: Vec<Reading>,
    pub(crate) actions: usize,
}

/// The rendered request of a transaction that failed with [`Error::TransactionFailed`] (its
/// items, conditions, values, managed timestamps and uniqueness items as sent) and its
/// `ClientRequestToken`. Sending it again within 10 minutes of the first send is safe: DynamoDB
/// applies a token's request at most once and answers a repeat with success.
#[derive(Clone)]
pub struct Resend {
    pub(crate) request: Rendered,
    pub(crate) token: String,
}

impl fmt::Debug for Resend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Resend")
            .field("client_request_token", &self.token)
            .field("items", &self.request.items.len())
            .finish_non_exhaustive()
    }
}

impl Resend {
    /// The `ClientRequestToken` the request is sent with.
    pub fn client_request_token(&self) -> &str {
        &self.token
    }
}

/// Why a transaction was refused before any request (nothing was sent, nothing written).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TransactionRefusal {
    /// No action: DynamoDB requires 1 to 100.
    #[error("a transaction needs at least one action")]
    Empty,
    /// More than 100 actions (DynamoDB's limit per `TransactWriteItems` and `TransactGetItems`,
    /// counting the uniqueness items of `#[unique(…)]` entities).
    #[error("{count} actions, over DynamoDB's limit of {limit} per transaction")]
    TooManyActions {
        /// The actions the request would hold.
        count: usize,
        /// The limit, 100.
        limit: usize,
    },
    /// Two actions on one item: DynamoDB refuses a transaction that names an item twice. Also
    /// two actions of which one frees a `#[unique(…)]` value and the other takes it (a swap):
    /// both name its uniqueness item.
    #[error(
        "actions {first} and {second} are both on the item with partition key {partition:?}{}; \
         DynamoDB lets a transaction name an item once{}",
        sort.as_ref().map(|s| format!(" and sort key {s:?}")).unwrap_or_default(),
        if partition.starts_with(dynakey::__private::unique::UNIQUE_PREFIX) {
            " (a uniqueness item: one action frees the unique value the other takes; make the \
             two writes in two transactions)"
        } else {
            ""
        }
    )]
    SameItem {
        /// The index of the first action on the item.
        first: usize,
        /// The index of the second.
        second: usize,
        /// The item's partition key.
        partition: String,
        /// The item's sort key, on a table with a sort key.
        sort: Option<String>,
    },
    /// The items and values over 4 MB, DynamoDB's limit on a transaction's total size.
    #[error("{size} bytes of items and values, over DynamoDB's 4 MB limit per transaction")]
    TooLarge {
        /// The size in bytes, counted as DynamoDB counts item sizes.
        size: usize,
    },
    /// A `ClientRequestToken` that is not 1 to 36 characters long (DynamoDB's length constraint,
    /// API reference `TransactWriteItems`).
    #[error(
        "a ClientRequestToken is 1 to 36 characters long, this one is {length}; a UUID (36) fits"
    )]
    ClientRequestToken {
        /// Its length, in characters.
        length: usize,
    },
    /// An update of a `#[unique(…)]` field other than `SET` to a value or `REMOVE` (an `ADD`, a
    /// list append…): the new value, hence its uniqueness item, would be known only after the
    /// write. Set the whole value instead.
    #[error(
        "attribute {attribute:?} is unique: update it with `set` (or `remove`), so that its new \
         value is known before the write"
    )]
    UniqueFieldOperation {
        /// The attribute.
        attribute: String,
    },
    /// An update that changes a `#[unique(…)]` field asked for return values: it runs as
    /// `TransactWriteItems`, which returns none. Read the item after the update instead.
    #[error(
        "an update that changes a unique field runs as a transaction, which returns no item: \
         drop `returning_…` and read the item after the update"
    )]
    ReturnValues,
}

/// A `TransactWriteItems` that DynamoDB cancelled (`TransactionCanceledException`): nothing was
/// written. `reasons[i]` is the reason of the caller's action `i` (in the order the actions were
/// added), mapped from `CancellationReasons`, which DynamoDB returns in request order.
#[derive(Debug)]
pub struct TransactionCanceled {
    /// The `ClientRequestToken` the transaction was sent with.
    pub client_request_token: String,
    /// One reason per action, [`CancelReason::None`] for an action that did not fail.
    pub reasons: Vec<CancelReason>,
}

impl TransactionCanceled {
    /// The first action that failed, with its reason.
    pub fn first_failure(&self) -> Option<(usize, &CancelReason)> {
        self.reasons
            .iter()
            .enumerate()
            .find(|(_, r)| !matches!(r, CancelReason::None))
    }

    /// `true` when every failure is a `TransactionConflict` or throttling: sending the same
    /// transaction again may succeed.
    pub fn is_retryable(&self) -> bool {
        self.reasons.iter().all(|r| {
            matches!(
                r,
                CancelReason::None
                    | CancelReason::TransactionConflict
                    | CancelReason::Throttled { .. }
            )
        })
    }
}

impl fmt::Display for TransactionCanceled {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the transaction (ClientRequestToken {:?}) was cancelled and nothing was written",
            self.client_request_token
        )?;
        for (i, reason) in self.reasons.iter().enumerate() {
            if !matches!(reason, CancelReason::None) {
                write!(f, "; action {i}: {reason}")?;
            }
        }
        Ok(())
    }
}

impl std::error::Error for TransactionCanceled {}

/// Why one action of a cancelled transaction failed (the `Code` of its `CancellationReason`).
#[derive(Debug)]
#[non_exhaustive]
pub enum CancelReason {
    /// `None`: this action did not fail (another one cancelled the transaction).
    None,
    /// `ConditionalCheckFailed` on the action's own item, told apart as its single-item request
    /// would be: [`Error::NotFound`], [`Error::AlreadyExists`], [`Error::VersionConflict`] or
    /// [`Error::ConditionFailed`], with the item as stored (`ReturnValuesOnConditionCheckFailure =
    /// ALL_OLD`); [`CancelReason::current`] decodes it.
    ConditionFailed(Box<Error>),
    /// The uniqueness item of one of the entity's `#[unique(…)]` constraints is taken:
    /// another item holds the value.
    NotUnique {
        /// The fields of the constraint.
        fields: Vec<&'static str>,
        /// The uniqueness item's key text.
        key: String,
    },
    /// `TransactionConflict`: another transaction or write was under way on an item.
    TransactionConflict,
    /// `ProvisionedThroughputExceeded`, `ThrottlingError` or `RequestLimitExceeded`.
    Throttled {
        /// The code.
        code: String,
    },
    /// `ValidationError`: DynamoDB refused the action as sent.
    Validation {
        /// DynamoDB's message.
        message: Option<String>,
    },
    /// Any other code (e.g. `ItemCollectionSizeLimitExceeded`).
    Other {
        /// The code.
        code: String,
        /// DynamoDB's message.
        message: Option<String>,
    },
}

impl CancelReason {
    /// The item as stored when the action's condition failed, decoded into `E` (`None` for
    /// other reasons and when no item is stored).
    ///
    /// # Errors
    /// [`Error::Decode`] when it does not decode.
    pub fn current<E>(&self) -> Option<Result<E, Error>>
    where
        E: dynakey::Entity + serde::de::DeserializeOwned,
    {
        match self {
            CancelReason::ConditionFailed(error) => error.current::<E>(),
            _ => None,
        }
    }

    /// The reason for a `CancellationReason` code that is not a condition.
    pub(crate) fn from_code(code: &str, message: Option<&str>) -> CancelReason {
        match code {
            "None" | "" => CancelReason::None,
            "TransactionConflict" => CancelReason::TransactionConflict,
            "ProvisionedThroughputExceeded" | "ThrottlingError" | "RequestLimitExceeded" => {
                CancelReason::Throttled {
                    code: code.to_owned(),
                }
            }
            "ValidationError" => CancelReason::Validation {
                message: message.map(str::to_owned),
            },
            _ => CancelReason::Other {
                code: code.to_owned(),
                message: message.map(str::to_owned),
            },
        }
    }
}

impl fmt::Display for CancelReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CancelReason::None => f.write_str("none"),
            CancelReason::ConditionFailed(e) => write!(f, "{e}"),
            CancelReason::NotUnique { fields, key } => {
                write!(
                    f,
                    "not unique: {} (uniqueness item {key:?} is taken)",
                    fields.join("+")
                )
            }
            CancelReason::TransactionConflict => f.write_str("TransactionConflict"),
            CancelReason::Throttled { code } => write!(f, "throttled ({code})"),
            CancelReason::Validation { message } => {
                write!(f, "ValidationError: {}", message.as_deref().unwrap_or(""))
            }
            CancelReason::Other { code, message } => {
                write!(f, "{code}: {}", message.as_deref().unwrap_or(""))
            }
        }
    }
}
