//! [`UtcTime`]: an instant stored as a fixed-width ISO-8601 UTC string.

use std::fmt;
use std::ops::{Add, Sub};
use std::str::FromStr;
use std::time::{Duration, SystemTime};

use serde::{de, Deserialize, Deserializer, Serialize, Serializer};
use time::{Date, Month, Time, UtcDateTime};

use super::{duration_nanos, system_nanos, system_time};
use crate::error::SegmentError;
use crate::segment::timestamp::{self as layout, Parts};
use crate::{KeySegment, ValueError};

/// An instant in UTC, stored as the ISO-8601 (RFC 3339) string `YYYY-MM-DDTHH:MM:SS.fffffffffZ`:
/// always 30 bytes, a four-digit year and exactly nine fractional digits, e.g.
/// `2026-12-03T15:06:46.123456789Z`.
///
/// DynamoDB compares strings by the bytes of their UTF-8 encoding (AWS developer guide,
/// "Comparison operator and function reference"); with a fixed width byte order is time order, so
/// a `UtcTime` attribute sorts and compares correctly in a sort key, a condition or a filter, and
/// reads as a date in any console. Resolution: one nanosecond. Range: the years 0000 to 9999; a
/// time outside it is a [`ValueError`] (converting) or saturates at the range's ends (`+`/`-` a
/// `Duration`), never a panic.
/// Leap seconds are not represented (as in `SystemTime` and Unix time).
///
/// Serde: serialised as that string; deserialising anything else (another width, another offset
/// than `Z`, an impossible date) is an error naming the expected form. `Ord` is time order.
///
/// A managed timestamp field (`#[dynakey(created_at = "…", updated_at = "…")]`) may have this
/// type or `Option<UtcTime>`; dynakey sets it to the time of the request. The field's type says
/// how the time is stored:
///
/// | type             | stored as                                            | resolution  |
/// |------------------|------------------------------------------------------|-------------|
/// | [`UtcTime`]      | `S`, `2026-12-03T15:06:46.123456789Z` (30 bytes)     | nanosecond  |
/// | [`EpochSeconds`](crate::EpochSeconds) | `N`, seconds since 1970-01-01T00:00:00Z | second |
/// | [`EpochMillis`](crate::EpochMillis)   | `N`, milliseconds since 1970-01-01T00:00:00Z | millisecond |
///
/// Each sorts in time order in a sort key, a condition (`<`, `>`, `BETWEEN`) and a filter.
/// `std::time::SystemTime` is not one of them: serde stores it as a map
/// `{"secs_since_epoch": N, "nanos_since_epoch": N}`, which DynamoDB cannot compare.
///
/// ```
/// use std::time::Duration;
/// use dynakey::{EpochSeconds, UtcTime};
///
/// let at: UtcTime = "2026-12-03T15:06:46.123456789Z".parse()?;
/// assert_eq!(at.to_string(), "2026-12-03T15:06:46.123456789Z");
/// let minute_before = at - Duration::from_secs(60);
/// assert!(minute_before < at && minute_before.to_string() < at.to_string());
/// assert_eq!(i64::from(EpochSeconds::from(at)), 1_796_310_406);
/// # Ok::<(), dynakey::ValueError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct UtcTime(UtcDateTime);

/// What a `UtcTime` string looks like, for error messages.
const FORM: &str =
    "a UTC time YYYY-MM-DDTHH:MM:SS.fffffffffZ (years 0000-9999, nine fractional digits)";

impl UtcTime {
    /// 0000-01-01T00:00:00.000000000Z, the earliest `UtcTime`.
    pub(crate) const MIN: UtcTime = UtcTime(UtcDateTime::new(
        match Date::from_calendar_date(0, Month::January, 1) {
            Ok(date) => date,
            Err(_) => Date::MIN,
        },
        Time::MIDNIGHT,
    ));

    /// 9999-12-31T23:59:59.999999999Z, the latest `UtcTime`.
    pub(crate) const MAX: UtcTime = UtcTime(UtcDateTime::new(
        match Date::from_calendar_date(9999, Month::December, 31) {
            Ok(date) => date,
            Err(_) => Date::MAX,
        },
        match Time::from_hms_nano(23, 59, 59, 999_999_999) {
            Ok(time) => time,
            Err(_) => Time::MIDNIGHT,
        },
    ));

    /// The current time of the system clock (saturating at 0000-01-01T00:00:00Z and
    /// 9999-12-31T23:59:59.999999999Z if the clock is set outside the years 0000–9999).
    pub fn now() -> Self {
        let nanos = system_nanos(SystemTime::now());
        Self::from_unix_nanos(nanos).unwrap_or(if nanos < 0 {
            UtcTime::MIN
        } else {
            UtcTime::MAX
        })
    }

