//! The read family: [`Db::query`] makes one request value, [`Query`], whose terminals run it —
//! [`items`](Query::items) (a stream of items), [`pages`](Query::pages) (a stream of pages),
//! [`page`](Query::page) (one page from a cursor), and [`collection`](Query::collection) (an item
//! collection) — after optional [`from`](Query::from) (resume after a cursor),
//! [`project`](Query::project) (decode into a type of your own) or [`keys`](Query::keys) (the
//! base-table keys). Sharded and single-partition queries are the same request; so are base-table
//! and index queries.
//!
//! ```no_run
//! # use dynakey::Entity;
//! # #[derive(Entity, serde::Serialize, serde::Deserialize)]
//! # #[pk("WS#<workspace>")] #[sk("PROJ#<created>#<id>")]
//! # struct Project { workspace: String, created: u64, id: String, name: String }
//! # async fn run(db: dynakey_runtime::Db) -> Result<(), dynakey_runtime::Error> {
//! use futures::TryStreamExt;
//!
//! let q = Project::query("acme").begins_with(Project::sk()).reverse();
//! let all: Vec<Project> = db.query(&q).items().try_collect().await?;
//! let first = db.query(&q.clone().limit(20)).page(None).await?;
//! if let Some(cursor) = &first.next {
//!     let second = db.query(&q.clone().limit(20)).page(Some(cursor)).await?;
//! }
//! # Ok(()) }
//! ```

mod collection;
mod engine;
pub(crate) mod owner;
mod scan;

use std::collections::HashMap;
use std::marker::PhantomData;
use std::sync::Arc;

use aws_sdk_dynamodb::types::AttributeValue;
use dynakey::__private::plan::QueryPlan;
use dynakey::Collection;
use dynakey::{
    Cond, Cursor, Entity, InTable, Key, KeyError, KeyQuery, MemberOf, Position, PrimaryIndex,
    ProjectsAll, QueryFilter, Table, Whole,
};
use futures::stream::{self, Stream};
use serde::de::DeserializeOwned;

use crate::convert::Item;
use crate::db::Db;
use crate::error::{Error, ItemOwner};
use crate::item::{from_entity_item, from_item_in, key_from_item, key_strings};
use crate::measures::Labels;
use dynakey::__private::plan::Target;
use dynakey::{TableItem, SHAPE_ATTRIBUTE};
use owner::Screened;

pub use collection::{CollectionDecoder, CollectionRead, UnknownItems};
pub use engine::ReadProgress;
use engine::{Mode, Progress, Reader, Step};
pub use scan::Scan;

/// One page of a Query: one request per partition read (AWS developer guide, "Paginating table
/// query results").
#[derive(Debug, Clone, PartialEq)]
pub struct Page<O> {
    /// The page's items, decoded, in sort-key order (descending for a reversed query), without
    /// the ones the query's range excludes. Full (the `limit(n)` of the query) unless it is the
    /// last page; a page of one request ([`Query::one_request_per_page`], [`Query::pages`]) may
    /// hold fewer or be empty and not be the last. Only
    /// items of the query's entity: see [`Query::unknown_items`] for the others.
    pub items: Vec<O>,
    /// With [`UnknownItems::Keep`] ([`Query::unknown_items`]): the items of the page that are
    /// not the query's entity's (another entity sharing the partition or index), raw and
    /// complete as read, in the order the Query returned them. Empty otherwise.
    pub unknown: Vec<Item>,
    /// How many items of the page were not the query's entity's (kept or skipped).
    pub unknown_count: usize,
    /// How many items of the page were another shape's copies during a key change
    /// (docs/semantics.md §10, "A key change during a rolling deploy"): items whose
    /// [`SHAPE_ATTRIBUTE`] names a shape other than the one the entity reads
    /// ([`Entity::SHAPE`](dynakey::Entity::SHAPE)), or unmarked items whose keys fit only the
    /// other shape of the entity's key change. Passed over like another entity's items: never
    /// decoded, never an error, not counted against `limit(n)`.
    pub other_shape_count: usize,
    /// Where the next page starts, as an opaque URL-safe cursor bound to this query: `None` when
    /// there are no more results. Right after the last item of `items` in every partition (or,
    /// where nothing was returned, after the last key DynamoDB evaluated).
    pub next: Option<Cursor>,
    /// The number of `Query` (or `Scan`) requests this page sent.
    pub requests: u32,
    /// The items those requests evaluated (`ScannedCount`, summed): before the filter, so
    /// `evaluated - items.len() - unknown_count - other_shape_count` items were read and filtered out, or read past
    /// the page's end (read again by the next page).
    pub evaluated: u64,
    /// The read capacity units those requests consumed (`ConsumedCapacity.CapacityUnits`,
    /// requested with `ReturnConsumedCapacity = TOTAL`, summed), when the service reported them.
    pub consumed_capacity: Option<f64>,
    /// `LastEvaluatedKey` of the page's last response: the key attributes (table and index) of
    /// the last item DynamoDB evaluated, present when that partition may have more results. For
    /// a fan-out, of whichever shard answered last; use [`next`](Self::next) to resume.
    pub last_evaluated_key: Option<HashMap<String, AttributeValue>>,
    /// How many of `items` each partition gave, in the plan's partition order (shard 0 first;
    /// one number for a query of one partition; empty for a page that sent no request, after
    /// `limit(0)` or for a range that matches nothing): what each shard holds of the page. Pass
    /// it to [`Query::shares_hint`] when the same query is read again (a feed read every few
    /// seconds), so that each shard is asked for about its share at once.
    pub shares: Vec<u32>,
}

impl<O> Page<O> {
    /// A page for a query that needs no request: no items.
    fn empty(next: Option<Cursor>) -> Self {
        Page {
            items: Vec::new(),
            unknown: Vec::new(),
            unknown_count: 0,
            other_shape_count: 0,
            next,
            requests: 0,
            evaluated: 0,
            consumed_capacity: None,
            last_evaluated_key: None,
            shares: Vec::new(),
        }
    }
}

