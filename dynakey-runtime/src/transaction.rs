//! [`Transaction`]: typed `TransactWriteItems` (AWS developer guide, "Amazon DynamoDB
//! Transactions"; API reference, `TransactWriteItems`; `docs/semantics.md` §5).
//!
//! A transaction takes the same request values as the single-item writes — [`Db::put`],
//! [`Db::create`], [`Db::update`] (returning nothing), [`Db::delete`] — and condition checks, so
//! key, index, managed-field and version rules are the same code; then all of them happen or none
//! does. DynamoDB's rules, checked before any request: 1 to 100 actions, no item named twice,
//! 4 MB in total. Every action asks for the item as stored when its condition fails
//! (`ReturnValuesOnConditionCheckFailure = ALL_OLD`), so a cancellation is told apart per action
//! ([`TransactionCanceled`]).

mod outcome;
mod resend;

use std::collections::HashMap;
use std::fmt;
use std::future::{Future, IntoFuture};
use std::pin::Pin;
use std::time::SystemTime;

use aws_sdk_dynamodb::operation::transact_write_items::TransactWriteItemsError;
use aws_sdk_dynamodb::types::{
    ConditionCheck, Delete as SdkDelete, Put as SdkPut, ReturnValuesOnConditionCheckFailure,
    TransactWriteItem, Update as SdkUpdate,
};
use dynakey::expr::{Condition, UpdateAction};
use dynakey::write::Guard;
use dynakey::{Cond, Entity, InTable, Key, Table, WriteInput};
use tracing::Instrument;

pub use outcome::{CancelReason, TransactionCanceled, TransactionRefusal};
pub use resend::Resend;

use crate::convert::key_to_attributes;
use crate::db::Db;
use crate::error::Error;
use crate::item::{item_size, Item};
use crate::item_write::{placeholders, refused, Delete, Expected, Prepared, Put, VersionCheck};
use crate::unique::{self, KeyText, UniquePart};
use crate::update::{Nothing, Update};

/// DynamoDB's limit of actions per `TransactWriteItems` / `TransactGetItems`.
pub const MAX_TRANSACTION_ACTIONS: usize = 100;
/// DynamoDB's limit on the total size of a transaction's items, in bytes (4 MB).
pub const MAX_TRANSACTION_BYTES: usize = 4 * 1024 * 1024;

/// What an action does to its item.
#[derive(Debug, Clone)]
enum Kind {
    Put(Item),
    Update(Vec<UpdateAction>),
    Delete,
    Check,
}

/// One action, with everything that depends on its entity worked out.
#[derive(Debug, Clone)]
pub(crate) struct Action {
    kind: Kind,
    key: KeyText,
    key_attributes: Item,
    condition: Option<Condition>,
    expected: Expected,
    unique: Option<UniquePart>,
}

impl Action {
    /// A prepared put (or create).
    pub(crate) fn put(prepared: Prepared) -> Action {
        Action {
            key: prepared.key,
            // A put names its key in its item.
            key_attributes: Item::new(),
            condition: prepared.condition,
            expected: prepared.expected,
            unique: prepared.unique,
            kind: Kind::Put(prepared.item),
        }
    }

    /// `true` when the action keeps uniqueness items.
    pub(crate) fn has_unique(&self) -> bool {
        self.unique.is_some()
    }

    /// The actions of a move ([`Db::move_to`]): delete the item at `old`, which must exist, and
    /// put `item` (the entity at its new key, as `to_item` makes it) — or, when the key is the
    /// same, one put that requires the item to exist. An entity with `#[unique(…)]` moves its
    /// uniqueness items to the new owner in the same transaction.
    pub(crate) fn moved<T: Table, E: InTable<T>>(old: &Key<E>, item: Item) -> Vec<Action> {
        let (partition, sort) = crate::item::key_strings::<T>(&item);
        let new_key = (partition.unwrap_or_default(), sort);
        let exists = Expected {
            guard: Guard::Exists,
            version: None,
            version_attribute: None,
        };
        let exists_condition = dynakey::write::condition::<E>(Guard::Exists, None, &[]);
        let old_key = key_text(old);
        if new_key == old_key {
            let unique = UniquePart::of_put::<T, E>(&item, false);
            return vec![Action {
                kind: Kind::Put(item),
                key: new_key,
                key_attributes: Item::new(),
                condition: exists_condition,
                expected: exists,
                unique,
            }];
        }
        let unique = UniquePart::of_move::<T, E>(old, &item);
        vec![
            Action {
                kind: Kind::Delete,
                key: old_key,
                key_attributes: key_to_attributes(old),
                condition: exists_condition,
                expected: exists,
                unique: None,
            },
            Action {
                kind: Kind::Put(item),
                key: new_key,
                key_attributes: Item::new(),
                condition: None,
                expected: Expected {
                    guard: Guard::Any,
                    version: None,
                    version_attribute: None,
                },
                unique,
            },
        ]
    }

