//! Key encoders, parsers and matchers over a [`KeyTemplate`] and a tuple of field values: what
//! every generated `partition_key`, `key(…)` and `parse_*_key` calls (and `Entity::matches_*_key`,
//! through the generated template), so an entity's expansion is one call per key instead of a
//! step per segment.
//!
//! The tuples are implemented here once, up to [`MAX_FIELDS`] placeholders: `(&A0, &A1, …)` of
//! [`SegmentArg`]s encodes by [`Values`], `(T0, T1, …)` of [`KeySegment`]s decodes and validates by
//! [`Segments`]. The encoding path is `inline(always)` in optimised builds (a plain `#[inline]`
//! with debug assertions, so a debug build does not copy it into every generated function), so
//! the template, a constant, folds into straight-line code per entity, as a hand-written encoder.

use std::marker::PhantomData;

use crate::error::{KeyError, KeyErrorKind, KeyRole};
use crate::segment::{KeySegment, SegmentArg};
use crate::shard::Sharding;
pub use crate::template::Segments;
use crate::template::{decode_field, push_field, KeyTemplate, TemplatePart};

/// The most placeholders a key template may have (the derive refuses more): the tuples of
/// [`Values`] and [`Segments`] go this far.
pub const MAX_FIELDS: usize = 16;

/// A placeholder of a key template for a field of type `T` (its `KeySegment::WIDTH` and
/// `KeySegment::ANY_TEXT`).
pub const fn field<T: KeySegment>(name: &'static str) -> TemplatePart {
    TemplatePart::field::<T>(name)
}

/// A walk over a template's parts while a key is written: literals are copied, each placeholder
/// is handed out with its name and terminator.
pub struct Walk<'t> {
    template: &'t KeyTemplate,
    at: usize,
}

impl<'t> Walk<'t> {
    /// At the start of `template`.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn new(template: &'t KeyTemplate) -> Self {
        Walk { template, at: 0 }
    }

    /// At placeholder `field` (0-based) of `template`, literals before it not copied.
    #[inline]
    pub fn at_field(template: &'t KeyTemplate, field: usize) -> Self {
        let mut seen = 0;
        for (at, part) in template.parts().iter().enumerate() {
            if let TemplatePart::Field { .. } = part {
                if seen == field {
                    return Walk { template, at };
                }
                seen += 1;
            }
        }
        Walk {
            template,
            at: template.parts().len(),
        }
    }

    /// Copies the literals up to the next placeholder into `out`, and returns the placeholder's
    /// name and terminator (the first character of the literal after it); `None` past the last.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn next_field(&mut self, out: &mut String) -> Option<(&'static str, Option<char>)> {
        let parts = self.template.parts();
        while let Some(part) = parts.get(self.at) {
            self.at += 1;
            match *part {
                TemplatePart::Literal(text) => out.push_str(text),
                TemplatePart::Field { name, .. } => {
                    let terminator = match parts.get(self.at) {
                        Some(TemplatePart::Literal(text)) => text.chars().next(),
                        _ => None,
                    };
                    return Some((name, terminator));
                }
            }
        }
        None
    }

    /// Copies the literals up to the next placeholder (or the end) into `out`.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn literals(&mut self, out: &mut String) {
        let parts = self.template.parts();
        while let Some(TemplatePart::Literal(text)) = parts.get(self.at) {
            out.push_str(text);
            self.at += 1;
        }
    }

    /// Appends `value` as the next placeholder, as [`push_field`] does.
    ///
    /// # Errors
    /// As [`push_field`]; [`KeyErrorKind::Condition`] when the template has no placeholder left
    /// (generated code never passes more values than placeholders).
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn push<T: KeySegment, A: SegmentArg<T> + ?Sized>(
        &mut self,
        out: &mut String,
        value: &A,
    ) -> Result<(), KeyError> {
        match self.next_field(out) {
            Some((name, terminator)) => {
                push_field::<T, A>(out, value, name, terminator, self.template.text())
            }
            None => Err(self.too_many()),
        }
    }

    #[cold]
    fn too_many(&self) -> KeyError {
        KeyErrorKind::Condition(format!(
            "more values than placeholders for key template {:?}",
            self.template.text()
        ))
        .into()
    }
}

