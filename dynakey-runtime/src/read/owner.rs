//! Typed reads return only their own entity (`docs/semantics.md` §4): a query of entity `E` may
//! share its partition or index with other entities (single-table design), so every item it
//! reads is checked against `E`'s key templates for the query's target before it is decoded, and
//! an item that fails goes to the caller's [`UnknownItems`] policy instead: it is never decoded
//! as `E` and never becomes a `Key<E>`.

use dynakey::__private::plan::Target;
use dynakey::{AttributeType, Entity, Fill, Key};

use super::collection::UnknownItems;
use crate::convert::{from_attribute_value, string_attribute, Item};
use crate::error::Error;
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

/// An item a typed read of `E` (a `"Query"` or a `"Scan"`: `operation`) returned: `Ok(Ok(item))`
/// when it is `E`'s, `Ok(Err(item))` when it is not and `policy` keeps or skips it, `Err`
/// ([`Error::ForeignItem`], naming its keys) when it is not and `policy` is
/// [`UnknownItems::Error`].
pub(crate) fn screen<E: Entity>(
    item: Item,
    target: &Target,
    policy: UnknownItems,
    operation: &'static str,
) -> Result<Result<Item, Item>, Error> {
    let Some(reason) = foreign_reason::<E>(&item, target) else {
        return Ok(Ok(item));
    };
    match policy {
        UnknownItems::Keep | UnknownItems::Skip => Ok(Err(item)),
        UnknownItems::Error => {
            let (partition, sort) = key_strings::<Table<E>>(&item);
            Err(Error::ForeignItem {
                entity: E::ENTITY_NAME,
                partition,
                sort,
                reason,
                operation,
            })
        }
    }
}

/// The table of entity `E`.
type Table<E> = <E as Entity>::Table;