    /// The instant `secs` seconds plus `nanos` nanoseconds after 1970-01-01T00:00:00Z (`secs`
    /// negative for earlier times).
    ///
    /// # Errors
    /// [`ValueError`] when `nanos` is 1,000,000,000 or more, or the instant is outside the years
    /// 0000–9999.
    #[cfg_attr(not(any(test, feature = "chrono")), allow(dead_code))] // chrono's conversions
    pub(crate) fn from_unix(secs: i64, nanos: u32) -> Result<Self, ValueError> {
        if nanos >= 1_000_000_000 {
            return Err(ValueError::new(
                "",
                format!("{nanos} nanoseconds is not below one second"),
            ));
        }
        Self::from_unix_nanos(i128::from(secs) * 1_000_000_000 + i128::from(nanos))
    }

    /// The instant `nanos` nanoseconds after (before, when negative) 1970-01-01T00:00:00Z.
    ///
    /// # Errors
    /// [`ValueError`] when it is outside the years 0000–9999.
    pub(crate) fn from_unix_nanos(nanos: i128) -> Result<Self, ValueError> {
        UtcDateTime::from_unix_timestamp_nanos(nanos)
            .ok()
            .and_then(Self::in_range)
            .ok_or_else(|| {
                ValueError::new(
                    "",
                    format!(
                        "{nanos} ns since the Unix epoch is outside the years 0000-9999 of a UtcTime"
                    ),
                )
            })
    }

    fn in_range(time: UtcDateTime) -> Option<Self> {
        (0..=9999).contains(&time.year()).then_some(UtcTime(time))
    }

    /// Whole seconds since 1970-01-01T00:00:00Z, rounded down (negative before it).
    #[cfg_attr(not(any(test, feature = "chrono")), allow(dead_code))] // chrono's conversions
    pub(crate) fn unix_seconds(&self) -> i64 {
        self.0.unix_timestamp()
    }

    /// Nanoseconds since 1970-01-01T00:00:00Z (negative before it).
    pub(crate) fn unix_nanos(&self) -> i128 {
        self.0.unix_timestamp_nanos()
    }

    /// The nanoseconds past the whole second, 0 to 999,999,999.
    #[cfg_attr(not(any(test, feature = "chrono")), allow(dead_code))] // chrono's conversions
    pub(crate) fn subsec_nanos(&self) -> u32 {
        self.0.nanosecond()
    }

    /// `duration` later, or `None` past 9999-12-31T23:59:59.999999999Z.
    pub(crate) fn checked_add(self, duration: Duration) -> Option<Self> {
        Self::from_unix_nanos(self.unix_nanos().checked_add(duration_nanos(duration))?).ok()
    }

    /// `duration` earlier, or `None` before 0000-01-01T00:00:00Z.
    pub(crate) fn checked_sub(self, duration: Duration) -> Option<Self> {
        Self::from_unix_nanos(self.unix_nanos().checked_sub(duration_nanos(duration))?).ok()
    }

    fn parts(&self) -> Parts {
        Parts {
            year: self.0.year(),
            month: u32::from(u8::from(self.0.month())),
            day: u32::from(self.0.day()),
            hour: u32::from(self.0.hour()),
            minute: u32::from(self.0.minute()),
            second: u32::from(self.0.second()),
            nanos: self.0.nanosecond(),
        }
    }
}

impl Add<Duration> for UtcTime {
    type Output = UtcTime;

    /// `duration` later; saturates at 9999-12-31T23:59:59.999999999Z instead of failing (a
    /// `UtcTime` cannot hold a later time).
    fn add(self, duration: Duration) -> UtcTime {
        self.checked_add(duration).unwrap_or(UtcTime::MAX)
    }
}

impl Sub<Duration> for UtcTime {
    type Output = UtcTime;

    /// `duration` earlier, e.g. `UtcTime::now() - Duration::from_secs(60)` for a filter on
    /// recent items; saturates at 0000-01-01T00:00:00Z instead of failing.
    fn sub(self, duration: Duration) -> UtcTime {
        self.checked_sub(duration).unwrap_or(UtcTime::MIN)
    }
}

impl fmt::Display for UtcTime {
    /// The stored form, `YYYY-MM-DDTHH:MM:SS.fffffffffZ`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::with_capacity(layout::WIDTH);
        // Cannot fail: the year is 0000–9999 and the nanoseconds below one second by construction.
        layout::encode(&self.parts(), &mut out).map_err(|_| fmt::Error)?;
        f.write_str(&out)
    }
}

