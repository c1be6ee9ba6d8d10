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
pub struct Cond<E> {
    condition: Result<Condition, ValueError>,
    entity: PhantomData<fn() -> E>,
}

impl<E> Clone for Cond<E> {
    fn clone(&self) -> Self {
        Cond::new(self.condition.clone())
    }
}

impl<E> fmt::Debug for Cond<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Cond").field(&self.condition).finish()
    }
}

impl<E> PartialEq for Cond<E> {
    fn eq(&self, other: &Self) -> bool {
        self.condition == other.condition
    }
}

impl<E> Cond<E> {
    pub(crate) fn new(condition: Result<Condition, ValueError>) -> Self {
        Cond {
            condition,
            entity: PhantomData,
        }
    }

    /// A condition written as an expression tree, for what the field handles do not cover (a
    /// nested path, a field without a handle). Its attributes are not checked against `E`.
    pub fn from_expr(condition: Condition) -> Self {
        Cond::new(Ok(condition))
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

    /// `self AND other`.
    #[must_use]
    pub fn and(self, other: Cond<E>) -> Cond<E> {
        Cond::new(self.condition.and_then(|a| Ok(a.and(other.condition?))))
    }

    /// `self OR other`.
    #[must_use]
    pub fn or(self, other: Cond<E>) -> Cond<E> {
        Cond::new(self.condition.and_then(|a| Ok(a.or(other.condition?))))
    }

    /// `NOT self`.
    #[must_use]
    #[allow(clippy::should_implement_trait)]
    pub fn not(self) -> Cond<E> {
        Cond::new(self.condition.map(Condition::not))
    }
}

/// `size(path)` of an attribute of entity `E`, to compare with a number: bytes of a string or
/// binary, elements of a set, list or map (AWS developer guide, "Condition expressions —
/// Functions").
pub struct Size<E> {
    path: Path,
    entity: PhantomData<fn() -> E>,
}

impl<E> fmt::Debug for Size<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Size").field(&self.path).finish()
    }
}

impl<E> Size<E> {
    pub(crate) fn new(path: Path) -> Self {
        Size {
            path,
            entity: PhantomData,
        }
    }

    fn compare(self, op: Comparator, n: u64) -> Cond<E> {
        Cond::new(Ok(Condition::Compare(
            Operand::Size(self.path),
            op,
            Operand::Value(number(n)),
        )))
    }

    /// `size(path) = :n`.
    pub fn eq(self, n: u64) -> Cond<E> {
        self.compare(Comparator::Eq, n)
    }

    /// `size(path) <> :n`.
    pub fn ne(self, n: u64) -> Cond<E> {
        self.compare(Comparator::Ne, n)
    }

    /// `size(path) < :n`.
    pub fn lt(self, n: u64) -> Cond<E> {
        self.compare(Comparator::Lt, n)
    }

    /// `size(path) <= :n`.
    pub fn le(self, n: u64) -> Cond<E> {
        self.compare(Comparator::Le, n)
    }

    /// `size(path) > :n`.
    pub fn gt(self, n: u64) -> Cond<E> {
        self.compare(Comparator::Gt, n)
    }

    /// `size(path) >= :n`.
    pub fn ge(self, n: u64) -> Cond<E> {
        self.compare(Comparator::Ge, n)
    }

    /// `size(path) BETWEEN :low AND :high`.
    pub fn between(self, low: u64, high: u64) -> Cond<E> {
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
