//! [`KeyQuery`]: a typed Query over one partition (or every shard of one), and [`QueryInput`]: the
//! request DynamoDB receives.

use std::marker::PhantomData;

use crate::attribute::KeyValue;
use crate::condition::{
    self, CompleteSortKey, Op, Range, SortCondition, SortKeyBound, SortKeyOf, SortKeyPrefix,
};
use crate::entity::Entity;
use crate::error::{KeyError, KeyErrorKind, KeyRole};
use crate::index::ConsistentReadable;
use crate::plan::{PartitionKey, QueryPlan, SortKeyCondition, Target};
use crate::shard::Sharding;
use crate::table::{IndexDef, Projection};
use crate::template::KeyTemplate;

pub(crate) mod attributes;
mod under;

pub use attributes::{
    AttributeOp, AttributeRange, AttributeStep, SortAttributes, SortConditions, TemplateStep,
};

use crate::expr::QueryInput;

/// Typestate: no sort-key condition yet: the query reads any sort key of its partition.
#[derive(Debug, Clone, Copy)]
pub struct AnySortKey;
/// Typestate: a sort-key condition is set, a range of sort keys (a second one does not compile).
#[derive(Debug, Clone, Copy)]
pub struct SortKeyRange;

/// Implemented only by [`AnySortKey`]: the condition methods require it, so setting a second
/// sort-key condition is a compile error with this message.
#[diagnostic::on_unimplemented(
    message = "this query already has a sort-key condition",
    label = "a second sort-key condition",
    note = "a DynamoDB KeyConditionExpression holds one condition on the sort key; use `between` for a range with two ends"
)]
pub trait SortKeyUnset: sealed::Sealed {}
impl SortKeyUnset for AnySortKey {}

mod sealed {
    pub trait Sealed {}
    impl Sealed for super::AnySortKey {}
    impl Sealed for super::SortKeyRange {}
}

/// Typestate: the query reads whole items (no projection), so they decode into the entity.
#[derive(Debug, Clone, Copy)]
pub struct Whole;
/// Typestate: the query reads only the attributes named by [`KeyQuery::project`], so its items
/// decode into a type holding those (`.project::<P>()` on the runtime's request), never into the
/// whole entity.
#[derive(Debug, Clone, Copy)]
pub struct Projected;

/// The plan under construction, and the literal prefix that keeps ranges inside the entity.
#[derive(Debug, Clone)]
struct Parts {
    plan: QueryPlan,
    /// The sort-key template's literal prefix, which keeps ranges inside the entity.
    entity_prefix: &'static str,
}

/// The zero-sized type parameters of a [`KeyQuery`], without owning or borrowing any of them.
type Marker<E, I, S, P> = PhantomData<fn() -> (E, I, S, P)>;

/// A Query on one partition of entity `E` (or on every shard of one sharded partition), with an
/// optional sort-key condition and options.
///
/// Created by the generated `E::query(<partition-key fields>)` (whole partition),
/// `E::query_<index>(…)` (an index partition), `E::query_shard(…, shard)` (one shard) or
/// `E::query_shards(…)` (every shard, merged by the runtime), then narrowed with one of
/// [`begins_with`](Self::begins_with), [`eq`](Self::eq), [`gt`](Self::gt), [`gte`](Self::gte),
/// [`lt`](Self::lt), [`lte`](Self::lte), [`between`](Self::between). Encoding errors are deferred
/// and returned by [`plan`](Self::plan) (and by the runtime, before any request).
///
/// ```ignore
/// let q = Project::query("acme").begins_with(Project::sk()).reverse();
/// let input = q.build()?;
/// assert_eq!(input.key_condition_expression, "#pk = :pk AND begins_with(#sk, :sk)");
/// ```
///
/// `I` is where the query runs: [`PrimaryIndex`](condition::PrimaryIndex) for the base table, or
/// the marker type of a secondary index (an [`Index`](crate::Index)), for queries made by the
/// generated `E::query_<index>(…)`; the sort-key conditions only accept builders made for the same
/// `I` (`E::sk()` for the base table, `E::<index>_sk()` for an index), so the two cannot be mixed
/// up. `S` records whether a sort-key condition is set (a second one does not compile), `P`
/// whether attributes are projected ([`Whole`] or [`Projected`]).
///
/// AWS developer guide: "Querying tables in DynamoDB", "Key condition expressions for the Query
/// operation" and, for index queries, "Using Global Secondary Indexes in DynamoDB" and "Local
/// secondary indexes".
pub struct KeyQuery<E, I = condition::PrimaryIndex, S = AnySortKey, P = Whole> {
    parts: Result<Parts, KeyError>,
    marker: Marker<E, I, S, P>,
}

