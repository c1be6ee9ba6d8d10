//! Sort conditions of an attribute-wise index: the typestate of the generated sort builders
//! (`Match::by_tournament_region_sk().round().eq(2).bracket().gte("low")`), their steps
//! ([`AttributeStep`], [`TemplateStep`]) and [`KeyQuery::sort_key`], which takes them.
//!
//! DynamoDB's rule (AWS developer guide, "Multi-attribute keys pattern"): a Query gives every
//! partition attribute by equality, and the sort attributes left to right, each by equality
//! except the last one given, which may be a range (`begins_with` on a string, `BETWEEN`, `<`,
//! `<=`, `>`, `>=`). The generated builder `<Entity><Index>Sk<D>` holds `D` equalities and has one
//! method per sort attribute, callable only at its depth; the step it returns gives the builder
//! one deeper by `eq`, or an [`AttributeRange`] by a range, which has no methods, so nothing
//! follows a range. Each wrong order is a compile error.

use std::cmp::Ordering;
use std::marker::PhantomData;

use crate::attribute::{compare_values, KeyValue};
use crate::attribute::{AttributeArg, AttributeType, KeyAttribute, StringAttribute};
use crate::condition::SortCondition;
use crate::error::{KeyError, KeyErrorKind, KeyRole};
use crate::plan::{PartitionKey, SortKeyCondition};
use crate::query::{KeyQuery, SortKeyRange, SortKeyUnset};
use crate::table::{IndexDef, KeySchema};

mod steps;

pub use steps::{AttributeStep, TemplateStep};