impl fmt::Debug for UtcTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "UtcTime({self})")
    }
}

impl FromStr for UtcTime {
    type Err = ValueError;

    /// Reads exactly the stored form `YYYY-MM-DDTHH:MM:SS.fffffffffZ`.
    fn from_str(text: &str) -> Result<Self, ValueError> {
        let bad = || ValueError::new("", format!("{text:?} is not {FORM}"));
        let p = layout::decode(text).map_err(|_| bad())?;
        let month = u8::try_from(p.month)
            .ok()
            .and_then(|m| Month::try_from(m).ok())
            .ok_or_else(bad)?;
        let date = u8::try_from(p.day)
            .ok()
            .and_then(|day| Date::from_calendar_date(p.year, month, day).ok())
            .ok_or_else(bad)?;
        let hms = (
            u8::try_from(p.hour),
            u8::try_from(p.minute),
            u8::try_from(p.second),
        );
        let time = match hms {
            (Ok(h), Ok(m), Ok(s)) => Time::from_hms_nano(h, m, s, p.nanos).map_err(|_| bad())?,
            _ => return Err(bad()),
        };
        Ok(UtcTime(UtcDateTime::new(date, time)))
    }
}

/// In a key template: the same 30-byte text (`chrono::DateTime<Utc>` and `time::OffsetDateTime`
/// encode the same instant the same way), so keys sort in time order.
impl KeySegment for UtcTime {
    const WIDTH: Option<usize> = Some(layout::WIDTH);

    fn encode_segment(&self, out: &mut String) -> Result<(), SegmentError> {
        layout::encode(&self.parts(), out)
    }

    fn decode_segment(text: &str) -> Result<Self, SegmentError> {
        text.parse()
            .map_err(|_| SegmentError::malformed(layout::WHAT, text))
    }
}

impl TryFrom<SystemTime> for UtcTime {
    type Error = ValueError;

    /// # Errors
    /// [`ValueError`] when the time is outside the years 0000–9999.
    fn try_from(time: SystemTime) -> Result<Self, ValueError> {
        Self::from_unix_nanos(system_nanos(time))
    }
}

impl TryFrom<UtcTime> for SystemTime {
    type Error = ValueError;

    /// # Errors
    /// [`ValueError`] when this platform's `SystemTime` cannot hold the time (on Windows, before
    /// 1601).
    fn try_from(time: UtcTime) -> Result<Self, ValueError> {
        system_time(time.unix_nanos(), &time)
    }
}

impl Serialize for UtcTime {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for UtcTime {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl de::Visitor<'_> for Visitor {
            type Value = UtcTime;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(FORM)
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<UtcTime, E> {
                text.parse()
                    .map_err(|_| E::invalid_value(de::Unexpected::Str(text), &self))
            }
        }
        deserializer.deserialize_str(Visitor)
    }
}

#[cfg(feature = "chrono")]
#[cfg_attr(docsrs, doc(cfg(feature = "chrono")))]
impl TryFrom<chrono::DateTime<chrono::Utc>> for UtcTime {
    type Error = ValueError;

    /// # Errors
    /// [`ValueError`] when the time is outside the years 0000–9999 (or is a leap second).
    fn try_from(time: chrono::DateTime<chrono::Utc>) -> Result<Self, ValueError> {
        UtcTime::from_unix(time.timestamp(), time.timestamp_subsec_nanos())
    }
}

#[cfg(feature = "chrono")]
#[cfg_attr(docsrs, doc(cfg(feature = "chrono")))]
impl From<UtcTime> for chrono::DateTime<chrono::Utc> {
    fn from(time: UtcTime) -> Self {
        // chrono covers about ±262,000 years, far beyond 0000–9999.
        chrono::DateTime::from_timestamp(time.unix_seconds(), time.subsec_nanos())
            .unwrap_or_default()
    }
}

#[cfg(feature = "time")]
#[cfg_attr(docsrs, doc(cfg(feature = "time")))]
impl TryFrom<time::OffsetDateTime> for UtcTime {
    type Error = ValueError;

    /// # Errors
    /// [`ValueError`] when the time in UTC is outside the years 0000–9999.
    fn try_from(time: time::OffsetDateTime) -> Result<Self, ValueError> {
        UtcTime::from_unix_nanos(time.unix_timestamp_nanos())
    }
}

#[cfg(feature = "time")]
#[cfg_attr(docsrs, doc(cfg(feature = "time")))]
impl From<UtcTime> for time::OffsetDateTime {
    fn from(time: UtcTime) -> Self {
        time.0.to_offset(time::UtcOffset::UTC)
    }
}
