//! `#[derive(KeySegment)]` for unit enums: each variant names its key text with `#[key("…")]`.
//!
//! The texts must increase byte-wise in declaration order, so the key order is the enum's derived
//! `Ord` order (the `KeySegment` contract); they must be non-empty and distinct.

use proc_macro2::TokenStream;
use quote::quote;
use syn::{DeriveInput, LitStr};

use crate::ctxt::Ctxt;
use crate::grammar::attrs;

pub fn expand(cx: &Ctxt, input: &DeriveInput) -> TokenStream {
    let syn::Data::Enum(data) = &input.data else {
        cx.error_at(&input.ident, "#[derive(KeySegment)] supports unit enums only; implement dynakey::KeySegment by hand for other types");
        return TokenStream::new();
    };
    if !input.generics.params.is_empty() {
        cx.error_at(
            &input.generics,
            "#[derive(KeySegment)] does not support generic enums",
        );
    }
    let mut variants: Vec<(&syn::Ident, LitStr)> = Vec::new();
    for variant in &data.variants {
        if !matches!(variant.fields, syn::Fields::Unit) {
            cx.error_at(&variant.fields, "key segment enums have unit variants only");
            continue;
        }
        let keys = attrs::variant_key(cx, &variant.attrs);
        match keys.as_slice() {
            [] => cx.error_at(
                &variant.ident,
                format!(
                    "variant `{}` needs its key text: #[key(\"{}\")]",
                    variant.ident,
                    variant.ident.to_string().to_uppercase()
                ),
            ),
            [key] => {
                if key.value().is_empty() {
                    cx.error_at(key, "the key text must not be empty");
                }
                if let Some((previous, previous_key)) = variants.last() {
                    if key.value().as_bytes() <= previous_key.value().as_bytes() {
                        cx.error_at(
                            key,
                            format!(
                                "key {:?} must sort after {:?} (variant `{}`) in UTF-8 byte order, so key \
                                 order matches declaration order; reorder the variants or change the texts",
                                key.value(),
                                previous_key.value(),
                                previous
                            ),
                        );
                    }
                }
                variants.push((&variant.ident, key.clone()));
            }
            [_, extra, ..] => cx.error_at(extra, "a variant has exactly one #[key]"),
        }
    }
    let ident = &input.ident;
    let what = format!(
        "{ident} (one of: {})",
        variants
            .iter()
            .map(|(_, k)| k.value())
            .collect::<Vec<_>>()
            .join(", ")
    );
    let encode = variants.iter().map(|(v, k)| quote!(#ident::#v => #k));
    let decode = variants
        .iter()
        .map(|(v, k)| quote!(#k => ::core::result::Result::Ok(#ident::#v)));
    quote! {
        #[automatically_derived]
        impl ::dynakey::KeySegment for #ident {
            fn encode_segment(&self, out: &mut ::dynakey::__private::String) -> ::core::result::Result<(), ::dynakey::SegmentError> {
                out.push_str(match self { #(#encode,)* });
                ::core::result::Result::Ok(())
            }
            fn decode_segment(text: &str) -> ::core::result::Result<Self, ::dynakey::SegmentError> {
                match text {
                    #(#decode,)*
                    _ => ::core::result::Result::Err(::dynakey::SegmentError::malformed(#what, text)),
                }
            }
        }
    }
}
