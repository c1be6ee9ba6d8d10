//! [`Cond`]: a typed condition expression on the fields of one entity.

use std::fmt;
use std::marker::PhantomData;

use crate::expr::{Comparator, Condition, Operand, Path, Value};
use crate::ValueError;

/// A condition on the attributes of an item of entity `E` (AWS developer guide, "Condition
/// expressions"), built from its [`Field`](super::Field) handles and combined with
/// [`and`](Self::and), [`or`](Self::or) and [`not`](Self::not). A value that does not serialise
/// is kept as the error and reported by the request that uses the condition, before anything is
/// sent.
///
/// Writes take it with `.condition(…)` (`ConditionExpression`); a condition of another entity
/// does not fit.
///
/// `S` says which fields it names ([`NonKey`], the default, or [`WithKeyFields`]): a Query's
/// filter may not name key fields (see [`QueryFilter`]); a write's condition and a Scan's filter
/// take either.
pub struct Cond<E, S = NonKey> {
    condition: Result<Condition, ValueError>,
    #[allow(clippy::type_complexity)] // one marker for both parameters, Send + Sync
    entity: PhantomData<fn() -> (E, S)>,
}

/// The scope of a [`Cond`] that names no key-template field (or was written as an expression
/// tree, [`Cond::from_expr`]).
#[derive(Debug, Clone, Copy)]
pub enum NonKey {}

/// The scope of a [`Cond`] that names a field of the `#[pk]`/`#[sk]` template.
#[derive(Debug, Clone, Copy)]
pub enum WithKeyFields {}

/// What the fields of a [`Cond`] are: [`NonKey`] or [`WithKeyFields`]; `Or<B>` is the scope of
/// two conditions combined.
pub trait Scope {
    /// The scope of `self` combined with `B` (`AND`, `OR`).
    type Or<B: Scope>: Scope;
}

impl Scope for NonKey {
    type Or<B: Scope> = B;
}

impl Scope for WithKeyFields {
    type Or<B: Scope> = WithKeyFields;
}

/// Scopes a Query's `FilterExpression` may have: only [`NonKey`]. DynamoDB evaluates a Query's
/// key condition before reading and its filter after, and refuses key attributes in the filter
/// (AWS developer guide, "Query operations — Filter expressions for Query"); dynakey's key fields
/// are the parts of those key attributes, so a condition on them belongs in the key condition.
#[diagnostic::on_unimplemented(
    message = "a Query's filter cannot name a key field",
    label = "this condition names a field of the #[pk] or #[sk] template",
    note = "DynamoDB reads a Query's items by its key condition and filters them afterwards (\"Filter expressions for Query\"): put sort-key fields in the key condition (the entity's `sk()` builder with `.begins_with(…)`, `.eq(…)`, `.between(…)`); the partition-key fields are fixed by the query; a Scan's filter (`db.scan::<E>().filter(…)`) may name key fields; `Cond::from_expr` takes an unchecked expression tree"
)]
pub trait QueryFilter {}

impl QueryFilter for NonKey {}

impl<E, S> Clone for Cond<E, S> {
    fn clone(&self) -> Self {
        Cond::new(self.condition.clone())
    }
}

impl<E, S> fmt::Debug for Cond<E, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Cond").field(&self.condition).finish()
    }
}

impl<E, S> PartialEq for Cond<E, S> {
    fn eq(&self, other: &Self) -> bool {
        self.condition == other.condition
    }
}

impl<E> Cond<E> {
    /// A condition written as an expression tree, for what the field handles do not cover (a
    /// nested path, a field without a handle). Its attributes are not checked against `E`.
    pub fn from_expr(condition: Condition) -> Self {
        Cond::new(Ok(condition))
    }
}

impl<E, S> Cond<E, S> {
    pub(crate) fn new(condition: Result<Condition, ValueError>) -> Self {
        Cond {
            condition,
            entity: PhantomData,
        }
    }

    /// The expression tree, or the error of a value that did not serialise.
    ///
    /// # Errors
    /// The first [`ValueError`] of the values it holds.
    pub fn expr(&self) -> Result<&Condition, &ValueError> {
        self.condition.as_ref()
    }

    /// The expression tree, consumed.
    ///
    /// # Errors
    /// As [`expr`](Self::expr).
    pub fn into_expr(self) -> Result<Condition, ValueError> {
        self.condition
    }

    /// `NOT self`.
    #[must_use]
    #[allow(clippy::should_implement_trait)]
    pub fn not(self) -> Cond<E, S> {
        Cond::new(self.condition.map(Condition::not))
    }
}

impl<E, S: Scope> Cond<E, S> {
    /// `self AND other`.
    #[must_use]
    pub fn and<B: Scope>(self, other: Cond<E, B>) -> Cond<E, S::Or<B>> {
        Cond::new(self.condition.and_then(|a| Ok(a.and(other.condition?))))
    }

    /// `self OR other`.
    #[must_use]
    pub fn or<B: Scope>(self, other: Cond<E, B>) -> Cond<E, S::Or<B>> {
        Cond::new(self.condition.and_then(|a| Ok(a.or(other.condition?))))
    }
}

/// `size(path)` of an attribute of entity `E`, to compare with a number: bytes of a string or
/// binary, elements of a set, list or map (AWS developer guide, "Condition expressions —
/// Functions").
pub struct Size<E, S = NonKey> {
    path: Path,
    #[allow(clippy::type_complexity)]
    entity: PhantomData<fn() -> (E, S)>,
}

impl<E, S> fmt::Debug for Size<E, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Size").field(&self.path).finish()
    }
}

impl<E, S> Size<E, S> {
    pub(crate) fn new(path: Path) -> Self {
        Size {
            path,
            entity: PhantomData,
        }
    }

    fn compare(self, op: Comparator, n: u64) -> Cond<E, S> {
        Cond::new(Ok(Condition::Compare(
            Operand::Size(self.path),
            op,
            Operand::Value(number(n)),
        )))
    }

    /// `size(path) = :n`.
    pub fn eq(self, n: u64) -> Cond<E, S> {
        self.compare(Comparator::Eq, n)
    }

    /// `size(path) <> :n`.
    pub fn ne(self, n: u64) -> Cond<E, S> {
        self.compare(Comparator::Ne, n)
    }

    /// `size(path) < :n`.
    pub fn lt(self, n: u64) -> Cond<E, S> {
        self.compare(Comparator::Lt, n)
    }

    /// `size(path) <= :n`.
    pub fn le(self, n: u64) -> Cond<E, S> {
        self.compare(Comparator::Le, n)
    }

    /// `size(path) > :n`.
    pub fn gt(self, n: u64) -> Cond<E, S> {
        self.compare(Comparator::Gt, n)
    }

    /// `size(path) >= :n`.
    pub fn ge(self, n: u64) -> Cond<E, S> {
        self.compare(Comparator::Ge, n)
    }

    /// `size(path) BETWEEN :low AND :high`.
    pub fn between(self, low: u64, high: u64) -> Cond<E, S> {
        Cond::new(Ok(Condition::Between(
            Operand::Size(self.path),
            Operand::Value(number(low)),
            Operand::Value(number(high)),
        )))
    }
}

fn number(n: u64) -> Value {
    Value::N(itoa::Buffer::new().format(n).to_owned())
}
