//! The parsed keys: the public struct of each key template with placeholders
//! (`<Entity>PartitionKey`, `<Entity>SortKey`, one public field per placeholder) and the one
//! `ParsedKeys` impl that builds each from the tuple of its values; `Entity::parse_partition_key`
//! and `Entity::parse_sort_key` are the core's default methods over it. A template without
//! placeholders (`META`) gets no struct: its parsed key is `NoKeyFields`, which has no parser.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::codegen::key_texts::is_std_key_type;
use crate::codegen::{local, template};
use crate::model::{Entity, Role, Template};

/// The struct declarations (beside the entity), their written-out impls and the `ParsedKeys`
/// impl (for the `const _` block), under `bounds`, the entity's
/// [`where_clause`](template::where_clause).
pub fn expand(entity: &Entity<'_>, bounds: &TokenStream) -> (TokenStream, TokenStream) {
    let mut outer = TokenStream::new();
    let mut inner = TokenStream::new();
    let ident = entity.ident;
    let mut items = TokenStream::new();
    let keys = [
        (entity.pk.first(), "PartitionKey", "Partition", "partition"),
        (entity.sk.first(), "SortKey", "Sort", "sort"),
    ];
    for (template, suffix, role, which) in keys {
        let key_type = format_ident!("{}Key", role);
        let values_type = format_ident!("{}Values", role);
        let from = format_ident!("{}_fields", which);
        let Some(template) = template.filter(|t| t.field_indices().next().is_some()) else {
            items.extend(quote! {
                type #key_type = ::dynakey::NoKeyFields;
                type #values_type = ::dynakey::NoKeyFields;
                #[inline]
                fn #from(values: ::dynakey::NoKeyFields) -> ::dynakey::NoKeyFields {
                    values
                }
            });
            continue;
        };
        let struct_ident = format_ident!("{}{}", ident, suffix);
        let (declaration, impls) = fields_struct(entity, template, &struct_ident, bounds);
        outer.extend(declaration);
        inner.extend(impls);
        let types = template::key_types(entity, template);
        // Field by field of one parameter (`values.0`, …): cheaper to check than a tuple pattern
        // binding one local per field.
        let values = local("__dynakey_values");
        let fields = template.field_indices().enumerate().map(|(i, index)| {
            let field = entity.field(index).ident;
            let i = proc_macro2::Literal::usize_unsuffixed(i);
            quote!(#field: #values.#i)
        });
        items.extend(quote! {
            type #key_type = #struct_ident;
            type #values_type = #types;
            #[inline]
            fn #from(#values: #types) -> #struct_ident {
                #struct_ident { #(#fields),* }
            }
        });
    }
    inner.extend(quote! {
        #[automatically_derived]
        impl ::dynakey::ParsedKeys for #ident #bounds {
            #items
        }
    });
    (outer, inner)
}

/// The public struct holding a template's decoded fields, with `Debug` only: a user reads its
/// public fields, and prints it; `Clone` and `PartialEq` cost about as much each to type-check
/// (0.56 G instructions for the three on 100 entities' two structs, `INSTRUCTIONS=1 MODES=check
/// build-cost.sh`, against 0.19 G for `Debug` alone) and a user who needs them clones or compares
/// the fields.
///
/// When every field type is one of the key types of the standard library and dynakey (always
/// `Debug`), by the std derive: an impl written out instead, delegating to a function of the core
/// over a slice of `(name, &dyn Debug)`, costs more to check (0.03–0.05 G more on the 100
/// entities' written-out expansion, 2026-12-07). Otherwise written out, carrying `bounds` (the entity's
/// [`where_clause`](template::where_clause)): a derive would copy a `where` clause with spans of
/// its own, so a field type that is not a key segment would be reported again by the derive.
///
/// Returns the struct (emitted beside the entity) and its impl when written out (for the
/// entity's `const _` block, where `bounds` names the `__private` alias).
fn fields_struct(
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
        "The fields of a [`{}`] {which} key (template `{}`), as parsed by `{}::parse_{which}_key` \
         (a default method of [`Entity`](::dynakey::Entity)).",
        entity.ident,
        template.lit.value(),
        entity.ident
    );
    if template
        .field_indices()
        .all(|i| is_std_key_type(entity.field(i).ty))
    {
        let declaration = quote! {
            #[doc = #doc]
            #[derive(::core::fmt::Debug)]
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
        impl ::core::fmt::Debug for #ident #bounds {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.debug_struct(#title) #(.field(::core::stringify!(#names), &self.#names))* .finish()
            }
        }
    };
    (declaration, impls)
}
