//! Minimal impls emitted when a derive fails (the `thiserror` pattern): the user sees the real
//! errors, not a cascade of "trait `Entity` is not implemented" wherever the type is used.

use proc_macro2::TokenStream;
use quote::quote;
use syn::DeriveInput;

use crate::ctxt::Ctxt;
use crate::model::collection as model;

pub fn entity(input: &DeriveInput) -> TokenStream {
    if !input.generics.params.is_empty() {
        return TokenStream::new();
    }
    let ident = &input.ident;
    let name = ident.to_string();
    quote! {
        const _: () = {
            impl ::dynakey::Entity for #ident {
                type Table = ::dynakey::DefaultTable;
                type PartitionFields = ();
                const ENTITY_NAME: &'static str = #name;
                const PARTITION_TEMPLATE: ::dynakey::KeyTemplate = ::dynakey::__private::FALLBACK_TEMPLATE;
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

/// A `Collection` impl (and `MemberOf` impls for the member types that could be read) that lets
/// code using the collection type-check, so only the derive's own errors are shown.
pub fn collection(input: &DeriveInput) -> TokenStream {
    if !input.generics.params.is_empty() {
        return TokenStream::new();
    }
    let ident = &input.ident;
    let name = ident.to_string();
    // Errors were reported already; this second reading only looks for member types.
    let cx = Ctxt::new();
    let members = model::collection(&cx, input);
    let _ = cx.check();
    let members: Vec<&syn::Type> = members
        .as_ref()
        .map(|c| {
            crate::codegen::collection::unique_members(c)
                .into_iter()
                .filter(|m| !crate::grammar::collection::is_container(m.entity))
                .map(|m| m.entity)
                .collect()
        })
        .unwrap_or_default();
    let (table, fields) = match members.first() {
        Some(first) => (
            quote!(<#first as ::dynakey::Entity>::Table),
            quote!(<#first as ::dynakey::Entity>::PartitionFields),
        ),
        None => (quote!(::dynakey::DefaultTable), quote!(())),
    };
    quote! {
        const _: () = {
            impl ::dynakey::collection::Collection for #ident {
                type Table = #table;
                type PartitionFields = #fields;
                const NAME: &'static str = #name;
                const PARTITION_TEMPLATE: ::dynakey::KeyTemplate = ::dynakey::__private::FALLBACK_TEMPLATE;
                const MEMBERS: &'static [::dynakey::collection::Member] = &[];
                type Slots = ();
                fn slots() -> Self::Slots {}
                fn push<D: ::dynakey::collection::ItemDecoder>(
                    _: &mut Self::Slots,
                    _: usize,
                    _: &str,
                    _: D::Item,
                    _: &mut D,
                ) -> ::core::result::Result<(), D::Error> {
                    ::core::result::Result::Ok(())
                }
                fn finish(_: Self::Slots) -> ::core::result::Result<Self, ::dynakey::CollectionError> {
                    ::core::unreachable!("the Collection derive failed to compile")
                }
            }
            #(impl ::dynakey::collection::MemberOf<#ident> for #members {})*
        };
    }
}
