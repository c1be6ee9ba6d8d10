//! `#[derive(Table)]`: key attribute names from `#[table(…)]` into a `Table` impl; the index
//! marker types of `#[gsi]`/`#[lsi]` come from `codegen::index`.

use proc_macro2::TokenStream;
use quote::quote;
use syn::{DeriveInput, LitStr};

use crate::checks;
use crate::codegen::index;
use crate::ctxt::Ctxt;
use crate::grammar::attrs::TableAttrs;

/// DynamoDB attribute names of key attributes are 1 to 255 bytes (AWS developer guide, "Service,
/// account, and table quotas — Attribute names").
const MAX_KEY_NAME_BYTES: usize = 255;

fn check_name(cx: &Ctxt, lit: &LitStr, what: &str) {
    let name = lit.value();
    if name.is_empty() || name.len() > MAX_KEY_NAME_BYTES {
        cx.error_at(
            lit,
            format!("the {what} attribute name must be 1 to {MAX_KEY_NAME_BYTES} bytes"),
        );
    }
}

pub fn expand(cx: &Ctxt, input: &DeriveInput, attrs: TableAttrs) -> TokenStream {
    if !input.generics.params.is_empty() {
        cx.error_at(
            &input.generics,
            "#[derive(Table)] does not support generic types",
        );
    }
    let partition = attrs
        .partition_key
        .unwrap_or_else(|| LitStr::new("PK", input.ident.span()));
    check_name(cx, &partition, "partition key");
    if let (Some(sort), Some(flag)) = (&attrs.sort_key, &attrs.no_sort_key) {
        cx.error_at(flag, "`no_sort_key` contradicts `sort_key`; keep one");
        cx.error_at(sort, "`sort_key` given here");
    }
    let sort = match (&attrs.sort_key, &attrs.no_sort_key) {
        (_, Some(_)) => None,
        (Some(sort), None) => Some(sort.clone()),
        (None, None) => Some(LitStr::new("SK", input.ident.span())),
    };
    if let Some(sort) = &sort {
        check_name(cx, sort, "sort key");
        if sort.value() == partition.value() {
            cx.error_at(
                sort,
                "the sort key attribute must differ from the partition key attribute",
            );
        }
    }
    checks::index::table(cx, &partition, sort.as_ref(), &attrs.indexes);
    let (index_items, indexes_const) = index::table(input, &partition, &attrs.indexes);
    let ident = &input.ident;
    let (sort_const, marker) = match &sort {
        Some(sort) => (
            quote!(::core::option::Option::Some(#sort)),
            quote!(impl ::dynakey::TableWithSortKey for #ident {}),
        ),
        None => (
            quote!(::core::option::Option::None),
            quote!(impl ::dynakey::TableWithoutSortKey for #ident {}),
        ),
    };
    quote! {
        #[automatically_derived]
        impl ::dynakey::Table for #ident {
            const PARTITION_KEY: &'static str = #partition;
            const SORT_KEY: ::core::option::Option<&'static str> = #sort_const;
            #indexes_const
        }
        #marker
        #index_items
    }
}
