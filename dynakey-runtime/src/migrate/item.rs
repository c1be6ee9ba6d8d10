//! One item of a migration: whether it is the entity's (in any declared shape), what its newest
//! shape changes, and the one conditioned write that changes it — read again and retried when
//! another writer changed it in between, so that no writer's update is lost.

use aws_sdk_dynamodb::types::{AttributeValue, ReturnValue};
use dynakey::__private::expr::{Comparator, Condition, Operand, Path, SetValue, UpdateAction};
use dynakey::__private::write::{condition, Guard};
use dynakey::{Entity, Fill, InTable, Key, Table, WriteInput};
use serde::de::DeserializeOwned;
use serde::Serialize;

use super::report::{MigrationExample, MigrationFailure, MigrationKind};
use crate::convert::{key_to_attributes, string_attribute, Item};
use crate::db::Db;
use crate::error::{Error, Expected, KeyText};
use crate::item::{from_entity_item, key_strings, to_item};
use crate::read::owner::{is_own_item, listed_position};
use crate::single::transact::all_or_error;
use crate::single::write::{self, Action, Kind};
use crate::single::UniquePart;

/// What one item needs.
pub(crate) enum Planned {
    /// Not an item of the entity (another entity's, or no entity's).
    Other,
    /// Already in the newest shape.
    Current,
    /// The entity's, but not rewritable (it does not decode, …): why.
    Failed(String),
    /// A rewrite.
    Change(Box<Change>),
    /// A key change's backfill: the item's copy in the next shape is to be written.
    Copy,
    /// A key change's cleanup: the item, of the previous shape, is to be deleted.
    Remove,
}

/// The rewrite of one item.
pub(crate) struct Change {
    pub(crate) example: MigrationExample,
    /// The item in the newest shape, its version moved on (for a move, what
    /// [`moved_image`] takes the keys and the version from).
    new: Item,
    /// The key attributes as stored.
    old_key: Item,
    condition: Option<Condition>,
    expected: Expected,
    /// For a reindex: the attributes to set (`Some`) or remove (`None`).
    updates: Vec<(String, Option<AttributeValue>)>,
}

/// What became of one item.
pub(crate) enum Done {
    Other,
    Current,
    /// Moved or reindexed, as the example says.
    Rewritten(MigrationExample),
    Gone,
    Failed(MigrationFailure),
    /// A key change's backfill wrote the item's copy.
    Copied,
    /// A key change's cleanup deleted the item (or an orphaned copy).
    Removed,
}

/// Whose an item is, for a migration of `E`.
pub(crate) enum Owner {
    /// `E`'s.
    Mine,
    /// Not `E`'s: another entity's, dynakey's own uniqueness item, or no entity's.
    Not,
    /// `E`'s templates fit it, and another listed entity's too: why (never written).
    Ambiguous(String),
}

/// Whose `item` is: `E`'s when its table key fits `E`'s current or an earlier key template, it
/// is not a uniqueness item, its entity-type attribute (when it has one; an item of an earlier
/// shape may predate it) names `E`, and, on a table that lists its entities, no other listed
/// entity owns it as well — the screening of a typed read (docs/semantics.md §4).
pub(crate) fn owns<T: Table, E: InTable<T>>(item: &Item) -> Owner {
    let Some(partition) = string_attribute(item, T::PARTITION_KEY) else {
        return Owner::Not;
    };
    let sort = T::SORT_KEY.and_then(|name| string_attribute(item, name));
    if !Key::<E>::is_key(partition, sort) || is_own_item::<T>(item) {
        return Owner::Not;
    }
    let named = E::ENTITY_TYPE_ATTRIBUTE
        .is_none_or(|name| string_attribute(item, name).is_none_or(|v| v == E::ENTITY_NAME));
    if !named {
        return Owner::Not;
    }
    if T::ENTITIES.is_empty() {
        return Owner::Mine;
    }
    match listed_position::<T>(item) {
        Ok(Some(at))
            if T::ENTITIES
                .get(at)
                .is_some_and(|e| e.name() == E::ENTITY_NAME) =>
        {
            Owner::Mine
        }
        Ok(_) => Owner::Not,
        Err(e) => Owner::Ambiguous(e.to_string()),
    }
}