/// What a query's items decode into: the whole entity (for a query without a projection, on a
/// target that [`ProjectsAll`]), a type of your own ([`As`], from [`Query::project`]), or the
/// base-table keys ([`Keys`], from [`Query::keys`]).
#[diagnostic::on_unimplemented(
    message = "this query projects attributes, so its items are not whole entities",
    label = "whole entities from a query that reads only some attributes",
    note = "a query with `.project([…])` reads only those attributes: decode them with `.project::<P>()` (a type with just those fields), or read the base-table keys with `.keys()`"
)]
pub trait Output<T: Table, E, I>: Send + 'static {
    /// One decoded item.
    type Item: Send + 'static;

    /// Adjusts the plan before it runs (e.g. to read only the attributes needed).
    fn prepare(_plan: &mut QueryPlan) {}

    /// `true` when this output decodes an item of any entity the table lists ([`TableItems`]);
    /// `false` (the default) when only items of the query's entity `E` (docs/semantics.md §4).
    const ANY_LISTED_ENTITY: bool = false;

    /// Decodes one item.
    ///
    /// # Errors
    /// [`Error::Decode`] when the item does not fit.
    fn decode(item: Item) -> Result<Self::Item, Error>;
}

impl<T, E, I> Output<T, E, I> for Whole
where
    T: Table,
    E: Entity + DeserializeOwned + Send + 'static,
    I: ProjectsAll,
{
    type Item = E;

    #[inline]
    fn decode(item: Item) -> Result<E, Error> {
        from_entity_item::<E>(item)
    }
}

/// Decodes items into `P`: see [`Query::project`].
#[derive(Debug)]
pub struct As<P>(PhantomData<fn() -> P>);

#[diagnostic::do_not_recommend]
impl<T, E, I, P> Output<T, E, I> for As<P>
where
    T: Table,
    P: DeserializeOwned + Send + 'static,
{
    type Item = P;

    fn prepare(plan: &mut QueryPlan) {
        if plan.projection().is_empty() {
            if let Some(fields) = serde_fields::<P>() {
                plan.set_projection(fields);
            }
        }
    }

    #[inline]
    fn decode(item: Item) -> Result<P, Error> {
        from_item_in::<T, P>(item)
    }
}

/// Decodes the base-table keys of items: see [`Query::keys`].
#[derive(Debug)]
pub struct Keys;

#[diagnostic::do_not_recommend]
impl<T, E, I> Output<T, E, I> for Keys
where
    T: Table,
    E: Entity + Send + 'static,
{
    type Item = Key<E>;

    fn prepare(plan: &mut QueryPlan) {
        let keys = plan.target().start_key_attributes();
        plan.set_projection(keys.into_iter().map(str::to_owned).collect());
    }

    #[inline]
    fn decode(item: Item) -> Result<Key<E>, Error> {
        key_from_item::<E>(&item)
    }
}

/// Decodes each item into the table's item type, as its own entity: see
/// [`Query::table_items`].
#[derive(Debug)]
pub struct TableItems;

#[diagnostic::do_not_recommend]
impl<T, E, I> Output<T, E, I> for TableItems
where
    T: TableItem + Send + 'static,
{
    type Item = T;

    const ANY_LISTED_ENTITY: bool = true;

    fn decode(item: Item) -> Result<T, Error> {
        decode_table_item::<T>(item)
    }
}

/// A read that projects attributes also reads the shape marker ([`SHAPE_ATTRIBUTE`]), and, on a
/// table that lists its entities, every listed entity's entity-type attribute: without them
/// another shape's copy or another entity's item could not be recognised and passed over
/// (docs/semantics.md §4, §10).
fn project_entity_types<T: Table>(plan: &mut QueryPlan) {
    if plan.projection().is_empty() {
        return;
    }
    let mut names = plan.projection().to_vec();
    let listed = T::ENTITIES.iter().filter_map(|e| e.entity_type_attribute());
    for name in std::iter::once(SHAPE_ATTRIBUTE).chain(listed) {
        if !names.iter().any(|n| n == name) {
            names.push(name.to_owned());
        }
    }
    plan.set_projection(names);
}

/// [`owner::screen`] as output `O` wants it.
fn screen<T: Table, E: Entity, I, O: Output<T, E, I>>(
    item: Item,
    target: &Target,
    policy: UnknownItems,
    operation: &'static str,
) -> Result<Screened, Error> {
    if O::ANY_LISTED_ENTITY {
        owner::screen_listed::<T>(item, policy, operation)
    } else {
        owner::screen::<E>(item, target, policy, operation)
    }
}

/// The base-table keys of the items of every entity the table lists, each with its entity's
/// position in [`Table::ENTITIES`](dynakey::Table::ENTITIES): what [`Db::delete_all`] reads on a
/// table that lists its entities.
#[derive(Debug)]
#[doc(hidden)]
pub struct ListedKeys;

#[diagnostic::do_not_recommend]
impl<T, E, I> Output<T, E, I> for ListedKeys
where
    T: Table,
{
    /// The entity's position and the key's partition and sort values.
    type Item = (usize, (String, Option<String>));

    const ANY_LISTED_ENTITY: bool = true;

    fn prepare(plan: &mut QueryPlan) {
        let mut names: Vec<String> = plan
            .target()
            .start_key_attributes()
            .into_iter()
            .chain(T::ENTITIES.iter().filter_map(|e| e.entity_type_attribute()))
            .chain([SHAPE_ATTRIBUTE])
            .map(str::to_owned)
            .collect();
        names.sort_unstable();
        names.dedup();
        plan.set_projection(names);
    }

    fn decode(item: Item) -> Result<Self::Item, Error> {
        // Another shape's copy of a listed entity's item is that entity's too: deleted with it.
        let position = match owner::listed_position::<T>(&item)? {
            Some(position) => Some(position),
            None => owner::copy_owner::<T>(&item),
        };
        let (partition, sort) = key_strings::<T>(&item);
        match (position, partition) {
            (Some(position), Some(partition)) => Ok((position, (partition, sort))),
            (_, partition) => Err(Error::ForeignItem {
                entity: ItemOwner::AnyListedEntity,
                partition,
                sort,
                reason: "its keys fit no entity the table lists".to_owned(),
                operation: "delete_all",
            }),
        }
    }
}

