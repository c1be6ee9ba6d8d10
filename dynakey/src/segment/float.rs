//! Floats: IEEE-754 bits mapped so that unsigned order equals `total_cmp` order, as upper-case hex.
//!
//! Order is [`f64::total_cmp`]: `-inf < … < -0.0 < +0.0 < … < +inf`. NaN has no place in a key and
//! is rejected with [`SegmentError::Unencodable`]; `-0.0` and `+0.0` get different keys.

use super::KeySegment;
use crate::error::SegmentError;

const HEX: &[u8; 16] = b"0123456789ABCDEF";

fn push_hex(out: &mut String, value: u64, digits: usize) {
    for i in (0..digits).rev() {
        out.push(HEX[((value >> (i * 4)) & 0xF) as usize] as char);
    }
}

fn parse_hex(text: &str, digits: usize, what: &'static str) -> Result<u64, SegmentError> {
    if text.len() != digits {
        return Err(SegmentError::malformed(what, text));
    }
    let mut value = 0u64;
    for b in text.bytes() {
        let nibble = match b {
            b'0'..=b'9' => b - b'0',
            b'A'..=b'F' => b - b'A' + 10,
            _ => return Err(SegmentError::malformed(what, text)),
        };
        value = (value << 4) | u64::from(nibble);
    }
    Ok(value)
}

macro_rules! float {
    ($($t:ty, $bits:ty, $digits:expr, $what:expr;)*) => {$(
        impl KeySegment for $t {
            const WIDTH: Option<usize> = Some($digits);

            fn encode_segment(&self, out: &mut String) -> Result<(), SegmentError> {
                if self.is_nan() {
                    return Err(SegmentError::Unencodable("NaN has no order and cannot be a key".into()));
                }
                const SIGN: $bits = 1 << (<$bits>::BITS - 1);
                let bits = self.to_bits();
                let ordered = if bits & SIGN != 0 { !bits } else { bits | SIGN };
                push_hex(out, u64::from(ordered), $digits);
                Ok(())
            }

            fn decode_segment(text: &str) -> Result<Self, SegmentError> {
                const SIGN: $bits = 1 << (<$bits>::BITS - 1);
                let ordered = parse_hex(text, $digits, $what)? as $bits;
                let bits = if ordered & SIGN != 0 { ordered ^ SIGN } else { !ordered };
                let value = <$t>::from_bits(bits);
                if value.is_nan() {
                    return Err(SegmentError::malformed($what, text));
                }
                Ok(value)
            }
        }
    )*};
}

float! {
    f32, u32, 8, "f32 (8 hex digits)";
    f64, u64, 16, "f64 (16 hex digits)";
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::segment::encode_to_string as enc;

    #[test]
    fn order_and_examples() {
        let values = [
            f64::NEG_INFINITY,
            -1e300,
            -1.5,
            -0.0,
            0.0,
            1e-300,
            1.5,
            f64::INFINITY,
        ];
        let encoded: Vec<String> = values.iter().map(|v| enc(v).unwrap()).collect();
        for pair in encoded.windows(2) {
            assert!(pair[0] < pair[1], "{pair:?}");
        }
        assert_eq!(enc(&1.5f64).unwrap(), "BFF8000000000000");
        for (v, e) in values.iter().zip(&encoded) {
            assert_eq!(f64::decode_segment(e).unwrap().to_bits(), v.to_bits());
        }
    }

    #[test]
    fn nan_is_rejected_both_ways() {
        assert!(enc(&f64::NAN).is_err());
        assert!(enc(&f32::NAN).is_err());
        assert!(f64::decode_segment("FFF8000000000000").is_err());
        assert!(f64::decode_segment("bff8000000000000").is_err());
    }
}
