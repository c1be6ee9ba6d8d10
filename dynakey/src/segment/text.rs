//! Text-like segments: strings (verbatim), `char`, `bool`.

use std::borrow::Cow;

use super::{KeySegment, SegmentArg};
use crate::error::SegmentError;

/// Strings are written verbatim and case-preserving: UTF-8 byte order is already their order.
/// The key encoder rejects a string that contains its segment's terminator.
impl KeySegment for String {
    const ANY_TEXT: bool = true;

    #[inline]
    fn encode_segment(&self, out: &mut String) -> Result<(), SegmentError> {
        out.push_str(self);
        Ok(())
    }

    fn decode_segment(text: &str) -> Result<Self, SegmentError> {
        Ok(text.to_owned())
    }

    #[inline]
    fn is_valid_segment(_: &str) -> bool {
        true
    }
}

/// As `String`; decodes to `Cow::Owned`.
impl KeySegment for Cow<'static, str> {
    const ANY_TEXT: bool = true;

    #[inline]
    fn encode_segment(&self, out: &mut String) -> Result<(), SegmentError> {
        out.push_str(self);
        Ok(())
    }

    fn decode_segment(text: &str) -> Result<Self, SegmentError> {
        Ok(Cow::Owned(text.to_owned()))
    }

    #[inline]
    fn is_valid_segment(_: &str) -> bool {
        true
    }
}

impl SegmentArg<String> for &str {
    #[inline]
    fn encode_arg(&self, out: &mut String) -> Result<(), SegmentError> {
        out.push_str(self);
        Ok(())
    }
}

impl SegmentArg<String> for Cow<'_, str> {
    #[inline]
    fn encode_arg(&self, out: &mut String) -> Result<(), SegmentError> {
        out.push_str(self);
        Ok(())
    }
}

impl SegmentArg<Cow<'static, str>> for &str {
    #[inline]
    fn encode_arg(&self, out: &mut String) -> Result<(), SegmentError> {
        out.push_str(self);
        Ok(())
    }
}

/// A character in its UTF-8 form (1–4 bytes); UTF-8 byte order is code-point order.
impl KeySegment for char {
    fn encode_segment(&self, out: &mut String) -> Result<(), SegmentError> {
        out.push(*self);
        Ok(())
    }

    fn decode_segment(text: &str) -> Result<Self, SegmentError> {
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Ok(c),
            _ => Err(SegmentError::malformed("char (one character)", text)),
        }
    }
}

/// `false` / `true`: `f` (0x66) sorts before `t` (0x74).
impl KeySegment for bool {
    fn encode_segment(&self, out: &mut String) -> Result<(), SegmentError> {
        out.push_str(if *self { "true" } else { "false" });
        Ok(())
    }

    fn decode_segment(text: &str) -> Result<Self, SegmentError> {
        match text {
            "false" => Ok(false),
            "true" => Ok(true),
            _ => Err(SegmentError::malformed("bool (`false` or `true`)", text)),
        }
    }
}
