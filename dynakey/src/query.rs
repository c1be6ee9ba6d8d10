//! [`KeyQuery`]: a typed Query over one partition, and [`QueryInput`]: the request DynamoDB receives.

use std::collections::BTreeMap;
use std::marker::PhantomData;

use crate::condition::{
    self, CompleteSortKey, Op, Range, SortCondition, SortKeyBound, SortKeyOf, SortKeyPrefix,
};
use crate::entity::Entity;
use crate::error::{KeyError, KeyErrorKind, KeyRole};
use crate::index::ConsistentReadable;
use crate::key::KeyValue;
use crate::table::{IndexDef, Table};
use crate::template::KeyTemplate;

mod cli_json;

/// Typestate: no sort-key condition set yet.
#[derive(Debug, Clone, Copy)]
pub struct NoSortCondition;
/// Typestate: a sort-key condition is set (a second one does not compile).
#[derive(Debug, Clone, Copy)]
pub struct WithSortCondition;

/// Implemented only by [`NoSortCondition`]: the condition methods require it, so setting a second
/// sort-key condition is a compile error with this message.
#[diagnostic::on_unimplemented(
    message = "this query already has a sort-key condition",
    label = "a second sort-key condition",
    note = "a DynamoDB KeyConditionExpression holds one condition on the sort key; use `between` for a range with two ends"
)]
pub trait NoSortConditionYet: sealed::Sealed {}
impl NoSortConditionYet for NoSortCondition {}

mod sealed {
    pub trait Sealed {}
    impl Sealed for super::NoSortCondition {}
    impl Sealed for super::WithSortCondition {}
}

#[derive(Debug, Clone)]
struct Parts {
    index_name: Option<&'static str>,
    partition_attr: &'static str,
    sort_attr: Option<&'static str>,
    /// The key attributes of the table (and of the index, for an index query), sorted: what a
    /// `LastEvaluatedKey` of this query holds.
    start_key_attrs: Vec<&'static str>,
    partition: String,
    range: Range,
    /// The sort-key template's literal prefix, which keeps ranges inside the entity.
    entity_prefix: &'static str,
    limit: Option<u32>,
    reverse: bool,
    consistent_read: bool,
    projection: Vec<String>,
}

/// The zero-sized type parameters of a [`KeyQuery`], without owning or borrowing any of them.
type Marker<E, I, S> = PhantomData<fn() -> (E, I, S)>;

/// A Query on one partition of entity `E`, with an optional sort-key condition and options.
///
/// Created by the generated `E::query(<partition-key fields>)` (whole partition), then narrowed with
/// one of [`begins_with`](Self::begins_with), [`eq`](Self::eq), [`gt`](Self::gt),
/// [`gte`](Self::gte), [`lt`](Self::lt), [`lte`](Self::lte), [`between`](Self::between).
/// Encoding errors are deferred and returned by [`build`](Self::build) (and by the runtime, before
/// any request).
///
/// ```ignore
/// let q = Project::query("acme").begins_with(Project::sk()).reverse();
/// let input = q.build()?;
/// assert_eq!(input.key_condition_expression, "#pk = :pk AND begins_with(#sk, :sk)");
/// ```
///
/// `I` is where the query runs: [`PrimaryIndex`](condition::PrimaryIndex) for the base table, or
/// the marker type of a secondary index (an [`Index`](crate::Index)), for queries made by the generated
/// `E::query_<index>(…)`; the sort-key conditions only accept builders made for the same `I`
/// (`E::sk()` for the base table, `E::<index>_sk()` for an index), so the two cannot be mixed up.
///
/// AWS developer guide: "Querying tables in DynamoDB", "Key condition expressions for the Query
/// operation" and, for index queries, "Using Global Secondary Indexes in DynamoDB" and "Local
/// secondary indexes".
pub struct KeyQuery<E, I = condition::PrimaryIndex, S = NoSortCondition> {
    parts: Result<Parts, KeyError>,
    marker: Marker<E, I, S>,
}

impl<E, I, S> Clone for KeyQuery<E, I, S> {
    fn clone(&self) -> Self {
        KeyQuery {
            parts: self.parts.clone(),
            marker: PhantomData,
        }
    }
}

impl<E, I, S> std::fmt::Debug for KeyQuery<E, I, S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("KeyQuery")
            .field("parts", &self.parts)
            .finish()
    }
}

