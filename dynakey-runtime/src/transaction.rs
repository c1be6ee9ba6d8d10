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

mod get;
mod resend;

use std::fmt;
use std::future::{Future, IntoFuture};
use std::pin::Pin;
use std::time::SystemTime;

use dynakey::{Cond, Entity, InTable, Key, Table};

pub use get::TransactGetKeys;

use crate::db::Db;
use crate::error::{Error, TransactionRefusal};
use crate::single::transact::{finish, new_token, plan, TransactionOutput};
use crate::single::write::Action;
use crate::single::{Delete, Nothing, Put, Update, VersionCheck};

/// A `TransactWriteItems` request, made by [`Db::transaction`]: add actions, then `.await` it (or
/// [`send`](Self::send)).
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
pub struct Transaction<T: Table> {
    db: Db<T>,
    actions: Vec<Action>,
    token: Option<String>,
    error: Option<Error>,
}

impl<T: Table> fmt::Debug for Transaction<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Transaction")
            .field("table", &self.db.table_name())
            .field("actions", &self.actions.len())
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
            token: None,
            error: None,
        }
    }
}

impl<T: Table> Transaction<T> {
    fn push(mut self, action: Result<Action, Error>) -> Self {
        match action {
            Ok(action) => self.actions.push(action),
            Err(e) => {
                self.error.get_or_insert(e);
            }
        }
        self
    }

    /// A put or a create ([`Db::put`], [`Db::create`], with their conditions), as the request
    /// would send it on its own. It returns nothing: a put with
    /// [`returning_stored`](Put::returning_stored) is not accepted (does not compile).
    pub fn put<E: Entity>(self, put: Put<T, E>) -> Self {
        let (_, action) = put.prepare();
        self.push(action)
    }

    /// A delete ([`Db::delete`], with its conditions and, for a versioned entity, its expected
    /// version).
    pub fn delete<E: Entity, V: VersionCheck<E>>(self, delete: Delete<T, E, V>) -> Self {
        let (_, action) = delete.prepare();
        self.push(action)
    }

    /// An update ([`Db::update`]) that returns nothing: a transaction returns no item, so an
    /// update with `.returning_…()` is not accepted (does not compile).
    pub fn update<E: Entity, V: VersionCheck<E>>(self, update: Update<T, E, Nothing, V>) -> Self {
        let action = Action::update(update.into_plan(), SystemTime::now());
        self.push(action)
    }

    /// A `ConditionCheck`: the transaction happens only if `condition` holds on the item at
    /// `key` (which is not changed). A missing item fails every condition but `not_exists`.
    pub fn check<E: InTable<T>, S>(self, key: &Key<E>, condition: Cond<E, S>) -> Self {
        self.push(Action::check(key, condition))
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
    ///   answers `IdempotentParameterMismatchException` to it within 10 minutes.
    pub async fn send(self) -> Result<TransactionOutput, Error> {
        if let Some(error) = self.error {
            return Err(error);
        }
        let token = self.token.unwrap_or_else(new_token);
        let length = token.chars().count();
        if !(1..=36).contains(&length) {
            return Err(Error::TransactionRefused(
                TransactionRefusal::ClientRequestToken { length },
            ));
        }
        let request = plan(&self.db, &self.actions).await?;
        finish(&self.db, request, token).await
    }
}

impl<T: Table> IntoFuture for Transaction<T> {
    type Output = Result<TransactionOutput, Error>;
    type IntoFuture = Pin<Box<dyn Future<Output = Self::Output> + Send>>;

    fn into_future(self) -> Self::IntoFuture {
        Box::pin(Transaction::send(self))
    }
}