/// Removes what dynakey wrote for `entity` besides the table keys (taken out already) and a typed
/// read does not decode (as `from_entity_item` does): the template indexes' key attributes and
/// the entity-type attribute. (Attributes an attribute-wise index key fills stay: they are the
/// entity's own fields.)
fn strip_written(item: &mut Item, entity: &dynakey::ListedEntity) {
    for index in entity.indexes() {
        let def = index.index();
        if def.is_attribute_wise() {
            continue;
        }
        item.remove(def.partition_key());
        if let Some(name) = def.sort_key() {
            item.remove(name);
        }
    }
    if let Some(name) = entity.entity_type_attribute() {
        item.remove(name);
    }
}

/// Decodes `item`, an item of the `position`-th listed entity of `T` (recognised already), into
/// its variant. The table keys are moved out of the item (kept for the error), not copied.
pub(crate) fn decode_listed<T: TableItem>(position: usize, mut item: Item) -> Result<T, Error> {
    let mut take = |name: &str| match item.remove(name) {
        Some(AttributeValue::S(text)) => Some(text),
        _ => None,
    };
    let partition = take(T::PARTITION_KEY);
    let sort = T::SORT_KEY.and_then(take);
    strip_written(&mut item, &T::ENTITIES[position]);
    let item = match crate::convert::known::to_values(item) {
        Ok(values) => values,
        Err(crate::convert::known::UnknownType(attribute)) => {
            return Err(Error::UnknownAttributeType {
                attribute,
                partition,
                sort,
            })
        }
    };
    let deserializer =
        serde_dynamo::Deserializer::from_attribute_value(serde_dynamo::AttributeValue::M(item));
    T::decode(position, deserializer).map_err(|source| Error::Decode {
        partition,
        sort,
        source,
    })
}

/// Decodes `item` into the variant of `T` of the listed entity that owns its keys.
pub(crate) fn decode_table_item<T: TableItem>(item: Item) -> Result<T, Error> {
    match owner::listed_position::<T>(&item)? {
        Some(position) => decode_listed::<T>(position, item),
        None => {
            let (partition, sort) = key_strings::<T>(&item);
            Err(Error::ForeignItem {
                entity: ItemOwner::AnyListedEntity,
                partition,
                sort,
                reason: "its keys fit no entity the table lists".to_owned(),
                operation: "decode",
            })
        }
    }
}

/// A Query of entity `E` on table `T` through index `I` (the base table: `PrimaryIndex`),
/// decoded as `O`; made by [`Db::query`], run by one of its terminals. Cheap to make: it holds the
/// query's [`QueryPlan`] and a handle on the table; nothing is sent before a terminal runs.
///
/// # What an index holds
/// An index declared with `projection = all` ([`ProjectsAll`]) holds whole items, so
/// [`items`](Query::items) and friends decode entities as on the base table. A `KEYS_ONLY` or
/// `INCLUDE` index holds only the table and index keys (and the included attributes): reading
/// whole entities from it does not compile. Read it with [`keys`](Query::keys) (the base-table
/// [`Key`]s, e.g. for a follow-up [`Db::batch_get`]) or
/// [`project`](Query::project) into a type holding the projected attributes (AWS developer guide,
/// "Attribute projections"). GSI reads are eventually consistent; `consistent_read()` on a GSI
/// query does not compile ([`ConsistentReadable`](dynakey::ConsistentReadable)).
///
/// # Pages, cursors, limits (`docs/semantics.md` §4)
/// - A **page** of [`page`](Query::page) with `limit(n)` is full: `n` items of `E` (or the last
///   ones), however many requests that takes. Without a limit, under
///   [`one_request_per_page`](Query::one_request_per_page), and for each page of
///   [`pages`](Query::pages), a page is one `Query` request per partition: at most 1 MB of data
///   read per request, or fewer items when the request has a `Limit` (AWS developer guide,
///   "Paginating table query results"); such a page may be empty and still have a
///   [`next`](Page::next) cursor. Paging stops only when no partition has a `LastEvaluatedKey`.
/// - Every page that may be followed by more results carries a [`Cursor`] in [`Page::next`]:
///   pass it to [`page`](Query::page) or [`from`](Query::from) **with the same query** to read
///   what comes after the items returned so far. A cursor from another query, or a modified one,
///   is refused with [`Error::Key`] (a [`KeyErrorKind::Cursor`](dynakey::KeyErrorKind::Cursor))
///   before any request; see [`CursorCodec`](dynakey::CursorCodec) for what binds it and [`Db::with_cursor_secret`]
///   for its key. The limit, projection and `ConsistentRead` are not bound, so the page size may
///   change between pages.
/// - `limit(n)` on the query counts the items of `E` delivered by **one terminal**, from its
///   cursor on (not the items a filter or the [`unknown_items`](Query::unknown_items) policy
///   dropped): for [`page`](Query::page) it is the page size, for the streams the total across
///   pages. The cursor after the `n`-th item resumes right after it.
/// - Items that the typed range excludes ([`QueryPlan::excluded_sort_keys`], the far end of
///   DynamoDB's inclusive `BETWEEN`) are dropped and never count against the limit.
/// - A plan whose range matches nothing, or whose limit is 0, sends no request.
/// - Partitions of a fan-out are asked concurrently; items are merged by the UTF-8 bytes of
///   their sort key (ties in shard order), in the query's direction.
#[must_use = "a query does nothing until one of its terminals (items, pages, page, collection) runs"]
pub struct Query<T: Table, E, I, O> {
    db: Db<T>,
    plan: Result<QueryPlan, KeyError>,
    /// A filter value that did not serialise, reported by the terminal before any request.
    error: Option<dynakey::ValueError>,
    from: Option<Cursor>,
    unknown: UnknownItems,
    page_size: Option<u32>,
    progress: Option<Progress>,
    /// [`one_request_per_page`](Query::one_request_per_page): pages as DynamoDB returns them.
    one_request: bool,
    /// [`shares_hint`](Query::shares_hint): each partition's share of an earlier page.
    shares: Option<Vec<u32>>,
    /// What its requests' measures are labelled with ([`pattern`](Query::pattern)).
    labels: Labels,
    marker: Marker<E, I, O>,
}

