//! `#[derive(Table)]` expansion: the `Table` impl and its sort-key marker trait; the index marker
//! types of `#[gsi]`/`#[lsi]` come from `codegen::index`.

use proc_macro2::TokenStream;
use quote::quote;

use crate::codegen::{index, table_entities};
use crate::model::table::Table;

/// The `Table` impl of a checked declaration.
pub fn expand(table: &Table<'_>) -> TokenStream {
    let (index_items, indexes_const) = index::table(table);
    let lookup = index::lookup(table);
    let ident = table.ident;
    let partition = &table.partition_key;
    let (sort_const, marker) = match &table.sort_key {
        Some(sort) => (
            quote!(::core::option::Option::Some(#sort)),
            quote!(impl ::dynakey::TableWithSortKey for #ident {}),
        ),
        None => (
            quote!(::core::option::Option::None),
            quote!(impl ::dynakey::TableWithoutSortKey for #ident {}),
        ),
    };
    let (ttl_const, ttl_marker) = match &table.ttl {
        Some(ttl) => (
            quote!(const TTL_ATTRIBUTE: ::core::option::Option<&'static str> = ::core::option::Option::Some(#ttl);),
            quote!(impl ::dynakey::TableWithTtl for #ident {}),
        ),
        None => (TokenStream::new(), TokenStream::new()),
    };
    // Emitted only when declared: the trait's default is `None`.
    let stream_const = table.stream.as_ref().map(|(view, word)| {
        let variant = syn::Ident::new(view.variant(), word.span());
        quote!(const STREAM: ::core::option::Option<::dynakey::__private::StreamViewType> = ::core::option::Option::Some(::dynakey::__private::StreamViewType::#variant);)
    });
    let (entities_const, entities) = match &table.entities {
        Some(listed) => (
            table_entities::entities_const(listed),
            table_entities::expand(table, listed),
        ),
        None => (TokenStream::new(), TokenStream::new()),
    };
    quote! {
        #[automatically_derived]
        impl ::dynakey::Table for #ident {
            const PARTITION_KEY: &'static str = #partition;
            const SORT_KEY: ::core::option::Option<&'static str> = #sort_const;
            #indexes_const
            #ttl_const
            #stream_const
            #entities_const
        }
        #entities
        #marker
        #ttl_marker
        #index_items
        #lookup
    }
}
