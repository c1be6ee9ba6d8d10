//! The transaction family: [`Transaction`], typed `TransactWriteItems` (AWS developer guide,
//! "Amazon DynamoDB Transactions"; API reference, `TransactWriteItems`; `docs/semantics.md` §5),
//! [`Db::transact_get`] (`TransactGetItems`), and [`Resend`](crate::Resend) of a transaction whose outcome is
//! unknown.
//!
//! A transaction takes the same request values as the single-item writes — [`Db::put`],
//! [`Db::create`], [`Db::update`] (returning nothing), [`Db::delete`] — and condition checks, so
//! key, index, managed-field and version rules are the same code, and runs them on the runner the
//! single-item writes of `#[unique(…)]` entities use; then all of them happen or none does.
//! DynamoDB's rules, checked before any request: 1 to 100 actions, no item named twice, 4 MB in
//! total. Every action asks for the item as stored when its condition fails
//! (`ReturnValuesOnConditionCheckFailure = ALL_OLD`), so a cancellation is told apart per action
//! ([`TransactionCanceled`](crate::TransactionCanceled)).

/// Calls macro `$m` with the tuples of 1 to 12 type parameters, each with its index: the
/// tuples of `transact_get`'s keys and of a transaction's returned items.
macro_rules! tuples_1_to_12 {
    ($m:ident) => {
        $m! {
            (A 0)
            (A 0, B 1)
            (A 0, B 1, C 2)
            (A 0, B 1, C 2, D 3)
            (A 0, B 1, C 2, D 3, F 4)
            (A 0, B 1, C 2, D 3, F 4, G 5)
            (A 0, B 1, C 2, D 3, F 4, G 5, H 6)
            (A 0, B 1, C 2, D 3, F 4, G 5, H 6, I 7)
            (A 0, B 1, C 2, D 3, F 4, G 5, H 6, I 7, J 8)
            (A 0, B 1, C 2, D 3, F 4, G 5, H 6, I 7, J 8, K 9)
            (A 0, B 1, C 2, D 3, F 4, G 5, H 6, I 7, J 8, K 9, L 10)
            (A 0, B 1, C 2, D 3, F 4, G 5, H 6, I 7, J 8, K 9, L 10, M 11)
        }
    };
}

mod get;
mod resend;
mod returned;

use std::fmt;
use std::future::{Future, IntoFuture};
use std::pin::Pin;
use std::time::SystemTime;

use dynakey::{Cond, Entity, InTable, Key, Table};

pub use get::TransactGetKeys;
pub use returned::{Append, PutInTransaction, ReadBack, Ready, Slot, Slots, UpdateInTransaction};

use crate::convert::Item;
use crate::db::Db;
use crate::error::{Error, TransactionRefusal};
use crate::measures::{self, Labels};
use crate::single::transact::{finish, new_token, plan, TransactionOutput};
use crate::single::write::Action;
use crate::single::{Delete, Put, Update, VersionCheck};

