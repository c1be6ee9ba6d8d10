//! [`Action`]: one item write with everything that depends on its entity worked out — what it
//! does to the item, its key, its condition tree, what it expects of the stored item and the
//! uniqueness items it keeps — made by the [`Put`](crate::Put), [`Delete`](crate::Delete) and
//! [`Update`](crate::Update) requests, and sent alone ([`write`](super::write)) or as one action
//! of a `TransactWriteItems` ([`transact`](super::transact)). Both senders read it; it knows
//! neither.

use std::time::SystemTime;

use dynakey::__private::expr::{Condition, UpdateAction};
use dynakey::__private::write::Guard;
use dynakey::{Cond, Entity, InTable, Key, Table, UpdatePlan, WriteInput};

use super::unique::UniquePart;
use crate::convert::{key_to_attributes, Item};
use crate::error::{Error, Expected, KeyText};
use crate::item::key_strings;

/// What an action does to its item.
#[derive(Debug, Clone)]
pub(crate) enum Kind {
    /// Put this item (key attributes included).
    Put(Item),
    /// Apply these update actions.
    Update(Vec<UpdateAction>),
    Delete,
    /// Check the condition only (transactions).
    Check,
}

/// One item write, ready to render.
#[derive(Debug, Clone)]
pub(crate) struct Action {
    pub(crate) kind: Kind,
    pub(crate) key: KeyText,
    /// The key attributes (empty for a put, whose item holds them).
    pub(crate) key_attributes: Item,
    pub(crate) condition: Option<Condition>,
    pub(crate) expected: Expected,
    /// The uniqueness items it keeps, for an entity with `#[unique(…)]`.
    pub(crate) unique: Option<UniquePart>,
}

/// The key of `key` as strings.
pub(crate) fn key_text<E: Entity>(key: &Key<E>) -> KeyText {
    (key.partition().to_owned(), key.sort().map(str::to_owned))
}

impl Action {
    /// A put of `item`, expecting `expected`, with `condition` (dynakey's and the caller's).
    pub(crate) fn put<T: Table>(
        item: Item,
        condition: Option<Condition>,
        expected: Expected,
        unique: Option<UniquePart>,
    ) -> Action {
        let (partition, sort) = key_strings::<T>(&item);
        Action {
            key: (partition.unwrap_or_default(), sort),
            key_attributes: Item::new(),
            condition,
            expected,
            unique,
            kind: Kind::Put(item),
        }
    }

    /// A delete of the item at `key`.
    pub(crate) fn delete<E: Entity>(
        key: &Key<E>,
        condition: Option<Condition>,
        expected: Expected,
    ) -> Action {
        Action {
            kind: Kind::Delete,
            key: key_text(key),
            key_attributes: key_to_attributes(key),
            condition,
            expected,
            unique: UniquePart::of_delete::<E>(key),
        }
    }

    /// The action of an update plan, its managed attributes taken at `now`.
    ///
    /// # Errors
    /// The plan's [`Error::Plan`]; [`Error::TransactionRefused`] for an update of a unique field
    /// other than `SET` to a value or `REMOVE`.
    pub(crate) fn update<E: Entity>(plan: UpdatePlan<E>, now: SystemTime) -> Result<Action, Error> {
        // Read before the plan is consumed, and reported after the plan's own error, which
        // comes first.
        let unique = UniquePart::of_update::<E>(plan.key(), plan.actions());
        let guard = if plan.is_upsert() {
            Guard::Any
        } else {
            Guard::Exists
        };
        let version = plan.version();
        // The plan is sent once: its actions, conditions and key are moved into the action.
        let (key, actions, condition) = plan.into_parts(now)?;
        let unique = unique?;
        let key_attributes = key_to_attributes(&key);
        Ok(Action {
            kind: Kind::Update(actions),
            key: key.into_strings(),
            key_attributes,
            condition,
            expected: Expected {
                guard,
                version,
                version_attribute: E::MANAGED.version(),
            },
            unique,
        })
    }

    /// A condition check of the item at `key` (transactions).
    ///
    /// # Errors
    /// [`Error::Plan`] of a condition value.
    pub(crate) fn check<E: Entity, S>(
        key: &Key<E>,
        condition: Cond<E, S>,
    ) -> Result<Action, Error> {
        let condition = condition.into_expr().map_err(|e| Error::Plan(e.into()))?;
        Ok(Action {
            kind: Kind::Check,
            key: key_text(key),
            key_attributes: key_to_attributes(key),
            condition: Some(condition),
            expected: Expected::guard(Guard::Any),
            unique: None,
        })
    }

    /// The actions of a move ([`Db::move_to`]): delete the item at `old`, which must exist, and
    /// put `item` (the entity at its new key, as `to_item` makes it) — or, when the key is the
    /// same, one put that requires the item to exist. An entity with `#[unique(…)]` moves its
    /// uniqueness items to the new owner in the same transaction.
    pub(crate) fn moved<T: Table, E: InTable<T>>(old: &Key<E>, item: Item) -> Vec<Action> {
        let exists = Expected::guard(Guard::Exists);
        let exists_condition = dynakey::__private::write::condition::<E>(Guard::Exists, None, &[]);
        let old_key = key_text(old);
        let (partition, sort) = key_strings::<T>(&item);
        if (partition.unwrap_or_default(), sort) == old_key {
            let unique = UniquePart::of_put::<T, E>(&item, false);
            return vec![Action::put::<T>(item, exists_condition, exists, unique)];
        }
        let unique = UniquePart::of_move::<T, E>(old, &item);
        vec![
            Action {
                kind: Kind::Delete,
                key: old_key,
                key_attributes: key_to_attributes(old),
                condition: exists_condition,
                expected: exists,
                unique: None,
            },
            Action::put::<T>(item, None, Expected::guard(Guard::Any), unique),
        ]
    }

    /// The table key attributes of the item the action writes (a put's taken from its item).
    pub(crate) fn key_attributes_of<T: Table>(&self) -> Item {
        match &self.kind {
            Kind::Put(_) => super::unique::key_attributes::<T>(&self.key),
            _ => self.key_attributes.clone(),
        }
    }

    /// The action's expressions as DynamoDB receives them.
    pub(crate) fn input(&self) -> WriteInput {
        let actions = match &self.kind {
            Kind::Update(actions) => actions.as_slice(),
            _ => &[],
        };
        WriteInput::render(actions, self.condition.as_ref())
    }
}

/// The conditions of a request, with the first value error kept for `send`.
pub(crate) fn push_condition<E, S>(
    conditions: &mut Vec<Condition>,
    error: &mut Option<Error>,
    cond: Cond<E, S>,
) {
    match cond.into_expr() {
        Ok(c) => conditions.push(c),
        Err(e) => {
            error.get_or_insert(Error::Plan(e.into()));
        }
    }
}
