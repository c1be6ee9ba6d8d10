//! The expansion of a child entity (`#[dynakey(parent = P)]`, docs/semantics.md §11): its keys
//! are made from its parent's key (the `#[parent]` field, a `dynakey::Key<P>`) and its own sort
//! key suffix. The parent's templates are read at build time from `P`'s `Entity` constants: the
//! child's sort-key templates (the current one and one per earlier shape of the parent) are
//! joined there (`__private::join_parts`), as is the one of the parent's rolling key change (its
//! other shape, `__JOINED_OTHER`), and the rules that need both (a parent with a sort key, not
//! sharded, whose key change keeps its key's fields) are checked there.
//!
//! Everything that names `P` is an item of an impl whose where clause says `P: Entity` (spanned
//! at `parent = P`), so a parent that is not an entity is one error there.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use crate::codegen::parts::Parts;
use crate::codegen::{sort_key_order, template};
use crate::model::child::Parent;
use crate::model::{Entity, Template};

/// `__private::MAX_PARENT_SHAPES`: the earlier shapes of a parent its children follow.
const MAX_PARENT_SHAPES: usize = 4;

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
    let bounds = bounds(entity, parent);
    let markers = sort_key_order::markers_module(entity);

    let mut parts = Parts::default();
    parts.methods.extend(suffix_const(entity, sk));
    parts.methods.extend(joined(entity, path, sk));
    parts.methods.extend(key_fns(entity, parent, sk));
    parts.extend(crate::codegen::entity::common(entity, &bounds, &markers));

    let values = template::values(entity, sk, |f| quote!(&self.#f));
    let earlier_checks = (0..MAX_PARENT_SHAPES).map(|i| {
        quote_spanned!(path.span()=> __dk::listed_parent_shape_check::<#path, Self::Table>(#name, #i))
    });
    let listed_check = quote_spanned! {sk.lit.span()=>
        __dk::listed_check::<Self::Table>(#name, __dk::None)
    };
    let marker_names = crate::codegen::entity::marker_names(entity);
    let marker_module = sort_key_order::markers(&markers, &marker_names);
    let attribute_shared = crate::codegen::attribute_index::shared(entity);
    let same_table = parent.table.as_ref().map(|table| {
        quote_spanned! {table.span()=>
            const _: () = __dk::assert_parent_table::<#table, <#path as ::dynakey::Entity>::Table>();
        }
    });
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
            #same_table

            #[automatically_derived]
            impl ::dynakey::Entity for #ident #bounds {
                type Table = #table;
                type PartitionFields = <#path as ::dynakey::Entity>::PartitionFields;
                const ENTITY_NAME: &'static str = #name;
                const PARTITION_TEMPLATE: ::dynakey::KeyTemplate =
                    <#path as ::dynakey::Entity>::PARTITION_TEMPLATE;
                // The parent's derive checked that the table has a sort key.
                const SORT_TEMPLATE: __dk::Option<::dynakey::KeyTemplate> =
                    __dk::Some(Self::__JOINED_0);
                const EARLIER_KEYS: &'static [::dynakey::EarlierKey] =
                    __dk::parent_shapes::<#path>(Self::__EARLIER);
                const LISTED_CHECKED: bool = #listed_check #(& #earlier_checks)*;
                const SHAPE: &'static str = Self::__SHAPE_ID.as_str();
                const KEY_CHANGE: __dk::Option<::dynakey::KeyChange> =
                    __dk::child_key_change::<#path>(Self::__JOINED_OTHER, Self::__OTHER_SHAPE_ID.as_str());
                #entity_items

                #[inline]
                fn partition_key(&self) -> __dk::Result<__dk::String, __dk::KeyError> {
                    __dk::child_partition_key::<#path>(
                        __dk::ParentKeyOf::<#path>::parent_key(&self.#field),
                    )
                }

                #[inline]
                fn sort_key(&self) -> __dk::Result<__dk::Option<__dk::String>, __dk::KeyError> {
                    __dk::child_sort_key::<#path, _, _>(
                        __dk::ParentKeyOf::<#path>::parent_key(&self.#field),
                        &Self::__SUFFIX,
                        &Self::__JOINED_0,
                        #values,
                    )
                    .map(__dk::Some)
                }

                #[allow(clippy::type_complexity)]
                fn other_shape_key(
                    &self,
                ) -> __dk::Result<__dk::Option<(__dk::String, __dk::Option<__dk::String>)>, __dk::KeyError> {
                    __dk::child_other_shape_key::<#path, _, _>(
                        __dk::ParentKeyOf::<#path>::parent_key(&self.#field),
                        &Self::__SUFFIX,
                        &Self::__JOINED_OTHER,
                        #values,
                    )
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

/// The entity's where clause (`template::where_clause`), with `P: Entity` spanned at
/// `parent = P`, and the `#[parent]` field's type a `Key<P>` (`__private::ParentKeyOf`) spanned at
/// that type: each mistake is one error at its token, nothing inside the impls adds another.
fn bounds(entity: &Entity<'_>, parent: &Parent) -> TokenStream {
    let ty = entity.field(parent.field).ty;
    let path = &parent.path;
    let is_entity = quote_spanned!(path.span()=> #path: ::dynakey::Entity);
    let key = quote_spanned!(ty.span()=> #ty: __dk::ParentKeyOf<#path>);
    let bounds = template::where_clause(entity);
    if bounds.is_empty() {
        quote!(where #is_entity, #key)
    } else {
        quote!(#bounds #is_entity, #key)
    }
}

/// `const __SUFFIX: __private::Template<(T, …)>`, the child's own template after the parent's
/// key (its text without the parent's placeholder).
fn suffix_const(entity: &Entity<'_>, sk: &Template) -> TokenStream {
    template::const_item(entity, sk, &format_ident!("__SUFFIX"))
}

/// The joined sort-key templates, associated constants of the child: `__JOINED_0`, the parent's
/// current sort-key template then the suffix, `__JOINED_<i>` the same for the parent's earlier
/// shape `i - 1` (an empty stand-in where the parent has none), `__JOINED_OTHER` for the other
/// shape of the parent's key change (an empty stand-in without one), the shape ids
/// `__SHAPE_ID` and `__OTHER_SHAPE_ID`, and `__EARLIER`, the earlier shapes they make.
fn joined(entity: &Entity<'_>, path: &syn::Path, sk: &Template) -> TokenStream {
    let text = sk.lit.value();
    let types = template::key_types(entity, sk);
    let mut out = TokenStream::new();
    // Spanned at `parent = P`: the build-time rules of the parent are reported there.
    let span = path.span();
    for i in 0..=MAX_PARENT_SHAPES {
        // The current template checks each segment's type, as a derived template does; earlier
        // shapes are checked by their shape.
        let constructor = match i {
            0 => quote!(__dk::typed_child_template::<#path, #types>),
            _ => quote!(__dk::child_template),
        };
        let sort = match i {
            0 => quote_spanned!(span=> __dk::parent_sort::<#path>()),
            _ => {
                let shape = i - 1;
                quote_spanned!(span=> __dk::parent_shape_sort::<#path>(#shape))
            }
        };
        out.extend(joined_one(&i.to_string(), &sort, &constructor, &text, span));
    }
    // The other shape of the parent's rolling key change (an empty stand-in without one).
    let other = quote_spanned!(span=> __dk::parent_other_sort::<#path>());
    out.extend(joined_one(
        "OTHER",
        &other,
        &quote!(__dk::child_template),
        &text,
        span,
    ));
    out.extend(quote_spanned! {span=>
        const __SHAPE_ID: &'static __dk::JoinedText =
            &__dk::child_shape_id(&<#path as ::dynakey::Entity>::PARTITION_TEMPLATE, &Self::__JOINED_0);
        const __OTHER_SHAPE_ID: &'static __dk::JoinedText =
            &__dk::child_shape_id(&__dk::parent_other_partition::<#path>(), &Self::__JOINED_OTHER);
    });
    let earlier = (1..=MAX_PARENT_SHAPES).map(|i| {
        let joined = format_ident!("__JOINED_{}", i);
        let shape = i - 1;
        quote! {
            __dk::earlier_key(__dk::parent_shape_partition::<#path>(#shape), __dk::Some(Self::#joined))
        }
    });
    out.extend(quote! {
        const __EARLIER: &'static [::dynakey::EarlierKey; __dk::MAX_PARENT_SHAPES] = &[#(#earlier),*];
    });
    out
}

/// The constants of one joined template `__JOINED_<suffix>`: the parent's template `sort`
/// (`__PARENT_<suffix>`), then the child's `text`, made by `constructor`.
fn joined_one(
    suffix: &str,
    sort: &TokenStream,
    constructor: &TokenStream,
    text: &str,
    span: proc_macro2::Span,
) -> TokenStream {
    let parent = format_ident!("__PARENT_{}", suffix);
    let joined_text = format_ident!("__TEXT_{}", suffix);
    let joined_parts = format_ident!("__PARTS_{}", suffix);
    let joined = format_ident!("__JOINED_{}", suffix);
    quote_spanned! {span=>
        const #parent: ::dynakey::KeyTemplate = #sort;
        const #joined_text: &'static __dk::JoinedText = &__dk::join_text(&Self::#parent, #text);
        const #joined_parts: &'static __dk::JoinedParts = &__dk::join_parts(
            &Self::#parent,
            Self::__SUFFIX.template.parts(),
            Self::#joined_text.as_str(),
        );
        const #joined: ::dynakey::KeyTemplate =
            #constructor(Self::#joined_text.as_str(), Self::#joined_parts.as_slice());
    }
}

/// `pub fn key(parent: &Key<P>, <suffix fields>)` and `pub fn query_under(parent: &Key<P>)`.
fn key_fns(entity: &Entity<'_>, parent: &Parent, sk: &Template) -> TokenStream {
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
        pub fn key(
            #field: &::dynakey::Key<#path>,
            #(#params),*
        ) -> __dk::Result<::dynakey::Key<Self>, __dk::KeyError> {
            __dk::key(
                __dk::child_partition_key::<#path>(#field),
                __dk::child_sort_key::<#path, _, _>(#field, &Self::__SUFFIX, &Self::__JOINED_0, #values),
            )
        }

        #[doc = #query_doc]
        pub fn query_under(
            #field: &::dynakey::Key<#path>,
        ) -> ::dynakey::KeyQuery<Self, ::dynakey::PrimaryIndex, ::dynakey::SortKeyRange> {
            __dk::query_under::<#path, Self>(#field, &Self::__SUFFIX.template, &Self::__JOINED_0)
        }
    }
}
