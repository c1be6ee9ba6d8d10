//! [`UpdatePlan`]: an `UpdateItem` of one item, typed on the entity's fields.

use std::fmt;
use std::time::SystemTime;

use super::{condition, condition_from, Guard, WriteInput};
use crate::entity::managed;
use crate::expr::{Condition, Path, SetOperand, SetValue, UpdateAction, Value};
use crate::field::{
    Encode, Field, GroupValue, GroupValues, IndexGroup, ListOf, NotIndexed, NotKeyPart, NotManaged,
    Number, SetOf, ValueOf,
};
use crate::index::Fill;
use crate::{AttributeType, Cond, Entity, Key, KeyRole, KeyValue, PlanError, Table, ValueError};

/// The typed `UpdateItem` of the item with key `key`: `SET`, `REMOVE`, `ADD` and `DELETE` actions
/// built from the entity's field handles, its conditions and its version check (AWS developer
/// guide, "Update expressions", "Condition expressions"), built with the methods of
/// [`UpdateBuilder`] and rendered by [`input`](Self::input); `dynakey-runtime`'s
/// `db.update(&key)` sends it.
///
/// - Key fields have no update operation, and index fields are set only together with the rest of
///   their index through its [`IndexGroup`], whose setter also writes the recomputed index key
///   attributes: neither compiles otherwise (`docs/semantics.md` §5).
/// - A later action on the same attribute replaces an earlier one (DynamoDB refuses two actions on
///   one path).
/// - By default the update is conditioned on the item existing (`attribute_exists(#pk)`): it
///   never creates an item. [`upsert`](UpdateBuilder::upsert) lets it create one, as DynamoDB's
///   `UpdateItem` does by default.
/// - A value that does not serialise, or an index key the new values cannot build, is kept as the
///   error and returned by [`input`](Self::input): nothing is sent.
///
/// ```
/// use dynakey::{Entity, UpdateBuilder, UpdatePlan};
///
/// #[derive(Entity, serde::Serialize, serde::Deserialize)]
/// #[pk("WS#<workspace>")]
/// #[sk("TASK#<id>")]
/// struct Task { workspace: String, id: u32, title: String, done: u32, note: Option<String> }
///
/// let plan = UpdatePlan::new(Task::key("acme", 7u32).unwrap())
///     .set(Task::TITLE, "Ship it")
///     .add(Task::DONE, 1)
///     .remove(Task::NOTE)
///     .condition(Task::DONE.lt(10));
/// let input = plan.input(std::time::SystemTime::now()).unwrap();
/// assert_eq!(
///     input.update_expression.as_deref(),
///     Some("SET #title = :title, #done = #done + :done REMOVE #note")
/// );
/// assert_eq!(
///     input.condition_expression.as_deref(),
///     Some("attribute_exists(#PK) AND #done < :done_2")
/// );
/// ```
pub struct UpdatePlan<E> {
    key: Key<E>,
    actions: Vec<UpdateAction>,
    conditions: Vec<Condition>,
    expected_version: Option<u64>,
    upsert: bool,
    error: Option<PlanError>,
}

impl<E> fmt::Debug for UpdatePlan<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("UpdatePlan")
            .field("key", &self.key)
            .field("actions", &self.actions)
            .field("conditions", &self.conditions)
            .field("expected_version", &self.expected_version)
            .field("upsert", &self.upsert)
            .field("error", &self.error)
            .finish()
    }
}

impl<E> Clone for UpdatePlan<E> {
    fn clone(&self) -> Self {
        UpdatePlan {
            key: self.key.clone(),
            actions: self.actions.clone(),
            conditions: self.conditions.clone(),
            expected_version: self.expected_version,
            upsert: self.upsert,
            error: self.error.clone(),
        }
    }
}

/// What [`UpdatePlan::set`] assigns: a [`Field`] that an update may change on its own (`A` a
/// [`ValueOf`] its type), or an [`IndexGroup`] (`A` its [`GroupValues`]).
///
/// A handle of another entity, or anything else that is not a handle of `E`, is refused with a
/// short message naming the update's entity (a handle of `E` with a value of another type is
/// refused by [`ValueOf`], naming the field's type).
#[diagnostic::on_unimplemented(
    message = "an update of `{E}` sets only fields of `{E}`; this is `{Self}`",
    label = "not a field handle of `{E}`",
    note = "`set` takes a handle of the updated entity, `{E}::FIELD_NAME` (the field's name in upper case), with a value of the field's type, or an index group handle `{E}::INDEX_NAME` with one value per field of the group; to change another entity's item, update that item's key (`db.update(&Other::key(…)?)`)"
)]
pub trait Settable<E, A> {
    /// The actions that set `self` to `value` on the item with key `key`.
    ///
    /// # Errors
    /// [`PlanError`] when a value does not serialise or an index key cannot be built.
    fn actions(self, key: &Key<E>, value: A) -> Result<Vec<UpdateAction>, PlanError>;
}