/// Works out what `item`, as scanned, needs to be in `E`'s newest shape.
pub(crate) fn plan<T, E>(item: &Item) -> Planned
where
    T: Table,
    E: InTable<T> + Serialize + DeserializeOwned,
{
    match owns::<T, E>(item) {
        Owner::Mine => {}
        Owner::Not => return Planned::Other,
        Owner::Ambiguous(reason) => return Planned::Failed(reason),
    }
    // Every value is compared in the write's condition: one of a type the SDK does not know
    // cannot be.
    if let Err(e) = crate::item::known_in::<T>(item) {
        return Planned::Failed(e.to_string());
    }
    let (partition, sort) = key_strings::<T>(item);
    let partition = partition.unwrap_or_default();
    let entity: E = match from_entity_item(item.clone()) {
        Ok(entity) => entity,
        Err(e) => {
            return Planned::Failed(format!("it does not decode into `{}`: {e}", E::ENTITY_NAME))
        }
    };
    let mut new = match to_item(&entity) {
        Ok(new) => new,
        Err(e) => return Planned::Failed(format!("its newest shape cannot be written: {e}")),
    };
    let (new_partition, new_sort) = key_strings::<T>(&new);
    let old = (partition, sort);
    let new_key = (new_partition.unwrap_or_default(), new_sort);
    let kind = if new_key != old {
        MigrationKind::Move
    } else {
        MigrationKind::Reindex
    };
    let mut updates = Vec::new();
    if kind == MigrationKind::Reindex {
        for name in key_attribute_names::<E>() {
            if item.get(name) != new.get(name) {
                updates.push((name.to_owned(), new.get(name).cloned()));
            }
        }
        if updates.is_empty() {
            return Planned::Current;
        }
    }
    let version = match E::MANAGED.version().map(|name| item.get(name)) {
        None | Some(None) | Some(Some(AttributeValue::Null(_))) => None,
        Some(Some(AttributeValue::N(n))) => match n.parse::<u64>() {
            Ok(v) => Some(v),
            Err(_) => {
                return Planned::Failed(format!("its version {n:?} is not a whole number ≥ 0"))
            }
        },
        Some(Some(_)) => return Planned::Failed("its version is not a number".to_owned()),
    };
    let (condition, expected) = match unchanged::<E>(item, &new, version) {
        Ok(condition) => condition,
        Err(reason) => return Planned::Failed(reason),
    };
    if let Some(name) = E::MANAGED.version() {
        let next = AttributeValue::N(version.unwrap_or(0).saturating_add(1).to_string());
        if kind == MigrationKind::Reindex {
            updates.push((name.to_owned(), Some(next.clone())));
        }
        new.insert(name.to_owned(), next);
    }
    let old_key = key_attributes::<T>(item);
    Planned::Change(Box::new(Change {
        example: MigrationExample {
            entity: E::ENTITY_NAME.to_owned(),
            kind,
            old,
            new: new_key,
            attributes: updates.iter().map(|(name, _)| name.clone()).collect(),
        },
        new,
        old_key,
        condition,
        expected,
        updates,
    }))
}

/// The attributes dynakey derives from an item's fields and that a new shape may change: the
/// table's key attributes, the entity-type attribute, and the key attributes of `E`'s indexes
/// that templates fill.
fn key_attribute_names<E: Entity>() -> Vec<&'static str> {
    let table = <E::Table as Table>::PARTITION_KEY;
    let mut names: Vec<&'static str> = std::iter::once(table)
        .chain(<E::Table as Table>::SORT_KEY)
        .chain(E::ENTITY_TYPE_ATTRIBUTE)
        .collect();
    for index in E::INDEXES {
        let def = index.index();
        if def.is_attribute_wise() {
            for (attribute, fill) in index.filled_attributes() {
                if matches!(fill, Fill::Template(_) | Fill::EntityType) {
                    names.push(attribute.name());
                }
            }
        } else {
            names.push(def.partition_key());
            names.extend(def.sort_key());
        }
    }
    names.sort_unstable();
    names.dedup();
    names
}

/// The stored `item` with the key attributes and the version of `new` (the item in the newest
/// shape): the table keys, the entity-type attribute, the index key attributes and the version
/// set from `new`, or removed where `new` has none; every other attribute as stored, so that
/// attributes `E` does not model are kept and nothing but keys is written differently from how
/// it is stored.
fn moved_image<E: Entity>(item: Item, new: Item) -> Item {
    let mut image = item;
    let mut new = new;
    let version = E::MANAGED.version();
    for name in key_attribute_names::<E>().into_iter().chain(version) {
        match new.remove(name) {
            Some(value) => image.insert(name.to_owned(), value),
            None => image.remove(name),
        };
    }
    image
}

/// The table's key attributes of `item`.
pub(super) fn key_attributes<T: Table>(item: &Item) -> Item {
    std::iter::once(T::PARTITION_KEY)
        .chain(T::SORT_KEY)
        .filter_map(|name| Some((name.to_owned(), item.get(name)?.clone())))
        .collect()
}

