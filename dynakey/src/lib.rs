//! # dynakey
//!
//! Safe, fast DynamoDB single-table keys: application structs carry key templates, a derive turns
//! them into code checked at build time.
//!
//! ```
//! use dynakey::{Entity, KeyQuery};
//! use serde::{Deserialize, Serialize};
//!
//! #[derive(Entity, Serialize, Deserialize)]
//! #[pk("WS#<workspace>")]
//! #[sk("PROJ#<created>#<id>")]
//! struct Project { workspace: String, created: u64, id: String, name: String }
//!
//! let p = Project { workspace: "acme".into(), created: 42, id: "p1".into(), name: "Apollo".into() };
//! let key = p.primary_key().unwrap();
//! assert_eq!(key.partition(), "WS#acme");
//! assert_eq!(key.sort(), Some("PROJ#00000000000000000042#p1"));
//! assert_eq!(Project::parse_sort_key("PROJ#00000000000000000042#p1").unwrap().created, 42);
//!
//! // Projects of one workspace, newest first: one Query.
//! let q = Project::query("acme").begins_with(Project::sk()).reverse().build().unwrap();
//! assert_eq!(q.key_condition_expression, "#pk = :pk AND begins_with(#sk, :sk)");
//! assert!(!q.scan_index_forward);
//! ```
//!
//! ## The map
//!
//! Everything a user names is at the crate root; the modules are private, except [`segment`] (the
//! encoding of each key type, with an example key) and [`ttl`] (`#[serde(with = "dynakey::ttl")]`);
//! how each timestamp type is stored and compared is on [`UtcTime`].
//! This crate has no AWS SDK dependency: `dynakey-runtime` executes the requests it describes.
//!
//! | area | what you use |
//! |---|---|
//! | declarations | [`Table`], [`Entity`] (with [`ParsedKeys`], [`KeyValues`], [`NoKeyFields`]), [`Index`] (with [`ConsistentReadable`], [`ProjectsAll`]), [`IndexDef`], [`EntityIndex`], [`KeyAttr`], [`KeySchema`], [`StreamViewType`] ([`Table::STREAM`]), [`DefaultTable`], the derives |
//! | keys | [`Key`], [`KeyValue`], [`KeyTemplate`] / [`TemplatePart`], [`EarlierKey`], [`KeyChange`] / [`KeyChangePhase`] / [`SHAPE_ATTRIBUTE`], [`KeySegment`] / [`SegmentArg`], [`KeyPath`], [`Sharding`] ([`MAX_SHARDS`]; the hash and suffix are a data contract) |
//! | key conditions (docs/semantics.md §3) | [`KeyQuery`] (typestate: [`AnySortKey`], [`SortKeyRange`]; [`Whole`] / [`Projected`]), the sort-key traits [`SortKeyPrefix`], [`SortKeyBound`], [`CompleteSortKey`], [`SortKeyOf`], [`SegmentPrefix`], [`SortKeyPartial`], [`Bound`], [`PrimaryIndex`]; attribute-wise: [`KeyAttribute`], [`AttributeType`], [`KeyBytes`], [`SortAttributes`], [`AttributeRange`], [`SortConditions`], [`AttributeOp`] |
//! | conditions, filters, updates | [`Field`] and its conditions [`Cond`] (scope [`NonKey`] / [`WithKeyFields`], [`QueryFilter`]; [`Size`]), [`IndexGroup`], [`UpdateBuilder`], [`UpdatePlan`], [`ManagedFields`], [`UniqueConstraint`] |
//! | times DynamoDB compares (managed `created_at` / `updated_at`, any field) | [`UtcTime`] (a fixed-width ISO-8601 string), [`EpochSeconds`], [`EpochMillis`] (numbers) |
//! | the wire forms (one renderer makes their text) | [`QueryInput`] (also as `aws dynamodb query --cli-input-json`), [`ScanInput`], [`WriteInput`], [`AttributeValue`], [`Json`] |
//! | resuming (docs/semantics.md §4) | [`Cursor`], [`CursorCodec`], [`Position`], [`StartKey`] |
//! | item collections | [`Collection`], [`MemberOf`], [`Cardinality`] |
//! | errors, all before any request | [`KeyError`] ([`KeyErrorKind`], [`KeyRole`]), [`SegmentError`], [`ValueError`], [`PlanError`], [`CursorError`], [`CollectionError`] |
//!
//! - Write sharding: `#[pk("WS#<workspace>", shards = 10, shard_by = "id")]` spreads one logical
//!   partition over `WS#acme#00` … `WS#acme#09`, and `E::query_shards(…)` reads them back with the
//!   same typed conditions.
//! - Item collections: `#[derive(Collection)]` declares a parent and its children in one partition
//!   (`settings: Settings, projects: Vec<Project>`), read by one paged Query and told apart by sort
//!   key, with build-time checks that the members share a partition and that their sort-key
//!   templates cannot be confused.
//! - Secondary indexes: `#[gsi(…)]`/`#[lsi(…)]` on the table, `#[index(…)]` key templates on
//!   entities (sparse over `Option` fields), typed index queries.
//!
//! ## The derive
//! `#[derive(Entity)]` reads `#[pk("…")]`, `#[sk("…")]` and
//! `#[dynakey(table = T, name = "…", entity_type = "…")]` (`entity_type` names an attribute that
//! every write fills with the entity name, see [`Entity::ENTITY_TYPE_ATTRIBUTE`]) and
//! `#[index(Index, pk = "…", sk = "…")]` (secondary-index keys).
//! Templates are literal text with `<field>` placeholders. Mistakes are compile errors pointing at
//! the attribute: unknown fields (with the closest name suggested), unclosed or empty placeholders,
//! two placeholders without a literal between them, a type that is not a [`KeySegment`], a missing
//! or repeated `pk`, an `sk` on a table without a sort key, any option given twice (reported at the
//! repeat, with "first … given here"), an `#[index(I, …)]` that the entity's table does not declare
//! (listing the indexes it does). A sort-key builder filled out of order is one error naming the
//! field that comes next. Generated locals are hygienic, so fields may have any name.
//!
//! For `#[pk("WS#<workspace>")] #[sk("PROJ#<created>#<id>")] struct Project` it generates:
//! - `impl Entity for Project`;
//! - `Project::key(workspace, created, id) -> Result<Key<Project>, KeyError>` (for GetItem/DeleteItem);
//! - `Project::query(workspace) -> KeyQuery<Project>`: the whole partition;
//! - `Project::sk() -> ProjectSk<0>`: the sort-key builder, filled left to right
//!   (`.created(2026)` → `ProjectSk<1>` → `.id("p1")` → `ProjectSk<2>`), with
//!   `prefix(…)` for an explicit partial value of the next field (`Project::sk().prefix("2026")`
//!   of `created`, `Project::sk().created(2026).prefix("p")` of `id`);
//! - the structs `ProjectPartitionKey { workspace }` and `ProjectSortKey { created, id }` (public
//!   fields, `Debug`) that [`Entity::parse_partition_key`] and
//!   [`Entity::parse_sort_key`] return (`Project::parse_sort_key(&str)`, through [`ParsedKeys`]);
//!   a template without placeholders (`META`) has nothing to parse, and no struct.
//!
//! and for each `#[index(ByStatus, pk = "…", sk = "…")]`:
//! - `Project::query_by_status(<index partition-key fields>) -> KeyQuery<Project, ByStatus>`;
//! - `Project::by_status_sk() -> ProjectByStatusSk<0>`: the index's sort-key builder, accepted only
//!   by queries on `ByStatus` ([`SortKeyOf`]);
//! - the index key attributes in [`Entity::index_keys`], which every write stores.
//!
//! With a sharded partition key, `#[pk("WS#<workspace>", shards = 10, shard_by = "id")]` (the
//! shard field must be a sort-key field; 1 to [`shard::MAX_SHARDS`] shards), `key(…)` and
//! [`Entity::partition_key`] append the item's shard (`WS#acme#07`), `parse_partition_key`
//! accepts such keys, and instead of `query(…)` it generates:
//! - `Project::query_shard(workspace, shard: u16) -> KeyQuery<Project>`: one shard;
//! - `Project::query_shards(workspace) -> ShardedQuery<Project>`: every shard, merged by the
//!   runtime;
//! - `Project::shard_of(id) -> Result<u16, KeyError>`: the shard of an item.
//!
//! `#[was(sk = "FILE#<parent>#<name>")]` (repeatable; `pk = "…"`, `sk = "…"` or both, an omitted
//! one being the current template) declares an earlier shape of the table keys
//! ([`Entity::EARLIER_KEYS`], [`EarlierKey`]): reads accept items written in it and decode them from
//! their attributes, writes write the current shape (docs/semantics.md §4, "Earlier key templates").
//!
//! `#[next(sk = "…")]`, `#[previous(sk = "…")]` and `#[previous(sk = "…", retired)]` (one at
//! most; `pk = "…"` too) declare the phases of a key change during a rolling deploy
//! ([`Entity::KEY_CHANGE`], [`KeyChange`], [`SHAPE_ATTRIBUTE`]): expand writes a copy in the next
//! shape, switch reads the new shape and still writes both, contract reads and writes the new
//! one only (docs/semantics.md §10, "A key change during a rolling deploy").
//!
//! `#[dynakey(parent = Book)]` with one field `#[parent] book: Key<Book>` and a sort-key template
//! that starts with it, `#[sk("<book>COPY#<copy>")]`, declares a child entity: its partition key
//! is the parent's, its sort-key template the parent's followed by its own (joined at build time
//! from `Book`'s constants), its earlier shapes the parent's `#[was(…)]` shapes; it generates
//! `Copy::key(&book_key, copy)` and `Copy::query_under(&book_key)`, and
//! [`Key::query_with_children`] reads a parent with its children (docs/semantics.md §11). A
//! `Key<E>` field is stored as a map of `E`'s key fields to their segment texts.
//!
//! `#[unique("email")]` (one attribute per constraint, one or more fields: `#[unique("org",
//! "handle")]`) declares a unique constraint ([`Entity::UNIQUE`]): the runtime's
//! writes keep a uniqueness item per constraint in the same transaction. A name that is no field,
//! a field named twice, a constraint declared twice or a field serde skips is a compile error at
//! its string.

