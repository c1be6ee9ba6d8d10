//! Table declarations: key attribute names and secondary indexes.
//!
//! A table is declared once, as a type, and entities name it with `#[dynakey(table = MyTable)]`
//! (the default is [`DefaultTable`], `PK`/`SK`). The runtime creates the table from the declaration
//! and reads the attribute names from it when it writes keys.

mod entities;
mod entity_index;

pub use entities::{ListedEntity, TableItem};
pub use entity_index::{EntityIndex, Fill};

use crate::attribute::AttributeType;
use crate::error::KeyRole;

/// A DynamoDB table's key schema and indexes, usually implemented with `#[derive(Table)]`.
///
/// Key attributes are strings (`S`), since dynakey builds them from templates (AWS developer guide,
/// "Core components — Primary key": each key attribute must be a scalar string, number or binary).
pub trait Table: 'static {
    /// The partition key attribute name, e.g. `"PK"` or `"EntityRef"`.
    const PARTITION_KEY: &'static str;
    /// The sort key attribute name, or `None` for a table with a simple (partition-only) primary key.
    const SORT_KEY: Option<&'static str>;
    /// The table's global and local secondary indexes.
    const INDEXES: &'static [IndexDef] = &[];
    /// The table's Time to Live attribute, from `#[table(…, ttl = "expires_at")]`: items whose
    /// attribute holds a Number of epoch seconds in the past are deleted by DynamoDB some time
    /// after it (AWS developer guide, "Using time to live (TTL) in DynamoDB"); `Db::create_table`
    /// enables TTL on it. `None` by default.
    const TTL_ATTRIBUTE: Option<&'static str> = None;
    /// The table's DynamoDB stream, from `#[table(…, stream = new_and_old_images)]`: when `Some`,
    /// DynamoDB records every item-level change (put, update, delete) as a stream record of this
    /// view type, kept 24 hours, in the order of the changes to each item (AWS developer guide,
    /// "Change data capture for DynamoDB Streams"). `Db::create_table` creates the table with
    /// this `StreamSpecification`, `Db::ensure_table` refuses an existing table whose stream is
    /// not the declared one, and `Db::enable_stream` enables it on an existing table. `None` by
    /// default: no stream.
    const STREAM: Option<StreamViewType> = None;
    /// The entities the table lists, in declaration order: `#[derive(Table)]` on an enum with one
    /// variant per entity (`enum Tracker { Org(Org), Issue(Issue) }`), which is then the table's
    /// item type ([`TableItem`]). Empty for a table declared as a unit struct: its reads know
    /// only the entity they read. See docs/semantics.md §4 for what the list changes.
    const ENTITIES: &'static [ListedEntity] = &[];
    /// For each listed entity, a bit per other listed entity whose table keys it may share for
    /// some values (templates that overlap only where the values decide): reads check those
    /// pairs on every item of theirs. Written by the derive.
    #[doc(hidden)]
    const LISTED_OVERLAPS: &'static [u64] = &[];
}

/// What each record of a table's DynamoDB stream carries besides the changed item's key: the
/// `StreamViewType` of the table's `StreamSpecification` (AWS developer guide, "Change data
/// capture for DynamoDB Streams"; API reference, `StreamSpecification`). Declared with
/// `#[table(…, stream = keys_only | new_image | old_image | new_and_old_images)]` (see
/// [`Table::STREAM`]).
///
/// DynamoDB fixes the view type when it enables the stream: a table has one enabled stream at a
/// time, and changing the view type means disabling the stream and enabling a new one (with a new
/// stream ARN; the old stream's records stay readable for 24 hours).
///
/// ```
/// use dynakey::StreamViewType;
///
/// let view = StreamViewType::NewAndOldImages;
/// assert_eq!(view.as_str(), "NEW_AND_OLD_IMAGES");
/// assert!(view.carries_new_image() && view.carries_old_image());
/// assert!(!StreamViewType::KeysOnly.carries_new_image());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StreamViewType {
    /// `KEYS_ONLY`: only the key attributes of the changed item.
    KeysOnly,
    /// `NEW_IMAGE`: the item as it is after the change (none for a delete).
    NewImage,
    /// `OLD_IMAGE`: the item as it was before the change (none for an insert).
    OldImage,
    /// `NEW_AND_OLD_IMAGES`: the item both after and before the change.
    NewAndOldImages,
}