/// The type parameters of a [`Query`], without owning or borrowing any of them.
type Marker<E, I, O> = PhantomData<fn() -> (E, I, O)>;

impl<T: Table, E, I, O> std::fmt::Debug for Query<T, E, I, O> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Query")
            .field("table", &self.db.table_name())
            .field("plan", &self.plan)
            .field("from", &self.from)
            .field("unknown", &self.unknown)
            .finish()
    }
}

impl<T: Table> Db<T> {
    /// A Query request for `query`: run it with [`Query::items`], [`Query::pages`],
    /// [`Query::page`] or [`Query::collection`] (see [`Query`]). A query of
    /// a sharded entity's shards (`E::query_shards(…)`) reads every shard, merged by sort key.
    pub fn query<E, I, S, P>(&self, query: &KeyQuery<E, I, S, P>) -> Query<T, E, I, P>
    where
        E: InTable<T>,
    {
        let plan = query.plan();
        let labels = match &plan {
            Ok(plan) => {
                Labels::query::<E>(None, plan.target().index_name(), plan.sharded().is_some())
            }
            Err(_) => Labels::of::<E>(None, "query"),
        };
        Query::of_plan(self.clone(), plan, labels)
    }
}

impl<T: Table, E, I, O> Query<T, E, I, O> {
    /// A request of `plan` (a query's, or a scan's) with the defaults.
    fn of_plan(db: Db<T>, plan: Result<QueryPlan, KeyError>, labels: Labels) -> Self {
        Query {
            db,
            plan,
            error: None,
            from: None,
            unknown: UnknownItems::Error,
            page_size: None,
            progress: None,
            one_request: false,
            shares: None,
            labels,
            marker: PhantomData,
        }
    }

    /// Names this read's access pattern in its measures (label `pattern`; see
    /// [`measures`](crate::measures)), e.g. `"overdue"`: a static name, so that the label keeps
    /// few values. Without it, the pattern is the generated query function's name (`query`,
    /// `query_by_status`, `query_shards`), or `scan`.
    pub fn pattern(mut self, name: &'static str) -> Self {
        self.labels.pattern = name;
        self
    }

    pub(crate) fn with<O2>(self) -> Query<T, E, I, O2> {
        Query {
            db: self.db,
            plan: self.plan,
            error: self.error,
            from: self.from,
            unknown: self.unknown,
            page_size: self.page_size,
            progress: self.progress,
            one_request: self.one_request,
            shares: self.shares,
            labels: self.labels,
            marker: PhantomData,
        }
    }

    /// Adds `condition` to the request's `FilterExpression` (ANDed with earlier filters), typed
    /// on `E`'s fields like a write's condition; the filter is part of what a cursor is bound to.
    ///
    /// DynamoDB applies a filter after reading (AWS developer guide, "Filter expressions for
    /// Query"): a request reads up to 1 MB or its `Limit` of items *before* the filter.
    /// `limit(n)` counts the items delivered (after the filter): a [`page`](Self::page) of `n`
    /// sends requests until it holds `n`; a page of one request
    /// ([`one_request_per_page`](Self::one_request_per_page), [`pages`](Self::pages)) may hold
    /// fewer, or none, and still have a `next` cursor. Filtered-out items cost read capacity all
    /// the same.
    ///
    /// A key-template field cannot be named (the condition's scope is
    /// [`WithKeyFields`](dynakey::WithKeyFields): a compile error pointing at the key
    /// condition): DynamoDB refuses a Query filter on the key attributes of the table or index
    /// read. A condition written as a tree ([`Cond::from_expr`]) that names one of those
    /// attributes is refused by the terminal before any request ([`Error::Plan`]). A collection
    /// read applies the filter to every item of the partition, whatever its member.
    pub fn filter<S: QueryFilter>(mut self, condition: Cond<E, S>) -> Self {
        self.add_filter(condition);
        self
    }

    fn add_filter<S>(&mut self, condition: Cond<E, S>) {
        match condition.into_expr() {
            Ok(condition) => {
                if let Ok(plan) = &mut self.plan {
                    plan.add_filter(condition);
                }
            }
            Err(e) => {
                self.error.get_or_insert(e);
            }
        }
    }

    /// `Limit` of every request: at most `n` items *evaluated* per request (before any filter;
    /// AWS developer guide, "Paginating table query results"), to bound what one request reads
    /// and costs. Independent of `limit(n)` on the query (items delivered), which it caps when
    /// smaller. Not bound by cursors. `0` is refused by DynamoDB; dynakey sends 1 instead.
    pub fn page_size(mut self, n: u32) -> Self {
        self.page_size = Some(n.max(1));
        self
    }

