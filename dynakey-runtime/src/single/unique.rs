//! Uniqueness items (`#[unique(…)]`, `docs/semantics.md` §5): what a write of an entity with
//! unique constraints adds to its transaction.
//!
//! A uniqueness item has the primary key
//! [`UniqueConstraint::key_text`](dynakey::UniqueConstraint::key_text) (the same text in the
//! sort-key attribute, on a table with a sort key) and records its owner. A write that changes
//! the values takes the old ones from a strongly consistent `GetItem` of the item first, and the
//! transaction is conditioned on the item still holding them, so a write between the read and the
//! transaction cancels it instead of leaving a uniqueness item behind.

use aws_sdk_dynamodb::types::AttributeValue;
use dynakey::__private::expr::{
    Comparator, Condition, Operand, Path, SetOperand, SetValue, UpdateAction,
};
use dynakey::{Entity, InTable, Key, Table, UniqueConstraint};

use crate::convert::{key_to_attributes, Item};
use crate::error::{Error, KeyText, TransactionRefusal};
use crate::item::key_strings;

/// The attribute of a uniqueness item naming its owner's partition key.
pub(crate) const OWNER_PARTITION: &str = "_owner_pk";
/// The attribute of a uniqueness item naming its owner's sort key (a table with a sort key).
pub(crate) const OWNER_SORT: &str = "_owner_sk";
/// The attribute of a uniqueness item naming its entity and constraint (`User/email`).
const CONSTRAINT: &str = "_unique";

/// The values an action leaves in the item's unique fields.
#[derive(Debug, Clone)]
pub(crate) enum NewValues {
    /// The whole item written (a put).
    Item(Item),
    /// None: the item is deleted.
    Gone,
    /// The item as read, with these attributes set (`Some`) or removed (`None`): an update.
    Overlay(Vec<(String, Option<AttributeValue>)>),
}

/// What an action of an entity with unique constraints needs.
#[derive(Debug, Clone)]
pub(crate) struct UniquePart {
    pub(crate) entity: &'static str,
    pub(crate) constraints: &'static [UniqueConstraint],
    /// The item whose stored values the action replaces: `None` for a create (no item may be
    /// stored), otherwise read first.
    pub(crate) read: Option<(Item, KeyText)>,
    /// The key of the item that owns the new values.
    pub(crate) owner: KeyText,
    /// A move's new key (its key attributes), read first too: the item a move replaces there
    /// gives up its uniqueness items.
    pub(crate) replaces: Option<Item>,
    pub(crate) new: NewValues,
}

impl UniquePart {
    fn of<E: Entity>(
        read: Option<(Item, KeyText)>,
        owner: KeyText,
        new: NewValues,
    ) -> Option<Self> {
        (!E::UNIQUE.is_empty()).then_some(UniquePart {
            entity: E::ENTITY_NAME,
            constraints: E::UNIQUE,
            read,
            owner,
            replaces: None,
            new,
        })
    }

    /// A put (`create`: nothing to read) of `item`.
    pub(crate) fn of_put<T: Table, E: Entity>(item: &Item, create: bool) -> Option<Self> {
        if E::UNIQUE.is_empty() {
            return None;
        }
        let (partition, sort) = key_strings::<T>(item);
        let owner = (partition.unwrap_or_default(), sort);
        let read = (!create).then(|| (key_attributes::<T>(&owner), owner.clone()));
        Self::of::<E>(read, owner, NewValues::Item(item.clone()))
    }

    /// A delete of the item at `key`.
    pub(crate) fn of_delete<E: Entity>(key: &Key<E>) -> Option<Self> {
        let owner = (key.partition().to_owned(), key.sort().map(str::to_owned));
        Self::of::<E>(
            Some((key_to_attributes(key), owner.clone())),
            owner,
            NewValues::Gone,
        )
    }

    /// A move of the item at `old` to `item` (which holds its new key).
    pub(crate) fn of_move<T: Table, E: InTable<T>>(old: &Key<E>, item: &Item) -> Option<Self> {
        let mut part = Self::of_put::<T, E>(item, true)?;
        let old_key = (old.partition().to_owned(), old.sort().map(str::to_owned));
        part.read = Some((key_to_attributes(old), old_key));
        part.replaces = Some(key_attributes::<T>(&part.owner));
        Some(part)
    }

    /// An update of the item at `key` with `actions`: `None` when no action touches a unique
    /// field (the update needs nothing more).
    ///
    /// # Errors
    /// [`TransactionRefusal::UniqueFieldOperation`] for an action on a unique field other than
    /// `SET` to a value or `REMOVE`: the new value would be known only after the write.
    pub(crate) fn of_update<E: Entity>(
        key: &Key<E>,
        actions: &[UpdateAction],
    ) -> Result<Option<Self>, Error> {
        let unique = |attribute: &str| {
            E::UNIQUE
                .iter()
                .any(|c| c.attributes().contains(&attribute))
        };
        let mut overlay = Vec::new();
        for action in actions {
            let path = action.path();
            if !unique(path.top()) {
                continue;
            }
            let value = match action {
                UpdateAction::Set(p, SetValue::Operand(SetOperand::Value(v)))
                    if p.elements().len() == 1 =>
                {
                    Some(v.clone().into())
                }
                UpdateAction::Remove(p) if p.elements().len() == 1 => None,
                _ => {
                    return Err(Error::TransactionRefused(
                        TransactionRefusal::UniqueFieldOperation {
                            attribute: path.top().to_owned(),
                        },
                    ))
                }
            };
            overlay.push((path.top().to_owned(), value));
        }
        if overlay.is_empty() {
            return Ok(None);
        }
        let owner = (key.partition().to_owned(), key.sort().map(str::to_owned));
        Ok(Self::of::<E>(
            Some((key_to_attributes(key), owner.clone())),
            owner,
            NewValues::Overlay(overlay),
        ))
    }

