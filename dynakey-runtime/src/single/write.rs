//! Sending one [`Action`] alone (`PutItem`, `DeleteItem`, `UpdateItem`), or as a transaction of
//! its own when it keeps uniqueness items ([`transact`](super::transact)).

use aws_sdk_dynamodb::types::ReturnValue;
use dynakey::__private::write::Guard;
use dynakey::{ListedEntity, Table};

pub(crate) use super::action::{key_text, push_condition, Action, Kind};
use super::settle;
use super::transact;
use super::unique::{self, NewValues, UniquePart};
use crate::convert::Item;
use crate::db::Db;
use crate::error::{Error, Expected, KeyText, SentKind, SentWrite};

/// Sends one action alone — `PutItem`, `DeleteItem`, or `UpdateItem` asking for
/// `return_values` (the attributes it returned) — under the table's retry policy, a lost answer
/// settled ([`settle`]); or, for an entity with `#[unique(…)]` (and a condition check), as a
/// transaction with its uniqueness items.
pub(crate) async fn send<T: Table>(
    db: &Db<T>,
    action: Action,
    return_values: ReturnValue,
) -> Result<Option<Item>, Error> {
    if action.unique.is_some() {
        return transact::single(db, action).await.map(|()| None);
    }
    let Action {
        kind,
        key,
        key_attributes,
        condition,
        expected,
        unique,
    } = action;
    let kind = match kind {
        Kind::Put(item) => SentKind::Put(item),
        Kind::Delete => SentKind::Delete {
            key: key_attributes,
        },
        Kind::Update(actions) => SentKind::Update {
            key: key_attributes,
            actions,
        },
        // A condition check alone is a transaction of one `ConditionCheck`.
        Kind::Check => {
            let check = Action {
                kind: Kind::Check,
                key,
                key_attributes,
                condition,
                expected,
                unique,
            };
            return transact::single(db, check).await.map(|()| None);
        }
    };
    let mut sent = SentWrite {
        kind,
        key,
        condition,
        expected,
        return_values,
    };
    settle::send(db, &mut sent, false).await
}

/// As [`send`], or, for a write made with `.exactly_once()`, as a `TransactWriteItems` of this
/// one action with a generated `ClientRequestToken`: after a lost answer it is resent with the
/// token, which DynamoDB applies at most once within 10 minutes, so the write is settled
/// without ever applying twice, whoever writes the item meanwhile (docs/semantics.md §5, "A lost
/// answer"). It returns no item (a transaction returns none).
pub(crate) async fn send_as<T: Table>(
    db: &Db<T>,
    action: Action,
    return_values: ReturnValue,
    exactly_once: bool,
) -> Result<Option<Item>, Error> {
    if exactly_once {
        return transact::single(db, action).await.map(|()| None);
    }
    send(db, action, return_values).await
}

/// Deletes the item at `key`, an item of `entity` in its table's list, as [`Db::delete`] does
/// (one `DeleteItem`; for an entity with `#[unique(…)]`, one `TransactWriteItems` that deletes
/// its uniqueness items too, after reading them): what [`Db::delete_all`] does to such items.
///
/// Returns the number of uniqueness items deleted with it (0 for an entity without
/// `#[unique(…)]`, or for a unique value left unset).
///
/// # Errors
/// As [`send`].
pub(crate) async fn delete_listed<T: Table>(
    db: &Db<T>,
    entity: &ListedEntity,
    key: KeyText,
) -> Result<usize, Error> {
    let key_attributes = unique::key_attributes::<T>(&key);
    let unique = (!entity.unique().is_empty()).then(|| UniquePart {
        entity: entity.name(),
        constraints: entity.unique(),
        read: Some((key_attributes.clone(), key.clone())),
        owner: key.clone(),
        replaces: None,
        new: NewValues::Gone,
    });
    let action = Action {
        kind: Kind::Delete,
        key,
        key_attributes,
        condition: None,
        expected: Expected::guard(Guard::Any),
        unique,
    };
    if action.unique.is_some() {
        return transact::all_or_error_counted(db, vec![action]).await;
    }
    send(db, action, ReturnValue::None).await.map(|_| 0)
}
