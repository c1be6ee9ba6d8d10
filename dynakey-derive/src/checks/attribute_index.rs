//! Macro-time checks of attribute-wise indexes (issue 14).
//!
//! The table's declarations (`table_index`, `types`): a GSI key of 1 to 4 attributes, known
//! attribute types, `entity_type(…)` only as a GSI's first partition attribute, no list on an
//! LSI, each attribute once per index, and one type per attribute name across the table
//! (DynamoDB's `AttributeDefinitions` define each attribute once).
//!
//! An entity's `#[index]` fills (`entity_index`): a field fills one attribute of an index,
//! `exclusive` only on an attribute-wise index. What needs the table's declaration (counts, types,
//! names, isolation) is emitted by `codegen::attribute_index` as build-time checks.

use syn::LitStr;

use crate::checks::attribute_name;
use crate::ctxt::Ctxt;
use crate::grammar::attribute_index::{AttrDecl, KeyDecl};
use crate::grammar::index::IndexKind;
use crate::model::index::{Fill, IndexTemplates};
use crate::model::table::{AttrType, Table, TableIndex};
use crate::model::Entity;

/// DynamoDB's limit of partition (and of sort) attributes of one GSI key (AWS developer guide,
/// "Multi-attribute keys pattern").
const MAX_KEY_ATTRIBUTES: usize = 4;

/// The rules inside one attribute-wise `#[gsi]`/`#[lsi]`.
pub fn table_index(cx: &Ctxt, index: &TableIndex) {
    let decl = &index.decl;
    let global = decl.kind == IndexKind::Global;
    let mut seen: Vec<String> = Vec::new();
    let keys = [("partition", &decl.partition_key), ("sort", &decl.sort_key)];
    for (role, key) in keys {
        let Some(key) = key else { continue };
        // An LSI's partition key was reported by `checks::index` already.
        if !global && role == "partition" {
            continue;
        }
        if let Some(bracket) = key.bracket {
            if !global {
                cx.error_span(
                    bracket,
                    "multi-attribute keys are for global secondary indexes; an LSI has one sort \
                     attribute (it may be typed: \"rank\": N)",
                );
            } else if key.attrs.is_empty() {
                cx.error_span(
                    bracket,
                    "list at least one attribute, e.g. [\"tournament\"]",
                );
            }
        }
        for (position, attr) in key.attrs.iter().enumerate() {
            if global && position == MAX_KEY_ATTRIBUTES {
                cx.error_at(
                    &attr.name,
                    format!(
                        "a GSI key has at most {MAX_KEY_ATTRIBUTES} {role} attributes (AWS \
                         developer guide, \"Multi-attribute keys pattern\"); remove this one"
                    ),
                );
            }
            attribute_name(cx, &attr.name, &format!("index {role} key"), "");
            attribute_type(cx, attr);
            if let Some(span) = attr.entity_type {
                if !(global && role == "partition" && position == 0) {
                    cx.error_span(
                        span,
                        "entity_type(…) is only the first partition attribute of a GSI",
                    );
                }
            }
            let name = attr.name.value();
            if seen.contains(&name) {
                cx.error_at(
                    &attr.name,
                    format!("attribute {name:?} is already a key attribute of this index"),
                );
            }
            seen.push(name);
        }
    }
}

fn attribute_type(cx: &Ctxt, attr: &AttrDecl) {
    if let Some(ty) = &attr.ty {
        if !matches!(ty.to_string().as_str(), "S" | "N" | "B") {
            cx.error_at(
                ty,
                format!("unknown attribute type `{ty}`; expected `S`, `N` or `B`"),
            );
        }
    }
}

/// Where an attribute name was first given a type.
struct Defined {
    name: String,
    ty: AttrType,
    /// `None` for the table's key, otherwise the index's position.
    index: Option<usize>,
}

/// One type per attribute name across the table: the table's keys are strings, template indexes'
/// attributes too.
pub fn types(cx: &Ctxt, table: &Table<'_>) {
    let mut defined: Vec<Defined> = std::iter::once(&table.partition_key)
        .chain(&table.sort_key)
        .map(|key| Defined {
            name: key.value(),
            ty: AttrType::S,
            index: None,
        })
        .collect();
    for (i, index) in table.indexes.iter().enumerate() {
        let decl = &index.decl;
        let partition = match decl.kind {
            IndexKind::Global => decl.partition_key.as_ref(),
            IndexKind::Local => None,
        };
        let attrs = partition
            .into_iter()
            .chain(&decl.sort_key)
            .flat_map(|key: &KeyDecl| &key.attrs);
        for attr in attrs {
            if attr
                .ty
                .as_ref()
                .is_some_and(|t| !matches!(t.to_string().as_str(), "S" | "N" | "B"))
            {
                continue;
            }
            let ty = AttrType::of(attr);
            let name = attr.name.value();
            match defined.iter().find(|d| d.name == name) {
                Some(first) if first.ty != ty && first.index != Some(i) => {
                    let place = match first.index {
                        None => "the table's key".to_owned(),
                        Some(at) => format!("`{}`", table.indexes[at].decl.ident),
                    };
                    conflict(cx, &attr.name, first.ty, &place, ty);
                }
                Some(_) => {}
                None => defined.push(Defined {
                    name,
                    ty,
                    index: Some(i),
                }),
            }
        }
    }
}

fn conflict(cx: &Ctxt, at: &LitStr, first: AttrType, place: &str, here: AttrType) {
    cx.error_span(
        at.span(),
        format!(
            "attribute {:?} is {} in {place} and {} here; DynamoDB defines each attribute once \
             (AttributeDefinitions)",
            at.value(),
            first.letter(),
            here.letter()
        ),
    );
}

/// The rules of one entity's attribute-wise `#[index(…)]`.
pub fn entity_index(cx: &Ctxt, entity: &Entity<'_>, index: &IndexTemplates) {
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
