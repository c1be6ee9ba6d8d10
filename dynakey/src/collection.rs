//! Item collections: one Query returns a parent and its children, decoded into one typed result.
//!
//! In a single-table design a parent and its children share a partition key, so they form one
//! *item collection* and one Query reads them all; their sort keys tell them apart (AWS developer
//! guide, "Best practices for modeling relational data in DynamoDB — Adjacency list design
//! pattern", and "Working with queries in DynamoDB"). `#[derive(Collection)]` declares such a read
//! as a struct whose fields are the members:
//!
//! ```
//! use dynakey::{Collection, Entity};
//! use serde::Deserialize;
//!
//! #[derive(dynakey::Table)]
//! #[table(partition_key = "EntityRef", sort_key = "Detail")]
//! struct Workspaces;
//!
//! #[derive(Entity, Deserialize, Debug)]
//! #[dynakey(table = Workspaces)]
//! #[pk("WS#<workspace>")]
//! #[sk("META")]
//! struct Settings { workspace: String, plan: String }
//!
//! #[derive(Entity, Deserialize, Debug)]
//! #[dynakey(table = Workspaces)]
//! #[pk("WS#<workspace>")]
//! #[sk("PROJ#<id>")]
//! struct Project { workspace: String, id: String, name: String }
//!
//! /// A workspace and all its projects: one Query on `WS#<workspace>`.
//! #[derive(Collection, Debug)]
//! struct WorkspaceView {
//!     settings: Settings,      // exactly one item
//!     projects: Vec<Project>,  // any number, in sort-key order
//! }
//!
//! assert_eq!(WorkspaceView::MEMBERS.len(), 2);
//! let plan = WorkspaceView::read_query(&Project::query("acme")).unwrap();
//! assert_eq!(plan.input(0).key_condition_expression, "#pk = :pk");
//! ```
//!
//! `dynakey-runtime` runs the read (`db.query(&q).collection::<C>()`); [`Assembler`] is the engine-independent
//! part it is built on.
//!
//! ## A folder and its descendants
//! In a drive, folders and files share one sort-key template (`<path>`, a [`KeyPath`](crate::KeyPath):
//! folders end with `/`). Identical templates cannot tell members apart, so both entities declare
//! an entity-type attribute, which every write fills with the entity name; a folder's path as a
//! prefix reads the folder and its whole subtree with one Query:
//!
//! ```
//! use dynakey::{Collection, Entity, KeyPath};
//!
//! #[derive(Entity, serde::Deserialize)]
//! #[dynakey(entity_type = "_type")]
//! #[pk("DRIVE#<account>")]
//! #[sk("<path>")]
//! struct Folder { account: String, path: KeyPath }
//!
//! #[derive(Entity, serde::Deserialize)]
//! #[dynakey(entity_type = "_type")]
//! #[pk("DRIVE#<account>")]
//! #[sk("<path>")]
//! struct File { account: String, path: KeyPath, bytes: u64 }
//!
//! /// The folder itself first in `folders` (its key sorts before its contents), then every
//! /// subfolder at any depth; `files` holds every file below it.
//! #[derive(Collection)]
//! struct FolderTree { folders: Vec<Folder>, files: Vec<File> }
//!
//! let photos = KeyPath::folder(["root", "photos"]).unwrap();
//! let query = Folder::query("ada").begins_with(Folder::sk().prefix(&photos));
//! let plan = FolderTree::read_query(&query).unwrap();
//! assert_eq!(plan.input(0).key_condition_expression, "#pk = :pk AND begins_with(#sk, :sk)");
//! ```
//!
//! Without the two `entity_type` attributes this does not compile: the derive reports that
//! `folders` and `files` have identical sort-key templates.
//!
//! ## Members
//! A field of type `T` is a member of exactly one item, `Option<T>` of at most one, `Vec<T>` of any
//! number; `T` is an [`Entity`] that implements `serde::Deserialize`. Checked at build time:
//! - every member is an entity on the same table, with the same partition-key template (the same
//!   literals) and the same partition-key field types
//!   ([`Entity::PartitionFields`]), so they really share a partition;
//! - every member has a sort-key template;
//! - no key belongs to two members, unless both declare the same entity-type attribute: their
//!   sort-key templates are neither the same up to field names nor overlapping with fields that
//!   take any text ([`Overlap::Identical`], [`Overlap::Certain`]; see [`overlap`]);
//! - no member type appears twice.
//!
//! ## Matching items to members
//! An item belongs to a member when its sort key has the member's template shape **and** every
//! segment decodes ([`Entity::matches_sort_key`]), and, when the member's entity declares an
//! entity-type attribute (`#[dynakey(entity_type = "_type")]`, written on every put), that
//! attribute holds the member's [`Entity::ENTITY_NAME`]. [`Matcher`] tries members in declaration
//! order after a literal-prefix test. Pairs of members that the [`overlap`] analysis could not
//! prove disjoint at build time are checked on every key at run time: a key that two members
//! accept is a [`CollectionErrorKind::Ambiguous`] error naming both, never a guess.
//!
//! An item that belongs to no member is never dropped silently (docs/semantics.md §4): the runtime's caller
//! chooses between an error ([`CollectionErrorKind::UnknownItem`]), keeping the raw item, or
//! counting and skipping it.

