//! One clear error for a sort-key builder filled out of order (docs/semantics.md §3: fields are
//! filled left to right), without a trait or impl per builder or per (depth, field) pair.
//!
//! Every field method is in one impl for every depth `D`, bounded by
//!
//! ```text
//! __SkFields: FieldAt<D, field::id>, __SkAt<D, field::id>: NextField<field::id, N, __SkFields>
//! ```
//!
//! where `field::id` is a marker type named after the field (an empty enum in a module of the
//! entity's `const _` block), `__SkFields` the tuple of the builder's markers in template order,
//! and `__SkAt<D, _>` the marker of the field at depth `D` (`__private::FieldAt`, written once in
//! the core for every tuple). `__private::NextField` (`NextAttribute` for the sort attributes of
//! an attribute-wise index) is the core's one trait, implemented for the field to fill next only;
//! its `#[diagnostic::on_unimplemented]` message names the field called, the field to fill first
//! and the order (the error is at the call, on the builder). Past the last field `FieldAt` has no
//! impl, and its own message says the key is complete. Either way one E0277 at the call, and the
//! method's return type keeps everything after it quiet.

use proc_macro2::{Ident, TokenStream, TokenTree};
use quote::{format_ident, quote};

use crate::model::Entity;

/// The name of the module of field markers: `field`, unless a type the entity names has a path
/// segment `field` (inside the `const _` block the module would shadow it).
pub fn markers_module(entity: &Entity<'_>) -> Ident {
    let mut tokens = TokenStream::new();
    for field in &entity.fields {
        let ty = field.ty;
        tokens.extend(quote!(#ty));
    }
    tokens.extend(entity.table.clone());
    for index in &entity.indexes {
        let path = &index.index;
        tokens.extend(quote!(#path));
    }
    if mentions(tokens, "field") {
        format_ident!("__dynakey_field")
    } else {
        format_ident!("field")
    }
}

fn mentions(tokens: TokenStream, name: &str) -> bool {
    tokens.into_iter().any(|tree| match tree {
        TokenTree::Ident(ident) => ident == name,
        TokenTree::Group(group) => mentions(group.stream(), name),
        _ => false,
    })
}

/// The marker module: one empty enum (a type with no value, so it never meets a binding of the
/// same name) per step name of any builder of the entity.
pub fn markers(module: &Ident, names: &[Ident]) -> TokenStream {
    if names.is_empty() {
        return TokenStream::new();
    }
    let mut unique: Vec<&Ident> = Vec::new();
    for name in names {
        if !unique.contains(&name) {
            unique.push(name);
        }
    }
    quote! {
        #[allow(non_camel_case_types)]
        mod #module {
            #(pub enum #unique {})*
        }
    }
}

/// What a builder's steps are: the fields of a sort-key template, or the sort attributes of an
/// attribute-wise index.
pub enum Steps {
    /// The fields of a sort-key template.
    Template,
    /// The sort attributes of an attribute-wise index.
    Attributes,
}

/// The fill-order check of one builder.
pub struct Order<'a> {
    markers: &'a Ident,
    fields: Ident,
    what: Steps,
    next_at: Ident,
    items: TokenStream,
}

impl<'a> Order<'a> {
    /// For a builder of `what` whose steps are `steps` in order; `markers` is the marker module;
    /// `tag` names the builder's aliases in the `const _` block (`__SkFields`, `__Sk0At`, …).
    pub fn new(tag: &str, what: Steps, steps: &[&Ident], markers: &'a Ident) -> Self {
        let fields = format_ident!("__{}Fields", tag);
        let next_at = format_ident!("__{}At", tag);
        let items = match what {
            _ if steps.is_empty() => TokenStream::new(),
            Steps::Template => quote! {
                type #fields = (#(#markers::#steps,)*);
            },
            Steps::Attributes => quote! {
                type #fields = (#(#markers::#steps,)*);
                type #next_at<const D: usize, F> = <#fields as __dk::StepAt<D, F>>::Next;
            },
        };
        Order {
            markers,
            fields,
            what,
            next_at,
            items,
        }
    }

    /// The where clause of step `step`'s methods: `depth` is the depth the step reaches, the
    /// method's `N` for a step that returns the builder (inferred from the bound, and left unknown
    /// when the step is out of order, so nothing after the one error is reported), a literal
    /// otherwise.
    pub fn bounds(&self, step: &Ident, depth: &TokenStream) -> TokenStream {
        let (markers, fields, next_at) = (self.markers, &self.fields, &self.next_at);
        match self.what {
            Steps::Template => quote! {
                where
                    #fields: __dk::Fill<D, #markers::#step, #depth>,
            },
            Steps::Attributes => quote! {
                where
                    #fields: __dk::StepAt<D, #markers::#step>,
                    #next_at<D, #markers::#step>: __dk::NextAttribute<#markers::#step, #depth, #fields>,
            },
        }
    }

    /// The builder's marker tuple (and, for attribute steps, its alias of the next step), for the
    /// `const _` block.
    pub fn items(&self) -> TokenStream {
        self.items.clone()
    }
}