impl<E, V, K, A> Settable<E, A> for Field<E, V, K>
where
    K: NotKeyPart<E> + NotIndexed<E> + NotManaged<E> + Encode<V>,
    A: ValueOf<V>,
{
    fn actions(self, _key: &Key<E>, value: A) -> Result<Vec<UpdateAction>, PlanError> {
        let value = self.encode(value)?;
        Ok(vec![UpdateAction::Set(self.path(), SetValue::value(value))])
    }
}

impl<E: Entity, Vs, A: GroupValues<Vs>> Settable<E, A> for IndexGroup<E, Vs> {
    fn actions(self, key: &Key<E>, value: A) -> Result<Vec<UpdateAction>, PlanError> {
        let values = value.group_values(self.fields())?;
        let mut actions: Vec<UpdateAction> = values
            .iter()
            .map(|v| {
                let path = Path::attribute(v.attribute);
                // A native fill that becomes `None` is made a REMOVE by `checked_key_action`.
                UpdateAction::Set(path, SetValue::value(v.value.clone()))
            })
            .collect();
        index_key_actions(key, &values, &mut actions)?;
        Ok(actions)
    }
}

/// The actions that keep every index fed by `values` consistent: SET its key attributes to the
/// keys built from `values` and the fields of `key`, or REMOVE them when a value is `None` (the
/// item leaves the sparse index). Attributes of the table's own key are never written (they are
/// the key; `put` checks that an index over them agrees).
fn index_key_actions<E: Entity>(
    key: &Key<E>,
    values: &[GroupValue],
    actions: &mut Vec<UpdateAction>,
) -> Result<(), PlanError> {
    let logical = match E::SHARDING {
        Some(sharding) => sharding
            .split_partition_key(key.partition())
            .map_or(key.partition(), |(logical, _)| logical),
        None => key.partition(),
    };
    let mut known = E::PARTITION_TEMPLATE.segments(logical)?;
    if let (Some(template), Some(sort)) = (E::SORT_TEMPLATE, key.sort()) {
        known.extend(template.segments(sort)?);
    }
    let table_key = |attribute: &str| {
        attribute == <E::Table as Table>::PARTITION_KEY
            || <E::Table as Table>::SORT_KEY == Some(attribute)
    };
    for index in E::INDEXES {
        let templates = [
            index
                .partition()
                .map(|t| (t, index.index().partition_key())),
            index.sort().zip(index.index().sort_key()),
        ];
        let fed = templates
            .iter()
            .flatten()
            .any(|(t, _)| t.fields().any(|f| values.iter().any(|v| v.field == f)));
        if !fed && !index.index().is_attribute_wise() {
            continue;
        }
        let segment = |field: &str| -> Option<Option<&str>> {
            match values.iter().find(|v| v.field == field) {
                Some(v) => Some(v.segment.as_deref()),
                None => known
                    .iter()
                    .find(|(f, _)| *f == field)
                    .map(|(_, s)| Some(*s)),
            }
        };
        let sparse = templates
            .iter()
            .flatten()
            .any(|(t, _)| t.fields().any(|f| matches!(segment(f), Some(None))));
        if index.index().is_attribute_wise() {
            // Each template fill is its own attribute: a `None` removes only that one (the item
            // leaves the index, as it misses a key attribute).
            for (attribute, fill) in index.filled_attributes() {
                let Fill::Template(template) = fill else {
                    continue;
                };
                let attribute = attribute.name();
                if table_key(attribute)
                    || !template
                        .fields()
                        .any(|f| values.iter().any(|v| v.field == f))
                {
                    continue;
                }
                let removed = template.fields().any(|f| matches!(segment(f), Some(None)));
                rebuild(actions, attribute, &template, removed, &segment)?;
            }
            continue;
        }
        for (template, attribute) in templates.into_iter().flatten() {
            if table_key(attribute) {
                continue;
            }
            rebuild(actions, attribute, &template, sparse, &segment)?;
        }
    }
    Ok(())
}

