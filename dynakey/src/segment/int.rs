//! Fixed-width, order-preserving integer encodings.

use super::{push_padded, KeySegment};
use crate::error::SegmentError;

/// `true` when `text` is exactly `width` ASCII digits.
#[inline]
fn all_digits(text: &str, width: usize) -> bool {
    text.len() == width && text.bytes().all(|b| b.is_ascii_digit())
}

macro_rules! unsigned {
    ($($t:ty => $width:expr, $what:expr;)*) => {$(
        impl KeySegment for $t {
            const WIDTH: Option<usize> = Some($width);

            #[inline]
            fn encode_segment(&self, out: &mut String) -> Result<(), SegmentError> {
                let mut buf = itoa::Buffer::new();
                push_padded(out, buf.format(*self), $width);
                Ok(())
            }

            fn decode_segment(text: &str) -> Result<Self, SegmentError> {
                if !all_digits(text, $width) {
                    return Err(SegmentError::malformed($what, text));
                }
                text.parse().map_err(|_| SegmentError::malformed($what, text))
            }
        }
    )*};
}

unsigned! {
    u8 => 3, "u8 (3 digits)";
    u16 => 5, "u16 (5 digits)";
    u32 => 10, "u32 (10 digits)";
    u64 => 20, "u64 (20 digits)";
    u128 => 39, "u128 (39 digits)";
    usize => 20, "usize (20 digits)";
}

// Signed: `0` + digits for x >= 0, `-` + digits of (x + 2^(bits-1)) for x < 0. `-` (0x2D) sorts
// before `0` (0x30), and among negatives a larger offset value means a larger x, so byte order is
// numeric order; both branches have the same width.
macro_rules! signed {
    ($($t:ty, $u:ty => $digits:expr, $what:expr;)*) => {$(
        impl KeySegment for $t {
            const WIDTH: Option<usize> = Some($digits + 1);

            #[inline]
            fn encode_segment(&self, out: &mut String) -> Result<(), SegmentError> {
                let mut buf = itoa::Buffer::new();
                if *self >= 0 {
                    out.push('0');
                    push_padded(out, buf.format(*self as $u), $digits);
                } else {
                    out.push('-');
                    let offset = (*self as $u).wrapping_add(1 << (<$u>::BITS - 1));
                    push_padded(out, buf.format(offset), $digits);
                }
                Ok(())
            }

            fn decode_segment(text: &str) -> Result<Self, SegmentError> {
                let bad = || SegmentError::malformed($what, text);
                let (sign, digits) = match text.as_bytes().first() {
                    Some(b'0') => (1, &text[1..]),
                    Some(b'-') => (-1, &text[1..]),
                    _ => return Err(bad()),
                };
                if !all_digits(digits, $digits) {
                    return Err(bad());
                }
                let magnitude: $u = digits.parse().map_err(|_| bad())?;
                if magnitude > <$t>::MAX as $u {
                    return Err(bad());
                }
                if sign > 0 {
                    Ok(magnitude as $t)
                } else {
                    Ok((magnitude as $t).wrapping_add(<$t>::MIN))
                }
            }
        }
    )*};
}

signed! {
    i8, u8 => 3, "i8 (4 characters)";
    i16, u16 => 5, "i16 (6 characters)";
    i32, u32 => 10, "i32 (11 characters)";
    i64, u64 => 19, "i64 (20 characters)";
    i128, u128 => 39, "i128 (40 characters)";
    isize, usize => 19, "isize (20 characters)";
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::segment::encode_to_string as enc;

    #[test]
    fn unsigned_are_zero_padded() {
        assert_eq!(enc(&42u32).unwrap(), "0000000042");
        assert_eq!(enc(&u64::MAX).unwrap(), "18446744073709551615");
        assert_eq!(enc(&0u8).unwrap(), "000");
        assert_eq!(u64::decode_segment("00000000000000000042").unwrap(), 42);
    }

    #[test]
    fn signed_order_across_zero() {
        let values = [i64::MIN, -10, -2, -1, 0, 7, i64::MAX];
        let encoded: Vec<String> = values.iter().map(|v| enc(v).unwrap()).collect();
        for pair in encoded.windows(2) {
            assert!(pair[0] < pair[1], "{pair:?}");
        }
        assert_eq!(encoded[0], "-0000000000000000000");
        assert_eq!(enc(&-1i32).unwrap(), "-2147483647");
        assert_eq!(enc(&7i32).unwrap(), "00000000007");
        for (v, e) in values.iter().zip(&encoded) {
            assert_eq!(e.len(), 20);
            assert_eq!(i64::decode_segment(e).unwrap(), *v);
        }
    }

    #[test]
    fn decoders_reject_non_canonical_text() {
        for bad in [
            "",
            "+000000042",
            "42",
            "00000000042",
            "０００",
            "99999999999",
        ] {
            assert!(u32::decode_segment(bad).is_err(), "{bad}");
        }
        // i8: 0 + 3 digits, at most 127 on the positive side, < 128 on the negative side.
        for bad in ["0128", "-128", "0999", "+127", "127", "-12x"] {
            assert!(i8::decode_segment(bad).is_err(), "{bad}");
        }
        assert_eq!(i8::decode_segment("0127").unwrap(), 127);
        assert_eq!(i8::decode_segment("-000").unwrap(), -128);
        assert_eq!(i8::decode_segment("-127").unwrap(), -1);
    }
}
