//! [`FindUnique`]: an item of an entity with `#[unique(…)]` found by its unique value (a user by
//! email), through the uniqueness item that holds the value (`docs/semantics.md` §5, "Finding
//! an item by a unique value").

use std::fmt;
use std::marker::PhantomData;

use aws_sdk_dynamodb::types::AttributeValue;
use dynakey::__private::field::Encode;
use dynakey::{Entity, Field, InTable, Key, Table, ValueOf};
use serde::de::DeserializeOwned;

use super::get::consistent_item;
use super::unique::{key_attributes, unique_key, OWNER_PARTITION, OWNER_SORT};
use crate::convert::Item;
use crate::db::Db;
use crate::error::{DanglingUnique, Error, KeyText};
use crate::item::from_entity_item;

/// How many times the lookup follows a uniqueness item whose owner no longer holds the value
/// (a concurrent write moved it) before it reports the uniqueness item as dangling.
const ROUNDS: usize = 3;

impl<T: Table> Db<T> {
    /// The item of `E` whose unique field `field` holds `value`, found through its uniqueness
    /// item: a request value, `.and(field, value)` for the other fields of a composite
    /// constraint, then `.await` for `Option<E>` (`None`: no item holds the value).
    ///
    /// Two strongly consistent `GetItem`s: the uniqueness item (`UNIQUE#<Entity>#<fields>#<values>`,
    /// `docs/semantics.md` §5), then the item it names, which must still hold the value.
    ///
    /// ```no_run
    /// # use dynakey::Entity;
    /// # #[derive(Entity, serde::Serialize, serde::Deserialize)]
    /// # #[unique("email")]
    /// # #[pk("USER#<id>")] #[sk("PROFILE")]
    /// # struct User { id: String, email: String }
    /// # async fn run(db: dynakey_runtime::Db) -> Result<(), dynakey_runtime::Error> {
    /// let ann: Option<User> = db.find_unique(User::EMAIL, "ann@example.com").await?;
    /// # Ok(()) }
    /// ```
    pub fn find_unique<E, V, K>(
        &self,
        field: Field<E, V, K>,
        value: impl ValueOf<V>,
    ) -> FindUnique<T, E>
    where
        E: InTable<T> + DeserializeOwned,
        K: Encode<V>,
    {
        FindUnique {
            db: self.clone(),
            values: vec![(field.attribute(), field.encode(value))],
            entity: PhantomData,
        }
    }
}

/// A lookup of an item by a unique value, made by [`Db::find_unique`]; `.await` it.
#[must_use = "a lookup does nothing until it is awaited"]
pub struct FindUnique<T: Table, E> {
    db: Db<T>,
    /// Each field's attribute and its value as stored.
    values: Vec<(
        &'static str,
        Result<dynakey::AttributeValue, dynakey::ValueError>,
    )>,
    entity: PhantomData<fn() -> E>,
}

impl<T: Table, E> fmt::Debug for FindUnique<T, E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FindUnique")
            .field("table", &self.db.table_name())
            .field("values", &self.values)
            .finish()
    }
}

