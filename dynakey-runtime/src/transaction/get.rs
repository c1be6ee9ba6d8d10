//! [`Db::transact_get`]: a typed `TransactGetItems` (AWS developer guide, "Amazon DynamoDB
//! Transactions"; API reference, `TransactGetItems`): up to 100 keys, of entities of one table,
//! read as one serializable snapshot — no write of a transaction is seen half-done — into a
//! tuple (one key per entity type) or a `Vec` (keys of one entity).

use std::collections::HashMap;

use aws_sdk_dynamodb::operation::transact_get_items::TransactGetItemsError;
use aws_sdk_dynamodb::types::{Get, TransactGetItem};
use dynakey::{Entity, InTable, Key, Table};
use serde::de::DeserializeOwned;

use crate::convert::{key_to_attributes, string_attribute, Item};
use crate::db::Db;
use crate::error::{CancelReason, Error, TransactionCanceled, TransactionRefusal};
use crate::item::{from_entity_item, key_strings};
use crate::limits::MAX_TRANSACTION_ACTIONS;
use crate::measures::{self, Labels};
use crate::sdk::{build_error, Idempotence, Sending};

/// The keys of a [`Db::transact_get`] and what they decode into: a tuple of `&Key<E>` (up to 12,
/// entities of table `T`, each into `Option<E>`), or a slice or `Vec` of `Key<E>` (into
/// `Vec<Option<E>>`, in key order). `None`: no item with that key.
pub trait TransactGetKeys<T: Table> {
    /// What the read returns.
    type Output;
    /// The keys, in order: `(partition, sort)` text and key attributes.
    fn keys(&self) -> Vec<(String, Option<String>, Item)>;
    /// Decodes the items, in key order (`None`: not found).
    ///
    /// # Errors
    /// [`Error::Decode`], [`Error::ForeignItem`].
    fn decode(items: Vec<Option<Item>>) -> Result<Self::Output, Error>;
}

fn entry<E: Entity>(key: &Key<E>) -> (String, Option<String>, Item) {
    (
        key.partition().to_owned(),
        key.sort().map(str::to_owned),
        key_to_attributes(key),
    )
}

/// An item read at a key of `E`, decoded as `E` (another shape's copy during a key change is no
/// item, docs/semantics.md §10): its entity-type attribute, where `E` declares
/// one, must name `E` (a key of `E`'s templates may still hold another entity's item).
pub(super) fn decode_one<E: Entity + DeserializeOwned>(
    item: Option<Item>,
    operation: &'static str,
) -> Result<Option<E>, Error> {
    let Some(item) = item.filter(|item| !crate::item::is_other_shape_copy::<E>(item)) else {
        return Ok(None);
    };
    if let Some(name) = E::ENTITY_TYPE_ATTRIBUTE {
        let value = string_attribute(&item, name);
        if value != Some(E::ENTITY_NAME) {
            let (partition, sort) = key_strings::<E::Table>(&item);
            return Err(Error::ForeignItem {
                entity: crate::ItemOwner::Entity(E::ENTITY_NAME),
                partition,
                sort,
                reason: format!(
                    "its entity-type attribute {name:?} is {value:?}, not {:?}",
                    E::ENTITY_NAME
                ),
                operation,
            });
        }
    }
    from_entity_item::<E>(item).map(Some)
}

impl<T: Table, E: InTable<T> + DeserializeOwned> TransactGetKeys<T> for &[Key<E>] {
    type Output = Vec<Option<E>>;
    fn keys(&self) -> Vec<(String, Option<String>, Item)> {
        self.iter().map(entry).collect()
    }
    fn decode(items: Vec<Option<Item>>) -> Result<Self::Output, Error> {
        items
            .into_iter()
            .map(|item| decode_one::<E>(item, "transact_get"))
            .collect()
    }
}

impl<T: Table, E: InTable<T> + DeserializeOwned> TransactGetKeys<T> for &Vec<Key<E>> {
    type Output = Vec<Option<E>>;
    fn keys(&self) -> Vec<(String, Option<String>, Item)> {
        self.iter().map(entry).collect()
    }
    fn decode(items: Vec<Option<Item>>) -> Result<Self::Output, Error> {
        items
            .into_iter()
            .map(|item| decode_one::<E>(item, "transact_get"))
            .collect()
    }
}