/// The values of a template's placeholders, in order: a tuple `(&A0, &A1, …)` where each `Ai` is a
/// [`SegmentArg`] of the field type `Ti` of `Ts = (T0, T1, …)`.
pub trait Values<Ts> {
    /// Appends the key these values make by `template` (literals included) to `out`.
    ///
    /// A template's parts alternate (a literal, then a placeholder and the literal after it, …;
    /// `KeyTemplate::new` and the derive keep them so), so value `i` is part `lead + 2i`: each
    /// step indexes the parts directly, and with the template a constant an optimised build
    /// folds the whole key into straight-line code, as a hand-written encoder.
    ///
    /// # Errors
    /// As [`push_field`], for the first value that fails.
    fn push_key(self, template: &KeyTemplate, out: &mut String) -> Result<(), KeyError>;
}

/// Appends `value` as the placeholder at part `at` of `template`, then the literal after it.
///
/// # Errors
/// As [`push_field`]; [`KeyErrorKind::Condition`] when part `at` is not a placeholder (more
/// values than placeholders: generated code never passes them).
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn push_at<T: KeySegment, A: SegmentArg<T> + ?Sized>(
    out: &mut String,
    value: &A,
    template: &KeyTemplate,
    at: usize,
) -> Result<(), KeyError> {
    let parts = template.parts();
    let (name, after) = match (parts.get(at), parts.get(at + 1)) {
        (Some(TemplatePart::Field { name, .. }), Some(TemplatePart::Literal(after))) => {
            (*name, *after)
        }
        (Some(TemplatePart::Field { name, .. }), None) => (*name, ""),
        _ => return Err(too_many(template)),
    };
    push_field::<T, A>(out, value, name, after.chars().next(), template.text())?;
    out.push_str(after);
    Ok(())
}

#[cold]
fn too_many(template: &KeyTemplate) -> KeyError {
    KeyErrorKind::Condition(format!(
        "more values than placeholders for key template {:?}",
        template.text()
    ))
    .into()
}

/// A key template whose placeholders' field types are `Ts` (a tuple): the constant a generated
/// encoder, parser or matcher names, so the field types are written once, in its type.
pub struct Template<Ts> {
    /// The template.
    pub template: KeyTemplate,
    types: PhantomData<fn() -> Ts>,
}

/// The key template `text` of role `role`, split into `parts` by the derive, for fields `Ts`.
pub const fn template<Ts: Segments>(
    text: &'static str,
    role: KeyRole,
    parts: &'static [TemplatePart],
) -> Template<Ts> {
    Template {
        template: KeyTemplate::from_parts(text, role, parts).with_valid(Ts::valid),
        types: PhantomData,
    }
}

impl<Ts> Template<Ts> {
    /// [`encode`] by this template.
    ///
    /// # Errors
    /// As [`encode`].
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn encode<V: Values<Ts>>(&self, values: V) -> Result<String, KeyError> {
        encode(&self.template, values)
    }

    /// [`encode`] by this template, as `Some` (the generated `Entity::sort_key`).
    ///
    /// # Errors
    /// As [`encode`].
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn encode_some<V: Values<Ts>>(&self, values: V) -> Result<Option<String>, KeyError> {
        encode(&self.template, values).map(Some)
    }

    /// [`encode_sharded`] by this template.
    ///
    /// # Errors
    /// As [`encode_sharded`].
    #[inline]
    pub fn encode_sharded<V, T, A>(
        &self,
        values: V,
        shard_value: &A,
        sharding: &Sharding,
    ) -> Result<String, KeyError>
    where
        V: Values<Ts>,
        T: KeySegment,
        A: SegmentArg<T> + ?Sized,
    {
        encode_sharded(&self.template, values, shard_value, sharding)
    }
}

impl<Ts: Segments> Template<Ts> {
    /// [`parse`] by this template.
    ///
    /// # Errors
    /// As [`parse`].
    #[inline]
    pub fn parse(&self, key: &str) -> Result<Ts, KeyError> {
        Ts::decode(&self.template, key)
    }

    /// [`parse_sharded`] by this template.
    ///
    /// # Errors
    /// As [`parse_sharded`].
    #[inline]
    pub fn parse_sharded(&self, sharding: &Sharding, key: &str) -> Result<Ts, KeyError> {
        parse_sharded(&self.template, sharding, key)
    }
}