mod error;
mod matcher;
#[doc(hidden)]
pub mod overlap;

use std::marker::PhantomData;

use serde::de::DeserializeOwned;

pub use error::{CollectionError, CollectionErrorKind, MemberName};
pub use matcher::{Ambiguity, Matcher};
pub use overlap::Overlap;

use crate::condition::PrimaryIndex;
use crate::entity::Entity;
use crate::error::{KeyError, KeyErrorKind};
use crate::plan::QueryPlan;
use crate::query::KeyQuery;
use crate::table::Table;
use crate::template::{KeyTemplate, TemplatePart};

/// How many items of a member a collection holds, from the field's type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cardinality {
    /// A field `T`: exactly one item; none or a second one is an error.
    One,
    /// A field `Option<T>`: at most one item; a second one is an error.
    Optional,
    /// A field `Vec<T>`: any number of items, in the order the Query returned them (sort-key
    /// order, descending for a reversed query).
    Many,
}

/// One member of a collection: a field of the collection struct and the entity it holds.
///
/// Built by `#[derive(Collection)]` (or [`Member::of`]); listed in [`Collection::MEMBERS`].
#[derive(Debug, Clone, Copy)]
#[doc(hidden)]
pub struct Member {
    pub(crate) field: &'static str,
    pub(crate) entity: &'static str,
    pub(crate) cardinality: Cardinality,
    pub(crate) sort_template: Option<KeyTemplate>,
    pub(crate) entity_type: Option<&'static str>,
    pub(crate) matches: fn(&str) -> bool,
    /// [`Entity::reads_shape`].
    pub(crate) reads_shape: fn(&str) -> bool,
    /// [`Entity::KEY_CHANGE`].
    pub(crate) key_change: Option<crate::KeyChange>,
}

impl Member {
    /// The member for entity `E` held by `field`.
    pub const fn of<E: Entity>(field: &'static str, cardinality: Cardinality) -> Member {
        Member {
            field,
            entity: E::ENTITY_NAME,
            cardinality,
            sort_template: E::SORT_TEMPLATE,
            entity_type: E::ENTITY_TYPE_ATTRIBUTE,
            matches: E::matches_sort_key,
            reads_shape: E::reads_shape,
            key_change: E::KEY_CHANGE,
        }
    }

    /// `true` when `id` (an item's [`SHAPE_ATTRIBUTE`](crate::SHAPE_ATTRIBUTE)) is the shape the
    /// member's entity reads ([`Entity::reads_shape`]).
    pub fn reads_shape(&self, id: &str) -> bool {
        (self.reads_shape)(id)
    }

