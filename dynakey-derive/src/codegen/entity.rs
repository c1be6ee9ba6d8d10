//! `#[derive(Entity)]` expansion: the `Entity` impl, the typed key functions and the sort-key
//! builder.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};

use crate::codegen::{handles, index, key_texts, managed, shard, sort_key, template, unique};
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

    let pk_const = template::constant(entity, pk);
    let pk_encoder = template::encoder(entity, pk, &format_ident!("__dynakey_partition_key"));
    let pk_struct_ident = format_ident!("{}PartitionKey", ident);
    let pk_struct = template::fields_struct(entity, pk, &pk_struct_ident, &bounds);
    let pk_parser = if shard::is_sharded(entity) {
        TokenStream::new()
    } else {
        template::parser(entity, pk, "parse_partition_key", &pk_struct_ident)
    };
    let pk_self = self_args(entity, pk);
    let partition_key_body = shard::partition_key_expr(entity, pk, |f| quote!(&self.#f))
        .unwrap_or_else(|| quote!(Self::__dynakey_partition_key(#(#pk_self),*)));
    let shard_inner = shard::inner(entity, pk, &pk_struct_ident, &bounds);
    let shard_const = shard::entity_const(entity);

    let assertions = assertions(entity, sk);
    let key_fn = key_fn(entity, pk, sk);
    let query_fn = if shard::is_sharded(entity) {
        TokenStream::new()
    } else {
        query_fn(entity, pk)
    };

    let partition_fields = template::field_types(entity, pk);
    let entity_type = match &entity.entity_type {
        Some(attribute) => quote!(::core::option::Option::Some(#attribute)),
        None => quote!(::core::option::Option::None),
    };
    let entity_type_check = entity_type_check(entity);
    let sort_matcher = sk.map(|sk| template::matcher(entity, sk));
    let partition_matcher = template::matcher(entity, pk);
    let indexes = index::entity(entity, &bounds);
    let (index_outer, index_inner, index_items) =
        (indexes.outer, indexes.inner, indexes.entity_items);
    let managed = managed::expand(entity, &bounds);
    let (managed_inner, managed_items) = (managed.inner, managed.entity_items);
    let key_text_checks = key_texts::checks(entity);
    let handles = handles::expand(entity);
    let unique_items = unique::entity_items(entity);

    let (sk_items, sk_inner, sort_template, sort_key_body) = match sk {
        Some(sk) => {
            let sk_const = template::constant(entity, sk);
            let sk_encoder = template::encoder(entity, sk, &format_ident!("__dynakey_sort_key"));
            let sk_struct_ident = format_ident!("{}SortKey", ident);
            let sk_struct = template::fields_struct(entity, sk, &sk_struct_ident, &bounds);
            let sk_parser = template::parser(entity, sk, "parse_sort_key", &sk_struct_ident);
            let builder = sort_key::declaration(entity, sk);
            let builder_impl = sort_key::implementation(entity, sk, &bounds);
            let sk_self = self_args(entity, sk);
            (
                quote!(#sk_struct #builder),
                quote! {
                    const __SORT_TEMPLATE: ::dynakey::KeyTemplate = #sk_const;
                    #builder_impl
                    impl #ident #bounds {
                        #sk_encoder
                        #sk_parser
                    }
                },
                quote!(::core::option::Option::Some(__SORT_TEMPLATE)),
                quote!(Self::__dynakey_sort_key(#(#sk_self),*).map(::core::option::Option::Some)),
            )
        }
        None => (
            TokenStream::new(),
            TokenStream::new(),
            quote!(::core::option::Option::None),
            quote!(::core::result::Result::Ok(::core::option::Option::None)),
        ),
    };

    quote! {
        #pk_struct
        #sk_items
        #index_outer

        const _: () = {
            #sk_inner
            #shard_inner
            #entity_type_check
            #index_inner
            #managed_inner
            #key_text_checks

            #[automatically_derived]
            impl ::dynakey::Entity for #ident #bounds {
                type Table = #table;
                type PartitionFields = #partition_fields;
                const ENTITY_NAME: &'static str = #name;
                const ENTITY_TYPE_ATTRIBUTE: ::core::option::Option<&'static str> = #entity_type;
                const PARTITION_TEMPLATE: ::dynakey::KeyTemplate = #pk_const;
                const SORT_TEMPLATE: ::core::option::Option<::dynakey::KeyTemplate> = #sort_template;
                #shard_const

                fn partition_key(&self) -> ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError> {
                    #partition_key_body
                }

                fn sort_key(&self) -> ::core::result::Result<::core::option::Option<::dynakey::__private::String>, ::dynakey::KeyError> {
                    #sort_key_body
                }

                #partition_matcher
                #sort_matcher
                #index_items
                #managed_items
                #unique_items
            }

            #[automatically_derived]
            impl ::dynakey::InTable<#table> for #ident #bounds {}

            impl #ident #bounds {
                #assertions
                #pk_encoder
                #key_fn
                #query_fn
                #pk_parser
                #handles
            }
        };
    }
}

/// A build-time check that the entity-type attribute is not one of the table's key attributes
/// (dynakey writes those from the key templates). Names the table type directly, not through the
/// `Entity` impl, so a failed field-type bound does not cascade into it.
fn entity_type_check(entity: &Entity<'_>) -> TokenStream {
    let Some(attribute) = &entity.entity_type else {
        return TokenStream::new();
    };
    let table = &entity.table;
    let message = format!(
        "entity `{}`: the entity-type attribute {:?} is a key attribute of its table; dynakey \
         writes key attributes from the key templates, so name the entity-type attribute \
         differently, e.g. \"_type\"",
        entity.ident,
        attribute.value()
    );
    quote_spanned! {attribute.span()=>
        const _: () = if ::dynakey::__private::is_key_attribute::<#table>(#attribute) {
            ::core::panic!(#message)
        };
    }
}

/// `&self.field` for each placeholder of a template.
fn self_args<'a>(
    entity: &'a Entity<'_>,
    template: &'a Template,
) -> impl Iterator<Item = TokenStream> + 'a {
    template.field_indices().map(move |index| {
        let ident = entity.field(index).ident;
        quote!(&self.#ident)
    })
}

/// `field: impl SegmentArg<T>` for each of these fields.
fn args(entity: &Entity<'_>, indices: impl IntoIterator<Item = usize>) -> Vec<TokenStream> {
    indices
        .into_iter()
        .map(|index| {
            let field = entity.field(index);
            template::param(field.ident, field.ty)
        })
        .collect()
}

/// A trait-bound check spanned at the `#[sk]` attribute (or the struct name): the entity's sort key
/// agrees with its table. An associated const of the bounded inherent impl, so it is type-checked
/// under the same where clause and names the table through `Self` (no second error for a bad
/// table path or field type).
fn assertions(entity: &Entity<'_>, sk: Option<&Template>) -> TokenStream {
    let (span, check) = match sk {
        Some(sk) => (sk.lit.span(), quote!(assert_table_with_sort_key)),
        None => (entity.ident.span(), quote!(assert_table_without_sort_key)),
    };
    quote_spanned! {span=>
        #[doc(hidden)]
        const __DYNAKEY_TABLE_CHECK: () = ::dynakey::__private::#check::<Self>();
    }
}

/// `pub fn key(<pk fields>, <sk fields not in pk>) -> Result<Key<Self>, KeyError>`.
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
    let params = args(entity, seen);
    let pk_refs = template::refs(entity, pk);
    let partition = shard::partition_key_expr(entity, pk, |f| quote!(&#f))
        .unwrap_or_else(|| quote!(Self::__dynakey_partition_key(#(#pk_refs),*)));
    let sort = match sk {
        Some(sk) => {
            let refs = template::refs(entity, sk);
            quote!(::core::option::Option::Some(Self::__dynakey_sort_key(#(#refs),*)?))
        }
        None => quote!(::core::option::Option::None),
    };
    let doc = format!(
        "The primary key of the [`{}`] with these field values (partition key `{}`{}), for \
         GetItem, DeleteItem and friends.\n\n# Errors\nAny [`KeyError`](::dynakey::KeyError) of the \
         encoding rules: a terminator inside a value, an empty last segment, a key over DynamoDB's \
         byte limits.",
        entity.ident,
        shard::describe_partition(entity, pk),
        sk.map(|s| format!(", sort key `{}`", s.lit.value())).unwrap_or_default()
    );
    quote! {
        #[doc = #doc]
        pub fn key(#(#params),*) -> ::core::result::Result<::dynakey::Key<Self>, ::dynakey::KeyError> {
            ::core::result::Result::Ok(::dynakey::__private::key::<Self>(#partition?, #sort))
        }
    }
}

/// `pub fn query(<pk fields>) -> KeyQuery<Self>`.
fn query_fn(entity: &Entity<'_>, pk: &Template) -> TokenStream {
    let params = args(entity, pk.field_indices());
    let refs = template::refs(entity, pk);
    let doc = format!(
        "A Query over one whole partition (`{}`); narrow it with a sort-key condition such as \
         `.begins_with({}::sk())`. Encoding errors are returned when the query is built.",
        pk.lit.value(),
        entity.ident
    );
    quote! {
        #[doc = #doc]
        pub fn query(#(#params),*) -> ::dynakey::KeyQuery<Self> {
            ::dynakey::__private::query::<Self>(Self::__dynakey_partition_key(#(#refs),*))
        }
    }
}
