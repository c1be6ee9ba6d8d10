//! Build-time checks of one entity against its table, each one `const` of `#[derive(Entity)]`'s
//! code with the whole text composed here: what the item stores beside its keys
//! (docs/semantics.md §1), and that a table enum lists the entity (§4).

use crate::collection::overlap::str_eq;
use crate::table::Table;

use super::Message;

/// What the item of an entity of table `T` stores beside its keys, each `(field, attribute)`:
/// every field serde writes, and the entity-type attribute (field `""`). The position of the first
/// whose attribute is a key attribute dynakey writes from templates — the table's partition or
/// sort key, or a key attribute of one of its template indexes — or `stored.len()` when none is.
/// A field there would be overwritten on a put (and a table key attribute is taken out of an item
/// before serde reads it); an index key attribute would put the item into the index under a key
/// no template wrote. The attributes of an attribute-wise index hold fields: they are not counted.
///
/// Generated code matches the position to one arm per entry, spanned at that field, which calls
/// [`fail_stored_key_attribute`]: one `const` per entity, its error at the offending field.
pub const fn stored_key_attribute<T: Table>(stored: &[(&str, &str)]) -> usize {
    let mut i = 0;
    while i < stored.len() {
        if key_attribute_of::<T>(stored[i].1).is_some() {
            return i;
        }
        i += 1;
    }
    stored.len()
}

/// Fails the build for entity `entity` (its Rust name): names every entry of `stored` (as
/// [`stored_key_attribute`] reads it) that is in a key attribute, which key attribute that is, and
/// the fix.
pub const fn fail_stored_key_attribute<T: Table>(entity: &str, stored: &[(&str, &str)]) {
    let mut message = Message::new()
        .push("entity `")
        .push(entity)
        .push("` stores ");
    let (mut fields, mut entity_type) = (false, false);
    let mut i = 0;
    while i < stored.len() {
        let (field, attribute) = stored[i];
        if let Some((index, role)) = key_attribute_of::<T>(attribute) {
            if fields || entity_type {
                message = message.push(" and ");
            }
            message = if field.is_empty() {
                entity_type = true;
                message.push("its entity type")
            } else {
                fields = true;
                message.push("field `").push(field).push("`")
            };
            message = message
                .push(" in attribute \"")
                .push(attribute)
                .push("\" (");
            message = match index {
                Some(index) => message
                    .push("the ")
                    .push(role)
                    .push(" of index `")
                    .push(index)
                    .push("`)"),
                None => message.push("the table's ").push(role).push(")"),
            };
        }
        i += 1;
    }
    message = message.push(": dynakey writes key attributes from the key templates, so the value would be overwritten; ");
    if fields {
        message = message.push("store each field under another attribute name: rename it, or name its attribute with #[serde(rename = \"…\")]");
    }
    if entity_type {
        message = message.push(if fields { "; " } else { "" }).push(
            "name the entity-type attribute differently, e.g. #[dynakey(entity_type = \"_type\")]",
        );
    }
    panic!("{}", message.as_str())
}

/// `(index, role)` when `name` is a key attribute of table `T` that dynakey writes from templates:
/// `index` is `None` for the table's own keys; `role` is "partition key" or "sort key".
const fn key_attribute_of<T: Table>(name: &str) -> Option<(Option<&'static str>, &'static str)> {
    if str_eq(name, T::PARTITION_KEY) {
        return Some((None, "partition key"));
    }
    if let Some(sort) = T::SORT_KEY {
        if str_eq(name, sort) {
            return Some((None, "sort key"));
        }
    }
    let mut i = 0;
    while i < T::INDEXES.len() {
        let index = &T::INDEXES[i];
        if !index.is_attribute_wise() {
            if str_eq(index.partition_key(), name) {
                return Some((Some(index.name()), "partition key"));
            }
            if let Some(sort) = index.sort_key() {
                if str_eq(sort, name) {
                    return Some((Some(index.name()), "sort key"));
                }
            }
        }
        i += 1;
    }
    None
}

/// Build-time check of an entity declared with `#[dynakey(table = T)]` (without `unlisted`), at
/// that table path: when `T` lists its entities (an enum), one of them has the entity name
/// `name`, else the build fails naming the variant to add (`ident`, the entity's Rust name) and
/// the opt-out. The table-wide checks (keys two entities could share) and the table's reads know
/// only listed entities. A table that lists none (a unit struct) asks nothing.
pub const fn check_listed<T: Table>(name: &str, ident: &str, table: &str) {
    let entities = T::ENTITIES;
    let mut i = 0;
    while i < entities.len() {
        if str_eq(entities[i].name, name) {
            return;
        }
        i += 1;
    }
    if entities.is_empty() {
        return;
    }
    let message = Message::new()
        .push("entity `")
        .push(ident)
        .push("` is declared with #[dynakey(table = ")
        .push(table)
        .push(")], but table `")
        .push(table)
        .push("` does not list it, so the table's key-overlap checks and its reads never see it: add the variant `")
        .push(ident)
        .push("(")
        .push(ident)
        .push(")` to `enum ")
        .push(table)
        .push("`, or write #[dynakey(table = ")
        .push(table)
        .push(", unlisted)] for an entity deliberately outside the list");
    panic!("{}", message.as_str())
}
