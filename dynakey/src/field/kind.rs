//! The kinds of field handle, and the traits that let a write use one or refuse it at compile
//! time with the fix in the message.

use serde::Serialize;

use super::cond::{NonKey, WithKeyFields};
use super::value::{serialize, serialize_set};
use crate::expr::Value;
use crate::ttl::TtlTime;
use crate::ValueError;

/// A field with every update operation (see [`Field`](crate::Field)).
#[derive(Debug, Clone, Copy)]
pub enum Plain {}

/// A field stored as a DynamoDB set (`SS`, `NS` or `BS`, with
/// `#[serde(with = "serde_dynamo::string_set")]`, `number_set` or `binary_set`): as [`Plain`],
/// plus `add_to_set` and `delete_from_set`.
#[derive(Debug, Clone, Copy)]
pub enum Set {}

/// The `#[ttl]` field, stored as epoch seconds ([`crate::ttl`]): as [`Plain`].
#[derive(Debug, Clone, Copy)]
pub enum Ttl {}

/// A field of the `#[pk]`/`#[sk]` template: conditions only.
#[derive(Debug, Clone, Copy)]
pub enum KeyPart {}

/// A field of an `#[index(…)]` template: conditions only; written through its
/// [`IndexGroup`](super::IndexGroup).
///
/// `G` names the group for compile errors: the derive sets it to a marker type spelled
/// `HANDLE<(FIELD, …)>` — the group's handle and its fields' handles in order, e.g.
/// `Indexed<BY_ASSIGNEE<(ASSIGNEE, CREATED)>>` — so a message about the field names the real
/// index group and fields. It has no values.
pub enum Indexed<G = ()> {
    #[doc(hidden)]
    __Never(
        std::convert::Infallible,
        std::marker::PhantomData<fn() -> G>,
    ),
}

impl<G> Clone for Indexed<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G> Copy for Indexed<G> {}

impl<G> std::fmt::Debug for Indexed<G> {
    fn fmt(&self, _: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Indexed::__Never(never, _) => match never {},
        }
    }
}

/// A version or timestamp field, set by dynakey on every write: conditions only.
#[derive(Debug, Clone, Copy)]
pub enum Managed {}

/// How a kind of field stores a value of type `V`.
pub trait Encode<V> {
    /// `value` as DynamoDB stores it in attribute `attribute` (named in the error).
    ///
    /// # Errors
    /// [`ValueError`] when it does not serialise.
    fn encode(value: &V, attribute: &str) -> Result<Value, ValueError>;
}

macro_rules! serde_encoded {
    ($($kind:ty),*) => {$(
        impl<V: Serialize> Encode<V> for $kind {
            #[inline]
            fn encode(value: &V, attribute: &str) -> Result<Value, ValueError> {
                serialize(value, attribute)
            }
        }
    )*};
}
serde_encoded!(Plain, KeyPart, Managed);

impl<V: Serialize, G> Encode<V> for Indexed<G> {
    #[inline]
    fn encode(value: &V, attribute: &str) -> Result<Value, ValueError> {
        serialize(value, attribute)
    }
}

impl<V: Serialize> Encode<V> for Set {
    fn encode(value: &V, attribute: &str) -> Result<Value, ValueError> {
        serialize_set(value, attribute)
    }
}

impl<V: TtlTime> Encode<V> for Ttl {
    fn encode(value: &V, _attribute: &str) -> Result<Value, ValueError> {
        Ok(crate::ttl::to_value(value))
    }
}

/// Kinds an update may change that are not key fields: every kind but [`KeyPart`].
#[diagnostic::on_unimplemented(
    message = "a key field of `{E}` cannot be changed by an update",
    label = "a field of the #[pk] or #[sk] template",
    note = "DynamoDB never changes key attributes in place; change an item's key by moving it: `db.move_to(&old_key, &entity_with_the_new_key)` (one transaction that deletes the old item and puts the new one)"
)]
pub trait NotKeyPart<E> {}

/// Kinds an update may change on their own: every kind but [`Indexed`].
#[diagnostic::on_unimplemented(
    message = "an index field of `{E}` is updated only together with the rest of its index",
    label = "a field of an #[index(…)] template",
    note = "`{Self}` names this field's index group and its fields, as `Indexed<HANDLE<(FIELD, …)>>`: set them together with `.set({E}::HANDLE, (value, …))`, one value per field in that order, and the same UpdateItem rewrites the index key attributes; or change this field alone with `db.modify(&key, |e| …)`, which rebuilds the index key from the other fields as stored. `add`, `subtract` and the list and set operations do not apply (the new value, and so the index key, is unknown)"
)]
pub trait NotIndexed<E> {}

/// Kinds an update may change by hand: every kind but [`Managed`].
#[diagnostic::on_unimplemented(
    message = "this field of `{E}` is set by dynakey, not by hand",
    label = "a version or timestamp field",
    note = "the version field (#[dynakey(version = …)]) is incremented by every put, update and delete, and checked against `.expected_version(v)`; created_at and updated_at (#[dynakey(created_at = …, updated_at = …)]) are set by create, put and update in the same request"
)]
pub trait NotManaged<E> {}

macro_rules! allow {
    ($trait:ident: $($kind:ty),*) => { $(impl<E> $trait<E> for $kind {})* };
}
allow!(NotKeyPart: Plain, Set, Ttl, Managed);
impl<E, G> NotKeyPart<E> for Indexed<G> {}
allow!(NotIndexed: Plain, Set, Ttl, KeyPart, Managed);
allow!(NotManaged: Plain, Set, Ttl, KeyPart);
impl<E, G> NotManaged<E> for Indexed<G> {}

/// The [`Scope`](super::Scope) of the conditions a kind of field makes: [`WithKeyFields`] for a
/// key-template field ([`KeyPart`]), [`NonKey`] for every other kind.
pub trait FieldKind {
    /// [`NonKey`] or [`WithKeyFields`].
    type Scope: super::Scope;
}

macro_rules! scoped {
    ($scope:ty: $($kind:ty),*) => { $(impl FieldKind for $kind { type Scope = $scope; })* };
}
scoped!(NonKey: Plain, Set, Ttl, Managed);
impl<G> FieldKind for Indexed<G> {
    type Scope = NonKey;
}
scoped!(WithKeyFields: KeyPart);
