//! [`Update`]: a typed `UpdateItem` request, made by [`Db::update`] around a
//! [`dynakey::UpdatePlan`] (AWS developer guide, "Update expressions"; `docs/semantics.md` §5).

use std::fmt;
use std::future::{Future, IntoFuture};
use std::marker::PhantomData;
use std::pin::Pin;
use std::time::SystemTime;

use aws_sdk_dynamodb::types::ReturnValue;
use dynakey::{Entity, InTable, Key, Table, UpdateBuilder, UpdatePlan, Versioned, WriteInput};
use serde::de::DeserializeOwned;

use super::copy::{self, CopyPart};
use super::version::{AnyVersion, ExpectedVersion, VersionCheck};
use super::write::{self, Action};
use crate::convert::Item;
use crate::db::Db;
use crate::error::{Error, TransactionRefusal};
use crate::item::{from_entity_item, from_item_in};
use crate::measures::{self, Labels};

/// What an [`Update`] returns (`ReturnValues`): [`Nothing`] (the default), [`New`] (the item
/// after the update), [`Old`] (the item before it, `None` when an upsert created it) or
/// [`NewAs<P>`] (the item after the update, decoded into your own type `P`).
pub trait Returning<T: Table, E>: Send + 'static {
    /// `ReturnValues` of the request.
    const RETURN_VALUES: ReturnValue;
    /// The request's output.
    type Output: Send + 'static;
    /// Decodes the `Attributes` of the answer.
    ///
    /// # Errors
    /// [`Error::Decode`] when they do not decode.
    fn decode(attributes: Option<Item>) -> Result<Self::Output, Error>;
}

/// Return nothing (`ReturnValues = NONE`): the default of an [`Update`] and of a
/// [`Put`](crate::Put).
#[derive(Debug, Clone, Copy)]
pub enum Nothing {}

/// Return the whole item after the update (`ALL_NEW`), as `E`.
#[derive(Debug, Clone, Copy)]
pub enum New {}

/// Return the whole item before the update (`ALL_OLD`), as `Option<E>`.
#[derive(Debug, Clone, Copy)]
pub enum Old {}

/// Return the whole item after the update (`ALL_NEW`), decoded into `P`.
#[derive(Debug)]
pub struct NewAs<P>(PhantomData<fn() -> P>);

impl<T: Table, E: 'static> Returning<T, E> for Nothing {
    const RETURN_VALUES: ReturnValue = ReturnValue::None;
    type Output = ();
    fn decode(_: Option<Item>) -> Result<(), Error> {
        Ok(())
    }
}

impl<T: Table, E: Entity + DeserializeOwned + Send + 'static> Returning<T, E> for New {
    const RETURN_VALUES: ReturnValue = ReturnValue::AllNew;
    type Output = E;
    fn decode(attributes: Option<Item>) -> Result<E, Error> {
        from_entity_item::<E>(attributes.unwrap_or_default())
    }
}

impl<T: Table, E: Entity + DeserializeOwned + Send + 'static> Returning<T, E> for Old {
    const RETURN_VALUES: ReturnValue = ReturnValue::AllOld;
    type Output = Option<E>;
    fn decode(attributes: Option<Item>) -> Result<Option<E>, Error> {
        // No item before: DynamoDB returns no attributes; the embedded engine (dynoxide 3.2)
        // returns the key alone. Neither is an item of `E`.
        let key_only = |a: &Item| {
            a.keys()
                .all(|k| k == T::PARTITION_KEY || T::SORT_KEY == Some(k.as_str()))
        };
        attributes
            .filter(|a| !key_only(a))
            .map(from_entity_item::<E>)
            .transpose()
    }
}

impl<T: Table, E: 'static, P: DeserializeOwned + Send + 'static> Returning<T, E> for NewAs<P> {
    const RETURN_VALUES: ReturnValue = ReturnValue::AllNew;
    type Output = P;
    fn decode(attributes: Option<Item>) -> Result<P, Error> {
        from_item_in::<T, P>(attributes.unwrap_or_default())
    }
}

