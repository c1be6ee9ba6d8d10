//! The typed expression tree: what a request says about attributes, before it is text.
//!
//! DynamoDB takes its expressions as text with placeholders: a `KeyConditionExpression` such as
//! `#pk = :pk AND begins_with(#sk, :sk)`, with `ExpressionAttributeNames` (`#pk` → `PK`) and
//! `ExpressionAttributeValues` (`:pk` → `{"S": "WS#acme"}`) beside it (AWS developer guide,
//! "Using expressions in DynamoDB"). dynakey keeps every expression typed until the request is
//! sent, and turns it into text in one place, the [`Renderer`]:
//!
//! - [`KeyCondition`]: equality on the partition key, and at most one typed condition on the sort
//!   key ("Key condition expressions for the Query operation");
//! - [`Condition`]: comparisons, `BETWEEN`, `IN`, functions (`attribute_exists`,
//!   `attribute_not_exists`, `attribute_type`, `begins_with`, `contains`, `size`) and
//!   `AND`/`OR`/`NOT` — the grammar shared by `ConditionExpression` and `FilterExpression`
//!   ("Condition and filter expressions, operators, and functions");
//! - projections, a list of [`Path`]s ("Projection expressions");
//! - [`UpdateAction`]s: the `SET`, `REMOVE`, `ADD` and `DELETE` actions of an `UpdateExpression`
//!   ("Update expressions").
//!
//! The renderer allocates one `#name` placeholder per attribute name and one `:value` placeholder
//! per value, and returns exactly the placeholders the rendered expressions reference (DynamoDB
//! rejects unused ones), so reserved words (`status`, `name`, `data`) always work as attribute
//! names.
//!
//! ```
//! use dynakey::__private::expr::{Condition, Operand, Path, Renderer, Value};
//!
//! let condition = Condition::attribute_exists(Path::attribute("status"))
//!     .and(Condition::compare(
//!         Operand::Path(Path::attribute("version")),
//!         dynakey::__private::expr::Comparator::Eq,
//!         Operand::Value(Value::N("3".into())),
//!     ));
//! let mut renderer = Renderer::new();
//! let text = renderer.condition(&condition);
//! assert_eq!(text, "attribute_exists(#status) AND #version = :version");
//! let (names, values) = renderer.finish();
//! assert_eq!(names["#status"], "status");
//! assert_eq!(values[":version"], Value::N("3".into()));
//! ```

mod cli_json;
mod input;
mod render;
mod update;

use std::borrow::Cow;
use std::fmt;

pub use input::QueryInput;
pub use render::Renderer;
pub use update::{SetOperand, SetValue, UpdateAction};

use crate::attribute::KeyValue;
use crate::condition::SortCondition;

/// An attribute value in an expression: DynamoDB's attribute value types (`S`, `N`, `B`, `BOOL`,
/// `NULL`, `M`, `L`, `SS`, `NS`, `BS`; AWS developer guide, "Supported data types"), as
/// `serde_dynamo` models them, so a value serialises exactly as the same field does in an item.
pub type Value = serde_dynamo::AttributeValue;

impl From<KeyValue> for Value {
    fn from(value: KeyValue) -> Self {
        match value {
            KeyValue::S(s) => Value::S(s),
            KeyValue::N(n) => Value::N(n),
            KeyValue::B(b) => Value::B(b),
        }
    }
}

/// Displays a [`Value`] in DynamoDB's JSON form on one line, as the AWS CLI and the developer
/// guide write it: `{"S": "WS#acme"}`, `{"N": "42"}`, `{"M": {"a": {"BOOL": true}}}`, binary as
/// base64.
///
/// ```
/// use dynakey::{AttributeValue as Value, Json};
/// assert_eq!(Json(&Value::S("WS#acme".into())).to_string(), r#"{"S": "WS#acme"}"#);
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Json<'a>(pub &'a Value);

impl fmt::Display for Json<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fn write(f: &mut fmt::Formatter<'_>, json: &serde_json::Value) -> fmt::Result {
            match json {
                serde_json::Value::Object(map) => {
                    f.write_str("{")?;
                    for (i, (key, value)) in map.iter().enumerate() {
                        if i > 0 {
                            f.write_str(", ")?;
                        }
                        write!(f, "{}: ", serde_json::Value::String(key.clone()))?;
                        write(f, value)?;
                    }
                    f.write_str("}")
                }
                serde_json::Value::Array(items) => {
                    f.write_str("[")?;
                    for (i, value) in items.iter().enumerate() {
                        if i > 0 {
                            f.write_str(", ")?;
                        }
                        write(f, value)?;
                    }
                    f.write_str("]")
                }
                other => write!(f, "{other}"),
            }
        }
        write(f, &cli_json::attribute_value(self.0))
    }
}

