//! The entities a table lists: `#[derive(Table)]` on an enum whose variants hold them
//! (`enum Tracker { Org(Org), User(User), Issue(Issue), Comment(Comment) }`). The enum is then
//! the table's item type ([`TableItem`]): whole-table reads decode each item into the variant of
//! its entity, and reads of one entity pass over the items of the others (docs/semantics.md §4).
//!
//! Which entity an item is follows from its table keys alone (every index projects them, AWS
//! developer guide, "Attribute projections"), plus the entity-type attribute where entities
//! declare one: exactly the keys an entity's encoders write ([`Key::check`](crate::Key::check)).
//! Several entity types in one table, a parent and its children in one item collection, is the
//! design of the AWS developer guide's "Best practices for modeling relational data in DynamoDB"
//! (the adjacency list design pattern).

use super::EntityIndex;
use crate::error::KeyError;
use crate::expr::QueryInput;
use crate::template::{EarlierKey, KeyTemplate, TemplatePart};
use crate::unique::UniqueConstraint;

/// One entity of a table's list, as reads recognise its items: its name, key templates, the
/// check of its keys and its entity-type attribute. Made by the derive for each variant (listed in
/// [`Table::ENTITIES`](crate::Table::ENTITIES), in declaration order).
#[derive(Clone, Copy)]
pub struct ListedEntity {
    pub(crate) name: &'static str,
    pub(crate) partition: KeyTemplate,
    pub(crate) sort: Option<KeyTemplate>,
    /// Its earlier table-key shapes ([`Entity::EARLIER_KEYS`](crate::Entity::EARLIER_KEYS)).
    pub(crate) earlier: &'static [EarlierKey],
    /// Its shape id ([`Entity::SHAPE`](crate::Entity::SHAPE); empty for one implemented by hand).
    pub(crate) shape: &'static str,
    /// Its key change ([`Entity::KEY_CHANGE`](crate::Entity::KEY_CHANGE)).
    pub(crate) key_change: Option<crate::KeyChange>,
    pub(crate) entity_type: Option<&'static str>,
    pub(crate) unique: &'static [UniqueConstraint],
    pub(crate) indexes: &'static [EntityIndex],
    /// Its write sharding (`#[pk(…, shards = N)]`), when it has one: its partition key then
    /// carries a shard suffix, which its partition template does not show.
    pub(crate) sharding: Option<crate::shard::Sharding>,
    /// `true` for a key its encoders write ([`Key::is_key`](crate::Key::is_key)).
    pub(crate) check: fn(&str, Option<&str>) -> bool,
    /// The request of its generated query function over one whole partition (of the table, or
    /// of an index it is in); `None` for an attribute-wise index.
    pub(crate) query: WholePartitionInput,
}

/// The request of an entity's generated query function over one whole partition
/// ([`ListedEntity::query_input`]).
pub(crate) type WholePartitionInput =
    fn(&str, Option<&EntityIndex>) -> Option<Result<QueryInput, KeyError>>;

impl std::fmt::Debug for ListedEntity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ListedEntity")
            .field("name", &self.name)
            .field("partition", &self.partition.text)
            .field("sort", &self.sort.map(|s| s.text))
            .field(
                "earlier",
                &self
                    .earlier
                    .iter()
                    .map(|e| (e.partition().text, e.sort().map(|s| s.text)))
                    .collect::<Vec<_>>(),
            )
            .finish_non_exhaustive()
    }
}

impl ListedEntity {
    /// The entity's name ([`Entity::ENTITY_NAME`](crate::Entity::ENTITY_NAME)).
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// Its partition-key template.
    pub fn partition_template(&self) -> &KeyTemplate {
        &self.partition
    }

    /// Its sort-key template (`None` on a table without a sort key).
    pub fn sort_template(&self) -> Option<&KeyTemplate> {
        self.sort.as_ref()
    }

