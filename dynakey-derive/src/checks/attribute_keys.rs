//! Checks of attribute-wise index declarations (issue 14): a GSI key of 1 to 4 attributes, known
//! attribute types, `entity_type(…)` only as a GSI's first partition attribute, no list on an
//! LSI, each attribute once per index, and one type per attribute name across the table
//! (DynamoDB's `AttributeDefinitions` define each attribute once).

use syn::LitStr;

use crate::checks::attribute_name;
use crate::ctxt::Ctxt;
use crate::grammar::attribute_key::{AttrDecl, KeyDecl};
use crate::grammar::index::IndexKind;
use crate::model::table::{AttrType, Table, TableIndex};

/// DynamoDB's limit of partition (and of sort) attributes of one GSI key (AWS developer guide,
/// "Multi-attribute keys pattern").
const MAX_KEY_ATTRIBUTES: usize = 4;

/// The rules inside one attribute-wise `#[gsi]`/`#[lsi]`.
pub fn index(cx: &Ctxt, index: &TableIndex) {
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
