//! What a generated attribute-wise sort builder (`<Entity><Index>Sk<D>`), `query_<index>(…)` and
//! `Entity::attribute_keys` call: one function per method, given the index's `DEF` and the fill's
//! position, so each generated method is one call (the attribute name is read from `DEF` here).
//! The comparisons themselves are the core's ([`AttributeStep`], [`TemplateStep`]).

pub use crate::attribute::AttributeArg as AttrArg;
pub use crate::query::{AttributeRange, AttributeStep, TemplateStep};
use crate::table::IndexDef;
pub use crate::Index;

use crate::attribute::KeyValue;
use crate::attribute::{AttributeArg, KeyAttribute};
use crate::condition::SortCondition;
use crate::error::{KeyError, KeyRole};
use crate::index::{EntityIndex, Fill, IndexValue};
use crate::plan::PartitionKey;
use crate::query::KeyQuery;
use crate::Entity;

use crate::template::KeyTemplate;

use super::{
    attribute_entity_index, entity_type_attribute, fill_attribute, has_entity_type, SortConditions,
};

/// Depth 0 of an attribute-wise sort builder: no sort attribute given, so not
/// [`SortAttributes`](crate::SortAttributes) (a query on the whole index partition takes no
/// `.sort_key(…)`).
pub enum NoneGiven {}

/// A depth past 0 of an attribute-wise sort builder: its equalities are sort conditions.
pub enum SomeGiven {}

/// Implemented by [`SomeGiven`] only (the kinds tuple of a builder names one per depth).
pub trait Given {}
impl Given for SomeGiven {}

/// The depths of a builder of one sort attribute.
pub type Given1 = (NoneGiven, SomeGiven);
/// The depths of a builder of two sort attributes.
pub type Given2 = (NoneGiven, SomeGiven, SomeGiven);
/// The depths of a builder of three sort attributes.
pub type Given3 = (NoneGiven, SomeGiven, SomeGiven, SomeGiven);
/// The depths of a builder of four sort attributes.
pub type Given4 = (NoneGiven, SomeGiven, SomeGiven, SomeGiven, SomeGiven);

/// Element `I` of a tuple of step markers of an attribute-wise sort builder: the sort attribute it
/// gives next. Not implemented past the last one: giving `F` there is this error.
#[diagnostic::on_unimplemented(
    message = "sort attribute `{F}` is already given: every sort attribute of `{Self}` is, so only `.sort_key(…)` can follow",
    label = "`{F}` is already given"
)]
pub trait StepAt<const I: usize, F> {
    /// The sort attribute to give next.
    type Next;
}

macro_rules! step_at {
    ($($tuple:tt; $($i:literal $x:ident)*;)*) => { $( $( step_at!(@one $tuple $i $x); )* )* };
    (@one ($($all:ident),*) $i:literal $x:ident) => {
        #[diagnostic::do_not_recommend]
        impl<$($all,)* F> StepAt<$i, F> for ($($all,)*) {
            type Next = $x;
        }
    };
}

// Up to 4 sort attributes (DynamoDB's limit); the depth a step reaches is `DepthOf`.
step_at! {
    (X0); 0 X0;
    (X0, X1); 0 X0 1 X1;
    (X0, X1, X2); 0 X0 1 X1 2 X2;
    (X0, X1, X2, X3); 0 X0 1 X1 2 X2 3 X3;
}

/// The `k`th sort attribute of `def`.
#[inline]
fn sort_attribute(def: &IndexDef, k: usize) -> &'static str {
    fill_attribute(def, KeyRole::Sort, k)
}

/// The method of native sort fill `k` of index `I` (`.round()`): its [`AttributeStep`], whose
/// `eq` makes the builder by `next` (the generated builder's constructor).
#[inline]
pub fn attribute_step<Next, E, I: Index, T>(
    prior: SortConditions,
    k: usize,
    next: fn(SortConditions) -> Next,
) -> AttributeStep<Next, E, I, T> {
    AttributeStep::new(prior, sort_attribute(&I::DEF, k), next)
}

/// The method of sort fill `k` of index `I`, a template of one field (`.bracket()`): its
/// [`TemplateStep`].
#[inline]
pub fn template_step<Next, E, I: Index, T>(
    prior: SortConditions,
    k: usize,
    template: KeyTemplate,
    next: fn(SortConditions) -> Next,
) -> TemplateStep<Next, E, I, T> {
    TemplateStep::new(prior, sort_attribute(&I::DEF, k), template, next)
}

/// The equality method of sort fill `k` of index `I`, a template of several fields
/// (`.slot(day, hour)`): `attribute = key`.
#[inline]
pub fn step_template_eq<I: Index>(
    prior: SortConditions,
    k: usize,
    key: Result<String, KeyError>,
) -> SortConditions {
    prior.eq_value(sort_attribute(&I::DEF, k), key.map(KeyValue::S))
}