impl StreamViewType {
    /// DynamoDB's name of the view type, as `StreamSpecification.StreamViewType` carries it:
    /// `"KEYS_ONLY"`, `"NEW_IMAGE"`, `"OLD_IMAGE"` or `"NEW_AND_OLD_IMAGES"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            StreamViewType::KeysOnly => "KEYS_ONLY",
            StreamViewType::NewImage => "NEW_IMAGE",
            StreamViewType::OldImage => "OLD_IMAGE",
            StreamViewType::NewAndOldImages => "NEW_AND_OLD_IMAGES",
        }
    }

    /// `true` when a record carries the item after the change (`NewImage`): `NEW_IMAGE` and
    /// `NEW_AND_OLD_IMAGES`.
    pub const fn carries_new_image(self) -> bool {
        matches!(
            self,
            StreamViewType::NewImage | StreamViewType::NewAndOldImages
        )
    }

    /// `true` when a record carries the item before the change (`OldImage`): `OLD_IMAGE` and
    /// `NEW_AND_OLD_IMAGES`.
    pub const fn carries_old_image(self) -> bool {
        matches!(
            self,
            StreamViewType::OldImage | StreamViewType::NewAndOldImages
        )
    }
}

impl std::fmt::Display for StreamViewType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Implemented by tables that declare a TTL attribute (`#[table(…, ttl = "…")]`); reading only
/// unexpired items requires it.
#[diagnostic::on_unimplemented(
    message = "table `{Self}` declares no TTL attribute, so none of its items expires",
    label = "a read of unexpired items on a table without TTL",
    note = "declare the table's TTL attribute with #[table(…, ttl = \"expires_at\")] and store it in a #[ttl] field of the entities, or drop `.unexpired()`"
)]
pub trait TableWithTtl: Table {}

/// Implemented by tables that declare a sort key; an entity with `#[sk(…)]` requires it.
#[diagnostic::on_unimplemented(
    message = "table `{Self}` is declared without a sort key, so an entity on it cannot have #[sk]",
    label = "this entity declares a sort key",
    note = "remove #[sk(…)] from the entity, or declare the table with #[table(sort_key = \"SK\")]"
)]
pub trait TableWithSortKey: Table {}

/// Implemented by tables without a sort key; an entity without `#[sk(…)]` requires it.
#[diagnostic::on_unimplemented(
    message = "table `{Self}` has a sort key, so every entity on it needs #[sk(\"…\")]",
    label = "this entity has no #[sk]",
    note = "add a sort-key template such as #[sk(\"META\")]; DynamoDB requires every key attribute on every item"
)]
pub trait TableWithoutSortKey: Table {}

/// The table used by entities that do not name one: partition key `PK`, sort key `SK`, no indexes.
#[derive(Debug, Clone, Copy, Default)]
pub struct DefaultTable;

impl Table for DefaultTable {
    const PARTITION_KEY: &'static str = "PK";
    const SORT_KEY: Option<&'static str> = Some("SK");
}

impl TableWithSortKey for DefaultTable {}

/// Global or local secondary index (AWS developer guide, "Improving data access with secondary
/// indexes").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IndexKind {
    /// A GSI: its own partition key; eventually consistent reads only.
    Global,
    /// An LSI: the table's partition key with another sort key; created with the table.
    Local,
}

/// Which attributes an index copies from the base table (AWS developer guide, "Attribute
/// projections").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Projection {
    /// Every attribute.
    All,
    /// Only the table and index key attributes.
    KeysOnly,
    /// The keys plus the listed non-key attributes.
    Include(&'static [&'static str]),
}