    /// Asks each shard of a fan-out with a limit first for about its share of an earlier page of
    /// the same query ([`Page::shares`]: its share, plus a quarter, plus one), instead of an
    /// even split: a feed read again and again, whose newest items sit in a few shards, then
    /// takes one round of one request per shard instead of two rounds, and reads fewer items.
    ///
    /// For [`page`](Self::page) filled to its limit and for [`items`](Self::items). A hint never
    /// changes the items returned, their order or where a cursor resumes, only the `Limit` of
    /// each shard's first request: a shard asked too little is asked again, as without a hint.
    /// Whether a page that ends with the last item carries a `next` (that then leads to an
    /// empty page) can differ, as for any change of `Limit`: DynamoDB returns a
    /// `LastEvaluatedKey` when a request's `Limit` is exactly what the shard had left. It is
    /// ignored for a query of one partition, without a limit, by [`pages`](Self::pages) and by
    /// a page of one round ([`one_request_per_page`](Self::one_request_per_page) without a
    /// fan-out limit), whose pages are what their requests' `Limit`s return, and when it does
    /// not have one number per partition (another query's). Not bound by cursors.
    ///
    /// ```no_run
    /// # use dynakey::Entity;
    /// # #[derive(Entity, serde::Serialize, serde::Deserialize)]
    /// # #[pk("WS#<workspace>", shards = 10, shard_by = "id")]
    /// # #[sk("EVT#<at>#<id>")]
    /// # struct Event { workspace: String, at: u64, id: String }
    /// # async fn run(db: dynakey_runtime::Db) -> Result<(), dynakey_runtime::Error> {
    /// let newest = Event::query_shards("acme").begins_with(Event::sk()).reverse().limit(100);
    /// let first = db.query(&newest).page(None).await?;
    /// // Read again later: each shard is asked for about what it gave the first time.
    /// let again = db.query(&newest).shares_hint(&first.shares).page(None).await?;
    /// # Ok(()) }
    /// ```
    pub fn shares_hint(mut self, shares: &[u32]) -> Self {
        self.shares = Some(shares.to_vec());
        self
    }

    /// Makes [`page`](Self::page) return what one request per partition returned (DynamoDB's own
    /// page: at most `limit(n)` items *evaluated*, fewer or none delivered when a filter or the
    /// [`unknown_items`](Self::unknown_items) policy drops some) instead of filling the page to
    /// `n` items. For a caller who bounds the requests of one call rather than the items; its
    /// [`next`](Page::next) cursor works the same. A fan-out page with a limit is filled all the
    /// same (a page of one request per shard would be no page of the merge).
    pub fn one_request_per_page(mut self) -> Self {
        self.one_request = true;
        self
    }

    /// Starts after `cursor` (a [`Page::next`] of the same query) instead of at the start; `None`
    /// keeps the start. With `limit(n)`, the streams then return the next `n` items.
    pub fn from(mut self, cursor: Option<&Cursor>) -> Self {
        self.from = cursor.cloned();
        self
    }

    /// Leaves out items whose TTL attribute (`T::TTL_ATTRIBUTE`) holds a time at or before the
    /// time of each request: a `FilterExpression` `NOT #ttl <= :now`
    /// (the plan's `leave_out_expired`). DynamoDB deletes expired items only eventually (AWS
    /// developer guide, "Using time to live (TTL) in DynamoDB"). Filtered items still count
    /// towards the 1 MB a request reads and its `Limit` (see [`filter`](Self::filter) for what
    /// that does to pages).
    pub fn unexpired(mut self) -> Self
    where
        T: dynakey::TableWithTtl,
    {
        if let (Ok(plan), Some(attribute)) = (&mut self.plan, T::TTL_ATTRIBUTE) {
            plan.leave_out_expired(attribute);
        }
        self
    }

    /// What the read does with items of its partition or index that are not `E`'s (single-table
    /// design: other entities share partitions and indexes). Every item is checked against `E`'s
    /// key templates for the query's target — the table's partition and sort key (with the shard
    /// suffix of a sharded entity), the index's key attributes for an index query — and, where
    /// `E` declares one (`#[dynakey(entity_type = "…")]`), its entity-type attribute. An item
    /// that fails is never decoded as `E` and never becomes a [`Key<E>`]:
    ///
    /// - [`UnknownItems::Error`] (the default): the read fails with [`Error::ForeignItem`],
    ///   naming the item's keys;
    /// - [`UnknownItems::Skip`]: it is counted in [`Page::unknown_count`] and dropped;
    /// - [`UnknownItems::Keep`]: it is returned raw in [`Page::unknown`] (and counted). The
    ///   item streams ([`items`](Self::items)) have no place to return it, so there it fails the
    ///   read like [`UnknownItems::Error`]: read pages to keep them.
    ///
    /// Such items do not count against `limit(n)` (it counts `E`'s items delivered; they still
    /// cost the read capacity DynamoDB spent reading them), and cursors resume after them.
    /// A query with a projection reads the attributes the checks need too
    /// ([`QueryPlan::read_attributes`]).
    ///
    /// A [`collection`](Self::collection) read applies the policy to the items that belong to no
    /// member of the collection (kept in [`CollectionRead::unknown`]).
    pub fn unknown_items(mut self, policy: UnknownItems) -> Self {
        self.unknown = policy;
        self
    }

    /// Decodes items into `P` instead of the entity: for queries with a projection
    /// (`KeyQuery::project([…])`), whose items hold only the projected attributes, or to read
    /// only what `P` needs. When the query projects nothing, the request projects the fields `P`
    /// deserialises (its serde field names, after `rename`); a `P` whose fields serde cannot list
    /// (`#[serde(flatten)]`, a map) reads every attribute. `P` ignores attributes it has no field
    /// for, unless it denies unknown fields.
    ///
    /// ```no_run
    /// # use dynakey::Entity;
    /// # #[derive(Entity, serde::Serialize, serde::Deserialize)]
    /// # #[pk("WS#<workspace>")] #[sk("PROJ#<created>#<id>")]
    /// # struct Project { workspace: String, created: u64, id: String, name: String }
    /// # async fn run(db: dynakey_runtime::Db) -> Result<(), dynakey_runtime::Error> {
    /// use futures::TryStreamExt;
    ///
    /// #[derive(serde::Deserialize)]
    /// struct Name { name: String }
    ///
    /// let q = Project::query("acme").begins_with(Project::sk());
    /// let names: Vec<Name> = db.query(&q).project::<Name>().items().try_collect().await?;
    /// # Ok(()) }
    /// ```
    pub fn project<P>(self) -> Query<T, E, I, As<P>>
    where
        P: DeserializeOwned + Send + 'static,
    {
        self.with()
    }