    /// A prepared delete (its `item` is the key).
    pub(crate) fn delete(prepared: Prepared) -> Action {
        Action {
            key: prepared.key,
            key_attributes: prepared.item,
            condition: prepared.condition,
            expected: prepared.expected,
            unique: prepared.unique,
            kind: Kind::Delete,
        }
    }
}

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

/// What a transaction that succeeded returns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TransactionOutput {
    /// The `ClientRequestToken` it was sent with (given, or generated): sending the same
    /// transaction with it again within 10 minutes does not apply it twice (AWS developer guide,
    /// "Amazon DynamoDB Transactions — Idempotency").
    pub client_request_token: String,
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
    /// would send it on its own.
    pub fn put<E: Entity>(self, put: Put<T, E>) -> Self {
        let (_, prepared) = put.prepare();
        self.push(prepared.map(Action::put))
    }

    /// A delete ([`Db::delete`], with its conditions and, for a versioned entity, its expected
    /// version).
    pub fn delete<E: Entity, V: VersionCheck<E>>(self, delete: Delete<T, E, V>) -> Self {
        let (_, prepared) = delete.prepare();
        self.push(prepared.map(Action::delete))
    }

    /// An update ([`Db::update`]) that returns nothing: a transaction returns no item, so an
    /// update with `.returning_…()` is not accepted (does not compile).
    pub fn update<E: Entity, V: VersionCheck<E>>(self, update: Update<T, E, Nothing, V>) -> Self {
        let action = update_action(update.plan(), SystemTime::now());
        self.push(action)
    }

    /// A `ConditionCheck`: the transaction happens only if `condition` holds on the item at
    /// `key` (which is not changed). A missing item fails every condition but `not_exists`.
    pub fn check<E: InTable<T>, S>(self, key: &Key<E>, condition: Cond<E, S>) -> Self {
        let action = condition.into_expr().map_err(|e| Error::Plan(e.into()));
        let action = action.map(|condition| Action {
            kind: Kind::Check,
            key: key_text(key),
            key_attributes: key_to_attributes(key),
            condition: Some(condition),
            expected: Expected {
                guard: Guard::Any,
                version: None,
                version_attribute: None,
            },
            unique: None,
        });
        self.push(action)
    }

    /// Sends the transaction with this `ClientRequestToken` (1 to 36 characters, else
    /// [`TransactionRefusal::ClientRequestToken`] before any request) instead of a generated one.
    /// To resend a transaction whose outcome is unknown use [`Resend`] (the request as sent):
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
    ///   a dropped connection), with the exact request as sent: [`Resend::send`] sends it again
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
        let sent = plan(&self.db, &self.actions).await?;
        finish(&self.db, self.actions, sent, token).await
    }
}

/// Sends the rendered request `sent` of `actions` with `token`, and tells what happened.
async fn finish<T: Table>(
    db: &Db<T>,
    actions: Vec<Action>,
    sent: Vec<Sent>,
    token: String,
) -> Result<TransactionOutput, Error> {
    match transact(db, &sent, &token).await {
        Ok(()) => Ok(TransactionOutput {
            client_request_token: token,
        }),
        Err(Outcome::Canceled(reasons)) => {
            Err(Error::TransactionCanceled(Box::new(TransactionCanceled {
                client_request_token: token.clone(),
                reasons: reasons_by_action(db, &actions, &sent, reasons),
            })))
        }
        Err(Outcome::Failed(error)) => Err(Error::TransactionFailed {
            client_request_token: token.clone(),
            source: Box::new(error),
            resend: Box::new(Resend {
                actions,
                sent,
                token,
            }),
        }),
    }
}

