//! The `TransactWriteItems` runner (AWS developer guide, "Amazon DynamoDB Transactions"): the
//! actions of a [`Transaction`](crate::Transaction), a move, or a single-item write of an entity
//! with `#[unique(…)]`, planned with the uniqueness items and guards they need (the stored values
//! read first, strongly consistent), checked against DynamoDB's limits, rendered and sent (the
//! rendered items moved into the request; rendered again from the plan only for a resend or the
//! request an error returns), and a cancellation told apart per action.

use std::borrow::Cow;
use std::collections::HashMap;

use aws_sdk_dynamodb::operation::transact_write_items::TransactWriteItemsError;
use aws_sdk_dynamodb::types::{CancellationReason, TransactWriteItem};
use dynakey::__private::expr::{Condition, Path};
use dynakey::{Table, WriteInput};

use super::action::{Action, Kind};
use super::get::consistent_item;
use super::unique::{self, NewValues, UniquePart};
use crate::convert::{to_sdk_value, transact_write_item, Item, WriteKind};
use crate::db::Db;
use crate::error::{
    CancelReason, Error, KeyText, OutcomeUnknown, Reading, Rendered, Resend, SentRequest,
    TransactionCanceled, TransactionRefusal,
};
use crate::item::{attributes_size, item_size};
use crate::limits::{MAX_TRANSACTION_ACTIONS, MAX_TRANSACTION_BYTES};
use crate::sdk::{build_error, cancel_reasons, Attempts, Idempotence, Sending};

/// What a transaction that succeeded returns: its token, and `stored`, the items its actions
/// asked for (a tuple in action order, `()` for none: see [`Transaction`](crate::Transaction)).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TransactionOutput<S = ()> {
    /// The `ClientRequestToken` it was sent with (given, or generated): sending the same
    /// transaction with it again within 10 minutes does not apply it twice (AWS developer guide,
    /// "Amazon DynamoDB Transactions — Idempotency").
    pub client_request_token: String,
    /// One value per action that asked for its item, in action order: a put's or create's
    /// entity as stored (`.returning_stored()`), an update's new image read back after the
    /// transaction, `Option<E>` (`.returning_new()`).
    pub stored: S,
}

/// An item the plan adds for an action, before rendering: what it does, its key, its condition
/// and how its cancellation reason reads.
type Extra = (Kind, KeyText, Option<Condition>, Reading);

/// One item of the request, rendered, with what the limits are checked on.
struct Sent {
    item: TransactWriteItem,
    reading: Reading,
    key: KeyText,
    size: usize,
}

/// A v4 UUID (122 random bits) as `ClientRequestToken`, as the AWS SDKs generate one.
pub(crate) fn new_token() -> String {
    let mut bytes = fastrand::u128(..).to_be_bytes();
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut token = String::with_capacity(36);
    for (i, b) in bytes.iter().enumerate() {
        if matches!(i, 4 | 6 | 8 | 10) {
            token.push('-');
        }
        token.push(char::from(HEX[usize::from(b >> 4)]));
        token.push(char::from(HEX[usize::from(b & 0x0f)]));
    }
    token
}

/// The request of `actions`: the actions, then the uniqueness items and guards they need (the
/// stored values read first, strongly consistent), all checked against DynamoDB's limits.
pub(crate) async fn plan<T: Table>(db: &Db<T>, actions: &[Action]) -> Result<Rendered, Error> {
    prepare(db, actions).await?.render()
}

/// A transaction's items before rendering: the actions with the guards their reads added to
/// their conditions, then the uniqueness items and guards (the reads done). It renders the same
/// request every time, so a resend is made anew from it instead of being copied ahead of the first
/// send, which mostly succeeds.
pub(crate) struct Planned<'a> {
    table: &'a str,
    actions: &'a [Action],
    conditions: Vec<Cow<'a, Option<Condition>>>,
    /// The items added for the actions, each with its key attributes.
    extra: Vec<(Extra, Item)>,
}

