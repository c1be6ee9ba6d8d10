//! Typed reads return only their own entity (`docs/semantics.md` §4): a query of entity `E` may
//! share its partition or index with other entities (single-table design), so every item it
//! reads is checked against `E`'s key templates for the query's target before it is decoded, and
//! an item that fails goes to the caller's [`UnknownItems`] policy instead: it is never decoded
//! as `E` and never becomes a `Key<E>`.

use dynakey::__private::plan::Target;
use dynakey::{AttributeType, Entity, Fill, Key, SHAPE_ATTRIBUTE};

use super::collection::UnknownItems;
use crate::convert::{from_attribute_value, string_attribute, Item};
use crate::error::{Error, ItemOwner};
use crate::item::key_strings;

/// Why `item` is not an item of `E` read through `target`; `None` when it is one. Checked, in
/// order: the table's key attributes are strings that `E`'s encoders write ([`Key::check`]: both
/// templates, sizes, the shard suffix of a sharded entity); for an index, the index's key
/// attributes fit `E`'s templates for that index; where `E` declares an entity-type attribute,
/// it holds `E`'s name.
pub(crate) fn foreign_reason<E: Entity>(item: &Item, target: &Target) -> Option<String> {
    let (partition_name, sort_name) = target.table_keys();
    let Some(partition) = string_attribute(item, partition_name) else {
        return Some(format!(
            "it has no partition-key attribute {partition_name:?} of type S"
        ));
    };
    let sort = match sort_name {
        Some(name) => match string_attribute(item, name) {
            Some(sort) => Some(sort),
            None => return Some(format!("it has no sort-key attribute {name:?} of type S")),
        },
        None => None,
    };
    if let Err(e) = Key::<E>::check(partition, sort) {
        return Some(e.to_string());
    }
    if let Some(index) = target.index_name() {
        let Some(templates) = E::INDEXES.iter().find(|i| i.index().name() == index) else {
            return Some(format!(
                "entity `{}` is not in index {index:?}",
                E::ENTITY_NAME
            ));
        };
        let keys = [
            (templates.partition(), Some(target.partition_key())),
            (templates.sort(), target.sort_key()),
        ];
        for (template, name) in keys {
            let (Some(template), Some(name)) = (template, name) else {
                continue;
            };
            let value = string_attribute(item, name);
            if !value.is_some_and(|v| template.matches(v)) {
                return Some(format!(
                    "its index key attribute {name:?} ({value:?}) does not fit the entity's \
                     template {:?} for index {index:?}",
                    template.text()
                ));
            }
        }
        if let Some(reason) = attribute_reason::<E>(item, templates, index) {
            return Some(reason);
        }
    }
    if let Some(name) = target.entity_type_attribute() {
        let value = string_attribute(item, name);
        if value != Some(E::ENTITY_NAME) {
            return Some(format!(
                "its entity-type attribute {name:?} is {value:?}, not {:?}",
                E::ENTITY_NAME
            ));
        }
    }
    None
}

/// Why `item` does not fit `E`'s fills of the attribute-wise index `index`, if it does not:
/// each template fill's attribute fits its template, each native fill's attribute has the
/// declared type, and the entity-type attribute holds `E`'s name.
fn attribute_reason<E: Entity>(
    item: &Item,
    entity_index: &dynakey::EntityIndex,
    index: &str,
) -> Option<String> {
    for (attribute, fill) in entity_index.filled_attributes() {
        let name = attribute.name();
        let value = item.get(name);
        let fits = match fill {
            Fill::Template(template) => {
                string_attribute(item, name).is_some_and(|v| template.matches(v))
            }
            Fill::Native(ty) => value
                .and_then(from_attribute_value)
                .is_some_and(|v| AttributeType::of(&v) == ty),
            Fill::EntityType => string_attribute(item, name) == Some(E::ENTITY_NAME),
        };
        if !fits {
            let expected = match fill {
                Fill::Template(template) => format!("the entity's template {:?}", template.text()),
                Fill::Native(ty) => format!("a value of type {ty}"),
                Fill::EntityType => format!("the entity name {:?}", E::ENTITY_NAME),
            };
            return Some(format!(
                "its index key attribute {name:?} ({value:?}) is not {expected} for index {index:?}"
            ));
        }
    }
    None
}