impl<T: Table> IntoFuture for Transaction<T> {
    type Output = Result<TransactionOutput, Error>;
    type IntoFuture = Pin<Box<dyn Future<Output = Self::Output> + Send>>;

    fn into_future(self) -> Self::IntoFuture {
        Box::pin(self.send())
    }
}

fn key_text<E: Entity>(key: &Key<E>) -> KeyText {
    (key.partition().to_owned(), key.sort().map(str::to_owned))
}

/// The action of an update plan.
pub(crate) fn update_action<E: Entity>(
    plan: &dynakey::UpdatePlan<E>,
    now: SystemTime,
) -> Result<Action, Error> {
    let (actions, condition) = plan.parts(now)?;
    let unique = UniquePart::of_update::<E>(plan.key(), plan.actions())?;
    Ok(Action {
        kind: Kind::Update(actions),
        key: key_text(plan.key()),
        key_attributes: key_to_attributes(plan.key()),
        condition,
        expected: Expected {
            guard: if plan.is_upsert() {
                Guard::Any
            } else {
                Guard::Exists
            },
            version: plan.version(),
            version_attribute: E::MANAGED.version(),
        },
        unique,
    })
}

/// A v4 UUID (122 random bits) as `ClientRequestToken`, as the AWS SDKs generate one.
fn new_token() -> String {
    let mut bytes = fastrand::u128(..).to_be_bytes();
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &hex[0..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..32]
    )
}

/// Where a sent item came from.
#[derive(Debug, Clone, Copy)]
enum Origin {
    /// The caller's action `i`.
    Action(usize),
    /// A uniqueness item of action `action`'s constraint `constraint`: put (`true`) or deleted.
    Unique {
        action: usize,
        constraint: usize,
        put: bool,
    },
    /// A condition check that the item action `action` read is unchanged.
    Guard(usize),
}

/// An item a transaction adds for its actions: a uniqueness item or a guard, before rendering
/// (kind, key, condition, origin, uniqueness key text).
type Extra = (Kind, KeyText, Option<Condition>, Origin, Option<String>);

/// One item of the request, rendered.
#[derive(Debug, Clone)]
struct Sent {
    item: TransactWriteItem,
    origin: Origin,
    key: KeyText,
    size: usize,
    /// The uniqueness key text, for a uniqueness item.
    unique_key: Option<String>,
}