    /// `true` when `key` fits the sort-key template of the other shape of the member's key
    /// change ([`Entity::KEY_CHANGE`]) and not its own: an unmarked copy in the other shape,
    /// which a collection read passes over (docs/semantics.md §10).
    pub fn is_other_shape_sort_key(&self, key: &str) -> bool {
        self.key_change
            .and_then(|change| change.other.sort().copied())
            .is_some_and(|template| template.matches(key))
            && !self.matches_sort_key(key)
    }

    /// The field of the collection struct.
    pub const fn field(&self) -> &'static str {
        self.field
    }

    /// The entity's [`Entity::ENTITY_NAME`].
    pub const fn entity(&self) -> &'static str {
        self.entity
    }

    /// One, optional or many.
    pub const fn cardinality(&self) -> Cardinality {
        self.cardinality
    }

    /// The entity's [`Entity::SORT_TEMPLATE`].
    pub const fn sort_template(&self) -> Option<KeyTemplate> {
        self.sort_template
    }

    /// The entity's [`Entity::ENTITY_TYPE_ATTRIBUTE`].
    pub const fn entity_type(&self) -> Option<&'static str> {
        self.entity_type
    }

    /// `true` when `key` is a sort key of the member's entity ([`Entity::matches_sort_key`]).
    pub fn matches_sort_key(&self, key: &str) -> bool {
        (self.matches)(key)
    }

    /// The literal text every key of this member starts with (`L0` of its sort-key template).
    pub const fn prefix(&self) -> &'static str {
        match &self.sort_template {
            Some(template) => match template.parts.first() {
                Some(TemplatePart::Literal(text)) => text,
                _ => "",
            },
            None => "",
        }
    }

    /// The member as errors name it.
    pub const fn name(&self) -> MemberName {
        MemberName {
            field: self.field,
            entity: self.entity,
            template: match &self.sort_template {
                Some(template) => template.text,
                None => "",
            },
        }
    }
}

/// An item collection: the members of one partition, read by one paged Query and decoded into one
/// typed value. Implemented by `#[derive(Collection)]`; docs/semantics.md §6 says how a read tells members apart.
pub trait Collection: Sized {
    /// The table every member lives in.
    type Table: Table;
    /// The members' partition-key field types ([`Entity::PartitionFields`]).
    type PartitionFields;
    /// The collection struct's name, for errors.
    const NAME: &'static str;
    /// The partition-key template all members share.
    const PARTITION_TEMPLATE: KeyTemplate;
    /// The members, in field order.
    const MEMBERS: &'static [Member];

    /// The members decoded so far: one [`Slot`] per member. Used by [`Assembler`].
    type Slots;

    /// Empty slots.
    fn slots() -> Self::Slots;

    /// Decodes `item` as member number `member` (an index into [`Collection::MEMBERS`]) and adds it
    /// to its slot. An index out of range is ignored ([`Matcher`] never produces one).
    ///
    /// # Errors
    /// Whatever `decoder` returns for an item that does not deserialise into the member's type.
    fn push<D: ItemDecoder>(
        slots: &mut Self::Slots,
        member: usize,
        sort_key: &str,
        item: D::Item,
        decoder: &mut D,
    ) -> Result<(), D::Error>;

    /// The collection from full slots.
    ///
    /// # Errors
    /// [`CollectionErrorKind::Missing`] for a member of exactly one item without one,
    /// [`CollectionErrorKind::TooMany`] for a single member with more.
    fn finish(slots: Self::Slots) -> Result<Self, CollectionError>;

    /// The plan of a collection read: `query`'s partition (or shards) and sort-key condition, on
    /// one of the members' partitions. Use `E::query(…)` for the whole partition, or add a
    /// sort-key condition to read only a group of it (e.g. the projects of 2026 with
    /// `Project::query("acme").begins_with(Project::sk().prefix("2026-"))`).
    ///
    /// # Errors
    /// A deferred [`KeyError`] of `query`; [`KeyErrorKind::Condition`] when it has a `limit`: a
    /// collection read takes whole pages, since a limit would cut the collection short.
    fn read_query<E, S, P>(query: &KeyQuery<E, PrimaryIndex, S, P>) -> Result<QueryPlan, KeyError>
    where
        E: MemberOf<Self>,
    {
        let plan = query.plan()?;
        Self::check_read(&plan)?;
        Ok(plan)
    }