/// The action on index key `attribute` built by `template`: REMOVE when `removed` (a field of
/// the key is `None`), otherwise SET to the key rebuilt from `segment`.
fn rebuild<'s>(
    actions: &mut Vec<UpdateAction>,
    attribute: &'static str,
    template: &crate::KeyTemplate,
    removed: bool,
    segment: &impl Fn(&str) -> Option<Option<&'s str>>,
) -> Result<(), PlanError> {
    let path = Path::attribute(attribute);
    if removed {
        push(actions, UpdateAction::Remove(path));
    } else {
        let built = template.build_from(|f| segment(f).flatten())?;
        push(
            actions,
            UpdateAction::Set(path, SetValue::value(Value::S(built))),
        );
    }
    Ok(())
}

/// `action` as sent when it SETs a value to a key attribute of one of the table's attribute-wise
/// indexes (`key_attributes`, [`attribute_wise_key_attributes`](crate::attribute_wise_key_attributes)),
/// whichever entity fills the index: a `NULL` becomes `REMOVE` (DynamoDB refuses a `NULL` in an
/// index key attribute; the item leaves the index), a value of another type than declared or one
/// DynamoDB refuses as a key value (empty, too long, no number) is refused before any request.
fn checked_key_action(
    action: UpdateAction,
    key_attributes: &[(&'static str, AttributeType, KeyRole)],
) -> Result<UpdateAction, PlanError> {
    let UpdateAction::Set(path, SetValue::Operand(SetOperand::Value(value))) = &action else {
        return Ok(action);
    };
    let declared = key_attributes
        .iter()
        .find(|(name, _, _)| path.elements().len() == 1 && *name == path.top());
    let Some(&(attribute, declared, role)) = declared else {
        return Ok(action);
    };
    let key = match value {
        Value::Null(_) => return Ok(UpdateAction::Remove(path.clone())),
        Value::S(s) => Some(KeyValue::S(s.clone())),
        Value::N(n) => Some(KeyValue::N(n.clone())),
        Value::B(b) => Some(KeyValue::B(b.clone())),
        _ => None,
    };
    match key {
        Some(key) if AttributeType::of(&key) == declared => {
            crate::attribute::check_key_value(&key, role)?;
            Ok(action)
        }
        _ => Err(ValueError::new(
            attribute,
            format!("it is a key attribute of an index, declared {declared}; this value is not {declared}"),
        )
        .into()),
    }
}

/// Appends `action`, dropping an earlier action on the same attribute.
fn push(actions: &mut Vec<UpdateAction>, action: UpdateAction) {
    actions.retain(|a| a.path() != action.path());
    actions.push(action);
}

/// The typed operations of an `UpdateItem`, written once for the two values that build one: the
/// [`UpdatePlan`] itself and dynakey-runtime's `Update` request (`db.update(&key)`), which holds
/// a plan. Bring it into scope (`use dynakey::UpdateBuilder;`) to call them.
///
/// Each operation has the rules of the plan: key fields have none, index fields are set only
/// with their whole group (an [`IndexGroup`], whose key attributes are recomputed in the same
/// request), `remove` only on `Option` fields, `add`/`subtract` on numbers, set and list
/// operations on sets and lists; a wrong one does not compile (`docs/semantics.md` §5). A later
/// action on an attribute replaces an earlier one. A value that does not serialise is kept as
/// the plan's error and returned before any request.
pub trait UpdateBuilder<E: Entity>: Sized {
    /// Applies `change` to the plan this value holds: the one method an implementation writes.
    #[must_use]
    fn map_plan(self, change: impl FnOnce(UpdatePlan<E>) -> UpdatePlan<E>) -> Self;

    /// `SET field = :value` for a field an update may change, or, for an index group,
    /// `SET` of every field of the group and the recomputed key attributes of its indexes
    /// (REMOVE of them when an `Option` field is `None`).
    #[must_use]
    fn set<S: Settable<E, A>, A>(self, target: S, value: A) -> Self {
        self.map_plan(|plan| {
            let actions = target.actions(&plan.key, value);
            plan.with(actions)
        })
    }

    /// `REMOVE field`: an `Option` field becomes `None`.
    #[must_use]
    fn remove<V: Optional, K>(self, field: Field<E, V, K>) -> Self
    where
        K: NotKeyPart<E> + NotIndexed<E> + NotManaged<E>,
    {
        self.map_plan(|plan| plan.with(Ok(vec![UpdateAction::Remove(field.path())])))
    }

    /// `SET field = field + :by` on a number field.
    #[must_use]
    fn add<V: Number, K>(self, field: Field<E, V, K>, by: impl ValueOf<V>) -> Self
    where
        K: NotKeyPart<E> + NotIndexed<E> + NotManaged<E> + Encode<V>,
    {
        self.map_plan(|plan| plan.arithmetic(field, by, true))
    }

    /// `SET field = field - :by` on a number field.
    #[must_use]
    fn subtract<V: Number, K>(self, field: Field<E, V, K>, by: impl ValueOf<V>) -> Self
    where
        K: NotKeyPart<E> + NotIndexed<E> + NotManaged<E> + Encode<V>,
    {
        self.map_plan(|plan| plan.arithmetic(field, by, false))
    }

    /// `ADD field :elements`: the elements join a set field (a missing attribute counts as the
    /// empty set). No element: no action.
    #[must_use]
    fn add_to_set<V: SetOf, K: SetKind, A: ValueOf<V::Element>>(
        self,
        field: Field<E, V, K>,
        elements: impl IntoIterator<Item = A>,
    ) -> Self {
        self.map_plan(|plan| plan.elements(field, elements, UpdateAction::Add))
    }

    /// `DELETE field :elements`: the elements leave a set field. No element: no action.
    #[must_use]
    fn delete_from_set<V: SetOf, K: SetKind, A: ValueOf<V::Element>>(
        self,
        field: Field<E, V, K>,
        elements: impl IntoIterator<Item = A>,
    ) -> Self {
        self.map_plan(|plan| plan.elements(field, elements, UpdateAction::Delete))
    }

    /// `SET field = list_append(field, :items)`: the items go at the end of a list field.
    #[must_use]
    fn append<V: ListOf, K, A: ValueOf<V::Element>>(
        self,
        field: Field<E, V, K>,
        items: impl IntoIterator<Item = A>,
    ) -> Self
    where
        K: NotKeyPart<E> + NotIndexed<E> + NotManaged<E>,
    {
        self.map_plan(|plan| plan.list(field, items, true))
    }

    /// `SET field = list_append(:items, field)`: the items go at the start of a list field.
    #[must_use]
    fn prepend<V: ListOf, K, A: ValueOf<V::Element>>(
        self,
        field: Field<E, V, K>,
        items: impl IntoIterator<Item = A>,
    ) -> Self
    where
        K: NotKeyPart<E> + NotIndexed<E> + NotManaged<E>,
    {
        self.map_plan(|plan| plan.list(field, items, false))
    }

    /// `SET field = if_not_exists(field, :value)`: sets the field only when the item lacks it.
    #[must_use]
    fn set_if_not_exists<V, K>(self, field: Field<E, V, K>, value: impl ValueOf<V>) -> Self
    where
        K: NotKeyPart<E> + NotIndexed<E> + NotManaged<E> + Encode<V>,
    {
        self.map_plan(|plan| {
            let actions = field.encode(value).map(|value| {
                let operand =
                    SetOperand::IfNotExists(field.path(), Box::new(SetOperand::Value(value)));
                vec![UpdateAction::Set(field.path(), SetValue::Operand(operand))]
            });
            plan.with(actions.map_err(PlanError::from))
        })
    }

    /// The update happens only if `condition` holds on the item as stored (ANDed with earlier
    /// conditions); a missing item fails every condition but `not_exists`.
    #[must_use]
    fn condition<S>(self, condition: Cond<E, S>) -> Self {
        self.map_plan(|mut plan| {
            match condition.into_expr() {
                Ok(condition) => plan.conditions.push(condition),
                Err(error) => {
                    plan.error.get_or_insert(error.into());
                }
            }
            plan
        })
    }

    /// Lets the update create the item when none is stored (DynamoDB's own `UpdateItem`
    /// behaviour), instead of requiring it to exist. The created item holds the key attributes
    /// and the attributes the update sets: make sure they decode into the entity.
    #[must_use]
    fn upsert(self) -> Self {
        self.map_plan(|mut plan| {
            plan.upsert = true;
            plan
        })
    }
}

impl<E: Entity> UpdateBuilder<E> for UpdatePlan<E> {
    fn map_plan(self, change: impl FnOnce(UpdatePlan<E>) -> UpdatePlan<E>) -> Self {
        change(self)
    }
}

/// `Option` fields, which an update may remove (a missing attribute reads back as `None`).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an `Option`, so the attribute cannot be removed",
    label = "only an `Option` field can be removed",
    note = "an item without the attribute would no longer decode; `set` a new value instead, or make the field an `Option`"
)]
pub trait Optional {}

