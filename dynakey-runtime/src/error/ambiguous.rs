//! [`AmbiguousKey`]: an item whose keys two entities of a table's list both write, inside
//! [`Error::Ambiguous`](super::Error::Ambiguous).

/// An item read from a table that lists its entities whose table keys two listed entities both
/// write: their templates overlap for some values (a text field that ends one template, say),
/// which the build-time check leaves to run time (docs/semantics.md §4).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "entities `{first}` ({first_templates}) and `{second}` ({second_templates}) can write the \
     same key: partition key {partition:?}, sort key {sort:?} is a key of both, so a read could \
     not tell which entity the item is. Give one a literal prefix the other cannot start with, \
     end a template another extends with its delimiter or a fixed-width field (\"ISSUE#<id>#\", \
     not \"ISSUE#<id>\"), or declare #[dynakey(entity_type = \"_type\")] on both"
)]
#[non_exhaustive]
pub struct AmbiguousKey {
    /// The first entity (in the table's list) that owns the keys.
    pub first: &'static str,
    /// Its key templates, as `partition key "…", sort key "…"`.
    pub first_templates: String,
    /// The second one.
    pub second: &'static str,
    /// Its key templates.
    pub second_templates: String,
    /// The item's partition-key value.
    pub partition: String,
    /// The item's sort-key value.
    pub sort: Option<String>,
}
