//! Shared pieces: a template's `KeyTemplate` constant and its encoder function.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use crate::codegen::local;
use crate::model::{Entity, Role, Segment, Template};

/// `where T: KeySegment, …` over every key field type (index templates included; `T` for an
/// `Option<T>` field), each predicate spanned at the field's type.
///
/// Every generated item carries it, so a field type that is not a key segment is reported once,
/// at the field (rustc merges identical diagnostics), instead of at every use in generated code;
/// inside the items the bound is assumed, so nothing else cascades.
pub fn where_clause(entity: &Entity<'_>) -> TokenStream {
    let mut seen: Vec<String> = Vec::new();
    let mut predicates = Vec::new();
    for template in entity
        .pk
        .iter()
        .chain(&entity.sk)
        .chain(entity.index_templates())
    {
        for index in template.field_indices() {
            let ty = entity.field(index).key_ty();
            let key = quote!(#ty).to_string();
            if seen.contains(&key) {
                continue;
            }
            seen.push(key);
            predicates.push(quote_spanned!(ty.span()=> #ty: ::dynakey::KeySegment));
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

pub fn option_char(c: Option<char>) -> TokenStream {
    match c {
        Some(c) => quote!(::core::option::Option::Some(#c)),
        None => quote!(::core::option::Option::None),
    }
}

pub fn role(role: Role) -> TokenStream {
    match role {
        Role::Partition => quote!(::dynakey::__private::KeyRole::Partition),
        Role::Sort => quote!(::dynakey::__private::KeyRole::Sort),
    }
}

/// The template's `KeyTemplate`, built by `__private::key_template`.
pub fn constant(entity: &Entity<'_>, template: &Template) -> TokenStream {
    let text = &template.lit;
    let role = role(template.role);
    let parts = template.segments.iter().map(|segment| match segment {
        Segment::Literal(text) => quote!(::dynakey::__private::literal(#text)),
        Segment::Field(index) => {
            let field = entity.field(*index);
            let name = field.name();
            let ty = field.key_ty();
            quote!(::dynakey::__private::field(
                #name,
                <#ty as ::dynakey::KeySegment>::WIDTH,
                <#ty as ::dynakey::KeySegment>::ANY_TEXT,
            ))
        }
    });
    quote!(::dynakey::__private::key_template(#text, #role, &[#(#parts),*]))
}

/// The byte capacity to reserve for a key: literals plus fixed widths (16 for variable widths).
pub fn capacity(entity: &Entity<'_>, template: &Template) -> TokenStream {
    let terms = template.segments.iter().map(|segment| match segment {
        Segment::Literal(text) => {
            let len = text.len();
            quote!(#len)
        }
        Segment::Field(index) => {
            let ty = entity.field(*index).key_ty();
            quote!(match <#ty as ::dynakey::KeySegment>::WIDTH {
                ::core::option::Option::Some(w) => w,
                ::core::option::Option::None => 16,
            })
        }
    });
    quote!(0 #(+ #terms)*)
}

/// Statements that append segments `range` of a template to `__dynakey_out` (a `String` in scope,
/// a [`local`]), reading each field from a local variable or parameter of the same name.
pub fn push_segments(
    entity: &Entity<'_>,
    template: &Template,
    range: std::ops::Range<usize>,
) -> TokenStream {
    let text = &template.lit;
    let out = local("__dynakey_out");
    let statements = range.map(|i| match &template.segments[i] {
        Segment::Literal(literal) => quote!(#out.push_str(#literal);),
        Segment::Field(index) => {
            let field = entity.field(*index);
            let ident = field.ident;
            let name = field.name();
            let ty = field.key_ty();
            let terminator = option_char(terminator(template, i));
            quote_spanned! {ty.span()=>
                ::dynakey::__private::push_field::<#ty, _>(&mut #out, #ident, #name, #terminator, #text)?;
            }
        }
    });
    quote!(#(#statements)*)
}

/// `&field` for each placeholder of a template: the locals or parameters named after its fields.
pub fn refs<'a>(
    entity: &'a Entity<'_>,
    template: &'a Template,
) -> impl Iterator<Item = TokenStream> + 'a {
    template.field_indices().map(move |i| {
        let ident = entity.field(i).ident;
        quote!(&#ident)
    })
}

/// `field: impl SegmentArg<T>`, a by-value key parameter named after a field.
pub fn param(ident: &syn::Ident, ty: &syn::Type) -> TokenStream {
    quote!(#ident: impl ::dynakey::SegmentArg<#ty>)
}

/// `fn <name>(field: &(impl SegmentArg<T> + ?Sized), …) -> Result<String, KeyError>`, an
/// associated function of the entity (emitted inside its bounded inherent impl, so a bad field
/// type is reported once, as for every other generated item).
pub fn encoder(entity: &Entity<'_>, template: &Template, name: &syn::Ident) -> TokenStream {
    let params = template.field_indices().map(|index| {
        let field = entity.field(index);
        let ident = field.ident;
        let ty = field.key_ty();
        quote!(#ident: &(impl ::dynakey::SegmentArg<#ty> + ?::core::marker::Sized))
    });
    let capacity = capacity(entity, template);
    let push = push_segments(entity, template, 0..template.segments.len());
    let role = role(template.role);
    let (out, capacity_local) = (local("__dynakey_out"), local("__dynakey_capacity"));
    quote! {
        #[doc(hidden)]
        #[inline]
        fn #name(#(#params),*) -> ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError> {
            // A `let`, not a nested `const`: nested items do not see the impl's where clause.
            let #capacity_local: usize = #capacity;
            let mut #out = ::dynakey::__private::String::with_capacity(#capacity_local);
            #push
            ::dynakey::__private::finish_key(#role, #out)
        }
    }
}

/// A `parse_*` function returning the generated fields struct.
pub fn parser(
    entity: &Entity<'_>,
    template: &Template,
    fn_name: &str,
    struct_ident: &syn::Ident,
) -> TokenStream {
    let fn_ident = format_ident!("{}", fn_name);
    let template_const = match template.role {
        Role::Partition => quote!(<Self as ::dynakey::Entity>::PARTITION_TEMPLATE),
        Role::Sort => quote!(__SORT_TEMPLATE),
    };
    // The splitting is one call into dynakey (`__private::parse_segments`) rather than a step
    // per segment here: less code to compile per entity, the same canonical rules.
    let locals = segment_locals(template);
    let count = locals.len();
    let fields = template.field_indices().zip(&locals).map(|(index, local)| {
        let field = entity.field(index);
        let ident = field.ident;
        let name = field.name();
        let ty = field.ty;
        quote!(#ident: ::dynakey::__private::decode_field::<#ty>(#local, #name)?)
    });
    let which = match template.role {
        Role::Partition => "partition",
        Role::Sort => "sort",
    };
    let doc = format!(
        "Parses a {which} key written by the template `{}` back into its fields.\n\n\
         # Errors\n[`KeyErrorKind::Mismatch`](::dynakey::error::KeyErrorKind::Mismatch) when the key has another \
         shape, [`KeyErrorKind::Segment`](::dynakey::error::KeyErrorKind::Segment) when a segment is not a valid \
         encoding of its field's type.",
        template.lit.value()
    );
    quote! {
        #[doc = #doc]
        pub fn #fn_ident(key: &str) -> ::core::result::Result<#struct_ident, ::dynakey::KeyError> {
            // Canonical: only what the encoder writes parses, and it never writes an empty or
            // oversized key.
            let [#(#locals),*] = ::dynakey::__private::parse_segments::<#count>(&#template_const, key)?;
            ::core::result::Result::Ok(#struct_ident { #(#fields,)* })
        }
    }
}

/// The public struct holding a template's decoded fields; its impls carry `bounds`, the entity's
/// [`where_clause`].
pub fn fields_struct(
    entity: &Entity<'_>,
    template: &Template,
    ident: &syn::Ident,
    bounds: &TokenStream,
) -> TokenStream {
    let vis = entity.vis;
    let fields = template.field_indices().map(|index| {
        let field = entity.field(index);
        let ident = field.ident;
        let ty = field.ty;
        let doc = format!("The `{ident}` segment.");
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
    let names: Vec<&syn::Ident> = template
        .field_indices()
        .map(|i| entity.field(i).ident)
        .collect();
    let title = ident.to_string();
    quote! {
        #[doc = #doc]
        #vis struct #ident { #(#fields,)* }

        // Written out rather than derived so a field type that is not a key segment is reported
        // once, by the where clause, instead of once per derive.
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
    }
}

/// One local per placeholder of a template (`__segment_0`, …), for the segment texts
/// `__private::parse_segments` / `match_segments` return.
fn segment_locals(template: &Template) -> Vec<syn::Ident> {
    (0..template.field_indices().count())
        .map(|i| format_ident!("__segment_{}", i))
        .collect()
}

/// `fn matches_sort_key(key: &str) -> bool` (or `matches_partition_key`, by the template's role)
/// of the `Entity` impl: the parser's size check and splitting (`__private::match_segments`,
/// which for a sharded partition key checks and takes off the shard suffix first), then
/// `KeySegment::is_valid_segment` on every segment, so nothing is allocated for types that can
/// validate in place. It holds exactly when the parser returns `Ok`.
pub fn matcher(entity: &Entity<'_>, template: &Template) -> TokenStream {
    let locals = segment_locals(template);
    let count = locals.len();
    let checks = template.field_indices().zip(&locals).map(|(index, local)| {
        let ty = entity.field(index).ty;
        quote!(&& <#ty as ::dynakey::KeySegment>::is_valid_segment(#local))
    });
    let (name, template_const, sharding) = match template.role {
        Role::Sort => (
            format_ident!("matches_sort_key"),
            quote!(__SORT_TEMPLATE),
            quote!(::core::option::Option::None),
        ),
        Role::Partition => (
            format_ident!("matches_partition_key"),
            quote!(<Self as ::dynakey::Entity>::PARTITION_TEMPLATE),
            quote!(<Self as ::dynakey::Entity>::SHARDING),
        ),
    };
    quote! {
        #[inline]
        fn #name(key: &str) -> bool {
            match ::dynakey::__private::match_segments::<#count>(&#template_const, #sharding, key) {
                ::core::option::Option::Some([#(#locals),*]) => true #(#checks)*,
                ::core::option::Option::None => false,
            }
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
