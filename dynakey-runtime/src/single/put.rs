//! [`Put`]: a `PutItem` request, made by [`Db::put`] (replace) or [`Db::create`] (only if no
//! item exists), with the managed fields and version of the entity set on the way.

use std::fmt;
use std::future::{Future, IntoFuture};
use std::marker::PhantomData;
use std::pin::Pin;
use std::time::SystemTime;

use aws_sdk_dynamodb::types::{AttributeValue, ReturnValue};
use dynakey::__private::expr::Condition;
use dynakey::__private::write::{condition, Guard};
use dynakey::{Cond, Entity, InTable, Table, WriteInput};
use serde::de::DeserializeOwned;
use serde::Serialize;

use super::copy::{self, CopyPart};
use super::unique::UniquePart;
use super::update::Nothing;
use super::write::{self, push_condition, Action};
use crate::convert::Item;
use crate::db::Db;
use crate::error::{Error, Expected};
use crate::item::{check_item, from_entity_item, key_strings, to_item};
use crate::measures::{self, Labels};

/// A put as one action with what it returns, and the handle to send it with.
type Prepared<T, O> = (Db<T>, Result<(Action, O), Error>);

/// [`Prepared`] with the copy of an entity in a key change.
type PreparedParts<T, O> = (Db<T>, Result<(Action, O), Error>, Option<CopyPart>);

/// Sends a put alone, or with its copy when its entity is in a key change.
async fn send_put<T: Table>(
    db: &Db<T>,
    action: Action,
    copy: Option<CopyPart>,
    exactly_once: bool,
) -> Result<(), Error> {
    match copy {
        Some(copy) => copy::send(db, action, copy, ReturnValue::None, exactly_once).await,
        None => write::send_as(db, action, ReturnValue::None, exactly_once).await,
    }
    .map(drop)
}

/// How a `PutItem` treats the item stored under its key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PutMode {
    Replace,
    Create,
}

/// A `PutItem` request, made by [`Db::put`] (replace any item with the key) or [`Db::create`]
/// (only if none exists); `.condition(…)` adds conditions, `.await` sends it (AWS developer guide,
/// "Working with items — Writing an item", "Condition expressions").
///
/// Before anything is sent the item is built and checked (keys, serde, DynamoDB's item rules:
/// 400 KB, numbers, empty sets, nesting — [`Error::InvalidItem`]); managed fields are set:
/// `updated_at` (and, by `create`, `created_at`) to the time of the request; a versioned entity's
/// version: `create` stores 1, `put` of an entity read at version `v` stores `v + 1` on the
/// condition that the stored version is still `v` (`v = 0`: that no item exists).
///
/// `.await` returns nothing; after [`returning_stored`](Self::returning_stored) it returns the
/// entity as stored (its version, its managed timestamps), with no second request.
#[must_use = "a PutItem request does nothing until it is awaited"]
pub struct Put<T: Table, E, R = Nothing> {
    db: Db<T>,
    item: Result<Item, Error>,
    mode: PutMode,
    conditions: Vec<Condition>,
    error: Option<Error>,
    exactly_once: bool,
    /// The access pattern the caller named ([`pattern`](Self::pattern)).
    pattern: Option<&'static str>,
    /// The copy of an entity in a key change (docs/semantics.md §10).
    copy: Result<Option<CopyPart>, Error>,
    entity: PhantomData<fn() -> (E, R)>,
}

/// What a [`Put`] returns: nothing ([`Nothing`], the default) or the entity as stored
/// ([`Stored`]).
pub trait PutReturning<E>: Send + 'static {
    /// The request's output.
    type Output: Send + 'static;
    /// The output from the item the request writes (a put stores exactly that item).
    ///
    /// # Errors
    /// [`Error::Decode`] when the item does not decode.
    fn decode(item: &Item) -> Result<Self::Output, Error>;
}

/// Return the entity as stored: the item the request writes, decoded into `E` (made by
/// [`Put::returning_stored`]).
#[derive(Debug, Clone, Copy)]
pub enum Stored {}

impl<E> PutReturning<E> for Nothing {
    type Output = ();
    fn decode(_: &Item) -> Result<(), Error> {
        Ok(())
    }
}

impl<E: Entity + DeserializeOwned + Send + 'static> PutReturning<E> for Stored {
    type Output = E;
    fn decode(item: &Item) -> Result<E, Error> {
        from_entity_item::<E>(item.clone())
    }
}

impl<T: Table, E, R> fmt::Debug for Put<T, E, R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Put")
            .field("table", &self.db.table_name())
            .field("mode", &self.mode)
            .field("conditions", &self.conditions)
            .finish_non_exhaustive()
    }
}

