//! `time::OffsetDateTime` as a fixed-width UTC timestamp (feature `time`).
//!
//! The value is converted to UTC before encoding, so two values for the same instant in different
//! offsets get the same key; decoding yields the UTC value (equal to the original under
//! `OffsetDateTime`'s instant-based `PartialEq`).

use time::{Date, Month, OffsetDateTime, PrimitiveDateTime, Time, UtcOffset};

use super::{timestamp, KeySegment};
use crate::error::SegmentError;

/// `YYYY-MM-DDTHH:MM:SS.fffffffffZ`, 30 bytes; years 0000–9999.
#[cfg_attr(docsrs, doc(cfg(feature = "time")))]
impl KeySegment for OffsetDateTime {
    const WIDTH: Option<usize> = Some(timestamp::WIDTH);

    fn encode_segment(&self, out: &mut String) -> Result<(), SegmentError> {
        // `to_offset` panics when the UTC date leaves `time`'s range (9999-12-31 23:00 at -05:00).
        let utc = self.checked_to_offset(UtcOffset::UTC).ok_or_else(|| {
            SegmentError::Unencodable(format!(
                "{self} in UTC is outside the years 0000-9999 of the fixed-width timestamp \
                 encoding"
            ))
        })?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::segment::encode_to_string as enc;

    #[test]
    fn a_value_whose_utc_form_is_outside_time_s_range_is_an_error_not_a_panic() {
        // 9999-12-31 23:00 at -05:00 is 10000-01-01 04:00 UTC, beyond what `time` represents.
        let late = PrimitiveDateTime::new(
            Date::MAX,
            Time::from_hms(23, 0, 0).unwrap_or(Time::MIDNIGHT),
        )
        .assume_offset(UtcOffset::from_hms(-5, 0, 0).unwrap_or(UtcOffset::UTC));
        assert!(matches!(enc(&late), Err(SegmentError::Unencodable(_))));
        let early = PrimitiveDateTime::new(Date::MIN, Time::MIDNIGHT)
            .assume_offset(UtcOffset::from_hms(5, 0, 0).unwrap_or(UtcOffset::UTC));
        assert!(matches!(enc(&early), Err(SegmentError::Unencodable(_))));
    }
}