    /// Reads the base-table keys of the items instead of the items: for queries on a `KEYS_ONLY`
    /// or `INCLUDE` index, and as the first half of "query the index, then fetch the items" with
    /// [`Db::batch_get`] (AWS developer guide, "Attribute projections"). The request reads only the
    /// key attributes (`ProjectionExpression` of the table's and the index's keys). Each key is
    /// checked against `E`'s templates ([`Key::parse`]).
    ///
    /// ```no_run
    /// # use dynakey::{Entity, Table};
    /// # #[derive(Table)]
    /// # #[table(partition_key = "PK", sort_key = "SK")]
    /// # #[gsi(ByOwner, partition_key = "GSI1PK", sort_key = "GSI1SK", projection = keys_only)]
    /// # struct App;
    /// # #[derive(Entity, serde::Serialize, serde::Deserialize)]
    /// # #[dynakey(table = App)]
    /// # #[pk("DOC#<id>")] #[sk("META")]
    /// # #[index(ByOwner, pk = "OWNER#<owner>", sk = "<id>")]
    /// # struct Doc { id: String, owner: String, body: String }
    /// # async fn run(db: dynakey_runtime::Db<App>) -> Result<(), dynakey_runtime::Error> {
    /// use futures::TryStreamExt;
    ///
    /// let keys: Vec<dynakey::Key<Doc>> =
    ///     db.query(&Doc::query_by_owner("ada")).keys().items().try_collect().await?;
    /// let docs: Vec<Doc> = db.batch_get(&keys).await?;
    /// # Ok(()) }
    /// ```
    pub fn keys(self) -> Query<T, E, I, Keys> {
        self.with()
    }

    /// Decodes every item of the query's range into the table's item type `T` (a table declared
    /// as an enum of its entities, [`TableItem`]), each as its own entity, in sort-key order: a
    /// partition read as "whatever each item is". The query's entity only fixes the partition
    /// and range (`Issue::query("acme")` reads the whole `ORG#acme` partition: the org, its
    /// users, issues and comments). Items of no listed entity follow
    /// [`unknown_items`](Self::unknown_items) (an error by default). The terminals, cursors and
    /// `limit(n)` (n items of any listed entity) are those of any query; a filter on `E`'s
    /// fields applies to every item (AWS developer guide, "Filter expressions for Query").
    pub fn table_items(self) -> Query<T, E, I, TableItems>
    where
        T: TableItem,
    {
        self.with()
    }

    /// The plan this request runs (for a look at the requests: [`QueryPlan::inputs`]).
    ///
    /// # Errors
    /// The deferred [`KeyError`] of the query.
    pub fn plan(&self) -> Result<&QueryPlan, Error> {
        self.plan.as_ref().map_err(|e| Error::Key(e.clone()))
    }

    /// Checks the plan and the cursor, and starts a reader; `None` when no request is needed.
    fn start(self, track: bool) -> Result<(Option<Reader<T>>, Option<Cursor>), Error>
    where
        O: Output<T, E, I>,
    {
        let mut plan = checked(self.plan, self.error)?;
        O::prepare(&mut plan);
        project_entity_types::<T>(&mut plan);
        let positions = match &self.from {
            Some(cursor) => self
                .db
                .cursor_codec()
                .decode(self.db.table_name(), &plan, cursor)?,
            None => vec![Position::NotStarted; plan.partition_count()],
        };
        if plan.matches_nothing() {
            return Ok((None, None));
        }
        if plan.limit() == Some(0) {
            return Ok((None, self.from));
        }
        let mut reader = Reader::new(self.db, Arc::new(plan), &positions, track);
        reader.labels = self.labels;
        reader.page_size = self.page_size;
        reader.progress = self.progress;
        reader.hint = self.shares;
        Ok((Some(reader), None))
    }

    /// The items, in sort-key order (merged over the shards of a fan-out), across all pages until
    /// no partition has a `LastEvaluatedKey`; with `limit(n)`, the first `n`. Collect it with
    /// `futures::TryStreamExt::try_collect::<Vec<_>>()`.
    ///
    /// **Read-ahead.** Without a limit, on a multi-threaded Tokio runtime, each partition's next
    /// page is asked for as soon as its current one arrives (on a task of its own), so that it
    /// travels and is parsed while the caller consumes the current one: one page ahead per
    /// partition at most (a page is at most 1 MB, or [`page_size`](Self::page_size) items). A
    /// stream dropped before its end has read, and paid the capacity of, up to one page per
    /// partition more than it returned; the request still running is abandoned.
    ///
    /// The stream is `Send` and does not borrow the `Db` or the query. It ends after the first
    /// error: [`Error::Key`] when the query cannot be planned or the cursor is refused (then no
    /// request is sent), [`Error::Sdk`] for a failed request, [`Error::Decode`] (with the item's
    /// key strings) for an item that does not decode, [`Error::ForeignItem`] for an item that is
    /// not `E`'s under [`UnknownItems::Error`] or [`UnknownItems::Keep`] (see
    /// [`unknown_items`](Self::unknown_items)).
    pub fn items(self) -> impl Stream<Item = Result<O::Item, Error>> + Send
    where
        O: Output<T, E, I>,
        E: Entity,
    {
        // A stream has nowhere to keep other items: it fails on them instead of dropping them.
        let policy = match self.unknown {
            UnknownItems::Keep => UnknownItems::Error,
            policy => policy,
        };
        let state = match self.start(false) {
            Ok((Some(mut reader), _)) => {
                reader.read_ahead = true;
                Ok(Some(reader))
            }
            Ok((None, _)) => Ok(None),
            Err(e) => Err(e),
        };
        stream::unfold(Some(state), move |state| async move {
            let mut reader = match state? {
                Err(e) => return Some((Err(e), None)),
                Ok(None) => return None,
                Ok(Some(reader)) => reader,
            };
            loop {
                let item = match reader.next(Mode::Stream).await {
                    Ok(Step::Item(item)) => item,
                    Ok(Step::End | Step::Paused) => return None,
                    Err(e) => return Some((Err(e), None)),
                };
                match screen::<T, E, I, O>(item, reader.target(), policy, reader.operation()) {
                    Ok(Screened::Mine(item)) => {
                        reader.delivered();
                        return match O::decode(item) {
                            Ok(decoded) => Some((Ok(decoded), Some(Ok(Some(reader))))),
                            Err(e) => Some((Err(e), None)),
                        };
                    }
                    Ok(Screened::Sibling | Screened::OtherShape | Screened::Other(_)) => {}
                    Err(e) => return Some((Err(e), None)),
                }
            }
        })
    }