    /// Checks that `plan` can read this collection.
    ///
    /// # Errors
    /// [`KeyErrorKind::Condition`] when it has a `limit`: a collection read takes whole pages,
    /// since a limit would cut the collection short.
    fn check_read(plan: &QueryPlan) -> Result<(), KeyError> {
        if plan.limit().is_some() {
            return Err(KeyErrorKind::Condition(format!(
                "a read of collection `{}` takes whole 1 MB pages and returns every item; remove \
                 `.limit(…)` from the query",
                Self::NAME
            ))
            .into());
        }
        Ok(())
    }
}

/// Implemented by `#[derive(Collection)]` for each member type: queries on `Self`'s partition can
/// be read as collection `C`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a member of collection `{C}`",
    label = "a query on an entity that is not a member of this collection",
    note = "read a collection with a query built from one of its members, e.g. `Member::query(…)`"
)]
pub trait MemberOf<C: Collection> {}

/// Turns raw items into entities, for [`Assembler`]: `dynakey-runtime` implements it for DynamoDB
/// items (`HashMap<String, AttributeValue>` with `serde_dynamo`); tests can use any format.
#[doc(hidden)]
pub trait ItemDecoder {
    /// One raw item.
    type Item;
    /// Why an item did not decode.
    type Error;

    /// Decodes `item`, whose sort key is `sort_key`, as an `E`.
    ///
    /// # Errors
    /// When the item does not deserialise into `E`.
    fn decode<E: DeserializeOwned>(
        &mut self,
        sort_key: &str,
        item: Self::Item,
    ) -> Result<E, Self::Error>;
}

/// The decoded items of one member, while a collection is assembled.
#[derive(Debug)]
#[doc(hidden)]
pub struct Slot<T>(Vec<T>);

impl<T> Default for Slot<T> {
    fn default() -> Self {
        Slot(Vec::new())
    }
}

impl<T> Slot<T> {
    /// An empty slot.
    pub fn new() -> Self {
        Slot(Vec::new())
    }

    /// Adds one item.
    #[inline]
    pub fn push(&mut self, item: T) {
        self.0.push(item);
    }

    fn error(collection: &'static str, member: &Member, count: usize) -> CollectionError {
        if count == 0 {
            CollectionErrorKind::Missing {
                collection,
                member: member.name(),
            }
            .into()
        } else {
            CollectionErrorKind::TooMany {
                collection,
                member: member.name(),
                first_sort_key: String::new(),
                second_sort_key: String::new(),
            }
            .into()
        }
    }

    /// The one item of a member declared `T`.
    ///
    /// # Errors
    /// [`CollectionErrorKind::Missing`] or [`CollectionErrorKind::TooMany`].
    pub fn one(mut self, collection: &'static str, member: &Member) -> Result<T, CollectionError> {
        match (self.0.pop(), self.0.is_empty()) {
            (Some(item), true) => Ok(item),
            (popped, _) => Err(Self::error(
                collection,
                member,
                self.0.len() + usize::from(popped.is_some()),
            )),
        }
    }

    /// The item, if any, of a member declared `Option<T>`.
    ///
    /// # Errors
    /// [`CollectionErrorKind::TooMany`].
    pub fn optional(
        mut self,
        collection: &'static str,
        member: &Member,
    ) -> Result<Option<T>, CollectionError> {
        match self.0.len() {
            0 | 1 => Ok(self.0.pop()),
            n => Err(Self::error(collection, member, n)),
        }
    }

    /// The items of a member declared `Vec<T>`.
    pub fn many(self) -> Vec<T> {
        self.0
    }
}

/// Why [`Assembler::push`] failed.
#[derive(Debug)]
#[doc(hidden)]
pub enum PushError<E> {
    /// The item did not decode into its member's type.
    Decode(E),
    /// The item does not fit the collection (a second item for a single member).
    Collection(CollectionError),
}