/// The condition that `item` is stored as it was scanned: its version, for a versioned entity
/// whose item has one (AWS developer guide, "Optimistic locking with version number"); otherwise
/// every attribute equal to the scanned value and the attributes the new shape adds absent.
///
/// # Errors
/// Why the item cannot be conditioned on its image: the `ConditionExpression` would be longer
/// than DynamoDB's 4 KB (AWS developer guide, "Service, account, and table quotas — Expression
/// parameters"); a version would make it one comparison.
pub(super) fn unchanged<E: Entity>(
    item: &Item,
    new: &Item,
    version: Option<u64>,
) -> Result<(Option<Condition>, Expected), String> {
    if let (Some(attribute), Some(version)) = (E::MANAGED.version(), version) {
        let expected = Expected {
            guard: Guard::Exists,
            version: Some(version),
            version_attribute: Some(attribute),
        };
        return Ok((condition::<E>(Guard::Exists, Some(version), &[]), expected));
    }
    let table = <E::Table as Table>::PARTITION_KEY;
    let is_key = |name: &str| name == table || <E::Table as Table>::SORT_KEY == Some(name);
    let mut all = vec![Condition::AttributeExists(Path::attribute(table))];
    let mut names: Vec<&String> = item.keys().filter(|n| !is_key(n)).collect();
    names.sort_unstable();
    for name in names {
        let value = item[name].clone();
        all.push(Condition::Compare(
            Operand::Path(Path::attribute(name.clone())),
            Comparator::Eq,
            Operand::Value(value.into()),
        ));
    }
    let mut added: Vec<&String> = new
        .keys()
        .filter(|n| !is_key(n) && !item.contains_key(*n))
        .collect();
    added.sort_unstable();
    for name in added {
        all.push(Condition::AttributeNotExists(Path::attribute(name.clone())));
    }
    let condition = Condition::And(all);
    let rendered = WriteInput::render(&[], Some(&condition));
    let length = rendered
        .condition_expression
        .as_ref()
        .map_or(0, String::len);
    if length > MAX_EXPRESSION_BYTES {
        return Err(format!(
            "the condition on its unchanged attributes would be {length} bytes, over DynamoDB's \
             {MAX_EXPRESSION_BYTES}-byte limit of a ConditionExpression; declare a version \
             (#[dynakey(version = …)]) to migrate items this wide"
        ));
    }
    Ok((Some(condition), Expected::guard(Guard::Exists)))
}

/// DynamoDB's limit on the length of an expression string, in bytes.
const MAX_EXPRESSION_BYTES: usize = 4096;

/// Migrates one scanned item: plans it, sends its write (waiting for the budget first), and on a
/// failed condition reads it again (strongly consistent) and starts over, up to `attempts` times.
///
/// # Errors
/// An error of the service that is not about this item (after the table's retries): the run
/// stops. Errors about the item become [`Done::Failed`].
pub(crate) async fn migrate<T, E>(db: &Db<T>, item: Item, attempts: u32) -> Result<Done, Error>
where
    T: Table,
    E: InTable<T> + Serialize + DeserializeOwned,
{
    let mut item = item;
    let mut attempt = 1;
    loop {
        let change = match plan::<T, E>(&item) {
            Planned::Other => return Ok(Done::Other),
            // The plan of a key change (`migrate::key_change`), never made here.
            Planned::Current | Planned::Copy | Planned::Remove => return Ok(Done::Current),
            Planned::Failed(reason) => {
                return Ok(Done::Failed(failure::<T>(E::ENTITY_NAME, &item, reason)))
            }
            Planned::Change(change) => change,
        };
        let Change {
            example,
            new,
            old_key,
            condition,
            expected,
            updates,
        } = *change;
        let sent = match example.kind {
            MigrationKind::Move => {
                // The stored item itself becomes the image: no copy of it is made.
                let image = moved_image::<E>(std::mem::take(&mut item), new);
                move_item::<T, E>(db, &example, image, condition, expected).await
            }
            MigrationKind::Reindex => {
                let key = (example.old.clone(), old_key.clone());
                reindex(db, key, updates, condition, expected).await
            }
        };
        // Whether the write may have been applied (its answer was lost, and resending it with its
        // ClientRequestToken did not settle it): the item read again tells.
        let unknown = match sent {
            Ok(()) => return Ok(Done::Rewritten(example)),
            Err(
                Error::VersionConflict { .. }
                | Error::NotFound { .. }
                | Error::ConditionFailed { .. },
            ) => false,
            Err(Error::OutcomeUnknown(_)) => true,
            Err(e) if about_the_item(&e) => {
                let reason = match e {
                    Error::AlreadyExists { .. } => format!(
                        "its key in the newest shape already holds an item, which was left as it \
                         is ({e})"
                    ),
                    e => e.to_string(),
                };
                return Ok(Done::Failed(failure_at(
                    E::ENTITY_NAME,
                    example.old,
                    reason,
                )));
            }
            Err(e) => return Err(e),
        };
        // Boxed: the reads after a refused write are rare, and would otherwise size every
        // item's future by their own.
        let fresh = Box::pin(crate::single::consistent_item(db, old_key)).await?;
        match (fresh, unknown, example.kind) {
            (None, true, MigrationKind::Move) => {
                // Moved (a move is one transaction): by this write if the new item is there.
                let new_key = key_attributes::<T>(&table_key_item::<T>(&example.new));
                let moved = Box::pin(crate::single::consistent_item(db, new_key)).await?;
                return Ok(match moved {
                    Some(_) => Done::Rewritten(example),
                    None => Done::Gone,
                });
            }
            (None, _, _) => return Ok(Done::Gone),
            (Some(fresh), true, MigrationKind::Reindex)
                if matches!(plan::<T, E>(&fresh), Planned::Current) =>
            {
                return Ok(Done::Rewritten(example));
            }
            (Some(fresh), _, _) => item = fresh,
        }
        if attempt >= attempts {
            let reason = format!("it changed under the migration {attempts} times in a row");
            return Ok(Done::Failed(failure::<T>(E::ENTITY_NAME, &item, reason)));
        }
        attempt += 1;
    }
}

