//! What a generated sort-key builder (`<Entity>Sk<D>`, `<Entity><Index>Sk<D>`) calls: its steps
//! ([`start`], [`fill`], [`fill_partial`]) over the template constant, and the build-time checks of
//! its depth, written once here for every builder (and [`PrefixAt`], the field its `prefix(…)`
//! stands at):
//!
//! - [`At`]: the builder's [`Kind`](crate::condition::SortKeyBuilder::Kind) at depth `D` is element `D` of a tuple
//!   of kinds the derive writes per builder (`(EntityPrefix, Group, Complete)` for two fields), so
//!   one `SortKeyBuilder` impl covers every depth;
//! - [`FieldAt`], [`DepthOf`] and [`NextField`]: the fill order. A field method is callable on
//!   every depth, bounded by `Fields: Fill<D, f, N>` ([`Fill`]: `Fields: FieldAt<D, f>` and
//!   `<Fields as FieldAt<D, f>>::Next: NextField<f, N, Fields>`, one bound instead of two in every
//!   method), where `Fields` is a tuple of one marker type per field;
//!   `NextField`'s one impl, `impl<F, N, Fields: DepthOf<F, N>> NextField<F, N, Fields> for F`,
//!   holds exactly when `f` is the field at depth `D`, and then makes the method's `const N` (the
//!   depth it returns) `D + 1`. A field filled out of order is one error
//!   naming it and the field to fill first, and leaves `N` unknown, which rustc does not report
//!   again (nor anything that follows from it); past the last field, `FieldAt` itself is the
//!   error: the key is complete. No trait or impl per (depth, field) pair.

use super::{finish_prefix, push_partial};
use crate::condition::{Complete, CompleteWithLiteral, EntityPrefix, Group, SegmentPrefix};
use crate::error::KeyError;
use crate::segment::{KeySegment, SegmentArg};
use crate::template::KeyTemplate;
use crate::SortKeyPartial;

use super::segments::{Template, Walk};

/// The key a sort-key builder holds: the text so far, or the first encoding error (returned when
/// the query is built).
pub type SortKey = Result<String, KeyError>;

/// `<Entity>::sk()`: the literal prefix of `template`.
#[inline]
pub fn start(template: &KeyTemplate) -> SortKey {
    let mut out = String::new();
    Walk::new(template).literals(&mut out);
    Ok(out)
}

/// One fill step (`.created(v)`): appends `value` as placeholder `field` (0-based) of `template`,
/// then the literals up to the next placeholder; the first error is kept.
///
/// # Errors
/// As [`push_field`](crate::template::push_field), or the error already held.
#[inline]
pub fn fill<T: KeySegment, A: SegmentArg<T> + ?Sized>(
    key: SortKey,
    value: &A,
    template: &KeyTemplate,
    field: usize,
) -> SortKey {
    let mut out = key?;
    let mut walk = Walk::at_field(template, field);
    walk.push::<T, A>(&mut out, value)?;
    walk.literals(&mut out);
    Ok(out)
}

/// The `prefix(partial)` step: the key so far, then a partial value of placeholder `field` (the
/// next one to fill; [`push_partial`]), as a [`SortKeyPartial`] for `begins_with`.
#[inline]
pub fn fill_partial<T, E, I>(
    key: SortKey,
    partial: &impl SegmentPrefix<T>,
    template: &KeyTemplate,
    field: usize,
) -> SortKeyPartial<E, I> {
    SortKeyPartial::new(key.and_then(|mut out| {
        let (name, terminator) = Walk::at_field(template, field)
            .next_field(&mut out)
            .unwrap_or_default();
        push_partial(&mut out, partial, name, terminator, template.text())?;
        finish_prefix(out)
    }))
}

impl<Ts> Template<Ts> {
    /// [`start`] of this template.
    #[inline]
    pub fn start(&self) -> SortKey {
        start(&self.template)
    }

    /// [`fill`] of placeholder `K`, whose field type is element `K` of `Ts`.
    ///
    /// # Errors
    /// As [`fill`].
    #[inline]
    pub fn fill<const K: usize, A>(&self, key: SortKey, value: &A) -> SortKey
    where
        Ts: At<K>,
        <Ts as At<K>>::Out: KeySegment,
        A: SegmentArg<<Ts as At<K>>::Out> + ?Sized,
    {
        fill::<<Ts as At<K>>::Out, A>(key, value, &self.template, K)
    }

