//! `#[derive(Table)]`: key attribute names from `#[table(…)]` into a `Table` impl; the index
//! marker types of `#[gsi]`/`#[lsi]` come from `codegen::index`.

use proc_macro2::TokenStream;
use quote::quote;
use syn::DeriveInput;

use crate::codegen::index;
use crate::grammar::attrs::TableAttrs;

/// The `Table` impl; the declaration was checked by `checks::table`.
pub fn expand(input: &DeriveInput, attrs: &TableAttrs) -> TokenStream {
    let (partition, sort) = attrs.keys(&input.ident);
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
