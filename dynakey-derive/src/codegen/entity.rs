//! `#[derive(Entity)]` expansion: a description of the entity (its templates as constants, the
//! `Entity` impl's constants) and the few impls and one-line functions the API needs; every
//! function body is one call into `dynakey::__private` over those constants.
//!
//! Beside the struct: the parsed-key structs and the builder types. Inside one `const _` block:
//! the template constants, the builders' impls, the `Entity`, `InTable` and versioning impls, one
//! inherent impl of the entity with every generated function and constant, and the build-time
//! checks.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};

use crate::codegen::parts::Parts;
use crate::codegen::shard::partition_key;
use crate::codegen::{
    handles, history, index, key_change, key_texts, listed, managed, parsed_keys, shard, sort_key,
    sort_key_order, stored_attributes, template, unique,
};
use crate::model::{Entity, Template};

pub fn expand(entity: &Entity<'_>) -> TokenStream {
    // The checks guarantee exactly one pk and at most one sk.
    let Some(pk) = entity.pk.first() else {
        return TokenStream::new();
    };
    let sk = entity.sk.first();
    let ident = entity.ident;
    let table = &entity.table;
    let name = &entity.name;
    let bounds = template::where_clause(entity);
    let markers = sort_key_order::markers_module(entity);
    let partition = format_ident!("__PARTITION");

    let mut parts = Parts::default();
    let (declarations, impls) = parsed_keys::expand(entity, &bounds);
    parts.outer.extend(declarations);
    parts.inner.extend(impls);
    parts
        .methods
        .extend(template::const_item(entity, pk, &partition));
    if let Some(sk) = sk {
        let builder = sort_key::Builder::primary(entity);
        parts
            .outer
            .extend(sort_key::declaration(entity, sk, &builder));
        parts
            .methods
            .extend(template::const_item(entity, sk, &builder.template));
        parts.inner.extend(sort_key::implementation(
            entity, sk, &builder, &bounds, &markers,
        ));
        parts.methods.extend(sort_key::constructor(sk, &builder));
    }
    parts.methods.extend(key_fn(entity, pk, sk));
    if shard::is_sharded(entity) {
        parts.extend(shard::expand(entity, pk, &partition));
    } else {
        parts.methods.extend(query_fn(entity, pk, &partition));
    }
    parts.extend(common(entity, &bounds, &markers));
    parts.entity_items.extend(history::entity_items(entity));
    parts.entity_items.extend(key_change::entity_items(entity));
    parts.methods.extend(key_change::methods(entity));

    let partition_fields = template::field_types(entity, pk);
    let partition_key = partition_key(entity, pk, &partition, |f| quote!(&self.#f));
    // The matchers are `Entity`'s defaults: the template constants know their field types.
    // `SORT_TEMPLATE` also checks that the table agrees (a sort key exactly when the entity has
    // one), spanned at the `#[sk]` template (or the struct name); in the `Entity` impl, under its
    // where clause and naming the table through `Self`, so a bad table path or field type adds no
    // second error.
    let (sort_template, sort_key) = match sk {
        Some(sk) => {
            let values = template::values(entity, sk, |f| quote!(&self.#f));
            (
                quote_spanned! {sk.lit.span()=>
                    __dk::assert_table_with_sort_key::<Self>(Self::__SORT.template)
                },
                quote!(Self::__SORT.encode_some(#values)),
            )
        }
        None => (
            quote_spanned!(ident.span()=> __dk::assert_table_without_sort_key::<Self>()),
            quote!(__dk::Ok(__dk::None)),
        ),
    };
    parts.entity_items.extend(listed_checks(entity, sk));
    let marker_names = marker_names(entity);
    let marker_module = sort_key_order::markers(&markers, &marker_names);
    let attribute_shared = crate::codegen::attribute_index::shared(entity);
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

            #[automatically_derived]
            impl ::dynakey::Entity for #ident #bounds {
                type Table = #table;
                type PartitionFields = #partition_fields;
                const ENTITY_NAME: &'static str = #name;
                const PARTITION_TEMPLATE: ::dynakey::KeyTemplate = Self::#partition.template;
                const SORT_TEMPLATE: __dk::Option<::dynakey::KeyTemplate> = #sort_template;
                #entity_items

                #[inline]
                fn partition_key(&self) -> __dk::Result<__dk::String, __dk::KeyError> {
                    #partition_key
                }

                #[inline]
                fn sort_key(&self) -> __dk::Result<__dk::Option<__dk::String>, __dk::KeyError> {
                    #sort_key
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

/// What every entity's expansion has, a child's too (`codegen::child`): its indexes, managed
/// fields, the checks of what it stores and of its table's list, its key texts' checks, its field
/// handles, its unique constraints and its entity-type attribute. `bounds`: the entity's where
/// clause; `markers`: its sort builders' marker module.
pub fn common(entity: &Entity<'_>, bounds: &TokenStream, markers: &syn::Ident) -> Parts {
    let mut parts = Parts::default();
    parts.extend(index::entity(entity, bounds, markers));
    parts.extend(managed::expand(entity, bounds));
    parts.inner.extend(stored_attributes::check(entity));
    parts
        .inner
        .extend(stored_attributes::template_conflicts(entity));
    parts.inner.extend(listed::check(entity));
    parts.inner.extend(key_texts::checks(entity));
    parts.methods.extend(handles::expand(entity));
    parts.inner.extend(handles::markers(entity));
    parts.entity_items.extend(unique::entity_items(entity));
    if let Some(attribute) = &entity.entity_type {
        parts.entity_items.extend(quote! {
            const ENTITY_TYPE_ATTRIBUTE: __dk::Option<&'static str> = __dk::Some(#attribute);
        });
    }
    parts
}

/// The step names of every sort builder of the entity, for the marker module (a child's sort-key
/// template is its suffix, whose fields are its own).
pub fn marker_names(entity: &Entity<'_>) -> Vec<syn::Ident> {
    let mut names: Vec<syn::Ident> = entity
        .sk
        .first()
        .into_iter()
        .chain(entity.indexes.iter().filter_map(|i| i.sk.as_ref()))
        .flat_map(Template::field_indices)
        .map(|i| entity.field(i).ident.clone())
        .collect();
    names.extend(index::attribute_step_markers(entity));
    names
}

/// On a table that lists its entities: this entity writes no key that an entity listed before
/// it writes too — on the table (reported at the sort-key template) and on each template index
/// (at the index's template). `Entity::LISTED_CHECKED` of the `Entity` impl, one call of
/// `__private::listed_check` per template joined by `&`, each spanned at its template (under the
/// impl's bounds, and naming the table through `Self::Table`: no second error for a field type or
/// a table path); the table enum's derive evaluates it for each entity it lists.
fn listed_checks(entity: &Entity<'_>, sk: Option<&Template>) -> TokenStream {
    let name = &entity.name;
    let span = sk.map_or(entity.ident.span(), |sk| sk.lit.span());
    let check = |index: TokenStream, span: proc_macro2::Span| quote_spanned!(span=> __dk::listed_check::<Self::Table>(#name, #index));
    let mut checks = vec![check(quote!(__dk::None), span)];
    for index in &entity.indexes {
        let Some(template) = index.sk.as_ref().or(index.pk.as_ref()) else {
            continue;
        };
        let text = |t: Option<&Template>| t.map(|t| t.lit.value()).unwrap_or_default();
        let (pk, sk) = (text(index.pk.as_ref()), text(index.sk.as_ref()));
        checks.push(check(quote!(__dk::Some((#pk, #sk))), template.lit.span()));
    }
    checks.extend(history::listed_checks(entity));
    quote! {
        const LISTED_CHECKED: bool = #(#checks)&*;
    }
}

/// `pub fn key(<pk fields>, <sk fields not in pk>) -> Result<Key<Self>, KeyError>` (the shard
/// field of a sharded entity is a sort-key field).
fn key_fn(entity: &Entity<'_>, pk: &Template, sk: Option<&Template>) -> TokenStream {
    let mut seen = Vec::new();
    for index in pk
        .field_indices()
        .chain(sk.into_iter().flat_map(Template::field_indices))
    {
        if !seen.contains(&index) {
            seen.push(index);
        }
    }
    let params = seen.iter().map(|&index| {
        let field = entity.field(index);
        template::param(field.ident, field.key_ty())
    });
    let partition = partition_key(entity, pk, &format_ident!("__PARTITION"), |f| quote!(&#f));
    let key = match sk {
        Some(sk) => {
            let sort = template::encode(entity, sk, &format_ident!("__SORT"), |f| quote!(&#f));
            quote!(__dk::key(#partition, #sort))
        }
        None => quote!(__dk::key_without_sort(#partition)),
    };
    let doc = format!(
        "The primary key of the [`{}`] with these field values (partition key `{}`{}), for \
         GetItem, DeleteItem and friends.\n\n# Errors\nAny [`KeyError`](::dynakey::KeyError) of the \
         encoding rules: a terminator inside a value, an empty last segment, a key over DynamoDB's \
         byte limits.",
        entity.ident,
        shard::describe_partition(entity, pk),
        sk.map(|s| format!(", sort key `{}`", s.lit.value()))
            .unwrap_or_default()
    );
    quote! {
        #[doc = #doc]
        pub fn key(#(#params),*) -> __dk::Result<::dynakey::Key<Self>, __dk::KeyError> {
            #key
        }
    }
}

/// `pub fn query(<pk fields>) -> KeyQuery<Self>`.
fn query_fn(entity: &Entity<'_>, pk: &Template, partition: &syn::Ident) -> TokenStream {
    let params = template::params(entity, pk);
    let encode = template::encode(entity, pk, partition, |f| quote!(&#f));
    let doc = format!(
        "A Query over one whole partition (`{}`); narrow it with a sort-key condition such as \
         `.begins_with({}::sk())`. Encoding errors are returned when the query is built.",
        pk.lit.value(),
        entity.ident
    );
    quote! {
        #[doc = #doc]
        pub fn query(#(#params),*) -> ::dynakey::KeyQuery<Self> {
            __dk::query::<Self>(#encode)
        }
    }
}