    /// [`fill_partial`] of placeholder `K`, the next one of a builder at depth `K`.
    #[inline]
    pub fn fill_partial<const K: usize, E, I>(
        &self,
        key: SortKey,
        partial: &impl SegmentPrefix<<Ts as PrefixAt<K>>::Field>,
    ) -> SortKeyPartial<E, I>
    where
        Ts: PrefixAt<K>,
    {
        fill_partial(key, partial, &self.template, K)
    }
}

/// The type of the field a sort-key builder at depth `D` fills next, among its template's field
/// types `Self` (a tuple): what its `prefix(…)` takes a partial value of. Not implemented past the
/// last field, where the builder is a complete key: `prefix` there is this error.
#[diagnostic::on_unimplemented(
    message = "`prefix(…)` takes a partial value of the next field to fill, and this sort key has none: every field is filled",
    label = "the sort key is complete",
    note = "compare a complete key with `eq`, `gte`, `between` …; for a partial value, call `prefix(…)` where the field it stands for is the next to fill (e.g. `Project::sk().created(5).prefix(\"ab\")` for `id`)"
)]
pub trait PrefixAt<const D: usize> {
    /// The field type.
    type Field;
}

/// Element `I` of a tuple (a builder's kind at depth `I`).
pub trait At<const I: usize> {
    /// The element.
    type Out;
}

/// Element `I` of a tuple of field markers: the field a builder of depth `I` fills next. Not
/// implemented past the last field, where a builder is a complete key: filling `F` there is this
/// error.
#[diagnostic::on_unimplemented(
    message = "sort-key field `{F}` is already filled: every field of `{Self}` is, so this is a complete sort key (for `eq`, `gte`, `between` …)",
    label = "`{F}` is already filled"
)]
pub trait FieldAt<const I: usize, F> {
    /// The field to fill next.
    type Next;
}

