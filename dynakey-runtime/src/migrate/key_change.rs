//! A migration of an entity in a key change (docs/semantics.md §10, "A key change during a
//! rolling deploy"): in the expand phase the **backfill** (every item of the current shape gets
//! its copy in the next shape, equal to it; a copy whose item is gone or whose item's copy key
//! moved is an orphan and is deleted); in the contract phase the **cleanup** (every item of the
//! previous shape is deleted); in the switch phase nothing. Each write is conditioned on the item
//! as scanned, read again and retried when another writer changed it, like a rewrite
//! (`migrate::item`).

use aws_sdk_dynamodb::types::AttributeValue;
use dynakey::__private::expr::{Path, SetValue, UpdateAction};
use dynakey::__private::write::Guard;
use dynakey::{Entity, InTable, Key, KeyChange, KeyChangePhase, Table, SHAPE_ATTRIBUTE};
use serde::de::DeserializeOwned;
use serde::Serialize;

use super::item::{
    about_the_item, failure, failure_at, key_attributes, unchanged, Done, Owner, Planned,
};
use crate::convert::{string_attribute, Item};
use crate::db::Db;
use crate::error::{Error, Expected, KeyText};
use crate::item::{from_entity_item, key_strings};
use crate::item::{TWIN_PARTITION, TWIN_SORT};
use crate::read::owner::is_own_item;
use crate::single::transact::all_or_error;
use crate::single::write::{Action, Kind};

/// Which shape of `E` an item is stored in.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// The shape `E` reads.
    Read,
    /// The other shape of its key change.
    Other,
}

/// The shape of `item` when it is `E`'s: marked with `E`'s shape (or unmarked) and with keys `E`
/// reads, or marked with the other shape (or unmarked) and with keys of the other shape only.
fn shape_of<T: Table, E: Entity>(item: &Item, change: &KeyChange) -> Option<Shape> {
    let partition = string_attribute(item, T::PARTITION_KEY)?;
    let sort = T::SORT_KEY.and_then(|name| string_attribute(item, name));
    if is_own_item::<T>(item) {
        return None;
    }
    let named = E::ENTITY_TYPE_ATTRIBUTE
        .is_none_or(|name| string_attribute(item, name).is_none_or(|v| v == E::ENTITY_NAME));
    if !named {
        return None;
    }
    match string_attribute(item, SHAPE_ATTRIBUTE) {
        Some(shape) if E::reads_shape(shape) => {
            Key::<E>::is_key(partition, sort).then_some(Shape::Read)
        }
        Some(shape) if shape == change.other_shape => {
            change.other.fits(partition, sort).then_some(Shape::Other)
        }
        Some(_) => None,
        None if Key::<E>::is_key(partition, sort) => Some(Shape::Read),
        None if Key::<E>::is_other_shape(partition, sort) => Some(Shape::Other),
        None => None,
    }
}

/// Whose `item` is, for a migration of `E` in a key change: `E`'s in either shape.
pub(crate) fn owns<T: Table, E: InTable<T>>(item: &Item) -> Owner {
    match E::KEY_CHANGE.and_then(|change| shape_of::<T, E>(item, &change)) {
        Some(_) => Owner::Mine,
        None => Owner::Not,
    }
}

/// What `item` needs, as far as the item alone tells (a dry run reads nothing else): in the expand
/// phase an item without its copy's key (`_twin_pk`) needs a copy; in the contract phase an item
/// of the previous shape is removed; everything else is current.
pub(crate) fn plan<T, E>(item: &Item) -> Planned
where
    T: Table,
    E: InTable<T> + Serialize + DeserializeOwned,
{
    let Some(change) = E::KEY_CHANGE else {
        return Planned::Other;
    };
    let Some(shape) = shape_of::<T, E>(item, &change) else {
        return Planned::Other;
    };
    match (change.phase, shape) {
        (KeyChangePhase::Expand, Shape::Read) => match copy_key::<E>(item) {
            Ok(key) if twin_of(item).as_ref() == Some(&key) => Planned::Current,
            Ok(_) => Planned::Copy,
            Err(reason) => Planned::Failed(reason),
        },
        (KeyChangePhase::Contract, Shape::Other) => Planned::Remove,
        _ => Planned::Current,
    }
}

/// The key of the copy of `item` (an item of `E`'s read shape), from its fields.
fn copy_key<E: Entity + DeserializeOwned>(item: &Item) -> Result<KeyText, String> {
    let entity: E = from_entity_item(item.clone())
        .map_err(|e| format!("it does not decode into `{}`: {e}", E::ENTITY_NAME))?;
    match entity.other_shape_key() {
        Ok(Some(key)) => Ok(key),
        Ok(None) => Err("the entity declares no key change".to_owned()),
        Err(e) => Err(format!("its key in the next shape cannot be made: {e}")),
    }
}

