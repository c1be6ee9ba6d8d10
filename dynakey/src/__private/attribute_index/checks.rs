//! The attribute each fill of an attribute-wise `#[index(…)]` fills (read from the index's `DEF`,
//! so a failed table derive adds no error), and the build-time checks of a fill against the
//! table's declaration, each a `const fn` that fails the build with one message
//! (`check_*`). Checks read `DEF` only, never a trait bound, so the fallback index of a failed
//! `#[derive(Table)]` passes every one of them (`is_fallback_index`).

use crate::attribute::{AttributeType, KeyAttribute};
use crate::error::KeyRole;
use crate::index::Fill;
use crate::table::{IndexDef, IndexKind, KeyAttr};
use crate::template::KeyTemplate;

use super::str_eq;
use crate::__private::{is_fallback_index, Message};

/// [`Fill::EntityType`].
pub const fn entity_type_fill() -> Fill {
    Fill::EntityType
}

/// [`Fill::Template`].
pub const fn template_fill(template: KeyTemplate) -> Fill {
    Fill::Template(template)
}

/// The declared attribute the `k`th fill of `role` fills: a GSI's partition fills start after
/// its entity-type attribute; an LSI's partition is the table's partition key.
const fn filled(def: &IndexDef, role: KeyRole, k: usize) -> Option<KeyAttr> {
    let (attrs, k) = match role {
        KeyRole::Partition => {
            let offset = match def.kind {
                IndexKind::Local => 0,
                IndexKind::Global => def.key.has_entity_type() as usize,
            };
            (def.key.partition(), k + offset)
        }
        KeyRole::Sort => (def.key.sort(), k),
    };
    if k < attrs.len() {
        Some(attrs[k])
    } else {
        None
    }
}

/// The name of the attribute the `k`th fill of `role` fills (`""` when there is none: the
/// build-time checks report that).
pub const fn fill_attribute(def: &IndexDef, role: KeyRole, k: usize) -> &'static str {
    match filled(def, role, k) {
        Some(attr) => attr.name,
        None => "",
    }
}

/// `TypeProbe::<T>::TYPE`: `Some` of `T`'s attribute type when `T` is a [`KeyAttribute`], `None`
/// otherwise (through [`NoAttributeType`], which generated code brings into scope), so the
/// build-time check of a native fill adds no error of its own for a field type the entity's
/// where clause already reports.
pub struct TypeProbe<T>(std::marker::PhantomData<T>);

impl<T: KeyAttribute> TypeProbe<T> {
    /// `T`'s attribute type.
    pub const TYPE: Option<AttributeType> = Some(super::attribute_type_of::<T>());
}

/// The fallback of [`TypeProbe`]: no attribute type.
pub trait NoAttributeType {
    /// None.
    const TYPE: Option<AttributeType> = None;
}

impl<T> NoAttributeType for TypeProbe<T> {}

/// Which entities fill an attribute-wise index: every entity `E` that fills index `I` emits
/// `impl IndexMember<E> for I {}`, and an `exclusive` one emits `impl<T> IndexMember<T> for I {}`,
/// so an exclusive entity beside any other entity of that index (exclusive or not) is E0119
/// ("conflicting implementations of trait `IndexMember<…>` for type `I`", the first
/// implementation at `exclusive`). The fix: give the other entity's index its own literal first
/// fill or an entity-type attribute, and drop `exclusive` (docs/semantics.md). An `exclusive`
/// entity needs the index type in its own crate (the orphan rule); a non-exclusive one does not.
pub trait IndexMember<E> {}

// ----- Build-time checks ------------------------------------------------------------------------

const fn role_word(role: KeyRole) -> &'static str {
    match role {
        KeyRole::Partition => "partition",
        KeyRole::Sort => "sort",
    }
}

const fn role_option(role: KeyRole) -> &'static str {
    match role {
        KeyRole::Partition => "pk",
        KeyRole::Sort => "sk",
    }
}

/// The partition count of `#[index(index, pk = […], sk = […])]` (`n_pk` fills; `pk_given`: a
/// `pk` is written) against the declaration: a GSI needs a fill for every partition attribute
/// but its entity-type one, an LSI takes none (the sort count is [`check_sort_fill_count`], at
/// `sk`). Too many fills are reported at the fill
/// ([`check_native_fill`], [`check_template_fill`]). Every check names the index by `def.name`.
pub const fn check_fill_counts(def: &IndexDef, pk_given: bool, n_pk: usize) {
    if is_fallback_index(def) {
        return;
    }
    let mut message = Message::new().push("index `").push(def.name);
    match def.kind {
        IndexKind::Local if pk_given => {
            message = message.push(
                "` is a local secondary index: its partition key is the table's (the entity's \
                 #[pk]), so #[index] takes no `pk`; remove it and keep `sk`",
            );
            panic!("{}", message.as_str())
        }
        IndexKind::Global => {
            let wanted = def.key.partition().len() - def.key.has_entity_type() as usize;
            if !pk_given || wanted > n_pk {
                message = message.push(if pk_given {
                    "` has more partition attributes than `pk` fills; a query gives every one: \
                     fill each (the entity_type(…) attribute is dynakey's, not listed)"
                } else {
                    "` is a global secondary index: #[index] needs `pk = […]`, one fill per \
                     partition attribute (`pk = []` when its only one is entity_type(…))"
                });
                panic!("{}", message.as_str())
            }
        }
        IndexKind::Local => {}
    }
}

/// The sort count of `#[index(index, …, sk = […])]` (`n_sk` fills) against the declaration,
/// reported at `sk`: every sort attribute is filled (an item missing one is not in the index).
pub const fn check_sort_fill_count(def: &IndexDef, n_sk: usize) {
    if is_fallback_index(def) {
        return;
    }
    if def.key.sort().len() > n_sk {
        let message = Message::new().push("index `").push(def.name).push(
            "` has more sort attributes than `sk` fills; DynamoDB leaves an item missing one out \
             of the index: fill every one",
        );
        panic!("{}", message.as_str())
    }
}

