//! `ulid::Ulid` in its canonical 26-character Crockford base32 form (feature `ulid`).
//!
//! The canonical form is upper-case and big-endian, so byte order is the 128-bit value's order,
//! and ULIDs created later sort later (millisecond precision).

use ulid::Ulid;

use super::KeySegment;
use crate::error::SegmentError;

const WHAT: &str = "ULID (26 upper-case Crockford base32 characters)";

impl KeySegment for Ulid {
    const WIDTH: Option<usize> = Some(ulid::ULID_LEN);

    fn encode_segment(&self, out: &mut String) -> Result<(), SegmentError> {
        let mut buf = [0u8; ulid::ULID_LEN];
        let text = self
            .to_str(&mut buf)
            .map_err(|_| SegmentError::Unencodable("ULID encoding buffer too small".into()))?;
        out.push_str(text);
        Ok(())
    }

    fn decode_segment(text: &str) -> Result<Self, SegmentError> {
        let value = Ulid::from_string(text).map_err(|_| SegmentError::malformed(WHAT, text))?;
        // The parser is lenient (lower case, I/L/O aliases); a key must be canonical.
        let mut buf = [0u8; ulid::ULID_LEN];
        match value.to_str(&mut buf) {
            Ok(canonical) if canonical == text => Ok(value),
            _ => Err(SegmentError::malformed(WHAT, text)),
        }
    }
}