/// The kinds of a builder of a template without placeholders.
pub type Kinds0 = (CompleteWithLiteral,);
/// The kinds of a builder of 1 fields, its template ending in a placeholder.
pub type Kinds1 = (EntityPrefix, Complete);
/// The kinds of a builder of 1 fields, its template ending in a literal.
pub type Kinds1Literal = (EntityPrefix, CompleteWithLiteral);
/// The kinds of a builder of 2 fields, its template ending in a placeholder.
pub type Kinds2 = (EntityPrefix, Group, Complete);
/// The kinds of a builder of 2 fields, its template ending in a literal.
pub type Kinds2Literal = (EntityPrefix, Group, CompleteWithLiteral);
/// The kinds of a builder of 3 fields, its template ending in a placeholder.
pub type Kinds3 = (EntityPrefix, Group, Group, Complete);
/// The kinds of a builder of 3 fields, its template ending in a literal.
pub type Kinds3Literal = (EntityPrefix, Group, Group, CompleteWithLiteral);
/// The kinds of a builder of 4 fields, its template ending in a placeholder.
pub type Kinds4 = (EntityPrefix, Group, Group, Group, Complete);
/// The kinds of a builder of 4 fields, its template ending in a literal.
pub type Kinds4Literal = (EntityPrefix, Group, Group, Group, CompleteWithLiteral);
/// The kinds of a builder of 5 fields, its template ending in a placeholder.
pub type Kinds5 = (EntityPrefix, Group, Group, Group, Group, Complete);
/// The kinds of a builder of 5 fields, its template ending in a literal.
pub type Kinds5Literal = (
    EntityPrefix,
    Group,
    Group,
    Group,
    Group,
    CompleteWithLiteral,
);
/// The kinds of a builder of 6 fields, its template ending in a placeholder.
pub type Kinds6 = (EntityPrefix, Group, Group, Group, Group, Group, Complete);
/// The kinds of a builder of 6 fields, its template ending in a literal.
pub type Kinds6Literal = (
    EntityPrefix,
    Group,
    Group,
    Group,
    Group,
    Group,
    CompleteWithLiteral,
);
/// The kinds of a builder of 7 fields, its template ending in a placeholder.
pub type Kinds7 = (
    EntityPrefix,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Complete,
);
/// The kinds of a builder of 7 fields, its template ending in a literal.
pub type Kinds7Literal = (
    EntityPrefix,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    CompleteWithLiteral,
);
/// The kinds of a builder of 8 fields, its template ending in a placeholder.
pub type Kinds8 = (
    EntityPrefix,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Complete,
);
/// The kinds of a builder of 8 fields, its template ending in a literal.
pub type Kinds8Literal = (
    EntityPrefix,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    CompleteWithLiteral,
);
/// The kinds of a builder of 9 fields, its template ending in a placeholder.
pub type Kinds9 = (
    EntityPrefix,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Complete,
);
/// The kinds of a builder of 9 fields, its template ending in a literal.
pub type Kinds9Literal = (
    EntityPrefix,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    CompleteWithLiteral,
);
/// The kinds of a builder of 10 fields, its template ending in a placeholder.
pub type Kinds10 = (
    EntityPrefix,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Complete,
);
/// The kinds of a builder of 10 fields, its template ending in a literal.
pub type Kinds10Literal = (
    EntityPrefix,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    CompleteWithLiteral,
);
/// The kinds of a builder of 11 fields, its template ending in a placeholder.
pub type Kinds11 = (
    EntityPrefix,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Complete,
);
/// The kinds of a builder of 11 fields, its template ending in a literal.
pub type Kinds11Literal = (
    EntityPrefix,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    CompleteWithLiteral,
);
/// The kinds of a builder of 12 fields, its template ending in a placeholder.
pub type Kinds12 = (
    EntityPrefix,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Complete,
);
/// The kinds of a builder of 12 fields, its template ending in a literal.
pub type Kinds12Literal = (
    EntityPrefix,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    CompleteWithLiteral,
);
/// The kinds of a builder of 13 fields, its template ending in a placeholder.
pub type Kinds13 = (
    EntityPrefix,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Complete,
);
/// The kinds of a builder of 13 fields, its template ending in a literal.
pub type Kinds13Literal = (
    EntityPrefix,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    CompleteWithLiteral,
);
/// The kinds of a builder of 14 fields, its template ending in a placeholder.
pub type Kinds14 = (
    EntityPrefix,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Complete,
);
/// The kinds of a builder of 14 fields, its template ending in a literal.
pub type Kinds14Literal = (
    EntityPrefix,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    CompleteWithLiteral,
);
/// The kinds of a builder of 15 fields, its template ending in a placeholder.
pub type Kinds15 = (
    EntityPrefix,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Complete,
);
/// The kinds of a builder of 15 fields, its template ending in a literal.
pub type Kinds15Literal = (
    EntityPrefix,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    CompleteWithLiteral,
);
/// The kinds of a builder of 16 fields, its template ending in a placeholder.
pub type Kinds16 = (
    EntityPrefix,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Complete,
);
/// The kinds of a builder of 16 fields, its template ending in a literal.
pub type Kinds16Literal = (
    EntityPrefix,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    Group,
    CompleteWithLiteral,
);

macro_rules! at {
    ($($tuple:tt; $($i:literal $x:ident)*;)*) => { $( $( at!(@one $tuple $i $x); )* )* };
    (@one ($($all:ident),*) $i:literal $x:ident) => {
        impl<$($all),*> At<$i> for ($($all,)*) {
            type Out = $x;
        }
    };
}

/// The depth `N` a builder reaches by filling field `F`, among the markers `Self`: one more than
/// `F`'s position (see [`FieldAt`]).
pub trait DepthOf<F, const N: usize> {}

/// The fill-order check of every generated sort-key builder whose fields' markers are `Fields`:
/// implemented for the field `Self` to fill next when the field called is `F`, which then brings
/// the builder to depth `N`. Named in the bounds of each field method, through [`Fill`], as
/// `<Fields as FieldAt<D, F>>::Next: NextField<F, N, Fields>`, so a field filled out of order is
/// this one error at the call, naming the field called, the field to fill first and the order; `N` is left unknown,
/// which rustc does not report again.
#[diagnostic::on_unimplemented(
    message = "sort-key field `{F}` cannot be filled now: the next field is `{Self}` (this sort-key builder fills its template's fields {Fields} in that order)",
    label = "fill `{Self}` first"
)]
pub trait NextField<F, const N: usize, Fields> {}
impl<F, const N: usize, Fields: DepthOf<F, N>> NextField<F, N, Fields> for F {}