impl<T> Optional for Option<T> {}

/// The kind of a field stored as a DynamoDB set ([`crate::field::Set`]), for `add_to_set` and
/// `delete_from_set`.
#[diagnostic::on_unimplemented(
    message = "this field is not stored as a DynamoDB set",
    label = "`add_to_set`/`delete_from_set` need a set field",
    note = "store the field as a set with #[serde(with = \"serde_dynamo::string_set\")] (or `number_set`, `binary_set`); a plain Vec or HashSet is stored as a list: use `append`/`prepend` on a Vec"
)]
pub trait SetKind {}

impl SetKind for crate::field::Set {}

impl<E: Entity> UpdatePlan<E> {
    /// An update of the item with key `key`, with no action yet.
    pub fn new(key: Key<E>) -> Self {
        UpdatePlan {
            key,
            actions: Vec::new(),
            conditions: Vec::new(),
            expected_version: None,
            upsert: false,
            error: None,
        }
    }

    /// The key of the item updated.
    pub fn key(&self) -> &Key<E> {
        &self.key
    }

    /// The version the update expects, from [`expected_version`](Self::expected_version).
    pub fn version(&self) -> Option<u64> {
        self.expected_version
    }

    /// `true` when the update may create the item ([`upsert`](UpdateBuilder::upsert)).
    pub fn is_upsert(&self) -> bool {
        self.upsert
    }