/// The sort conditions of an attribute-wise index query, left to right: implemented by the
/// generated sort builder `<Entity><Index>Sk<D>` for `D ≥ 1` (all equalities) and by
/// [`AttributeRange`] (equalities, then one range). `Sk<0>` does not implement it: a query on
/// the whole index partition takes no `.sort_key(…)`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` gives no sort attribute of this index",
    label = "no sort attribute given",
    note = "give the first one (e.g. `.round().eq(2)`), or read the whole index partition without `.sort_key(…)`; a sort builder of another entity or index, or a template sort-key builder, does not fit either"
)]
pub trait SortAttributes<E, I> {
    /// `(attribute, condition)` per sort attribute given, in key-schema order: every one an
    /// equality except possibly the last.
    ///
    /// # Errors
    /// A deferred error of a value (an empty string, an oversized value, a number DynamoDB cannot
    /// hold) or of the range (`between` with low above high).
    fn into_conditions(self) -> Result<Vec<(&'static str, SortCondition<KeyValue>)>, KeyError>;
}

/// The sort conditions built so far by a sort builder of an attribute-wise index (the one field
/// of a generated `<Entity><Index>Sk<D>`), with the first error kept: the equalities given, left
/// to right, then at most one range ([`compare`](Self::compare), [`between`](Self::between),
/// [`begins_with`](Self::begins_with), which end it as an [`AttributeRange`]). Generated builders
/// check the order and the attribute names at build time; conditions built with it by hand (for
/// an entity implemented by hand) are checked against the index when the query is built.
#[derive(Debug, Clone)]
pub struct SortConditions(Result<Vec<(&'static str, SortCondition<KeyValue>)>, KeyError>);

impl Default for SortConditions {
    fn default() -> Self {
        Self::new()
    }
}

impl SortConditions {
    /// No condition yet (the builder at depth 0).
    pub fn new() -> Self {
        SortConditions(Ok(Vec::new()))
    }

    /// These conditions, then `attribute = value` (the equality step `.eq(v)`).
    pub fn eq<T: KeyAttribute>(
        self,
        attribute: &'static str,
        value: &impl AttributeArg<T>,
    ) -> Self {
        self.push(
            attribute,
            value.attribute_value(KeyRole::Sort).map(SortCondition::Eq),
        )
    }

    /// These conditions, then `attribute = value` for a value built by generated code itself
    /// (a template fill's key string, [`KeyValue::S`]).
    pub fn eq_value(self, attribute: &'static str, value: Result<KeyValue, KeyError>) -> Self {
        self.push(attribute, value.map(SortCondition::Eq))
    }

    /// These conditions, then `attribute` compared with `value` by `op` (the terminal steps
    /// `.gt(v)`, `.gte(v)`, `.lt(v)`, `.lte(v)`).
    pub fn compare<E, I, T: KeyAttribute>(
        self,
        attribute: &'static str,
        op: AttributeOp,
        value: &impl AttributeArg<T>,
    ) -> AttributeRange<E, I> {
        let condition = value.attribute_value(KeyRole::Sort).map(|v| match op {
            AttributeOp::Gt => SortCondition::Gt(v),
            AttributeOp::Ge => SortCondition::Ge(v),
            AttributeOp::Lt => SortCondition::Lt(v),
            AttributeOp::Le => SortCondition::Le(v),
        });
        attribute_range(self, attribute, condition)
    }

    /// These conditions, then `attribute BETWEEN low AND high` (the terminal step `.between`).
    /// `low` above `high` (numerically for `N`, bytewise for `S` and `B`) is an error, as on the
    /// template path: DynamoDB rejects it.
    pub fn between<E, I, T: KeyAttribute>(
        self,
        attribute: &'static str,
        low: &impl AttributeArg<T>,
        high: &impl AttributeArg<T>,
    ) -> AttributeRange<E, I> {
        let condition = low.attribute_value(KeyRole::Sort).and_then(|low| {
            let high = high.attribute_value(KeyRole::Sort)?;
            if compare_values(&low, &high) == Some(Ordering::Greater) {
                return Err(KeyErrorKind::Condition(format!(
                    "between on sort attribute \"{attribute}\": low {} is above high {}; \
                     DynamoDB rejects BETWEEN with low > high",
                    value_text(&low),
                    value_text(&high)
                ))
                .into());
            }
            Ok(SortCondition::Between(low, high))
        });
        attribute_range(self, attribute, condition)
    }

    /// These conditions, then `begins_with(attribute, prefix)` (the terminal step
    /// `.begins_with(p)`, for string attributes only: [`StringAttribute`]).
    pub fn begins_with<E, I, T: KeyAttribute>(
        self,
        attribute: &'static str,
        prefix: &impl AttributeArg<T>,
    ) -> AttributeRange<E, I>
    where
        T::Type: StringAttribute,
    {
        let condition = prefix
            .attribute_value(KeyRole::Sort)
            .map(SortCondition::BeginsWith);
        attribute_range(self, attribute, condition)
    }

    /// The conditions, or the first error.
    ///
    /// # Errors
    /// The first deferred error.
    pub fn into_conditions(self) -> Result<Vec<(&'static str, SortCondition<KeyValue>)>, KeyError> {
        self.0
    }

    pub(crate) fn push(
        self,
        attribute: &'static str,
        condition: Result<SortCondition<KeyValue>, KeyError>,
    ) -> Self {
        SortConditions(self.0.and_then(|mut conditions| {
            conditions.push((attribute, condition?));
            Ok(conditions)
        }))
    }
}

/// The comparison of a terminal range step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AttributeOp {
    /// `>`.
    Gt,
    /// `>=`.
    Ge,
    /// `<`.
    Lt,
    /// `<=`.
    Le,
}

/// A value for messages: the text of `S`/`N`, the length of `B`.
pub(crate) fn value_text(value: &KeyValue) -> String {
    match value {
        KeyValue::S(s) => format!("{s:?}"),
        KeyValue::N(n) => n.clone(),
        KeyValue::B(b) => format!("<{} bytes>", b.len()),
    }
}

/// The sort conditions of an attribute-wise index query ending in a range on the last attribute
/// given: the terminal value of a generated sort builder (`.round().gt(1)`,
/// `.round().eq(2).bracket().gte("low")`). It has no methods, so no attribute can follow a range
/// (AWS developer guide, "Multi-attribute keys pattern").
pub struct AttributeRange<E, I> {
    conditions: SortConditions,
    marker: PhantomData<fn() -> (E, I)>,
}

impl<E, I> AttributeRange<E, I> {
    pub(crate) fn new(conditions: SortConditions) -> Self {
        AttributeRange {
            conditions,
            marker: PhantomData,
        }
    }
}

impl<E, I> std::fmt::Debug for AttributeRange<E, I> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("AttributeRange")
            .field(&self.conditions)
            .finish()
    }
}

impl<E, I> SortAttributes<E, I> for AttributeRange<E, I> {
    fn into_conditions(self) -> Result<Vec<(&'static str, SortCondition<KeyValue>)>, KeyError> {
        self.conditions.into_conditions()
    }
}

impl<E, I, S: SortKeyUnset, P> KeyQuery<E, I, S, P> {
    /// The sort conditions of a query on an attribute-wise index: the generated sort builder
    /// filled left to right (`E::<index>_sk().round().eq(2).bracket().begins_with("low")`, on a
    /// native string `bracket`), rendered as `#round = :round AND begins_with(#bracket, :bracket)`. Only builders of this entity and
    /// index fit ([`SortAttributes`]); the template conditions (`begins_with`, `eq`, `gt`, …) do
    /// not take them, nor does this take a template builder.
    ///
    /// # Errors
    /// Deferred to [`plan`](Self::plan): a value's error, `between` with low above high, or a
    /// query whose index is not attribute-wise ([`KeyErrorKind::Condition`]).
    pub fn sort_key<C: SortAttributes<E, I>>(
        self,
        conditions: C,
    ) -> KeyQuery<E, I, SortKeyRange, P> {
        let parts = self.parts.and_then(|mut parts| {
            let key = match (parts.plan.target.key, &parts.plan.attribute_partition) {
                (Some(key), Some(_)) => key,
                _ => {
                    return Err(KeyErrorKind::Condition(
                        "`.sort_key(…)` takes the sort attributes of an attribute-wise index; \
                         this query's target has template keys: use `begins_with`, `eq`, `gt`, \
                         … with its sort-key builder"
                            .into(),
                    )
                    .into())
                }
            };
            let conditions = conditions.into_conditions()?;
            check_sort(&key, &conditions)?;
            parts.plan.sort = SortKeyCondition::Attributes(conditions);
            Ok(parts)
        });
        KeyQuery {
            parts,
            marker: PhantomData,
        }
    }
}

