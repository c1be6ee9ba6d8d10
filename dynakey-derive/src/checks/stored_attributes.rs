//! An entity that names no table is on `DefaultTable`, whose key attributes are "PK" and "SK"
//! (and no index): nothing it stores beside its keys — a field serde writes, the entity-type
//! attribute — may be stored there (docs/semantics.md §1). Checked here, one error at each such
//! field, with no generated code; on a named table the generated code checks it
//! (`codegen::stored_attributes`), since only the table's type knows its key attributes.

use crate::ctxt::Ctxt;
use crate::model::Entity;

/// The key attributes of `DefaultTable`, with what each is.
const DEFAULT_TABLE_KEYS: [(&str, &str); 2] = [("PK", "partition key"), ("SK", "sort key")];

pub fn entity(cx: &Ctxt, entity: &Entity<'_>) {
    if entity.names_table {
        return;
    }
    let role = |attribute: &str| {
        DEFAULT_TABLE_KEYS
            .iter()
            .find(|(key, _)| *key == attribute)
            .map(|(_, role)| *role)
    };
    let overwritten =
        "dynakey writes key attributes from the key templates, so the value would be \
                       overwritten";
    for field in entity.fields.iter().filter(|f| f.serde.serialized()) {
        if let Some(role) = role(&field.attribute) {
            let span = field
                .serde
                .rename_span
                .unwrap_or_else(|| field.ident.span());
            cx.error_span(
                span,
                format!(
                    "entity `{}` stores field `{}` in attribute {:?} (the table's {role}: an \
                     entity without #[dynakey(table = …)] is on `DefaultTable`, PK and SK): \
                     {overwritten}; store the field under another attribute name: rename it, or \
                     name its attribute with #[serde(rename = \"…\")]",
                    entity.ident,
                    field.name(),
                    field.attribute,
                ),
            );
        }
    }
    if let Some(attribute) = &entity.entity_type {
        if let Some(role) = role(&attribute.value()) {
            cx.error_at(
                attribute,
                format!(
                    "entity `{}` stores its entity type in attribute {:?} (the table's {role}: an \
                     entity without #[dynakey(table = …)] is on `DefaultTable`, PK and SK): \
                     {overwritten}; name the entity-type attribute differently, e.g. \
                     #[dynakey(entity_type = \"_type\")]",
                    entity.ident,
                    attribute.value(),
                ),
            );
        }
    }
}