    fn with(mut self, actions: Result<Vec<UpdateAction>, PlanError>) -> Self {
        match actions {
            Ok(actions) => {
                let key_attributes = crate::table::attribute_wise_key_attributes::<E::Table>();
                for action in actions {
                    match checked_key_action(action, &key_attributes) {
                        Ok(action) => push(&mut self.actions, action),
                        Err(error) => {
                            self.error.get_or_insert(error);
                        }
                    }
                }
            }
            Err(error) => {
                self.error.get_or_insert(error);
            }
        }
        self
    }

    fn arithmetic<V, K>(self, field: Field<E, V, K>, by: impl ValueOf<V>, plus: bool) -> Self
    where
        K: Encode<V>,
    {
        let actions = field.encode(by).map(|value| {
            let (a, b) = (SetOperand::Path(field.path()), SetOperand::Value(value));
            let value = if plus {
                SetValue::Plus(a, b)
            } else {
                SetValue::Minus(a, b)
            };
            vec![UpdateAction::Set(field.path(), value)]
        });
        self.with(actions.map_err(PlanError::from))
    }

    fn elements<V, K, A>(
        self,
        field: Field<E, V, K>,
        elements: impl IntoIterator<Item = A>,
        action: fn(Path, Value) -> UpdateAction,
    ) -> Self
    where
        V: SetOf,
        A: ValueOf<V::Element>,
    {
        let attribute = field.attribute();
        let items: Result<Vec<Value>, _> = elements
            .into_iter()
            .map(|e| crate::field::serialize_value(&e.into_field_value(), attribute))
            .collect();
        let actions = match items {
            // Adding or deleting no element changes nothing (and DynamoDB has no empty set).
            Ok(items) if items.is_empty() => Ok(Vec::new()),
            Ok(items) => crate::field::into_set(items, attribute)
                .map(|set| vec![action(field.path(), set)])
                .map_err(PlanError::from),
            Err(e) => Err(PlanError::from(e)),
        };
        self.with(actions)
    }

    fn list<V: ListOf, K, A: ValueOf<V::Element>>(
        self,
        field: Field<E, V, K>,
        items: impl IntoIterator<Item = A>,
        at_end: bool,
    ) -> Self {
        let attribute = field.attribute();
        let items: Result<Vec<Value>, _> = items
            .into_iter()
            .map(|e| crate::field::serialize_value(&e.into_field_value(), attribute))
            .collect();
        let actions = items.map(|items| {
            let (old, new) = (
                Box::new(SetOperand::Path(field.path())),
                Box::new(SetOperand::Value(Value::L(items))),
            );
            let (a, b) = if at_end { (old, new) } else { (new, old) };
            vec![UpdateAction::Set(
                field.path(),
                SetValue::Operand(SetOperand::ListAppend(a, b)),
            )]
        });
        self.with(actions.map_err(PlanError::from))
    }

