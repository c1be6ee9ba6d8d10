//! The shared fixed-width UTC timestamp text: `YYYY-MM-DDTHH:MM:SS.fffffffffZ` (30 bytes).
//!
//! RFC 3339 in UTC with exactly nine fractional digits and a four-digit year, so byte order is time
//! order. Years outside 0000–9999 and leap seconds have no place in this fixed width and are
//! rejected.

use crate::error::SegmentError;

/// Byte length of every timestamp encoding.
pub(crate) const WIDTH: usize = 30;
pub(crate) const WHAT: &str = "UTC timestamp (YYYY-MM-DDTHH:MM:SS.fffffffffZ)";

/// The parts of a UTC instant, already range-checked by the caller's date library.
pub(crate) struct Parts {
    pub year: i32,
    pub month: u32,
    pub day: u32,
    pub hour: u32,
    pub minute: u32,
    pub second: u32,
    pub nanos: u32,
}

fn push_num(out: &mut String, value: u32, width: usize) {
    super::push_padded(out, itoa::Buffer::new().format(value), width);
}

pub(crate) fn encode(parts: &Parts, out: &mut String) -> Result<(), SegmentError> {
    if !(0..=9999).contains(&parts.year) {
        return Err(SegmentError::Unencodable(format!(
            "year {} is outside 0000-9999, the range of the fixed-width timestamp encoding",
            parts.year
        )));
    }
    if parts.nanos >= 1_000_000_000 {
        return Err(SegmentError::Unencodable(
            "leap seconds cannot be encoded in a key".into(),
        ));
    }
    push_num(out, parts.year as u32, 4);
    out.push('-');
    push_num(out, parts.month, 2);
    out.push('-');
    push_num(out, parts.day, 2);
    out.push('T');
    push_num(out, parts.hour, 2);
    out.push(':');
    push_num(out, parts.minute, 2);
    out.push(':');
    push_num(out, parts.second, 2);
    out.push('.');
    push_num(out, parts.nanos, 9);
    out.push('Z');
    Ok(())
}

/// Splits the text into parts; the caller's date library validates the calendar.
pub(crate) fn decode(text: &str) -> Result<Parts, SegmentError> {
    let bad = || SegmentError::malformed(WHAT, text);
    let b = text.as_bytes();
    if b.len() != WIDTH
        || b[4] != b'-'
        || b[7] != b'-'
        || b[10] != b'T'
        || b[13] != b':'
        || b[16] != b':'
        || b[19] != b'.'
        || b[29] != b'Z'
    {
        return Err(bad());
    }
    let num = |from: usize, to: usize| -> Result<u32, SegmentError> {
        let digits = &b[from..to];
        if !digits.iter().all(u8::is_ascii_digit) {
            return Err(bad());
        }
        Ok(digits
            .iter()
            .fold(0u32, |acc, d| acc * 10 + u32::from(d - b'0')))
    };
    Ok(Parts {
        year: num(0, 4)? as i32,
        month: num(5, 7)?,
        day: num(8, 10)?,
        hour: num(11, 13)?,
        minute: num(14, 16)?,
        second: num(17, 19)?,
        nanos: num(20, 29)?,
    })
}
