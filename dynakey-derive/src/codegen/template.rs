//! Shared pieces: a template's constant (`__private::Template<(T, …)>`, its field types in its
//! type), and the one-call encoders, parsers and matchers over it (`encode` / `parse` / `matches`
//! of a tuple of field values: the behaviour lives in the core, the expansion only names the
//! template and the fields).

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use crate::model::{Entity, Role, Segment, Template};

/// `where T: KeySegment, …` over every key field type (index templates included; `T` for an
/// `Option<T>` field), each predicate spanned at the field's type.
///
/// Every generated impl whose items use a field type or the entity's bounded items (and the
/// parsed-key structs, whose std derives copy it) carries it, so a field type that is not a key
/// segment is reported once, at the field (rustc reports a predicate once per span), instead of at
/// every use in generated code; inside the items the bound is assumed, so nothing else cascades.
/// Impls that name neither (a builder's `SortKeyBuilder`, `SortKeyOf`, `SortAttributes`) go
/// without it: a where clause is type-checked again in every item of its impl.
pub fn where_clause(entity: &Entity<'_>) -> TokenStream {
    let mut seen: Vec<String> = Vec::new();
    let mut predicates = Vec::new();
    for template in entity
        .pk
        .iter()
        .chain(&entity.sk)
        .chain(entity.earlier.iter().flat_map(|e| e.templates()))
        .chain(entity.index_templates())
    {
        for index in template.field_indices() {
            let ty = entity.field(index).key_ty();
            let key = quote!(#ty).to_string();
            if seen.contains(&key) {
                continue;
            }
            seen.push(key);
            predicates.push(quote_spanned!(ty.span()=> #ty: __dk::KeySegment));
        }
    }
    // A field that fills an attribute-wise index attribute natively is a `KeyAttribute`.
    let mut native_seen: Vec<String> = Vec::new();
    for index in entity
        .indexes
        .iter()
        .flat_map(|i| i.fills.iter().flat_map(|f| f.native_fields()))
    {
        let ty = entity.field(index).key_ty();
        let key = quote!(#ty).to_string();
        if native_seen.contains(&key) {
            continue;
        }
        native_seen.push(key);
        predicates.push(quote_spanned!(ty.span()=> #ty: ::dynakey::KeyAttribute));
    }
    quote!(where #(#predicates,)*)
}

/// The first character of the literal after segment `i`, if a literal follows.
pub fn terminator(template: &Template, i: usize) -> Option<char> {
    match template.segments.get(i + 1) {
        Some(Segment::Literal(text)) => text.chars().next(),
        _ => None,
    }
}

pub fn role(role: Role) -> TokenStream {
    match role {
        Role::Partition => quote!(__dk::KeyRole::Partition),
        Role::Sort => quote!(__dk::KeyRole::Sort),
    }
}

/// The parts of a template: `__private::literal(…)` and `__private::field::<T>(…)`.
pub fn parts<'a>(
    entity: &'a Entity<'_>,
    template: &'a Template,
) -> impl Iterator<Item = TokenStream> + 'a {
    template.segments.iter().map(|segment| match segment {
        Segment::Literal(text) => quote!(__dk::literal(#text)),
        Segment::Field(index) => {
            let field = entity.field(*index);
            let name = field.name();
            let ty = field.key_ty();
            quote_spanned!(ty.span()=> __dk::field::<#ty>(#name))
        }
    })
}

/// `const <name>: __private::Template<(T, …)> = …;`, an associated constant of the entity's
/// inherent impl (under its where clause, so a field type that is not a key segment adds no error
/// here) that every encoder, parser and matcher of the template names: its type carries the
/// placeholders' field types, its `template` field the `KeyTemplate`.
pub fn const_item(entity: &Entity<'_>, template: &Template, name: &syn::Ident) -> TokenStream {
    let text = &template.lit;
    let role = role(template.role);
    let types = key_types(entity, template);
    let parts = parts(entity, template);
    quote! {
        const #name: __dk::Template<#types> =
            __dk::template(#text, #role, &[#(#parts),*]);
    }
}

/// The key types of a template's placeholders as a tuple, `(u64, String,)`.
pub fn key_types(entity: &Entity<'_>, template: &Template) -> TokenStream {
    let types = template.field_indices().map(|i| entity.field(i).key_ty());
    quote!((#(#types,)*))
}

/// `<Entity>::<name>`, the path of an associated constant of the entity (see [`const_item`]).
pub fn path(entity: &Entity<'_>, name: &syn::Ident) -> TokenStream {
    let ident = entity.ident;
    quote!(#ident::#name)
}

/// `<constant>.encode((<value>, …))`, a `Result<String, KeyError>`; `value` gives a reference
/// expression for each placeholder's field.
pub fn encode(
    entity: &Entity<'_>,
    template: &Template,
    constant: &syn::Ident,
    value: impl Fn(&syn::Ident) -> TokenStream,
) -> TokenStream {
    let values = values(entity, template, value);
    let constant = path(entity, constant);
    quote!(#constant.encode(#values))
}

/// The tuple `(<value>, …)` of a template's placeholders.
pub fn values(
    entity: &Entity<'_>,
    template: &Template,
    value: impl Fn(&syn::Ident) -> TokenStream,
) -> TokenStream {
    let values = template
        .field_indices()
        .map(|i| value(entity.field(i).ident));
    quote!((#(#values,)*))
}

/// `field: impl SegmentArg<T>`, a by-value key parameter named after a field.
pub fn param(ident: &syn::Ident, ty: &syn::Type) -> TokenStream {
    quote!(#ident: impl __dk::SegmentArg<#ty>)
}

/// The by-value key parameters of a template's fields.
pub fn params<'a>(
    entity: &'a Entity<'_>,
    template: &'a Template,
) -> impl Iterator<Item = TokenStream> + 'a {
    template.field_indices().map(move |i| {
        let field = entity.field(i);
        param(field.ident, field.key_ty())
    })
}

/// One hygienic local per placeholder of a template (`__dynakey_0`, …).
fn locals(template: &Template) -> Vec<proc_macro2::Ident> {
    (0..template.field_indices().count())
        .map(|i| crate::codegen::local(&format!("__dynakey_{i}")))
        .collect()
}

/// A `parse_*` function returning the generated fields struct: one call of `parse` (or
/// `parse_sharded`, with `sharding` the entity's `Sharding` constant) of `constant`.
pub fn parser(
    entity: &Entity<'_>,
    template: &Template,
    constant: &syn::Ident,
    struct_ident: &syn::Ident,
    sharding: Option<(&syn::Ident, String)>,
) -> TokenStream {
    let which = match template.role {
        Role::Partition => "partition",
        Role::Sort => "sort",
    };
    let fn_ident = format_ident!("parse_{}_key", which);
    let constant = path(entity, constant);
    let locals = locals(template);
    let error = crate::codegen::local("__dynakey_error");
    let fields = template.field_indices().zip(&locals).map(|(index, local)| {
        let ident = entity.field(index).ident;
        quote!(#ident: #local)
    });
    let (call, doc) = match sharding {
        Some((sharding, suffixes)) => (
            quote!(#constant.parse_sharded(&#sharding, key)),
            format!(
                "Parses a partition key written by the template `{}` with its shard suffix \
                 ({suffixes}) back into its fields.\n\n# Errors\n\
                 [`KeyErrorKind::Mismatch`](::dynakey::KeyErrorKind::Mismatch) when the key \
                 has another shape or no shard suffix, \
                 [`KeyErrorKind::Segment`](::dynakey::KeyErrorKind::Segment) when a segment \
                 is not a valid encoding of its field's type.",
                template.lit.value()
            ),
        ),
        None => (
            quote!(#constant.parse(key)),
            format!(
                "Parses a {which} key written by the template `{}` back into its fields.\n\n\
                 # Errors\n[`KeyErrorKind::Mismatch`](::dynakey::KeyErrorKind::Mismatch) \
                 when the key has another shape, \
                 [`KeyErrorKind::Segment`](::dynakey::KeyErrorKind::Segment) when a segment \
                 is not a valid encoding of its field's type.",
                template.lit.value()
            ),
        ),
    };
    // A `match` rather than `?`: no `Try`/`From` to resolve per entity.
    quote! {
        #[doc = #doc]
        pub fn #fn_ident(key: &str) -> __dk::Result<#struct_ident, __dk::KeyError> {
            match #call {
                __dk::Ok((#(#locals,)*)) => __dk::Ok(#struct_ident { #(#fields),* }),
                __dk::Err(#error) => __dk::Err(#error),
            }
        }
    }
}

/// The public struct holding a template's decoded fields, with `Clone`, `PartialEq` and `Debug`.
///
/// When every field type is one of the key types of the standard library and dynakey (always
/// `Clone + PartialEq + Debug`), by the std derives. Otherwise written out, carrying `bounds` (the
/// entity's [`where_clause`]): a derive would copy a `where` clause with spans of its own, so a
/// field type that is not a key segment would be reported again by each derive, and without it a
/// field type that is neither would fail each derive too.
///
/// Returns the struct (emitted beside the entity) and its impls when written out (for the
/// entity's `const _` block, where `bounds` names the `__private` alias).
pub fn fields_struct(
    entity: &Entity<'_>,
    template: &Template,
    ident: &syn::Ident,
    bounds: &TokenStream,
) -> (TokenStream, TokenStream) {
    let vis = entity.vis;
    let fields = template.field_indices().map(|index| {
        let field = entity.field(index);
        let ident = field.ident;
        let ty = field.ty;
        let doc = format!("The `{}` segment.", field.name());
        quote!(#[doc = #doc] pub #ident: #ty)
    });
    let which = match template.role {
        Role::Partition => "partition",
        Role::Sort => "sort",
    };
    let doc = format!(
        "The fields of a [`{}`] {which} key (template `{}`), as parsed by `{}::parse_{which}_key`.",
        entity.ident,
        template.lit.value(),
        entity.ident
    );
    if template
        .field_indices()
        .all(|i| crate::codegen::key_texts::is_std_key_type(entity.field(i).ty))
    {
        let declaration = quote! {
            #[doc = #doc]
            #[derive(::core::clone::Clone, ::core::cmp::PartialEq, ::core::fmt::Debug)]
            #vis struct #ident { #(#fields,)* }
        };
        return (declaration, TokenStream::new());
    }
    let names: Vec<&syn::Ident> = template
        .field_indices()
        .map(|i| entity.field(i).ident)
        .collect();
    let title = ident.to_string();
    let declaration = quote! {
        #[doc = #doc]
        #vis struct #ident { #(#fields,)* }
    };
    let impls = quote! {
        impl ::core::clone::Clone for #ident #bounds {
            fn clone(&self) -> Self {
                #ident { #(#names: ::core::clone::Clone::clone(&self.#names),)* }
            }
        }
        impl ::core::cmp::PartialEq for #ident #bounds {
            fn eq(&self, other: &Self) -> bool {
                true #(&& self.#names == other.#names)*
            }
        }
        impl ::core::fmt::Debug for #ident #bounds {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.debug_struct(#title) #(.field(::core::stringify!(#names), &self.#names))* .finish()
            }
        }
    };
    (declaration, impls)
}

/// `fn matches_sort_key(key: &str) -> bool` (or `matches_partition_key`, by the template's role)
/// of the `Entity` impl: `matches` of `constant`, which holds exactly when the parser
/// returns `Ok` and allocates nothing for types that validate in place.
pub fn matcher(
    entity: &Entity<'_>,
    template: &Template,
    constant: &syn::Ident,
    sharding: Option<&syn::Ident>,
) -> TokenStream {
    let constant = path(entity, constant);
    let name = match template.role {
        Role::Sort => format_ident!("matches_sort_key"),
        Role::Partition => format_ident!("matches_partition_key"),
    };
    let sharding = match sharding {
        Some(sharding) => quote!(__dk::Some(#sharding)),
        None => quote!(__dk::None),
    };
    quote! {
        fn #name(key: &str) -> bool {
            #constant.matches(#sharding, key)
        }
    }
}

/// The partition-key field types as a tuple, `(String,)` for `WS#<workspace>`.
pub fn field_types(entity: &Entity<'_>, template: &Template) -> TokenStream {
    let types = template.field_indices().map(|index| {
        let ty = entity.field(index).ty;
        quote!(#ty)
    });
    quote!((#(#types,)*))
}
