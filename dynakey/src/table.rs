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
}

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

/// One secondary index of a table declaration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IndexDef {
    /// The index name as DynamoDB knows it (`IndexName`).
    pub name: &'static str,
    /// GSI or LSI.
    pub kind: IndexKind,
    /// The index partition key attribute (for an LSI, the table's partition key).
    pub partition_key: &'static str,
    /// The index sort key attribute, if any (required for an LSI).
    pub sort_key: Option<&'static str>,
    /// The projected attributes.
    pub projection: Projection,
}
