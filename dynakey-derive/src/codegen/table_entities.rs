//! `#[derive(Table)]` on an enum: the table's list of entities (`Table::ENTITIES`), the
//! `TableItem` impl that decodes an item into its entity's variant, and the build-time checks that
//! need the entity types, each spanned at the offending variant:
//!
//! - every variant's type is an entity of this table (a bound whose message names both tables);
//! - every variant's entity checks its templates against the others' (`Entity::LISTED_CHECKED`);
//! - no two listed entities have one entity name.
//!
//! That no two listed entities can write equal keys is checked by `#[derive(Entity)]`, at each
//! entity's templates (`__private::listed_conflict_named`, in `Entity::LISTED_CHECKED`);
//! `LISTED_OVERLAPS` records the pairs whose overlap depends on the values, which reads check per
//! item.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use crate::model::table::{Listed, Table};

/// The `ENTITIES` const of the `Table` impl.
pub fn entities_const(entities: &[Listed<'_>]) -> TokenStream {
    let listed = entities.iter().filter_map(|l| l.ty).map(|ty| {
        quote_spanned! {ty.span()=> ::dynakey::__private::listed::<#ty>()}
    });
    let types: Vec<&syn::Type> = entities.iter().filter_map(|l| l.ty).collect();
    let masks = types.iter().enumerate().map(|(i, a)| {
        let bits = types
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(j, b)| {
                let j = j as u32;
                quote!((::dynakey::__private::may_share_key::<#a, #b>() as u64) << #j)
            });
        quote!(0u64 #(| #bits)*)
    });
    quote! {
        const ENTITIES: &'static [::dynakey::ListedEntity] = &[#(#listed),*];
        const LISTED_OVERLAPS: &'static [u64] = &[#(#masks),*];
    }
}

/// The `TableItem` impl and the checks.
pub fn expand(table: &Table<'_>, entities: &[Listed<'_>]) -> TokenStream {
    let ident = table.ident;
    let decode_arms = entities.iter().enumerate().map(|(i, listed)| {
        let (variant, ty) = (&listed.variant.ident, listed.ty);
        quote!(#i => <#ty as ::dynakey::__private::Deserialize>::deserialize(deserializer).map(#ident::#variant),)
    });
    let entity_arms = entities.iter().enumerate().map(|(i, listed)| {
        let variant = &listed.variant.ident;
        // Binding the entity (not `_`) counts as reading it: a table enum whose values are only
        // decoded, never matched, gets no dead-code warning for its variants.
        quote!(#ident::#variant(__dynakey_entity) => {
            let _ = __dynakey_entity;
            #i
        })
    });
    let mut checks = TokenStream::new();
    let table_name = ident.to_string();
    for (at, ty) in entities.iter().filter_map(|l| l.ty).enumerate() {
        let ty_name = quote!(#ty).to_string().replace(' ', "");
        checks.extend(quote_spanned! {ty.span()=>
            const _: () = ::dynakey::__private::assert_listed_in::<<#ty as ::dynakey::Entity>::Table, #ident, #ty>();
            const _: () = ::dynakey::__private::assert_listed_checked::<#ty>(<#ty as ::dynakey::Entity>::LISTED_CHECKED);
            const _: () = ::dynakey::__private::check_entity_name_repeated(<#ident as ::dynakey::Table>::ENTITIES, #at, #table_name, #ty_name);
        });
    }
    quote! {
        #[automatically_derived]
        impl ::dynakey::TableItem for #ident {
            fn decode<'de, D: ::dynakey::__private::Deserializer<'de>>(
                entity: usize,
                deserializer: D,
            ) -> ::core::result::Result<Self, D::Error> {
                match entity {
                    #(#decode_arms)*
                    _ => ::core::result::Result::Err(<D::Error as ::dynakey::__private::DeError>::custom(
                        "no such entity in the table's list",
                    )),
                }
            }

            fn entity(&self) -> usize {
                match self {
                    #(#entity_arms)*
                }
            }
        }
        #checks
    }
}

/// What a table enum with mistakes still gets, so that its uses do not add errors of their own.
pub fn fallback(table: &Table<'_>) -> TokenStream {
    let ident = table.ident;
    quote! {
        impl ::dynakey::TableItem for #ident {
            fn decode<'de, D: ::dynakey::__private::Deserializer<'de>>(
                _: usize,
                _: D,
            ) -> ::core::result::Result<Self, D::Error> {
                ::core::result::Result::Err(<D::Error as ::dynakey::__private::DeError>::custom(
                    "the table's declaration has errors",
                ))
            }

            fn entity(&self) -> usize {
                0
            }
        }
    }
}
