//! An entity's key templates for one secondary index ([`EntityIndex`]) and what fills an
//! attribute-wise index key ([`Fill`]): declarations, so they live with the table's (the list of a
//! table's entities carries them); `crate::index` re-exports both.

use crate::attribute::AttributeType;
use crate::table::{IndexDef, IndexKind, KeyAttr};
use crate::template::KeyTemplate;

/// An entity's key templates for one secondary index, from its `#[index(…)]` attribute; listed in
/// [`Entity::INDEXES`](crate::Entity::INDEXES). Built by `#[derive(Entity)]`, or for an entity
/// implemented by hand by [`EntityIndex::templates`] and [`EntityIndex::attributes`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EntityIndex {
    pub(crate) index: IndexDef,
    pub(crate) partition: Option<KeyTemplate>,
    pub(crate) sort: Option<KeyTemplate>,
    pub(crate) sparse: bool,
    /// For an attribute-wise index: what fills each key attribute, partition attributes first.
    pub(crate) fills: &'static [Fill],
    /// The generated query function on this index (`query_by_status`); empty when written by hand.
    pub(crate) query: &'static str,
}

impl EntityIndex {
    /// The entity's templates for template index `index` (one string key attribute per key): the
    /// index's partition-key template (`None` for an LSI, whose partition key is the table's) and
    /// sort-key template (`None` when the index has no sort key); `sparse` when a template names
    /// an `Option` field, so items whose field is `None` stay out of the index. The entity's
    /// [`Entity::index_keys`](crate::Entity::index_keys) must write these attributes by these
    /// templates.
    pub const fn templates(
        index: IndexDef,
        partition: Option<KeyTemplate>,
        sort: Option<KeyTemplate>,
        sparse: bool,
    ) -> Self {
        EntityIndex {
            index,
            partition,
            sort,
            sparse,
            fills: &[],
            query: "",
        }
    }

    /// The entity's fills of attribute-wise index `index` ([`IndexDef::is_attribute_wise`]): one
    /// [`Fill`] per key attribute, partition attributes first, in the index's key-schema order
    /// (the entity-type attribute as [`Fill::EntityType`]; none for an LSI's partition, which is
    /// the table's); `sparse` when a fill is an `Option` field. The entity's
    /// [`Entity::attribute_keys`](crate::Entity::attribute_keys) must give these attributes in
    /// this order.
    ///
    /// ```
    /// use dynakey::{AttributeType, EntityIndex, Fill, IndexDef, KeyAttr};
    ///
    /// const BY_REGION: IndexDef = IndexDef::global_attributes(
    ///     "ByRegion",
    ///     &[KeyAttr::s("_type"), KeyAttr::s("region")],
    ///     &[KeyAttr::n("round")],
    /// )
    /// .with_entity_type();
    /// const INDEX: EntityIndex = EntityIndex::attributes(
    ///     BY_REGION,
    ///     &[Fill::EntityType, Fill::Native(AttributeType::S), Fill::Native(AttributeType::N)],
    ///     false,
    /// );
    /// assert_eq!(INDEX.fills().len(), 3);
    /// ```
    pub const fn attributes(index: IndexDef, fills: &'static [Fill], sparse: bool) -> Self {
        EntityIndex {
            index,
            partition: None,
            sort: None,
            sparse,
            fills,
            query: "",
        }
    }

    /// This index with `function` as the name of the entity's generated query function on it
    /// (`#[derive(Entity)]` names it `query_` + the index's name in snake case).
    pub const fn with_query_function(mut self, function: &'static str) -> Self {
        self.query = function;
        self
    }

    /// The name of the entity's generated query function on this index (`query_by_status` for
    /// `#[index(ByStatus, …)]`), as the design chart lists it; `None` for an index written by hand
    /// without one.
    pub const fn query_function(&self) -> Option<&'static str> {
        if self.query.is_empty() {
            None
        } else {
            Some(self.query)
        }
    }

    /// The index.
    pub const fn index(&self) -> IndexDef {
        self.index
    }

    /// The partition-key template (`None` for an LSI, whose partition key is the table's).
    pub const fn partition(&self) -> Option<KeyTemplate> {
        self.partition
    }

    /// The sort-key template (`None` for an index without a sort key).
    pub const fn sort(&self) -> Option<KeyTemplate> {
        self.sort
    }

    /// `true` when a template names an `Option` field: items whose field is `None` are not in the
    /// index (a sparse index: AWS developer guide, "Take advantage of sparse indexes").
    pub const fn is_sparse(&self) -> bool {
        self.sparse
    }

    /// For an attribute-wise index ([`IndexDef::is_attribute_wise`]), what fills each of its key
    /// attributes: one [`Fill`] per attribute of [`IndexDef::key_schema`], the partition
    /// attributes first (for an LSI, none: its partition key is the table's), then the sort
    /// attributes. Empty for a template index.
    pub const fn fills(&self) -> &'static [Fill] {
        self.fills
    }

    /// For an attribute-wise index, each key attribute with its fill, in [`fills`](Self::fills)
    /// order (for an LSI, only its sort attributes: the partition key is the table's). Empty for
    /// a template index.
    pub fn filled_attributes(&self) -> Vec<(KeyAttr, Fill)> {
        let key = self.index.key_schema();
        let partition = match self.index.kind() {
            IndexKind::Global => key.partition(),
            IndexKind::Local => &[],
        };
        partition
            .iter()
            .chain(key.sort())
            .copied()
            .zip(self.fills.iter().copied())
            .collect()
    }
}

/// What fills one key attribute of an attribute-wise index ([`EntityIndex::fills`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fill {
    /// A key template (`"MATCH#<tournament>"`): dynakey writes the key string, as `S`.
    Template(KeyTemplate),
    /// A field stored natively (`round`): serde writes it, in its own type.
    Native(AttributeType),
    /// The entity-type attribute (`entity_type("_type")`): dynakey writes the entity name.
    EntityType,
}
