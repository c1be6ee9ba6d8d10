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
}

/// The right-hand side of a `SET` action: an operand, or the sum or difference of two.
#[derive(Debug, Clone, PartialEq)]
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