/// What a typed read does with one item it was given.
pub(crate) enum Screened {
    /// An item of the read's entity (or, for a read of the table's items, of any listed entity).
    Mine(Item),
    /// An item of another entity the table lists: passed over, never counted, never an error
    /// (docs/semantics.md §4).
    Sibling,
    /// An item of no entity the read knows, which `policy` keeps or skips.
    Other(Item),
    /// Another shape's copy of an item during a key change (docs/semantics.md §10): passed over,
    /// never an error, counted in [`Page::other_shape_count`](crate::Page::other_shape_count).
    OtherShape,
}

/// An item a typed read of `E` (a `"Query"` or a `"Scan"`: `operation`) returned: `Mine` when it
/// is `E`'s, `Sibling` when it is another entity's of the table's list, `Other` when it is
/// neither and `policy` keeps or skips it, `Err` ([`Error::ForeignItem`], naming its keys) when
/// it is neither and `policy` is [`UnknownItems::Error`].
pub(crate) fn screen<E: Entity>(
    item: Item,
    target: &Target,
    policy: UnknownItems,
    operation: &'static str,
) -> Result<Screened, Error> {
    let entities = <Table<E> as dynakey::Table>::ENTITIES;
    if let Some(shape) = string_attribute(&item, SHAPE_ATTRIBUTE) {
        if !E::reads_shape(shape) {
            // Another listed entity's item in the shape it reads is that entity's; anything else
            // marked is a copy (of `E`, or of an entity this code knows in another shape).
            let sibling = entities
                .iter()
                .any(|e| e.name() != E::ENTITY_NAME && e.reads_shape(shape));
            return Ok(if sibling {
                Screened::Sibling
            } else {
                Screened::OtherShape
            });
        }
    } else if let Some((partition, sort)) = table_keys(&item, target) {
        if Key::<E>::is_other_shape(partition, sort) {
            return Ok(Screened::OtherShape);
        }
    }
    let Some(reason) = foreign_reason::<E>(&item, target) else {
        overlap_check::<E>(&item)?;
        return Ok(Screened::Mine(item));
    };
    if !entities.is_empty() {
        if is_own_item::<Table<E>>(&item) {
            return Ok(Screened::Sibling);
        }
        match listed_position::<Table<E>>(&item) {
            Ok(Some(i)) if entities[i].name() != E::ENTITY_NAME => return Ok(Screened::Sibling),
            // Two other entities own it; it is certainly not `E`'s: a read of `E` passes over it.
            Err(_) => return Ok(Screened::Sibling),
            _ => {}
        }
    }
    other::<Table<E>>(
        item,
        ItemOwner::Entity(E::ENTITY_NAME),
        reason,
        policy,
        operation,
    )
}

/// For an item of `E` on a table that lists its entities: `Err(Ambiguous)` when another listed
/// entity whose templates may overlap `E`'s for some values owns its keys too.
fn overlap_check<E: Entity>(item: &Item) -> Result<(), Error> {
    let table_entities = <Table<E> as dynakey::Table>::ENTITIES;
    let masks = <Table<E> as dynakey::Table>::LISTED_OVERLAPS;
    if masks.iter().all(|m| *m == 0) {
        return Ok(());
    }
    let Some(me) = table_entities
        .iter()
        .position(|e| e.name() == E::ENTITY_NAME)
    else {
        return Ok(());
    };
    if masks.get(me).copied().unwrap_or(0) == 0 {
        return Ok(());
    }
    listed_position::<Table<E>>(item).map(|_| ())
}

