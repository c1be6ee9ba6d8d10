//! Stage 3 of `#[derive(Table)]`: no generics, valid key attribute names, exactly one of
//! `sort_key` and `no_sort_key`, a sort key other than the partition key, then the
//! `#[gsi]`/`#[lsi]` declarations (`checks::index::table`).

use crate::checks::{attribute_name, index};
use crate::ctxt::Ctxt;
use crate::model::table::{AttrType, Table};

pub fn table(cx: &Ctxt, table: &Table<'_>) {
    if !table.input.generics.params.is_empty() {
        cx.error_at(
            &table.input.generics,
            "#[derive(Table)] does not support generic types",
        );
    }
    attribute_name(cx, &table.partition_key, "partition key", "");
    match (&table.written_sort_key, &table.no_sort_key) {
        (Some(sort), Some(flag)) => {
            cx.error_at(flag, "`no_sort_key` contradicts `sort_key`; keep one");
            cx.error_at(sort, "`sort_key` given here");
        }
        (None, None) if table.read_fully => cx.error_at(
            table.ident,
            format!(
                "table `{}` needs an explicit sort key: add `sort_key = \"SK\"` (the name of its \
                 sort-key attribute) to #[table(…)], or `no_sort_key` for a table whose primary \
                 key is its partition key alone (AWS developer guide, \"Core components of Amazon \
                 DynamoDB — Primary key\")",
                table.ident
            ),
        ),
        _ => {}
    }
    if let Some(sort) = &table.sort_key {
        attribute_name(cx, sort, "sort key", "");
        if sort.value() == table.partition_key.value() {
            cx.error_at(
                sort,
                "the sort key attribute must differ from the partition key attribute",
            );
        }
    }
    if let Some(ttl) = &table.ttl {
        attribute_name(cx, ttl, "TTL", ", e.g. \"expires_at\"");
        let keys = std::iter::once(&table.partition_key).chain(&table.sort_key);
        if let Some(key) = keys.into_iter().find(|k| k.value() == ttl.value()) {
            cx.error_at(
                ttl,
                format!(
                    "the TTL attribute {:?} is a key attribute of the table; TTL reads a Number of \
                     epoch seconds, key attributes here are strings: name another attribute",
                    key.value()
                ),
            );
        } else if let Some(index) = table.indexes.iter().find(|index| {
            index
                .partition_attrs()
                .iter()
                .chain(&index.sort_attrs())
                .any(|a| a.name.value() == ttl.value() && a.ty != AttrType::N)
        }) {
            cx.error_at(
                ttl,
                format!(
                    "the TTL attribute {:?} is a string key attribute of index `{}`; TTL reads a \
                     Number of epoch seconds, so items would never expire: name another \
                     attribute (an index over the expiry time declares it a Number: \
                     `{:?}: N`)",
                    ttl.value(),
                    index.name,
                    ttl.value()
                ),
            );
        }
    }
    index::table(cx, table);
    if let Some(entities) = &table.entities {
        listed(cx, table, entities);
    }
}

/// A table enum: one variant `Name(Entity)` per entity, at least one, each entity once. Whether a
/// variant's type is an entity of this table, and whether two entities' keys can be equal, need
/// the types: code generation emits those checks, spanned at the variant.
fn listed(cx: &Ctxt, table: &Table<'_>, entities: &[crate::model::table::Listed<'_>]) {
    if entities.is_empty() {
        cx.error_at(
            table.ident,
            format!(
                "table enum `{}` lists no entities: add one variant per entity, e.g. `Org(Org)`, \
                     or declare a table without a list as a unit struct (`struct {};`)",
                table.ident, table.ident
            ),
        );
    }
    if let Some(extra) = entities.get(64) {
        cx.error_at(
            extra.variant,
            "a table enum lists at most 64 entities; split the table or merge entities",
        );
    }
    for (i, listed) in entities.iter().enumerate() {
        let Some(ty) = listed.ty else {
            let name = &listed.variant.ident;
            cx.error_at(
                listed.variant,
                format!(
                    "a table enum lists each entity as a variant holding it: write variant `{name}` \
                     with one unnamed field, the entity type, e.g. `{name}({name})`"
                ),
            );
            continue;
        };
        let name = listed.type_name();
        if let Some(first) = entities[..i]
            .iter()
            .find(|other| other.ty.is_some() && other.type_name() == name)
        {
            cx.error_at(
                ty,
                format!(
                    "entity `{name}` is listed twice (variants `{}` and `{}`): a table lists each \
                     entity once; remove variant `{}`",
                    first.variant.ident, listed.variant.ident, listed.variant.ident
                ),
            );
        }
    }
}