/// The key `values` make by `template`, checked against DynamoDB's size rules: the generated
/// `Entity::partition_key`/`sort_key`, `key(…)`, `query(…)` and index keys.
///
/// # Errors
/// As [`push_field`] for each value, then [`KeyErrorKind::EmptyKey`] / [`KeyErrorKind::TooLong`].
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub fn encode<Ts, V: Values<Ts>>(template: &KeyTemplate, values: V) -> Result<String, KeyError> {
    let mut out = String::with_capacity(template.capacity());
    values.push_key(template, &mut out)?;
    super::finish_key(template.role(), out)
}

/// The partition key of a sharded entity: the logical key `values` make by `template`, then the
/// shard suffix `shard_value` (the shard field) chooses (see [`Sharding`](crate::Sharding)).
///
/// # Errors
/// As [`encode`], and as [`push_field`] for the shard field.
#[inline]
pub fn encode_sharded<Ts, V, T, A>(
    template: &KeyTemplate,
    values: V,
    shard_value: &A,
    sharding: &Sharding,
) -> Result<String, KeyError>
where
    V: Values<Ts>,
    T: KeySegment,
    A: SegmentArg<T> + ?Sized,
{
    let logical = encode(template, values)?;
    super::shard_partition_key::<T, A>(logical, shard_value, sharding.field(), sharding)
}

/// The fields of `key` by `template`, as the tuple `S` of their types: the generated
/// `parse_*_key`. Canonical: only what the encoder writes parses.
///
/// # Errors
/// [`KeyErrorKind::EmptyKey`] / [`KeyErrorKind::TooLong`], [`KeyErrorKind::Mismatch`] when the
/// key has another shape, [`KeyErrorKind::Segment`] when a segment is not its field's encoding.
#[inline]
pub fn parse<S: Segments>(template: &KeyTemplate, key: &str) -> Result<S, KeyError> {
    S::decode(template, key)
}

/// [`parse`] of a sharded partition key: the suffix is checked and taken off first.
///
/// # Errors
/// As [`parse`]; [`KeyErrorKind::Mismatch`] without a shard suffix of `sharding`.
#[inline]
pub fn parse_sharded<S: Segments>(
    template: &KeyTemplate,
    sharding: &Sharding,
    key: &str,
) -> Result<S, KeyError> {
    KeyError::check_size(KeyRole::Partition, key)?;
    let logical = sharding.logical_key(key, template.text())?;
    S::decode(template, logical)
}

/// The name of placeholder `i` of `template` (for errors).
#[inline]
fn name(template: &KeyTemplate, i: usize) -> &'static str {
    template.fields().nth(i).unwrap_or_default()
}

macro_rules! tuples {
    ($( $n:literal: ($($i:tt $T:ident $A:ident $s:ident),*); )*) => {$(
        impl<$($T: KeySegment, $A: SegmentArg<$T> + ?Sized),*> Values<($($T,)*)> for ($(&$A,)*) {
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            #[allow(unused_variables)]
            fn push_key(self, template: &KeyTemplate, out: &mut String) -> Result<(), KeyError> {
                let lead = match template.parts().first() {
                    Some(TemplatePart::Literal(text)) => {
                        out.push_str(text);
                        1
                    }
                    _ => 0,
                };
                $( push_at::<$T, $A>(out, self.$i, template, lead + 2 * $i)?; )*
                Ok(())
            }
        }

        impl<$($T: KeySegment),*> Segments for ($($T,)*) {
            #[inline]
            #[allow(unused_variables)]
            fn decode(template: &KeyTemplate, key: &str) -> Result<Self, KeyError> {
                let [$($s),*] = super::parse_segments::<$n>(template, key)?;
                Ok(($(decode_field::<$T>($s, name(template, $i))?,)*))
            }

            #[inline]
            #[allow(unused_variables)]
            fn valid(template: &KeyTemplate, key: &str) -> bool {
                match super::match_segments::<$n>(template, key) {
                    Some([$($s),*]) => true $(&& <$T as KeySegment>::is_valid_segment($s))*,
                    None => false,
                }
            }
        }
    )*};
}