#![deny(missing_docs)]
// docs.rs (`--cfg docsrs`, nightly) marks each feature-gated item with the feature it needs.
#![cfg_attr(docsrs, feature(doc_cfg))]

mod attribute;
mod collection;
mod condition;
mod cursor;
mod entity;
mod error;
mod expr;
mod field;
mod index;
mod path;
mod plan;
mod query;
mod scan;
pub mod segment;
mod shard;
mod table;
mod template;
mod timestamp;
pub mod ttl;
mod unique;
mod write;

#[doc(hidden)]
pub mod __private;

pub use attribute::KeyValue;
pub use attribute::{AttributeType, KeyAttribute, KeyBytes};
pub use collection::{
    Ambiguity, Cardinality, Collection, CollectionError, CollectionErrorKind, MemberName, MemberOf,
};
pub use condition::{
    Bound, CompleteSortKey, PrimaryIndex, SegmentPrefix, SortKeyBound, SortKeyOf, SortKeyPartial,
    SortKeyPrefix,
};
pub use cursor::{Cursor, CursorCodec, CursorError, Position, StartKey};
pub use entity::{
    Entity, InTable, Key, KeyValues, ManagedFields, NoKeyFields, ParsedKeys, Unversioned, Versioned,
};
pub use error::{
    KeyError, KeyErrorKind, KeyRole, PlanError, QueryDifference, QueryPart, SegmentError,
    ValueError,
};
pub use expr::{Json, QueryInput, Value as AttributeValue};
pub use field::{Cond, Field, IndexGroup, NonKey, QueryFilter, Size, ValueOf, WithKeyFields};
pub use index::{ConsistentReadable, EntityIndex, Fill, Index, IndexValue, ProjectsAll};
pub use path::KeyPath;
pub use plan::QueryPlan;
pub use query::{
    AnySortKey, AttributeOp, AttributeRange, AttributeStep, KeyQuery, Projected, SortAttributes,
    SortConditions, SortKeyRange, SortKeyUnset, TemplateStep, Whole,
};
pub use scan::ScanInput;
pub use segment::{KeySegment, SegmentArg};
pub use shard::{Sharding, MAX_SHARDS};
pub use table::{
    DefaultTable, IndexDef, IndexKind, KeyAttr, KeySchema, ListedEntity, Projection,
    StreamViewType, Table, TableItem, TableWithSortKey, TableWithTtl, TableWithoutSortKey,
};
pub use template::{
    EarlierKey, KeyChange, KeyChangePhase, KeyTemplate, TemplatePart, SHAPE_ATTRIBUTE,
};
pub use timestamp::{EpochMillis, EpochSeconds, UtcTime};
pub use unique::UniqueConstraint;
pub use write::{UpdateBuilder, UpdatePlan, WriteInput};

