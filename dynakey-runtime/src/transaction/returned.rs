//! What a [`Transaction`](crate::Transaction) returns besides its token: the item each put,
//! create or update asked for, typed, in action order (docs/semantics.md §5, "Transactions").
//!
//! `TransactWriteItems` returns no item (AWS API reference, `TransactWriteItems`: only
//! `ReturnValuesOnConditionCheckFailure`), so:
//! - a put or create with [`returning_stored`](crate::Put::returning_stored) returns the item it
//!   sends, with its version and managed timestamps — what DynamoDB stores, known before the
//!   request ([`Ready`]), as a single put does;
//! - an update with [`returning_new`](crate::Update::returning_new) returns the item read back
//!   after the transaction ([`ReadBack`]): the new image of an update depends on the item as
//!   stored (`ADD`, `list_append`, fields the update does not name), which only DynamoDB knows.
//!   Every such item is read in one `TransactGetItems` right after the transaction succeeds: one
//!   request whatever their number, strongly consistent and one serializable snapshot, so it
//!   never shows part of another transaction. It is the item as stored at that read: the
//!   transaction's changes, and a change another writer made in the moment between (a versioned
//!   entity's version tells: the transaction stored `expected + 1`). `None` when another writer
//!   deleted the item in between.
//!
//! The values come as a tuple, one element per returning action in action order (a put without
//! `returning_stored` or an update without `returning_new` adds none), at most 12.

use std::marker::PhantomData;

use dynakey::Entity;
use serde::de::DeserializeOwned;

use super::get::decode_one;
use crate::convert::Item;
use crate::error::Error;
use crate::single::{New, Nothing, PutReturning, Stored};

/// A put's stored item, known before the request: the entity as sent with its managed fields.
#[derive(Debug)]
pub struct Ready<E>(pub(crate) E);

/// An update's new image: the position of its key among the keys read back after the
/// transaction.
#[derive(Debug)]
pub struct ReadBack<E> {
    at: usize,
    entity: PhantomData<fn() -> E>,
}

/// One returning action's place in a transaction's result, turned into its value once the
/// transaction succeeded and its updated items were read back.
pub trait Slot: Send + 'static {
    /// The value: `E` for a put, `Option<E>` for an update.
    type Value: Send + 'static;
    /// The value, from the items read back (in the order of the read-back keys).
    ///
    /// # Errors
    /// [`Error::Decode`] or [`Error::ForeignItem`] for an item read back that is not `E`'s.
    fn value(self, read: &mut [Option<Item>]) -> Result<Self::Value, Error>;
}

impl<E: Send + 'static> Slot for Ready<E> {
    type Value = E;
    fn value(self, _: &mut [Option<Item>]) -> Result<E, Error> {
        Ok(self.0)
    }
}

impl<E: Entity + DeserializeOwned + Send + 'static> Slot for ReadBack<E> {
    type Value = Option<E>;
    fn value(self, read: &mut [Option<Item>]) -> Result<Option<E>, Error> {
        let item = read.get_mut(self.at).and_then(Option::take);
        decode_one::<E>(item, "transaction")
    }
}

/// The slots of a transaction's returning actions so far: a tuple of up to 12 (`()` for none).
pub trait Slots: Send + 'static {
    /// Their values, in action order.
    type Values: Send + 'static;
    /// The values, from the items read back.
    ///
    /// # Errors
    /// As [`Slot::value`].
    fn values(self, read: &mut [Option<Item>]) -> Result<Self::Values, Error>;
}

/// Slots that take one more: every tuple of [`Slots`] but the twelfth (a thirteenth returning
/// action does not compile).
#[diagnostic::on_unimplemented(
    message = "a transaction returns at most 12 items",
    label = "a 13th action that asks for its item",
    note = "drop `.returning_stored()` / `.returning_new()` from some actions and read those items afterwards with `db.transact_get(…)`"
)]
pub trait Append<S: Slot>: Slots {
    /// The tuple with `S` last.
    type Output: Slots;
    /// Appends `slot`.
    fn append(self, slot: S) -> Self::Output;
}

impl Slots for () {
    type Values = ();
    fn values(self, _: &mut [Option<Item>]) -> Result<(), Error> {
        Ok(())
    }
}

impl<S: Slot> Append<S> for () {
    type Output = (S,);
    fn append(self, slot: S) -> (S,) {
        (slot,)
    }
}

/// `Slots` for each tuple, and `Append` for each but the twelfth.
macro_rules! slots {
    ($(($($S:ident $i:tt),+))+) => {$(
        impl<$($S: Slot),+> Slots for ($($S,)+) {
            type Values = ($($S::Value,)+);
            fn values(self, read: &mut [Option<Item>]) -> Result<Self::Values, Error> {
                Ok(($(self.$i.value(read)?,)+))
            }
        }
        append! { ($($S $i),+) }
    )+};
}

macro_rules! append {
    ((A 0, B 1, C 2, D 3, F 4, G 5, H 6, I 7, J 8, K 9, L 10, M 11)) => {};
    (($($S:ident $i:tt),+)) => {
        impl<$($S: Slot,)+ N: Slot> Append<N> for ($($S,)+) {
            type Output = ($($S,)+ N,);
            fn append(self, slot: N) -> Self::Output {
                ($(self.$i,)+ slot,)
            }
        }
    };
}

tuples_1_to_12!(slots);

/// What a put in a transaction returns: nothing ([`Nothing`]) or its stored item ([`Stored`]).
pub trait PutInTransaction<E, O: Slots>: PutReturning<E> {
    /// The slots after this put.
    type Then: Slots;
    /// `slots` with this put's value, if it returns one.
    fn then(slots: O, value: Self::Output) -> Self::Then;
}

impl<E, O: Slots> PutInTransaction<E, O> for Nothing {
    type Then = O;
    fn then(slots: O, _: ()) -> O {
        slots
    }
}

impl<E, O> PutInTransaction<E, O> for Stored
where
    E: Entity + DeserializeOwned + Send + 'static,
    O: Append<Ready<E>>,
{
    type Then = O::Output;
    fn then(slots: O, value: E) -> Self::Then {
        slots.append(Ready(value))
    }
}

/// What an update in a transaction returns: nothing ([`Nothing`]) or its new image read back
/// after the transaction ([`New`], as `Option<E>`).
#[diagnostic::on_unimplemented(
    message = "an update in a transaction returns nothing or its new image, not `{Self}`",
    label = "`.returning_old()` and `.returning::<P>()` are not available in a transaction",
    note = "use `.returning_new()` (the item read back after the transaction, as `Option<{E}>`), or nothing; `TransactWriteItems` returns no item, so the item before the update is not known"
)]
pub trait UpdateInTransaction<E, O: Slots> {
    /// The slots after this update.
    type Then: Slots;
    /// Whether its item is read back after the transaction.
    const READ_BACK: bool;
    /// `slots` with this update's, if it returns one: the item at position `at` of the read.
    fn then(slots: O, at: usize) -> Self::Then;
}

impl<E, O: Slots> UpdateInTransaction<E, O> for Nothing {
    type Then = O;
    const READ_BACK: bool = false;
    fn then(slots: O, _: usize) -> O {
        slots
    }
}

impl<E, O> UpdateInTransaction<E, O> for New
where
    E: Entity + DeserializeOwned + Send + 'static,
    O: Append<ReadBack<E>>,
{
    type Then = O::Output;
    const READ_BACK: bool = true;
    fn then(slots: O, at: usize) -> Self::Then {
        slots.append(ReadBack {
            at,
            entity: PhantomData,
        })
    }
}
