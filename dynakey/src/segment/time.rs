//! `time::OffsetDateTime` as a fixed-width UTC timestamp (feature `time`).
//!
//! The value is converted to UTC before encoding, so two values for the same instant in different
//! offsets get the same key; decoding yields the UTC value (equal to the original under
//! `OffsetDateTime`'s instant-based `PartialEq`).

use time::{Date, Month, OffsetDateTime, PrimitiveDateTime, Time, UtcOffset};

use super::{timestamp, KeySegment};
use crate::error::SegmentError;

/// `YYYY-MM-DDTHH:MM:SS.fffffffffZ`, 30 bytes; years 0000–9999.
impl KeySegment for OffsetDateTime {
    const WIDTH: Option<usize> = Some(timestamp::WIDTH);

    fn encode_segment(&self, out: &mut String) -> Result<(), SegmentError> {
        let utc = self.to_offset(UtcOffset::UTC);
        let parts = timestamp::Parts {
            year: utc.year(),
            month: u32::from(u8::from(utc.month())),
            day: u32::from(utc.day()),
            hour: u32::from(utc.hour()),
            minute: u32::from(utc.minute()),
            second: u32::from(utc.second()),
            nanos: utc.nanosecond(),
        };
        timestamp::encode(&parts, out)
    }

    fn decode_segment(text: &str) -> Result<Self, SegmentError> {
        let bad = || SegmentError::malformed(timestamp::WHAT, text);
        let p = timestamp::decode(text)?;
        let month =
            Month::try_from(u8::try_from(p.month).map_err(|_| bad())?).map_err(|_| bad())?;
        let date = Date::from_calendar_date(p.year, month, p.day as u8).map_err(|_| bad())?;
        let time = Time::from_hms_nano(p.hour as u8, p.minute as u8, p.second as u8, p.nanos)
            .map_err(|_| bad())?;
        Ok(PrimitiveDateTime::new(date, time).assume_utc())
    }
}