impl<E, I, S, P> Clone for KeyQuery<E, I, S, P> {
    fn clone(&self) -> Self {
        KeyQuery {
            parts: self.parts.clone(),
            marker: PhantomData,
        }
    }
}

impl<E, I, S, P> std::fmt::Debug for KeyQuery<E, I, S, P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("KeyQuery")
            .field("parts", &self.parts)
            .finish()
    }
}

impl<E: Entity, I> KeyQuery<E, I> {
    /// A whole-partition query of `partitions` (one, or every shard of `sharded`) on the base
    /// table (`index` `None`) or an index. Generated code reaches it through `__private`.
    pub(crate) fn on(
        partitions: Result<Vec<String>, KeyError>,
        sharded: Option<(String, Sharding)>,
        index: Option<IndexDef>,
        sort_template: Option<KeyTemplate>,
    ) -> Self {
        let table = Target::table_of::<E>();
        let target = match index {
            Some(def) => Target {
                index: Some(def.name),
                partition_key: def.partition_key(),
                sort_key: def.sort_key(),
                key: def.is_attribute_wise().then_some(def.key),
                // Checked only where the index holds it (AWS developer guide, "Attribute
                // projections"): a KEYS_ONLY index has no entity-type attribute to check.
                entity_type: E::ENTITY_TYPE_ATTRIBUTE.filter(|name| match def.projection {
                    Projection::All => true,
                    Projection::KeysOnly => false,
                    Projection::Include(names) => names.contains(name),
                }),
                ..table
            },
            None => table,
        };
        let entity_prefix = sort_template.map_or("", |t| t.literal_prefix());
        let parts = partitions.and_then(|partitions| {
            for partition in &partitions {
                KeyError::check_size(KeyRole::Partition, partition)?;
            }
            Ok(Parts {
                plan: QueryPlan {
                    target,
                    partitions,
                    attribute_partition: None,
                    sharded,
                    sort: SortKeyCondition::Template(Range::ALL),
                    forward: true,
                    limit: None,
                    consistent_read: false,
                    projection: Vec::new(),
                    filter: None,
                    unexpired: None,
                    scan: None,
                },
                entity_prefix,
            })
        });
        KeyQuery {
            parts,
            marker: PhantomData,
        }
    }
}

/// The request of `E`'s generated query function over the whole partition `partition` of its
/// table (`index` `None`) or of a template index it is in ([`ListedEntity::query_input`]); `None`
/// for an attribute-wise index.
///
/// [`ListedEntity::query_input`]: crate::ListedEntity::query_input
pub(crate) fn whole_partition_input<E: Entity>(
    partition: &str,
    index: Option<&crate::EntityIndex>,
) -> Option<Result<QueryInput, KeyError>> {
    let partitions = Ok(vec![partition.to_owned()]);
    let query = match index {
        // A sharded entity's `query_shards` request of shard 0: the key with its suffix.
        None if E::SHARDING.is_some() => {
            let shard0 = E::SHARDING
                .map_or(Ok(partition.to_owned()), |s| s.partition_key(partition, 0))
                .map(|p| vec![p]);
            KeyQuery::<E>::on(shard0, None, None, E::SORT_TEMPLATE)
        }
        None => KeyQuery::<E>::on(partitions, None, None, E::SORT_TEMPLATE),
        Some(index) if index.index.is_attribute_wise() => return None,
        Some(index) => KeyQuery::<E>::on(partitions, None, Some(index.index), index.sort),
    };
    Some(query.plan().map(|plan| plan.input(0)))
}

