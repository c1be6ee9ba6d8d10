//! A Query of an item and the items under it: a parent entity's item and its children
//! (`#[dynakey(parent = E)]`, docs/semantics.md §11), whose sort keys extend the parent's.

use crate::condition::{PrimaryIndex, SortKeyPartial};
use crate::entity::{Entity, Key};
use crate::query::{KeyQuery, SortKeyRange};

impl<E: Entity> Key<E> {
    /// A Query of the item with this key and of every item under it: its partition,
    /// `begins_with` its sort key. With child entities (`#[dynakey(parent = E)]`, whose sort keys
    /// extend their parent's, docs/semantics.md §11) that is the parent and its children, one
    /// item collection, the parent first: read it with `.collection::<…>()` or
    /// `.table_items()`. A key without a sort key queries its whole partition.
    pub fn query_with_children(&self) -> KeyQuery<E, PrimaryIndex, SortKeyRange> {
        let sort = self.sort().unwrap_or_default().to_owned();
        KeyQuery::on(
            Ok(vec![self.partition().to_owned()]),
            None,
            None,
            E::SORT_TEMPLATE,
        )
        .begins_with(SortKeyPartial::<E, PrimaryIndex>::new(Ok(sort)))
    }
}
