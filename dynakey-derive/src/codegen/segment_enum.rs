//! `#[derive(KeySegment)]` expansion for a checked unit enum: each variant encodes as its
//! `#[key("…")]` text and decodes from it.

use proc_macro2::TokenStream;
use quote::quote;

use crate::model::segment_enum::SegmentEnum;

pub fn expand(segment_enum: &SegmentEnum<'_>) -> TokenStream {
    let ident = segment_enum.ident;
    let variants = &segment_enum.variants;
    let texts: Vec<String> = variants.iter().map(|v| v.key.value()).collect();
    let what = format!("{ident} (one of: {})", texts.join(", "));
    let encode = variants.iter().map(|v| {
        let (variant, key) = (v.ident, &v.key);
        quote!(#ident::#variant => #key)
    });
    let decode = variants.iter().map(|v| {
        let (variant, key) = (v.ident, &v.key);
        quote!(#key => ::core::result::Result::Ok(#ident::#variant))
    });
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
                    _ => ::core::result::Result::Err(::dynakey::__private::unknown_variant(#what, text)),
                }
            }
        }
        #[automatically_derived]
        impl ::dynakey::__private::KeyTexts for #ident {
            const TEXTS: &'static [&'static str] = &[#(#texts),*];
        }
    }
}
