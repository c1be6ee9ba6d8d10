//! `#[unique("email")]`, `#[unique("org", "email")]`: one unique constraint per attribute, naming
//! one or more fields (as the struct names them). Only syntax here; `model::unique` resolves the
//! names.

use syn::punctuated::Punctuated;
use syn::{Attribute, LitStr, Token};

use crate::ctxt::Ctxt;

/// One `#[unique(…)]` as written.
pub struct UniqueAttr {
    /// The field names, in order.
    pub fields: Vec<LitStr>,
}

/// Every `#[unique(…)]` of the struct that parsed; one that did not is reported with the syntax.
pub fn attrs(cx: &Ctxt, attrs: &[Attribute]) -> Vec<UniqueAttr> {
    let mut out = Vec::new();
    for attr in attrs.iter().filter(|a| a.path().is_ident("unique")) {
        match attr.parse_args_with(Punctuated::<LitStr, Token![,]>::parse_terminated) {
            Ok(fields) if !fields.is_empty() => out.push(UniqueAttr {
                fields: fields.into_iter().collect(),
            }),
            _ => cx.error_at(
                attr,
                "expected the fields of one unique constraint as strings: #[unique(\"email\")] or \
                 #[unique(\"org\", \"email\")] (one attribute per constraint)",
            ),
        }
    }
    out
}

/// A `#[unique]` on a field (the derive accepts the helper attribute anywhere): one error there,
/// naming the struct-level form.
pub fn on_fields(cx: &Ctxt, input: &syn::DeriveInput) {
    let syn::Data::Struct(data) = &input.data else {
        return;
    };
    for field in &data.fields {
        let name = field
            .ident
            .as_ref()
            .map(|i| i.to_string().trim_start_matches("r#").to_owned())
            .unwrap_or_else(|| "field".to_owned());
        for attr in field.attrs.iter().filter(|a| a.path().is_ident("unique")) {
            cx.error_at(
                attr,
                format!(
                    "#[unique] goes on the struct, not on a field: put #[unique(\"{name}\")] on \
                     the struct (one attribute per constraint)"
                ),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(tokens: proc_macro2::TokenStream) -> (Vec<Vec<String>>, bool) {
        let input: syn::DeriveInput = syn::parse2(tokens).unwrap();
        let cx = Ctxt::new();
        let out = attrs(&cx, &input.attrs)
            .into_iter()
            .map(|u| u.fields.iter().map(LitStr::value).collect())
            .collect();
        (out, cx.check().is_err())
    }

    #[test]
    fn one_constraint_per_attribute() {
        let (out, failed) = read(quote::quote! {
            #[unique("email")] #[unique("org", "handle",)] struct U;
        });
        assert_eq!(out, vec![vec!["email"], vec!["org", "handle"]]);
        assert!(!failed);
    }

    #[test]
    fn empty_and_non_string_are_errors() {
        for tokens in [
            quote::quote! { #[unique()] struct U; },
            quote::quote! { #[unique(email)] struct U; },
            quote::quote! { #[unique] struct U; },
        ] {
            let (out, failed) = read(tokens);
            assert!(out.is_empty() && failed);
        }
    }
}