/// As [`screen`], for a read of the table's items ([`TableItem`](dynakey::TableItem)): `Mine`
/// for an item of any listed entity.
pub(crate) fn screen_listed<T: dynakey::Table>(
    item: Item,
    policy: UnknownItems,
    operation: &'static str,
) -> Result<Screened, Error> {
    if is_own_item::<T>(&item) {
        return Ok(Screened::Sibling);
    }
    let position = listed_position::<T>(&item)?;
    if is_listed_copy::<T>(&item, position) {
        return Ok(Screened::OtherShape);
    }
    match position {
        Some(_) => Ok(Screened::Mine(item)),
        None => other::<T>(
            item,
            ItemOwner::AnyListedEntity,
            "its keys fit no entity the table lists".to_owned(),
            policy,
            operation,
        ),
    }
}

/// The item's table keys as the read's target names them (`None` without a string partition key).
fn table_keys<'a>(item: &'a Item, target: &Target) -> Option<(&'a str, Option<&'a str>)> {
    let (partition_name, sort_name) = target.table_keys();
    let partition = string_attribute(item, partition_name)?;
    let sort = match sort_name {
        Some(name) => Some(string_attribute(item, name)?),
        None => None,
    };
    Some((partition, sort))
}

/// `true` when `item`, which a read of any listed entity of `T` took for the entity at
/// `position`, is another shape's copy (docs/semantics.md §10): marked with a shape the entity it
/// fits does not read (or fitting none), or unmarked with the keys of a listed entity's other
/// shape and of no shape it reads.
pub(crate) fn is_listed_copy<T: dynakey::Table>(item: &Item, position: Option<usize>) -> bool {
    let entities = T::ENTITIES;
    match string_attribute(item, SHAPE_ATTRIBUTE) {
        Some(shape) => match position {
            Some(i) => !entities[i].reads_shape(shape),
            None => true,
        },
        None => {
            position.is_none()
                && string_attribute(item, T::PARTITION_KEY).is_some_and(|partition| {
                    let sort = T::SORT_KEY.and_then(|name| string_attribute(item, name));
                    entities
                        .iter()
                        .any(|e| e.is_other_shape_key(partition, sort))
                })
        }
    }
}

/// The position in `T::ENTITIES` of the entity whose key change's other shape `item` is a copy
/// of: marked with that shape's id, or unmarked with keys of that shape only.
pub(crate) fn copy_owner<T: dynakey::Table>(item: &Item) -> Option<usize> {
    let shape = string_attribute(item, SHAPE_ATTRIBUTE);
    let partition = string_attribute(item, T::PARTITION_KEY)?;
    let sort = T::SORT_KEY.and_then(|name| string_attribute(item, name));
    T::ENTITIES
        .iter()
        .position(|e| match (shape, e.key_change()) {
            (Some(shape), Some(change)) => change.other_shape == shape,
            (None, _) => e.is_other_shape_key(partition, sort),
            (Some(_), None) => false,
        })
}

/// A uniqueness item of table `T` (`#[unique(…)]`, docs/semantics.md §5) or its design item
/// (§10), told by its key alone (a projection need not read its other attributes): a partition
/// key starting `UNIQUE#` or `DYNAKEY#` and, on a table with a sort key, the same text as sort
/// key. dynakey's own item, which reads of a table that lists its entities pass over like
/// another entity's.
pub(crate) fn is_own_item<T: dynakey::Table>(item: &Item) -> bool {
    let Some(partition) = string_attribute(item, T::PARTITION_KEY) else {
        return false;
    };
    is_own_key::<T>(
        partition,
        T::SORT_KEY.and_then(|name| string_attribute(item, name)),
    )
}

/// [`is_own_item`] by the item's table keys.
pub(crate) fn is_own_key<T: dynakey::Table>(partition: &str, sort: Option<&str>) -> bool {
    use dynakey::__private::unique::{DYNAKEY_PREFIX, UNIQUE_PREFIX};
    (partition.starts_with(UNIQUE_PREFIX) || partition.starts_with(DYNAKEY_PREFIX))
        && (T::SORT_KEY.is_none() || sort == Some(partition))
}

