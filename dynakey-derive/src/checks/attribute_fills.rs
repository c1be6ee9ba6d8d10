//! Macro-time checks of an entity's attribute-wise `#[index]` fills (issue 14): a
//! field fills one attribute of an index, `exclusive` only on an attribute-wise index. What needs
//! the table's declaration (counts, types, names, isolation) is emitted by
//! `codegen::attribute_index` as build-time checks.

use crate::ctxt::Ctxt;
use crate::model::index::{Fill, IndexTemplates};
use crate::model::Entity;

pub fn index(cx: &Ctxt, entity: &Entity<'_>, index: &IndexTemplates) {
    let name = index.name();
    let Some(fills) = &index.fills else {
        if let Some(exclusive) = &index.exclusive {
            cx.error_at(
                exclusive,
                format!(
                    "`exclusive` marks the only entity of an attribute-wise index (keys that are \
                     plain attribute values); #[index({name}, …)] is filled with templates, whose \
                     literals tell entities apart: remove `exclusive`"
                ),
            );
        }
        return;
    };
    let mut seen: Vec<usize> = Vec::new();
    for fill in fills.all() {
        let fields: Vec<usize> = match fill {
            Fill::Field { index, .. } => vec![*index],
            Fill::Template(template) => template.field_indices().collect(),
        };
        for field in fields {
            if seen.contains(&field) {
                cx.error_span(
                    fill.span(),
                    format!(
                        "field `{}` fills two attributes of index `{name}`; give each attribute \
                         its own field",
                        entity.field(field).name()
                    ),
                );
            }
            seen.push(field);
        }
    }
}
