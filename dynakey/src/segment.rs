//! Key segments: the values that fill a template's placeholders, and their order-preserving
//! encodings.
//!
//! DynamoDB compares string key attributes as sequences of UTF-8 bytes (AWS developer guide,
//! "Query key condition expressions": *"strings are compared by the UTF-8 bytes of their
//! characters"*). Every [`KeySegment`] therefore encodes its value to text whose **byte order equals
//! the value's logical order**, and decodes that text back to the same value.
//!
//! | type | encoding | width (bytes) | example |
//! |---|---|---|---|
//! | `u8` `u16` `u32` `u64` `u128` | zero-padded to the type's maximum digits | 3, 5, 10, 20, 39 | `42u32` → `0000000042` |
//! | `i8` `i16` `i32` `i64` `i128` | `0` + zero-padded value when ≥ 0; `-` + zero-padded (value + 2^(bits-1)) when < 0 | 4, 6, 11, 20, 40 | `-1i32` → `-2147483647`, `7i32` → `00000000007` |
//! | `f32` `f64` | IEEE-754 bits mapped to their total order (`total_cmp`), upper-case hex; NaN is rejected | 8, 16 | `1.5f64` → `BFF8000000000000` |
//! | `bool` | `false` / `true` | 4–5 | `true` → `true` |
//! | `char` | the character | 1–4 | `'é'` → `é` |
//! | `String`, `Cow<str>` (and `&str` as an argument) | verbatim, case preserved | any | `"Acme"` → `Acme` |
//! | [`KeyPath`](crate::KeyPath) | segments joined by `/`, folders end in `/` | any | `root/photos/` |
//! | `ulid::Ulid` (feature `ulid`) | canonical Crockford base32 | 26 | `01ARZ3NDEKTSV4RRFFQ69G5FAV` |
//! | `uuid::Uuid` (feature `uuid`) | lower-case hyphenated | 36 | `67e55044-10b1-426f-9247-bb680e5fe0c8` |
//! | [`UtcTime`](crate::UtcTime) | `YYYY-MM-DDTHH:MM:SS.fffffffffZ`, years 0000–9999 (its attribute text too) | 30 | `2026-11-29T21:13:08.000000000Z` |
//! | [`EpochSeconds`](crate::EpochSeconds), [`EpochMillis`](crate::EpochMillis) | as `i64` | 20 | `EpochSeconds::from_secs(1796310406)` → `00000000001796310406` |
//! | `chrono::DateTime<Utc>` (feature `chrono`) | `YYYY-MM-DDTHH:MM:SS.fffffffffZ`, years 0000–9999 | 30 | `2026-11-29T21:13:08.000000000Z` |
//! | `time::OffsetDateTime` (feature `time`) | converted to UTC, same format as chrono | 30 | `2026-11-29T21:13:08.000000000Z` |
//! | unit enums with `#[derive(KeySegment)]` | each variant's declared key text | any | `Status::Active` → `ACTIVE` |
//!
//! Signed integers are ordered across the sign: `-10 < -2 < 0 < 7` holds for their encodings too,
//! which naive zero-padding (`-0000000010` > `-0000000002`) gets wrong.
//!
//! # Implementing `KeySegment` for your own type
//! Your implementation must guarantee, for all values `a` and `b` of the type:
//! 1. **order**: `a < b` ⇔ `encode(a) < encode(b)` comparing the UTF-8 bytes;
//! 2. **round-trip**: `decode(encode(a)) == a`;
//! 3. **fixed width, if any**: when every encoding has the same byte length, declare it in
//!    [`KeySegment::WIDTH`]; the decoder then reads exactly that many bytes. Variable-width encodings
//!    are checked for the template's terminator character by the key encoder, so they need not avoid
//!    it themselves;
//! 4. **no panics**: `decode_segment` returns an error on any text it did not produce.

mod float;
mod int;
mod text;

#[cfg(feature = "chrono")]
mod chrono;
#[cfg(feature = "time")]
mod time;
#[cfg(feature = "ulid")]
mod ulid;
#[cfg(feature = "uuid")]
mod uuid;

pub(crate) mod timestamp;

use crate::error::SegmentError;