/// Checks `partition` against `def`'s partition attributes: each one, in order, of its declared
/// type (the generated query functions build exactly that; this keeps a hand-written call
/// honest before any request).
pub(crate) fn check_partition(def: &IndexDef, partition: &PartitionKey) -> Result<(), KeyError> {
    let declared = def.key.partition();
    let given = partition.attributes();
    let fits = declared.len() == given.len()
        && declared
            .iter()
            .zip(given)
            .all(|(d, (name, value))| d.name == *name && d.ty == AttributeType::of(value));
    if !fits {
        return Err(KeyErrorKind::Condition(format!(
            "index `{}` is queried by its partition attributes {}; the query gives {}",
            def.name,
            list(declared.iter().map(|a| (a.name, a.ty))),
            list(given.iter().map(|(n, v)| (*n, AttributeType::of(v)))),
        ))
        .into());
    }
    Ok(())
}

/// Checks sort `conditions` against the sort attributes of `key`: a prefix of them, in order,
/// each of its declared type, every one but the last an equality, `begins_with` only on `S`.
fn check_sort(
    key: &KeySchema,
    conditions: &[(&'static str, SortCondition<KeyValue>)],
) -> Result<(), KeyError> {
    let declared = key.sort();
    let fault = if conditions.is_empty() {
        Some("no sort attribute is given".to_owned())
    } else if conditions.len() > declared.len() {
        Some(format!(
            "{} sort attributes for {} declared",
            conditions.len(),
            declared.len()
        ))
    } else {
        conditions
            .iter()
            .zip(declared)
            .enumerate()
            .find_map(|(i, ((name, condition), d))| {
                sort_fault(i + 1 == conditions.len(), name, condition, d)
            })
    };
    match fault {
        Some(fault) => Err(KeyErrorKind::Condition(format!(
            "{fault} (DynamoDB takes sort attributes left to right, each by equality except the \
             last given; AWS developer guide, \"Multi-attribute keys pattern\")"
        ))
        .into()),
        None => Ok(()),
    }
}

/// What is wrong with `condition` on sort attribute `declared`, if anything.
fn sort_fault(
    last: bool,
    name: &str,
    condition: &SortCondition<KeyValue>,
    declared: &crate::table::KeyAttr,
) -> Option<String> {
    let same_type = condition_values(condition).all(|v| AttributeType::of(v) == declared.ty);
    if name != declared.name {
        Some(format!(
            "the sort attribute at this place is \"{}\", not \"{name}\"",
            declared.name
        ))
    } else if !same_type {
        Some(format!(
            "sort attribute \"{name}\" is {}, the condition's value is not",
            declared.ty
        ))
    } else if !last && !matches!(condition, SortCondition::Eq(_)) {
        Some(format!(
            "a range on \"{name}\", which is not the last attribute given"
        ))
    } else if matches!(condition, SortCondition::BeginsWith(_)) && declared.ty != AttributeType::S {
        Some(format!(
            "begins_with on \"{name}\", which is {}",
            declared.ty
        ))
    } else {
        None
    }
}

/// The values of `condition` (two for `BETWEEN`).
pub(crate) fn condition_values(
    condition: &SortCondition<KeyValue>,
) -> impl Iterator<Item = &KeyValue> {
    let (a, b) = match condition {
        SortCondition::Eq(v)
        | SortCondition::BeginsWith(v)
        | SortCondition::Lt(v)
        | SortCondition::Le(v)
        | SortCondition::Gt(v)
        | SortCondition::Ge(v) => (v, None),
        SortCondition::Between(lo, hi) => (lo, Some(hi)),
    };
    std::iter::once(a).chain(b)
}

/// `"a" S, "b" N` for messages.
fn list(attributes: impl Iterator<Item = (&'static str, AttributeType)>) -> String {
    let parts: Vec<String> = attributes.map(|(n, t)| format!("\"{n}\" {t}")).collect();
    if parts.is_empty() {
        "none".to_owned()
    } else {
        parts.join(", ")
    }
}

/// The terminal step of a sort builder from a condition built by hand: `prior`'s equalities,
/// then `condition` on `attribute`. The generated steps use [`SortConditions::compare`],
/// [`SortConditions::between`] and [`SortConditions::begins_with`], which call this.
#[doc(hidden)]
pub fn attribute_range<E, I>(
    prior: SortConditions,
    attribute: &'static str,
    condition: Result<SortCondition<KeyValue>, KeyError>,
) -> AttributeRange<E, I> {
    AttributeRange::new(prior.push(attribute, condition))
}