impl<E: Entity> KeyQuery<E> {
    /// A whole-partition query on the base table. Used by the generated `E::query(…)`.
    #[doc(hidden)]
    pub fn partition(partition: Result<String, KeyError>) -> Self {
        let table_sort = <E::Table as Table>::SORT_KEY;
        Self::on(
            partition,
            None,
            <E::Table as Table>::PARTITION_KEY,
            table_sort,
            E::SORT_TEMPLATE,
        )
    }
}

impl<E: Entity, I> KeyQuery<E, I> {
    /// A whole-partition query on index `I`, declared by `index` (`<I as Index>::DEF`):
    /// `partition` is the index partition-key value (for an LSI, the table's), `sort_template`
    /// the entity's sort-key template for the index. Used by the generated
    /// `E::query_<index>(…)`, which passes the declaration rather than bounding `I: Index` so
    /// that a type that is not an index is reported once.
    #[doc(hidden)]
    pub fn index_partition(
        partition: Result<String, KeyError>,
        index: IndexDef,
        sort_template: Option<KeyTemplate>,
    ) -> Self {
        Self::on(
            partition,
            Some(index.name),
            index.partition_key,
            index.sort_key,
            sort_template,
        )
    }

    /// A whole-partition query on the base table (`index_name` `None`) or an index.
    fn on(
        partition: Result<String, KeyError>,
        index_name: Option<&'static str>,
        partition_attr: &'static str,
        sort_attr: Option<&'static str>,
        sort_template: Option<KeyTemplate>,
    ) -> Self {
        let entity_prefix = sort_template.map_or("", |t| t.literal_prefix());
        let parts = partition.and_then(|partition| {
            KeyError::check_size(KeyRole::Partition, &partition)?;
            // A LastEvaluatedKey holds the table's key attributes, plus the index's on an index
            // (AWS developer guide, "Paginating table query results").
            let table_partition = <E::Table as Table>::PARTITION_KEY;
            let table_sort = <E::Table as Table>::SORT_KEY;
            let mut start_key_attrs: Vec<&'static str> = [table_partition, partition_attr]
                .into_iter()
                .chain(table_sort)
                .chain(sort_attr)
                .collect();
            start_key_attrs.sort_unstable();
            start_key_attrs.dedup();
            Ok(Parts {
                index_name,
                partition_attr,
                sort_attr,
                start_key_attrs,
                partition,
                range: Range::ALL,
                entity_prefix,
                limit: None,
                reverse: false,
                consistent_read: false,
                projection: Vec::new(),
            })
        });
        KeyQuery {
            parts,
            marker: PhantomData,
        }
    }
}

impl<E, I, S: NoSortConditionYet> KeyQuery<E, I, S> {
    fn with_range(
        self,
        range: impl FnOnce(&str) -> Result<Range, KeyError>,
    ) -> KeyQuery<E, I, WithSortCondition> {
        let parts = self.parts.and_then(|mut parts| {
            parts.range = range(parts.entity_prefix)?;
            Ok(parts)
        });
        KeyQuery {
            parts,
            marker: PhantomData,
        }
    }

    /// `begins_with(#sk, :sk)` on a group or an explicit partial value. An empty prefix means no
    /// sort-key condition (spec §3), so `begins_with(E::sk())` on a template that starts with a
    /// placeholder reads the whole partition.
    pub fn begins_with<P>(self, prefix: P) -> KeyQuery<E, I, WithSortCondition>
    where
        P: SortKeyPrefix + SortKeyOf<E, I>,
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

    /// `#sk = :sk`: exactly one item (spec §3: a complete key of a template that ends in a
    /// placeholder).
    pub fn eq<K>(self, key: K) -> KeyQuery<E, I, WithSortCondition>
    where
        K: CompleteSortKey + SortKeyOf<E, I>,
    {
        self.with_range(|_| {
            let key = key.into_sort_key()?;
            KeyError::check_size(KeyRole::Sort, &key)?;
            Ok(Range::of(SortCondition::Eq(key)))
        })
    }

