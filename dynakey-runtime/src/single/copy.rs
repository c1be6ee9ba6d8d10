//! Writes of an entity in a key change (docs/semantics.md §10, "A key change during a rolling
//! deploy"): in the expand and switch phases a put, update or delete writes the item in the
//! shape its code reads and its copy in the other shape, in one `TransactWriteItems` (with a
//! `ClientRequestToken`, so a lost answer is resent with it and applied at most once, §5); in the
//! contract phase the item is marked with its shape only.
//!
//! Each copy carries its shape ([`SHAPE_ATTRIBUTE`]) and its twin's table keys
//! ([`TWIN_PARTITION`], [`TWIN_SORT`]): an update or a delete, which is given only the key of the
//! shape it reads, finds the copy's key in the stored item (one strongly consistent `GetItem`
//! first), and a put whose copy moves (a field of the other shape's templates changed) deletes
//! the copy at the old key.

use aws_sdk_dynamodb::types::{AttributeValue, ReturnValue};
use dynakey::__private::expr::{
    Comparator, Condition, Operand, Path, SetOperand, SetValue, UpdateAction, Value,
};
use dynakey::__private::write::Guard;
use dynakey::{Entity, KeyChange, Table, SHAPE_ATTRIBUTE};

use super::action::{Action, Kind};
use super::get::consistent_item;
use super::transact;
use super::unique::key_attributes;
use crate::convert::{string_attribute, Item};
use crate::db::Db;
use crate::error::{Error, Expected, KeyText};
use crate::item::{MARKS, TWIN_PARTITION, TWIN_SORT};

/// What a write of `E` in a key change needs: its shape, the change, and (for a put) the key of
/// the copy, made from the entity's fields.
#[derive(Debug, Clone)]
pub(crate) struct CopyPart {
    entity: &'static str,
    shape: &'static str,
    change: KeyChange,
    /// A put's copy key ([`Entity::other_shape_key`]); `None` for an update or delete.
    key: Option<KeyText>,
}

impl CopyPart {
    /// The copy part of a write of `E`: `None` without a key change.
    pub(crate) fn of<E: Entity>(key: Option<KeyText>) -> Option<CopyPart> {
        E::KEY_CHANGE.map(|change| CopyPart {
            entity: E::ENTITY_NAME,
            shape: E::SHAPE,
            change,
            key,
        })
    }

    /// For a put of `entity`: its copy key, computed now (the future does not hold `E`).
    ///
    /// # Errors
    /// The [`Error::Key`] of the other shape's templates.
    pub(crate) fn of_put<E: Entity>(entity: &E) -> Result<Option<CopyPart>, Error> {
        if E::KEY_CHANGE.is_none_or(|c| !c.writes_copy()) {
            return Ok(Self::of::<E>(None));
        }
        Ok(Self::of::<E>(entity.other_shape_key()?))
    }
}

/// `Error::KeyChangeUnsupported` for `operation` of `E` when `E` is in a phase that writes
/// copies; `Ok` otherwise.
pub(crate) fn refuse<E: Entity>(operation: &'static str) -> Result<(), Error> {
    match E::KEY_CHANGE {
        Some(change) if change.writes_copy() => Err(Error::KeyChangeUnsupported {
            entity: E::ENTITY_NAME,
            phase: change.phase,
            operation,
        }),
        _ => Ok(()),
    }
}

fn s(value: &str) -> AttributeValue {
    AttributeValue::S(value.to_owned())
}

fn set(name: &'static str, value: &str) -> UpdateAction {
    UpdateAction::Set(
        Path::attribute(name),
        SetValue::Operand(SetOperand::Value(Value::S(value.to_owned()))),
    )
}

/// The twin's key a stored item names.
fn twin_of(item: &Item) -> Option<KeyText> {
    let partition = string_attribute(item, TWIN_PARTITION)?;
    let sort = string_attribute(item, TWIN_SORT).map(str::to_owned);
    Some((partition.to_owned(), sort))
}