/// The bound of a generated field method filling `F` on a builder of depth `D`, which brings it
/// to depth `N`: `Self` (the builder's tuple of field markers) is `FieldAt<D, F>` and the field at
/// `D` is [`NextField`]`<F, N, Self>`. One bound in each method instead of those two (fewer
/// predicates for rustc to check in every entity's expansion); a failure is reported as the
/// failing one of the two: [`NextField`]'s message for a field out of order; past the last field
/// (`FieldAt` not implemented), rustc reports this bound itself, with [`FieldAt`]'s message.
#[diagnostic::on_unimplemented(
    message = "sort-key field `{F}` is already filled: every field of `{Self}` is, so this is a complete sort key (for `eq`, `gte`, `between` …)",
    label = "`{F}` is already filled"
)]
pub trait Fill<const D: usize, F, const N: usize> {}
impl<Fields, F, const D: usize, const N: usize> Fill<D, F, N> for Fields
where
    Fields: FieldAt<D, F>,
    <Fields as FieldAt<D, F>>::Next: NextField<F, N, Fields>,
{
}

/// [`NextField`] for the sort attributes of an attribute-wise index's builder.
#[diagnostic::on_unimplemented(
    message = "sort attribute `{F}` cannot be given now: the next sort attribute is `{Self}` (this builder gives its index's sort attributes {Fields} in that order)",
    label = "give `{Self}` first"
)]
pub trait NextAttribute<F, const N: usize, Fields> {}
impl<F, const N: usize, Fields: DepthOf<F, N>> NextAttribute<F, N, Fields> for F {}

macro_rules! field_at {
    ($($tuple:tt; $($i:literal $x:ident $n:literal)*;)*) => { $( $( field_at!(@one $tuple $i $x $n); )* )* };
    (@one ($($all:ident),*) $i:literal $x:ident $n:literal) => {
        #[diagnostic::do_not_recommend]
        impl<$($all,)* F> FieldAt<$i, F> for ($($all,)*) {
            type Next = $x;
        }
        impl<$($all),*> DepthOf<$x, $n> for ($($all,)*) {}
        #[diagnostic::do_not_recommend]
        impl<$($all),*> PrefixAt<$i> for ($($all,)*) {
            type Field = $x;
        }
    };
}

// Kinds of builders of 0 to 16 fields (one more kind than fields).
at! {
    (X0); 0 X0;
    (X0, X1); 0 X0 1 X1;
    (X0, X1, X2); 0 X0 1 X1 2 X2;
    (X0, X1, X2, X3); 0 X0 1 X1 2 X2 3 X3;
    (X0, X1, X2, X3, X4); 0 X0 1 X1 2 X2 3 X3 4 X4;
    (X0, X1, X2, X3, X4, X5); 0 X0 1 X1 2 X2 3 X3 4 X4 5 X5;
    (X0, X1, X2, X3, X4, X5, X6); 0 X0 1 X1 2 X2 3 X3 4 X4 5 X5 6 X6;
    (X0, X1, X2, X3, X4, X5, X6, X7); 0 X0 1 X1 2 X2 3 X3 4 X4 5 X5 6 X6 7 X7;
    (X0, X1, X2, X3, X4, X5, X6, X7, X8); 0 X0 1 X1 2 X2 3 X3 4 X4 5 X5 6 X6 7 X7 8 X8;
    (X0, X1, X2, X3, X4, X5, X6, X7, X8, X9); 0 X0 1 X1 2 X2 3 X3 4 X4 5 X5 6 X6 7 X7 8 X8 9 X9;
    (X0, X1, X2, X3, X4, X5, X6, X7, X8, X9, X10); 0 X0 1 X1 2 X2 3 X3 4 X4 5 X5 6 X6 7 X7 8 X8 9 X9 10 X10;
    (X0, X1, X2, X3, X4, X5, X6, X7, X8, X9, X10, X11); 0 X0 1 X1 2 X2 3 X3 4 X4 5 X5 6 X6 7 X7 8 X8 9 X9 10 X10 11 X11;
    (X0, X1, X2, X3, X4, X5, X6, X7, X8, X9, X10, X11, X12); 0 X0 1 X1 2 X2 3 X3 4 X4 5 X5 6 X6 7 X7 8 X8 9 X9 10 X10 11 X11 12 X12;
    (X0, X1, X2, X3, X4, X5, X6, X7, X8, X9, X10, X11, X12, X13); 0 X0 1 X1 2 X2 3 X3 4 X4 5 X5 6 X6 7 X7 8 X8 9 X9 10 X10 11 X11 12 X12 13 X13;
    (X0, X1, X2, X3, X4, X5, X6, X7, X8, X9, X10, X11, X12, X13, X14); 0 X0 1 X1 2 X2 3 X3 4 X4 5 X5 6 X6 7 X7 8 X8 9 X9 10 X10 11 X11 12 X12 13 X13 14 X14;
    (X0, X1, X2, X3, X4, X5, X6, X7, X8, X9, X10, X11, X12, X13, X14, X15); 0 X0 1 X1 2 X2 3 X3 4 X4 5 X5 6 X6 7 X7 8 X8 9 X9 10 X10 11 X11 12 X12 13 X13 14 X14 15 X15;
    (X0, X1, X2, X3, X4, X5, X6, X7, X8, X9, X10, X11, X12, X13, X14, X15, X16); 0 X0 1 X1 2 X2 3 X3 4 X4 5 X5 6 X6 7 X7 8 X8 9 X9 10 X10 11 X11 12 X12 13 X13 14 X14 15 X15 16 X16;
}

