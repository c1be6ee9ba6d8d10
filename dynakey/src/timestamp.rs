//! Time values DynamoDB can compare: the types of managed timestamp fields
//! (`#[dynakey(created_at = "…", updated_at = "…")]`), usable in any other field too. The table
//! of how each is stored is on [`UtcTime`].

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