/// Sends `action` of an entity in a key change: marked with its shape, with its copy in the same
/// transaction in the expand and switch phases.
///
/// The copy's key is read from the stored item first (strongly consistent), and the write is
/// conditioned on the item still naming that copy (or none): when another writer moved the copy
/// in between (a put that changed a field of the other shape's templates), the item is read again
/// and the write made anew, up to the table's retry attempts.
///
/// # Errors
/// As the single-item write; a condition of the write fails it as it would alone.
pub(crate) async fn send<T: Table>(
    db: &Db<T>,
    mut action: Action,
    copy: CopyPart,
    return_values: ReturnValue,
    exactly_once: bool,
) -> Result<Option<Item>, Error> {
    let CopyPart {
        shape,
        change,
        key,
        entity,
    } = copy;
    if !change.writes_copy() {
        mark(&mut action, shape, None);
        return super::write::send_as(db, action, return_values, exactly_once).await;
    }
    if !matches!(return_values, ReturnValue::None | ReturnValue::AllNew) {
        // A transaction returns no item; the new one is read after it, the old one is gone.
        return Err(Error::KeyChangeUnsupported {
            entity,
            phase: change.phase,
            operation: "UpdateItem returning the old or updated attributes",
        });
    }
    let read_key = action.key_attributes_of::<T>();
    let attempts = db.retry_policy().attempts();
    let mut attempt = 1;
    loop {
        let stored = consistent_item(db, read_key.clone()).await?;
        let old_twin = stored.as_ref().and_then(twin_of);
        let mut write = action.clone();
        let guard = names_twin(old_twin.as_ref());
        write.condition = Some(match write.condition.take() {
            Some(condition) => condition.and(guard),
            None => guard,
        });
        let twin = match &write.kind {
            Kind::Put(_) => key.clone(),
            _ => old_twin.clone(),
        };
        let sent = match &twin {
            // No copy to write: an update or delete of an item written before the change (the
            // backfill copies it), or of none.
            None => {
                mark(&mut write, shape, None);
                super::write::send_as(db, write, return_values.clone(), exactly_once).await
            }
            Some(twin) => {
                mark(&mut write, shape, Some(twin));
                let mut actions = vec![
                    write.clone(),
                    copy_of::<T>(&write, twin, change.other_shape),
                ];
                if let (Kind::Put(_), Some(old)) = (&write.kind, &old_twin) {
                    if old != twin {
                        actions.push(Action {
                            kind: Kind::Delete,
                            key: old.clone(),
                            key_attributes: key_attributes::<T>(old),
                            condition: None,
                            expected: Expected::guard(Guard::Any),
                            unique: None,
                        });
                    }
                }
                match transact::all_or_error(db, actions).await {
                    Ok(()) if return_values == ReturnValue::AllNew => {
                        consistent_item(db, read_key.clone()).await
                    }
                    Ok(()) => Ok(None),
                    Err(e) => Err(e),
                }
            }
        };
        let refused = matches!(
            sent,
            Err(Error::ConditionFailed { .. }
                | Error::VersionConflict { .. }
                | Error::NotFound { .. }
                | Error::AlreadyExists { .. })
        );
        if !refused || attempt >= attempts {
            return sent;
        }
        // Refused by the caller's condition, or by the guard: only a copy moved since the read
        // is tried again.
        let fresh = consistent_item(db, read_key.clone()).await?;
        if fresh.as_ref().and_then(twin_of) == old_twin {
            return sent;
        }
        attempt += 1;
    }
}

/// The condition that the stored item names `twin` as its copy (or none, or is absent).
fn names_twin(twin: Option<&KeyText>) -> Condition {
    let is = |name: &'static str, value: &str| {
        Condition::compare(
            Operand::Path(Path::attribute(name)),
            Comparator::Eq,
            Operand::Value(Value::S(value.to_owned())),
        )
    };
    match twin {
        None => Condition::attribute_not_exists(Path::attribute(TWIN_PARTITION)),
        Some((partition, sort)) => {
            let mut all = vec![is(TWIN_PARTITION, partition)];
            if let Some(sort) = sort {
                all.push(is(TWIN_SORT, sort));
            }
            Condition::And(all)
        }
    }
}

/// Marks the write with its shape and, when it has a copy, the copy's key.
fn mark(action: &mut Action, shape: &str, twin: Option<&KeyText>) {
    match &mut action.kind {
        Kind::Put(item) => {
            item.insert(SHAPE_ATTRIBUTE.to_owned(), s(shape));
            if let Some((partition, sort)) = twin {
                item.insert(TWIN_PARTITION.to_owned(), s(partition));
                if let Some(sort) = sort {
                    item.insert(TWIN_SORT.to_owned(), s(sort));
                }
            }
        }
        Kind::Update(actions) => {
            actions.push(set(SHAPE_ATTRIBUTE, shape));
            if let Some((partition, sort)) = twin {
                actions.push(set(TWIN_PARTITION, partition));
                if let Some(sort) = sort {
                    actions.push(set(TWIN_SORT, sort));
                }
            }
        }
        Kind::Delete | Kind::Check => {}
    }
}

/// The copy of `action` at `twin`, in shape `other_shape`: the same item with the twin's table
/// keys (a put), the same update actions (an update: before the backfill it may create a partial
/// copy, which the backfill overwrites), or a delete; unconditioned.
fn copy_of<T: Table>(action: &Action, twin: &KeyText, other_shape: &str) -> Action {
    let key_attributes = key_attributes::<T>(twin);
    let (partition, sort) = &action.key;
    let kind = match &action.kind {
        Kind::Put(item) => {
            let mut item = item.clone();
            item.extend(key_attributes.clone());
            item.insert(SHAPE_ATTRIBUTE.to_owned(), s(other_shape));
            item.insert(TWIN_PARTITION.to_owned(), s(partition));
            match sort {
                Some(sort) => item.insert(TWIN_SORT.to_owned(), s(sort)),
                None => item.remove(TWIN_SORT),
            };
            Kind::Put(item)
        }
        Kind::Update(actions) => {
            let mut actions: Vec<UpdateAction> = actions
                .iter()
                .filter(|a| !MARKS.contains(&a.path().top()))
                .cloned()
                .collect();
            actions.push(set(SHAPE_ATTRIBUTE, other_shape));
            actions.push(set(TWIN_PARTITION, partition));
            if let Some(sort) = sort {
                actions.push(set(TWIN_SORT, sort));
            }
            Kind::Update(actions)
        }
        Kind::Delete | Kind::Check => Kind::Delete,
    };
    Action {
        kind,
        key: twin.clone(),
        key_attributes,
        condition: None,
        expected: Expected::guard(Guard::Any),
        unique: None,
    }
}