/// Derives [`Collection`] for a struct whose fields are the members of an
/// item collection (`T`, `Option<T>` or `Vec<T>` of entities sharing one partition).
pub use dynakey_derive::Collection;
/// Derives [`Entity`] and the typed key functions; see the [crate docs](crate#the-derive).
pub use dynakey_derive::Entity;
/// Derives [`KeySegment`] for a unit enum whose variants carry `#[key("TEXT")]`.
pub use dynakey_derive::KeySegment;
/// Derives [`Table`] from `#[table(partition_key = "…", sort_key = "…")]` or
/// `#[table(partition_key = "…", no_sort_key)]`, with one marker type implementing [`Index`] per
/// `#[gsi(…)]`/`#[lsi(…)]`. Further options: `ttl = "expires_at"` (the TTL attribute,
/// [`Table::TTL_ATTRIBUTE`]) and `stream = keys_only | new_image | old_image |
/// new_and_old_images` (the table's DynamoDB stream, [`Table::STREAM`]).
///
/// The sort key is always explicit: a table with neither `sort_key` nor `no_sort_key` is a
/// compile error, so a table without a sort key never gets one by default. `partition_key`
/// defaults to `"PK"`. Each option is given once.
pub use dynakey_derive::Table;

// The derive's generated code refers to `::dynakey`; this lets the crate's own tests use it too.
extern crate self as dynakey;
