//! [`Get`]: a `GetItem` request, made by [`Db::get`] (AWS developer guide, "Working with items —
//! Reading an item").

use std::fmt;
use std::time::SystemTime;

use dynakey::{Entity, InTable, Key, Table};
use serde::de::DeserializeOwned;

use crate::convert::{key_to_attributes, Item};
use crate::db::Db;
use crate::error::Error;
use crate::item::from_entity_item;
use crate::measures::{self, Labels};
use crate::sdk::{Failed, Idempotence, Sending};

impl<T: Table> Db<T> {
    /// A `GetItem` request for the item with primary key `key`: `.await` it for the item, or
    /// `None` when there is none; `.consistent_read()` first for a strongly consistent read.
    ///
    /// ```no_run
    /// # use dynakey::Entity;
    /// # #[derive(Entity, serde::Serialize, serde::Deserialize)]
    /// # #[pk("USER#<id>")] #[sk("PROFILE")]
    /// # struct User { id: String, name: String }
    /// # async fn run(db: dynakey_runtime::Db) -> Result<(), dynakey_runtime::Error> {
    /// let key = User::key("u1")?;
    /// let maybe: Option<User> = db.get(&key).await?;
    /// let fresh: Option<User> = db.get(&key).consistent_read().await?;
    /// # Ok(()) }
    /// ```
    pub fn get<E>(&self, key: &Key<E>) -> Get<T, E>
    where
        E: InTable<T> + DeserializeOwned,
    {
        Get {
            db: self.clone(),
            key: key.clone(),
            consistent_read: false,
            unexpired: false,
            pattern: None,
        }
    }
}

/// A `GetItem` request, made by [`Db::get`]; `.await` it (AWS developer guide, "Working with
/// items — Reading an item").
#[must_use = "a GetItem request does nothing until it is awaited"]
pub struct Get<T: Table, E> {
    db: Db<T>,
    key: Key<E>,
    consistent_read: bool,
    unexpired: bool,
    /// The access pattern the caller named ([`pattern`](Self::pattern)).
    pattern: Option<&'static str>,
}

impl<T: Table, E> fmt::Debug for Get<T, E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Get")
            .field("table", &self.db.table_name())
            .field("key", &self.key)
            .field("consistent_read", &self.consistent_read)
            .field("unexpired", &self.unexpired)
            .finish()
    }
}

// Only `Db::get` makes a `Get`, and it requires `E: InTable<T>`: the bounds here do not repeat it,
// so an entity of another table is reported once, there.
impl<T: Table, E> Get<T, E>
where
    E: Entity + DeserializeOwned,
{
    /// A strongly consistent read (`ConsistentRead = true`): it reflects every write that
    /// succeeded before it (AWS developer guide, "Read consistency").
    pub fn consistent_read(mut self) -> Self {
        self.consistent_read = true;
        self
    }

    /// Names this request's access pattern in its measures (label `pattern`; see
    /// [`measures`](crate::measures)), e.g. `"overdue"`: a static name, so that the label keeps
    /// few values. Without it, the pattern is ``get``.
    pub fn pattern(mut self, name: &'static str) -> Self {
        self.pattern = Some(name);
        self
    }

    /// Reads the item as missing (`None`) when its TTL attribute (`T::TTL_ATTRIBUTE`) holds a
    /// time at or before now: DynamoDB deletes expired items only eventually (AWS developer guide,
    /// "Using time to live (TTL) in DynamoDB"), and until then `GetItem` returns them.
    pub fn unexpired(mut self) -> Self
    where
        T: dynakey::TableWithTtl,
    {
        self.unexpired = true;
        self
    }

    /// Sends the request: the item, or `None` when there is none — or when the stored item is
    /// another shape's copy during a key change (its [`SHAPE_ATTRIBUTE`](dynakey::SHAPE_ATTRIBUTE)
    /// names a shape other than `E`'s, docs/semantics.md §10).
    ///
    /// # Errors
    /// [`Error::Sdk`]; [`Error::Decode`] when the stored item does not deserialise into `E`.
    pub async fn send(self) -> Result<Option<E>, Error> {
        let labels = Labels::of::<E>(self.pattern, "get");
        measures::labelled(labels, self.run()).await
    }

    async fn run(self) -> Result<Option<E>, Error> {
        let request = self
            .db
            .client()
            .get_item()
            .table_name(self.db.table_name())
            .set_key(Some(key_to_attributes(&self.key)))
            .consistent_read(self.consistent_read);
        let output = self
            .db
            .edge()
            .send(request, Sending::sdk(Idempotence::Idempotent))
            .await
            .map_err(Failed::into_error)?;
        let ttl = T::TTL_ATTRIBUTE.filter(|_| self.unexpired);
        output
            .item
            .filter(|item| !ttl.is_some_and(|a| expired(item, a, SystemTime::now())))
            // Another shape's copy (docs/semantics.md §10) is not an item of the shape `E` reads.
            .filter(|item| !crate::item::is_other_shape_copy::<E>(item))
            .map(from_entity_item::<E>)
            .transpose()
    }
}

impl<T: Table, E> std::future::IntoFuture for Get<T, E>
where
    E: Entity + DeserializeOwned + Send + 'static,
{
    type Output = Result<Option<E>, Error>;
    type IntoFuture = std::pin::Pin<Box<dyn std::future::Future<Output = Self::Output> + Send>>;

    fn into_future(self) -> Self::IntoFuture {
        Box::pin(Get::send(self))
    }
}

/// The item at `key` (its table key attributes), read with a strongly consistent `GetItem` and
/// retried under the table's [`RetryPolicy`](crate::RetryPolicy) (a read is idempotent), as the
/// writes it serves are; `None` when no item is stored there. The read that writes (`modify`,
/// uniqueness guards, `find_unique`) start from, and that settles a write after a lost answer.
pub(crate) async fn consistent_item<T: Table>(
    db: &Db<T>,
    key: Item,
) -> Result<Option<Item>, Error> {
    let how = Sending::policy(1, db.retry_policy().attempts(), Idempotence::Idempotent);
    let request = db
        .edge()
        .client_for(&how)
        .get_item()
        .table_name(db.table_name())
        .set_key(Some(key))
        .consistent_read(true);
    let output = db
        .edge()
        .send(request, how)
        .await
        .map_err(Failed::into_error)?;
    Ok(output.item)
}

/// `true` when `item`'s TTL attribute `attribute` holds epoch seconds at or before `now`.
pub(crate) fn expired(item: &Item, attribute: &str, now: std::time::SystemTime) -> bool {
    let now = dynakey::ttl::now_seconds(now);
    item.get(attribute)
        .and_then(|v| v.as_n().ok())
        .and_then(|n| n.parse::<f64>().ok())
        .is_some_and(|seconds| seconds <= now as f64)
}
