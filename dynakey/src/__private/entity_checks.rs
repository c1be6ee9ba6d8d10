//! Build-time checks of one entity against its table, each one `const` of `#[derive(Entity)]`'s
//! code with the whole text composed here: what the item stores beside its keys
//! (docs/semantics.md §1), and that a table enum lists the entity (§4).

use crate::collection::overlap::str_eq;
use crate::table::Table;

use super::{DerivedTable, Message};

/// One entry of an entity's list of what its item stores beside its keys (`__STORED`, on a named
/// table `T`): `(attribute, field)` for each attribute a field serde stores is written or read
/// under, and `(attribute, "")` for the entity-type attribute. Returned as is, unless `attribute`
/// is a key attribute dynakey writes from templates — the table's partition or sort key, or a key
/// attribute of one of its template indexes —: then the build fails here (generated code spans
/// each entry at its field's `#[serde(rename)]` or name, or at the entity-type literal) naming
/// the field, which key attribute it is, and the fix. A field there would be overwritten on a put
/// (and a table key attribute is taken out of an item before serde reads it); an index key
/// attribute would put the item into the index under a key no template wrote. The attributes of
/// an attribute-wise index hold fields: they are not counted.
///
/// The list is one `const` evaluated once per entity; its first such entry is reported.
pub const fn stored<T: Table>(
    attribute: &'static str,
    field: &'static str,
) -> (&'static str, &'static str) {
    let Some((index, role)) = key_attribute_of::<T>(attribute) else {
        return (attribute, field);
    };
    let mut message = if field.is_empty() {
        Message::new()
            .push("the entity-type attribute \"")
            .push(attribute)
            .push("\" is ")
    } else {
        Message::new()
            .push("field `")
            .push(field)
            .push("` is stored in attribute \"")
            .push(attribute)
            .push("\", ")
    };
    message = match index {
        Some(index) => message
            .push("the ")
            .push(role)
            .push(" of index `")
            .push(index)
            .push("`"),
        None => message.push("the table's ").push(role),
    };
    message = message.push(": dynakey writes key attributes from the key templates, so the value would be overwritten; ");
    message = if field.is_empty() {
        message.push(
            "name the entity-type attribute differently, e.g. #[dynakey(entity_type = \"_type\")]",
        )
    } else {
        message.push("store the field under another attribute name: rename it, or name its attribute with #[serde(rename = \"…\")]")
    };
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
    if is_listed::<T>(name) {
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

/// `true` when table `T` lists the entity named `name`, or lists no entities.
const fn is_listed<T: Table>(name: &str) -> bool {
    let entities = T::ENTITIES;
    let mut i = 0;
    while i < entities.len() {
        if str_eq(entities[i].name, name) {
            return true;
        }
        i += 1;
    }
    entities.is_empty()
}

/// [`check_listed`] of a child entity (`#[dynakey(parent = P)]`, named `parent`), whose table is
/// its parent's.
pub const fn check_child_listed<T: Table>(name: &str, ident: &str, parent: &str) {
    if is_listed::<T>(name) {
        return;
    }
    let message = Message::new()
        .push("child entity `")
        .push(ident)
        .push("` is in the table of its parent `")
        .push(parent)
        .push("`, whose enum does not list it, so the table's key-overlap checks and its reads never see it: add the variant `")
        .push(ident)
        .push("(")
        .push(ident)
        .push(")` to the table enum, or write #[dynakey(parent = ")
        .push(parent)
        .push(", unlisted)] for an entity deliberately outside the list");
    panic!("{}", message.as_str())
}

/// What an entity of table `T` writes from templates, each `(index, partition, sort)`: first its
/// table keys (`index` `""`), then each template index by its marker type's name; a template not
/// given (or not comparable as text: a sharded partition key) is `""`. The position of the first
/// entry one of whose templates writes an attribute that an earlier template writes too, with
/// other text — an index over the table's own key attributes (an inverted index) whose template
/// is not the table's, two indexes over one attribute with different templates — or
/// `writes.len()` when none does: one attribute holds one value, so a put would fail
/// (`Error::KeyTemplateConflict`). An index `T` does not declare, or an attribute-wise one, is
/// passed over (its own check reports it).
///
/// Generated code matches the position to one arm per index, spanned at its `#[index(…)]`, which
/// calls [`fail_template_conflict`].
pub const fn template_conflict<T: DerivedTable>(writes: &[(&str, &str, &str)]) -> usize {
    let mut at = 1;
    while at < writes.len() {
        if conflict_of::<T>(writes, at).is_some() {
            return at;
        }
        at += 1;
    }
    writes.len()
}

/// Fails the build for entity `entity` (its Rust name) at the first entry
/// [`template_conflict`] finds: names the attribute, both templates, and the fix.
pub const fn fail_template_conflict<T: DerivedTable>(entity: &str, writes: &[(&str, &str, &str)]) {
    let at = template_conflict::<T>(writes);
    let Some(Conflict {
        attribute,
        text,
        earlier,
        earlier_sort,
        earlier_text,
    }) = conflict_of::<T>(writes, at)
    else {
        return;
    };
    let mut message = Message::new()
        .push("entity `")
        .push(entity)
        .push("`: #[index(")
        .push(writes[at].0)
        .push(", …)] writes attribute \"")
        .push(attribute)
        .push("\" from template \"")
        .push(text)
        .push("\", but ");
    message = if earlier == 0 {
        message.push(if earlier_sort {
            "the #[sk]"
        } else {
            "the #[pk]"
        })
    } else {
        message
            .push("#[index(")
            .push(writes[earlier].0)
            .push(if earlier_sort {
                ", …)]'s sk"
            } else {
                ", …)]'s pk"
            })
    };
    message = message
        .push(" template \"")
        .push(earlier_text)
        .push("\" writes it too, so a put would fail (one attribute holds one value): give both the same template, or declare the index over attributes of its own");
    panic!("{}", message.as_str())
}

/// Where entry `at` of [`template_conflict`]'s list writes an attribute an earlier entry writes
/// with other text: the attribute, entry `at`'s template, the earlier entry, whether it is that
/// entry's sort template, and its text.
struct Conflict<'a> {
    attribute: &'static str,
    text: &'a str,
    earlier: usize,
    earlier_sort: bool,
    earlier_text: &'a str,
}

const fn conflict_of<'a, T: DerivedTable>(
    writes: &[(&'a str, &'a str, &'a str)],
    at: usize,
) -> Option<Conflict<'a>> {
    if at >= writes.len() {
        return None;
    }
    let mut earlier = 0;
    while earlier < at {
        // Each pair of templates, entry `at`'s (mine) against the earlier entry's (theirs):
        // 0 is the partition template, 1 the sort template.
        let mut pair = 0;
        while pair < 4 {
            let (attribute, text) = template_of::<T>(writes[at], pair / 2 == 1);
            let earlier_sort = pair % 2 == 1;
            let (theirs, earlier_text) = template_of::<T>(writes[earlier], earlier_sort);
            if let (Some(attribute), Some(theirs)) = (attribute, theirs) {
                if str_eq(attribute, theirs) && !str_eq(text, earlier_text) {
                    return Some(Conflict {
                        attribute,
                        text,
                        earlier,
                        earlier_sort,
                        earlier_text,
                    });
                }
            }
            pair += 1;
        }
        earlier += 1;
    }
    None
}

/// The attribute entry `entry` writes with its sort (`sort`) or partition template, and that
/// template's text.
const fn template_of<'a, T: DerivedTable>(
    entry: (&'a str, &'a str, &'a str),
    sort: bool,
) -> (Option<&'static str>, &'a str) {
    let (partition_attribute, sort_attribute) = written::<T>(entry);
    match sort {
        true => (sort_attribute, entry.2),
        false => (partition_attribute, entry.1),
    }
}

/// The attributes entry `entry` of [`template_conflict`]'s list writes, `(partition, sort)`: each
/// `None` when its template is not given, or the entry is an index `T` does not declare or an
/// attribute-wise one.
const fn written<T: DerivedTable>(
    entry: (&str, &str, &str),
) -> (Option<&'static str>, Option<&'static str>) {
    let (index, partition, sort) = entry;
    let (partition_key, sort_key) = if index.is_empty() {
        (Some(T::PARTITION_KEY), T::SORT_KEY)
    } else {
        let mut found = (None, None);
        let mut i = 0;
        while i < T::INDEX_TYPES.len() && i < T::INDEXES.len() {
            let def = &T::INDEXES[i];
            if str_eq(T::INDEX_TYPES[i], index) && !def.is_attribute_wise() {
                found = (Some(def.partition_key()), def.sort_key());
            }
            i += 1;
        }
        found
    };
    (
        if partition.is_empty() {
            None
        } else {
            partition_key
        },
        if sort.is_empty() { None } else { sort_key },
    )
}
