//! One clear error for a sort-key builder filled out of order (docs/semantics.md §3: fields are filled left to
//! right).
//!
//! A builder of depth `D` has the methods of field `D + 1` only, so without help
//! `Project::sk().id("p1")` on `PROJ#<created>#<id>` is "no method named `id` found for
//! `ProjectSk<0>`". Here every other field gets a hidden method of the same name (and its
//! `<field>_prefix`) on that depth, whose argument must implement a trait generated for the pair
//! (depth, field). Nothing a caller can pass implements it (its one impl, for
//! `__private::Never`, is marked `do_not_recommend`), so the call is one E0277 whose
//! `#[diagnostic::on_unimplemented]` message says which field comes next. The stub returns the
//! builder unchanged, so nothing after the call adds errors.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::codegen::sort_key::Builder;
use crate::model::{Entity, Template};

/// The stubs of every depth of `builder` (emitted inside the entity's `const _` block).
pub fn stubs(
    entity: &Entity<'_>,
    template: &Template,
    builder: &Builder,
    bounds: &TokenStream,
) -> TokenStream {
    let names: Vec<String> = template
        .field_indices()
        .map(|i| entity.field(i).name())
        .collect();
    let idents: Vec<&syn::Ident> = template
        .field_indices()
        .map(|i| entity.field(i).ident)
        .collect();
    let ident = &builder.ident;
    let text = template.lit.value();
    let order = names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ");
    let start = format!("{}::{}()", entity.ident, builder.ctor);
    let mut out = TokenStream::new();
    for depth in 0..=names.len() {
        for (k, field) in idents.iter().enumerate() {
            if k == depth {
                continue; // the real method
            }
            let name = &names[k];
            let (message, label) = match names.get(depth) {
                Some(next) if k > depth => (
                    format!(
                        "sort-key field `{name}` comes after `{next}` in \"{text}\": fill `{next}` \
                         first (`{start}` fills {order} in that order)"
                    ),
                    format!("`{name}` cannot be filled before `{next}`"),
                ),
                Some(next) => (
                    format!(
                        "sort-key field `{name}` is already filled; the next field of \"{text}\" \
                         is `{next}` (`{start}` fills {order} in that order)"
                    ),
                    format!("`{name}` is already filled"),
                ),
                None => (
                    format!(
                        "sort-key field `{name}` is already filled: every field of \"{text}\" is, \
                         so this is a complete sort key (for `eq`, `gte`, `between` …)"
                    ),
                    format!("`{name}` is already filled"),
                ),
            };
            let order_trait = format_ident!("__Dynakey{}Order{}Field{}", ident, depth, k);
            let prefix = format_ident!("{}_prefix", field);
            out.extend(quote! {
                #[doc(hidden)]
                #[diagnostic::on_unimplemented(message = #message, label = #label)]
                pub trait #order_trait {}
                #[diagnostic::do_not_recommend]
                impl #order_trait for ::dynakey::__private::Never {}

                impl #ident<#depth> #bounds {
                    #[doc(hidden)]
                    pub fn #field<__DynakeyValue: #order_trait>(self, _: __DynakeyValue) -> Self {
                        self
                    }

                    #[doc(hidden)]
                    #[allow(non_snake_case)]
                    pub fn #prefix<__DynakeyValue: #order_trait>(self, _: __DynakeyValue) -> Self {
                        self
                    }
                }
            });
        }
    }
    out
}
