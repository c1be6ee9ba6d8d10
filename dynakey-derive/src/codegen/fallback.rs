//! Minimal impls emitted when a derive fails (the `thiserror` pattern): the user sees the real
//! errors, not a cascade of "trait `Entity` is not implemented" wherever the type is used.

use proc_macro2::TokenStream;
use quote::quote;
use syn::DeriveInput;

pub fn entity(input: &DeriveInput) -> TokenStream {
    if !input.generics.params.is_empty() {
        return TokenStream::new();
    }
    let ident = &input.ident;
    let name = ident.to_string();
    quote! {
        const _: () = {
            const __EMPTY: ::dynakey::KeyTemplate = ::dynakey::KeyTemplate {
                text: "",
                role: ::dynakey::KeyRole::Partition,
                parts: &[],
            };
            impl ::dynakey::Entity for #ident {
                type Table = ::dynakey::DefaultTable;
                const ENTITY_NAME: &'static str = #name;
                const PARTITION_TEMPLATE: ::dynakey::KeyTemplate = __EMPTY;
                const SORT_TEMPLATE: ::core::option::Option<::dynakey::KeyTemplate> = ::core::option::Option::None;
                fn partition_key(&self) -> ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError> {
                    ::core::unreachable!("the Entity derive failed to compile")
                }
                fn sort_key(&self) -> ::core::result::Result<::core::option::Option<::dynakey::__private::String>, ::dynakey::KeyError> {
                    ::core::unreachable!("the Entity derive failed to compile")
                }
            }
        };
    }
}

pub fn table(input: &DeriveInput) -> TokenStream {
    if !input.generics.params.is_empty() {
        return TokenStream::new();
    }
    let ident = &input.ident;
    quote! {
        impl ::dynakey::Table for #ident {
            const PARTITION_KEY: &'static str = "PK";
            const SORT_KEY: ::core::option::Option<&'static str> = ::core::option::Option::Some("SK");
        }
        impl ::dynakey::TableWithSortKey for #ident {}
        impl ::dynakey::TableWithoutSortKey for #ident {}
    }
}
