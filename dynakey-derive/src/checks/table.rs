//! Stage 3 of `#[derive(Table)]`: no generics, valid key attribute names, exactly one of
//! `sort_key` and `no_sort_key`, a sort key other than the partition key, then the
//! `#[gsi]`/`#[lsi]` declarations (`checks::index::table`).

use crate::checks::{attribute_name, index};
use crate::ctxt::Ctxt;
use crate::model::table::Table;

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
        }
    }
    index::table(cx, table);
}