/// The items of the request: the actions, then the uniqueness items and guards they need (the
/// stored values read first, strongly consistent), all checked against DynamoDB's limits.
async fn plan<T: Table>(db: &Db<T>, actions: &[Action]) -> Result<Vec<Sent>, Error> {
    if actions.is_empty() {
        return Err(Error::TransactionRefused(TransactionRefusal::Empty));
    }
    if actions.len() > MAX_TRANSACTION_ACTIONS {
        return Err(too_many(actions.len()));
    }
    let mut seen: HashMap<&KeyText, usize> = HashMap::new();
    for (i, action) in actions.iter().enumerate() {
        if let Some(first) = seen.insert(&action.key, i) {
            return Err(same_item(first, i, &action.key));
        }
    }
    before_reading(db.table_name(), actions)?;
    let mut conditions: Vec<Option<Condition>> =
        actions.iter().map(|a| a.condition.clone()).collect();
    let mut extra: Vec<Extra> = Vec::new();
    for (i, action) in actions.iter().enumerate() {
        let Some(part) = &action.unique else { continue };
        let stored = match &part.read {
            Some((key, _)) => read(db, key).await?,
            None => None,
        };
        let old = match &part.read {
            Some(_) => part.keys_of(stored.as_ref()),
            None => vec![None; part.constraints.len()],
        };
        let new = part.new_keys(stored.as_ref());
        if let Some((_, read_key)) = &part.read {
            let guard = part.unchanged::<T>(stored.as_ref());
            guard_item(actions, &mut conditions, &mut extra, read_key, guard, i);
        }
        // A move onto an occupied key replaces the item there (as a put does): its uniqueness
        // items go, and the put is conditioned on that item being as read.
        let replaced = match &part.replaces {
            Some(key) => {
                let stored = read(db, key).await?;
                let guard = part.unchanged::<T>(stored.as_ref());
                guard_item(actions, &mut conditions, &mut extra, &part.owner, guard, i);
                part.keys_of(stored.as_ref())
            }
            None => vec![None; part.constraints.len()],
        };
        let old_owner = part.read.as_ref().map(|(_, k)| k.clone());
        for (c, constraint) in part.constraints.iter().enumerate() {
            let (old, new, replaced) = (&old[c], &new[c], &replaced[c]);
            if let Some(gone) = replaced.as_ref().filter(|r| Some(*r) != new.as_ref()) {
                if Some(gone) != old.as_ref() {
                    extra.push((
                        Kind::Delete,
                        unique::unique_key::<T>(gone),
                        Some(unique::owned_by::<T>(&part.owner)),
                        Origin::Unique {
                            action: i,
                            constraint: c,
                            put: false,
                        },
                        Some(gone.clone()),
                    ));
                }
            }
            let moved = old_owner.as_ref() != Some(&part.owner);
            if old == new && !(moved && new.is_some()) {
                continue;
            }
            let replacing_own = old == new;
            if let (Some(old), false) = (old, replacing_own) {
                let owner = old_owner.clone().unwrap_or_else(|| part.owner.clone());
                extra.push((
                    Kind::Delete,
                    unique::unique_key::<T>(old),
                    Some(unique::owned_by::<T>(&owner)),
                    Origin::Unique {
                        action: i,
                        constraint: c,
                        put: false,
                    },
                    Some(old.clone()),
                ));
            }
            if let Some(new) = new {
                let item = unique::unique_item::<T>(new, part.entity, constraint, &part.owner);
                let condition = match (&old_owner, replacing_own) {
                    (Some(owner), true) => unique::owned_by::<T>(owner),
                    // The replaced item held the value: its uniqueness item is the new key's.
                    _ if replaced.as_ref() == Some(new) => unique::owned_by::<T>(&part.owner),
                    _ => Condition::attribute_not_exists(dynakey::expr::Path::attribute(
                        T::PARTITION_KEY,
                    )),
                };
                extra.push((
                    Kind::Put(item),
                    unique::unique_key::<T>(new),
                    Some(condition),
                    Origin::Unique {
                        action: i,
                        constraint: c,
                        put: true,
                    },
                    Some(new.clone()),
                ));
            }
        }
    }
    let count = actions.len() + extra.len();
    if count > MAX_TRANSACTION_ACTIONS {
        return Err(too_many(count));
    }
    let mut sent = Vec::with_capacity(count);
    for (i, action) in actions.iter().enumerate() {
        sent.push(render(
            db.table_name(),
            &action.kind,
            &action.key,
            &action.key_attributes,
            conditions[i].as_ref(),
            Origin::Action(i),
            None,
        )?);
    }
    for (kind, key, condition, origin, unique_key) in &extra {
        let attributes = unique::key_attributes::<T>(key);
        sent.push(render(
            db.table_name(),
            kind,
            key,
            &attributes,
            condition.as_ref(),
            *origin,
            unique_key.clone(),
        )?);
    }
    let mut seen: HashMap<&KeyText, usize> = HashMap::new();
    for (j, s) in sent.iter().enumerate() {
        if let Some(first) = seen.insert(&s.key, j) {
            // Two actions putting one uniqueness item: two items with the same value. (One that
            // frees a value and one that takes it, a swap, is two actions on one item.)
            if let (
                Some(key),
                Origin::Unique {
                    action,
                    constraint,
                    put: true,
                },
                Origin::Unique { put: true, .. },
            ) = (&s.unique_key, s.origin, sent[first].origin)
            {
                if let Some(part) = &actions[action].unique {
                    return Err(not_unique(part, constraint, key));
                }
            }
            return Err(same_item(
                origin_index(sent[first].origin),
                origin_index(s.origin),
                &s.key,
            ));
        }
    }
    let size: usize = sent.iter().map(|s| s.size).sum();
    if size > MAX_TRANSACTION_BYTES {
        return Err(Error::TransactionRefused(TransactionRefusal::TooLarge {
            size,
        }));
    }
    Ok(sent)
}

