//! `#[derive(Collection)]` expansion: the `Collection` impl, `MemberOf` impls, and the build-time
//! checks that need the member types, each spanned at the offending member:
//!
//! - every member is an `Entity` (the `MemberOf` impl requires it);
//! - every member is on the first member's table and has its partition-key field types (trait
//!   bounds whose messages name both members);
//! - every member is sharded like the first member (`Entity::SHARDING`: both unsharded, or over
//!   the same number of shards);
//! - every member has the first member's partition-key literals, and a sort-key template, and no
//!   key belongs to two members: identical sort-key templates, or overlapping ones whose fields
//!   take any text (`const` assertions over the members' `KeyTemplate`s, see
//!   `dynakey::collection::overlap`; their panic messages name both members and templates).
//!
//! Sort-key templates whose overlap depends on the segment values are checked per key at run time
//! by `dynakey::collection::Matcher`.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use crate::grammar::collection::Cardinality;
use crate::model::collection::{Collection, Member};

pub fn expand(collection: &Collection<'_>) -> TokenStream {
    let Some(first) = collection.members.first() else {
        return TokenStream::new();
    };
    let ident = collection.ident;
    let name = ident.to_string();
    let first_ty = first.entity;

    let consts: Vec<syn::Ident> = (0..collection.members.len())
        .map(|i| format_ident!("__DYNAKEY_MEMBER_{}", i))
        .collect();
    let member_consts = collection.members.iter().zip(&consts).map(|(member, c)| {
        let ty = member.entity;
        let field = member.ident.to_string();
        let cardinality = cardinality(member.cardinality);
        // Projections passed to `__private::member` rather than `Member::of::<T>`: a member that
        // is not an entity is then reported once (identical diagnostics are merged), without a
        // second error for a generic bound.
        quote_spanned! {ty.span()=>
            const #c: ::dynakey::__private::collection::Member = ::dynakey::__private::member_shapes(
                ::dynakey::__private::member(
                    #field,
                    <#ty as ::dynakey::Entity>::ENTITY_NAME,
                    #cardinality,
                    <#ty as ::dynakey::Entity>::SORT_TEMPLATE,
                    <#ty as ::dynakey::Entity>::ENTITY_TYPE_ATTRIBUTE,
                    <#ty as ::dynakey::Entity>::matches_sort_key,
                ),
                <#ty as ::dynakey::Entity>::reads_shape,
                <#ty as ::dynakey::Entity>::KEY_CHANGE,
            );
        }
    });
    let slot_types = collection.members.iter().map(|member| {
        let ty = member.entity;
        quote!(::dynakey::__private::collection::Slot<#ty>)
    });
    let new_slots = collection
        .members
        .iter()
        .map(|_| quote!(::core::default::Default::default()));
    let push_arms = collection.members.iter().enumerate().map(|(i, member)| {
        let ty = member.entity;
        let index = syn::Index::from(i);
        quote_spanned! {ty.span()=>
            #i => slots.#index.push(::dynakey::__private::collection::ItemDecoder::decode::<#ty>(decoder, sort_key, item)?),
        }
    });
    let finish_fields =
        collection
            .members
            .iter()
            .zip(&consts)
            .enumerate()
            .map(|(i, (member, c))| {
                let field = member.ident;
                let index = syn::Index::from(i);
                match member.cardinality {
                    Cardinality::One => quote!(#field: slots.#index.one(#name, &#c)?),
                    Cardinality::Optional => quote!(#field: slots.#index.optional(#name, &#c)?),
                    Cardinality::Many => quote!(#field: slots.#index.many()),
                }
            });
    let member_of = unique_members(collection).into_iter().map(|member| {
        let ty = member.entity;
        quote_spanned! {ty.span()=>
            #[automatically_derived]
            impl ::dynakey::MemberOf<#ident> for #ty {}
        }
    });
    let checks = checks(collection, &consts);

    quote! {
        const _: () = {
            #(#member_consts)*

            #[automatically_derived]
            impl ::dynakey::Collection for #ident {
                type Table = <#first_ty as ::dynakey::Entity>::Table;
                type PartitionFields = <#first_ty as ::dynakey::Entity>::PartitionFields;
                const NAME: &'static str = #name;
                const PARTITION_TEMPLATE: ::dynakey::KeyTemplate =
                    <#first_ty as ::dynakey::Entity>::PARTITION_TEMPLATE;
                const MEMBERS: &'static [::dynakey::__private::collection::Member] = &[#(#consts),*];
                type Slots = (#(#slot_types,)*);

                fn slots() -> Self::Slots {
                    (#(#new_slots,)*)
                }

                #[inline]
                fn push<D: ::dynakey::__private::collection::ItemDecoder>(
                    slots: &mut Self::Slots,
                    member: usize,
                    sort_key: &str,
                    item: D::Item,
                    decoder: &mut D,
                ) -> ::core::result::Result<(), D::Error> {
                    match member {
                        #(#push_arms)*
                        _ => {}
                    }
                    ::core::result::Result::Ok(())
                }

                fn finish(slots: Self::Slots) -> ::core::result::Result<Self, ::dynakey::CollectionError> {
                    ::core::result::Result::Ok(#ident { #(#finish_fields,)* })
                }
            }

            #(#member_of)*

            #checks
        };
    }
}

fn cardinality(cardinality: Cardinality) -> TokenStream {
    match cardinality {
        Cardinality::One => quote!(::dynakey::__private::Cardinality::One),
        Cardinality::Optional => quote!(::dynakey::__private::Cardinality::Optional),
        Cardinality::Many => quote!(::dynakey::__private::Cardinality::Many),
    }
}

/// Members with distinct entity types (the checks report duplicates; this keeps the `MemberOf`
/// impls from conflicting in the fallback too).
pub fn unique_members<'a, 'b>(collection: &'b Collection<'a>) -> Vec<&'b Member<'a>> {
    let mut seen: Vec<String> = Vec::new();
    let mut out = Vec::new();
    for member in &collection.members {
        let name = member.type_name();
        if !seen.contains(&name) {
            seen.push(name);
            out.push(member);
        }
    }
    out
}

/// A build-time check that `member` is sharded like `first` (both unsharded, or both over the same
/// number of shards): otherwise their items live in different partitions and one Query never
/// reads both.
fn sharding_check(name: &str, first: &Member<'_>, member: &Member<'_>) -> TokenStream {
    let (first_ty, ty) = (first.entity, member.entity);
    let message = format!(
        "collection `{name}`: members {} and {} have different partition-key sharding \
         (#[pk(\"…\", shards = N, shard_by = \"…\")] on one and not the other, or other shard \
         counts), so their items are in different partitions and no single Query reads both; \
         give both the same `shards`, or neither (a sharded collection is read one shard at a \
         time, with `query_shard`)",
        describe(first),
        describe(member)
    );
    quote_spanned! {ty.span()=>
        const _: () = if !::dynakey::__private::is_fallback(&<#first_ty as ::dynakey::Entity>::PARTITION_TEMPLATE)
            && !::dynakey::__private::is_fallback(&<#ty as ::dynakey::Entity>::PARTITION_TEMPLATE)
            && !::dynakey::__private::same_sharding(
                <#first_ty as ::dynakey::Entity>::SHARDING,
                <#ty as ::dynakey::Entity>::SHARDING,
            )
        {
            ::core::panic!(#message)
        };
    }
}

/// The last fix of a sort-key overlap message.
const ENTITY_TYPE_FIX: &str = "or declare #[dynakey(entity_type = \"_type\")] on both entities so \
                               that attribute tells their items apart";

fn describe(member: &Member<'_>) -> String {
    format!("`{}` ({})", member.ident, member.type_name())
}

/// The build-time checks that need the member types.
fn checks(collection: &Collection<'_>, consts: &[syn::Ident]) -> TokenStream {
    let name = collection.ident.to_string();
    let mut out = TokenStream::new();
    let Some(first) = collection.members.first() else {
        return out;
    };
    let first_ty = first.entity;
    for (i, member) in collection.members.iter().enumerate() {
        let ty = member.entity;
        if i > 0 {
            let message = format!(
                "collection `{name}`: members {} and {} have different partition-key templates; the \
                 members of a collection share one partition, so they need the same partition-key \
                 literals (e.g. #[pk(\"WS#<workspace>\")] on both)",
                describe(first),
                describe(member)
            );
            out.extend(quote_spanned! {ty.span()=>
                const _: () = ::dynakey::__private::assert_same_table::<
                    <#ty as ::dynakey::Entity>::Table,
                    <#first_ty as ::dynakey::Entity>::Table,
                    #ty,
                    #first_ty,
                >();
                const _: () = ::dynakey::__private::assert_same_partition_fields::<
                    <#ty as ::dynakey::Entity>::PartitionFields,
                    <#first_ty as ::dynakey::Entity>::PartitionFields,
                    #ty,
                    #first_ty,
                >();
                const _: () = {
                    let first = &<#first_ty as ::dynakey::Entity>::PARTITION_TEMPLATE;
                    let this = &<#ty as ::dynakey::Entity>::PARTITION_TEMPLATE;
                    if !::dynakey::__private::is_fallback(first)
                        && !::dynakey::__private::is_fallback(this)
                        && !::dynakey::__private::same_literals(first, this)
                    {
                        ::core::panic!(#message)
                    }
                };
            });
            out.extend(sharding_check(&name, first, member));
        }
        let message = format!(
            "collection `{name}`: member {} has no sort-key template; a collection tells its members \
             apart by sort key, so each member needs #[sk(\"…\")]",
            describe(member)
        );
        out.extend(quote_spanned! {ty.span()=>
            const _: () = if <#ty as ::dynakey::Entity>::SORT_TEMPLATE.is_none()
                && !::dynakey::__private::is_fallback(&<#ty as ::dynakey::Entity>::PARTITION_TEMPLATE)
            {
                ::core::panic!(#message)
            };
        });
    }
    for (j, second) in collection.members.iter().enumerate() {
        for (i, first) in collection.members.iter().enumerate().take(j) {
            if first.type_name() == second.type_name() {
                continue; // reported by the checks stage
            }
            let (a, b) = (&consts[i], &consts[j]);
            let ty = second.entity;
            let members = format!(
                "collection `{name}`: members {} and {}",
                describe(first),
                describe(second)
            );
            let identical = format!(
                "{members} have identical sort-key templates, so every key of one is also a key \
                 of the other; give one a distinct literal prefix (e.g. #[sk(\"FILE#<path>\")]), \
                 {ENTITY_TYPE_FIX}"
            );
            let certain = format!(
                "{members} have overlapping sort-key templates: their fields take any text, so a \
                 key one of them writes can have the other's shape too, and a read could not tell \
                 which it is; give one a literal prefix the other cannot start with, end the \
                 shorter template with its delimiter so it cannot run into the other \
                 (\"PROJ#<id>#\", not \"PROJ#<id>\"), {ENTITY_TYPE_FIX}"
            );
            // Decided by `dynakey::collection::overlap`; a pair whose overlap depends on the
            // segment values is left to the run-time check.
            out.extend(quote_spanned! {ty.span()=>
                const _: () = match ::dynakey::__private::member_overlap(&#a, &#b) {
                    ::dynakey::__private::Overlap::Identical => ::core::panic!(#identical),
                    ::dynakey::__private::Overlap::Certain => ::core::panic!(#certain),
                    _ => {}
                };
            });
        }
    }
    out
}