macro_rules! tuples {
    ($(($($E:ident $i:tt),+))+) => {$(
        impl<'a, T: Table, $($E: InTable<T> + DeserializeOwned),+> TransactGetKeys<T>
            for ($(&'a Key<$E>,)+)
        {
            type Output = ($(Option<$E>,)+);
            fn keys(&self) -> Vec<(String, Option<String>, Item)> {
                vec![$(entry(self.$i)),+]
            }
            fn decode(items: Vec<Option<Item>>) -> Result<Self::Output, Error> {
                let mut items = items.into_iter();
                Ok(($(decode_one::<$E>(items.next().flatten(), "transact_get")?,)+))
            }
        }
    )+};
}

tuples_1_to_12!(tuples);

impl<T: Table> Db<T> {
    /// Reads the items at `keys` in one `TransactGetItems`: a tuple of `&Key<E>` of different
    /// entities of this table gives a tuple of `Option<E>`, a slice of keys of one entity a
    /// `Vec<Option<E>>`, in key order; `None` where no item exists. The read is one
    /// serializable snapshot (AWS developer guide, "Amazon DynamoDB Transactions — Isolation
    /// levels"): it never sees part of a transaction.
    ///
    /// ```no_run
    /// # use dynakey::Entity;
    /// # #[derive(Entity, serde::Serialize, serde::Deserialize)]
    /// # #[pk("U#<id>")] #[sk("META")] struct User { id: String }
    /// # #[derive(Entity, serde::Serialize, serde::Deserialize)]
    /// # #[pk("P#<id>")] #[sk("META")] struct Project { id: String }
    /// # async fn run(db: dynakey_runtime::Db) -> Result<(), dynakey_runtime::Error> {
    /// let (user, project): (Option<User>, Option<Project>) =
    ///     db.transact_get((&User::key("u1")?, &Project::key("p1")?)).await?;
    /// # Ok(()) }
    /// ```
    ///
    /// # Errors
    /// [`Error::TransactionRefused`] before any request for no key, more than 100, or a key
    /// given twice; [`Error::TransactionCanceled`] when DynamoDB cancels the read (a conflict
    /// with a transaction under way on one of the items); [`Error::Sdk`]; [`Error::Decode`] and
    /// [`Error::ForeignItem`] for an item that is not its entity's.
    pub async fn transact_get<K: TransactGetKeys<T>>(&self, keys: K) -> Result<K::Output, Error> {
        let labels = Labels::untyped(None, "transact_get");
        K::decode(measures::labelled(labels, self.transact_get_items(keys.keys())).await?)
    }

    /// The items at `keys` (partition and sort text, key attributes), read in one
    /// `TransactGetItems`, in key order (`None`: no item).
    ///
    /// # Errors
    /// As [`transact_get`](Self::transact_get) but for decoding.
    pub(crate) async fn transact_get_items(
        &self,
        keys: Vec<(String, Option<String>, Item)>,
    ) -> Result<Vec<Option<Item>>, Error> {
        if keys.is_empty() {
            return Err(Error::TransactionRefused(TransactionRefusal::Empty));
        }
        if keys.len() > MAX_TRANSACTION_ACTIONS {
            return Err(Error::TransactionRefused(
                TransactionRefusal::TooManyActions {
                    count: keys.len(),
                    limit: MAX_TRANSACTION_ACTIONS,
                },
            ));
        }
        let mut seen: HashMap<(String, Option<String>), usize> = HashMap::new();
        let mut items = Vec::with_capacity(keys.len());
        for (i, (partition, sort, attributes)) in keys.into_iter().enumerate() {
            if let Some(&first) = seen.get(&(partition.clone(), sort.clone())) {
                return Err(Error::TransactionRefused(TransactionRefusal::SameItem {
                    first,
                    second: i,
                    partition,
                    sort,
                }));
            }
            seen.insert((partition, sort), i);
            let get = Get::builder()
                .table_name(self.table_name())
                .set_key(Some(attributes))
                .build()
                .map_err(|e| build_error("TransactGetItems", e))?;
            items.push(TransactGetItem::builder().get(get).build());
        }
        let request = self
            .client()
            .transact_get_items()
            .set_transact_items(Some(items));
        let result = self
            .edge()
            .send(request, Sending::sdk(Idempotence::Idempotent))
            .await;
        let output = match result {
            Ok(output) => output,
            Err(failed) => {
                if let Some(TransactGetItemsError::TransactionCanceledException(c)) =
                    failed.service_error()
                {
                    let reasons = c
                        .cancellation_reasons()
                        .iter()
                        .map(|r| CancelReason::from_code(r.code().unwrap_or("None"), r.message()))
                        .collect();
                    return Err(Error::TransactionCanceled(Box::new(TransactionCanceled {
                        client_request_token: String::new(),
                        reasons,
                    })));
                }
                return Err(failed.into_error());
            }
        };
        Ok(output
            .responses
            .unwrap_or_default()
            .into_iter()
            .map(|r| r.item)
            .collect())
    }
}