/// A typed `UpdateItem` request of the item with one key, made by [`Db::update`]: the typed
/// operations of its [`UpdatePlan`] through [`UpdateBuilder`] (`set`, `remove`, `add`, …, with
/// the plan's rules: key fields have none, index fields are set with their whole group, `remove`
/// only on `Option` fields, `add`/`subtract` on numbers, set and list operations on sets and
/// lists), `.condition(…)`, `.upsert()`, `.expected_version(v)` (required for a versioned
/// entity), what to return, then `.await`.
///
/// By default the update requires the item to exist (`attribute_exists(#pk)`): a missing item is
/// [`Error::NotFound`] and nothing is created. `.upsert()` lets it create the item, as
/// DynamoDB's `UpdateItem` does by default.
///
/// When an answer is lost (a 5xx, a timeout, a connection dropped after sending), a versioned
/// update made only of values (`set`, `remove`, `set_if_not_exists`, set elements) is sent
/// again, and a resend refused by the values this call stored is this call's success; any other
/// update is not sent again, since its condition could hold again after another writer's change
/// and a resend would undo that change: one made only of values reads the item, and the item as
/// stored holding every value it set is its success; otherwise (or for an update that adds,
/// subtracts or appends, or returns the item before it) [`Error::OutcomeUnknown`], with the
/// request as sent (docs/semantics.md §5, "A lost answer"). [`exactly_once`](Update::exactly_once)
/// settles every lost answer with a `ClientRequestToken` instead.
///
/// ```no_run
/// # use dynakey::Entity;
/// use dynakey::UpdateBuilder;
/// # #[derive(Entity, serde::Serialize, serde::Deserialize)]
/// # #[pk("WS#<workspace>")] #[sk("TASK#<id>")]
/// # struct Task { workspace: String, id: u32, title: String, comments: u32, note: Option<String> }
/// # async fn run(db: dynakey_runtime::Db) -> Result<(), dynakey_runtime::Error> {
/// let task: Task = db
///     .update(&Task::key("acme", 7u32)?)
///     .set(Task::TITLE, "Ship it")
///     .add(Task::COMMENTS, 1)
///     .remove(Task::NOTE)
///     .condition(Task::COMMENTS.lt(100))
///     .returning_new()
///     .await?;
/// # Ok(()) }
/// ```
#[must_use = "an UpdateItem request does nothing until it is awaited"]
pub struct Update<T: Table, E, R = Nothing, V = AnyVersion> {
    db: Db<T>,
    plan: UpdatePlan<E>,
    exactly_once: bool,
    /// The access pattern the caller named ([`pattern`](Self::pattern)).
    pattern: Option<&'static str>,
    marker: PhantomData<fn() -> (R, V)>,
}

impl<T: Table, E, R, V> fmt::Debug for Update<T, E, R, V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Update")
            .field("table", &self.db.table_name())
            .field("plan", &self.plan)
            .finish()
    }
}

impl<T: Table> Db<T> {
    /// An `UpdateItem` request for the item with primary key `key` (see [`Update`]).
    pub fn update<E>(&self, key: &Key<E>) -> Update<T, E>
    where
        E: InTable<T>,
    {
        Update {
            db: self.clone(),
            plan: UpdatePlan::new(key.clone()),
            exactly_once: false,
            pattern: None,
            marker: PhantomData,
        }
    }
}

/// The typed operations (`set`, `remove`, `add`, …, `condition`, `upsert`) are those of the
/// plan, written once in [`UpdateBuilder`].
impl<T: Table, E: Entity, R, V> UpdateBuilder<E> for Update<T, E, R, V> {
    fn map_plan(self, change: impl FnOnce(UpdatePlan<E>) -> UpdatePlan<E>) -> Self {
        Update {
            db: self.db,
            plan: change(self.plan),
            exactly_once: self.exactly_once,
            pattern: self.pattern,
            marker: PhantomData,
        }
    }
}

impl<T: Table, E: Entity, R, V> Update<T, E, R, V> {
    /// Names this request's access pattern in its measures (label `pattern`; see
    /// [`measures`](crate::measures)), e.g. `"overdue"`: a static name, so that the label keeps
    /// few values. Without it, the pattern is ``update``.
    pub fn pattern(mut self, name: &'static str) -> Self {
        self.pattern = Some(name);
        self
    }

    fn retype<R2, V2>(self) -> Update<T, E, R2, V2> {
        Update {
            db: self.db,
            plan: self.plan,
            exactly_once: self.exactly_once,
            pattern: self.pattern,
            marker: PhantomData,
        }
    }

