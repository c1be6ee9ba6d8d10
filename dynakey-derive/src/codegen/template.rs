//! Shared pieces: a template's constant (`__private::Template<(T, …)>`, its field types in its
//! type), and the one-call encoders and parsers over it (`encode` / `parse`
//! of a tuple of field values: the behaviour lives in the core, the expansion only names the
//! template and the fields).

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
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
        .chain(entity.other_shapes().flat_map(|e| e.templates()))
        .chain(entity.index_templates())
    {
        for index in template.field_indices() {
            let ty = entity.field(index).key_ty();
            if is_builtin(ty, BUILTIN_SEGMENTS) {
                continue;
            }
            let key = quote!(#ty).to_string();
            if seen.contains(&key) {
                continue;
            }
            seen.push(key);
            predicates.push(quote_spanned!(ty.span()=> #ty: __dk::KeySegment));
        }
    }
    // A field that fills an attribute-wise index attribute natively is a `KeyAttribute` (always
    // so for `String`, the integers and the floats).
    let mut native_seen: Vec<String> = Vec::new();
    for index in entity
        .indexes
        .iter()
        .flat_map(|i| i.fills.iter().flat_map(|f| f.native_fields()))
    {
        let ty = entity.field(index).key_ty();
        let key = quote!(#ty).to_string();
        if native_seen.contains(&key) || is_builtin(ty, BUILTIN_ATTRIBUTES) {
            continue;
        }
        native_seen.push(key);
        predicates.push(quote_spanned!(ty.span()=> #ty: __dk::KeyAttribute));
    }
    if predicates.is_empty() {
        return TokenStream::new();
    }
    quote!(where #(#predicates,)*)
}

/// `String` and the primitive key types (`bool`, `char`, the integers and floats), always key
/// segments.
const BUILTIN_SEGMENTS: &[&str] = &[
    "String", "bool", "char", "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32",
    "i64", "i128", "isize", "f32", "f64",
];

/// `String`, the integers up to 64 bits and the floats, always key attributes.
const BUILTIN_ATTRIBUTES: &[&str] = &[
    "String", "u8", "u16", "u32", "u64", "usize", "i8", "i16", "i32", "i64", "isize", "f32", "f64",
];

/// `true` for `ty` one of `builtin` (`String` also as `std::string::String`): a predicate for it
/// can never fail, and would only be proven again in every item of every impl that carries the
/// where clause.
fn is_builtin(ty: &syn::Type, builtin: &[&str]) -> bool {
    match ty {
        syn::Type::Path(path) if path.qself.is_none() => {
            let segments = &path.path.segments;
            let plain = segments.len() == 1
                || (segments.len() == 3
                    && matches!(segments[0].ident.to_string().as_str(), "std" | "alloc")
                    && segments[1].ident == "string");
            plain
                && segments.last().is_some_and(|last| {
                    last.arguments.is_empty() && builtin.contains(&last.ident.to_string().as_str())
                })
        }
        _ => false,
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

/// The partition-key field types as a tuple, `(String,)` for `WS#<workspace>`.
pub fn field_types(entity: &Entity<'_>, template: &Template) -> TokenStream {
    let types = template.field_indices().map(|index| {
        let ty = entity.field(index).ty;
        quote!(#ty)
    });
    quote!((#(#types,)*))
}