/// The key of the twin an item names (`_twin_pk`, `_twin_sk`).
fn twin_of(item: &Item) -> Option<KeyText> {
    let partition = string_attribute(item, TWIN_PARTITION)?;
    Some((
        partition.to_owned(),
        string_attribute(item, TWIN_SORT).map(str::to_owned),
    ))
}

fn s(value: &str) -> AttributeValue {
    AttributeValue::S(value.to_owned())
}

/// The copy of `item` (stored at `key`) at `twin`: the item as stored, its table keys those of
/// `twin`, marked with `shape` and naming `key` as its twin.
fn copy_image<T: Table>(item: &Item, key: &KeyText, twin: &KeyText, shape: &str) -> Item {
    let mut copy = item.clone();
    copy.insert(T::PARTITION_KEY.to_owned(), s(&twin.0));
    if let (Some(name), Some(sort)) = (T::SORT_KEY, &twin.1) {
        copy.insert(name.to_owned(), s(sort));
    }
    copy.insert(SHAPE_ATTRIBUTE.to_owned(), s(shape));
    copy.insert(TWIN_PARTITION.to_owned(), s(&key.0));
    match &key.1 {
        Some(sort) => copy.insert(TWIN_SORT.to_owned(), s(sort)),
        None => copy.remove(TWIN_SORT),
    };
    copy
}

/// `item` without dynakey's marks, for comparing an item with its copy.
fn without_keys<T: Table>(item: &Item) -> Item {
    let mut item = item.clone();
    for name in [T::PARTITION_KEY, SHAPE_ATTRIBUTE, TWIN_PARTITION, TWIN_SORT]
        .into_iter()
        .chain(T::SORT_KEY)
    {
        item.remove(name);
    }
    item
}

/// The version `item` holds, for a versioned entity.
fn version_of<E: Entity>(item: &Item) -> Result<Option<u64>, String> {
    match E::MANAGED.version().map(|name| item.get(name)) {
        None | Some(None) | Some(Some(AttributeValue::Null(_))) => Ok(None),
        Some(Some(AttributeValue::N(n))) => n
            .parse::<u64>()
            .map(Some)
            .map_err(|_| format!("its version {n:?} is not a whole number ≥ 0")),
        Some(Some(_)) => Err("its version is not a number".to_owned()),
    }
}

/// What one step of the backfill or cleanup of an item sends.
enum Step {
    Done(Done),
    /// The item's write, the writes that go with it in one transaction, and what it does.
    Send(Box<Action>, Vec<Action>, Done),
}

/// Works out the write one scanned item needs, reading what the item alone does not tell: its
/// copy (is it equal?) or, for a copy, its item (is it still the copy's twin?).
async fn step<T, E>(db: &Db<T>, item: &Item) -> Result<Step, Error>
where
    T: Table,
    E: InTable<T> + Serialize + DeserializeOwned,
{
    let Some(change) = E::KEY_CHANGE else {
        return Ok(Step::Done(Done::Other));
    };
    let Some(shape) = shape_of::<T, E>(item, &change) else {
        return Ok(Step::Done(Done::Other));
    };
    let (partition, sort) = key_strings::<T>(item);
    let key: KeyText = (partition.unwrap_or_default(), sort);
    let fail = |reason: String| {
        Ok(Step::Done(Done::Failed(failure::<T>(
            E::ENTITY_NAME,
            item,
            reason,
        ))))
    };
    if let Err(e) = crate::item::known_in::<T>(item) {
        return fail(e.to_string());
    }
    let version = match version_of::<E>(item) {
        Ok(version) => version,
        Err(reason) => return fail(reason),
    };
    match (change.phase, shape) {
        (KeyChangePhase::Expand, Shape::Read) => {
            let twin = match copy_key::<E>(item) {
                Ok(twin) => twin,
                Err(reason) => return fail(reason),
            };
            let copy = copy_image::<T>(item, &key, &twin, change.other_shape);
            let old_twin = twin_of(item);
            if old_twin.as_ref() == Some(&twin) {
                let stored = Box::pin(crate::single::consistent_item(
                    db,
                    crate::single::key_item::<T>(&twin),
                ))
                .await?;
                if stored
                    .is_some_and(|stored| without_keys::<T>(&stored) == without_keys::<T>(&copy))
                {
                    return Ok(Step::Done(Done::Current));
                }
            }
            // The item marked and naming its copy, on the condition that it is as scanned; the
            // copy put as the item is stored; a copy at the key the item named before deleted.
            let mut marked = item.clone();
            marked.insert(SHAPE_ATTRIBUTE.to_owned(), s(E::SHAPE));
            marked.insert(TWIN_PARTITION.to_owned(), s(&twin.0));
            let mut updates = vec![(SHAPE_ATTRIBUTE, s(E::SHAPE)), (TWIN_PARTITION, s(&twin.0))];
            if let Some(sort) = &twin.1 {
                marked.insert(TWIN_SORT.to_owned(), s(sort));
                updates.push((TWIN_SORT, s(sort)));
            }
            let (condition, expected) = match unchanged::<E>(item, &marked, version) {
                Ok(condition) => condition,
                Err(reason) => return fail(reason),
            };
            let actions = updates
                .into_iter()
                .map(|(name, value)| {
                    UpdateAction::Set(Path::attribute(name), SetValue::value(value.into()))
                })
                .collect();
            let marked = Action {
                kind: Kind::Update(actions),
                key: key.clone(),
                key_attributes: key_attributes::<T>(item),
                condition,
                expected,
                unique: None,
            };
            let mut more = vec![Action::put::<T>(
                copy,
                None,
                Expected::guard(Guard::Any),
                None,
            )];
            if let Some(old) = old_twin.filter(|old| *old != twin) {
                more.push(delete::<T>(old, None, Expected::guard(Guard::Any)));
            }
            Ok(Step::Send(Box::new(marked), more, Done::Copied))
        }
        (KeyChangePhase::Expand, Shape::Other) => {
            // A copy is an orphan when its item is gone or names another copy key.
            let Some(item_key) = twin_of(item) else {
                return Ok(Step::Done(Done::Current));
            };
            let twin = Box::pin(crate::single::consistent_item(
                db,
                crate::single::key_item::<T>(&item_key),
            ))
            .await?;
            let orphan = match twin {
                None => true,
                Some(twin) => copy_key::<E>(&twin).is_ok_and(|k| k != key),
            };
            if !orphan {
                return Ok(Step::Done(Done::Current));
            }
            remove::<T, E>(item, key, version)
        }
        (KeyChangePhase::Contract, Shape::Other) => remove::<T, E>(item, key, version),
        _ => Ok(Step::Done(Done::Current)),
    }
}

