//! Checks of secondary-index declarations: `#[gsi]`/`#[lsi]` on a table (everything is known at
//! macro time) and `#[index]` on an entity (what needs the index's type — is it a GSI? does it
//! have a sort key? is it on the entity's table? — is emitted by codegen as spanned trait bounds).

use std::collections::BTreeSet;

use quote::ToTokens;

use crate::checks::attribute_name;
use crate::ctxt::Ctxt;
use crate::grammar::attribute_index::KeyDecl;
use crate::grammar::index::{IndexKind, ProjectionDecl};
use crate::model::table::{Table, TableIndex};
use crate::model::Entity;

/// DynamoDB's limit of local secondary indexes per table (AWS developer guide, "Service, account,
/// and table quotas — Secondary indexes").
const MAX_LSIS: usize = 5;
/// DynamoDB's limit on the `NonKeyAttributes` of all `INCLUDE` projections of a table, summed
/// (same quota page).
const MAX_PROJECTED_NON_KEY: usize = 100;

/// Index names are 3 to 255 characters of `a-z A-Z 0-9 _ - .` (AWS developer guide, "Supported
/// data types and naming rules — Naming rules").
fn valid_index_name(name: &str) -> bool {
    (3..=255).contains(&name.len())
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'))
}

/// The table's `#[gsi]`/`#[lsi]` declarations (a marker type declared twice was reported by the
/// grammar).
pub fn table(cx: &Ctxt, table: &Table<'_>) {
    let partition = &table.partition_key;
    let sort = table.sort_key.as_ref();
    let mut names: Vec<&TableIndex> = Vec::new();
    let mut projected: BTreeSet<String> = BTreeSet::new();
    let mut lsis = 0;
    for index in &table.indexes {
        let decl = &index.decl;
        let which = decl.kind.attribute();
        let ident = &decl.ident;
        let name = &index.name;
        if !valid_index_name(name) {
            cx.error_at(
                index.name_tokens(),
                format!(
                    "index name {name:?} is not a valid DynamoDB index name: 3 to 255 characters of \
                     a-z, A-Z, 0-9, `_`, `-` and `.`; set one with `name = \"…\"`"
                ),
            );
        }
        if let Some(first) = names.iter().find(|other| other.name == *name) {
            cx.error_at(
                index.name_tokens(),
                format!("two indexes are named {name:?}; index names are unique within a table"),
            );
            cx.error_at(
                &first.decl.ident,
                format!("first index named {name:?} declared here"),
            );
        }
        names.push(index);
        // One attribute written alone (typed or not): the name today's rules compare.
        match decl.kind {
            IndexKind::Global => match &decl.partition_key {
                Some(key) => {
                    if let Some(pk) = key.plain() {
                        attribute_name(cx, pk, "index partition key", "");
                        if let Some(sk) = single(decl.sort_key.as_ref()) {
                            if sk.value() == pk.value() {
                                cx.error_at(
                                    sk,
                                    "the index sort key attribute must differ from its partition key \
                                     attribute",
                                );
                            }
                        }
                    }
                }
                None => cx.error_at(
                    ident,
                    format!(
                        "#[{which}({ident}, …)] needs `partition_key = \"…\"`: a global secondary \
                         index has a partition key of its own, e.g. partition_key = \"GSI1PK\""
                    ),
                ),
            },
            IndexKind::Local => {
                lsis += 1;
                if let Some(pk) = &decl.partition_key {
                    cx.error_span(
                        pk.span(),
                        format!(
                            "a local secondary index uses the table's partition key ({:?}); \
                             remove `partition_key`, or declare a #[gsi] for another partition key",
                            partition.value()
                        ),
                    );
                }
                match sort {
                    None => cx.error_at(
                        ident,
                        "a local secondary index needs a table with a sort key (DynamoDB creates \
                         LSIs only on tables with a composite primary key); use #[gsi] instead",
                    ),
                    Some(table_sort) => match single(decl.sort_key.as_ref()) {
                        Some(sk) if sk.value() == table_sort.value() => cx.error_at(
                            sk,
                            "the sort key of a local secondary index must differ from the table's \
                             sort key; name another attribute",
                        ),
                        _ => {}
                    },
                }
                match (&decl.sort_key, single(decl.sort_key.as_ref())) {
                    (_, Some(sk)) if sk.value() == partition.value() => cx.error_at(
                        sk,
                        "the sort key of a local secondary index must differ from the table's \
                         partition key",
                    ),
                    (Some(_), _) => {}
                    (None, _) => cx.error_at(
                        ident,
                        format!(
                            "#[lsi({ident}, …)] needs `sort_key = \"…\"`: a local secondary index \
                             is the table's partition key with another sort key"
                        ),
                    ),
                }
            }
        }
        if let Some(sk) = decl.sort_key.as_ref().and_then(KeyDecl::plain) {
            attribute_name(cx, sk, "index sort key", "");
        }
        if index.attribute_wise {
            crate::checks::attribute_index::table_index(cx, index);
        }
        if let Some((ProjectionDecl::Include(attributes), span)) = &decl.projection {
            if attributes.is_empty() {
                cx.error_span(
                    *span,
                    "`include()` lists no attribute; name the non-key attributes to copy, e.g. \
                     include(\"name\", \"status\"), or use `keys_only`",
                );
            }
            let mut seen: Vec<String> = Vec::new();
            for attribute in attributes {
                attribute_name(cx, attribute, "projected", "");
                let value = attribute.value();
                if seen.contains(&value) {
                    cx.error_at(
                        attribute,
                        format!("attribute {value:?} is listed twice in `include(…)`"),
                    );
                }
                seen.push(value.clone());
                projected.insert(value);
            }
        }
    }
    crate::checks::attribute_index::types(cx, table);
    if lsis > MAX_LSIS {
        if let Some(sixth) = table
            .indexes
            .iter()
            .filter(|i| i.decl.kind == IndexKind::Local)
            .nth(MAX_LSIS)
        {
            cx.error_at(
                &sixth.decl.ident,
                format!(
                    "a table has at most {MAX_LSIS} local secondary indexes; this is the {lsis}th"
                ),
            );
        }
    }
    if projected.len() > MAX_PROJECTED_NON_KEY {
        if let Some(first) = table.indexes.first() {
            cx.error_at(
                &first.decl.ident,
                format!(
                    "the `include(…)` lists of this table name {} distinct attributes; DynamoDB \
                     allows at most {MAX_PROJECTED_NON_KEY} projected non-key attributes over all \
                     indexes of a table",
                    projected.len()
                ),
            );
        }
    }
}

