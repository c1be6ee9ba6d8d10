//! `ulid::Ulid` in its canonical 26-character Crockford base32 form (feature `ulid`).
//!
//! The canonical form is upper-case and big-endian, so byte order is the 128-bit value's order,
//! and ULIDs created later sort later (millisecond precision).

use ulid::Ulid;

use super::KeySegment;
use crate::error::SegmentError;

const WHAT: &str = "ULID (26 upper-case Crockford base32 characters)";

#[cfg_attr(docsrs, doc(cfg(feature = "ulid")))]
impl KeySegment for Ulid {
    const WIDTH: Option<usize> = Some(ulid::ULID_LEN);

    fn encode_segment(&self, out: &mut String) -> Result<(), SegmentError> {
        out.push_str(self.array_to_str(&mut [0u8; ulid::ULID_LEN]));
        Ok(())
    }

    fn decode_segment(text: &str) -> Result<Self, SegmentError> {
        let value = Ulid::from_string(text).map_err(|_| SegmentError::malformed(WHAT, text))?;
        // The parser is lenient (lower case, I/L/O aliases); a key must be canonical.
        if value.array_to_str(&mut [0u8; ulid::ULID_LEN]) == text {
            Ok(value)
        } else {
            Err(SegmentError::malformed(WHAT, text))
        }
    }
}
