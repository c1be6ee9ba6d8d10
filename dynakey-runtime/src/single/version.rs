//! The version typestates of a write: a versioned entity is never written without the version it
//! was read with (`.expected_version(v)`; AWS developer guide, "Optimistic locking with version
//! number").

use dynakey::{Unversioned, Versioned};

/// A write request of an entity that is not versioned, or whose version is not needed: typestate
/// of [`Delete`](crate::Delete) and [`Update`](crate::Update).
#[derive(Debug, Clone, Copy)]
pub enum AnyVersion {}

/// A write request that carries the version the caller read (`.expected_version(v)`).
#[derive(Debug, Clone, Copy)]
pub enum ExpectedVersion {}

/// The version typestates a write of `E` may be sent in: [`AnyVersion`] for an entity without a
/// version, [`ExpectedVersion`] for a versioned one (so a versioned entity is never written
/// without the version it was read with). The bounds on `E` carry the messages.
pub trait VersionCheck<E> {}

impl<E: Unversioned> VersionCheck<E> for AnyVersion {}

impl<E: Versioned> VersionCheck<E> for ExpectedVersion {}