    fn compare<B>(self, op: Op, bound: B) -> KeyQuery<E, I, WithSortCondition>
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
    ) -> KeyQuery<E, I, WithSortCondition> {
        self.compare(Op::Gt, bound)
    }

    /// Keys from `bound` on, including the whole group (`#sk >= prefix`).
    pub fn gte<B: SortKeyBound + SortKeyOf<E, I>>(
        self,
        bound: B,
    ) -> KeyQuery<E, I, WithSortCondition> {
        self.compare(Op::Ge, bound)
    }

    /// Keys before `bound`, excluding the whole group (`#sk < prefix`).
    pub fn lt<B: SortKeyBound + SortKeyOf<E, I>>(
        self,
        bound: B,
    ) -> KeyQuery<E, I, WithSortCondition> {
        self.compare(Op::Lt, bound)
    }

    /// Keys up to and including `bound`'s whole group (`#sk < succ(prefix)`), or `<=` a complete
    /// key.
    pub fn lte<B: SortKeyBound + SortKeyOf<E, I>>(
        self,
        bound: B,
    ) -> KeyQuery<E, I, WithSortCondition> {
        self.compare(Op::Le, bound)
    }

    /// Every key of groups `low` through `high`, both inclusive
    /// (`#sk BETWEEN prefix_low AND succ(prefix_high)`, without the key equal to
    /// `succ(prefix_high)`).
    ///
    /// The error for `low` sorting after `high` (byte-wise) is returned by [`build`](Self::build).
    pub fn between<L, H>(self, low: L, high: H) -> KeyQuery<E, I, WithSortCondition>
    where
        L: SortKeyBound + SortKeyOf<E, I>,
        H: SortKeyBound + SortKeyOf<E, I>,
    {
        self.with_range(|_| condition::between(low.into_bound()?, high.into_bound()?))
    }
}

impl<E, I, S> KeyQuery<E, I, S> {
    fn map(mut self, f: impl FnOnce(&mut Parts)) -> Self {
        if let Ok(parts) = &mut self.parts {
            f(parts);
        }
        self
    }

    /// Returns at most `n` items: in total for the runtime's streams (it pages until it has them),
    /// per page for its one-page calls (`Db::query_page`), where `n` is the request's `Limit`.
    pub fn limit(self, n: u32) -> Self {
        self.map(|p| p.limit = Some(n))
    }

