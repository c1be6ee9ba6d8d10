//! `chrono::DateTime<Utc>` as a fixed-width UTC timestamp (feature `chrono`).

use chrono::{DateTime, Datelike, NaiveDate, Timelike, Utc};

use super::{timestamp, KeySegment};
use crate::error::SegmentError;

/// `YYYY-MM-DDTHH:MM:SS.fffffffffZ`, 30 bytes; years 0000–9999; leap seconds rejected.
#[cfg_attr(docsrs, doc(cfg(feature = "chrono")))]
impl KeySegment for DateTime<Utc> {
    const WIDTH: Option<usize> = Some(timestamp::WIDTH);

    fn encode_segment(&self, out: &mut String) -> Result<(), SegmentError> {
        let parts = timestamp::Parts {
            year: self.year(),
            month: self.month(),
            day: self.day(),
            hour: self.hour(),
            minute: self.minute(),
            second: self.second(),
            nanos: self.nanosecond(),
        };
        timestamp::encode(&parts, out)
    }

    fn decode_segment(text: &str) -> Result<Self, SegmentError> {
        let p = timestamp::decode(text)?;
        NaiveDate::from_ymd_opt(p.year, p.month, p.day)
            .and_then(|d| d.and_hms_nano_opt(p.hour, p.minute, p.second, p.nanos))
            .filter(|_| p.nanos < 1_000_000_000)
            .map(|naive| naive.and_utc())
            .ok_or_else(|| SegmentError::malformed(timestamp::WHAT, text))
    }
}