/// One step of a [`Path`]: an attribute (a top-level attribute or a map key), or a list element.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[doc(hidden)]
pub enum PathElement {
    /// An attribute name or a map key.
    Attribute(Cow<'static, str>),
    /// A list index, `[n]`.
    Index(u32),
}

/// A document path: a top-level attribute, optionally followed by map keys and list indexes
/// (`address.city`, `tags[0]`; AWS developer guide, "Referring to item attributes when using
/// expressions"). Every attribute name of a path is sent through a `#name` placeholder.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[doc(hidden)]
pub struct Path {
    elements: Vec<PathElement>,
}

impl Path {
    /// The top-level attribute `name`.
    pub fn attribute(name: impl Into<Cow<'static, str>>) -> Path {
        Path {
            elements: vec![PathElement::Attribute(name.into())],
        }
    }

    /// This path followed by the map key `name` (`path.name`).
    #[must_use]
    pub fn key(mut self, name: impl Into<Cow<'static, str>>) -> Path {
        self.elements.push(PathElement::Attribute(name.into()));
        self
    }

    /// This path followed by list element `index` (`path[index]`).
    #[must_use]
    pub fn index(mut self, index: u32) -> Path {
        self.elements.push(PathElement::Index(index));
        self
    }

    /// The elements, first the top-level attribute.
    pub fn elements(&self) -> &[PathElement] {
        &self.elements
    }

    /// The top-level attribute name.
    pub fn top(&self) -> &str {
        match self.elements.first() {
            Some(PathElement::Attribute(name)) => name,
            _ => "",
        }
    }
}

impl fmt::Display for Path {
    /// The path as written in DynamoDB's documentation, without placeholders: `a.b[2]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, element) in self.elements.iter().enumerate() {
            match element {
                PathElement::Attribute(name) if i == 0 => f.write_str(name)?,
                PathElement::Attribute(name) => write!(f, ".{name}")?,
                PathElement::Index(index) => write!(f, "[{index}]")?,
            }
        }
        Ok(())
    }
}

/// An operand of a comparison: an attribute, a value, or the size of an attribute.
#[derive(Debug, Clone, PartialEq)]
#[doc(hidden)]
pub enum Operand {
    /// The attribute at a path.
    Path(Path),
    /// A literal value, sent as a `:value` placeholder.
    Value(Value),
    /// `size(path)`: the length of a string, binary, set, list or map, in bytes for strings and
    /// binaries and in elements otherwise.
    Size(Path),
}

/// A comparison operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[doc(hidden)]
pub enum Comparator {
    /// `=`
    Eq,
    /// `<>`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
}

impl Comparator {
    /// The operator as DynamoDB writes it.
    pub const fn symbol(self) -> &'static str {
        match self {
            Comparator::Eq => "=",
            Comparator::Ne => "<>",
            Comparator::Lt => "<",
            Comparator::Le => "<=",
            Comparator::Gt => ">",
            Comparator::Ge => ">=",
        }
    }
}

/// The attribute types `attribute_type` tests for, named as in DynamoDB's JSON (AWS developer
/// guide, "Supported data types").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[doc(hidden)]
pub enum AttributeType {
    /// `S`: string.
    S,
    /// `N`: number.
    N,
    /// `B`: binary.
    B,
    /// `BOOL`: boolean.
    Bool,
    /// `NULL`.
    Null,
    /// `M`: map.
    M,
    /// `L`: list.
    L,
    /// `SS`: string set.
    Ss,
    /// `NS`: number set.
    Ns,
    /// `BS`: binary set.
    Bs,
}

impl AttributeType {
    /// The type's name in DynamoDB's JSON (`S`, `N`, `BOOL`, …).
    pub const fn code(self) -> &'static str {
        match self {
            AttributeType::S => "S",
            AttributeType::N => "N",
            AttributeType::B => "B",
            AttributeType::Bool => "BOOL",
            AttributeType::Null => "NULL",
            AttributeType::M => "M",
            AttributeType::L => "L",
            AttributeType::Ss => "SS",
            AttributeType::Ns => "NS",
            AttributeType::Bs => "BS",
        }
    }
}

/// A condition in DynamoDB's condition grammar, shared by `ConditionExpression` (writes) and
/// `FilterExpression` (reads) (AWS developer guide, "Condition and filter expressions, operators,
/// and functions").
#[derive(Debug, Clone, PartialEq)]
#[doc(hidden)]
pub enum Condition {
    /// `a <op> b`.
    Compare(Operand, Comparator, Operand),
    /// `a BETWEEN low AND high` (inclusive).
    Between(Operand, Operand, Operand),
    /// `a IN (b, c, …)`: up to 100 operands.
    In(Operand, Vec<Operand>),
    /// `attribute_exists(path)`.
    AttributeExists(Path),
    /// `attribute_not_exists(path)`.
    AttributeNotExists(Path),
    /// `attribute_type(path, :type)`.
    AttributeType(Path, AttributeType),
    /// `begins_with(path, operand)`: a string or binary prefix.
    BeginsWith(Path, Operand),
    /// `contains(path, operand)`: a substring, or an element of a set or list.
    Contains(Path, Operand),
    /// Every condition holds (`a AND b AND …`); an empty list holds trivially and renders as
    /// nothing.
    And(Vec<Condition>),
    /// Some condition holds (`a OR b OR …`).
    Or(Vec<Condition>),
    /// `NOT c`.
    Not(Box<Condition>),
}