/// The checks that need no read, made before any request: each action renders; the actions'
/// own items and values are within 4 MB; the actions and the uniqueness items creates put are at
/// most 100; no two actions leave one unique value in two items.
fn before_reading(table: &str, actions: &[Action]) -> Result<(), Error> {
    let mut count = actions.len();
    let mut size = 0;
    let mut taken: HashMap<String, usize> = HashMap::new();
    for (i, action) in actions.iter().enumerate() {
        let sent = render(
            table,
            &action.kind,
            &action.key,
            &action.key_attributes,
            action.condition.as_ref(),
            Origin::Action(i),
            None,
        )?;
        size += sent.size;
        let Some(part) = &action.unique else { continue };
        if !matches!(part.new, unique::NewValues::Item(_)) {
            continue;
        }
        for (c, key) in part.new_keys(None).into_iter().enumerate() {
            let Some(key) = key else { continue };
            if part.read.is_none() {
                count += 1;
            }
            if taken.insert(key.clone(), i).is_some() {
                return Err(not_unique(part, c, &key));
            }
        }
    }
    if count > MAX_TRANSACTION_ACTIONS {
        return Err(too_many(count));
    }
    if size > MAX_TRANSACTION_BYTES {
        return Err(Error::TransactionRefused(TransactionRefusal::TooLarge {
            size,
        }));
    }
    Ok(())
}

/// Conditions the action on the item at `key` on `guard` (action `i` read that item), or adds a
/// condition check when no action names it.
fn guard_item(
    actions: &[Action],
    conditions: &mut [Option<Condition>],
    extra: &mut Vec<Extra>,
    key: &KeyText,
    guard: Condition,
    i: usize,
) {
    match actions.iter().position(|a| &a.key == key) {
        Some(j) => {
            conditions[j] = Some(match conditions[j].take() {
                Some(c) => c.and(guard),
                None => guard,
            });
        }
        None => extra.push((
            Kind::Check,
            key.clone(),
            Some(guard),
            Origin::Guard(i),
            None,
        )),
    }
}

fn origin_index(origin: Origin) -> usize {
    match origin {
        Origin::Action(i) | Origin::Guard(i) => i,
        Origin::Unique { action, .. } => action,
    }
}

fn too_many(count: usize) -> Error {
    Error::TransactionRefused(TransactionRefusal::TooManyActions {
        count,
        limit: MAX_TRANSACTION_ACTIONS,
    })
}

fn same_item(first: usize, second: usize, key: &KeyText) -> Error {
    Error::TransactionRefused(TransactionRefusal::SameItem {
        first,
        second,
        partition: key.0.clone(),
        sort: key.1.clone(),
    })
}

fn not_unique(part: &UniquePart, constraint: usize, key: &str) -> Error {
    Error::NotUnique {
        entity: part.entity,
        fields: part.constraints[constraint].fields().to_vec(),
        key: key.to_owned(),
    }
}

/// The item at `key`, strongly consistent.
async fn read<T: Table>(db: &Db<T>, key: &Item) -> Result<Option<Item>, Error> {
    let output = db
        .client()
        .get_item()
        .table_name(db.table_name())
        .set_key(Some(key.clone()))
        .consistent_read(true)
        .send()
        .instrument(db.span("GetItem"))
        .await
        .map_err(|e| Error::sdk("GetItem", e))?;
    Ok(output.item)
}