impl<E: Entity, I> KeyQuery<E, I> {
    /// A whole-partition query of `partition` on the attribute-wise index `def`. Generated code
    /// reaches it through `__private::query_attribute_index`.
    pub(crate) fn on_attributes(partition: Result<PartitionKey, KeyError>, def: IndexDef) -> Self {
        let query = KeyQuery::<E, I>::on(Ok(Vec::new()), None, Some(def), None);
        let parts = query.parts.and_then(|mut parts| {
            let partition = partition?;
            attributes::check_partition(&def, &partition)?;
            parts.plan.target.key = Some(def.key);
            parts.plan.attribute_partition = Some(partition);
            parts.plan.sort = SortKeyCondition::Attributes(Vec::new());
            Ok(parts)
        });
        KeyQuery {
            parts,
            marker: PhantomData,
        }
    }
}

impl<E: Entity, I: crate::Index> KeyQuery<E, I> {
    /// A Query on the whole partition of attribute-wise index `I`
    /// ([`IndexDef::is_attribute_wise`]) whose partition attributes have `values`, as
    /// `(attribute, value)` in the index's key-schema order; an index whose first partition
    /// attribute holds the entity type gets `E`'s name there first, as every write of `E` stores
    /// it. What `#[derive(Entity)]` generates as `E::query_<index>(…)`, for an entity implemented
    /// by hand; narrow it with `.sort_key(…)` and [`SortConditions`].
    ///
    /// A value of another type than the attribute's, a missing or unknown attribute is an error
    /// returned when the query is built, as for generated queries (AWS developer guide,
    /// "Multi-attribute keys pattern": a Query gives every partition attribute by equality).
    pub fn attribute_partition(values: impl IntoIterator<Item = (&'static str, KeyValue)>) -> Self {
        let def = I::DEF;
        let mut partition = Vec::new();
        if def.key.has_entity_type() {
            if let Some(attribute) = def.key.partition().first() {
                partition.push((attribute.name(), KeyValue::S(E::ENTITY_NAME.to_owned())));
            }
        }
        partition.extend(values);
        KeyQuery::on_attributes(Ok(PartitionKey::new(partition)), def)
    }
}

impl<E, I, S: SortKeyUnset, P> KeyQuery<E, I, S, P> {
    fn with_range(
        self,
        range: impl FnOnce(&str) -> Result<Range, KeyError>,
    ) -> KeyQuery<E, I, SortKeyRange, P> {
        let parts = self.parts.and_then(|mut parts| {
            let range = range(parts.entity_prefix)?;
            if range.condition.is_some() && parts.plan.target.sort_key.is_none() {
                return Err(KeyErrorKind::Condition(
                    "a sort-key condition on a table without a sort key".into(),
                )
                .into());
            }
            if parts.plan.attribute_partition.is_some() {
                return Err(KeyErrorKind::Condition(
                    "a template sort-key condition on an attribute-wise index: use \
                     `.sort_key(E::<index>_sk()…)`"
                        .into(),
                )
                .into());
            }
            parts.plan.sort = SortKeyCondition::Template(range);
            Ok(parts)
        });
        KeyQuery {
            parts,
            marker: PhantomData,
        }
    }

