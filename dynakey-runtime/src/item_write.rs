//! The single-item write requests [`Put`] (also `create`) and [`Delete`], and what they share with
//! [`Update`](crate::update::Update): one rendered [`WriteInput`], and a refused condition told
//! apart into `NotFound`, `AlreadyExists`, `VersionConflict` or `ConditionFailed`, each with the
//! item as stored (`ReturnValuesOnConditionCheckFailure = ALL_OLD`).

use std::collections::HashMap;
use std::fmt;
use std::future::{Future, IntoFuture};
use std::marker::PhantomData;
use std::pin::Pin;
use std::time::SystemTime;

use aws_sdk_dynamodb::types::{AttributeValue, ReturnValuesOnConditionCheckFailure};
use dynakey::expr::Condition;
use dynakey::write::{condition, Guard};
use dynakey::{Cond, Entity, InTable, Key, Table, Unversioned, Versioned, WriteInput};
use serde::Serialize;
use tracing::Instrument;

use crate::convert::key_to_attributes;
use crate::db::Db;
use crate::error::Error;
use crate::item::{check_item, key_strings, to_item, Item};

/// A write request of an entity that is not versioned, or whose version is not needed: typestate
/// of [`Delete`] and [`Update`](crate::update::Update).
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

/// `ExpressionAttributeNames`/`Values` of a rendered write as the SDK takes them (`None` when
/// empty: DynamoDB rejects empty maps).
pub(crate) type Placeholders = (
    Option<HashMap<String, String>>,
    Option<HashMap<String, AttributeValue>>,
);

pub(crate) fn placeholders(input: &WriteInput) -> Placeholders {
    let names = &input.expression_attribute_names;
    let values = &input.expression_attribute_values;
    (
        (!names.is_empty()).then(|| names.iter().map(|(k, v)| (k.clone(), v.clone())).collect()),
        (!values.is_empty()).then(|| {
            values
                .iter()
                .map(|(k, v)| (k.clone(), v.clone().into()))
                .collect()
        }),
    )
}

/// What a write required, to tell a `ConditionalCheckFailedException` apart.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Expected {
    pub(crate) guard: Guard,
    /// The version the write expected, for a versioned entity (0: no item was to exist).
    pub(crate) version: Option<u64>,
    pub(crate) version_attribute: Option<&'static str>,
}

/// The typed error of a refused condition, from the item DynamoDB returned with it.
pub(crate) fn refused(
    table: &str,
    (partition, sort): (String, Option<String>),
    expected: Expected,
    current: Option<Item>,
) -> Error {
    let table = table.to_owned();
    if let Some(expected_version) = expected.version {
        let found = expected
            .version_attribute
            .and_then(|a| current.as_ref()?.get(a))
            .and_then(|v| v.as_n().ok()?.parse::<u64>().ok());
        if found != Some(expected_version) && !(expected_version == 0 && current.is_none()) {
            return Error::VersionConflict {
                table,
                partition,
                sort,
                expected: expected_version,
                found,
                current: current.map(Box::new),
            };
        }
    }
    match (expected.guard, &current) {
        (Guard::Exists, None) => Error::NotFound {
            table,
            partition,
            sort,
        },
        (Guard::Absent, Some(_)) => Error::AlreadyExists {
            table,
            partition,
            sort,
        },
        _ => Error::ConditionFailed {
            table,
            partition,
            sort,
            current: current.map(Box::new),
        },
    }
}

/// The conditions of a request, with the first value error kept for `send`.
pub(crate) fn push_condition<E, S>(
    conditions: &mut Vec<Condition>,
    error: &mut Option<Error>,
    cond: Cond<E, S>,
) {
    match cond.into_expr() {
        Ok(c) => conditions.push(c),
        Err(e) => {
            error.get_or_insert(Error::Plan(e.into()));
        }
    }
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
#[must_use = "a PutItem request does nothing until it is awaited"]
pub struct Put<T: Table, E> {
    db: Db<T>,
    item: Result<Item, Error>,
    mode: PutMode,
    conditions: Vec<Condition>,
    error: Option<Error>,
    entity: PhantomData<fn() -> E>,
}

impl<T: Table, E> fmt::Debug for Put<T, E> {
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
    /// stored item; [`Error::Sdk`] from the service.
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
            entity: PhantomData,
        }
    }

    /// A `DeleteItem` request for the item with primary key `key`; `.await` it. Deleting a key
    /// that has no item is not an error (unless a condition says so). A versioned entity is
    /// deleted only with `.expected_version(v)`.
    ///
    /// # Errors
    /// [`Error::ConditionFailed`] or [`Error::VersionConflict`] with the stored item;
    /// [`Error::Plan`] before any request; [`Error::Sdk`].
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
            state: PhantomData,
        }
    }
}

