//! [`EpochSeconds`] and [`EpochMillis`]: an instant stored as a number since the Unix epoch.

use std::fmt;
use std::ops::{Add, Sub};
use std::time::{Duration, SystemTime};

use serde::{Deserialize, Serialize};

use super::{duration_nanos, system_nanos, system_time, UtcTime};
use crate::error::SegmentError;
use crate::{KeySegment, ValueError};

macro_rules! epoch_type {
    (
        $(#[$doc:meta])*
        $name:ident, $unit:literal, $per_unit:expr, $from:ident, $get:ident
    ) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(i64);

        impl From<i64> for $name {
            #[doc = concat!("The instant `n` ", $unit,
                " after (before, when negative) 1970-01-01T00:00:00Z.")]
            fn from(n: i64) -> Self {
                $name(n)
            }
        }

        impl From<$name> for i64 {
            #[doc = concat!("The ", $unit, " since 1970-01-01T00:00:00Z (negative before it).")]
            fn from(time: $name) -> i64 {
                time.0
            }
        }

        impl $name {
            /// The current time of the system clock, rounded down to the unit (saturating at
            /// `i64`'s range if the clock could ever exceed it).
            pub fn now() -> Self {
                let nanos = system_nanos(SystemTime::now());
                Self::from_nanos(nanos).unwrap_or(if nanos < 0 {
                    $name(i64::MIN)
                } else {
                    $name(i64::MAX)
                })
            }

            /// The unit containing the instant `nanos` nanoseconds after the epoch (rounded
            /// down), or `None` beyond `i64`.
            fn from_nanos(nanos: i128) -> Option<Self> {
                i64::try_from(nanos.div_euclid($per_unit)).ok().map($name)
            }

            fn nanos(&self) -> i128 {
                i128::from(self.0) * $per_unit
            }

        }

        impl Add<Duration> for $name {
            type Output = $name;

            /// `duration` later, rounded down to the unit (`self` is a whole unit, so a
            /// duration's fraction of a unit is dropped); saturates at `i64::MAX` units instead of
            /// overflowing.
            fn add(self, duration: Duration) -> $name {
                self.nanos()
                    .checked_add(duration_nanos(duration))
                    .and_then(Self::from_nanos)
                    .unwrap_or($name(i64::MAX))
            }
        }

        impl Sub<Duration> for $name {
            type Output = $name;

            /// `duration` earlier, rounded down to the unit (so 1.5 units before `t` is `t - 2`):
            /// e.g. `now() - one_minute` for a filter on recent items; saturates at `i64::MIN`
            /// units instead of overflowing.
            fn sub(self, duration: Duration) -> $name {
                self.nanos()
                    .checked_sub(duration_nanos(duration))
                    .and_then(Self::from_nanos)
                    .unwrap_or($name(i64::MIN))
            }
        }

        impl fmt::Display for $name {
            /// The stored number, e.g. `1796310406`.
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(&self.0, f)
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, concat!(stringify!($name), "({})"), self.0)
            }
        }

        /// In a key template: the text of the `i64` (sign-shifted, zero-padded to a fixed
        /// width), so keys sort in time order.
        impl KeySegment for $name {
            const WIDTH: Option<usize> = <i64 as KeySegment>::WIDTH;

            fn encode_segment(&self, out: &mut String) -> Result<(), SegmentError> {
                self.0.encode_segment(out)
            }

            fn decode_segment(text: &str) -> Result<Self, SegmentError> {
                i64::decode_segment(text).map($name)
            }
        }

        impl TryFrom<SystemTime> for $name {
            type Error = ValueError;

            /// Rounded down to the unit.
            ///
            /// # Errors
            /// [`ValueError`] when the count does not fit an `i64`.
            fn try_from(time: SystemTime) -> Result<Self, ValueError> {
                let nanos = system_nanos(time);
                Self::from_nanos(nanos).ok_or_else(|| {
                    ValueError::new(
                        "",
                        format!(
                            concat!("{} ns since the Unix epoch does not fit ",
                                stringify!($name), " (i64 ", $unit, ")"),
                            nanos
                        ),
                    )
                })
            }
        }

        impl TryFrom<$name> for SystemTime {
            type Error = ValueError;

            /// # Errors
            /// [`ValueError`] when this platform's `SystemTime` cannot hold the time.
            fn try_from(time: $name) -> Result<Self, ValueError> {
                system_time(time.nanos(), &time)
            }
        }

        impl From<UtcTime> for $name {
            /// Rounded down to the unit (every `UtcTime` fits).
            fn from(time: UtcTime) -> Self {
                Self::from_nanos(time.unix_nanos()).unwrap_or($name(0))
            }
        }

        impl TryFrom<$name> for UtcTime {
            type Error = ValueError;

            /// # Errors
            /// [`ValueError`] when the time is outside the years 0000–9999.
            fn try_from(time: $name) -> Result<Self, ValueError> {
                UtcTime::from_unix_nanos(time.nanos())
            }
        }

        #[cfg(feature = "chrono")]
        #[cfg_attr(docsrs, doc(cfg(feature = "chrono")))]
        impl TryFrom<chrono::DateTime<chrono::Utc>> for $name {
            type Error = ValueError;

            /// Rounded down to the unit.
            ///
            /// # Errors
            /// [`ValueError`] when the count does not fit an `i64`.
            fn try_from(time: chrono::DateTime<chrono::Utc>) -> Result<Self, ValueError> {
                let nanos = i128::from(time.timestamp()) * 1_000_000_000
                    + i128::from(time.timestamp_subsec_nanos());
                Self::from_nanos(nanos).ok_or_else(|| {
                    ValueError::new("", format!("{time} does not fit {}", stringify!($name)))
                })
            }
        }

        #[cfg(feature = "time")]
        #[cfg_attr(docsrs, doc(cfg(feature = "time")))]
        impl TryFrom<time::OffsetDateTime> for $name {
            type Error = ValueError;

            /// Rounded down to the unit.
            ///
            /// # Errors
            /// [`ValueError`] when the count does not fit an `i64`.
            fn try_from(time: time::OffsetDateTime) -> Result<Self, ValueError> {
                Self::from_nanos(time.unix_timestamp_nanos()).ok_or_else(|| {
                    ValueError::new("", format!("{time} does not fit {}", stringify!($name)))
                })
            }
        }
    };
}