    /// The uniqueness key of each constraint in the item after the action, from `stored` (the
    /// item as read, for an overlay).
    pub(crate) fn new_keys(&self, stored: Option<&Item>) -> Vec<Option<String>> {
        let item: Option<Item> = match &self.new {
            NewValues::Item(item) => Some(item.clone()),
            NewValues::Gone => None,
            NewValues::Overlay(changes) => {
                let mut item = stored.cloned().unwrap_or_default();
                for (attribute, value) in changes {
                    match value {
                        Some(v) => item.insert(attribute.clone(), v.clone()),
                        None => item.remove(attribute),
                    };
                }
                Some(item)
            }
        };
        self.keys_of(item.as_ref())
    }

    /// The uniqueness key of each constraint in `item` (`None` where a field is missing or
    /// `NULL`, or there is no item).
    pub(crate) fn keys_of(&self, item: Option<&Item>) -> Vec<Option<String>> {
        self.constraints
            .iter()
            .map(|c| {
                let item = item?;
                let values = c
                    .attributes()
                    .iter()
                    .map(|a| dynakey::__private::unique::value_text(&item.get(*a)?.clone().into()))
                    .collect::<Option<Vec<String>>>()?;
                Some(c.key_text(self.entity, &values))
            })
            .collect()
    }

    /// The condition that the item read still holds what was read: its unique fields' values, or
    /// no item at all.
    pub(crate) fn unchanged<T: Table>(&self, stored: Option<&Item>) -> Condition {
        let Some(stored) = stored else {
            return Condition::attribute_not_exists(Path::attribute(T::PARTITION_KEY));
        };
        let mut all = Vec::new();
        for c in self.constraints {
            for attribute in c.attributes() {
                if all.iter().any(|(a, _)| a == attribute) {
                    continue;
                }
                let path = Path::attribute(*attribute);
                all.push((
                    *attribute,
                    match stored.get(*attribute) {
                        Some(v) => Condition::compare(
                            Operand::Path(path),
                            Comparator::Eq,
                            Operand::Value(v.clone().into()),
                        ),
                        None => Condition::attribute_not_exists(path),
                    },
                ));
            }
        }
        Condition::And(all.into_iter().map(|(_, c)| c).collect())
    }
}

/// The key attributes of table `T` for a key given as strings.
pub(crate) fn key_attributes<T: Table>((partition, sort): &KeyText) -> Item {
    let mut item = Item::from([(
        T::PARTITION_KEY.to_owned(),
        AttributeValue::S(partition.clone()),
    )]);
    if let (Some(name), Some(sort)) = (T::SORT_KEY, sort) {
        item.insert(name.to_owned(), AttributeValue::S(sort.clone()));
    }
    item
}

/// The key of the uniqueness item with key text `key` in table `T`.
pub(crate) fn unique_key<T: Table>(key: &str) -> KeyText {
    (key.to_owned(), T::SORT_KEY.map(|_| key.to_owned()))
}

/// The uniqueness item with key text `key`, of `constraint`, owned by `owner`.
pub(crate) fn unique_item<T: Table>(
    key: &str,
    entity: &str,
    constraint: &UniqueConstraint,
    owner: &KeyText,
) -> Item {
    let mut item = key_attributes::<T>(&unique_key::<T>(key));
    item.insert(
        CONSTRAINT.to_owned(),
        AttributeValue::S(format!("{entity}/{}", constraint.name())),
    );
    item.insert(
        OWNER_PARTITION.to_owned(),
        AttributeValue::S(owner.0.clone()),
    );
    if let Some(sort) = &owner.1 {
        item.insert(OWNER_SORT.to_owned(), AttributeValue::S(sort.clone()));
    }
    item
}

/// The uniqueness item is `owner`'s, or there is none.
pub(crate) fn owned_by<T: Table>(owner: &KeyText) -> Condition {
    let is = |attribute: &'static str, value: &String| {
        Condition::compare(
            Operand::Path(Path::attribute(attribute)),
            Comparator::Eq,
            Operand::Value(dynakey::__private::expr::Value::S(value.clone())),
        )
    };
    let mut owned = vec![is(OWNER_PARTITION, &owner.0)];
    if let Some(sort) = &owner.1 {
        owned.push(is(OWNER_SORT, sort));
    }
    Condition::attribute_not_exists(Path::attribute(T::PARTITION_KEY)).or(Condition::And(owned))
}