    /// The plan this request sends.
    pub fn plan(&self) -> &UpdatePlan<E> {
        &self.plan
    }

    /// The plan, taken out of the request (for a transaction's action).
    pub(crate) fn into_plan(self) -> UpdatePlan<E> {
        self.plan
    }

    /// The request's expressions with their names and values as DynamoDB receives them, with
    /// `now` as the time of the write ([`UpdatePlan::input`]).
    ///
    /// # Errors
    /// [`Error::Plan`].
    pub fn input(&self, now: SystemTime) -> Result<WriteInput, Error> {
        Ok(self.plan.input(now)?)
    }

    /// Returns the item after the update, as `E` (`ReturnValues = ALL_NEW`).
    pub fn returning_new(self) -> Update<T, E, New, V> {
        self.retype()
    }

    /// Returns the item before the update, as `Option<E>` (`ALL_OLD`; `None` when an upsert
    /// created it).
    pub fn returning_old(self) -> Update<T, E, Old, V> {
        self.retype()
    }

    /// Returns the item after the update decoded into `P` (`ALL_NEW`), e.g. a struct of the
    /// fields you need.
    pub fn returning<P: DeserializeOwned>(self) -> Update<T, E, NewAs<P>, V> {
        self.retype()
    }
}

impl<T: Table, E: Entity, V> Update<T, E, Nothing, V> {
    /// Sends the update as a `TransactWriteItems` of this one action with a
    /// `ClientRequestToken`, so that a lost answer is settled by resending it with the token:
    /// DynamoDB applies it at most once within 10 minutes, so even an update that adds or
    /// appends, or one whose condition another writer makes true again, is never applied twice,
    /// and the call ends `Ok` or in its own error instead of [`Error::OutcomeUnknown`] (unless
    /// every resend within the table's [`RetryPolicy`](crate::RetryPolicy) is lost too). A
    /// transaction returns no item, so `.returning_…()` has no `exactly_once`.
    ///
    /// Cost: 2 write capacity units per 1 KB of the item (its size after the update, or before
    /// it when larger) instead of 1 (AWS developer guide, "Capacity management for
    /// transactions").
    pub fn exactly_once(mut self) -> Self {
        self.exactly_once = true;
        self
    }
}

impl<T: Table, E: Versioned, R> Update<T, E, R, AnyVersion> {
    /// Optimistic locking: the update happens only if the stored version is `version` (the one
    /// the item was read with), and stores `version + 1`; otherwise [`Error::VersionConflict`]
    /// with the stored item. Required for a versioned entity.
    pub fn expected_version(self, version: u64) -> Update<T, E, R, ExpectedVersion> {
        let update = self.map_plan(|p| p.expected_version(version));
        update.retype()
    }
}

impl<T: Table, E: Entity, R: Returning<T, E>, V> Update<T, E, R, V> {
    async fn run(self) -> Result<R::Output, Error> {
        let action = Action::update(self.plan, SystemTime::now())?;
        if let Some(copy) = CopyPart::of::<E>(None) {
            let attributes =
                copy::send(&self.db, action, copy, R::RETURN_VALUES, self.exactly_once).await?;
            return R::decode(attributes);
        }
        // A change of a unique field moves its uniqueness item: one transaction, which returns
        // no item. (The size of an update's values is checked where it is rendered, once:
        // `settle::send`, and for a transaction `transact`.)
        let transacted = action.unique.is_some() || self.exactly_once;
        if transacted && R::RETURN_VALUES != ReturnValue::None {
            return Err(Error::TransactionRefused(TransactionRefusal::ReturnValues));
        }
        let attributes =
            write::send_as(&self.db, action, R::RETURN_VALUES, self.exactly_once).await?;
        R::decode(attributes)
    }
}

impl<T: Table, E, R, V> IntoFuture for Update<T, E, R, V>
where
    E: Entity + Send + 'static,
    R: Returning<T, E>,
    V: VersionCheck<E> + 'static,
{
    type Output = Result<R::Output, Error>;
    type IntoFuture = Pin<Box<dyn Future<Output = Self::Output> + Send>>;

    fn into_future(self) -> Self::IntoFuture {
        let labels = Labels::of::<E>(self.pattern, "update");
        Box::pin(measures::labelled(labels, self.run()))
    }
}
