//! Stage 3 of `#[derive(Table)]`: no generics, valid key attribute names, not both `sort_key`
//! and `no_sort_key`, a sort key other than the partition key, then the `#[gsi]`/`#[lsi]`
//! declarations (`checks::index::table`).

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
    if let (Some(sort), Some(flag)) = (&table.written_sort_key, &table.no_sort_key) {
        cx.error_at(flag, "`no_sort_key` contradicts `sort_key`; keep one");
        cx.error_at(sort, "`sort_key` given here");
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
    index::table(cx, table);
}