/// [`plan`] up to rendering: the checks that need no read, the reads, and the items they add.
async fn prepare<'a, T: Table>(db: &'a Db<T>, actions: &'a [Action]) -> Result<Planned<'a>, Error> {
    if actions.is_empty() {
        return Err(Error::TransactionRefused(TransactionRefusal::Empty));
    }
    if actions.len() > MAX_TRANSACTION_ACTIONS {
        return Err(too_many(actions.len()));
    }
    if let Some((first, i)) = repeated(actions.iter().map(|a| &a.key)) {
        return Err(same_item(first, i, &actions[i].key));
    }
    before_reading(actions)?;
    // Borrowed: only an action a guard is added to needs a condition of its own.
    let mut conditions: Vec<Cow<'_, Option<Condition>>> = actions
        .iter()
        .map(|a| Cow::Borrowed(&a.condition))
        .collect();
    let mut extra: Vec<Extra> = Vec::new();
    for (i, action) in actions.iter().enumerate() {
        let Some(part) = &action.unique else { continue };
        let stored = match &part.read {
            // Boxed, as below: a read only uniqueness items need, which would otherwise size
            // every transaction's future by its own.
            Some((key, _)) => Box::pin(consistent_item(db, key.clone())).await?,
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
                let stored = Box::pin(consistent_item(db, key.clone())).await?;
                let guard = part.unchanged::<T>(stored.as_ref());
                guard_item(actions, &mut conditions, &mut extra, &part.owner, guard, i);
                part.keys_of(stored.as_ref())
            }
            None => vec![None; part.constraints.len()],
        };
        let old_owner = part.read.as_ref().map(|(_, k)| k.clone());
        // A uniqueness item given up: deleted on the condition that it is still its owner's.
        let give_up = |extra: &mut Vec<Extra>, value: &String, owner: &KeyText| {
            let key = unique::unique_key::<T>(value);
            extra.push((
                Kind::Delete,
                key.clone(),
                Some(unique::owned_by::<T>(owner)),
                Reading::Changed { action: i, key },
            ));
        };
        for (c, constraint) in part.constraints.iter().enumerate() {
            let (old, new, replaced) = (&old[c], &new[c], &replaced[c]);
            if let Some(gone) = replaced.as_ref().filter(|r| Some(*r) != new.as_ref()) {
                if Some(gone) != old.as_ref() {
                    give_up(&mut extra, gone, &part.owner);
                }
            }
            let moved = old_owner.as_ref() != Some(&part.owner);
            if old == new && !(moved && new.is_some()) {
                continue;
            }
            let replacing_own = old == new;
            if let (Some(old), false) = (old, replacing_own) {
                let owner = old_owner.clone().unwrap_or_else(|| part.owner.clone());
                give_up(&mut extra, old, &owner);
            }
            if let Some(new) = new {
                let item = unique::unique_item::<T>(new, part.entity, constraint, &part.owner);
                let condition = match (&old_owner, replacing_own) {
                    (Some(owner), true) => unique::owned_by::<T>(owner),
                    // The replaced item held the value: its uniqueness item is the new key's.
                    _ if replaced.as_ref() == Some(new) => unique::owned_by::<T>(&part.owner),
                    _ => Condition::attribute_not_exists(Path::attribute(T::PARTITION_KEY)),
                };
                extra.push((
                    Kind::Put(item),
                    unique::unique_key::<T>(new),
                    Some(condition),
                    Reading::Taken {
                        action: i,
                        entity: part.entity,
                        fields: constraint.fields().to_vec(),
                        key: new.clone(),
                    },
                ));
            }
        }
    }
    let count = actions.len() + extra.len();
    if count > MAX_TRANSACTION_ACTIONS {
        return Err(too_many(count));
    }
    let extra = extra
        .into_iter()
        .map(|extra| {
            let attributes = unique::key_attributes::<T>(&extra.1);
            (extra, attributes)
        })
        .collect();
    Ok(Planned {
        table: db.table_name(),
        actions,
        conditions,
        extra,
    })
}

