//! [`Modify`]: a typed read-modify-write, made by [`Db::modify`] — read the item, change the
//! entity in a closure, send one `UpdateItem` of exactly the attributes that changed (index key
//! attributes rebuilt from the stored values of the other fields), conditioned on what was read,
//! and start again when another writer got there first, a bounded number of times
//! (`docs/semantics.md` §5, "Changing some fields").

use std::collections::BTreeSet;
use std::fmt;
use std::future::{Future, IntoFuture};
use std::pin::Pin;
use std::time::SystemTime;

use aws_sdk_dynamodb::types::{AttributeValue, ReturnValue};
use dynakey::__private::expr::{
    Comparator, Condition, Operand, Path, SetValue, UpdateAction, Value,
};
use dynakey::__private::write::Guard;
use dynakey::{Entity, InTable, Key, Table, UpdatePlan};
use serde::de::DeserializeOwned;
use serde::Serialize;

use super::copy::{self, CopyPart};
use super::get::consistent_item;
use super::unique::UniquePart;
use super::write::{self, key_text, Action, Kind};
use crate::convert::{key_to_attributes, Item};
use crate::db::Db;
use crate::error::{Error, Expected};
use crate::item::{from_entity_item, known_in, to_item};

/// How many times [`Modify`] reads and writes at most by default before
/// [`Error::ModifyContended`]: enough for 16 callers changing one item at once, each losing at
/// most once to each of the others.
pub const DEFAULT_MODIFY_ATTEMPTS: u32 = 32;

/// A typed read-modify-write of the item with one key, made by [`Db::modify`].
///
/// Awaiting it:
/// 1. reads the item (`GetItem`, `ConsistentRead`); no item is [`Error::NotFound`];
/// 2. decodes it into `E` and calls the closure with `&mut E`;
/// 3. renders the entity before and after the closure as items and compares them attribute by
///    attribute: an attribute whose value differs is `SET`, one the change leaves out is
///    `REMOVE`d — the closure's fields and the key attributes of every index they feed, rebuilt
///    from the new value and the stored values of the other fields of the template. Nothing
///    changed: no write, the entity as read is returned. The version and the managed timestamps
///    are dynakey's: a change the closure makes to them is ignored;
/// 4. a change of the item's own key (a key-template field) is [`Error::KeyChanged`] before any
///    write (changing a key is [`Db::move_to`]);
/// 5. sends one `UpdateItem`, conditioned on the item being as read: for a versioned entity on
///    its version (storing version + 1), otherwise on every attribute of the stored item having
///    the value read and on every index key attribute it lacked still being absent ("the
///    unchanged image"); `updated_at` is set to now;
/// 6. when that condition fails (another writer changed the item since it was read), waits a
///    full-jitter delay of the table's [`RetryPolicy`](crate::RetryPolicy) and starts again at 1,
///    at most [`attempts`](Modify::attempts) reads in all (default
///    [`DEFAULT_MODIFY_ATTEMPTS`]); then [`Error::ModifyContended`].
///
/// The closure may run several times (once per attempt), each time on the item as then stored.
/// The read is retried under the table's [`RetryPolicy`](crate::RetryPolicy), as the write is.
/// The `UpdateItem` is made of values only, so a lost answer follows the rules of such an update
/// (docs/semantics.md §5, "A lost answer"): a versioned entity's is resent (a resend refused by
/// this call's own write is its success); an unversioned one's is not — another writer may have
/// changed the item back to the image it is conditioned on, and a resend would overwrite that
/// change — but its item is read: holding every value this call set, it is the call's success,
/// else [`Error::OutcomeUnknown`]. It returns the entity as stored after the write (`ALL_NEW`);
/// for an entity with `#[unique(…)]` whose change is sent as a transaction (which returns no
/// item), the entity read again after it.
///
/// ```no_run
/// # use dynakey::Entity;
/// # #[derive(Entity, serde::Serialize, serde::Deserialize)]
/// # #[pk("WS#<workspace>")] #[sk("TASK#<id>")]
/// # struct Task { workspace: String, id: u32, title: String, assignee: Option<String> }
/// # async fn run(db: dynakey_runtime::Db) -> Result<(), dynakey_runtime::Error> {
/// let task: Task = db
///     .modify(&Task::key("acme", 7u32)?, |task: &mut Task| task.assignee = Some("kim".into()))
///     .await?;
/// # Ok(()) }
/// ```
#[must_use = "a read-modify-write does nothing until it is awaited"]
pub struct Modify<T: Table, E, F> {
    db: Db<T>,
    key: Key<E>,
    change: F,
    attempts: u32,
}

