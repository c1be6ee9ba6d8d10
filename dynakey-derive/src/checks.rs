//! Stage 3, checks: rules that span several attributes or fields. Every failure is pushed into the
//! context, so all mistakes are reported together.
//!
//! Rules that depend on other types (is this field type a key segment? does the table have a sort
//! key?) cannot be decided by a macro; code generation emits them as trait bounds spanned at the
//! offending tokens, so the compiler reports them there.

pub mod attribute_index;
pub mod child;
pub mod collection;
pub mod history;
pub mod index;
pub mod key_change;
pub mod managed;
pub mod segment_enum;
pub mod serde;
pub mod shard;
pub mod stored_attributes;
pub mod table;
pub mod unique;

use syn::LitStr;

use crate::ctxt::Ctxt;
use crate::model::{Entity, Template};

pub fn entity(cx: &Ctxt, entity: &Entity<'_>) {
    let generics = &entity.input.generics;
    if !generics.params.is_empty() {
        cx.error_at(generics, "#[derive(Entity)] does not support generic structs: key templates need concrete field types");
    }
    if entity.pk.is_empty() && !entity.pk_written && entity.declares_parent.is_none() {
        cx.error_at(
            entity.ident,
            "missing #[pk(\"…\")]: every entity needs a partition-key template, e.g. #[pk(\"WS#<workspace>\")]",
        );
    }
    child::entity(cx, entity);
    shard::entity(cx, entity);
    history::entity(cx, entity);
    key_change::entity(cx, entity);
    for template in entity
        .pk
        .iter()
        .chain(&entity.sk)
        .chain(entity.other_shapes().flat_map(|e| e.templates()))
    {
        fields_used_once(cx, entity, template);
        no_optional_fields(cx, entity, template);
    }
    index::entity(cx, entity);
    placeholder_counts(cx, entity);
    no_field_named_prefix(cx, entity);
    serde::entity(cx, entity);
    managed::entity(cx, entity);
    unique::entity(cx, entity);
    groups(cx, entity);
    if let Some(attribute) = &entity.entity_type {
        attribute_name(cx, attribute, "entity-type", ", e.g. \"_type\"");
        entity_type_is_no_field(cx, entity, attribute);
    }
    stored_attributes::entity(cx, entity);
}

/// Reports an entity-type attribute that a field is stored in too: every put would write the
/// entity name over the field's value (or the field's value over the name).
fn entity_type_is_no_field(cx: &Ctxt, entity: &Entity<'_>, attribute: &LitStr) {
    let name = attribute.value();
    if let Some(field) = entity
        .fields
        .iter()
        .find(|f| f.serde.serialized() && (f.attribute == name || f.attribute_read == name))
    {
        cx.error_at(
            attribute,
            format!(
                "the entity-type attribute {name:?} is also the attribute of field `{}`: every put \
                 would write the entity name over the field's value; name the entity-type \
                 attribute differently, e.g. \"_type\"",
                field.name()
            ),
        );
    }
}

/// The most placeholders a key template may have: the generated code encodes and parses a
/// template's fields as one tuple, whose impls the core writes up to this size.
const MAX_PLACEHOLDERS: usize = 16;

/// Reports a template (of `#[pk]`, `#[sk]`, an `#[index]` or a fill) with more placeholders than
/// [`MAX_PLACEHOLDERS`], at the template.
fn placeholder_counts(cx: &Ctxt, entity: &Entity<'_>) {
    for template in entity
        .pk
        .iter()
        .chain(&entity.sk)
        .chain(entity.other_shapes().flat_map(|e| e.templates()))
        .chain(entity.index_templates())
    {
        let count = template.field_indices().count();
        if count > MAX_PLACEHOLDERS {
            cx.error_at(
                &template.lit,
                format!(
                    "this key template has {count} placeholders; a template holds at most \
                     {MAX_PLACEHOLDERS}: join fields into one (a field of a type of your own that \
                     implements dynakey::KeySegment), or move some into the sort key"
                ),
            );
        }
    }
}

