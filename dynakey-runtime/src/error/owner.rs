//! [`ItemOwner`]: whose items a read takes, as [`Error::ForeignItem`](crate::Error::ForeignItem)
//! names it.

use std::fmt;

/// The owner a read checks each item against (docs/semantics.md §4): one entity, or any entity
/// the table lists. [`Error::ForeignItem`](crate::Error::ForeignItem) names it for an item that
/// has neither.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ItemOwner {
    /// The entity of this name ([`Entity::ENTITY_NAME`](dynakey::Entity::ENTITY_NAME)): a typed
    /// query, scan, page or key-only read, `delete_all` of one entity, `transact_get`.
    Entity(&'static str),
    /// Any entity the table's enum lists ([`TableItem`](dynakey::TableItem)): a read of
    /// [`table_items`](crate::Query::table_items), `delete_all` on such a table, a stream record
    /// decoded as the table's item.
    AnyListedEntity,
}

impl fmt::Display for ItemOwner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ItemOwner::Entity(name) => write!(f, "entity `{name}`"),
            ItemOwner::AnyListedEntity => f.write_str("any entity the table lists"),
        }
    }
}