fn other<T: dynakey::Table>(
    item: Item,
    entity: ItemOwner,
    reason: String,
    policy: UnknownItems,
    operation: &'static str,
) -> Result<Screened, Error> {
    match policy {
        UnknownItems::Keep | UnknownItems::Skip => Ok(Screened::Other(item)),
        UnknownItems::Error => {
            let (partition, sort) = key_strings::<T>(&item);
            Err(Error::ForeignItem {
                entity,
                partition,
                sort,
                reason,
                operation,
            })
        }
    }
}

/// The position in `T::ENTITIES` of the entity whose keys `item` has.
///
/// # Errors
/// [`Error::Ambiguous`] when two listed entities both own its keys.
pub(crate) fn listed_position<T: dynakey::Table>(item: &Item) -> Result<Option<usize>, Error> {
    let Some(partition) = string_attribute(item, T::PARTITION_KEY) else {
        return Ok(None);
    };
    let sort = match T::SORT_KEY {
        Some(name) => match string_attribute(item, name) {
            Some(sort) => Some(sort),
            None => return Ok(None),
        },
        None => None,
    };
    recognise::<T>(partition, sort, |name| string_attribute(item, name))
        .map_err(|(a, b)| ambiguous::<T>(a, b, partition, sort))
}

/// [`ListedEntity::recognise`](dynakey::ListedEntity::recognise) over `T`'s list, checking after
/// the first owner only the entities the build-time check left to run time
/// ([`Table::LISTED_OVERLAPS`](dynakey::Table::LISTED_OVERLAPS)): a pair it did not flag cannot
/// share a key, so each item is checked against the templates up to its own, not all of them.
/// A table whose overlaps are not listed entity by entity (a hand-written `Table`) is checked
/// against every entity.
pub(crate) fn recognise<'a, T: dynakey::Table>(
    partition: &str,
    sort: Option<&str>,
    entity_type: impl Fn(&str) -> Option<&'a str> + Copy,
) -> Result<Option<usize>, (usize, usize)> {
    let (entities, overlaps) = (T::ENTITIES, T::LISTED_OVERLAPS);
    if overlaps.len() != entities.len() {
        return dynakey::ListedEntity::recognise(entities, partition, sort, entity_type);
    }
    let Some(first) = entities
        .iter()
        .position(|e| e.owns(partition, sort, entity_type))
    else {
        return Ok(None);
    };
    let mask = overlaps[first];
    for (other, entity) in entities.iter().enumerate().skip(first + 1) {
        let flagged = u32::try_from(other).is_ok_and(|bit| bit < 64 && mask & (1 << bit) != 0);
        if flagged && entity.owns(partition, sort, entity_type) {
            return Err((first, other));
        }
    }
    Ok(Some(first))
}

/// [`Error::Ambiguous`]: listed entities `a` and `b` of `T` both own the keys
/// `(partition, sort)`.
pub(crate) fn ambiguous<T: dynakey::Table>(
    a: usize,
    b: usize,
    partition: &str,
    sort: Option<&str>,
) -> Error {
    let templates = |e: &dynakey::ListedEntity| match e.sort_template() {
        Some(sort) => format!(
            "partition key {:?}, sort key {:?}",
            e.partition_template().text(),
            sort.text()
        ),
        None => format!("partition key {:?}", e.partition_template().text()),
    };
    let (first, second) = (&T::ENTITIES[a], &T::ENTITIES[b]);
    Error::Ambiguous(Box::new(crate::error::AmbiguousKey {
        first: first.name(),
        first_templates: templates(first),
        second: second.name(),
        second_templates: templates(second),
        partition: partition.to_owned(),
        sort: sort.map(str::to_owned),
    }))
}

/// The table of entity `E`.
type Table<E> = <E as Entity>::Table;
