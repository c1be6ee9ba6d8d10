//! The expansion of a child entity (`#[dynakey(parent = P)]`, docs/semantics.md §11): its keys
//! are made from its parent's key (the `#[parent]` field, a `dynakey::Key<P>`) and its own sort
//! key suffix. The parent's templates are read at build time from `P`'s `Entity` constants: the
//! child's sort-key template is joined there (`__private::join_parts`), and the rules that need
//! both (a parent with a sort key, not sharded, without a rolling key change) are checked there.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use crate::codegen::parts::Parts;
use crate::codegen::{
    handles, index, listed, managed, sort_key_order, stored_attributes, template,
};
use crate::model::child::Parent;
use crate::model::{Entity, Template};

pub fn expand(entity: &Entity<'_>, parent: &Parent) -> TokenStream {
    // The model guarantees the suffix template of a child.
    let Some(sk) = entity.sk.first() else {
        return TokenStream::new();
    };
    let ident = entity.ident;
    let table = &entity.table;
    let name = &entity.name;
    let path = &parent.path;
    let field = entity.field(parent.field).ident;
    let bounds = template::where_clause(entity);
    let markers = sort_key_order::markers_module(entity);
    let suffix = format_ident!("__SUFFIX");

    let mut parts = Parts::default();
    parts
        .methods
        .extend(template::const_item(entity, sk, &suffix));
    parts.methods.extend(key_fn(entity, parent, sk));
    parts.extend(index::entity(entity, &bounds, &markers));
    parts.extend(managed::expand(entity, &bounds));
    parts.inner.extend(stored_attributes::check(entity));
    parts
        .inner
        .extend(stored_attributes::template_conflicts(entity));
    parts.inner.extend(listed::check(entity));
    parts.methods.extend(handles::expand(entity));
    parts.inner.extend(handles::markers(entity));
    parts
        .entity_items
        .extend(crate::codegen::unique::entity_items(entity));

    let entity_type = entity.entity_type.as_ref().map(|attribute| {
        quote! {
            const ENTITY_TYPE_ATTRIBUTE: __dk::Option<&'static str> = __dk::Some(#attribute);
        }
    });
    let values = template::values(entity, sk, |f| quote!(&self.#f));
    let earlier_checks = (0..MAX_PARENT_SHAPES)
        .map(|i| quote!(__dk::listed_parent_shape_check::<#path, Self::Table>(#name, #i)));
    let listed_check = quote_spanned! {sk.lit.span()=>
        __dk::listed_check::<Self::Table>(#name, __dk::None) #(& #earlier_checks)*
    };
    let marker_names: Vec<syn::Ident> = sk
        .field_indices()
        .map(|i| entity.field(i).ident.clone())
        .chain(index::attribute_step_markers(entity))
        .collect();
    let marker_module = sort_key_order::markers(&markers, &marker_names);
    let attribute_shared = crate::codegen::attribute_index::shared(entity);
    // The parent is named at `parent = P`: a type that is not an entity is reported there.
    let parent_entity = quote_spanned!(path.span()=> <#path as ::dynakey::Entity>);
    let parent_parsed = quote_spanned!(path.span()=> <#path as ::dynakey::ParsedKeys>);
    let joined = joined(entity, path, sk);
    let Parts {
        outer,
        inner,
        methods,
        entity_items,
    } = parts;

    quote! {
        #outer

        const _: () = {
            use ::dynakey::__private as __dk;
            #marker_module
            #attribute_shared
            #inner
            #joined

            #[automatically_derived]
            impl ::dynakey::Entity for #ident #bounds {
                type Table = #table;
                type PartitionFields = #parent_entity::PartitionFields;
                const ENTITY_NAME: &'static str = #name;
                #entity_type
                const PARTITION_TEMPLATE: ::dynakey::KeyTemplate = #parent_entity::PARTITION_TEMPLATE;
                const SORT_TEMPLATE: __dk::Option<::dynakey::KeyTemplate> =
                    __dk::assert_table_with_sort_key::<Self>(__JOINED);
                const EARLIER_KEYS: &'static [::dynakey::EarlierKey] =
                    __dk::parent_shapes::<#path>(__EARLIER);
                const LISTED_CHECKED: bool = #listed_check;
                #entity_items

                #[inline]
                fn partition_key(&self) -> __dk::Result<__dk::String, __dk::KeyError> {
                    __dk::child_partition_key::<#path>(&self.#field)
                }

                #[inline]
                fn sort_key(&self) -> __dk::Result<__dk::Option<__dk::String>, __dk::KeyError> {
                    __dk::child_sort_key::<#path, _, _>(&self.#field, &Self::#suffix, &__JOINED, #values)
                        .map(__dk::Some)
                }
            }

            #[automatically_derived]
            impl ::dynakey::ParsedKeys for #ident #bounds {
                type PartitionKey = #parent_parsed::PartitionKey;
                type PartitionValues = #parent_parsed::PartitionValues;
                #[inline]
                fn partition_fields(values: Self::PartitionValues) -> Self::PartitionKey {
                    #parent_parsed::partition_fields(values)
                }
                type SortKey = ::dynakey::NoKeyFields;
                type SortValues = ::dynakey::NoKeyFields;
                #[inline]
                fn sort_fields(values: ::dynakey::NoKeyFields) -> ::dynakey::NoKeyFields {
                    values
                }
            }

            #[automatically_derived]
            impl ::dynakey::InTable<#table> for #ident #bounds {}

            impl #ident #bounds {
                #methods
            }
        };
    }
}

/// The joined sort-key templates: `__JOINED`, the parent's current sort-key template then the
/// suffix, and `__EARLIER`, each earlier shape of the parent (as many as the parent may have)
/// with the suffix.
fn joined(entity: &Entity<'_>, path: &syn::Path, sk: &Template) -> TokenStream {
    let span = path.span();
    let current = joined_template(entity, sk, quote!(__dk::parent_sort::<#path>()));
    let earlier = (0..MAX_PARENT_SHAPES).map(|i| {
        let sort = joined_template(entity, sk, quote!(__dk::parent_shape_sort::<#path>(#i)));
        quote! {
            __dk::earlier_key(__dk::parent_shape_partition::<#path>(#i), __dk::Some(#sort))
        }
    });
    quote_spanned! {span=>
        const _: () = __dk::assert_parent_keys::<#path>();
        const __JOINED: ::dynakey::KeyTemplate = #current;
        const __EARLIER: &[::dynakey::EarlierKey; __dk::MAX_PARENT_SHAPES] = &[#(#earlier),*];
    }
}

/// `__private::MAX_PARENT_SHAPES`: the earlier shapes of a parent its children follow.
const MAX_PARENT_SHAPES: usize = 4;

/// A block evaluating to the template `parent` (a `KeyTemplate` expression) joined with the
/// suffix `sk`.
fn joined_template(entity: &Entity<'_>, sk: &Template, parent: TokenStream) -> TokenStream {
    let ident = entity.ident;
    let text = sk.lit.value();
    quote! {{
        const PARENT: ::dynakey::KeyTemplate = #parent;
        const TEXT_LEN: usize = __dk::joined_text_len(&PARENT, #text);
        const TEXT_BYTES: &[u8] = &__dk::join_text::<TEXT_LEN>(&PARENT, #text);
        const TEXT: &str = __dk::text_of(TEXT_BYTES);
        const PARTS_LEN: usize = __dk::joined_len(&PARENT, #ident::__SUFFIX.template.parts());
        const PARTS: &[::dynakey::TemplatePart] = &__dk::join_parts::<PARTS_LEN>(
            &PARENT,
            #ident::__SUFFIX.template.parts(),
            TEXT,
        );
        __dk::child_template(TEXT, PARTS)
    }}
}

/// `pub fn key(parent: &Key<P>, <suffix fields>)` and `pub fn query_under(parent: &Key<P>)`.
fn key_fn(entity: &Entity<'_>, parent: &Parent, sk: &Template) -> TokenStream {
    let path = &parent.path;
    let field = entity.field(parent.field).ident;
    let params = template::params(entity, sk);
    let values = template::values(entity, sk, |f| quote!(&#f));
    let key_doc = format!(
        "The primary key of the [`{ident}`] under the parent key `{field}` (its partition key \
         is the parent's; its sort key `{}`, the parent's sort key then this entity's fields), for \
         GetItem, DeleteItem and friends.\n\n# Errors\nAny [`KeyError`](::dynakey::KeyError) of \
         the encoding rules: a terminator inside a value (the parent key's last value holding \
         the character after it in this template among them), an empty last segment, a key over \
         DynamoDB's byte limits.",
        parent.written.value(),
        ident = entity.ident,
    );
    let query_doc = format!(
        "A Query of the [`{ident}`] items under the parent key `{field}`: its partition, \
         `begins_with` the parent's sort key and this entity's literal after it. Encoding errors \
         are returned when the query is built.",
        ident = entity.ident,
    );
    quote! {
        #[doc = #key_doc]
        pub fn key(#field: &::dynakey::Key<#path>, #(#params),*) -> __dk::Result<::dynakey::Key<Self>, __dk::KeyError> {
            __dk::key(
                __dk::child_partition_key::<#path>(#field),
                __dk::child_sort_key::<#path, _, _>(#field, &Self::__SUFFIX, &__JOINED, #values),
            )
        }

        #[doc = #query_doc]
        pub fn query_under(#field: &::dynakey::Key<#path>) -> ::dynakey::KeyQuery<Self, ::dynakey::PrimaryIndex, ::dynakey::SortKeyRange> {
            __dk::query_under::<#path, Self>(#field, &Self::__SUFFIX.template, &__JOINED)
        }
    }
}
