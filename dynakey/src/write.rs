//! Writes planned before they are sent: the conditions every write carries, the typed
//! [`UpdatePlan`] of an `UpdateItem`, and the rules of managed fields (optimistic locking with a
//! version number, automatic timestamps).
//!
//! What a write sends (`docs/semantics.md` §5, AWS developer guide, "Condition expressions",
//! "Update expressions"):
//! - `create` is conditioned on the item not existing (`attribute_not_exists(#pk)`), `update` on
//!   it existing (`attribute_exists(#pk)`, unless the update is an upsert), each ANDed with the
//!   caller's typed conditions ([`Cond`](crate::Cond));
//! - a versioned entity (`#[dynakey(version = "version")]`, AWS developer guide, "Optimistic
//!   locking with version number") is written only over the version the caller read:
//!   `#version = :version` is added to the condition of every put, update and delete, and the write
//!   stores that version plus one; `create` stores the first version, 1;
//! - `#[dynakey(created_at = "…", updated_at = "…")]` fields are set in the same request: both by
//!   `create`, `updated_at` by `put` and `update` (and `created_at` by an upsert that creates the
//!   item, with `if_not_exists`), stored as the field's type says ([`crate::timestamp`]: a
//!   fixed-width ISO-8601 string or an epoch number, both compared in time order).
//!
//! [`WriteInput`] is the rendered request text, from the one [`Renderer`].

mod update;

use std::collections::BTreeMap;

use crate::entity::managed;
pub(crate) use crate::entity::stamp_value;
pub use crate::entity::{Stamp, Timestamp, VersionNumber};
pub use update::{Optional, SetKind, Settable, UpdateBuilder, UpdatePlan};

use crate::expr::{Comparator, Condition, Operand, Path, Renderer, UpdateAction, Value};
use crate::{Entity, Table};

/// The expressions of a write as DynamoDB receives them: `UpdateExpression` (an `UpdateItem`),
/// `ConditionExpression`, and the placeholders they reference (each map left out of the request
/// when empty: DynamoDB rejects empty maps).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct WriteInput {
    /// `UpdateExpression`, for an update with actions.
    pub update_expression: Option<String>,
    /// `ConditionExpression`, when the write is conditional.
    pub condition_expression: Option<String>,
    /// `ExpressionAttributeNames`: placeholder → attribute name.
    pub expression_attribute_names: BTreeMap<String, String>,
    /// `ExpressionAttributeValues`: placeholder → value.
    pub expression_attribute_values: BTreeMap<String, Value>,
}

impl WriteInput {
    /// Renders `actions` (an update; none for a put or delete) and `condition` with one
    /// [`Renderer`], so names are shared and values get distinct placeholders.
    pub fn render(actions: &[UpdateAction], condition: Option<&Condition>) -> WriteInput {
        let mut renderer = Renderer::new();
        let update = renderer.update(actions);
        let condition = condition.map(|c| renderer.condition(c));
        let (names, values) = renderer.finish();
        WriteInput {
            update_expression: (!update.is_empty()).then_some(update),
            condition_expression: condition.filter(|text| !text.is_empty()),
            expression_attribute_names: names,
            expression_attribute_values: values,
        }
    }
}

/// What a write requires of the item stored under its key before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[doc(hidden)]
pub enum Guard {
    /// Nothing (a put, a delete, an upsert).
    Any,
    /// The item exists (an update): `attribute_exists(#pk)`.
    Exists,
    /// No item exists (a create): `attribute_not_exists(#pk)`.
    Absent,
}

/// The `ConditionExpression` tree of a write of `E`: the `guard` on the item's existence (left
/// out for [`Guard::Exists`] beside a version check, which no missing item passes), the version
/// check when `expected_version` is given and `E` is versioned, and the caller's `conditions`,
/// ANDed; `None` when there is nothing to check.
#[doc(hidden)]
pub fn condition<E: Entity>(
    guard: Guard,
    expected_version: Option<u64>,
    conditions: &[Condition],
) -> Option<Condition> {
    condition_from::<E>(guard, expected_version, conditions.iter().cloned())
}

/// As [`condition`], taking the caller's conditions by value (moved into the tree, not copied).
pub(crate) fn condition_from<E: Entity>(
    guard: Guard,
    expected_version: Option<u64>,
    conditions: impl IntoIterator<Item = Condition, IntoIter: ExactSizeIterator>,
) -> Option<Condition> {
    let conditions = conditions.into_iter();
    let key = || Path::attribute(<E::Table as Table>::PARTITION_KEY);
    let version = E::MANAGED.version().zip(expected_version);
    let mut all: Vec<Condition> = Vec::with_capacity(conditions.len() + 2);
    match guard {
        Guard::Any => {}
        // A version comparison is false on a missing item, so it already requires the item:
        // `attribute_exists` beside it would only lengthen the expression.
        Guard::Exists if version.is_some() => {}
        Guard::Exists => all.push(Condition::AttributeExists(key())),
        Guard::Absent => all.push(Condition::AttributeNotExists(key())),
    }
    if let Some((attribute, version)) = version {
        all.push(Condition::Compare(
            Operand::Path(Path::attribute(attribute)),
            Comparator::Eq,
            Operand::Value(managed::version_value(version)),
        ));
    }
    all.extend(conditions);
    match all.len() {
        0 => None,
        1 => all.pop(),
        _ => Some(Condition::And(all)),
    }
}