/// An entity's `#[index(…)]` attributes.
pub fn entity(cx: &Ctxt, entity: &Entity<'_>) {
    let mut seen: Vec<(String, &syn::Path)> = Vec::new();
    for index in &entity.indexes {
        let path = &index.index;
        let key = path.to_token_stream().to_string();
        let snake = crate::model::index::snake_case(&index.name());
        let clash = seen.iter().find(|(other, other_path)| {
            *other != key && crate::model::index::snake_case(&last_name(other_path)) == snake
        });
        if let Some((other, _)) = clash {
            cx.error_at(
                path,
                format!(
                    "indexes `{other}` and `{key}` would both generate `query_{snake}` and \
                     `{snake}_sk`; the index types of one entity need distinct names"
                ),
            );
        }
        seen.push((key, path));
        if index.pk.is_none() && index.sk.is_none() && !index.is_attribute_wise() {
            cx.error_at(
                path,
                format!(
                    "#[index({}, …)] gives no template; add `pk = \"…\"` and `sk = \"…\"` for a \
                     global secondary index, `sk = \"…\"` for a local one",
                    index.name()
                ),
            );
        }
        for template in index.templates() {
            super::fields_used_once(cx, entity, template);
        }
        crate::checks::attribute_index::entity_index(cx, entity, index);
    }
}

fn last_name(path: &syn::Path) -> String {
    path.segments
        .last()
        .map(|s| s.ident.to_string())
        .unwrap_or_default()
}

/// The name of a key written as one attribute (typed or not): the one today's rules compare.
fn single(key: Option<&KeyDecl>) -> Option<&syn::LitStr> {
    key.and_then(KeyDecl::single)
}