// Markers of 1 to 16 fields (and field types, for `PrefixAt`).
field_at! {
    (X0); 0 X0 1;
    (X0, X1); 0 X0 1 1 X1 2;
    (X0, X1, X2); 0 X0 1 1 X1 2 2 X2 3;
    (X0, X1, X2, X3); 0 X0 1 1 X1 2 2 X2 3 3 X3 4;
    (X0, X1, X2, X3, X4); 0 X0 1 1 X1 2 2 X2 3 3 X3 4 4 X4 5;
    (X0, X1, X2, X3, X4, X5); 0 X0 1 1 X1 2 2 X2 3 3 X3 4 4 X4 5 5 X5 6;
    (X0, X1, X2, X3, X4, X5, X6); 0 X0 1 1 X1 2 2 X2 3 3 X3 4 4 X4 5 5 X5 6 6 X6 7;
    (X0, X1, X2, X3, X4, X5, X6, X7); 0 X0 1 1 X1 2 2 X2 3 3 X3 4 4 X4 5 5 X5 6 6 X6 7 7 X7 8;
    (X0, X1, X2, X3, X4, X5, X6, X7, X8); 0 X0 1 1 X1 2 2 X2 3 3 X3 4 4 X4 5 5 X5 6 6 X6 7 7 X7 8 8 X8 9;
    (X0, X1, X2, X3, X4, X5, X6, X7, X8, X9); 0 X0 1 1 X1 2 2 X2 3 3 X3 4 4 X4 5 5 X5 6 6 X6 7 7 X7 8 8 X8 9 9 X9 10;
    (X0, X1, X2, X3, X4, X5, X6, X7, X8, X9, X10); 0 X0 1 1 X1 2 2 X2 3 3 X3 4 4 X4 5 5 X5 6 6 X6 7 7 X7 8 8 X8 9 9 X9 10 10 X10 11;
    (X0, X1, X2, X3, X4, X5, X6, X7, X8, X9, X10, X11); 0 X0 1 1 X1 2 2 X2 3 3 X3 4 4 X4 5 5 X5 6 6 X6 7 7 X7 8 8 X8 9 9 X9 10 10 X10 11 11 X11 12;
    (X0, X1, X2, X3, X4, X5, X6, X7, X8, X9, X10, X11, X12); 0 X0 1 1 X1 2 2 X2 3 3 X3 4 4 X4 5 5 X5 6 6 X6 7 7 X7 8 8 X8 9 9 X9 10 10 X10 11 11 X11 12 12 X12 13;
    (X0, X1, X2, X3, X4, X5, X6, X7, X8, X9, X10, X11, X12, X13); 0 X0 1 1 X1 2 2 X2 3 3 X3 4 4 X4 5 5 X5 6 6 X6 7 7 X7 8 8 X8 9 9 X9 10 10 X10 11 11 X11 12 12 X12 13 13 X13 14;
    (X0, X1, X2, X3, X4, X5, X6, X7, X8, X9, X10, X11, X12, X13, X14); 0 X0 1 1 X1 2 2 X2 3 3 X3 4 4 X4 5 5 X5 6 6 X6 7 7 X7 8 8 X8 9 9 X9 10 10 X10 11 11 X11 12 12 X12 13 13 X13 14 14 X14 15;
    (X0, X1, X2, X3, X4, X5, X6, X7, X8, X9, X10, X11, X12, X13, X14, X15); 0 X0 1 1 X1 2 2 X2 3 3 X3 4 4 X4 5 5 X5 6 6 X6 7 7 X7 8 8 X8 9 9 X9 10 10 X10 11 11 X11 12 12 X12 13 13 X13 14 14 X14 15 15 X15 16;
}