/// One secondary index of a table declaration: what `CreateTable` needs to create it, and what a
/// Query on it sends as `IndexName`.
///
/// `#[derive(Table)]` builds one per `#[gsi(…)]`/`#[lsi(…)]`; a [`Table`] written by hand builds
/// them with [`IndexDef::global`] or [`IndexDef::local`]:
///
/// ```
/// use dynakey::{IndexDef, Projection, Table};
///
/// struct App;
/// impl Table for App {
///     const PARTITION_KEY: &'static str = "PK";
///     const SORT_KEY: Option<&'static str> = Some("SK");
///     const INDEXES: &'static [IndexDef] = &[
///         IndexDef::global("GSI1", "GSI1PK").with_sort_key("GSI1SK"),
///         IndexDef::local("ByTitle", "PK", "Title").with_projection(Projection::KeysOnly),
///     ];
/// }
/// assert_eq!(App::INDEXES[0].sort_key(), Some("GSI1SK"));
/// assert_eq!(App::INDEXES[1].partition_key(), "PK");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IndexDef {
    pub(crate) name: &'static str,
    pub(crate) kind: IndexKind,
    pub(crate) key: KeySchema,
    pub(crate) projection: Projection,
}

impl IndexDef {
    /// A global secondary index `name` with partition key attribute `partition_key`, no sort key,
    /// projecting every attribute (AWS developer guide, "Using Global Secondary Indexes in
    /// DynamoDB"). Names are not checked here (DynamoDB's `CreateTable` checks them; the derive
    /// checks them at build time).
    pub const fn global(name: &'static str, partition_key: &'static str) -> Self {
        IndexDef {
            name,
            kind: IndexKind::Global,
            key: KeySchema::single(KeyAttr::s(partition_key), None),
            projection: Projection::All,
        }
    }

    /// A local secondary index `name` of a table whose partition key attribute is
    /// `table_partition_key`, with sort key attribute `sort_key`, projecting every attribute (AWS
    /// developer guide, "Local secondary indexes": an LSI is the table's partition key with
    /// another sort key).
    pub const fn local(
        name: &'static str,
        table_partition_key: &'static str,
        sort_key: &'static str,
    ) -> Self {
        IndexDef {
            name,
            kind: IndexKind::Local,
            key: KeySchema::single(KeyAttr::s(table_partition_key), Some(KeyAttr::s(sort_key))),
            projection: Projection::All,
        }
    }

    /// This index with sort key attribute `sort_key`.
    pub const fn with_sort_key(mut self, sort_key: &'static str) -> Self {
        self.key.sort = KeyAttrs::One(KeyAttr::s(sort_key));
        self
    }

    /// A global secondary index `name` whose key is attribute-wise: `partition` (1–4 attributes)
    /// and `sort` (0–4), each with its own type, in the order DynamoDB's `KeySchema` lists them
    /// (AWS developer guide, "Multi-attribute keys pattern"), projecting every attribute. The
    /// counts are not checked here (`CreateTable` checks them; the derive at build time).
    ///
    /// ```
    /// use dynakey::{AttributeType, IndexDef, KeyAttr};
    /// const BY_REGION: IndexDef = IndexDef::global_attributes(
    ///     "ByRegion",
    ///     &[KeyAttr::s("tournament"), KeyAttr::s("region")],
    ///     &[KeyAttr::n("round")],
    /// );
    /// assert!(BY_REGION.is_attribute_wise());
    /// assert_eq!(BY_REGION.partition_key(), "tournament");
    /// assert_eq!(BY_REGION.key_schema().sort()[0].attribute_type(), AttributeType::N);
    /// ```
    pub const fn global_attributes(
        name: &'static str,
        partition: &'static [KeyAttr],
        sort: &'static [KeyAttr],
    ) -> Self {
        IndexDef {
            name,
            kind: IndexKind::Global,
            key: KeySchema::attributes(partition, sort),
            projection: Projection::All,
        }
    }

    /// This attribute-wise index with its first partition attribute holding the entity type
    /// ([`KeySchema::with_entity_type`]): every entity on it writes its name there, and its
    /// queries give it (AWS developer guide, "Multi-attribute keys pattern").
    pub const fn with_entity_type(mut self) -> Self {
        self.key = self.key.with_entity_type();
        self
    }

    /// This index with `projection` instead of [`Projection::All`].
    pub const fn with_projection(mut self, projection: Projection) -> Self {
        self.projection = projection;
        self
    }