impl<T: Table> Db<T> {
    /// A `PutItem` request that writes `entity`, replacing any item with the same primary key;
    /// `.await` it. The item carries the key attributes of the table and of every index the
    /// entity declares with `#[index(…)]` ([`to_item`]); replacing an item whose index field
    /// became `None` takes it out of that sparse index. See [`Put`] for managed fields and
    /// versions.
    ///
    /// # Errors
    /// [`Error::Key`], [`Error::Serialize`], [`Error::KeyAttributeCollision`],
    /// [`Error::KeyTemplateConflict`], [`Error::InvalidItem`], [`Error::Plan`] before any request
    /// (nothing is written); [`Error::ConditionFailed`] or [`Error::VersionConflict`] with the
    /// stored item; [`Error::Sdk`] from the service (nothing was applied: the retries of the
    /// table's [`RetryPolicy`](crate::RetryPolicy) ran out, or a request DynamoDB refuses);
    /// [`Error::OutcomeUnknown`] when an answer was lost and could not be settled
    /// (docs/semantics.md §5, "A lost answer": a versioned put is resent, and a resend refused
    /// by the item this call wrote is this call's success; any other put is not resent, since it
    /// would undo a change made since, but its item read: the item as sent is this call's
    /// success; [`Put::exactly_once`] settles it with a `ClientRequestToken`).
    pub fn put<E>(&self, entity: &E) -> Put<T, E>
    where
        E: InTable<T> + Serialize,
    {
        self.put_request(entity, PutMode::Replace)
    }

    /// A `PutItem` request that writes `entity` only if no item with its primary key exists:
    /// `ConditionExpression = attribute_not_exists(<partition key>)` (AWS developer guide,
    /// "Condition expressions — Preventing overwrites of an existing item"; docs/semantics.md §5). Never
    /// overwrites.
    ///
    /// # Errors
    /// [`Error::AlreadyExists`] when the key is taken (the stored item is unchanged); otherwise as
    /// [`put`](Self::put).
    pub fn create<E>(&self, entity: &E) -> Put<T, E>
    where
        E: InTable<T> + Serialize,
    {
        self.put_request(entity, PutMode::Create)
    }

    fn put_request<E: InTable<T> + Serialize>(&self, entity: &E, mode: PutMode) -> Put<T, E> {
        Put {
            db: self.clone(),
            item: to_item(entity),
            mode,
            conditions: Vec::new(),
            error: None,
            exactly_once: false,
            pattern: None,
            copy: CopyPart::of_put(entity),
            entity: PhantomData,
        }
    }
}

/// The managed attributes of a put, set on `item`: the timestamps and the version. Returns what
/// the write then expects of the stored item.
fn manage<E: Entity>(item: &mut Item, mode: PutMode, now: SystemTime) -> Result<Expected, Error> {
    let managed = E::MANAGED;
    let stamp = |s: dynakey::__private::write::Stamp| -> Result<AttributeValue, Error> {
        Ok(s.value(now).map_err(dynakey::PlanError::from)?.into())
    };
    if let Some(s) = managed.updated_at() {
        item.insert(s.attribute().to_owned(), stamp(s)?);
    }
    if let Some(s) = managed.created_at() {
        // `put` replaces the item: it keeps the creation time the entity was read with, and sets
        // one only when there is none (an entity never stored).
        let unset = matches!(
            item.get(s.attribute()),
            None | Some(AttributeValue::Null(_))
        );
        if mode == PutMode::Create || unset {
            item.insert(s.attribute().to_owned(), stamp(s)?);
        }
    }
    let mut expected = Expected {
        guard: if mode == PutMode::Create {
            Guard::Absent
        } else {
            Guard::Any
        },
        version: None,
        version_attribute: managed.version(),
    };
    if let Some(attribute) = managed.version() {
        let read = match item.get(attribute) {
            Some(AttributeValue::N(n)) => n.parse::<u64>().ok(),
            _ => None,
        };
        let read = match (mode, read) {
            (PutMode::Create, _) => 0,
            (PutMode::Replace, Some(v)) => v,
            (PutMode::Replace, None) => {
                return Err(Error::Plan(
                    dynakey::ValueError::new(attribute, "the version is not a whole number ≥ 0")
                        .into(),
                ))
            }
        };
        item.insert(
            attribute.to_owned(),
            AttributeValue::N((read.saturating_add(1)).to_string()),
        );
        if read == 0 {
            expected.guard = Guard::Absent;
        }
        if mode == PutMode::Replace {
            expected.version = Some(read);
        }
    }
    Ok(expected)
}

impl<T: Table, E: Entity + DeserializeOwned> Put<T, E> {
    /// Returns the entity as stored: the item this request writes — with the version it stores
    /// (`create`: 1, `put` of version `v`: `v + 1`) and its managed timestamps (the time of the
    /// request) — decoded into `E`, with no second request (`PutItem` returns no new item: AWS
    /// API reference, `PutItem`, `ReturnValues`). So the next write can expect its version
    /// without patching it by hand. The item is decoded before the request is sent: one that
    /// does not decode is [`Error::Decode`] and nothing is written.
    pub fn returning_stored(self) -> Put<T, E, Stored> {
        Put {
            db: self.db,
            item: self.item,
            mode: self.mode,
            conditions: self.conditions,
            error: self.error,
            exactly_once: self.exactly_once,
            pattern: self.pattern,
            copy: self.copy,
            entity: PhantomData,
        }
    }
}

