//! Stage 3 of `#[derive(KeySegment)]`: the key texts keep the `KeySegment` contract — key order
//! is the enum's derived `Ord` order (declaration order), so the texts are non-empty, distinct and
//! increase byte-wise (DynamoDB compares string keys by their UTF-8 bytes: AWS developer guide,
//! "Working with queries — Key condition expressions").
//!
//! Variants out of order are one mistake however many variants it moves, so they are one error:
//! at the first variant whose text sorts before an earlier one, with the order to declare them in.

use crate::ctxt::Ctxt;
use crate::model::segment_enum::{SegmentEnum, Variant};

pub fn segment_enum(cx: &Ctxt, segment_enum: &SegmentEnum<'_>) {
    if !segment_enum.input.generics.params.is_empty() {
        cx.error_at(
            &segment_enum.input.generics,
            "#[derive(KeySegment)] does not support generic enums",
        );
    }
    let variants = &segment_enum.variants;
    if let syn::Data::Enum(data) = &segment_enum.input.data {
        if data.variants.is_empty() {
            cx.error_at(
                segment_enum.ident,
                "a key segment enum needs at least one variant with its #[key(\"…\")] text",
            );
        }
    }
    let mut distinct: Vec<&Variant<'_>> = Vec::with_capacity(variants.len());
    for variant in variants {
        let text = variant.key.value();
        if text.is_empty() {
            cx.error_at(
                &variant.key,
                "the key text must not be empty: DynamoDB rejects empty key values, and an empty \
                 text would be a prefix of every other",
            );
        } else if let Some(first) = distinct.iter().find(|v| v.key.value() == text) {
            cx.error_at(
                &variant.key,
                format!(
                    "key {text:?} is also the key of variant `{}`, so a key could not be decoded \
                     back; give each variant its own text",
                    first.ident
                ),
            );
        } else {
            distinct.push(variant);
        }
    }
    order(cx, segment_enum, &distinct);
}

/// One error when the (non-empty, distinct) texts do not increase in declaration order.
fn order(cx: &Ctxt, segment_enum: &SegmentEnum<'_>, variants: &[&Variant<'_>]) {
    let bytes = |v: &Variant<'_>| v.key.value().into_bytes();
    let Some(i) = (1..variants.len()).find(|&i| bytes(variants[i]) < bytes(variants[i - 1])) else {
        return;
    };
    let (late, early) = (variants[i], variants[i - 1]);
    let mut sorted = variants.to_vec();
    sorted.sort_by_key(|v| bytes(v));
    let in_order: Vec<String> = sorted
        .iter()
        .map(|v| format!("{} ({:?})", v.ident, v.key.value()))
        .collect();
    cx.error_at(
        &late.key,
        format!(
            "the variants of `{}` are not in key byte order: {:?} (`{}`) sorts before {:?} (`{}`, \
             declared above it), but key order must be declaration order (the derived `Ord`); \
             declare the variants in key order — {} — or change the texts",
            segment_enum.ident,
            late.key.value(),
            late.ident,
            early.key.value(),
            early.ident,
            in_order.join(", ")
        ),
    );
}