    /// The index name as DynamoDB knows it (`IndexName`).
    pub const fn name(&self) -> &'static str {
        self.name
    }

    /// GSI or LSI.
    pub const fn kind(&self) -> IndexKind {
        self.kind
    }

    /// The index partition key attribute (for an LSI, the table's partition key).
    /// For an attribute-wise index, its first partition attribute.
    pub const fn partition_key(&self) -> &'static str {
        match self.key.partition.first() {
            Some(attr) => attr.name,
            None => "",
        }
    }

    /// The index sort key attribute, if any (always present for an LSI). For an attribute-wise
    /// index, its sort attribute when it has exactly one, `None` for a list of several.
    pub const fn sort_key(&self) -> Option<&'static str> {
        match self.key.sort.as_slice() {
            [attr] => Some(attr.name),
            _ => None,
        }
    }

    /// Every key attribute of the index, with its type and role.
    pub const fn key_schema(&self) -> KeySchema {
        self.key
    }

    /// `true` for an attribute-wise index: declared with a list of key attributes or a typed
    /// (`N`/`B`) one, so its keys are native attribute values rather than template strings.
    pub const fn is_attribute_wise(&self) -> bool {
        self.key.attribute_wise
    }

    /// The attributes the index copies from the table.
    pub const fn projection(&self) -> Projection {
        self.projection
    }
}

/// One key attribute of a key schema: its name and [`AttributeType`] (an `AttributeDefinition`
/// of `CreateTable`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct KeyAttr {
    pub(crate) name: &'static str,
    pub(crate) ty: AttributeType,
}

impl KeyAttr {
    /// Attribute `name` of type `ty`.
    pub const fn new(name: &'static str, ty: AttributeType) -> Self {
        KeyAttr { name, ty }
    }

    /// A string (`S`) attribute.
    pub const fn s(name: &'static str) -> Self {
        KeyAttr::new(name, AttributeType::S)
    }

    /// A number (`N`) attribute.
    pub const fn n(name: &'static str) -> Self {
        KeyAttr::new(name, AttributeType::N)
    }

    /// A binary (`B`) attribute.
    pub const fn b(name: &'static str) -> Self {
        KeyAttr::new(name, AttributeType::B)
    }

    /// The attribute name.
    pub const fn name(&self) -> &'static str {
        self.name
    }

    /// The attribute type.
    pub const fn attribute_type(&self) -> AttributeType {
        self.ty
    }
}

/// The attributes of one role of a key schema: one held in place (so `const fn` constructors
/// taking a name can build it), or a `'static` list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum KeyAttrs {
    None,
    One(KeyAttr),
    List(&'static [KeyAttr]),
}

impl KeyAttrs {
    pub(crate) const fn as_slice(&self) -> &[KeyAttr] {
        match self {
            KeyAttrs::None => &[],
            KeyAttrs::One(attr) => std::slice::from_ref(attr),
            KeyAttrs::List(list) => list,
        }
    }

    const fn first(&self) -> Option<&KeyAttr> {
        self.as_slice().first()
    }
}

/// The key schema of a secondary index: its partition attributes (1–4; for an LSI, the table's
/// partition key), its sort attributes (0–4), each with its type, in `KeySchema` order (every
/// `HASH` element, then every `RANGE` element; AWS developer guide, "Multi-attribute keys
/// pattern"), and whether the first partition attribute is the entity-type attribute.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct KeySchema {
    pub(crate) partition: KeyAttrs,
    pub(crate) sort: KeyAttrs,
    pub(crate) entity_type: bool,
    pub(crate) attribute_wise: bool,
}

impl KeySchema {
    /// A template key schema: one `S` partition attribute and at most one `S` sort attribute (or
    /// typed ones, which makes it attribute-wise).
    pub const fn single(partition: KeyAttr, sort: Option<KeyAttr>) -> Self {
        let typed = !matches!(partition.ty, AttributeType::S)
            || matches!(
                sort,
                Some(KeyAttr {
                    ty: AttributeType::N | AttributeType::B,
                    ..
                })
            );
        KeySchema {
            partition: KeyAttrs::One(partition),
            sort: match sort {
                Some(attr) => KeyAttrs::One(attr),
                None => KeyAttrs::None,
            },
            entity_type: false,
            attribute_wise: typed,
        }
    }