impl<T: Table, E> FindUnique<T, E>
where
    E: Entity + DeserializeOwned,
{
    /// One more field of a composite constraint (`#[unique("org", "handle")]`) and its value;
    /// the fields may be given in any order.
    pub fn and<V, K>(mut self, field: Field<E, V, K>, value: impl ValueOf<V>) -> Self
    where
        K: Encode<V>,
    {
        self.values.push((field.attribute(), field.encode(value)));
        self
    }

    /// Reads the uniqueness item, then the item it names.
    ///
    /// # Errors
    /// - before any request: [`Error::Plan`] when a value does not serialise;
    ///   [`Error::NoUniqueConstraint`] when `E` has no constraint on exactly the fields given;
    /// - [`Error::DanglingUnique`] when the uniqueness item names an item that does not exist,
    ///   is not an item of `E`, or does not hold the value (written past dynakey's unique writes);
    /// - [`Error::Sdk`]; [`Error::Decode`] when the item does not deserialise into `E`.
    pub async fn send(mut self) -> Result<Option<E>, Error> {
        let mut given = Vec::with_capacity(self.values.len());
        for (attribute, value) in std::mem::take(&mut self.values) {
            given.push((attribute, value.map_err(|e| Error::Plan(e.into()))?));
        }
        let no_constraint = || Error::NoUniqueConstraint {
            entity: E::ENTITY_NAME,
            attributes: given.iter().map(|(a, _)| *a).collect(),
        };
        let constraint = E::UNIQUE
            .iter()
            .find(|c| {
                c.attributes().len() == given.len()
                    && c.attributes()
                        .iter()
                        .all(|a| given.iter().any(|(g, _)| g == a))
            })
            .ok_or_else(no_constraint)?;
        let mut texts = Vec::with_capacity(given.len());
        for attribute in constraint.attributes() {
            let Some((_, value)) = given.iter().find(|(g, _)| g == attribute) else {
                return Err(no_constraint());
            };
            // A `NULL` (a `None` field) is in no uniqueness item: no item holds it.
            let Some(text) = dynakey::__private::unique::value_text(value) else {
                return Ok(None);
            };
            texts.push(text);
        }
        let key = constraint.key_text(E::ENTITY_NAME, &texts);
        let dangling = |owner: Option<KeyText>, reason: String| {
            Error::DanglingUnique(Box::new(DanglingUnique {
                entity: E::ENTITY_NAME,
                fields: constraint.fields().to_vec(),
                key: key.clone(),
                owner,
                reason,
            }))
        };
        let mut last: Option<(KeyText, String)> = None;
        for _ in 0..ROUNDS {
            let Some(unique) = self.read(unique_key::<T>(&key)).await? else {
                return Ok(None);
            };
            let owner = owner_of::<T>(&unique)
                .ok_or_else(|| dangling(None, "it names no owner".to_owned()))?;
            if let Err(e) = Key::<E>::check(&owner.0, owner.1.as_deref()) {
                return Err(dangling(
                    Some(owner),
                    format!("its owner's key is not one of the entity's keys ({e})"),
                ));
            }
            let reason = match self.read(owner.clone()).await? {
                None => "no item has its owner's key".to_owned(),
                Some(item) => {
                    let holds = constraint
                        .attributes()
                        .iter()
                        .map(|a| {
                            dynakey::__private::unique::value_text(&item.get(*a)?.clone().into())
                        })
                        .collect::<Option<Vec<String>>>()
                        .is_some_and(|values| constraint.key_text(E::ENTITY_NAME, &values) == key);
                    let entity_type = E::ENTITY_TYPE_ATTRIBUTE.is_none_or(|a| {
                        matches!(item.get(a), Some(AttributeValue::S(s)) if s == E::ENTITY_NAME)
                    });
                    if holds && entity_type {
                        return from_entity_item::<E>(item).map(Some);
                    }
                    if entity_type {
                        "its owner no longer holds the value".to_owned()
                    } else {
                        "its owner is not an item of the entity".to_owned()
                    }
                }
            };
            // Read again: a concurrent write may have moved the value in between; the same owner
            // named twice without holding it is a dangling uniqueness item.
            if last.as_ref().is_some_and(|(seen, _)| *seen == owner) {
                return Err(dangling(Some(owner), reason));
            }
            last = Some((owner, reason));
        }
        let (owner, reason) = last.unzip();
        Err(dangling(owner, reason.unwrap_or_default()))
    }

    /// The item at `key` (a strongly consistent `GetItem`), if any.
    async fn read(&self, key: KeyText) -> Result<Option<Item>, Error> {
        consistent_item(&self.db, key_attributes::<T>(&key)).await
    }
}

/// The owner's key a uniqueness item names (`_owner_pk`, and `_owner_sk` on a table with a sort
/// key).
fn owner_of<T: Table>(unique: &Item) -> Option<KeyText> {
    let text = |name: &str| match unique.get(name) {
        Some(AttributeValue::S(s)) => Some(s.clone()),
        _ => None,
    };
    let partition = text(OWNER_PARTITION)?;
    let sort = match T::SORT_KEY {
        Some(_) => Some(text(OWNER_SORT)?),
        None => None,
    };
    Some((partition, sort))
}

impl<T: Table, E> std::future::IntoFuture for FindUnique<T, E>
where
    E: Entity + DeserializeOwned + Send + 'static,
{
    type Output = Result<Option<E>, Error>;
    type IntoFuture = std::pin::Pin<Box<dyn std::future::Future<Output = Self::Output> + Send>>;

    fn into_future(self) -> Self::IntoFuture {
        Box::pin(FindUnique::send(self))
    }
}