/// The managed attributes of a put, set on `item`: the timestamps and the version. Returns what
/// the write then expects of the stored item.
fn manage<E: Entity>(item: &mut Item, mode: PutMode, now: SystemTime) -> Result<Expected, Error> {
    let managed = E::MANAGED;
    let stamp = |s: dynakey::write::Stamp| -> Result<AttributeValue, Error> {
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

impl<T: Table, E: Entity> Put<T, E> {
    /// The write happens only if `condition` holds on the item as stored (ANDed with earlier
    /// conditions and dynakey's own; a missing item fails every condition but `not_exists`).
    pub fn condition<S>(mut self, condition: Cond<E, S>) -> Self {
        push_condition(&mut self.conditions, &mut self.error, condition);
        self
    }

    /// The item and expressions to send, everything that depends on `E` worked out, so the
    /// future does not hold `E` (no `Send` or `'static` bound on the entity).
    pub(crate) fn prepare(self) -> (Db<T>, Result<Prepared, Error>) {
        let prepared = (|| {
            if let Some(error) = self.error {
                return Err(error);
            }
            let mut item = self.item?;
            let expected = manage::<E>(&mut item, self.mode, SystemTime::now())?;
            let (partition, sort) = key_strings::<T>(&item);
            let key = (partition.unwrap_or_default(), sort);
            if let Err(problem) = check_item(&item) {
                return Err(Error::InvalidItem {
                    partition: key.0,
                    sort: key.1,
                    problem,
                });
            }
            // The version check is `#version = :version`, or for version 0 the item's absence.
            let version = expected.version.filter(|v| *v > 0);
            let condition = condition::<E>(expected.guard, version, &self.conditions);
            let unique =
                crate::unique::UniquePart::of_put::<T, E>(&item, self.mode == PutMode::Create);
            Ok(Prepared {
                item,
                key,
                expected,
                input: WriteInput::render(&[], condition.as_ref()),
                condition,
                unique,
            })
        })();
        (self.db, prepared)
    }

    /// The `ConditionExpression` with its names and values as DynamoDB would receive them now.
    ///
    /// # Errors
    /// As [`Db::put`] before any request.
    pub fn input(self) -> Result<WriteInput, Error> {
        self.prepare().1.map(|p| p.input)
    }

    /// Sends the request.
    ///
    /// # Errors
    /// As [`Db::put`] and [`Db::create`].
    pub async fn send(self) -> Result<(), Error> {
        let (db, prepared) = self.prepare();
        send_put(db, prepared?).await
    }
}

/// A put or delete with everything worked out.
pub(crate) struct Prepared {
    /// The item (a put) or its key attributes (a delete).
    pub(crate) item: Item,
    pub(crate) key: (String, Option<String>),
    pub(crate) expected: Expected,
    pub(crate) input: WriteInput,
    /// The condition `input` renders, for a transaction that ANDs its own.
    pub(crate) condition: Option<Condition>,
    /// The uniqueness items the write keeps, for an entity with `#[unique(…)]`.
    pub(crate) unique: Option<crate::unique::UniquePart>,
}

async fn send_put<T: Table>(db: Db<T>, prepared: Prepared) -> Result<(), Error> {
    if prepared.unique.is_some() {
        return crate::transaction::single(&db, crate::transaction::Action::put(prepared)).await;
    }
    let Prepared {
        item,
        key,
        expected,
        input,
        ..
    } = prepared;
    let (names, values) = placeholders(&input);
    let result = db
        .client()
        .put_item()
        .table_name(db.table_name())
        .set_item(Some(item))
        .set_condition_expression(input.condition_expression)
        .set_expression_attribute_names(names)
        .set_expression_attribute_values(values)
        .return_values_on_condition_check_failure(ReturnValuesOnConditionCheckFailure::AllOld)
        .send()
        .instrument(db.span("PutItem"))
        .await;
    match result {
        Ok(_) => Ok(()),
        Err(e) => Err(match e.as_service_error() {
            Some(aws_sdk_dynamodb::operation::put_item::PutItemError::ConditionalCheckFailedException(failed)) => {
                refused(db.table_name(), key, expected, failed.item().cloned())
            }
            _ => Error::sdk("PutItem", e),
        }),
    }
}

impl<T: Table, E: Entity> IntoFuture for Put<T, E> {
    type Output = Result<(), Error>;
    type IntoFuture = Pin<Box<dyn Future<Output = Self::Output> + Send>>;

    fn into_future(self) -> Self::IntoFuture {
        let (db, prepared) = self.prepare();
        Box::pin(async move { send_put(db, prepared?).await })
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
    /// The delete happens only if `condition` holds on the item as stored.
    pub fn condition<S>(mut self, condition: Cond<E, S>) -> Self {
        push_condition(&mut self.conditions, &mut self.error, condition);
        self
    }

    pub(crate) fn prepare(self) -> (Db<T>, Result<Prepared, Error>) {
        let expected = Expected {
            guard: Guard::Any,
            version: self.expected_version,
            version_attribute: E::MANAGED.version(),
        };
        let condition = condition::<E>(Guard::Any, self.expected_version, &self.conditions);
        let prepared = match self.error {
            Some(error) => Err(error),
            None => Ok(Prepared {
                item: key_to_attributes(&self.key),
                key: (
                    self.key.partition().to_owned(),
                    self.key.sort().map(str::to_owned),
                ),
                expected,
                input: WriteInput::render(&[], condition.as_ref()),
                condition,
                unique: crate::unique::UniquePart::of_delete::<E>(&self.key),
            }),
        };
        (self.db, prepared)
    }

    /// The `ConditionExpression` with its names and values as DynamoDB would receive them.
    ///
    /// # Errors
    /// [`Error::Plan`] of a condition value.
    pub fn input(self) -> Result<WriteInput, Error> {
        self.prepare().1.map(|p| p.input)
    }
}

/// Sends a prepared delete (its `item` is the key).
async fn send_delete<T: Table>(db: Db<T>, prepared: Prepared) -> Result<(), Error> {
    if prepared.unique.is_some() {
        return crate::transaction::single(&db, crate::transaction::Action::delete(prepared)).await;
    }
    let Prepared {
        item: key_attributes,
        key,
        expected,
        input,
        ..
    } = prepared;
    let (names, values) = placeholders(&input);
    let result = db
        .client()
        .delete_item()
        .table_name(db.table_name())
        .set_key(Some(key_attributes))
        .set_condition_expression(input.condition_expression)
        .set_expression_attribute_names(names)
        .set_expression_attribute_values(values)
        .return_values_on_condition_check_failure(ReturnValuesOnConditionCheckFailure::AllOld)
        .send()
        .instrument(db.span("DeleteItem"))
        .await;
    match result {
        Ok(_) => Ok(()),
        Err(e) => Err(match e.as_service_error() {
            Some(aws_sdk_dynamodb::operation::delete_item::DeleteItemError::ConditionalCheckFailedException(failed)) => {
                refused(db.table_name(), key, expected, failed.item().cloned())
            }
            _ => Error::sdk("DeleteItem", e),
        }),
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
            state: PhantomData,
        }
    }
}

impl<T: Table, E: Entity, V: VersionCheck<E>> IntoFuture for Delete<T, E, V> {
    type Output = Result<(), Error>;
    type IntoFuture = Pin<Box<dyn Future<Output = Self::Output> + Send>>;

    fn into_future(self) -> Self::IntoFuture {
        let (db, prepared) = self.prepare();
        Box::pin(async move { send_delete(db, prepared?).await })
    }
}
