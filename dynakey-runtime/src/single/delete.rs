//! [`Delete`]: a `DeleteItem` request, made by [`Db::delete`].

use std::fmt;
use std::future::{Future, IntoFuture};
use std::marker::PhantomData;
use std::pin::Pin;

use aws_sdk_dynamodb::types::ReturnValue;
use dynakey::__private::expr::Condition;
use dynakey::__private::write::{condition, Guard};
use dynakey::{Cond, Entity, InTable, Key, Table, Versioned, WriteInput};

use super::copy::{self, CopyPart};
use super::version::{AnyVersion, ExpectedVersion, VersionCheck};
use super::write::{self, push_condition, Action};
use crate::db::Db;
use crate::error::{Error, Expected};
use crate::measures::{self, Labels};

impl<T: Table> Db<T> {
    /// A `DeleteItem` request for the item with primary key `key`; `.await` it. Deleting a key
    /// that has no item is not an error (unless a condition says so). A versioned entity is
    /// deleted only with `.expected_version(v)`.
    ///
    /// # Errors
    /// [`Error::ConditionFailed`] or [`Error::VersionConflict`] with the stored item;
    /// [`Error::Plan`] before any request; [`Error::Sdk`] (nothing was applied);
    /// [`Error::OutcomeUnknown`] when an answer was lost and could not be settled: a versioned
    /// delete is resent, and a resend refused on a missing item cannot tell its own delete from
    /// another's; any other delete is not resent (it could delete an item stored since) but
    /// read: no item settles a delete without a condition, anything else is unknown
    /// (docs/semantics.md §5, "A lost answer"; [`exactly_once`](Delete::exactly_once) settles
    /// it).
    pub fn delete<E>(&self, key: &Key<E>) -> Delete<T, E>
    where
        E: InTable<T>,
    {
        Delete {
            db: self.clone(),
            key: key.clone(),
            conditions: Vec::new(),
            expected_version: None,
            error: None,
            exactly_once: false,
            pattern: None,
            state: PhantomData,
        }
    }
}

/// A `DeleteItem` request, made by [`Db::delete`]; `.condition(…)`, `.expected_version(v)` (a
/// versioned entity), then `.await`.
#[must_use = "a DeleteItem request does nothing until it is awaited"]
pub struct Delete<T: Table, E, V = AnyVersion> {
    db: Db<T>,
    key: Key<E>,
    conditions: Vec<Condition>,
    expected_version: Option<u64>,
    error: Option<Error>,
    exactly_once: bool,
    /// The access pattern the caller named ([`pattern`](Self::pattern)).
    pattern: Option<&'static str>,
    state: PhantomData<fn() -> V>,
}

impl<T: Table, E, V> fmt::Debug for Delete<T, E, V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Delete")
            .field("table", &self.db.table_name())
            .field("key", &self.key)
            .field("conditions", &self.conditions)
            .field("expected_version", &self.expected_version)
            .finish_non_exhaustive()
    }
}

impl<T: Table, E: Entity, V> Delete<T, E, V> {
    /// Names this request's access pattern in its measures (label `pattern`; see
    /// [`measures`](crate::measures)), e.g. `"overdue"`: a static name, so that the label keeps
    /// few values. Without it, the pattern is ``delete``.
    pub fn pattern(mut self, name: &'static str) -> Self {
        self.pattern = Some(name);
        self
    }

    /// The delete happens only if `condition` holds on the item as stored.
    pub fn condition<S>(mut self, condition: Cond<E, S>) -> Self {
        push_condition(&mut self.conditions, &mut self.error, condition);
        self
    }

    /// Sends the delete as a `TransactWriteItems` of this one action with a
    /// `ClientRequestToken`, so that a lost answer is settled by resending it with the token
    /// (applied at most once within 10 minutes): never a second delete of an item another
    /// writer stored meanwhile. Cost: 2 write capacity units per 1 KB of the deleted item
    /// instead of 1 (AWS developer guide, "Capacity management for transactions"). See
    /// [`Put::exactly_once`](crate::Put::exactly_once).
    pub fn exactly_once(mut self) -> Self {
        self.exactly_once = true;
        self
    }

    /// The write as one action of a transaction, which refuses a delete of an entity whose key
    /// change writes copies.
    pub(crate) fn prepare(self) -> (Db<T>, Result<Action, Error>) {
        if let Err(error) = copy::refuse::<E>("TransactWriteItems") {
            return (self.db, Err(error));
        }
        self.prepare_one()
    }

    /// The write as one action.
    fn prepare_one(self) -> (Db<T>, Result<Action, Error>) {
        let expected = Expected {
            guard: Guard::Any,
            version: self.expected_version,
            version_attribute: E::MANAGED.version(),
        };
        let condition = condition::<E>(Guard::Any, self.expected_version, &self.conditions);
        let action = match self.error {
            Some(error) => Err(error),
            None => Ok(Action::delete(&self.key, condition, expected)),
        };
        (self.db, action)
    }

    /// The `ConditionExpression` with its names and values as DynamoDB would receive them.
    ///
    /// # Errors
    /// [`Error::Plan`] of a condition value.
    pub fn input(self) -> Result<WriteInput, Error> {
        self.prepare_one().1.map(|action| action.input())
    }
}

impl<T: Table, E: Versioned> Delete<T, E, AnyVersion> {
    /// Optimistic locking: the delete happens only if the stored version is `version` (the
    /// version the item was read with); otherwise [`Error::VersionConflict`] with the stored item.
    pub fn expected_version(self, version: u64) -> Delete<T, E, ExpectedVersion> {
        Delete {
            db: self.db,
            key: self.key,
            conditions: self.conditions,
            expected_version: Some(version),
            error: self.error,
            exactly_once: self.exactly_once,
            pattern: self.pattern,
            state: PhantomData,
        }
    }
}

impl<T: Table, E: Entity, V: VersionCheck<E>> IntoFuture for Delete<T, E, V> {
    type Output = Result<(), Error>;
    type IntoFuture = Pin<Box<dyn Future<Output = Self::Output> + Send>>;

    fn into_future(self) -> Self::IntoFuture {
        let exactly_once = self.exactly_once;
        let labels = Labels::of::<E>(self.pattern, "delete");
        let copy = CopyPart::of::<E>(None);
        let (db, action) = self.prepare_one();
        Box::pin(measures::labelled(labels, async move {
            let action = action?;
            match copy {
                Some(copy) => copy::send(&db, action, copy, ReturnValue::None, exactly_once).await,
                None => write::send_as(&db, action, ReturnValue::None, exactly_once).await,
            }
            .map(drop)
        }))
    }
}