/// A `TransactWriteItems` request, made by [`Db::transaction`]: add actions, then `.await` it (or
/// [`send`](Self::send)).
///
/// # What it returns
/// A [`TransactionOutput`] with the `ClientRequestToken` and `stored`: one value per action that
/// asked for its item, in action order, as a tuple (`O` holds their [`Slots`]; `()` when none
/// asked; at most 12). A put or create with [`returning_stored`](Put::returning_stored) gives
/// the entity as stored — what was sent, with the version and managed timestamps it stores —
/// known before the request, as for a single put. An update with
/// [`returning_new`](Update::returning_new) gives `Option<E>`, its item read back after the
/// transaction: `TransactWriteItems` returns no item, and an update's new image depends on the
/// stored item (`add`, list operations, fields it does not name). All such items are read in
/// one strongly consistent `TransactGetItems` right after the transaction; the image includes a
/// change another writer made in between (a versioned entity's version tells), and is `None` if
/// the item was deleted in between (docs/semantics.md §5, "Transactions").
///
/// ```no_run
/// # use dynakey::Entity;
/// use dynakey::UpdateBuilder;
/// # #[derive(Entity, serde::Serialize, serde::Deserialize)]
/// # #[pk("P#<id>")] #[sk("META")]
/// # struct Project { id: String, tasks: u32 }
/// # #[derive(Entity, serde::Serialize, serde::Deserialize)]
/// # #[dynakey(version = "version")] #[pk("P#<project>")] #[sk("T#<id>")]
/// # struct Task { project: String, id: u32, title: String, version: u64 }
/// # async fn run(db: dynakey_runtime::Db) -> Result<(), dynakey_runtime::Error> {
/// let task = Task { project: "p1".into(), id: 7, title: "Ship".into(), version: 0 };
/// let done = db
///     .transaction()
///     .put(db.create(&task).returning_stored())
///     .update(db.update(&Project::key("p1")?).add(Project::TASKS, 1).returning_new())
///     .await?;
/// let (task, project): (Task, Option<Project>) = done.stored;
/// assert_eq!(task.version, 1);
/// # Ok(()) }
/// ```
///
/// Without returning actions:
///
/// ```no_run
/// # use dynakey::Entity;
/// use dynakey::UpdateBuilder;
/// # #[derive(Entity, serde::Serialize, serde::Deserialize)]
/// # #[pk("P#<id>")] #[sk("META")]
/// # struct Project { id: String, tasks: u32 }
/// # #[derive(Entity, serde::Serialize, serde::Deserialize)]
/// # #[pk("P#<project>")] #[sk("T#<id>")]
/// # struct Task { project: String, id: u32, title: String }
/// # async fn run(db: dynakey_runtime::Db) -> Result<(), dynakey_runtime::Error> {
/// let task = Task { project: "p1".into(), id: 7, title: "Ship".into() };
/// let done = db
///     .transaction()
///     .put(db.create(&task))
///     .update(db.update(&Project::key("p1")?).add(Project::TASKS, 1))
///     .await?;
/// println!("ClientRequestToken {}", done.client_request_token);
/// # Ok(()) }
/// ```
#[must_use = "a TransactWriteItems request does nothing until it is awaited"]
pub struct Transaction<T: Table, O = ()> {
    db: Db<T>,
    actions: Vec<Action>,
    /// The key of every update returning its new image, read back after the transaction.
    read_back: Vec<(String, Option<String>, Item)>,
    token: Option<String>,
    /// The slots of the returning actions so far, or the first action that could not be built.
    slots: Result<O, Error>,
}

impl<T: Table, O> fmt::Debug for Transaction<T, O> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Transaction")
            .field("table", &self.db.table_name())
            .field("actions", &self.actions.len())
            .field("read_back", &self.read_back.len())
            .field("client_request_token", &self.token)
            .finish_non_exhaustive()
    }
}

impl<T: Table> Db<T> {
    /// A `TransactWriteItems` request on this table with no action yet (see [`Transaction`]).
    pub fn transaction(&self) -> Transaction<T> {
        Transaction {
            db: self.clone(),
            actions: Vec::new(),
            read_back: Vec::new(),
            token: None,
            slots: Ok(()),
        }
    }
}

impl<T: Table, O: Slots> Transaction<T, O> {
    /// This transaction with `action` added and its slots made by `then` from what the action
    /// returns (the first error kept instead).
    fn push<X, P: Slots>(
        self,
        action: Result<(Action, X), Error>,
        read_back: bool,
        then: impl FnOnce(O, X, usize) -> P,
    ) -> Transaction<T, P> {
        let Transaction {
            db,
            mut actions,
            read_back: mut keys,
            token,
            slots,
        } = self;
        let slots = match (slots, action) {
            (Err(first), _) => Err(first),
            (Ok(_), Err(e)) => Err(e),
            (Ok(slots), Ok((action, output))) => {
                let at = keys.len();
                if read_back {
                    let (partition, sort) = action.key.clone();
                    keys.push((partition, sort, action.key_attributes.clone()));
                }
                actions.push(action);
                Ok(then(slots, output, at))
            }
        };
        Transaction {
            db,
            actions,
            read_back: keys,
            token,
            slots,
        }
    }

    /// A put or a create ([`Db::put`], [`Db::create`], with their conditions), as the request
    /// would send it on its own. With [`returning_stored`](Put::returning_stored) the
    /// transaction's result holds the entity as stored — what was sent, with the version and
    /// managed timestamps it stores — as a single put returns it (see [`Transaction`]).
    pub fn put<E: Entity, R: PutInTransaction<E, O>>(
        self,
        put: Put<T, E, R>,
    ) -> Transaction<T, R::Then> {
        let (_, prepared) = put.prepare_as::<R>();
        self.push(prepared, false, |slots, output, _| R::then(slots, output))
    }

    /// A delete ([`Db::delete`], with its conditions and, for a versioned entity, its expected
    /// version).
    pub fn delete<E: Entity, V: VersionCheck<E>>(self, delete: Delete<T, E, V>) -> Self {
        let (_, action) = delete.prepare();
        self.push(action.map(|a| (a, ())), false, |slots, (), _| slots)
    }