    /// Its earlier table-key shapes, from `#[was(…)]` ([`Entity::EARLIER_KEYS`](crate::Entity::EARLIER_KEYS)):
    /// its items may still have keys of these shapes, which reads recognise as its items (see
    /// [`owns`](Self::owns)). The build-time checks of a table enum treat each as another shape of
    /// the entity: none may be confused with a key of another listed entity. Empty for most.
    pub fn earlier_keys(&self) -> &'static [EarlierKey] {
        self.earlier
    }

    /// Its shape id ([`Entity::SHAPE`](crate::Entity::SHAPE)); empty for an entity implemented
    /// by hand that does not set it.
    pub fn shape(&self) -> &'static str {
        self.shape
    }

    /// Its key change in progress ([`Entity::KEY_CHANGE`](crate::Entity::KEY_CHANGE)): the phase
    /// and the other shape, whose copies reads pass over. `None` for most.
    pub fn key_change(&self) -> Option<crate::KeyChange> {
        self.key_change
    }

    /// `true` when `id` (an item's [`SHAPE_ATTRIBUTE`](crate::SHAPE_ATTRIBUTE)) is the shape this
    /// entity reads ([`Entity::reads_shape`](crate::Entity::reads_shape)).
    pub fn reads_shape(&self, id: &str) -> bool {
        if self.shape.is_empty() {
            crate::template::is_shape_id(&self.partition, self.sort.as_ref(), id)
        } else {
            id == self.shape
        }
    }

    /// `true` when the table keys `(partition, sort)` are of the other shape of its key change
    /// and not of a shape it reads: another shape's copy, which its reads pass over (an item
    /// without [`SHAPE_ATTRIBUTE`](crate::SHAPE_ATTRIBUTE) is judged by its keys).
    pub fn is_other_shape_key(&self, partition: &str, sort: Option<&str>) -> bool {
        self.key_change
            .is_some_and(|change| change.other.fits(partition, sort))
            && !(self.check)(partition, sort)
    }

    /// The attribute that holds its entity name on every item, where it declares one
    /// (`#[dynakey(entity_type = "_type")]`).
    pub fn entity_type_attribute(&self) -> Option<&'static str> {
        self.entity_type
    }

    /// Its key templates for each secondary index it is in ([`Entity::INDEXES`](crate::Entity::INDEXES)).
    pub fn indexes(&self) -> &'static [EntityIndex] {
        self.indexes
    }

    /// Its write sharding (`#[pk(…, shards = N)]`): its partition keys carry a shard suffix that
    /// its partition template does not show, and its whole-partition query is `query_shards`
    /// (one Query per shard, merged). `None` for an entity without.
    pub fn sharding(&self) -> Option<crate::shard::Sharding> {
        self.sharding
    }

    /// Its `#[unique(…)]` constraints ([`Entity::UNIQUE`](crate::Entity::UNIQUE)): its items own
    /// uniqueness items, which a delete removes with them.
    pub fn unique(&self) -> &'static [UniqueConstraint] {
        self.unique
    }

    /// The Query request its generated query function sends for the whole partition `partition`:
    /// `E::query(…)` on the table (`index` `None`; for a sharded entity, `E::query_shards(…)`'s
    /// request of shard 0, its partition key with the shard suffix), `E::query_by_…(…)` on
    /// `index` (one of [`indexes`](Self::indexes)), rendered by the one renderer — the KeyConditionExpression with
    /// its ExpressionAttributeNames/Values (AWS developer guide, "Key condition expressions for the
    /// Query operation"). `partition` is any text: a real key, or the template's own text to show
    /// the request's shape. `None` for an attribute-wise index, whose query takes typed
    /// attributes.
    ///
    /// # Errors
    /// [`KeyError`] when `partition` is empty or over DynamoDB's partition-key size (2,048 bytes).
    pub fn query_input(
        &self,
        partition: &str,
        index: Option<&EntityIndex>,
    ) -> Option<Result<QueryInput, KeyError>> {
        (self.query)(partition, index)
    }

    /// Which of `entities` (a table's [`ENTITIES`](crate::Table::ENTITIES)) an item with table
    /// keys `(partition, sort)` belongs to: `Ok(Some(i))`, `Ok(None)` for an item of no listed
    /// entity, `Err((i, j))` when two entities both own it — a pair whose templates overlap only
    /// for some values, which the build-time check leaves to run time (a read never guesses,
    /// docs/semantics.md §4). `entity_type(attribute)` gives the item's string attribute.
    ///
    /// # Errors
    /// The positions of the first two entities that both own the key.
    pub fn recognise<'a>(
        entities: &[ListedEntity],
        partition: &str,
        sort: Option<&str>,
        entity_type: impl Fn(&str) -> Option<&'a str> + Copy,
    ) -> Result<Option<usize>, (usize, usize)> {
        recognise_in(entities, partition, sort, entity_type)
    }

    /// The nesting among a table's listed entities, as `(child, parent)` positions: the child's
    /// sort-key template extends the parent's (`ISSUE#<number>#COMMENT#<at>` under
    /// `ISSUE#<number>`) and their partition keys have the same literals, so a child's items sit
    /// right after their parent item in its item collection. Each child with its nearest parent.
    pub fn nesting(entities: &[ListedEntity]) -> Vec<(usize, usize)> {
        nesting_in(entities)
    }

    /// `true` when `(partition, sort)` is a key this entity's encoders write (or a key of one of
    /// its [earlier shapes](Self::earlier_keys)) and, where it declares
    /// an entity-type attribute, `entity_type(attribute)` holds its name.
    pub fn owns<'a>(
        &self,
        partition: &str,
        sort: Option<&str>,
        entity_type: impl Fn(&str) -> Option<&'a str>,
    ) -> bool {
        (self.check)(partition, sort)
            && self
                .entity_type
                .is_none_or(|attribute| entity_type(attribute) == Some(self.name))
    }
}