    /// An attribute-wise key schema: `partition` (1–4 attributes) and `sort` (0–4), each keeping
    /// its own type. The counts are checked by the derive and by `CreateTable`, not here.
    pub const fn attributes(partition: &'static [KeyAttr], sort: &'static [KeyAttr]) -> Self {
        KeySchema {
            partition: KeyAttrs::List(partition),
            sort: KeyAttrs::List(sort),
            entity_type: false,
            attribute_wise: true,
        }
    }

    /// This schema with its first partition attribute marked as the entity-type attribute
    /// (`entity_type("_type")`): dynakey fills it with the entity name on writes and queries.
    pub const fn with_entity_type(mut self) -> Self {
        self.entity_type = true;
        self
    }

    /// The partition attributes, in order.
    pub const fn partition(&self) -> &[KeyAttr] {
        self.partition.as_slice()
    }

    /// The sort attributes, in order (empty without a sort key).
    pub const fn sort(&self) -> &[KeyAttr] {
        self.sort.as_slice()
    }

    /// `true` when the first partition attribute is the entity-type attribute.
    pub const fn has_entity_type(&self) -> bool {
        self.entity_type
    }

    /// `true` for an attribute-wise schema (see [`IndexDef::is_attribute_wise`]).
    pub const fn is_attribute_wise(&self) -> bool {
        self.attribute_wise
    }

    /// Every attribute: the partition attributes, then the sort attributes.
    pub fn attributes_in_order(&self) -> impl Iterator<Item = KeyAttr> + '_ {
        self.partition().iter().chain(self.sort()).copied()
    }
}

/// The key attributes of `T`'s attribute-wise indexes that are not the table's own key, each name
/// once with its declared type and the role whose size limit applies to it ([`KeyRole::Sort`],
/// the smaller, when it is a sort attribute of any index). DynamoDB refuses an item whose value
/// of one of them is `NULL`, empty or of another type, whether or not the item's entity fills
/// that index (AWS developer guide, "Multi-attribute keys pattern"), so writes check serde's
/// values of these attributes for every entity of `T`. Template-path indexes are not listed.
#[doc(hidden)]
pub fn attribute_wise_key_attributes<T: Table>() -> Vec<(&'static str, AttributeType, KeyRole)> {
    let mut out: Vec<(&'static str, AttributeType, KeyRole)> = Vec::new();
    let table_key = |name: &str| name == T::PARTITION_KEY || T::SORT_KEY == Some(name);
    for index in T::INDEXES.iter().filter(|index| index.is_attribute_wise()) {
        let key = index.key_schema();
        let partition = key.partition().iter().map(|a| (a, KeyRole::Partition));
        for (attr, role) in partition.chain(key.sort().iter().map(|a| (a, KeyRole::Sort))) {
            if table_key(attr.name) {
                continue;
            }
            match out.iter_mut().find(|(name, _, _)| *name == attr.name) {
                Some(seen) if role == KeyRole::Sort => seen.2 = KeyRole::Sort,
                Some(_) => {}
                None => out.push((attr.name, attr.ty, role)),
            }
        }
    }
    out
}

/// The `AttributeDefinitions` of table `T`'s `CreateTable`: every key attribute of the table
/// (`S`) and of its indexes, each name once (first declaration wins; the derive refuses one name
/// with two types), in declaration order (AWS developer guide, "Core components — Primary key"
/// and "Multi-attribute keys pattern"). `create_table` sends them and `ensure_table` compares
/// against them.
#[doc(hidden)]
pub fn attribute_definitions<T: Table>() -> Vec<(&'static str, AttributeType)> {
    let mut out: Vec<(&'static str, AttributeType)> = Vec::new();
    let mut add = |name: &'static str, ty: AttributeType| {
        if !out.iter().any(|(n, _)| *n == name) {
            out.push((name, ty));
        }
    };
    add(T::PARTITION_KEY, AttributeType::S);
    if let Some(sort) = T::SORT_KEY {
        add(sort, AttributeType::S);
    }
    for index in T::INDEXES {
        for attr in index.key.attributes_in_order() {
            add(attr.name, attr.ty);
        }
    }
    out
}