impl Condition {
    /// `left <op> right`.
    pub fn compare(left: Operand, op: Comparator, right: Operand) -> Condition {
        Condition::Compare(left, op, right)
    }

    /// `attribute_exists(path)`.
    pub fn attribute_exists(path: Path) -> Condition {
        Condition::AttributeExists(path)
    }

    /// `attribute_not_exists(path)`.
    pub fn attribute_not_exists(path: Path) -> Condition {
        Condition::AttributeNotExists(path)
    }

    /// `self AND other`, flattening nested `AND`s.
    #[must_use]
    pub fn and(self, other: Condition) -> Condition {
        let mut all = match self {
            Condition::And(all) => all,
            one => vec![one],
        };
        match other {
            Condition::And(more) => all.extend(more),
            one => all.push(one),
        }
        Condition::And(all)
    }

    /// `self OR other`, flattening nested `OR`s.
    #[must_use]
    pub fn or(self, other: Condition) -> Condition {
        let mut any = match self {
            Condition::Or(any) => any,
            one => vec![one],
        };
        match other {
            Condition::Or(more) => any.extend(more),
            one => any.push(one),
        }
        Condition::Or(any)
    }

    /// `NOT self`.
    #[must_use]
    #[allow(clippy::should_implement_trait)]
    pub fn not(self) -> Condition {
        Condition::Not(Box::new(self))
    }
}

/// A Query's key condition: equality on every partition attribute, and conditions on the sort
/// attributes left to right, every one an equality except the last, which may be a range (AWS
/// developer guide, "Key condition expressions for the Query operation", "Multi-attribute keys
/// pattern"). A template target has one partition attribute and at most one sort attribute.
/// Built from a [`QueryPlan`](crate::plan::QueryPlan) for one of its partitions; its values are
/// typed.
#[derive(Debug, Clone, PartialEq, Eq)]
#[doc(hidden)]
pub struct KeyCondition {
    /// Every partition attribute and its value, in key-schema order.
    pub partition: Vec<(&'static str, KeyValue)>,
    /// The sort attributes given and their conditions, in key-schema order; empty for none.
    pub sort: Vec<(&'static str, SortCondition<KeyValue>)>,
}

impl KeyCondition {
    /// The key condition `partition` and `sort`. Rendered as given: the typed builders (and
    /// `KeyQuery::sort_key`, which checks it) make every sort entry but the last an equality;
    /// DynamoDB refuses any other order with a `ValidationException`.
    pub fn new(
        partition: Vec<(&'static str, KeyValue)>,
        sort: Vec<(&'static str, SortCondition<KeyValue>)>,
    ) -> Self {
        KeyCondition { partition, sort }
    }

    /// `true` when every sort entry but the last is an equality, as DynamoDB requires.
    pub fn is_left_to_right(&self) -> bool {
        self.sort
            .iter()
            .rev()
            .skip(1)
            .all(|(_, c)| matches!(c, SortCondition::Eq(_)))
    }
}

/// Appends a canonical, self-delimiting encoding of `value` to `out` (map entries in key order),
/// for fingerprints: equal values give equal bytes, different values different bytes.
pub(crate) fn canonical(value: &Value, out: &mut Vec<u8>) {
    fn bytes(out: &mut Vec<u8>, tag: u8, data: &[u8]) {
        out.push(tag);
        out.extend_from_slice(&(data.len() as u64).to_be_bytes());
        out.extend_from_slice(data);
    }
    fn count(out: &mut Vec<u8>, tag: u8, n: usize) {
        out.push(tag);
        out.extend_from_slice(&(n as u64).to_be_bytes());
    }
    match value {
        Value::S(s) => bytes(out, b'S', s.as_bytes()),
        Value::N(n) => bytes(out, b'N', n.as_bytes()),
        Value::B(b) => bytes(out, b'B', b),
        Value::Bool(b) => bytes(out, b'?', &[u8::from(*b)]),
        Value::Null(b) => bytes(out, b'0', &[u8::from(*b)]),
        Value::Ss(items) | Value::Ns(items) => {
            count(
                out,
                if matches!(value, Value::Ss(_)) {
                    b's'
                } else {
                    b'n'
                },
                items.len(),
            );
            for item in items {
                bytes(out, b'-', item.as_bytes());
            }
        }
        Value::Bs(items) => {
            count(out, b'b', items.len());
            for item in items {
                bytes(out, b'-', item);
            }
        }
        Value::L(items) => {
            count(out, b'L', items.len());
            for item in items {
                canonical(item, out);
            }
        }
        Value::M(map) => {
            let mut entries: Vec<_> = map.iter().collect();
            entries.sort_unstable_by(|a, b| a.0.cmp(b.0));
            count(out, b'M', entries.len());
            for (key, item) in entries {
                bytes(out, b'k', key.as_bytes());
                canonical(item, out);
            }
        }
    }
}