impl<T: Table, E, F> fmt::Debug for Modify<T, E, F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Modify")
            .field("table", &self.db.table_name())
            .field("key", &self.key)
            .field("attempts", &self.attempts)
            .finish()
    }
}

impl<T: Table> Db<T> {
    /// A read-modify-write of the item with primary key `key`: `change` edits the entity as
    /// stored and one `UpdateItem` writes exactly what it changed (see [`Modify`]).
    pub fn modify<E, F>(&self, key: &Key<E>, change: F) -> Modify<T, E, F>
    where
        E: InTable<T> + Serialize + DeserializeOwned,
        F: FnMut(&mut E) + Send + 'static,
    {
        Modify {
            db: self.clone(),
            key: key.clone(),
            change,
            attempts: DEFAULT_MODIFY_ATTEMPTS,
        }
    }
}

impl<T: Table, E, F> Modify<T, E, F> {
    /// At most `attempts` reads and writes (at least 1) before [`Error::ModifyContended`].
    pub fn attempts(mut self, attempts: u32) -> Self {
        self.attempts = attempts.max(1);
        self
    }
}

/// What one attempt ended in.
enum Attempt<E> {
    Done(E),
    /// Another writer changed the item since it was read.
    Lost,
}

impl<T, E, F> Modify<T, E, F>
where
    T: Table,
    E: Entity + Serialize + DeserializeOwned + Send + 'static,
    F: FnMut(&mut E) + Send + 'static,
{
    async fn run(mut self) -> Result<E, Error> {
        let policy = self.db.retry_policy();
        for attempt in 1..=self.attempts {
            if attempt > 1 {
                tokio::time::sleep(policy.delay(attempt - 1)).await;
            }
            if let Attempt::Done(entity) = self.attempt().await? {
                return Ok(entity);
            }
        }
        let (partition, sort) = key_text(&self.key);
        Err(Error::ModifyContended {
            table: self.db.table_name().to_owned(),
            partition,
            sort,
            attempts: self.attempts,
        })
    }

    async fn attempt(&mut self) -> Result<Attempt<E>, Error> {
        let (db, key) = (self.db.clone(), self.key.clone());
        let stored = read(&db, &key).await?;
        // Every stored value goes into the condition (the unchanged image): none may be of a
        // type the SDK does not know.
        known_in::<T>(&stored)?;
        let before: E = from_entity_item(stored.clone())?;
        let mut after: E = from_entity_item(stored.clone())?;
        (self.change)(&mut after);
        let (old, new) = (to_item(&before)?, to_item(&after)?);
        let table_keys = table_keys::<T>();
        if table_keys.iter().any(|k| old.get(*k) != new.get(*k)) {
            let (partition, sort) = key_text(&self.key);
            return Err(Error::KeyChanged {
                table: self.db.table_name().to_owned(),
                partition,
                sort,
            });
        }
        let managed = managed::<E>();
        let skip = |name: &str| table_keys.contains(&name) || managed.contains(&name);
        let changes = diff(&old, &new, skip);
        if changes.is_empty() {
            return Ok(Attempt::Done(before));
        }
        let version = E::MANAGED
            .version()
            .map(|attribute| stored_version(&stored, attribute));
        let mut plan = UpdatePlan::new(self.key.clone());
        if let Some(version) = version {
            plan = plan.expected_version(version);
        }
        // The plan adds the managed attributes (version + 1, `updated_at`) and dynakey's own
        // condition (the item exists; the version read).
        let (managed_actions, condition) = plan.parts(SystemTime::now())?;
        let condition = match version {
            Some(_) => condition,
            None => Some(and(condition, unchanged_image::<T, E>(&stored, &changes))),
        };
        let unique = UniquePart::of_update::<E>(&self.key, &changes)?;
        let transacted = unique.is_some();
        let action = Action {
            kind: Kind::Update(changes.into_iter().chain(managed_actions).collect()),
            key: key_text(&self.key),
            key_attributes: key_to_attributes(&self.key),
            condition,
            expected: Expected {
                guard: Guard::Exists,
                version,
                version_attribute: E::MANAGED.version(),
            },
            unique,
        };
        let sent = match CopyPart::of::<E>(None) {
            Some(copy) => copy::send(&db, action, copy, ReturnValue::AllNew, false).await,
            None => write::send(&db, action, ReturnValue::AllNew).await,
        };
        match sent {
            Ok(Some(item)) if !transacted => Ok(Attempt::Done(from_entity_item(item)?)),
            Ok(_) => Ok(Attempt::Done(from_entity_item(read(&db, &key).await?)?)),
            Err(Error::VersionConflict { .. } | Error::ConditionFailed { .. }) => Ok(Attempt::Lost),
            Err(error) => Err(error),
        }
    }
}

