//! Managed fields: the version number of optimistic locking, the automatic timestamps and the TTL
//! attribute, as an entity declares them.

use std::fmt;
use std::time::SystemTime;

use serde::Serialize;

use crate::expr::Value;
use crate::{EpochMillis, EpochSeconds, UtcTime, ValueError};

/// The attributes dynakey maintains on every write of an entity, from
/// `#[dynakey(version = "…", created_at = "…", updated_at = "…")]` and `#[ttl]`
/// ([`Entity::MANAGED`](crate::Entity::MANAGED); none by default). Built only by the derive.
#[derive(Clone, Copy)]
pub struct ManagedFields {
    pub(crate) version: Option<&'static str>,
    pub(crate) created_at: Option<Stamp>,
    pub(crate) updated_at: Option<Stamp>,
    pub(crate) ttl: Option<&'static str>,
}

impl fmt::Debug for ManagedFields {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ManagedFields")
            .field("version", &self.version)
            .field("created_at", &self.created_at.map(|s| s.attribute))
            .field("updated_at", &self.updated_at.map(|s| s.attribute))
            .field("ttl", &self.ttl)
            .finish()
    }
}

impl ManagedFields {
    /// No managed attribute.
    pub(crate) const NONE: ManagedFields = ManagedFields {
        version: None,
        created_at: None,
        updated_at: None,
        ttl: None,
    };

    /// The version attribute (optimistic locking), if the entity is versioned.
    pub const fn version(&self) -> Option<&'static str> {
        self.version
    }

    /// The creation timestamp, set by `create` (and by an upsert that creates the item).
    pub const fn created_at(&self) -> Option<Stamp> {
        self.created_at
    }

    /// The modification timestamp, set by `create`, `put` and `update`.
    pub const fn updated_at(&self) -> Option<Stamp> {
        self.updated_at
    }

    /// The `#[ttl]` attribute (epoch seconds), if any.
    pub const fn ttl(&self) -> Option<&'static str> {
        self.ttl
    }
}

/// A timestamp attribute and how its field stores a time.
#[derive(Clone, Copy)]
#[doc(hidden)]
pub struct Stamp {
    pub(crate) attribute: &'static str,
    pub(crate) encode: fn(SystemTime) -> Result<Value, ValueError>,
}

impl fmt::Debug for Stamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Stamp").field(&self.attribute).finish()
    }
}

impl Stamp {
    /// The attribute name.
    pub const fn attribute(&self) -> &'static str {
        self.attribute
    }

    /// `now` as the field stores it (its serde form).
    ///
    /// # Errors
    /// [`ValueError`] when the field's type cannot hold `now` or does not serialise.
    pub fn value(&self, now: SystemTime) -> Result<Value, ValueError> {
        (self.encode)(now)
    }
}

/// A field type that can hold an automatic timestamp, in a form DynamoDB compares in time order:
/// [`UtcTime`] (an ISO-8601 string), [`EpochSeconds`] or [`EpochMillis`] (numbers), or an
/// `Option` of one. Not `SystemTime`, whose serde form is a map DynamoDB cannot compare.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot hold an automatic timestamp",
    label = "named by #[dynakey(created_at = …)] or #[dynakey(updated_at = …)]",
    note = "a timestamp field is dynakey::UtcTime (stored as the string 2026-12-03T15:06:46.123456789Z), dynakey::EpochSeconds or dynakey::EpochMillis (stored as a number), or an Option of one: values DynamoDB compares in time order in conditions and filters; std::time::SystemTime and chrono's or time's types are stored by serde in forms that do not sort (convert them with TryFrom)"
)]
pub trait Timestamp: Serialize + Sized {
    /// The value for time `now`.
    ///
    /// # Errors
    /// [`ValueError`] when the type cannot hold `now`.
    fn from_system_time(now: SystemTime) -> Result<Self, ValueError>;
}

impl Timestamp for UtcTime {
    fn from_system_time(now: SystemTime) -> Result<Self, ValueError> {
        UtcTime::try_from(now)
    }
}

impl Timestamp for EpochSeconds {
    fn from_system_time(now: SystemTime) -> Result<Self, ValueError> {
        EpochSeconds::try_from(now)
    }
}

impl Timestamp for EpochMillis {
    fn from_system_time(now: SystemTime) -> Result<Self, ValueError> {
        EpochMillis::try_from(now)
    }
}

impl<T: Timestamp> Timestamp for Option<T> {
    fn from_system_time(now: SystemTime) -> Result<Self, ValueError> {
        T::from_system_time(now).map(Some)
    }
}

/// `now` as a `T` field stores it (the generated [`Stamp`] of a timestamp field).
pub(crate) fn stamp_value<T: Timestamp>(now: SystemTime) -> Result<Value, ValueError> {
    crate::field::serialize_value(&T::from_system_time(now)?, "")
}

/// Integer types a version field may have (optimistic locking counts 1, 2, 3, …).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a version number",
    label = "named by #[dynakey(version = …)]",
    note = "a version field is an unsigned or signed integer (u32, u64, i64, …): every write stores the version it read plus one"
)]
pub trait VersionNumber {}

macro_rules! versions {
    ($($t:ty),*) => { $(impl VersionNumber for $t {})* };
}
versions!(u8, u16, u32, u64, u128, usize, i16, i32, i64, i128, isize);

/// A version as the `N` attribute value DynamoDB compares.
pub(crate) fn version_value(version: u64) -> Value {
    Value::N(itoa::Buffer::new().format(version).to_owned())
}