/// `true` for an error about one item, which writing other items does not meet: the run goes on
/// and the item is reported failed (its new key taken, its unique values taken, its new shape
/// refused before any request or by DynamoDB's validation, e.g. over 400 KB).
pub(super) fn about_the_item(e: &Error) -> bool {
    match e {
        Error::AlreadyExists { .. }
        | Error::NotUnique { .. }
        | Error::Key(_)
        | Error::Plan(_)
        | Error::Serialize(_)
        | Error::InvalidItem { .. }
        | Error::TransactionRefused(_)
        | Error::KeyAttributeCollision { .. }
        | Error::NativeKeyAttribute { .. }
        | Error::KeyTemplateConflict { .. }
        | Error::EntityTypeCollision { .. } => true,
        Error::Sdk { message, .. } => message.contains("ValidationException"),
        _ => false,
    }
}

/// An item holding only the table keys `(partition, sort)`.
fn table_key_item<T: Table>((partition, sort): &(String, Option<String>)) -> Item {
    std::iter::once((
        T::PARTITION_KEY.to_owned(),
        AttributeValue::S(partition.clone()),
    ))
    .chain(
        T::SORT_KEY
            .zip(sort.clone())
            .map(|(name, s)| (name.to_owned(), AttributeValue::S(s))),
    )
    .collect()
}

pub(crate) fn failure<T: Table>(entity: &str, item: &Item, reason: String) -> MigrationFailure {
    let (partition, sort) = key_strings::<T>(item);
    failure_at(entity, (partition.unwrap_or_default(), sort), reason)
}

/// The failure of the item of `entity` at `key` (its table keys as strings).
pub(super) fn failure_at(
    entity: &str,
    (partition, sort): KeyText,
    reason: String,
) -> MigrationFailure {
    MigrationFailure {
        entity: entity.to_owned(),
        partition,
        sort,
        reason,
    }
}

/// A move: one transaction that puts the newest shape (`new`) at its key (no item may be there)
/// and deletes the old item (as it was scanned, `unchanged`), its uniqueness items moved to the
/// new owner.
async fn move_item<T, E>(
    db: &Db<T>,
    example: &MigrationExample,
    new: Item,
    unchanged: Option<Condition>,
    expected: Expected,
) -> Result<(), Error>
where
    T: Table,
    E: InTable<T> + Serialize + DeserializeOwned,
{
    let (partition, sort) = &example.old;
    let old = Key::<E>::parse(partition, sort.as_deref())?;
    let unique = UniquePart::of_move::<T, E>(&old, &new);
    let delete = Action {
        kind: Kind::Delete,
        key: example.old.clone(),
        key_attributes: key_to_attributes(&old),
        condition: unchanged,
        expected,
        unique: None,
    };
    let absent = condition::<E>(Guard::Absent, None, &[]);
    let put = Action::put::<T>(new, absent, Expected::guard(Guard::Absent), unique);
    all_or_error(db, vec![delete, put]).await
}

/// A reindex: one `UpdateItem` of the changed attributes (`updates`, the version among them) of
/// the item at `key` (as strings, and its key attributes), conditioned on the item as it was
/// scanned (`condition`).
async fn reindex<T: Table>(
    db: &Db<T>,
    (key, key_attributes): (KeyText, Item),
    updates: Vec<(String, Option<AttributeValue>)>,
    condition: Option<Condition>,
    expected: Expected,
) -> Result<(), Error> {
    let actions = updates
        .into_iter()
        .map(|(name, value)| match value {
            Some(value) => UpdateAction::Set(Path::attribute(name), SetValue::value(value.into())),
            None => UpdateAction::Remove(Path::attribute(name)),
        })
        .collect();
    let action = Action {
        kind: Kind::Update(actions),
        key,
        key_attributes,
        condition,
        expected,
        unique: None,
    };
    write::send(db, action, ReturnValue::None).await.map(|_| ())
}