/// The delete of `item` (at `key`) on the condition that it is as scanned.
fn remove<T: Table, E: Entity>(
    item: &Item,
    key: KeyText,
    version: Option<u64>,
) -> Result<Step, Error> {
    match unchanged::<E>(item, item, version) {
        Ok((condition, expected)) => Ok(Step::Send(
            Box::new(delete::<T>(key, condition, expected)),
            Vec::new(),
            Done::Removed,
        )),
        Err(reason) => Ok(Step::Done(Done::Failed(failure::<T>(
            E::ENTITY_NAME,
            item,
            reason,
        )))),
    }
}

fn delete<T: Table>(
    key: KeyText,
    condition: Option<dynakey::__private::expr::Condition>,
    expected: Expected,
) -> Action {
    Action {
        kind: Kind::Delete,
        key_attributes: crate::single::key_item::<T>(&key),
        key,
        condition,
        expected,
        unique: None,
    }
}

/// Backfills or cleans up one scanned item of `E`; on a failed condition reads it again
/// (strongly consistent) and starts over, up to `attempts` times.
///
/// # Errors
/// An error of the service that is not about this item: the run stops.
pub(crate) async fn migrate<T, E>(db: &Db<T>, item: Item, attempts: u32) -> Result<Done, Error>
where
    T: Table,
    E: InTable<T> + Serialize + DeserializeOwned,
{
    let mut item = item;
    let mut attempt = 1;
    loop {
        let (first, more, done) = match step::<T, E>(db, &item).await? {
            Step::Done(done) => return Ok(done),
            Step::Send(first, more, done) => (first, more, done),
        };
        let key = first.key.clone();
        let sent = if more.is_empty() {
            crate::single::write::send(db, *first, aws_sdk_dynamodb::types::ReturnValue::None)
                .await
                .map(drop)
        } else {
            all_or_error(db, std::iter::once(*first).chain(more).collect()).await
        };
        let unknown = match sent {
            Ok(()) => return Ok(done),
            Err(
                Error::VersionConflict { .. }
                | Error::NotFound { .. }
                | Error::ConditionFailed { .. },
            ) => false,
            Err(Error::OutcomeUnknown(_)) => true,
            Err(e) if about_the_item(&e) => {
                return Ok(Done::Failed(failure_at(E::ENTITY_NAME, key, e.to_string())))
            }
            Err(e) => return Err(e),
        };
        let fresh = Box::pin(crate::single::consistent_item(
            db,
            crate::single::key_item::<T>(&key),
        ))
        .await?;
        match fresh {
            // Deleted: by this cleanup if its answer was lost, else by another writer.
            None if unknown && matches!(done, Done::Removed) => return Ok(Done::Removed),
            None => return Ok(Done::Gone),
            Some(fresh) => item = fresh,
        }
        if attempt >= attempts {
            let reason = format!("it changed under the migration {attempts} times in a row");
            return Ok(Done::Failed(failure::<T>(E::ENTITY_NAME, &item, reason)));
        }
        attempt += 1;
    }
}