/// Which of `entities` an item with table keys `(partition, sort)` belongs to: `Ok(Some(i))`,
/// `Ok(None)` for an item of no listed entity, `Err((i, j))` when two entities' templates both
/// accept it (a pair the build-time check could not decide: their overlap depends on the values;
/// docs/semantics.md §4 says a read never guesses).
///
/// # Errors
/// The positions of the first two entities that both own the key.
pub(crate) fn recognise_in<'a>(
    entities: &[ListedEntity],
    partition: &str,
    sort: Option<&str>,
    entity_type: impl Fn(&str) -> Option<&'a str> + Copy,
) -> Result<Option<usize>, (usize, usize)> {
    let mut found = None;
    for (i, entity) in entities.iter().enumerate() {
        if entity.owns(partition, sort, entity_type) {
            match found {
                None => found = Some(i),
                Some(first) => return Err((first, i)),
            }
        }
    }
    Ok(found)
}

/// `true` when `child` extends `parent`: the same parts, then more (the last literal of `parent`
/// may be the start of a longer literal of `child`). `ISSUE#<number>#COMMENT#<at>` extends
/// `ISSUE#<number>`: a comment's key starts with its issue's key, so one Query reads an issue
/// and its comments. A template does not extend itself.
pub(crate) const fn extends(child: &KeyTemplate, parent: &KeyTemplate) -> bool {
    let (c, p) = (child.parts, parent.parts);
    if c.len() < p.len() || p.is_empty() {
        return false;
    }
    let mut i = 0;
    while i < p.len() {
        let last = i + 1 == p.len();
        match (c[i], p[i]) {
            (TemplatePart::Literal(x), TemplatePart::Literal(y)) => {
                let (x, y) = (x.as_bytes(), y.as_bytes());
                if x.len() < y.len() || (!last && x.len() != y.len()) {
                    return false;
                }
                let mut k = 0;
                while k < y.len() {
                    if x[k] != y[k] {
                        return false;
                    }
                    k += 1;
                }
                if last && x.len() > y.len() {
                    return true;
                }
            }
            (
                TemplatePart::Field {
                    width: wa,
                    any_text: aa,
                    ..
                },
                TemplatePart::Field {
                    width: wb,
                    any_text: ab,
                    ..
                },
            ) => {
                if aa != ab {
                    return false;
                }
                match (wa, wb) {
                    (None, None) => {}
                    (Some(x), Some(y)) if x == y => {}
                    _ => return false,
                }
            }
            _ => return false,
        }
        i += 1;
    }
    c.len() > p.len()
}

/// The nesting among a table's listed entities: `(child, parent)` positions where the child's
/// sort-key template [`extends`] the parent's and their partition keys have the same literals —
/// the child's items sit under a parent item in its item collection. A child is given with its
/// nearest parent only (the longest parent template).
pub(crate) fn nesting_in(entities: &[ListedEntity]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (c, child) in entities.iter().enumerate() {
        let Some(child_sort) = &child.sort else {
            continue;
        };
        let parent = entities
            .iter()
            .enumerate()
            .filter(|&(p, parent)| {
                p != c
                    && same_literals(&child.partition, &parent.partition)
                    && parent.sort.as_ref().is_some_and(|s| extends(child_sort, s))
            })
            .max_by_key(|(_, parent)| parent.sort.map_or(0, |s| s.parts.len()));
        if let Some((p, _)) = parent {
            out.push((c, p));
        }
    }
    out
}

/// The same literals with fields in the same places (field names and widths aside).
fn same_literals(a: &KeyTemplate, b: &KeyTemplate) -> bool {
    a.parts.len() == b.parts.len()
        && a.parts.iter().zip(b.parts).all(|pair| match pair {
            (TemplatePart::Literal(x), TemplatePart::Literal(y)) => x == y,
            (TemplatePart::Field { .. }, TemplatePart::Field { .. }) => true,
            _ => false,
        })
}

/// The table's item type: `#[derive(Table)]` on an enum with one variant per listed entity
/// implements it. Each item read is decoded into the variant of the entity that owns its keys
/// (the runtime's `table_items()` reads; an item is a map of attributes, AWS developer guide,
/// "Core components of Amazon DynamoDB — Items and attributes").
pub trait TableItem: crate::Table + Sized {
    /// Decodes an item of the `entity`-th listed entity ([`Table::ENTITIES`](crate::Table::ENTITIES))
    /// into its variant.
    ///
    /// # Errors
    /// The deserializer's error when the item does not decode as that entity, or `entity` is out
    /// of range.
    fn decode<'de, D: serde::Deserializer<'de>>(
        entity: usize,
        deserializer: D,
    ) -> Result<Self, D::Error>;

    /// The position of this value's entity in [`Table::ENTITIES`](crate::Table::ENTITIES).
    fn entity(&self) -> usize;

    /// This value's entity name.
    fn entity_name(&self) -> &'static str {
        Self::ENTITIES
            .get(self.entity())
            .map_or("", ListedEntity::name)
    }
}