/// What `SortAttributes::into_conditions` returns.
pub type Conditions = Result<Vec<(&'static str, SortCondition<KeyValue>)>, KeyError>;

/// The value of native partition fill `value` of a generated `query_<index>(…)`.
///
/// # Errors
/// As [`KeyAttribute::key_value`].
#[inline]
pub fn partition_value<T: KeyAttribute>(
    value: &impl AttributeArg<T>,
) -> Result<KeyValue, KeyError> {
    value.attribute_value(KeyRole::Partition)
}

/// Fill `k` of the partition key, in a generated `Entity::attribute_keys` entry.
#[must_use]
pub const fn pk(k: usize) -> (KeyRole, usize) {
    (KeyRole::Partition, k)
}

/// Fill `k` of the sort key, in a generated `Entity::attribute_keys` entry.
#[must_use]
pub const fn sk(k: usize) -> (KeyRole, usize) {
    (KeyRole::Sort, k)
}

/// One generated `Entity::attribute_keys` entry: `(attribute, value)` of native fill `k` of
/// `role`.
///
/// # Errors
/// As [`native_key`](super::native_key).
#[inline]
pub fn native_at<F: super::NativeField>(
    def: &IndexDef,
    (role, k): (KeyRole, usize),
    value: &F,
) -> Result<(&'static str, IndexValue), KeyError> {
    Ok((
        fill_attribute(def, role, k),
        super::native_key(value, role)?,
    ))
}

/// One generated `Entity::attribute_keys` entry: `(attribute, value)` of template fill `k` of
/// `role` (its key `key`, or [`IndexValue::Absent`] for `None`: a template over a `None` field).
///
/// # Errors
/// The encoder's error.
#[inline]
pub fn template_at(
    def: &IndexDef,
    (role, k): (KeyRole, usize),
    key: Option<Result<String, KeyError>>,
) -> Result<(&'static str, IndexValue), KeyError> {
    let value = match key {
        Some(key) => IndexValue::Write(KeyValue::S(key?)),
        None => IndexValue::Absent,
    };
    Ok((fill_attribute(def, role, k), value))
}

/// A generated `Entity::attribute_keys` from its entries ([`native_at`], [`template_at`]) in
/// order: one list of data instead of a statement per fill.
///
/// # Errors
/// The first entry's error.
pub fn attribute_keys_of<const N: usize>(
    entries: [Result<(&'static str, IndexValue), KeyError>; N],
) -> crate::__private::AttributeKeys {
    entries.into_iter().collect()
}

/// The generated `E::query_<index>(…)` of an attribute-wise index: the whole index partition
/// whose partition fills have `values`, in order (the entity type first when `def` has an
/// entity-type attribute, as the entity's name).
pub fn query_attributes<E: Entity, I, const N: usize>(
    def: IndexDef,
    values: [Result<KeyValue, KeyError>; N],
) -> KeyQuery<E, I> {
    let partition = (|| {
        let mut out = Vec::with_capacity(N + 1);
        if has_entity_type(&def) {
            out.push((
                entity_type_attribute(&def),
                KeyValue::S(E::ENTITY_NAME.to_owned()),
            ));
        }
        for (k, value) in values.into_iter().enumerate() {
            out.push((fill_attribute(&def, KeyRole::Partition, k), value?));
        }
        Ok(PartitionKey::new(out))
    })();
    KeyQuery::on_attributes(partition, def)
}

/// [`attribute_entity_index`] from the fills of every key attribute with the entity-type fill
/// first (`fills[0]`), which is dropped when `def` has no entity-type attribute: one generated
/// list for either shape of the table's declaration; `query` names its generated query function.
pub const fn attribute_entity_index_typed(
    def: IndexDef,
    fills: &'static [Fill],
    sparse: bool,
    query: &'static str,
) -> EntityIndex {
    let fills = match fills.split_first() {
        Some((_, rest)) if !has_entity_type(&def) => rest,
        _ => fills,
    };
    attribute_entity_index(def, fills, sparse).with_query_function(query)
}

/// What a sort attribute's method returns on the stub builder `B` of a failed entity derive:
/// every comparison type-checks and gives the builder back, so code that queries the index adds
/// no error of its own (nothing runs: the build failed).
pub struct StubStep<B>(pub B);

impl<B> StubStep<B> {
    /// Stub of `eq`.
    pub fn eq(self, _value: impl Sized) -> B {
        self.0
    }
    /// Stub of `gt`.
    pub fn gt(self, _value: impl Sized) -> B {
        self.0
    }
    /// Stub of `gte`.
    pub fn gte(self, _value: impl Sized) -> B {
        self.0
    }
    /// Stub of `lt`.
    pub fn lt(self, _value: impl Sized) -> B {
        self.0
    }
    /// Stub of `lte`.
    pub fn lte(self, _value: impl Sized) -> B {
        self.0
    }
    /// Stub of `between`.
    pub fn between(self, _low: impl Sized, _high: impl Sized) -> B {
        self.0
    }
    /// Stub of `begins_with`.
    pub fn begins_with(self, _prefix: impl Sized) -> B {
        self.0
    }
}