    /// Optimistic locking: the update happens only if the stored version is `version`, and
    /// stores `version + 1`. For a versioned entity only; without it, an update of a versioned
    /// entity increments the stored version unconditionally. (dynakey-runtime's `Update` has its
    /// own `expected_version`, which also makes the request awaitable for a versioned entity.)
    #[must_use]
    pub fn expected_version(mut self, version: u64) -> Self {
        self.expected_version = Some(version);
        self
    }

    /// The actions, conditions and managed attributes rendered as DynamoDB receives them, with
    /// `now` as the time of the write: the version check and increment (a versioned entity),
    /// `updated_at = :now` (and `created_at = if_not_exists(created_at, :now)` for an upsert).
    ///
    /// # Errors
    /// The first [`PlanError`] of a value or an index key.
    pub fn input(&self, now: SystemTime) -> Result<WriteInput, PlanError> {
        let (actions, condition) = self.parts(now)?;
        Ok(WriteInput::render(&actions, condition.as_ref()))
    }

    /// The actions (the caller's and the managed attributes') and the `ConditionExpression` tree
    /// that [`input`](Self::input) renders, unrendered: a transaction ANDs conditions of its own
    /// to them before rendering.
    ///
    /// # Errors
    /// As [`input`](Self::input).
    pub fn parts(
        &self,
        now: SystemTime,
    ) -> Result<(Vec<UpdateAction>, Option<Condition>), PlanError> {
        if let Some(error) = &self.error {
            return Err(error.clone());
        }
        let actions = self.managed(self.actions.clone(), now)?;
        let condition = condition::<E>(self.guard(), self.expected_version, &self.conditions);
        Ok((actions, condition))
    }

    /// As [`parts`](Self::parts), consuming the plan: its actions and conditions are moved, not
    /// copied, and its key comes back beside them (what a request sent from the plan once
    /// needs).
    ///
    /// # Errors
    /// As [`input`](Self::input).
    #[allow(clippy::type_complexity)] // the tuple of `parts`, with the key
    pub fn into_parts(
        mut self,
        now: SystemTime,
    ) -> Result<(Key<E>, Vec<UpdateAction>, Option<Condition>), PlanError> {
        if let Some(error) = self.error {
            return Err(error);
        }
        let (guard, version) = (self.guard(), self.expected_version);
        let actions = std::mem::take(&mut self.actions);
        let actions = self.managed(actions, now)?;
        let condition = condition_from::<E>(guard, version, self.conditions);
        Ok((self.key, actions, condition))
    }

    /// `actions` with the managed attributes' actions added: the version's increment, the
    /// timestamps at `now`.
    fn managed(
        &self,
        mut actions: Vec<UpdateAction>,
        now: SystemTime,
    ) -> Result<Vec<UpdateAction>, PlanError> {
        let managed = E::MANAGED;
        if let Some(attribute) = managed.version() {
            let path = Path::attribute(attribute);
            let value = match self.expected_version {
                Some(v) => SetValue::value(managed::version_value(v.saturating_add(1))),
                None => SetValue::Plus(
                    SetOperand::IfNotExists(
                        path.clone(),
                        Box::new(SetOperand::Value(managed::version_value(0))),
                    ),
                    SetOperand::Value(managed::version_value(1)),
                ),
            };
            push(&mut actions, UpdateAction::Set(path, value));
        }
        if let Some(stamp) = managed.updated_at() {
            let value = stamp.value(now)?;
            push(
                &mut actions,
                UpdateAction::Set(Path::attribute(stamp.attribute()), SetValue::value(value)),
            );
        }
        if let (Some(stamp), true) = (managed.created_at(), self.upsert) {
            let path = Path::attribute(stamp.attribute());
            let value = SetOperand::IfNotExists(
                path.clone(),
                Box::new(SetOperand::Value(stamp.value(now)?)),
            );
            push(
                &mut actions,
                UpdateAction::Set(path, SetValue::Operand(value)),
            );
        }
        Ok(actions)
    }

    /// What the item must be for the update: there (the default) or anything (an upsert).
    fn guard(&self) -> Guard {
        if self.upsert {
            Guard::Any
        } else {
            Guard::Exists
        }
    }

    /// The actions the caller asked for, in order (without the managed attributes).
    pub fn actions(&self) -> &[UpdateAction] {
        &self.actions
    }
}