/// One item of the request, as DynamoDB receives it.
fn render(
    table: &str,
    kind: &Kind,
    key: &KeyText,
    key_attributes: &Item,
    condition: Option<&Condition>,
    origin: Origin,
    unique_key: Option<String>,
) -> Result<Sent, Error> {
    let no_actions: &[UpdateAction] = &[];
    let actions = match kind {
        Kind::Update(actions) => actions.as_slice(),
        _ => no_actions,
    };
    let input = WriteInput::render(actions, condition);
    let (names, values) = placeholders(&input);
    let build = |e| Error::build("TransactWriteItems", e);
    let all_old = ReturnValuesOnConditionCheckFailure::AllOld;
    let key_size = item_size(key_attributes);
    let values_size = values.as_ref().map_or(0, item_size);
    let (item, size) = match kind {
        Kind::Put(item) => (
            TransactWriteItem::builder()
                .put(
                    SdkPut::builder()
                        .table_name(table)
                        .set_item(Some(item.clone()))
                        .set_condition_expression(input.condition_expression)
                        .set_expression_attribute_names(names)
                        .set_expression_attribute_values(values)
                        .return_values_on_condition_check_failure(all_old)
                        .build()
                        .map_err(build)?,
                )
                .build(),
            item_size(item) + values_size,
        ),
        Kind::Update(_) => (
            TransactWriteItem::builder()
                .update(
                    SdkUpdate::builder()
                        .table_name(table)
                        .set_key(Some(key_attributes.clone()))
                        .set_update_expression(input.update_expression)
                        .set_condition_expression(input.condition_expression)
                        .set_expression_attribute_names(names)
                        .set_expression_attribute_values(values)
                        .return_values_on_condition_check_failure(all_old)
                        .build()
                        .map_err(build)?,
                )
                .build(),
            key_size + values_size,
        ),
        Kind::Delete => (
            TransactWriteItem::builder()
                .delete(
                    SdkDelete::builder()
                        .table_name(table)
                        .set_key(Some(key_attributes.clone()))
                        .set_condition_expression(input.condition_expression)
                        .set_expression_attribute_names(names)
                        .set_expression_attribute_values(values)
                        .return_values_on_condition_check_failure(all_old)
                        .build()
                        .map_err(build)?,
                )
                .build(),
            key_size + values_size,
        ),
        Kind::Check => (
            TransactWriteItem::builder()
                .condition_check(
                    ConditionCheck::builder()
                        .table_name(table)
                        .set_key(Some(key_attributes.clone()))
                        .set_condition_expression(input.condition_expression)
                        .set_expression_attribute_names(names)
                        .set_expression_attribute_values(values)
                        .return_values_on_condition_check_failure(all_old)
                        .build()
                        .map_err(build)?,
                )
                .build(),
            key_size + values_size,
        ),
    };
    Ok(Sent {
        item,
        origin,
        key: key.clone(),
        size,
        unique_key,
    })
}

/// How a sent transaction ended, other than applied.
enum Outcome {
    /// `TransactionCanceledException`: the `CancellationReasons`, in request order.
    Canceled(Vec<aws_sdk_dynamodb::types::CancellationReason>),
    Failed(Error),
}

async fn transact<T: Table>(db: &Db<T>, sent: &[Sent], token: &str) -> Result<(), Outcome> {
    let items = sent.iter().map(|s| s.item.clone()).collect();
    let result = db
        .client()
        .transact_write_items()
        .set_transact_items(Some(items))
        .client_request_token(token)
        .send()
        .instrument(db.span("TransactWriteItems"))
        .await;
    match result {
        Ok(_) => Ok(()),
        Err(e) => match e.as_service_error() {
            Some(TransactWriteItemsError::TransactionCanceledException(c)) => {
                Err(Outcome::Canceled(c.cancellation_reasons().to_vec()))
            }
            _ => Err(Outcome::Failed(Error::sdk("TransactWriteItems", e))),
        },
    }
}

/// One reason per caller's action, from the reasons of every sent item: an action's own
/// condition first, then its uniqueness items and guards.
fn reasons_by_action<T: Table>(
    db: &Db<T>,
    actions: &[Action],
    sent: &[Sent],
    reasons: Vec<aws_sdk_dynamodb::types::CancellationReason>,
) -> Vec<CancelReason> {
    let mut out: Vec<CancelReason> = actions.iter().map(|_| CancelReason::None).collect();
    for (s, reason) in sent.iter().zip(reasons) {
        let code = reason.code().unwrap_or("None");
        let i = origin_index(s.origin);
        if !matches!(out[i], CancelReason::None) || code == "None" {
            continue;
        }
        out[i] = if code == "ConditionalCheckFailed" {
            match s.origin {
                Origin::Action(i) => {
                    let a = &actions[i];
                    CancelReason::ConditionFailed(Box::new(refused(
                        db.table_name(),
                        a.key.clone(),
                        a.expected,
                        reason.item,
                    )))
                }
                Origin::Unique {
                    action,
                    constraint,
                    put: true,
                } => match &actions[action].unique {
                    Some(part) => CancelReason::NotUnique {
                        fields: part.constraints[constraint].fields().to_vec(),
                        key: s.unique_key.clone().unwrap_or_default(),
                    },
                    None => CancelReason::None,
                },
                // A uniqueness item of another owner where this item's was, or the item read
                // changed since: a condition that no longer holds.
                Origin::Unique { .. } | Origin::Guard(_) => {
                    CancelReason::ConditionFailed(Box::new(Error::ConditionFailed {
                        table: db.table_name().to_owned(),
                        partition: s.key.0.clone(),
                        sort: s.key.1.clone(),
                        current: reason.item.map(Box::new),
                    }))
                }
            }
        } else {
            CancelReason::from_code(code, reason.message())
        };
    }
    out
}