impl Planned<'_> {
    /// The request, checked against DynamoDB's limits (two items on one key, 4 MB).
    fn render(&self) -> Result<Rendered, Error> {
        let Planned {
            table,
            actions,
            conditions,
            extra,
        } = self;
        let mut sent = Vec::with_capacity(actions.len() + extra.len());
        for (i, action) in actions.iter().enumerate() {
            let reading = Reading::Action {
                action: i,
                key: action.key.clone(),
                expected: action.expected,
                internal: action.condition.is_none() && action.unique.is_some(),
            };
            sent.push(render(
                table,
                &action.kind,
                &action.key,
                &action.key_attributes,
                conditions[i].as_ref().as_ref(),
                reading,
            )?);
        }
        for ((kind, key, condition, reading), attributes) in extra {
            sent.push(render(
                table,
                kind,
                key,
                attributes,
                condition.as_ref(),
                reading.clone(),
            )?);
        }
        checked(sent, actions.len())
    }
}

/// The rendered items of a request of `actions` actions, after DynamoDB's limits are checked.
fn checked(sent: Vec<Sent>, actions: usize) -> Result<Rendered, Error> {
    if let Some((first, j)) = repeated(sent.iter().map(|s| &s.key)) {
        let s = &sent[j];
        // Two actions putting one uniqueness item: two items with the same value. (One that
        // frees a value and one that takes it, a swap, is two actions on one item.)
        if let (
            Reading::Taken {
                entity,
                fields,
                key,
                ..
            },
            Reading::Taken { .. },
        ) = (&s.reading, &sent[first].reading)
        {
            return Err(Error::NotUnique {
                entity,
                fields: fields.clone(),
                key: key.clone(),
            });
        }
        return Err(same_item(
            sent[first].reading.action(),
            s.reading.action(),
            &s.key,
        ));
    }
    let size: usize = sent.iter().map(|s| s.size).sum();
    if size > MAX_TRANSACTION_BYTES {
        return Err(Error::TransactionRefused(TransactionRefusal::TooLarge {
            size,
        }));
    }
    let (items, readings) = sent.into_iter().map(|s| (s.item, s.reading)).unzip();
    Ok(Rendered {
        items,
        readings,
        actions,
    })
}

