//! Table declarations: key attribute names and secondary indexes.
//!
//! A table is declared once, as a type, and entities name it with `#[dynakey(table = MyTable)]`
//! (the default is [`DefaultTable`], `PK`/`SK`). The runtime creates the table from the declaration
//! and reads the attribute names from it when it writes keys.

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
    pub(crate) partition_key: &'static str,
    pub(crate) sort_key: Option<&'static str>,
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
            partition_key,
            sort_key: None,
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
            partition_key: table_partition_key,
            sort_key: Some(sort_key),
            projection: Projection::All,
        }
    }

    /// This index with sort key attribute `sort_key`.
    pub const fn with_sort_key(mut self, sort_key: &'static str) -> Self {
        self.sort_key = Some(sort_key);
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
    pub const fn partition_key(&self) -> &'static str {
        self.partition_key
    }

    /// The index sort key attribute, if any (always present for an LSI).
    pub const fn sort_key(&self) -> Option<&'static str> {
        self.sort_key
    }

    /// The attributes the index copies from the table.
    pub const fn projection(&self) -> Projection {
        self.projection
    }
}