    /// `begins_with(#sk, :sk)` on a group or an explicit partial value. An empty prefix means no
    /// sort-key condition (docs/semantics.md §3), so `begins_with(E::sk())` on a template that starts with a
    /// placeholder reads the whole partition.
    pub fn begins_with<X>(self, prefix: X) -> KeyQuery<E, I, SortKeyRange, P>
    where
        X: SortKeyPrefix + SortKeyOf<E, I>,
    {
        self.with_range(|_| {
            let prefix = prefix.into_prefix()?;
            if !prefix.is_empty() {
                KeyError::check_size(KeyRole::Sort, &prefix)?;
            }
            Ok(if prefix.is_empty() {
                Range::ALL
            } else {
                Range::of(SortCondition::BeginsWith(prefix))
            })
        })
    }

    /// `#sk = :sk`: exactly one item (docs/semantics.md §3: a complete key of a template that ends in a
    /// placeholder).
    pub fn eq<K>(self, key: K) -> KeyQuery<E, I, SortKeyRange, P>
    where
        K: CompleteSortKey + SortKeyOf<E, I>,
    {
        self.with_range(|_| {
            let key = key.into_sort_key()?;
            KeyError::check_size(KeyRole::Sort, &key)?;
            Ok(Range::of(SortCondition::Eq(key)))
        })
    }

    /// The item at the complete key `key` and every item nested under it, in one Query:
    /// `begins_with(#sk, :key)`, which reads the parent and the items whose sort keys extend its
    /// key — a parent with its children in its item collection (`Issue::query("acme")
    /// .with_nested(Issue::sk().number(7))`: issue 7 and its comments; AWS developer guide, "Best
    /// practices for modeling relational data in DynamoDB — Adjacency list design pattern").
    /// Decode them with `table_items()` or a `Collection` in the runtime.
    ///
    /// Exact when `E`'s sort-key template ends in a literal or a fixed-width field (a number,
    /// a timestamp, a ULID): no other item of `E` has a key that starts with this one. When it
    /// ends in a text field, keys of other items whose text starts with this one's (`ab` and
    /// `abc`) are in the range too.
    pub fn with_nested<K>(self, key: K) -> KeyQuery<E, I, SortKeyRange, P>
    where
        K: CompleteSortKey + SortKeyOf<E, I>,
    {
        self.with_range(|_| {
            let key = key.into_sort_key()?;
            KeyError::check_size(KeyRole::Sort, &key)?;
            Ok(Range::of(SortCondition::BeginsWith(key)))
        })
    }

    fn compare<B>(self, op: Op, bound: B) -> KeyQuery<E, I, SortKeyRange, P>
    where
        B: SortKeyBound + SortKeyOf<E, I>,
    {
        self.with_range(|entity| condition::range(op, bound.into_bound()?, entity))
    }

    /// Keys after `bound`: after the whole group for a group (`#sk >= succ(prefix)`), strictly
    /// greater for a complete key. Kept inside the entity's own keys when its template starts with
    /// a literal.
    pub fn gt<B: SortKeyBound + SortKeyOf<E, I>>(
        self,
        bound: B,
    ) -> KeyQuery<E, I, SortKeyRange, P> {
        self.compare(Op::Gt, bound)
    }

    /// Keys from `bound` on, including the whole group (`#sk >= prefix`).
    pub fn gte<B: SortKeyBound + SortKeyOf<E, I>>(
        self,
        bound: B,
    ) -> KeyQuery<E, I, SortKeyRange, P> {
        self.compare(Op::Ge, bound)
    }

    /// Keys before `bound`, excluding the whole group (`#sk < prefix`).
    pub fn lt<B: SortKeyBound + SortKeyOf<E, I>>(
        self,
        bound: B,
    ) -> KeyQuery<E, I, SortKeyRange, P> {
        self.compare(Op::Lt, bound)
    }

    /// Keys up to and including `bound`'s whole group (`#sk < succ(prefix)`), or `<=` a complete
    /// key.
    pub fn lte<B: SortKeyBound + SortKeyOf<E, I>>(
        self,
        bound: B,
    ) -> KeyQuery<E, I, SortKeyRange, P> {
        self.compare(Op::Le, bound)
    }