impl<T: Table, E: Entity, R> Put<T, E, R> {
    /// The labels of this request's measures.
    fn labels(&self) -> Labels {
        let default = match self.mode {
            PutMode::Replace => "put",
            PutMode::Create => "create",
        };
        Labels::of::<E>(self.pattern, default)
    }

    /// Names this request's access pattern in its measures (label `pattern`; see
    /// [`measures`](crate::measures)), e.g. `"overdue"`: a static name, so that the label keeps
    /// few values. Without it, the pattern is ``put` (`create` for [`Db::create`])`.
    pub fn pattern(mut self, name: &'static str) -> Self {
        self.pattern = Some(name);
        self
    }

    /// The write happens only if `condition` holds on the item as stored (ANDed with earlier
    /// conditions and dynakey's own; a missing item fails every condition but `not_exists`).
    pub fn condition<S>(mut self, condition: Cond<E, S>) -> Self {
        push_condition(&mut self.conditions, &mut self.error, condition);
        self
    }

    /// Sends the write as a `TransactWriteItems` of this one action with a `ClientRequestToken`,
    /// so that a lost answer is settled by resending it with the token: DynamoDB applies it at
    /// most once within 10 minutes (AWS developer guide, "Amazon DynamoDB Transactions —
    /// Idempotency"), so it is never applied a second time over another writer's change, and
    /// the call ends `Ok` or in its own error instead of [`Error::OutcomeUnknown`] (unless every
    /// resend within the table's [`RetryPolicy`](crate::RetryPolicy) is lost too).
    ///
    /// Cost: a transactional write consumes 2 write capacity units per 1 KB of the item instead
    /// of 1 (AWS developer guide, "Capacity management for transactions"): a 1 KB item costs 2
    /// WCU instead of 1, a 3.5 KB item 8 instead of 4. Errors are the put's own
    /// ([`Error::AlreadyExists`], [`Error::VersionConflict`], …).
    pub fn exactly_once(mut self) -> Self {
        self.exactly_once = true;
        self
    }

    /// The write as one action of a transaction, everything that depends on `E` worked out, with
    /// what the request returns (`O`), taken from the item before it is sent. A transaction
    /// refuses a put of an entity whose key change writes copies (docs/semantics.md §10).
    pub(crate) fn prepare_as<O: PutReturning<E>>(self) -> Prepared<T, O::Output> {
        if let Err(error) = copy::refuse::<E>("TransactWriteItems") {
            return (self.db, Err(error));
        }
        let (db, prepared, _) = self.prepare_parts::<O>();
        (db, prepared)
    }

    /// As [`prepare_as`](Self::prepare_as), with the copy of an entity in a key change, for the
    /// request sent on its own, so the future does not hold `E` (no `Send` or `'static` bound on
    /// the entity).
    fn prepare_parts<O: PutReturning<E>>(self) -> PreparedParts<T, O::Output> {
        let mut copy = None;
        let action = (|| {
            copy = self.copy?;
            if let Some(error) = self.error {
                return Err(error);
            }
            let mut item = self.item?;
            let expected = manage::<E>(&mut item, self.mode, SystemTime::now())?;
            if let Err(problem) = check_item(&item) {
                let (partition, sort) = key_strings::<T>(&item);
                return Err(Error::InvalidItem {
                    partition: partition.unwrap_or_default(),
                    sort,
                    problem,
                });
            }
            // The version check is `#version = :version`, or for version 0 the item's absence.
            let version = expected.version.filter(|v| *v > 0);
            let condition = condition::<E>(expected.guard, version, &self.conditions);
            let unique = UniquePart::of_put::<T, E>(&item, self.mode == PutMode::Create);
            let output = O::decode(&item)?;
            Ok((Action::put::<T>(item, condition, expected, unique), output))
        })();
        (self.db, action, copy)
    }

    /// The `ConditionExpression` with its names and values as DynamoDB would receive them now.
    ///
    /// # Errors
    /// As [`Db::put`] before any request.
    pub fn input(self) -> Result<WriteInput, Error> {
        self.prepare_parts::<Nothing>()
            .1
            .map(|(action, ())| action.input())
    }

    /// Sends the request.
    ///
    /// # Errors
    /// As [`Db::put`] and [`Db::create`].
    pub async fn send(self) -> Result<R::Output, Error>
    where
        R: PutReturning<E>,
    {
        let exactly_once = self.exactly_once;
        let labels = self.labels();
        let (db, prepared, copy) = self.prepare_parts::<R>();
        let (action, output) = prepared?;
        measures::labelled(labels, send_put(&db, action, copy, exactly_once)).await?;
        Ok(output)
    }
}

impl<T: Table, E: Entity, R: PutReturning<E>> IntoFuture for Put<T, E, R> {
    type Output = Result<R::Output, Error>;
    type IntoFuture = Pin<Box<dyn Future<Output = Self::Output> + Send>>;

    fn into_future(self) -> Self::IntoFuture {
        let exactly_once = self.exactly_once;
        let labels = self.labels();
        let (db, prepared, copy) = self.prepare_parts::<R>();
        Box::pin(measures::labelled(labels, async move {
            let (action, output) = prepared?;
            send_put(&db, action, copy, exactly_once).await?;
            Ok(output)
        }))
    }
}
