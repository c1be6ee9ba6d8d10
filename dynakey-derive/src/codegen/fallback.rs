//! Minimal impls emitted when a derive fails (the `thiserror` pattern): the user sees the real
//! errors, not a cascade of "trait `Entity` is not implemented" wherever the type is used.
//!
//! Each takes what the earlier stages produced (never running them again); none is emitted for
//! a generic type, whose impl could not be written without its bounds.

use proc_macro2::TokenStream;
use quote::quote;
use syn::DeriveInput;

use crate::model::collection::Collection;

use crate::model::table::Table;

/// The `Entity` impl, both versioning markers, and (when the model was built) the field handles,
/// so code that uses the entity's handles shows no errors of its own either.
pub fn entity(input: &DeriveInput, model: Option<&crate::model::Entity<'_>>) -> TokenStream {
    if !input.generics.params.is_empty() {
        return TokenStream::new();
    }
    let ident = &input.ident;
    let name = ident.to_string();
    let handles = model.map(crate::codegen::handles::expand);
    let markers = model.map(crate::codegen::handles::markers);
    let attribute_indexes = model.map(crate::codegen::attribute_index::fallback);
    quote! {
        const _: () = {
            #[allow(unused_imports)]
            use ::dynakey::__private as __dk;
            #attribute_indexes
            #markers
            impl #ident {
                #handles
            }
            impl ::dynakey::Versioned for #ident {}
            impl ::dynakey::Unversioned for #ident {}
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

/// A `Table` impl (with both sort-key markers and the TTL marker, so no entity on it adds an
/// error) and a marker type
/// for each index declared, implementing every index trait, so that entities and queries naming
/// them show no errors of their own.
pub fn table(table: &Table<'_>) -> TokenStream {
    if !table.input.generics.params.is_empty() {
        return TokenStream::new();
    }
    let ident = table.ident;
    let vis = table.vis;
    let mut out = quote! {
        impl ::dynakey::Table for #ident {
            const PARTITION_KEY: &'static str = "PK";
            const SORT_KEY: ::core::option::Option<&'static str> = ::core::option::Option::Some("SK");
            const TTL_ATTRIBUTE: ::core::option::Option<&'static str> = ::core::option::Option::Some(::dynakey::__private::FALLBACK_TTL);
        }
        impl ::dynakey::TableWithSortKey for #ident {}
        impl ::dynakey::TableWithoutSortKey for #ident {}
        impl ::dynakey::TableWithTtl for #ident {}
    };
    if table.entities.is_some() {
        out.extend(crate::codegen::table_entities::fallback(table));
    }
    let mut declared: Vec<&syn::Ident> = Vec::new();
    for index in &table.indexes {
        let marker = &index.decl.ident;
        // A marker type declared twice (reported) is emitted once.
        if declared.contains(&marker) {
            continue;
        }
        declared.push(marker);
        out.extend(quote! {
            #vis struct #marker;
            impl ::dynakey::Index for #marker {
                type Table = #ident;
                const DEF: ::dynakey::IndexDef = ::dynakey::__private::FALLBACK_INDEX;
            }
            impl ::dynakey::ConsistentReadable for #marker {}
            impl ::dynakey::ProjectsAll for #marker {}
        });
    }
    out.extend(crate::codegen::index::lookup(table));
    out
}

/// A `Collection` impl (and `MemberOf` impls for the member types the model read) that lets code
/// using the collection type-check, so only the derive's own errors are shown.
pub fn collection(input: &DeriveInput, model: Option<&Collection<'_>>) -> TokenStream {
    if !input.generics.params.is_empty() {
        return TokenStream::new();
    }
    let ident = &input.ident;
    let name = ident.to_string();
    let members: Vec<&syn::Type> = model
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
            impl ::dynakey::Collection for #ident {
                type Table = #table;
                type PartitionFields = #fields;
                const NAME: &'static str = #name;
                const PARTITION_TEMPLATE: ::dynakey::KeyTemplate = ::dynakey::__private::FALLBACK_TEMPLATE;
                const MEMBERS: &'static [::dynakey::__private::collection::Member] = &[];
                type Slots = ();
                fn slots() -> Self::Slots {}
                fn push<D: ::dynakey::__private::collection::ItemDecoder>(
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
            #(impl ::dynakey::MemberOf<#ident> for #members {})*
        };
    }
}

/// A `KeySegment` impl, so that entities with a field of this enum show no errors of their own
/// (one mistake in the enum would otherwise be reported again at every such field).
pub fn segment_enum(input: &DeriveInput) -> TokenStream {
    if !input.generics.params.is_empty() || !matches!(input.data, syn::Data::Enum(_)) {
        return TokenStream::new();
    }
    let ident = &input.ident;
    quote! {
        impl ::dynakey::KeySegment for #ident {
            fn encode_segment(&self, _: &mut ::dynakey::__private::String) -> ::core::result::Result<(), ::dynakey::SegmentError> {
                ::core::unreachable!("the KeySegment derive failed to compile")
            }
            fn decode_segment(_: &str) -> ::core::result::Result<Self, ::dynakey::SegmentError> {
                ::core::unreachable!("the KeySegment derive failed to compile")
            }
        }
    }
}