    /// Every key of groups `low` through `high`, both inclusive
    /// (`#sk BETWEEN prefix_low AND succ(prefix_high)`, without the key equal to
    /// `succ(prefix_high)`).
    ///
    /// The error for `low` sorting after `high` (byte-wise) is returned by [`build`](Self::build).
    pub fn between<L, H>(self, low: L, high: H) -> KeyQuery<E, I, SortKeyRange, P>
    where
        L: SortKeyBound + SortKeyOf<E, I>,
        H: SortKeyBound + SortKeyOf<E, I>,
    {
        self.with_range(|_| condition::between(low.into_bound()?, high.into_bound()?))
    }
}

impl<E, I, S, P> KeyQuery<E, I, S, P> {
    fn map(mut self, f: impl FnOnce(&mut QueryPlan)) -> Self {
        if let Ok(parts) = &mut self.parts {
            f(&mut parts.plan);
        }
        self
    }

    /// Returns at most `n` items: in total for the runtime's item and page streams (it reads as
    /// many pages as that takes), per page for its one-page call, where `n` is the request's
    /// `Limit`.
    pub fn limit(self, n: u32) -> Self {
        self.map(|p| p.limit = Some(n))
    }

    /// Descending sort-key order (`ScanIndexForward = false`): newest first for time-sortable keys.
    pub fn reverse(self) -> Self {
        self.map(|p| p.forward = false)
    }

    /// Strongly consistent read (`ConsistentRead = true`): the result reflects every write that
    /// succeeded before the request (AWS developer guide, "Read consistency"). Only the base table
    /// and local secondary indexes support it ([`ConsistentReadable`]); on a global secondary
    /// index this does not compile, since DynamoDB rejects it.
    pub fn consistent_read(self) -> Self
    where
        I: ConsistentReadable,
    {
        self.map(|p| p.consistent_read = true)
    }

    /// Reads only the named attributes (`ProjectionExpression`, names always via placeholders:
    /// `#p0, #p1, …`; AWS developer guide, "Projection expressions"). The query then reads parts of
    /// items, so the runtime decodes them only into a type that holds just those attributes
    /// (`.project::<P>()` on its request): reading whole entities from it does not compile.
    ///
    /// The attributes the read needs itself are read too ([`QueryPlan::read_attributes`]): every
    /// key attribute of the target (each item is checked to be one of the entity's, excluded
    /// sort keys are recognised, shards are merged by sort key and resumed), and the entity-type
    /// attribute when the entity declares one.
    pub fn project<A: AsRef<str>>(
        self,
        attributes: impl IntoIterator<Item = A>,
    ) -> KeyQuery<E, I, S, Projected> {
        let attributes: Vec<String> = attributes
            .into_iter()
            .map(|a| a.as_ref().to_owned())
            .collect();
        let parts = self.parts.map(|mut parts| {
            parts.plan.projection = attributes;
            parts
        });
        KeyQuery {
            parts,
            marker: PhantomData,
        }
    }

    /// The typed plan of this query, the value the runtime executes (see [`QueryPlan`]).
    ///
    /// # Errors
    /// A deferred [`KeyError`] from the key values or the condition (e.g. `between` with low >
    /// high).
    pub fn plan(&self) -> Result<QueryPlan, KeyError> {
        self.parts
            .as_ref()
            .map(|parts| parts.plan.clone())
            .map_err(Clone::clone)
    }

    /// The request as DynamoDB receives it, for the query's partition (for a fan-out over shards,
    /// the first shard's; [`QueryPlan::inputs`] gives every shard's).
    ///
    /// # Errors
    /// As [`plan`](Self::plan).
    pub fn build(&self) -> Result<QueryInput, KeyError> {
        let parts = self.parts.as_ref().map_err(Clone::clone)?;
        Ok(parts.plan.input(0))
    }
}