/// Reports a sort-key template (`#[sk]`, an `#[index]`'s `sk`) with a field named `prefix`: its
/// builder's method of that field would be the builder's own `prefix(…)` (a partial value of the
/// next field).
fn no_field_named_prefix(cx: &Ctxt, entity: &Entity<'_>) {
    let sort = entity
        .sk
        .iter()
        .chain(entity.indexes.iter().filter_map(|i| i.sk.as_ref()));
    for template in sort {
        for index in template.field_indices() {
            let field = entity.field(index);
            if field.name() == "prefix" {
                cx.error_at(
                    &template.lit,
                    format!(
                        "in key template {:?}: a sort-key field may not be named `prefix`, the \
                         name of its builder's `prefix(…)` (a partial value of the next field); \
                         rename the field and its placeholder (keys do not change; \
                         #[serde(rename = \"prefix\")] keeps the stored attribute name)",
                        template.lit.value()
                    ),
                );
            }
        }
    }
}

/// DynamoDB attribute names are 1 to 255 bytes when they are key attributes or projected (AWS
/// developer guide, "Service, account, and table quotas — Attribute names"); the entity-type
/// attribute is kept within the same bound.
const MAX_ATTRIBUTE_NAME_BYTES: usize = 255;

/// Reports an attribute name that is not 1 to [`MAX_ATTRIBUTE_NAME_BYTES`] bytes: "the {what}
/// attribute name must be 1 to 255 bytes", followed by `example` (empty, or e.g. `, e.g. "_type"`).
pub(crate) fn attribute_name(cx: &Ctxt, lit: &LitStr, what: &str, example: &str) {
    let name = lit.value();
    if name.is_empty() || name.len() > MAX_ATTRIBUTE_NAME_BYTES {
        cx.error_at(
            lit,
            format!(
                "the {what} attribute name must be 1 to {MAX_ATTRIBUTE_NAME_BYTES} bytes{example}"
            ),
        );
    }
}

fn fields_used_once(cx: &Ctxt, entity: &Entity<'_>, template: &Template) {
    let indices: Vec<usize> = template.field_indices().collect();
    for (i, index) in indices.iter().enumerate() {
        if indices[..i].contains(index) {
            cx.error_at(
                &template.lit,
                format!(
                    "in key template {:?}: field `{}` appears twice; decoding could read two different values for it",
                    template.lit.value(),
                    entity.field(*index).ident
                ),
            );
        }
    }
}

fn no_optional_fields(cx: &Ctxt, entity: &Entity<'_>, template: &Template) {
    for index in template.field_indices() {
        let field = entity.field(index);
        if field.is_optional() {
            cx.error_at(
                field.ty,
                format!(
                    "field `{}` is an Option but is used in key template {:?}: DynamoDB requires every \
                     key attribute on every item; use a non-optional type",
                    field.ident,
                    template.lit.value()
                ),
            );
        }
    }
}

/// The most fields an index group's setter takes (the tuple arities of `dynakey::field::GroupValues`).
const MAX_GROUP_FIELDS: usize = 8;

/// Index groups fit their setter, and their handle's name is free.
fn groups(cx: &Ctxt, entity: &Entity<'_>) {
    for group in &entity.groups {
        let Some(first) = group.indexes.first().map(|&i| &entity.indexes[i]) else {
            continue;
        };
        if group.fields.len() > MAX_GROUP_FIELDS {
            cx.error_at(
                &first.index,
                format!(
                    "the index templates of this entity tie {} non-key fields together ({}), more \
                     than the {MAX_GROUP_FIELDS} an update sets at once; use fewer fields in the \
                     index templates, or key fields",
                    group.fields.len(),
                    group
                        .fields
                        .iter()
                        .map(|&f| entity.field(f).name())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            );
        }
        if let Some(field) = entity
            .fields
            .iter()
            .find(|f| f.name().to_uppercase() == group.name)
        {
            cx.error_at(
                &first.index,
                format!(
                    "field `{}` and the update handle of this index would both be `{}::{}`; \
                     rename the field or the index type",
                    field.name(),
                    entity.ident,
                    group.name
                ),
            );
        }
    }
}
