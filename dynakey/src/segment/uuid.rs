//! `uuid::Uuid` in lower-case hyphenated form, 36 bytes (feature `uuid`).
//!
//! Lower-case hex digits sort `0-9` before `a-f`, so byte order is the 128-bit value's order.

use uuid::Uuid;

use super::KeySegment;
use crate::error::SegmentError;

const WHAT: &str = "UUID (36 lower-case hyphenated characters)";

#[cfg_attr(docsrs, doc(cfg(feature = "uuid")))]
impl KeySegment for Uuid {
    const WIDTH: Option<usize> = Some(uuid::fmt::Hyphenated::LENGTH);

    fn encode_segment(&self, out: &mut String) -> Result<(), SegmentError> {
        let mut buf = Uuid::encode_buffer();
        out.push_str(self.hyphenated().encode_lower(&mut buf));
        Ok(())
    }

    fn decode_segment(text: &str) -> Result<Self, SegmentError> {
        let value = Uuid::try_parse(text).map_err(|_| SegmentError::malformed(WHAT, text))?;
        let mut buf = Uuid::encode_buffer();
        if value.hyphenated().encode_lower(&mut buf) == text {
            Ok(value)
        } else {
            Err(SegmentError::malformed(WHAT, text))
        }
    }
}