/// A single-item write of an entity with `#[unique(…)]` (`db.create(&user).await`, …): sent as a
/// transaction of the write and its uniqueness items, each attempt with fresh reads, retried
/// with backoff on `TransactionConflict`, throttling, or a failure of only the conditions the
/// runtime added for its read (another write changed the item after the read; [`stale_read`]) —
/// nothing was applied: a cancelled transaction changes nothing — up to the table's retry budget. Errors are the single-item
/// request's: the action's failed condition as [`Error::NotFound`], [`Error::AlreadyExists`], …;
/// a taken value as [`Error::NotUnique`].
pub(crate) async fn single<T: Table>(db: &Db<T>, action: Action) -> Result<(), Error> {
    all_or_error(db, vec![action]).await
}

/// `true` when the cancellation is only conditions the runtime added (the item changed between
/// its read and the transaction: a guard, a replaced uniqueness item's owner, the condition of an
/// action with none of its own), conflicts and throttling: the same write with a fresh read may
/// succeed.
fn stale_read(
    actions: &[Action],
    sent: &[Sent],
    reasons: &[aws_sdk_dynamodb::types::CancellationReason],
) -> bool {
    let mut guard_failed = false;
    for (s, reason) in sent.iter().zip(reasons) {
        match reason.code().unwrap_or("None") {
            "None"
            | ""
            | "TransactionConflict"
            | "ThrottlingError"
            | "RequestLimitExceeded"
            | "ProvisionedThroughputExceeded" => {}
            "ConditionalCheckFailed" => {
                let internal = match s.origin {
                    Origin::Guard(_) | Origin::Unique { put: false, .. } => true,
                    Origin::Action(i) => {
                        actions[i].condition.is_none() && actions[i].unique.is_some()
                    }
                    Origin::Unique { put: true, .. } => false,
                };
                if !internal {
                    return false;
                }
                guard_failed = true;
            }
            _ => return false,
        }
    }
    guard_failed
}

/// As [`single`], for the few actions of one operation (a move): the first failing action's
/// error.
pub(crate) async fn all_or_error<T: Table>(db: &Db<T>, actions: Vec<Action>) -> Result<(), Error> {
    let attempts = db.retry.attempts().max(1);
    let mut attempt = 1;
    loop {
        let token = new_token();
        let sent = plan(db, &actions).await?;
        let reasons = match transact(db, &sent, &token).await {
            Ok(()) => return Ok(()),
            Err(Outcome::Failed(error)) => return Err(error),
            Err(Outcome::Canceled(reasons)) => reasons,
        };
        let stale = stale_read(&actions, &sent, &reasons);
        let mut reasons = reasons_by_action(db, &actions, &sent, reasons);
        let canceled = TransactionCanceled {
            client_request_token: token,
            reasons: std::mem::take(&mut reasons),
        };
        if (stale || canceled.is_retryable()) && attempt < attempts {
            tokio::time::sleep(db.retry.delay(attempt)).await;
            attempt += 1;
            continue;
        }
        let mut canceled = canceled;
        let first = canceled.first_failure().map(|(i, _)| i);
        let failure = first.map(|i| {
            let reason = std::mem::replace(&mut canceled.reasons[i], CancelReason::None);
            (i, reason)
        });
        return Err(match failure {
            Some((_, CancelReason::ConditionFailed(error))) => *error,
            Some((i, CancelReason::NotUnique { fields, key })) => Error::NotUnique {
                entity: actions[i].unique.as_ref().map_or("", |p| p.entity),
                fields,
                key,
            },
            Some((i, other)) => {
                canceled.reasons[i] = other;
                Error::TransactionCanceled(Box::new(canceled))
            }
            None => Error::TransactionCanceled(Box::new(canceled)),
        });
    }
}