    /// Descending sort-key order (`ScanIndexForward = false`): newest first for time-sortable keys.
    pub fn reverse(self) -> Self {
        self.map(|p| p.reverse = true)
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
    /// `#p0, #p1, …`; AWS developer guide, "Projection expressions"). Decode such results into a
    /// type that has just those fields (`Db::query_as` in `dynakey-runtime`).
    ///
    /// When the range excludes keys that DynamoDB's inclusive `BETWEEN` returns
    /// ([`QueryInput::exclude_sort_keys`]), the sort-key attribute is read too (`#sk` is added to
    /// the projection), since the runtime recognises those items by it.
    pub fn project<A: AsRef<str>>(self, attributes: impl IntoIterator<Item = A>) -> Self {
        let attributes: Vec<String> = attributes
            .into_iter()
            .map(|a| a.as_ref().to_owned())
            .collect();
        self.map(|p| p.projection = attributes)
    }

    /// The request as DynamoDB receives it.
    ///
    /// # Errors
    /// A deferred [`KeyError`] from the key values or the condition (e.g. `between` with low > high).
    pub fn build(&self) -> Result<QueryInput, KeyError> {
        let parts = self.parts.as_ref().map_err(Clone::clone)?;
        let mut names = BTreeMap::new();
        let mut values = BTreeMap::new();
        names.insert("#pk".to_owned(), parts.partition_attr.to_owned());
        values.insert(":pk".to_owned(), KeyValue::S(parts.partition.clone()));
        let mut expression = String::from("#pk = :pk");
        if let Some(condition) = &parts.range.condition {
            let sort_attr = parts.sort_attr.ok_or_else(|| {
                KeyError::from(KeyErrorKind::Condition(
                    "a sort-key condition on a table without a sort key".into(),
                ))
            })?;
            names.insert("#sk".to_owned(), sort_attr.to_owned());
            let mut value = |name: &str, v: &str| {
                values.insert(name.to_owned(), KeyValue::S(v.to_owned()));
            };
            let clause = match condition {
                SortCondition::Eq(v) => (value(":sk", v), "#sk = :sk").1,
                SortCondition::BeginsWith(v) => (value(":sk", v), "begins_with(#sk, :sk)").1,
                SortCondition::Lt(v) => (value(":sk", v), "#sk < :sk").1,
                SortCondition::Le(v) => (value(":sk", v), "#sk <= :sk").1,
                SortCondition::Gt(v) => (value(":sk", v), "#sk > :sk").1,
                SortCondition::Ge(v) => (value(":sk", v), "#sk >= :sk").1,
                SortCondition::Between(lo, hi) => {
                    value(":lo", lo);
                    value(":hi", hi);
                    "#sk BETWEEN :lo AND :hi"
                }
            };
            expression.push_str(" AND ");
            expression.push_str(clause);
        }
        let projection_expression = (!parts.projection.is_empty()).then(|| {
            let mut placeholders = Vec::with_capacity(parts.projection.len());
            for (i, attribute) in parts.projection.iter().enumerate() {
                let placeholder = format!("#p{i}");
                names.insert(placeholder.clone(), attribute.clone());
                placeholders.push(placeholder);
            }
            // The runtime drops `exclude_sort_keys` by the items' sort key, so read it too.
            let sort_projected = parts
                .sort_attr
                .is_some_and(|sort| parts.projection.iter().any(|a| a == sort));
            if !parts.range.exclude.is_empty() && !sort_projected && names.contains_key("#sk") {
                placeholders.push("#sk".to_owned());
            }
            placeholders.join(", ")
        });
        Ok(QueryInput {
            index_name: parts.index_name.map(str::to_owned),
            partition_key_attribute: parts.partition_attr.to_owned(),
            key_condition_expression: expression,
            expression_attribute_names: names,
            expression_attribute_values: values,
            projection_expression,
            scan_index_forward: !parts.reverse,
            limit: parts.limit,
            consistent_read: parts.consistent_read,
            sort_key_attribute: parts.sort_attr.map(str::to_owned),
            start_key_attributes: parts
                .start_key_attrs
                .iter()
                .map(|a| (*a).to_owned())
                .collect(),
            exclude_sort_keys: parts.range.exclude.clone(),
            matches_nothing: parts.range.empty,
        })
    }
}

/// A Query request in DynamoDB's terms (the Query API's request parameters), built by
/// [`KeyQuery::build`].
///
/// Attribute names always go through `#name` placeholders and values through `:value` placeholders,
/// and exactly the referenced ones are present (spec §3), so reserved words such as `status`,
/// `name` or `data` work as attribute names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueryInput {
    /// `IndexName`, for a query on a secondary index.
    pub index_name: Option<String>,
    /// The partition-key attribute of the queried table or index (for an LSI, the table's): the
    /// attribute `#pk` names in the key condition.
    pub partition_key_attribute: String,
    /// `KeyConditionExpression`, e.g. `#pk = :pk AND begins_with(#sk, :sk)`.
    pub key_condition_expression: String,
    /// `ExpressionAttributeNames`: placeholder → attribute name.
    pub expression_attribute_names: BTreeMap<String, String>,
    /// `ExpressionAttributeValues`: placeholder → value.
    pub expression_attribute_values: BTreeMap<String, KeyValue>,
    /// `ProjectionExpression`, when attributes were projected.
    pub projection_expression: Option<String>,
    /// `ScanIndexForward`: `false` for descending sort-key order.
    pub scan_index_forward: bool,
    /// The number of items wanted: the total for the runtime's item and page streams (each
    /// request's `Limit` is what is still missing), the page size for its one-page calls.
    pub limit: Option<u32>,
    /// `ConsistentRead`.
    pub consistent_read: bool,
    /// The sort-key attribute of the queried table or index (`None` without a sort key): the
    /// attribute whose values [`exclude_sort_keys`](Self::exclude_sort_keys) lists.
    pub sort_key_attribute: Option<String>,
    /// The attributes of a `LastEvaluatedKey`/`ExclusiveStartKey` of this query, sorted: the
    /// table's partition and sort key, plus the index's for an index query (AWS developer guide,
    /// "Paginating table query results"). A [`Cursor`](crate::Cursor) holds exactly these.
    pub start_key_attributes: Vec<String>,
    /// Sort keys that DynamoDB's inclusive `BETWEEN` returns but the requested range excludes; the
    /// runtime drops them.
    pub exclude_sort_keys: Vec<String>,
    /// `true` when no key can satisfy the condition (e.g. `lt` of the first possible key); the
    /// runtime returns no items without sending a request.
    pub matches_nothing: bool,
}
