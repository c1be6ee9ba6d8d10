//! Time to Live: an expiry time stored as epoch seconds, the form DynamoDB's TTL reads (AWS
//! developer guide, "Using time to live (TTL) in DynamoDB": the TTL attribute holds a Number, the
//! expiry time in seconds since the Unix epoch; DynamoDB deletes an item some time after it —
//! typically within a few days — and until then reads still return it).
//!
//! An entity marks its expiry field `#[ttl]` and stores it with this module as its serde codec; the
//! table names the same attribute (`#[table(…, ttl = "expires_at")]`), which `Db::create_table`
//! enables TTL on:
//!
//! ```
//! use std::time::SystemTime;
//!
//! #[derive(dynakey::Table)]
//! #[table(partition_key = "PK", sort_key = "SK", ttl = "expires_at")]
//! struct App;
//!
//! #[derive(dynakey::Entity, serde::Serialize, serde::Deserialize)]
//! #[dynakey(table = App)]
//! #[pk("SESSION#<id>")]
//! #[sk("META")]
//! struct Session {
//!     id: String,
//!     #[ttl]
//!     #[serde(with = "dynakey::ttl")]
//!     expires_at: SystemTime,
//! }
//!
//! use dynakey::Table;
//! assert_eq!(App::TTL_ATTRIBUTE, Some("expires_at"));
//! ```
//!
//! The time types are [`TtlTime`]s: `std::time::SystemTime`, `chrono::DateTime<Utc>` (feature
//! `chrono`), `time::OffsetDateTime` (feature `time`), and `Option` of one (`None`: no expiry,
//! stored as `NULL`, which TTL ignores). Stored times are whole seconds: a time read back has no
//! fraction of a second. Reads can leave out items already past their expiry (the runtime's
//! `unexpired()`), since DynamoDB deletes them only eventually.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Deserializer, Serializer};

use crate::expr::Value;

/// A time that can be a TTL attribute: converted to and from whole seconds since the Unix epoch.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a time type a #[ttl] field can hold",
    label = "a #[ttl] field is stored as epoch seconds",
    note = "#[ttl] takes std::time::SystemTime, chrono::DateTime<Utc> (feature `chrono`), time::OffsetDateTime (feature `time`), or an Option of one"
)]
pub trait TtlTime: Sized {
    /// Whole seconds since the Unix epoch, rounded down; `None` for no expiry.
    fn epoch_seconds(&self) -> Option<i64>;

    /// The time `seconds` after the epoch (`None`: the attribute is `NULL`); `None` when the type
    /// cannot hold it.
    fn from_epoch_seconds(seconds: Option<i64>) -> Option<Self>;
}

impl TtlTime for SystemTime {
    fn epoch_seconds(&self) -> Option<i64> {
        match self.duration_since(UNIX_EPOCH) {
            Ok(after) => i64::try_from(after.as_secs()).ok(),
            Err(before) => {
                let before = before.duration();
                let whole = i64::try_from(before.as_secs()).ok()?;
                Some(if before.subsec_nanos() > 0 {
                    -whole - 1
                } else {
                    -whole
                })
            }
        }
    }

    fn from_epoch_seconds(seconds: Option<i64>) -> Option<Self> {
        let seconds = seconds?;
        let magnitude = Duration::from_secs(seconds.unsigned_abs());
        if seconds >= 0 {
            UNIX_EPOCH.checked_add(magnitude)
        } else {
            UNIX_EPOCH.checked_sub(magnitude)
        }
    }
}

#[cfg(feature = "chrono")]
impl TtlTime for chrono::DateTime<chrono::Utc> {
    fn epoch_seconds(&self) -> Option<i64> {
        Some(self.timestamp())
    }

    fn from_epoch_seconds(seconds: Option<i64>) -> Option<Self> {
        chrono::DateTime::from_timestamp(seconds?, 0)
    }
}

#[cfg(feature = "time")]
impl TtlTime for time::OffsetDateTime {
    fn epoch_seconds(&self) -> Option<i64> {
        Some(self.unix_timestamp())
    }

    fn from_epoch_seconds(seconds: Option<i64>) -> Option<Self> {
        time::OffsetDateTime::from_unix_timestamp(seconds?).ok()
    }
}

impl<T: TtlTime> TtlTime for Option<T> {
    fn epoch_seconds(&self) -> Option<i64> {
        self.as_ref().and_then(T::epoch_seconds)
    }

    fn from_epoch_seconds(seconds: Option<i64>) -> Option<Self> {
        match seconds {
            None => Some(None),
            Some(_) => T::from_epoch_seconds(seconds).map(Some),
        }
    }
}

/// The serde codec of a `#[ttl]` field (`#[serde(with = "dynakey::ttl")]`): serialises the time
/// as its epoch seconds (a DynamoDB `N`), `None` as `NULL`.
///
/// # Errors
/// The serializer's.
pub fn serialize<T: TtlTime, S: Serializer>(value: &T, serializer: S) -> Result<S::Ok, S::Error> {
    match value.epoch_seconds() {
        Some(seconds) => serializer.serialize_i64(seconds),
        None => serializer.serialize_none(),
    }
}

/// The serde codec of a `#[ttl]` field: reads epoch seconds back (`NULL` as `None`).
///
/// # Errors
/// When the attribute is not a number of seconds the type can hold, or is `NULL` for a field that
/// is not an `Option`.
pub fn deserialize<'de, T: TtlTime, D: Deserializer<'de>>(deserializer: D) -> Result<T, D::Error> {
    let seconds = Option::<i64>::deserialize(deserializer)?;
    T::from_epoch_seconds(seconds).ok_or_else(|| {
        <D::Error as serde::de::Error>::custom(match seconds {
            Some(seconds) => format!("{seconds} epoch seconds are out of range for this time type"),
            None => "a TTL attribute of a field that is not an Option is NULL".to_owned(),
        })
    })
}

/// The attribute value a TTL field stores: `N` of its epoch seconds, or `NULL`.
pub(crate) fn to_value<T: TtlTime>(value: &T) -> Value {
    match value.epoch_seconds() {
        Some(seconds) => Value::N(itoa::Buffer::new().format(seconds).to_owned()),
        None => Value::Null(true),
    }
}

/// `now` in whole epoch seconds, as a TTL attribute compares with it: an item whose attribute
/// holds a number at or below it has expired.
#[doc(hidden)]
pub fn now_seconds(now: SystemTime) -> i64 {
    now.epoch_seconds().unwrap_or(i64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn epoch_seconds_round_down_and_round_trip() {
        let t = UNIX_EPOCH + Duration::from_millis(1_500);
        assert_eq!(t.epoch_seconds(), Some(1));
        let before = UNIX_EPOCH - Duration::from_millis(1_500);
        assert_eq!(before.epoch_seconds(), Some(-2));
        assert_eq!(
            SystemTime::from_epoch_seconds(Some(-2)),
            Some(UNIX_EPOCH - Duration::from_secs(2))
        );
        assert_eq!(<Option<SystemTime>>::from_epoch_seconds(None), Some(None));
        assert_eq!(SystemTime::from_epoch_seconds(None), None);
        assert_eq!(to_value(&Some(t)), Value::N("1".into()));
        assert_eq!(to_value(&None::<SystemTime>), Value::Null(true));
    }
}