/// The isolation rule of a GSI (docs/semantics.md): its entity-type attribute agrees with the
/// entity's `entity_type` (`""` when it declares none), or, without one, `told_apart` holds (the
/// first fill starts with a literal, or the entity is `exclusive`).
pub const fn check_isolation(def: &IndexDef, entity_type: &str, told_apart: bool, entity: &str) {
    if is_fallback_index(def) || matches!(def.kind, IndexKind::Local) {
        return;
    }
    if def.key.has_entity_type() {
        let declared = match def.key.partition().first() {
            Some(attr) => attr.name,
            None => "",
        };
        if !str_eq(declared, entity_type) {
            let message = Message::new()
                .push("index `")
                .push(def.name)
                .push("` tells entities apart by \"")
                .push(declared)
                .push("\": declare #[dynakey(entity_type = \"")
                .push(declared)
                .push("\")] on `")
                .push(entity)
                .push("`");
            panic!("{}", message.as_str())
        }
    } else if !told_apart {
        panic!(
            "on a multi-attribute GSI, key values alone do not tell entities apart: declare the \
             index's first partition attribute entity_type(\"_type\") on the table and \
             #[dynakey(entity_type = \"_type\")] here, start the first fill with a literal \
             (\"MATCH#<tournament>\"), or mark this entity the index's only one with `exclusive`"
        )
    }
}

/// The attribute a fill fills, or the build fails: the index has fewer attributes of `role`.
const fn expect_attribute(def: &IndexDef, (role, k): (KeyRole, usize)) -> KeyAttr {
    match filled(def, role, k) {
        Some(attr) => attr,
        None => {
            let message = Message::new()
                .push("index `")
                .push(def.name)
                .push("` has fewer ")
                .push(role_word(role))
                .push(" attributes than `")
                .push(role_option(role))
                .push("` fills: remove this fill, or declare the attribute on the index");
            panic!("{}", message.as_str())
        }
    }
}

/// A native fill (field `field`, stored by serde as `attribute`, of type `ty`: `None` for a type
/// that is no key attribute, reported by the entity's where clause) is fill `slot` (`pk(k)` or
/// `sk(k)`): the index has that attribute, of type `ty`, named `attribute`.
pub const fn check_native_fill(
    def: &IndexDef,
    slot: (KeyRole, usize),
    ty: Option<AttributeType>,
    field: &str,
    attribute: &str,
) {
    if is_fallback_index(def) {
        return;
    }
    let declared = expect_attribute(def, slot);
    let Some(ty) = ty else { return };
    if declared.ty as u8 != ty as u8 {
        let message = Message::new()
            .push("field `")
            .push(field)
            .push("` is stored as ")
            .push(ty.as_str())
            .push(", the index declares \"")
            .push(declared.name)
            .push("\" ")
            .push(declared.ty.as_str())
            .push(": a native fill keeps the field's own type (integers and floats N, strings S, dynakey::KeyBytes B); change the field's type or the attribute's");
        panic!("{}", message.as_str())
    }
    if !str_eq(declared.name, attribute) {
        let message = Message::new()
            .push("field `")
            .push(field)
            .push("` is stored as \"")
            .push(attribute)
            .push("\", the index attribute is \"")
            .push(declared.name)
            .push("\": a field fills the attribute serde stores it under; fill it with the field serde stores under that name (#[serde(rename = …)]), or with a template");
        panic!("{}", message.as_str())
    }
}

/// A template fill (`text`) is fill `slot` (`pk(k)` or `sk(k)`): the index has that attribute, of type S,
/// and no field of the entity is stored under its name (`fields`: each serialised field's
/// attribute and name). dynakey writes the template's key into that attribute, so a field serde
/// stored there would collide on every write (and reads would lose it).
pub const fn check_template_fill(
    def: &IndexDef,
    slot: (KeyRole, usize),
    text: &str,
    fields: &[(&str, &str)],
) {
    if is_fallback_index(def) {
        return;
    }
    let declared = expect_attribute(def, slot);

    if !matches!(declared.ty, AttributeType::S) {
        let message = Message::new()
            .push("the template \"")
            .push(text)
            .push("\" is stored as S, but index `")
            .push(def.name)
            .push("` declares \"")
            .push(declared.name)
            .push("\" ")
            .push(declared.ty.as_str())
            .push(": fill an N/B attribute with a numeric/bytes field (a bare field name)");
        panic!("{}", message.as_str())
    }
    let mut i = 0;
    while i < fields.len() {
        let (attribute, field) = fields[i];
        if str_eq(attribute, declared.name) {
            let message = Message::new()
                .push("the template \"")
                .push(text)
                .push("\" fills index attribute \"")
                .push(declared.name);
            let message = if field.is_empty() {
                // The entity-type attribute (`__STORED`'s entry with no field).
                message
                    .push("\", the entity's entity-type attribute: dynakey writes both there; name the index attribute otherwise (e.g. \"")
                    .push(declared.name)
                    .push("_key\"), or the entity-type attribute")
            } else {
                message
                    .push("\", where serde also stores field `")
                    .push(field)
                    .push("`: dynakey writes the key there, so every write would collide; name the index attribute otherwise (e.g. \"")
                    .push(declared.name)
                    .push("_key\"), rename the field (#[serde(rename = …)]), or fill the attribute with the field itself (`")
                    .push(field)
                    .push("`)")
            };
            panic!("{}", message.as_str())
        }
        i += 1;
    }
}