/// Assembles a collection `C` from raw items, one at a time, in the order a Query returns them.
///
/// For each item: [`classify`](Self::classify) its sort key, then [`push`](Self::push) it when it
/// belongs to a member (or deal with it by the unknown-item policy when it does not); when every
/// page is in, [`finish`](Self::finish). `dynakey-runtime`'s collection read is this loop.
#[doc(hidden)]
pub struct Assembler<C: Collection> {
    matcher: Matcher,
    slots: C::Slots,
    /// For single members (`T`, `Option<T>`), the sort key of the item they hold.
    first_keys: Vec<Option<String>>,
    collection: PhantomData<fn() -> C>,
}

impl<C: Collection> Default for Assembler<C> {
    fn default() -> Self {
        Self::new()
    }
}

impl<C: Collection> std::fmt::Debug for Assembler<C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Assembler")
            .field("collection", &C::NAME)
            .field("matcher", &self.matcher)
            .finish_non_exhaustive()
    }
}

impl<C: Collection> Assembler<C> {
    /// An empty collection under assembly.
    pub fn new() -> Self {
        Assembler {
            matcher: Matcher::new(C::MEMBERS),
            slots: C::slots(),
            first_keys: vec![None; C::MEMBERS.len()],
            collection: PhantomData,
        }
    }

    /// The member `sort_key` belongs to (an index into [`Collection::MEMBERS`]), or `None`.
    /// `attribute(name)` returns the item's string attribute `name`, for entity-type attributes.
    ///
    /// # Errors
    /// [`CollectionErrorKind::Ambiguous`] when two members accept the key.
    #[inline]
    pub fn classify<'a>(
        &self,
        sort_key: &str,
        attribute: impl Fn(&str) -> Option<&'a str>,
    ) -> Result<Option<usize>, CollectionError> {
        self.matcher
            .classify(sort_key, attribute)
            .map_err(|Ambiguity { first, second }| {
                let name = |i: usize| C::MEMBERS.get(i).map(Member::name);
                match (name(first), name(second)) {
                    (Some(first), Some(second)) => CollectionErrorKind::Ambiguous {
                        collection: C::NAME,
                        sort_key: sort_key.to_owned(),
                        first,
                        second,
                    }
                    .into(),
                    _ => self.unknown(Some(sort_key)),
                }
            })
    }

    /// Decodes `item` (whose sort key is `sort_key`) as member `member`, as returned by
    /// [`classify`](Self::classify), and adds it.
    ///
    /// # Errors
    /// [`PushError::Decode`] with the decoder's error; [`PushError::Collection`] with
    /// [`CollectionErrorKind::TooMany`] when a single member (`T` or `Option<T>`) already holds an
    /// item.
    #[inline]
    pub fn push<D: ItemDecoder>(
        &mut self,
        member: usize,
        sort_key: &str,
        item: D::Item,
        decoder: &mut D,
    ) -> Result<(), PushError<D::Error>> {
        if let Some(info) = C::MEMBERS.get(member) {
            if info.cardinality != Cardinality::Many {
                if let Some(Some(first)) = self.first_keys.get(member) {
                    return Err(PushError::Collection(
                        CollectionErrorKind::TooMany {
                            collection: C::NAME,
                            member: info.name(),
                            first_sort_key: first.clone(),
                            second_sort_key: sort_key.to_owned(),
                        }
                        .into(),
                    ));
                }
                if let Some(slot) = self.first_keys.get_mut(member) {
                    *slot = Some(sort_key.to_owned());
                }
            }
        }
        C::push(&mut self.slots, member, sort_key, item, decoder).map_err(PushError::Decode)
    }

    /// The error for an item that belongs to no member, under the policy that fails on them.
    pub fn unknown(&self, sort_key: Option<&str>) -> CollectionError {
        CollectionErrorKind::UnknownItem {
            collection: C::NAME,
            sort_key: sort_key.map(str::to_owned),
        }
        .into()
    }

    /// The assembled collection.
    ///
    /// # Errors
    /// [`CollectionErrorKind::Missing`] when a member declared as exactly one item has none.
    pub fn finish(self) -> Result<C, CollectionError> {
        C::finish(self.slots)
    }
}