epoch_type!(
    /// An instant stored as the number (`N`) of whole seconds since 1970-01-01T00:00:00Z, rounded
    /// down; negative before it. Resolution: one second; range: `i64`.
    ///
    /// DynamoDB compares numbers by value (AWS developer guide, "Comparison operator and function
    /// reference"), so an `EpochSeconds` attribute sorts and compares in time order in a sort key,
    /// a condition or a filter. Serde: an integer (`1796310406`). `Ord` is time order.
    ///
    /// A managed timestamp field (`#[dynakey(created_at = "…", updated_at = "…")]`) may have this
    /// type or `Option<EpochSeconds>`. (A `#[ttl]` attribute is epoch seconds too, but declared
    /// with its own time types: see [`crate::ttl`].)
    EpochSeconds, "seconds", 1_000_000_000, from_secs, secs
);

epoch_type!(
    /// An instant stored as the number (`N`) of whole milliseconds since 1970-01-01T00:00:00Z,
    /// rounded down; negative before it. Resolution: one millisecond; range: `i64`.
    ///
    /// DynamoDB compares numbers by value (AWS developer guide, "Comparison operator and function
    /// reference"), so an `EpochMillis` attribute sorts and compares in time order in a sort key,
    /// a condition or a filter. Serde: an integer (`1796310406123`). `Ord` is time order.
    ///
    /// A managed timestamp field (`#[dynakey(created_at = "…", updated_at = "…")]`) may have this
    /// type or `Option<EpochMillis>`.
    EpochMillis, "milliseconds", 1_000_000, from_millis, millis
);