/// The item at `key`, read consistently; no item is [`Error::NotFound`].
async fn read<T: Table, E: Entity>(db: &Db<T>, key: &Key<E>) -> Result<Item, Error> {
    let item = consistent_item(db, key_to_attributes(key)).await?;
    item.ok_or_else(|| {
        let (partition, sort) = key_text(key);
        Error::NotFound {
            table: db.table_name().to_owned(),
            partition,
            sort,
        }
    })
}

/// The table's own key attributes.
fn table_keys<T: Table>() -> Vec<&'static str> {
    std::iter::once(T::PARTITION_KEY)
        .chain(T::SORT_KEY)
        .collect()
}

/// The managed attributes (version, timestamps): dynakey writes them, not the closure.
fn managed<E: Entity>() -> Vec<&'static str> {
    let managed = E::MANAGED;
    managed
        .version()
        .into_iter()
        .chain(managed.created_at().map(|s| s.attribute()))
        .chain(managed.updated_at().map(|s| s.attribute()))
        .collect()
}

/// The update actions that turn item `old` into item `new`, attributes `skip` left out: `SET` of
/// every attribute whose value differs or is new, `REMOVE` of every attribute `new` lacks.
fn diff(old: &Item, new: &Item, skip: impl Fn(&str) -> bool) -> Vec<UpdateAction> {
    let names: BTreeSet<&String> = old.keys().chain(new.keys()).collect();
    names
        .into_iter()
        .filter(|name| !skip(name))
        .filter_map(|name| {
            let path = Path::attribute(name.clone());
            match (old.get(name), new.get(name)) {
                (a, Some(b)) if a != Some(b) => Some(UpdateAction::Set(
                    path,
                    SetValue::value(Value::from(b.clone())),
                )),
                (Some(_), None) => Some(UpdateAction::Remove(path)),
                _ => None,
            }
        })
        .collect()
}

/// The stored version (0 when the item holds none).
fn stored_version(item: &Item, attribute: &str) -> u64 {
    item.get(attribute)
        .and_then(|v| v.as_n().ok())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

/// The condition that the item is still as read, for an unversioned entity: every attribute of
/// `stored` (but the table's key) equal to the value read, and every index key attribute of the
/// entity and every attribute `changes` writes that `stored` lacked still absent — so an index
/// key rebuilt from a field read here is never written over another writer's change of it.
fn unchanged_image<T: Table, E: Entity>(stored: &Item, changes: &[UpdateAction]) -> Condition {
    let keys = table_keys::<T>();
    let mut conditions: Vec<Condition> = stored
        .iter()
        .filter(|(name, _)| !keys.contains(&name.as_str()))
        .map(|(name, value)| equal(name, value))
        .collect();
    let index_keys = E::INDEXES
        .iter()
        .flat_map(|i| std::iter::once(i.index().partition_key()).chain(i.index().sort_key()));
    let absent: BTreeSet<String> = index_keys
        .map(str::to_owned)
        .chain(changes.iter().map(|a| a.path().top().to_owned()))
        .filter(|name| !stored.contains_key(name) && !keys.contains(&name.as_str()))
        .collect();
    conditions.extend(
        absent
            .into_iter()
            .map(|name| Condition::attribute_not_exists(Path::attribute(name))),
    );
    Condition::And(conditions)
}

fn equal(name: &str, value: &AttributeValue) -> Condition {
    Condition::compare(
        Operand::Path(Path::attribute(name.to_owned())),
        Comparator::Eq,
        Operand::Value(Value::from(value.clone())),
    )
}

fn and(a: Option<Condition>, b: Condition) -> Condition {
    match a {
        Some(a) => a.and(b),
        None => b,
    }
}

impl<T, E, F> IntoFuture for Modify<T, E, F>
where
    T: Table,
    E: Entity + Serialize + DeserializeOwned + Send + 'static,
    F: FnMut(&mut E) + Send + 'static,
{
    type Output = Result<E, Error>;
    type IntoFuture = Pin<Box<dyn Future<Output = Self::Output> + Send>>;

    fn into_future(self) -> Self::IntoFuture {
        Box::pin(self.run())
    }
}