/// A type that can fill a placeholder of a key template.
///
/// See the [module documentation](self) for the encodings shipped with dynakey and what an
/// implementation must guarantee. Encodings are measured in UTF-8 bytes. `Clone`, `PartialEq` and
/// `Debug` are required so the generated key-fields structs can derive them.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a key segment",
    label = "this field is used in a key template",
    note = "key segments are types with an order-preserving text encoding: integers, f32/f64, bool, char, \
            String, dynakey::KeyPath, dynakey::UtcTime/EpochSeconds/EpochMillis, ulid/uuid/chrono/time behind cargo features, or unit enums with \
            #[derive(dynakey::KeySegment)]; implement dynakey::KeySegment for your own type"
)]
pub trait KeySegment: Sized + Clone + PartialEq + std::fmt::Debug {
    /// The byte length of every encoding, when all encodings have the same length.
    ///
    /// A fixed-width segment is decoded by length rather than by searching for its terminator, and
    /// the key encoder skips the terminator check for it.
    const WIDTH: Option<usize> = None;

    /// `true` when every text decodes ([`is_valid_segment`](Self::is_valid_segment) always
    /// holds), as for `String`: a segment of this type accepts whatever text a key's shape puts
    /// there. The build-time overlap analysis of [collections](crate::Collection) relies on it to
    /// prove that two members' sort-key templates really share keys; `false` (the default) only
    /// makes that analysis leave the pair to the run-time check.
    const ANY_TEXT: bool = false;

    /// Appends the order-preserving encoding of `self` to `out`.
    ///
    /// # Errors
    /// [`SegmentError::Unencodable`] when the value has no encoding (e.g. `f64::NAN`).
    fn encode_segment(&self, out: &mut String) -> Result<(), SegmentError>;

    /// Parses text produced by [`encode_segment`](Self::encode_segment).
    ///
    /// # Errors
    /// [`SegmentError::Malformed`] for any other text; never panics.
    fn decode_segment(text: &str) -> Result<Self, SegmentError>;

    /// `true` when [`decode_segment`](Self::decode_segment) would accept `text`. Collections call
    /// it on every key they read to tell members apart; override it when it can be answered
    /// without building the value (`String` accepts any text without allocating).
    #[inline]
    fn is_valid_segment(text: &str) -> bool {
        Self::decode_segment(text).is_ok()
    }
}

/// A value accepted where a key segment of type `T` is expected, such as `&str` for a `String`
/// placeholder or `&T` for `T`.
///
/// It must encode exactly as the corresponding `T` would. Generated methods such as
/// `Project::key(workspace, created, id)` take `impl SegmentArg<T>` so callers can pass literals and
/// borrowed values.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be used as a key segment of type `{T}`",
    note = "pass a `{T}` or a reference to one (a `&str` is accepted for a `String` segment)"
)]
pub trait SegmentArg<T: KeySegment> {
    /// Appends the encoding of this value as a `T`.
    ///
    /// # Errors
    /// As [`KeySegment::encode_segment`].
    fn encode_arg(&self, out: &mut String) -> Result<(), SegmentError>;
}

impl<T: KeySegment> SegmentArg<T> for T {
    #[inline]
    fn encode_arg(&self, out: &mut String) -> Result<(), SegmentError> {
        self.encode_segment(out)
    }
}

impl<T: KeySegment> SegmentArg<T> for &T {
    #[inline]
    fn encode_arg(&self, out: &mut String) -> Result<(), SegmentError> {
        (*self).encode_segment(out)
    }
}

/// Encodes one value to a fresh `String` (a convenience for tests and tools).
///
/// # Errors
/// As [`KeySegment::encode_segment`].
pub fn encode_to_string<T: KeySegment>(value: &T) -> Result<String, SegmentError> {
    let mut out = String::new();
    value.encode_segment(&mut out)?;
    Ok(out)
}

/// Enough zeros to pad the widest integer (i128 magnitude, 39 digits).
const ZEROS: &str = "000000000000000000000000000000000000000";

/// Appends `digits` left-padded with `0` to `width` bytes (one copy, not a push per zero).
#[inline]
pub(crate) fn push_padded(out: &mut String, digits: &str, width: usize) {
    out.push_str(
        ZEROS
            .get(..width.saturating_sub(digits.len()))
            .unwrap_or(ZEROS),
    );
    out.push_str(digits);
}