/// The checks that need no read, made before the reads of uniqueness items: the actions' own
/// items and values are within 4 MB (measured without rendering them: [`plan`] renders them once,
/// after its reads); the actions and the uniqueness items creates put are at most 100; no two
/// actions leave one unique value in two items.
fn before_reading(actions: &[Action]) -> Result<(), Error> {
    if actions.iter().all(|a| a.unique.is_none()) {
        // No uniqueness item, so no read: `plan` renders the actions at once and checks them
        // there.
        return Ok(());
    }
    let mut count = actions.len();
    let mut size = 0;
    let mut taken: HashMap<String, usize> = HashMap::new();
    for (i, action) in actions.iter().enumerate() {
        size += rendered_size(
            &action.kind,
            &action.key_attributes,
            action.condition.as_ref(),
        );
        let Some(part) = &action.unique else { continue };
        if !matches!(part.new, NewValues::Item(_)) {
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
    conditions: &mut [Cow<'_, Option<Condition>>],
    extra: &mut Vec<Extra>,
    key: &KeyText,
    guard: Condition,
    i: usize,
) {
    match actions.iter().position(|a| &a.key == key) {
        Some(j) => {
            let condition = conditions[j].to_mut();
            *condition = Some(match condition.take() {
                Some(c) => c.and(guard),
                None => guard,
            });
        }
        None => extra.push((
            Kind::Check,
            key.clone(),
            Some(guard),
            Reading::Changed {
                action: i,
                key: key.clone(),
            },
        )),
    }
}

/// The first position whose key an earlier position has, with that earlier position: a linear
/// scan, cheaper than hashing for the few items of a transaction (at most 100).
fn repeated<'a>(keys: impl Iterator<Item = &'a KeyText>) -> Option<(usize, usize)> {
    let mut seen: Vec<&KeyText> = Vec::new();
    for (i, key) in keys.enumerate() {
        if let Some(first) = seen.iter().position(|k| *k == key) {
            return Some((first, i));
        }
        seen.push(key);
    }
    None
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

/// One item of the request as DynamoDB receives it, with its size as DynamoDB counts it (the
/// item of a put, the key otherwise, plus the values).
fn render(
    table: &str,
    kind: &Kind,
    key: &KeyText,
    key_attributes: &Item,
    condition: Option<&Condition>,
    reading: Reading,
) -> Result<Sent, Error> {
    let input = write_input(kind, condition);
    let size = item_size(item_of(kind, key_attributes)) + values_size(&input);
    let write = match kind {
        Kind::Put(item) => WriteKind::Put(item),
        Kind::Update(_) => WriteKind::Update(key_attributes),
        Kind::Delete => WriteKind::Delete(key_attributes),
        Kind::Check => WriteKind::Check(key_attributes),
    };
    let item = transact_write_item(table, write, input)
        .map_err(|e| build_error("TransactWriteItems", e))?;
    Ok(Sent {
        item,
        reading,
        key: key.clone(),
        size,
    })
}

/// The size [`render`] gives an action, without building its request item.
fn rendered_size(kind: &Kind, key_attributes: &Item, condition: Option<&Condition>) -> usize {
    let values = match (kind, condition) {
        (Kind::Update(_), _) | (_, Some(_)) => values_size(&write_input(kind, condition)),
        _ => 0,
    };
    item_size(item_of(kind, key_attributes)) + values
}

/// The expressions of an action: its update actions and its condition.
fn write_input(kind: &Kind, condition: Option<&Condition>) -> WriteInput {
    let actions = match kind {
        Kind::Update(actions) => actions.as_slice(),
        _ => &[],
    };
    WriteInput::render(actions, condition)
}

/// The item an action's size counts: a put's item, the key otherwise.
fn item_of<'a>(kind: &'a Kind, key_attributes: &'a Item) -> &'a Item {
    match kind {
        Kind::Put(item) => item,
        _ => key_attributes,
    }
}

/// The size of an action's `ExpressionAttributeValues`.
fn values_size(input: &WriteInput) -> usize {
    input
        .expression_attribute_values
        .iter()
        .map(|(name, value)| attributes_size([(name, &to_sdk_value(value))]))
        .sum()
}

/// How a sent transaction ended, other than applied.
enum Outcome {
    /// `TransactionCanceledException`: the `CancellationReasons`, in request order.
    Canceled(Vec<CancellationReason>),
    /// Any other failure, with what the sends were.
    Failed(Error, Attempts),
}

/// Sends `items` with `token` as `retries` says (a caller's transaction: the SDK's retries; a
/// single-item write or a move: the table's policy, counting every attempt), each resend's items
/// made by `again`. Idempotent: DynamoDB applies a token's request at most once within 10
/// minutes.
async fn transact<T: Table>(
    db: &Db<T>,
    items: Vec<TransactWriteItem>,
    mut again: impl FnMut() -> Option<Vec<TransactWriteItem>>,
    token: &str,
    retries: Retries,
) -> Result<(), Outcome> {
    let how = match retries {
        Retries::Sdk => Sending::sdk(Idempotence::Idempotent),
        Retries::Policy => {
            Sending::policy(1, db.retry_policy().attempts(), Idempotence::Idempotent)
        }
    };
    let request = |items| {
        db.edge()
            .client_for(&how)
            .transact_write_items()
            .set_transact_items(Some(items))
            .client_request_token(token)
    };
    // Each resend is made again by `again` rather than copied ahead of the first send, which
    // mostly succeeds.
    match db
        .edge()
        .send_made(request(items), || again().map(request), how)
        .await
    {
        (Ok(_), _) => Ok(()),
        (Err(failed), attempts) => match failed.service_error() {
            Some(TransactWriteItemsError::TransactionCanceledException(c)) => {
                Err(Outcome::Canceled(c.cancellation_reasons().to_vec()))
            }
            _ => Err(Outcome::Failed(failed.into_error(), attempts)),
        },
    }
}

/// Who retries a `TransactWriteItems`.
#[derive(Debug, Clone, Copy)]
enum Retries {
    /// The SDK, as the client is configured: a caller's [`Transaction`](crate::Transaction),
    /// whose failure returns the request to send again ([`Error::TransactionFailed`]).
    Sdk,
    /// The SDK edge under the table's [`RetryPolicy`](crate::RetryPolicy): a single-item write
    /// or a move, whose failure after an attempt that may have been applied is
    /// [`Error::OutcomeUnknown`].
    Policy,
}

/// Sends the rendered `request` with `token`, and tells what happened.
pub(crate) async fn finish<T: Table>(
    db: &Db<T>,
    request: Rendered,
    token: String,
) -> Result<TransactionOutput, Error> {
    let again = || Some(request.items.clone());
    match transact(db, request.items.clone(), again, &token, Retries::Sdk).await {
        Ok(()) => Ok(TransactionOutput {
            client_request_token: token,
            stored: (),
        }),
        Err(Outcome::Canceled(reasons)) => {
            let reasons =
                cancel_reasons(db.table_name(), request.actions, &request.readings, reasons);
            Err(Error::TransactionCanceled(Box::new(TransactionCanceled {
                client_request_token: token,
                reasons,
            })))
        }
        Err(Outcome::Failed(error, _)) => Err(Error::TransactionFailed {
            client_request_token: token.clone(),
            source: Box::new(error),
            resend: Box::new(Resend { request, token }),
        }),
    }
}

/// A single-item write of an entity with `#[unique(…)]` (`db.create(&user).await`, …): sent as a
/// transaction of the write and its uniqueness items, each attempt with fresh reads, retried
/// with backoff on `TransactionConflict`, throttling, or a failure of only the conditions the
/// runtime added for its read (another write changed the item after the read; [`stale_read`]) —
/// nothing was applied: a cancelled transaction changes nothing — up to the table's retry budget.
/// Errors are the single-item request's: the action's failed condition as [`Error::NotFound`],
/// [`Error::AlreadyExists`], …; a taken value as [`Error::NotUnique`]; a lost answer that the
/// same request with the same token did not settle as [`Error::OutcomeUnknown`].
pub(crate) async fn single<T: Table>(db: &Db<T>, action: Action) -> Result<(), Error> {
    all_or_error(db, vec![action]).await
}

/// `true` when the cancellation is only conditions the runtime added (the item changed between
/// its read and the transaction: a guard, a replaced uniqueness item's owner, the condition of an
/// action with none of its own), conflicts and throttling: the same write with a fresh read may
/// succeed.
fn stale_read(readings: &[Reading], reasons: &[CancellationReason]) -> bool {
    let mut guard_failed = false;
    for (reading, reason) in readings.iter().zip(reasons) {
        match reason.code().unwrap_or("None") {
            "None"
            | ""
            | "TransactionConflict"
            | "ThrottlingError"
            | "RequestLimitExceeded"
            | "ProvisionedThroughputExceeded" => {}
            "ConditionalCheckFailed" => {
                let internal = match reading {
                    Reading::Changed { .. } => true,
                    Reading::Action { internal, .. } => *internal,
                    Reading::Taken { .. } => false,
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
/// error. The loop plans anew each time (fresh reads, a new token) after a cancellation, which
/// applied nothing; a request whose answer was lost is resent as it was, with its token, by the
/// SDK edge.
pub(crate) async fn all_or_error<T: Table>(db: &Db<T>, actions: Vec<Action>) -> Result<(), Error> {
    all_or_error_counted(db, actions).await.map(|_| ())
}

/// As [`all_or_error`], telling how many uniqueness items the applied transaction put or
/// deleted besides `actions` (its condition checks not counted).
pub(crate) async fn all_or_error_counted<T: Table>(
    db: &Db<T>,
    actions: Vec<Action>,
) -> Result<usize, Error> {
    let retry = db.retry_policy();
    let attempts = retry.attempts();
    let mut attempt = 1;
    loop {
        let token = new_token();
        let planned = prepare(db, &actions).await?;
        // The rendered items are moved into the first send; a resend, or the request an error
        // returns, is rendered again from the plan, the same items.
        let Rendered {
            items,
            readings,
            actions: count,
        } = planned.render()?;
        let again = || planned.render().ok().map(|request| request.items);
        // Every item after the actions is a uniqueness item's put or delete, or a check.
        let uniqueness_items = items[count..]
            .iter()
            .filter(|item| item.put().is_some() || item.delete().is_some())
            .count();
        let reasons = match transact(db, items, again, &token, Retries::Policy).await {
            Ok(()) => return Ok(uniqueness_items),
            Err(Outcome::Failed(error, sends)) if sends.maybe_applied => {
                let request = planned.render()?;
                return Err(unknown(db, request, token, error, sends.sent));
            }
            Err(Outcome::Failed(error, _)) => return Err(error),
            Err(Outcome::Canceled(reasons)) => reasons,
        };
        let stale = stale_read(&readings, &reasons);
        let reasons = cancel_reasons(db.table_name(), count, &readings, reasons);
        let canceled = TransactionCanceled {
            client_request_token: token,
            reasons,
        };
        if (stale || canceled.is_retryable()) && attempt < attempts {
            tokio::time::sleep(retry.delay(attempt)).await;
            attempt += 1;
            continue;
        }
        return Err(first_failure(&readings, canceled));
    }
}

/// The error of a cancelled transaction of one operation: its first failing action's own error
/// (a failed condition as the single-item error, a taken value as [`Error::NotUnique`]), or the
/// whole cancellation.
fn first_failure(readings: &[Reading], mut canceled: TransactionCanceled) -> Error {
    let first = canceled.first_failure().map(|(i, _)| i);
    let failure = first.map(|i| {
        let reason = std::mem::replace(&mut canceled.reasons[i], CancelReason::None);
        (i, reason)
    });
    match failure {
        Some((_, CancelReason::ConditionFailed(error))) => *error,
        Some((i, CancelReason::NotUnique { fields, key })) => {
            let entity = readings.iter().find_map(|r| match r {
                Reading::Taken {
                    action,
                    entity,
                    key: taken,
                    ..
                } if *action == i && *taken == key => Some(*entity),
                _ => None,
            });
            Error::NotUnique {
                entity: entity.unwrap_or(""),
                fields,
                key,
            }
        }
        Some((i, other)) => {
            canceled.reasons[i] = other;
            Error::TransactionCanceled(Box::new(canceled))
        }
        None => Error::TransactionCanceled(Box::new(canceled)),
    }
}

/// [`Error::OutcomeUnknown`] of the single-item write or move sent as `request` with `token`.
fn unknown<T: Table>(
    db: &Db<T>,
    request: Rendered,
    token: String,
    cause: Error,
    attempts: u32,
) -> Error {
    let (partition, sort) = request
        .readings
        .iter()
        .find_map(|r| match r {
            Reading::Action { key, .. } => Some(key.clone()),
            _ => None,
        })
        .unwrap_or_default();
    Error::OutcomeUnknown(Box::new(OutcomeUnknown {
        operation: "TransactWriteItems",
        table: db.table_name().to_owned(),
        partition,
        sort,
        attempts,
        cause,
        sent: SentRequest::Transaction(Resend { request, token }),
    }))
}

/// Sends the `TransactWriteItems` of an [`Error::OutcomeUnknown`] again, with its token: applied
/// at most once with the first sends within 10 minutes of the first, so a cancellation means
/// that none of them was applied.
///
/// # Errors
/// As [`single`]; any failure other than a cancellation is [`Error::OutcomeUnknown`] again.
pub(crate) async fn resend<T: Table>(db: &Db<T>, resend: &Resend) -> Result<(), Error> {
    let Resend { request, token } = resend;
    let again = || Some(request.items.clone());
    match transact(db, request.items.clone(), again, token, Retries::Policy).await {
        Ok(()) => Ok(()),
        Err(Outcome::Canceled(reasons)) => {
            let reasons =
                cancel_reasons(db.table_name(), request.actions, &request.readings, reasons);
            let canceled = TransactionCanceled {
                client_request_token: token.clone(),
                reasons,
            };
            Err(first_failure(&request.readings, canceled))
        }
        Err(Outcome::Failed(error, sends)) => Err(unknown(
            db,
            request.clone(),
            token.clone(),
            error,
            sends.sent,
        )),
    }
}
