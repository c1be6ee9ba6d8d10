//! Time values DynamoDB can compare: the types of managed timestamp fields
//! (`#[dynakey(created_at = "…", updated_at = "…")]`), usable in any other field too.
//!
//! The field's type says how the time is stored:
//!
//! | type             | stored as                                            | resolution  |
//! |------------------|------------------------------------------------------|-------------|
//! | [`UtcTime`]      | `S`, `2026-12-03T15:06:46.123456789Z` (30 bytes)     | nanosecond  |
//! | [`EpochSeconds`] | `N`, seconds since 1970-01-01T00:00:00Z              | second      |
//! | [`EpochMillis`]  | `N`, milliseconds since 1970-01-01T00:00:00Z         | millisecond |
//!
//! DynamoDB compares strings by the bytes of their UTF-8 encoding and numbers by value (AWS
//! developer guide, "Comparison operator and function reference"), so each of these sorts in time
//! order in a sort key, a condition (`<`, `>`, `BETWEEN`) and a filter: the string has a fixed
//! width (four-digit year, always nine fractional digits), so byte order is time order.
//! `std::time::SystemTime` is not one of them: serde stores it as a map
//! `{"secs_since_epoch": N, "nanos_since_epoch": N}`, which DynamoDB cannot compare.
//!
//! ```
//! use std::time::Duration;
//! use dynakey::{EpochSeconds, UtcTime};
//!
//! let at = UtcTime::from_unix(1_796_310_406, 123_456_789)?;
//! assert_eq!(at.to_string(), "2026-12-03T15:06:46.123456789Z");
//! assert_eq!("2026-12-03T15:06:46.123456789Z".parse::<UtcTime>()?, at);
//! let minute_before = at.checked_sub(Duration::from_secs(60)).unwrap();
//! assert!(minute_before < at && minute_before.to_string() < at.to_string());
//! assert_eq!(EpochSeconds::from(at).secs(), 1_796_310_406);
//! # Ok::<(), dynakey::ValueError>(())
//! ```

mod epoch;
mod utc_time;

pub use epoch::{EpochMillis, EpochSeconds};
pub use utc_time::UtcTime;

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::ValueError;

/// `time` as signed nanoseconds since the Unix epoch.
fn system_nanos(time: SystemTime) -> i128 {
    match time.duration_since(UNIX_EPOCH) {
        Ok(after) => after.as_nanos() as i128,
        Err(before) => -(before.duration().as_nanos() as i128),
    }
}

/// The `SystemTime` `nanos` nanoseconds after (before, when negative) the Unix epoch.
fn system_time(nanos: i128, what: &dyn std::fmt::Display) -> Result<SystemTime, ValueError> {
    let magnitude = nanos.unsigned_abs();
    let duration = u64::try_from(magnitude / 1_000_000_000)
        .ok()
        .map(|secs| Duration::new(secs, (magnitude % 1_000_000_000) as u32));
    let time = duration.and_then(|d| {
        if nanos >= 0 {
            UNIX_EPOCH.checked_add(d)
        } else {
            UNIX_EPOCH.checked_sub(d)
        }
    });
    time.ok_or_else(|| {
        ValueError::new(
            "",
            format!("{what} is outside the range of this platform's SystemTime"),
        )
    })
}

/// `duration` in nanoseconds, signed.
fn duration_nanos(duration: Duration) -> i128 {
    duration.as_nanos() as i128
}

#[cfg(test)]
mod tests;
