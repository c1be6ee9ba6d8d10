//! Update expressions: the actions of an `UpdateItem` (AWS developer guide, "Update expressions").
//!
//! An `UpdateExpression` is up to four clauses, each a list of actions:
//! `SET a = :a, n = n + :n, l = list_append(l, :l), t = if_not_exists(t, :t)`, `REMOVE r`,
//! `ADD s :s` (a number, or elements into a set) and `DELETE s :s` (elements out of a set).
//! [`UpdateAction`] is one action; the [`Renderer`](super::Renderer) groups them into their
//! clauses, in the order given.

use super::{Path, Value};

/// One action of an update expression.
#[derive(Debug, Clone, PartialEq)]
#[doc(hidden)]
pub enum UpdateAction {
    /// `SET path = value`.
    Set(Path, SetValue),
    /// `REMOVE path`: the attribute is deleted from the item.
    Remove(Path),
    /// `ADD path value`: adds a number to a number attribute (missing counts as 0), or the
    /// elements of a set value to a set attribute (missing counts as the empty set).
    Add(Path, Value),
    /// `DELETE path value`: removes the elements of a set value from a set attribute.
    Delete(Path, Value),
}

impl UpdateAction {
    /// The path the action writes.
    pub fn path(&self) -> &Path {
        match self {
            UpdateAction::Set(path, _)
            | UpdateAction::Remove(path)
            | UpdateAction::Add(path, _)
            | UpdateAction::Delete(path, _) => path,
        }
    }

    /// `true` when applying the action twice leaves the item as applying it once: `SET` to a
    /// value, `SET path = if_not_exists(path, value)`, `REMOVE`, and `ADD`/`DELETE` of set
    /// elements. `false` for arithmetic (`SET n = n + :v`, `ADD` of a number) and `list_append`,
    /// which a second application repeats, and for a `SET` from another attribute. An update made
    /// only of idempotent actions may be sent again after its answer was lost (AWS developer
    /// guide, "Error retries and exponential backoff": a retried write must be idempotent).
    pub fn is_idempotent(&self) -> bool {
        match self {
            UpdateAction::Set(_, SetValue::Operand(SetOperand::Value(_)))
            | UpdateAction::Remove(_) => true,
            UpdateAction::Set(path, SetValue::Operand(SetOperand::IfNotExists(of, value))) => {
                path == of && matches!(**value, SetOperand::Value(_))
            }
            UpdateAction::Set(..) => false,
            UpdateAction::Add(_, value) | UpdateAction::Delete(_, value) => {
                matches!(value, Value::Ss(_) | Value::Ns(_) | Value::Bs(_))
            }
        }
    }
}

/// The right-hand side of a `SET` action: an operand, or the sum or difference of two.
#[derive(Debug, Clone, PartialEq)]
#[doc(hidden)]
pub enum SetValue {
    /// `operand`.
    Operand(SetOperand),
    /// `a + b` (numbers).
    Plus(SetOperand, SetOperand),
    /// `a - b` (numbers).
    Minus(SetOperand, SetOperand),
}

impl SetValue {
    /// A plain value: `SET path = :value`.
    pub fn value(value: Value) -> SetValue {
        SetValue::Operand(SetOperand::Value(value))
    }
}

/// An operand of a `SET` action.
#[derive(Debug, Clone, PartialEq)]
#[doc(hidden)]
pub enum SetOperand {
    /// The attribute at a path.
    Path(Path),
    /// A value, sent as a `:value` placeholder.
    Value(Value),
    /// `if_not_exists(path, operand)`: the attribute when it exists, otherwise the operand.
    IfNotExists(Path, Box<SetOperand>),
    /// `list_append(a, b)`: the elements of list `a` followed by those of list `b`.
    ListAppend(Box<SetOperand>, Box<SetOperand>),
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(v: &str) -> Value {
        Value::N(v.into())
    }

    #[test]
    fn absolute_actions_are_idempotent_arithmetic_and_appends_are_not() {
        let a = || Path::attribute("a");
        let value = |v| SetOperand::Value(v);
        let idempotent = [
            UpdateAction::Set(a(), SetValue::value(n("1"))),
            UpdateAction::Remove(a()),
            UpdateAction::Set(
                a(),
                SetValue::Operand(SetOperand::IfNotExists(a(), Box::new(value(n("0"))))),
            ),
            UpdateAction::Add(a(), Value::Ss(vec!["x".into()])),
            UpdateAction::Delete(a(), Value::Ns(vec!["1".into()])),
        ];
        for action in &idempotent {
            assert!(action.is_idempotent(), "{action:?}");
        }
        let repeated = [
            UpdateAction::Set(a(), SetValue::Plus(SetOperand::Path(a()), value(n("1")))),
            UpdateAction::Set(a(), SetValue::Minus(SetOperand::Path(a()), value(n("1")))),
            UpdateAction::Add(a(), n("1")),
            UpdateAction::Set(
                a(),
                SetValue::Operand(SetOperand::ListAppend(
                    Box::new(SetOperand::Path(a())),
                    Box::new(value(Value::L(vec![n("1")]))),
                )),
            ),
            UpdateAction::Set(
                a(),
                SetValue::Operand(SetOperand::Path(Path::attribute("b"))),
            ),
            UpdateAction::Set(
                a(),
                SetValue::Operand(SetOperand::IfNotExists(
                    Path::attribute("b"),
                    Box::new(value(n("0"))),
                )),
            ),
        ];
        for action in &repeated {
            assert!(!action.is_idempotent(), "{action:?}");
        }
    }
}
