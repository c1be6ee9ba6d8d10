//! Stage 2 of `#[derive(KeySegment)]`: a unit enum whose variants each carry their key text.
//!
//! Building it reports an input that is not an enum, variants with fields and variants without a
//! `#[key]`; whether the texts are usable (non-empty, distinct, in byte order) is
//! `checks::segment_enum`'s.

use syn::{DeriveInput, Ident, LitStr};

use crate::ctxt::Ctxt;
use crate::grammar::segment_enum::VariantKey;

/// One variant and its key text.
pub struct Variant<'a> {
    pub ident: &'a Ident,
    pub key: LitStr,
}

/// The enum as checks and code generation see it.
pub struct SegmentEnum<'a> {
    pub input: &'a DeriveInput,
    pub ident: &'a Ident,
    /// The unit variants with a key text, in declaration order.
    pub variants: Vec<Variant<'a>>,
}

/// Builds the model; `None` when the input is not an enum.
pub fn segment_enum<'a>(
    cx: &Ctxt,
    input: &'a DeriveInput,
    keys: Vec<VariantKey>,
) -> Option<SegmentEnum<'a>> {
    let syn::Data::Enum(data) = &input.data else {
        cx.error_at(
            &input.ident,
            "#[derive(KeySegment)] supports unit enums only; implement dynakey::KeySegment by hand \
             for other types",
        );
        return None;
    };
    let mut variants = Vec::with_capacity(keys.len());
    for (variant, key) in data.variants.iter().zip(keys) {
        if !matches!(variant.fields, syn::Fields::Unit) {
            cx.error_at(&variant.fields, "key segment enums have unit variants only");
            continue;
        }
        match key.key {
            Some(key) => variants.push(Variant {
                ident: &variant.ident,
                key,
            }),
            None if key.written => {}
            None => cx.error_at(
                &variant.ident,
                format!(
                    "variant `{}` needs its key text: #[key(\"{}\")]",
                    variant.ident,
                    variant.ident.to_string().to_uppercase()
                ),
            ),
        }
    }
    Some(SegmentEnum {
        input,
        ident: &input.ident,
        variants,
    })
}