    /// The pages, one request per partition each (see [`Query`]), each
    /// yielded as it arrives, until no partition has a `LastEvaluatedKey`; with `limit(n)`, until
    /// `n` items were yielded (the last page then usually has a `next` cursor for the rest). A
    /// page with no items but a `LastEvaluatedKey` is yielded and paging continues. Every request
    /// asks for `ReturnConsumedCapacity = TOTAL`.
    ///
    /// # Errors
    /// As [`items`](Self::items); the stream ends after the first error.
    pub fn pages(self) -> impl Stream<Item = Result<Page<O::Item>, Error>> + Send
    where
        O: Output<T, E, I>,
        E: Entity,
    {
        let policy = self.unknown;
        let state = match self.start(true) {
            Ok((Some(reader), _)) => Ok(Some(reader)),
            Ok((None, _)) => Ok(None),
            Err(e) => Err(e),
        };
        stream::unfold(Some(state), move |state| async move {
            let mut reader = match state? {
                Err(e) => return Some((Err(e), None)),
                Ok(None) => return None,
                Ok(Some(reader)) => reader,
            };
            match page_of::<T, E, I, O>(&mut reader, Mode::OneRound, policy).await {
                Ok((page, true)) => Some((Ok(page), Some(Ok(Some(reader))))),
                Ok((page, false)) => Some((Ok(page), None)),
                Err(e) => Some((Err(e), None)),
            }
        })
    }

    /// One page, starting after `cursor` (a [`Page::next`] of the same query) or at the start.
    /// Continue with the returned page's `next` until it is `None`.
    ///
    /// - **A full page.** `limit(n)` on the query is the page size: the page holds `n` items of
    ///   `E` — or the last ones, with `next` = `None` — however many requests that takes
    ///   (a `FilterExpression` and the [`unknown_items`](Self::unknown_items) policy drop items
    ///   after DynamoDB read them). The first request's `Limit` is `n` (capped by
    ///   [`page_size`](Self::page_size)); each further request of the same page asks twice as
    ///   many. The page's `next` resumes right after its last item, also when that item is in
    ///   the middle of a DynamoDB response: no item lost or repeated. [`Page::requests`],
    ///   [`Page::evaluated`] and [`Page::consumed_capacity`] report what the page cost.
    /// - **Without a limit** a page is one request per partition (DynamoDB's page: up to 1 MB
    ///   read), which may hold fewer items, or none, and still have a `next`; so is every page
    ///   under [`one_request_per_page`](Self::one_request_per_page).
    /// - With `limit(0)` no request is sent and the page is empty with `next` = the given cursor
    ///   (`None` when none was given); a range that matches nothing sends no request and returns
    ///   an empty last page.
    ///
    /// # Errors
    /// [`Error::Key`] before any request when the query cannot be planned or the cursor is
    /// refused; [`Error::Sdk`] for a failed request; [`Error::Decode`] for an item that does not
    /// decode; [`Error::ForeignItem`] for an item that is not `E`'s under [`UnknownItems::Error`]
    /// (see [`unknown_items`](Self::unknown_items)).
    pub async fn page(self, cursor: Option<&Cursor>) -> Result<Page<O::Item>, Error>
    where
        O: Output<T, E, I>,
        E: Entity,
    {
        let policy = self.unknown;
        let one_request = self.one_request;
        let query = match cursor {
            Some(cursor) => self.from(Some(cursor)),
            None => self,
        };
        match query.start(true)? {
            (Some(mut reader), _) => {
                let fill = reader.has_limit() && (!one_request || reader.partition_count() > 1);
                let mode = if fill { Mode::Fill } else { Mode::OneRound };
                Ok(page_of::<T, E, I, O>(&mut reader, mode, policy).await?.0)
            }
            (None, next) => Ok(Page::empty(next)),
        }
    }
}

