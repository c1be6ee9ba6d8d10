//! The attributes of `#[derive(KeySegment)]`: `#[key("TEXT")]` on each variant of a unit enum.
//!
//! Syntax only, one `#[key]` per variant (`grammar::given`); whether the input is a unit enum
//! and the texts are usable is for `model::segment_enum` and `checks::segment_enum`.

use syn::{Attribute, DeriveInput, LitStr};

use crate::ctxt::Ctxt;
use crate::grammar::given::Given;

/// The `#[key]` of one variant.
pub struct VariantKey {
    /// The key text, when a `#[key("…")]` parsed.
    pub key: Option<LitStr>,
    /// `true` when some `#[key]` attribute is written, even one that did not parse (so a
    /// malformed one is not also reported as missing).
    pub written: bool,
}

/// The `#[key]` of each variant, in declaration order; nothing when the input is not an enum.
pub fn attrs(cx: &Ctxt, input: &DeriveInput) -> Vec<VariantKey> {
    match &input.data {
        syn::Data::Enum(data) => data
            .variants
            .iter()
            .map(|variant| variant_key(cx, &variant.attrs))
            .collect(),
        _ => Vec::new(),
    }
}

fn variant_key(cx: &Ctxt, attrs: &[Attribute]) -> VariantKey {
    let mut out = VariantKey {
        key: None,
        written: false,
    };
    let mut given = Given::default();
    for attr in attrs.iter().filter(|a| a.path().is_ident("key")) {
        out.written = true;
        match attr.parse_args::<LitStr>() {
            Ok(lit) => {
                if given.first_time(
                    cx,
                    "#[key]",
                    &lit,
                    "keep one (a variant has exactly one key text)",
                ) {
                    out.key = Some(lit);
                }
            }
            Err(_) => cx.error_at(attr, "expected the variant's key text: #[key(\"ACTIVE\")]"),
        }
    }
    out
}