tuples! {
    0: ();
    1: (0 T0 A0 s0);
    2: (0 T0 A0 s0, 1 T1 A1 s1);
    3: (0 T0 A0 s0, 1 T1 A1 s1, 2 T2 A2 s2);
    4: (0 T0 A0 s0, 1 T1 A1 s1, 2 T2 A2 s2, 3 T3 A3 s3);
    5: (0 T0 A0 s0, 1 T1 A1 s1, 2 T2 A2 s2, 3 T3 A3 s3, 4 T4 A4 s4);
    6: (0 T0 A0 s0, 1 T1 A1 s1, 2 T2 A2 s2, 3 T3 A3 s3, 4 T4 A4 s4, 5 T5 A5 s5);
    7: (0 T0 A0 s0, 1 T1 A1 s1, 2 T2 A2 s2, 3 T3 A3 s3, 4 T4 A4 s4, 5 T5 A5 s5, 6 T6 A6 s6);
    8: (0 T0 A0 s0, 1 T1 A1 s1, 2 T2 A2 s2, 3 T3 A3 s3, 4 T4 A4 s4, 5 T5 A5 s5, 6 T6 A6 s6,
        7 T7 A7 s7);
    9: (0 T0 A0 s0, 1 T1 A1 s1, 2 T2 A2 s2, 3 T3 A3 s3, 4 T4 A4 s4, 5 T5 A5 s5, 6 T6 A6 s6,
        7 T7 A7 s7, 8 T8 A8 s8);
    10: (0 T0 A0 s0, 1 T1 A1 s1, 2 T2 A2 s2, 3 T3 A3 s3, 4 T4 A4 s4, 5 T5 A5 s5, 6 T6 A6 s6,
        7 T7 A7 s7, 8 T8 A8 s8, 9 T9 A9 s9);
    11: (0 T0 A0 s0, 1 T1 A1 s1, 2 T2 A2 s2, 3 T3 A3 s3, 4 T4 A4 s4, 5 T5 A5 s5, 6 T6 A6 s6,
        7 T7 A7 s7, 8 T8 A8 s8, 9 T9 A9 s9, 10 T10 A10 s10);
    12: (0 T0 A0 s0, 1 T1 A1 s1, 2 T2 A2 s2, 3 T3 A3 s3, 4 T4 A4 s4, 5 T5 A5 s5, 6 T6 A6 s6,
        7 T7 A7 s7, 8 T8 A8 s8, 9 T9 A9 s9, 10 T10 A10 s10, 11 T11 A11 s11);
    13: (0 T0 A0 s0, 1 T1 A1 s1, 2 T2 A2 s2, 3 T3 A3 s3, 4 T4 A4 s4, 5 T5 A5 s5, 6 T6 A6 s6,
        7 T7 A7 s7, 8 T8 A8 s8, 9 T9 A9 s9, 10 T10 A10 s10, 11 T11 A11 s11, 12 T12 A12 s12);
    14: (0 T0 A0 s0, 1 T1 A1 s1, 2 T2 A2 s2, 3 T3 A3 s3, 4 T4 A4 s4, 5 T5 A5 s5, 6 T6 A6 s6,
        7 T7 A7 s7, 8 T8 A8 s8, 9 T9 A9 s9, 10 T10 A10 s10, 11 T11 A11 s11, 12 T12 A12 s12,
        13 T13 A13 s13);
    15: (0 T0 A0 s0, 1 T1 A1 s1, 2 T2 A2 s2, 3 T3 A3 s3, 4 T4 A4 s4, 5 T5 A5 s5, 6 T6 A6 s6,
        7 T7 A7 s7, 8 T8 A8 s8, 9 T9 A9 s9, 10 T10 A10 s10, 11 T11 A11 s11, 12 T12 A12 s12,
        13 T13 A13 s13, 14 T14 A14 s14);
    16: (0 T0 A0 s0, 1 T1 A1 s1, 2 T2 A2 s2, 3 T3 A3 s3, 4 T4 A4 s4, 5 T5 A5 s5, 6 T6 A6 s6,
        7 T7 A7 s7, 8 T8 A8 s8, 9 T9 A9 s9, 10 T10 A10 s10, 11 T11 A11 s11, 12 T12 A12 s12,
        13 T13 A13 s13, 14 T14 A14 s14, 15 T15 A15 s15);
}