impl<T: Table, E, O> Query<T, E, PrimaryIndex, O> {
    /// Reads collection `C` from the partition (or shards) of this query with one paged Query and
    /// decodes every item into its member (AWS developer guide, "Best practices for modeling
    /// relational data in DynamoDB — Adjacency list design pattern"); the collection is
    /// [`CollectionRead::collection`].
    ///
    /// - One `Query` request per page, without `Limit`, so each page is as large as DynamoDB
    ///   allows (1 MB of items read); paging stops only when no response has a
    ///   `LastEvaluatedKey`. [`CollectionRead::requests`] counts the requests,
    ///   [`CollectionRead::consumed_capacity`] sums their read capacity.
    /// - The query fixes the partition (`Member::query(…)`) and may limit the read to a group
    ///   prefix or range of a member's sort key; its order (`.reverse()`) is the order of `Vec`
    ///   members, and `.consistent_read()` applies. Members declared as exactly one item must then
    ///   still be in range, or be `Option<T>`.
    /// - Items are matched to members by sort key as [`Collection`](dynakey::Collection) describes; items that
    ///   match none are treated by [`unknown_items`](Self::unknown_items): by default
    ///   ([`UnknownItems::Error`]) they fail the read; [`UnknownItems::Keep`] returns them in
    ///   [`CollectionRead::unknown`], [`UnknownItems::Skip`] counts them. A projection must keep
    ///   the sort-key attribute (and the entity-type attribute, where members use one), or every
    ///   item reads as unknown.
    ///
    /// ```no_run
    /// # use dynakey::{Collection, Entity};
    /// # #[derive(Entity, serde::Serialize, serde::Deserialize, Debug)]
    /// # #[pk("WS#<workspace>")] #[sk("META")]
    /// # struct Settings { workspace: String, plan: String }
    /// # #[derive(Entity, serde::Serialize, serde::Deserialize, Debug)]
    /// # #[pk("WS#<workspace>")] #[sk("PROJ#<id>")]
    /// # struct Project { workspace: String, id: String, name: String }
    /// #[derive(Collection, Debug)]
    /// struct WorkspaceView { settings: Settings, projects: Vec<Project> }
    ///
    /// # async fn run(db: dynakey_runtime::Db) -> Result<(), dynakey_runtime::Error> {
    /// use dynakey_runtime::UnknownItems;
    ///
    /// // The workspace and every project: one Query per 1 MB page.
    /// let view: WorkspaceView = db.query(&Project::query("acme")).collection().await?.collection;
    ///
    /// // Only the projects of 2026, keeping items that match no member instead of failing.
    /// #[derive(Collection, Debug)]
    /// struct Projects { settings: Option<Settings>, projects: Vec<Project> }
    /// let read = db
    ///     .query(&Project::query("acme").begins_with(Project::sk().prefix("2026-")))
    ///     .unknown_items(UnknownItems::Keep)
    ///     .collection::<Projects>()
    ///     .await?;
    /// println!("{} projects in {} requests", read.collection.projects.len(), read.requests);
    /// # Ok(()) }
    /// ```
    ///
    /// # Errors
    /// - [`Error::Key`] before any request: the query does not plan, it has a `limit` (a
    ///   collection read takes whole pages), or the cursor is refused;
    /// - [`Error::Sdk`] for a failed request;
    /// - [`Error::Collection`]: an unknown item under [`UnknownItems::Error`], a key two members
    ///   accept, a missing or repeated single member;
    /// - [`Error::Decode`] for an item of a member that does not decode into its type.
    pub async fn collection<C>(self) -> Result<CollectionRead<C>, Error>
    where
        C: Collection<Table = T>,
        E: MemberOf<C>,
    {
        let plan = checked(self.plan, self.error)?;
        C::check_read(&plan)?;
        let mut decoder = CollectionDecoder::<C>::new(self.unknown);
        decoder.set_partition(plan.partitions().first().cloned());
        let positions = match &self.from {
            Some(cursor) => self
                .db
                .cursor_codec()
                .decode(self.db.table_name(), &plan, cursor)?,
            None => vec![Position::NotStarted; plan.partition_count()],
        };
        let mut requests = 0u32;
        let mut consumed_capacity = None;
        if !plan.matches_nothing() {
            let mut reader = Reader::new(self.db, Arc::new(plan), &positions, false);
            reader.labels = self.labels;
            while let Step::Item(item) = reader.next(Mode::Stream).await? {
                decoder.push(item)?;
            }
            requests = reader.requests;
            consumed_capacity = reader.consumed_capacity;
        }
        let mut read = decoder.finish()?;
        read.requests = requests;
        read.consumed_capacity = consumed_capacity;
        Ok(read)
    }
}

/// `plan`, once the filter's values serialised (`error`: the first that did not) and the filter
/// names no key attribute of a query's table or index (DynamoDB refuses it).
fn checked(
    plan: Result<QueryPlan, KeyError>,
    error: Option<dynakey::ValueError>,
) -> Result<QueryPlan, Error> {
    if let Some(e) = error {
        return Err(Error::Plan(e.into()));
    }
    let plan = plan?;
    if let Some(attribute) = plan.filter_forbidden() {
        return Err(Error::Plan(
            dynakey::ValueError::new(
                attribute,
                "a Query's FilterExpression cannot name a key attribute of the table or index \
                 read (AWS developer guide, \"Filter expressions for Query\"): put it in the key \
                 condition, or scan",
            )
            .into(),
        ));
    }
    Ok(plan)
}

/// One page of `reader` in `mode`; the `bool` is `true` when another page should follow (the
/// page paused with more to read and the limit not reached).
async fn page_of<T: Table, E: Entity, I, O: Output<T, E, I>>(
    reader: &mut Reader<T>,
    mode: Mode,
    policy: UnknownItems,
) -> Result<(Page<O::Item>, bool), Error> {
    reader.begin_page();
    let mut items = Vec::new();
    let mut unknown = Vec::new();
    let mut unknown_count = 0;
    let mut other_shape_count = 0;
    let ended = loop {
        match reader.next(mode).await? {
            Step::Item(item) => {
                match screen::<T, E, I, O>(item, reader.target(), policy, reader.operation())? {
                    Screened::Mine(item) => {
                        reader.delivered();
                        items.push(O::decode(item)?);
                    }
                    Screened::Sibling => {}
                    Screened::OtherShape => other_shape_count += 1,
                    Screened::Other(other) => {
                        unknown_count += 1;
                        if policy == UnknownItems::Keep {
                            unknown.push(other);
                        }
                    }
                }
            }
            Step::End => break true,
            Step::Paused => break false,
        }
    };
    let next = if ended { None } else { reader.cursor()? };
    let more = next.is_some() && !reader.limit_reached();
    Ok((
        Page {
            items,
            unknown,
            unknown_count,
            other_shape_count,
            next,
            requests: reader.requests,
            evaluated: reader.evaluated,
            consumed_capacity: reader.consumed_capacity,
            last_evaluated_key: reader.last_evaluated_key.take(),
            shares: reader.shares(),
        },
        more,
    ))
}

/// The fields `P`'s `Deserialize` asks for when it deserialises a struct (their serialised names,
/// from serde-aux's introspection); `None` when it names none (a map, `#[serde(flatten)]`).
fn serde_fields<P: DeserializeOwned>() -> Option<Vec<String>> {
    let fields = serde_aux::serde_introspection::serde_introspect::<P>();
    (!fields.is_empty()).then(|| fields.iter().map(|f| (*f).to_owned()).collect())
}