    /// An update ([`Db::update`]). With [`returning_new`](Update::returning_new) the
    /// transaction's result holds its new image as `Option<E>`, read back after the
    /// transaction (see [`Transaction`]); `.returning_old()` and `.returning::<P>()` are not
    /// accepted (do not compile).
    pub fn update<E: Entity, R: UpdateInTransaction<E, O>, V: VersionCheck<E>>(
        self,
        update: Update<T, E, R, V>,
    ) -> Transaction<T, R::Then> {
        let action = crate::single::copy::refuse::<E>("TransactWriteItems")
            .and_then(|()| Action::update(update.into_plan(), SystemTime::now()));
        self.push(action.map(|a| (a, ())), R::READ_BACK, |slots, (), at| {
            R::then(slots, at)
        })
    }

    /// A `ConditionCheck`: the transaction happens only if `condition` holds on the item at
    /// `key` (which is not changed). A missing item fails every condition but `not_exists`.
    pub fn check<E: InTable<T>, S>(self, key: &Key<E>, condition: Cond<E, S>) -> Self {
        self.push(
            Action::check(key, condition).map(|a| (a, ())),
            false,
            |slots, (), _| slots,
        )
    }

    /// Sends the transaction with this `ClientRequestToken` (1 to 36 characters, else
    /// [`TransactionRefusal::ClientRequestToken`] before any request) instead of a generated one.
    /// To resend a transaction whose outcome is unknown use [`Resend`](crate::Resend) (the request as sent):
    /// the same actions built again are a different request when they hold managed timestamps
    /// or unique constraints.
    pub fn client_request_token(mut self, token: impl Into<String>) -> Self {
        self.token = Some(token.into());
        self
    }

    /// Sends the request.
    ///
    /// # Errors
    /// - [`Error::TransactionRefused`] before any request: no action, more than 100, an item
    ///   named twice, over 4 MB, a `ClientRequestToken` not 1 to 36 characters; (for
    ///   `#[unique(…)]` entities, some of these only after the strongly consistent reads, before
    ///   any write: `docs/semantics.md` §5); and every error of the actions' own requests before any request
    ///   ([`Error::Key`], [`Error::InvalidItem`], [`Error::Plan`], …);
    /// - [`Error::TransactionCanceled`]: DynamoDB cancelled it, nothing was written; the reason of
    ///   each action by its index;
    /// - [`Error::TransactionFailed`]: any other failure (its outcome may be unknown: a timeout,
    ///   a dropped connection), with the exact request as sent: [`Resend::send`](crate::Resend::send) sends it again
    ///   with the same `ClientRequestToken`, applied at most once. Building the transaction again
    ///   is not the same request (new timestamps, fresh reads for unique constraints): DynamoDB
    ///   answers `IdempotentParameterMismatchException` to it within 10 minutes. A resend
    ///   returns no stored items;
    /// - after the transaction succeeded, when updates return their new image: the read back's
    ///   [`Error::TransactionCanceled`] or [`Error::Sdk`] (the transaction **was** applied: its
    ///   token says so when sent again), or [`Error::Decode`] of an item read back.
    pub async fn send(self) -> Result<TransactionOutput<O::Values>, Error> {
        measures::labelled(Labels::untyped(None, "transaction"), self.run()).await
    }

    async fn run(self) -> Result<TransactionOutput<O::Values>, Error> {
        let slots = self.slots?;
        let token = self.token.unwrap_or_else(new_token);
        let length = token.chars().count();
        if !(1..=36).contains(&length) {
            return Err(Error::TransactionRefused(
                TransactionRefusal::ClientRequestToken { length },
            ));
        }
        let request = plan(&self.db, &self.actions).await?;
        let done = finish(&self.db, request, token).await?;
        let mut read = if self.read_back.is_empty() {
            Vec::new()
        } else {
            self.db.transact_get_items(self.read_back).await?
        };
        Ok(TransactionOutput {
            client_request_token: done.client_request_token,
            stored: slots.values(&mut read)?,
        })
    }
}

impl<T: Table, O: Slots> IntoFuture for Transaction<T, O> {
    type Output = Result<TransactionOutput<O::Values>, Error>;
    type IntoFuture = Pin<Box<dyn Future<Output = Self::Output> + Send>>;

    fn into_future(self) -> Self::IntoFuture {
        Box::pin(Transaction::send(self))
    }
}
