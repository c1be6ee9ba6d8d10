//! [`Renderer`]: the one place where expressions become DynamoDB text.

use std::collections::BTreeMap;

use super::{
    Condition, KeyCondition, Operand, Path, PathElement, SetOperand, SetValue, UpdateAction, Value,
};
use crate::condition::SortCondition;

/// The placeholders of a key condition: fixed, so that every Query reads the same way
/// (`#pk = :pk AND begins_with(#sk, :sk)`) and a printed request is easy to compare.
const PARTITION_NAME: &str = "#pk";
const PARTITION_VALUE: &str = ":pk";
const SORT_NAME: &str = "#sk";
const SORT_VALUE: &str = ":sk";
const LOW_VALUE: &str = ":lo";
const HIGH_VALUE: &str = ":hi";

/// Turns expression trees into DynamoDB's text form and collects the placeholders they reference.
///
/// One renderer serves one request: render each of its expressions (key condition, condition,
/// filter, projection, …) with the same renderer, then [`finish`](Self::finish) it for the
/// request's `ExpressionAttributeNames` and `ExpressionAttributeValues`, which then hold exactly
/// the placeholders the expressions reference.
///
/// Placeholders are readable: an attribute `status` is `#status`, its value `:status`
/// (`#status_2`, `:status_2`, … when taken); names that are not plain identifiers get `#a`, `#a_2`,
/// …; one attribute name gets one placeholder per request. A key condition uses `#pk`/`:pk` for
/// the partition key and `#sk` with `:sk` (or `:lo`/`:hi` for `BETWEEN`) for the sort key;
/// projected attributes get `#p0`, `#p1`, … in order.
#[derive(Debug, Default, Clone)]
#[doc(hidden)]
pub struct Renderer {
    /// Placeholder → attribute name. An attribute's placeholder is found again by a scan of the
    /// names: DynamoDB's 4 KB limit on an expression keeps them to a few hundred at most, and a
    /// request mostly has a handful, where a scan beats hashing and a second map's copies.
    names: BTreeMap<String, String>,
    /// Placeholder → value.
    values: BTreeMap<String, Value>,
}

impl Renderer {
    /// An empty renderer.
    pub fn new() -> Self {
        Renderer::default()
    }

    /// `KeyConditionExpression` text for `condition`. With one partition attribute and at most
    /// one sort attribute (every template target), the fixed placeholders of today:
    /// `#pk = :pk AND begins_with(#sk, :sk)`, `#sk BETWEEN :lo AND :hi`. Otherwise (an
    /// attribute-wise index) each attribute is named after itself:
    /// `#tournament = :tournament AND #round = :round AND begins_with(#bracket, :bracket)`, with
    /// `BETWEEN :lo AND :hi` on the last.
    pub fn key_condition(&mut self, condition: &KeyCondition) -> String {
        let fixed = condition.partition.len() == 1 && condition.sort.len() <= 1;
        let mut clauses = Vec::with_capacity(condition.partition.len() + condition.sort.len());
        for (attr, value) in &condition.partition {
            let (name, value) = if fixed {
                let name = self.name_as(attr, PARTITION_NAME);
                (
                    name,
                    self.value_as(Value::from(value.clone()), PARTITION_VALUE),
                )
            } else {
                let name = self.name(attr);
                (name, self.value(Value::from(value.clone()), attr))
            };
            clauses.push(format!("{name} = {value}"));
        }
        for (attr, sort) in &condition.sort {
            let name = if fixed {
                self.name_as(attr, SORT_NAME)
            } else {
                self.name(attr)
            };
            let hint: &str = if fixed { SORT_VALUE } else { attr };
            clauses.push(self.sort_clause(&name, hint, fixed, sort));
        }
        clauses.join(" AND ")
    }

    /// One sort attribute's clause: its value placeholder is `wanted` (`:sk`) when `fixed`, else
    /// a fresh one after `hint` (the attribute name); `BETWEEN` always takes `:lo`/`:hi`.
    fn sort_clause(
        &mut self,
        name: &str,
        hint: &str,
        fixed: bool,
        sort: &SortCondition<crate::attribute::KeyValue>,
    ) -> String {
        let mut one = |op: &str, v: &crate::attribute::KeyValue| {
            let v = self.sort_value(Value::from(v.clone()), hint, fixed);
            match op {
                "begins_with" => format!("begins_with({name}, {v})"),
                op => format!("{name} {op} {v}"),
            }
        };
        match sort {
            SortCondition::Eq(v) => one("=", v),
            SortCondition::Lt(v) => one("<", v),
            SortCondition::Le(v) => one("<=", v),
            SortCondition::Gt(v) => one(">", v),
            SortCondition::Ge(v) => one(">=", v),
            SortCondition::BeginsWith(v) => one("begins_with", v),
            SortCondition::Between(lo, hi) => {
                let lo = self.value_as(Value::from(lo.clone()), LOW_VALUE);
                let hi = self.value_as(Value::from(hi.clone()), HIGH_VALUE);
                format!("{name} BETWEEN {lo} AND {hi}")
            }
        }
    }

    fn sort_value(&mut self, value: Value, hint: &str, fixed: bool) -> String {
        if fixed {
            self.value_as(value, hint)
        } else {
            self.value(value, hint)
        }
    }

    /// `ConditionExpression` or `FilterExpression` text for `condition`. An empty `AND` renders
    /// as the empty string (no condition).
    pub fn condition(&mut self, condition: &Condition) -> String {
        // Room for the usual condition (an existence check and a comparison or two), so that
        // it is not grown three or four times from empty.
        let mut out = String::with_capacity(64);
        self.push_condition(&mut out, condition, false);
        out
    }

    /// `UpdateExpression` text for `actions`: a `SET`, `REMOVE`, `ADD` and `DELETE` clause (in that
    /// order, each left out when it has no action), each listing its actions in the order given;
    /// values are named after the attribute they are written to (`SET #count = #count + :count`).
    /// No action renders as the empty string.
    pub fn update(&mut self, actions: &[UpdateAction]) -> String {
        let mut clauses: [(&str, String); 4] = [
            ("SET ", String::new()),
            ("REMOVE ", String::new()),
            ("ADD ", String::new()),
            ("DELETE ", String::new()),
        ];
        for action in actions {
            let (slot, path) = match action {
                UpdateAction::Set(path, _) => (0, path),
                UpdateAction::Remove(path) => (1, path),
                UpdateAction::Add(path, _) => (2, path),
                UpdateAction::Delete(path, _) => (3, path),
            };
            let mut out = std::mem::take(&mut clauses[slot].1);
            if out.is_empty() {
                // Room for an action or two (`#attribute = :attribute`).
                out.reserve(48);
            } else {
                out.push_str(", ");
            }
            self.push_path(&mut out, path);
            let hint = path.top();
            match action {
                UpdateAction::Set(_, value) => {
                    out.push_str(" = ");
                    self.push_set_value(&mut out, value, hint);
                }
                UpdateAction::Remove(_) => {}
                UpdateAction::Add(_, value) | UpdateAction::Delete(_, value) => {
                    out.push(' ');
                    self.push_value(&mut out, value.clone(), hint);
                }
            }
            clauses[slot].1 = out;
        }
        let length = clauses
            .iter()
            .filter(|(_, list)| !list.is_empty())
            .map(|(keyword, list)| keyword.len() + list.len() + 1)
            .sum();
        let mut text = String::with_capacity(length);
        for (keyword, list) in clauses {
            if list.is_empty() {
                continue;
            }
            if !text.is_empty() {
                text.push(' ');
            }
            text.push_str(keyword);
            text.push_str(&list);
        }
        text
    }

    /// `ProjectionExpression` text: `#p0, #p1, …` for `attributes` (one fresh placeholder each,
    /// in order), then the placeholders of `extra` (attributes the read itself needs, e.g. the
    /// sort key, named as elsewhere in the request) that `attributes` does not already list.
    pub fn projection(&mut self, attributes: &[String], extra: &[&str]) -> String {
        let mut parts = Vec::with_capacity(attributes.len() + extra.len());
        for (i, attribute) in attributes.iter().enumerate() {
            let placeholder = format!("#p{i}");
            self.names.insert(placeholder.clone(), attribute.clone());
            parts.push(placeholder);
        }
        for name in extra {
            if !attributes.iter().any(|a| a == name) {
                parts.push(self.name(name));
            }
        }
        parts.join(", ")
    }

    /// The placeholder of attribute `name`: the one it already has in this request, or a new one
    /// derived from the name.
    pub fn name(&mut self, name: &str) -> String {
        let mut out = String::new();
        self.push_name(&mut out, name);
        out
    }

    /// [`name`](Self::name), written to `out` (no copy of the placeholder made).
    fn push_name(&mut self, out: &mut String, name: &str) {
        if let Some(placeholder) = self.placeholder_of(name) {
            out.push_str(placeholder);
            return;
        }
        let placeholder = fresh(&self.names, '#', name, "a");
        out.push_str(&placeholder);
        self.names.insert(placeholder, name.to_owned());
    }

    /// The placeholder `name` already has in this request.
    fn placeholder_of(&self, name: &str) -> Option<&str> {
        self.names
            .iter()
            .find_map(|(placeholder, n)| (n == name).then_some(placeholder.as_str()))
    }

    /// The placeholder for a new value: `:hint`, or `:hint_2`, … when taken.
    pub fn value(&mut self, value: Value, hint: &str) -> String {
        let mut out = String::new();
        self.push_value(&mut out, value, hint);
        out
    }

    /// [`value`](Self::value), written to `out` (no copy of the placeholder made).
    fn push_value(&mut self, out: &mut String, value: Value, hint: &str) {
        let placeholder = fresh(&self.values, ':', hint, "v");
        out.push_str(&placeholder);
        self.values.insert(placeholder, value);
    }

    /// The placeholders referenced so far: `ExpressionAttributeNames` (placeholder → name) and
    /// `ExpressionAttributeValues` (placeholder → value). Omit a map from the request when it is
    /// empty: DynamoDB rejects empty maps.
    pub fn finish(self) -> (BTreeMap<String, String>, BTreeMap<String, Value>) {
        (self.names, self.values)
    }

    /// `name`'s placeholder, preferring `wanted` (a key-condition placeholder).
    fn name_as(&mut self, name: &str, wanted: &str) -> String {
        if let Some(placeholder) = self.placeholder_of(name) {
            return placeholder.to_owned();
        }
        let placeholder = if self.names.contains_key(wanted) {
            fresh(&self.names, '#', &wanted[1..], "a")
        } else {
            wanted.to_owned()
        };
        self.names.insert(placeholder.clone(), name.to_owned());
        placeholder
    }

    /// A value under placeholder `wanted` (a key-condition placeholder), or a fresh one.
    fn value_as(&mut self, value: Value, wanted: &str) -> String {
        if self.values.contains_key(wanted) {
            return self.value(value, &wanted[1..]);
        }
        self.values.insert(wanted.to_owned(), value);
        wanted.to_owned()
    }

    fn push_path(&mut self, out: &mut String, path: &Path) {
        for (i, element) in path.elements().iter().enumerate() {
            match element {
                PathElement::Attribute(name) => {
                    if i > 0 {
                        out.push('.');
                    }
                    self.push_name(out, name);
                }
                PathElement::Index(index) => {
                    out.push('[');
                    out.push_str(itoa::Buffer::new().format(*index));
                    out.push(']');
                }
            }
        }
    }

    /// `hint` names a value's placeholder after the attribute it is compared with.
    fn push_operand(&mut self, out: &mut String, operand: &Operand, hint: &str) {
        match operand {
            Operand::Path(path) => self.push_path(out, path),
            Operand::Value(value) => self.push_value(out, value.clone(), hint),
            Operand::Size(path) => {
                out.push_str("size(");
                self.push_path(out, path);
                out.push(')');
            }
        }
    }

    fn push_set_value(&mut self, out: &mut String, value: &SetValue, hint: &str) {
        match value {
            SetValue::Operand(operand) => self.push_set_operand(out, operand, hint),
            SetValue::Plus(a, b) | SetValue::Minus(a, b) => {
                self.push_set_operand(out, a, hint);
                out.push_str(if matches!(value, SetValue::Plus(..)) {
                    " + "
                } else {
                    " - "
                });
                self.push_set_operand(out, b, hint);
            }
        }
    }

    fn push_set_operand(&mut self, out: &mut String, operand: &SetOperand, hint: &str) {
        match operand {
            SetOperand::Path(path) => self.push_path(out, path),
            SetOperand::Value(value) => self.push_value(out, value.clone(), hint),
            SetOperand::IfNotExists(path, fallback) => {
                out.push_str("if_not_exists(");
                self.push_path(out, path);
                out.push_str(", ");
                self.push_set_operand(out, fallback, hint);
                out.push(')');
            }
            SetOperand::ListAppend(a, b) => {
                out.push_str("list_append(");
                self.push_set_operand(out, a, hint);
                out.push_str(", ");
                self.push_set_operand(out, b, hint);
                out.push(')');
            }
        }
    }

    /// `nested`: inside another `AND`/`OR`/`NOT`, so a compound needs parentheses.
    fn push_condition(&mut self, out: &mut String, condition: &Condition, nested: bool) {
        fn hint_of(operand: &Operand) -> &str {
            match operand {
                Operand::Path(p) | Operand::Size(p) => p.top(),
                Operand::Value(_) => "",
            }
        }
        match condition {
            Condition::Compare(left, op, right) => {
                let hint = hint_of(left);
                self.push_operand(out, left, hint);
                out.push(' ');
                out.push_str(op.symbol());
                out.push(' ');
                self.push_operand(out, right, hint);
            }
            Condition::Between(operand, low, high) => {
                let hint = hint_of(operand);
                self.push_operand(out, operand, hint);
                out.push_str(" BETWEEN ");
                self.push_operand(out, low, hint);
                out.push_str(" AND ");
                self.push_operand(out, high, hint);
            }
            Condition::In(operand, list) => {
                let hint = hint_of(operand);
                self.push_operand(out, operand, hint);
                out.push_str(" IN (");
                for (i, item) in list.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.push_operand(out, item, hint);
                }
                out.push(')');
            }
            Condition::AttributeExists(path) => self.function(out, "attribute_exists", path, None),
            Condition::AttributeNotExists(path) => {
                self.function(out, "attribute_not_exists", path, None);
            }
            Condition::AttributeType(path, ty) => {
                let value = Operand::Value(Value::S(ty.code().to_owned()));
                self.function(out, "attribute_type", path, Some(&value));
            }
            Condition::BeginsWith(path, operand) => {
                self.function(out, "begins_with", path, Some(operand));
            }
            Condition::Contains(path, operand) => {
                self.function(out, "contains", path, Some(operand))
            }
            Condition::And(all) => self.junction(out, all, " AND ", nested),
            Condition::Or(any) => self.junction(out, any, " OR ", nested),
            Condition::Not(inner) => {
                out.push_str("NOT ");
                let compound = matches!(**inner, Condition::And(_) | Condition::Or(_));
                if compound {
                    out.push('(');
                }
                self.push_condition(out, inner, false);
                if compound {
                    out.push(')');
                }
            }
        }
    }

    fn function(&mut self, out: &mut String, name: &str, path: &Path, operand: Option<&Operand>) {
        out.push_str(name);
        out.push('(');
        self.push_path(out, path);
        if let Some(operand) = operand {
            out.push_str(", ");
            self.push_operand(out, operand, path.top());
        }
        out.push(')');
    }

    fn junction(&mut self, out: &mut String, parts: &[Condition], joiner: &str, nested: bool) {
        let wrap = nested && parts.len() > 1;
        if wrap {
            out.push('(');
        }
        for (i, part) in parts.iter().enumerate() {
            if i > 0 {
                out.push_str(joiner);
            }
            self.push_condition(out, part, true);
        }
        if wrap {
            out.push(')');
        }
    }
}

/// A placeholder `<sigil><hint>` (or `_2`, `_3`, … appended) not yet a key of `taken`. The hint
/// keeps only ASCII letters, digits and `_` (what DynamoDB accepts after the sigil) and at most 32
/// of them; `fallback` replaces an empty one.
fn fresh<V>(taken: &BTreeMap<String, V>, sigil: char, hint: &str, fallback: &str) -> String {
    let mut base = String::with_capacity(hint.len().min(32) + 1);
    base.push(sigil);
    let kept = |c: char| c.is_ascii_alphanumeric() || c == '_';
    if hint.len() <= 32 && hint.chars().all(kept) {
        // The usual hint, an attribute name that is a plain identifier: copied whole.
        base.push_str(hint);
    } else {
        base.extend(hint.chars().filter(|c| kept(*c)).take(32));
    }
    if base.len() == 1 {
        base.push_str(fallback);
    }
    if !taken.contains_key(&base) {
        return base;
    }
    (2u32..)
        .map(|n| format!("{base}_{n}"))
        .find(|candidate| !taken.contains_key(candidate))
        .unwrap_or(base)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attribute::KeyValue;
    use crate::expr::{AttributeType, Comparator};

    #[test]
    fn key_conditions_use_the_fixed_placeholders() {
        let mut r = Renderer::new();
        let text = r.key_condition(&KeyCondition::new(
            vec![("PK", KeyValue::S("A#1".into()))],
            vec![(
                "SK",
                SortCondition::Between(KeyValue::S("a".into()), KeyValue::S("b".into())),
            )],
        ));
        assert_eq!(text, "#pk = :pk AND #sk BETWEEN :lo AND :hi");
        let (names, values) = r.finish();
        assert_eq!(names.len(), 2);
        assert_eq!(values.len(), 3);
    }

    #[test]
    fn one_partition_attribute_and_one_sort_attribute_keep_the_fixed_placeholders() {
        let s = |v: &str| KeyValue::S(v.into());
        let render = |condition: KeyCondition| {
            let mut r = Renderer::new();
            let text = r.key_condition(&condition);
            let (names, values) = r.finish();
            (text, names, values)
        };
        let (text, names, values) = render(KeyCondition::new(vec![("PK", s("A#1"))], vec![]));
        assert_eq!(text, "#pk = :pk");
        assert_eq!(names.get("#pk").map(String::as_str), Some("PK"));
        assert_eq!(values.len(), 1);
        for (condition, expected) in [
            (SortCondition::Eq(s("x")), "#pk = :pk AND #sk = :sk"),
            (SortCondition::Lt(s("x")), "#pk = :pk AND #sk < :sk"),
            (SortCondition::Le(s("x")), "#pk = :pk AND #sk <= :sk"),
            (SortCondition::Gt(s("x")), "#pk = :pk AND #sk > :sk"),
            (SortCondition::Ge(s("x")), "#pk = :pk AND #sk >= :sk"),
            (
                SortCondition::BeginsWith(s("x")),
                "#pk = :pk AND begins_with(#sk, :sk)",
            ),
        ] {
            let (text, _, _) = render(KeyCondition::new(
                vec![("PK", s("A#1"))],
                vec![("SK", condition)],
            ));
            assert_eq!(text, expected);
        }
        // A typed single attribute keeps them too.
        let (text, _, values) = render(KeyCondition::new(
            vec![("GSI2PK", s("BOARD#g"))],
            vec![("score", SortCondition::Ge(KeyValue::N("100".into())))],
        ));
        assert_eq!(text, "#pk = :pk AND #sk >= :sk");
        assert_eq!(values.get(":sk"), Some(&Value::N("100".into())));
    }

    #[test]
    fn several_attributes_are_named_after_themselves() {
        let s = |v: &str| KeyValue::S(v.into());
        let n = |v: &str| KeyValue::N(v.into());
        let mut r = Renderer::new();
        let text = r.key_condition(&KeyCondition::new(
            vec![
                ("_type", s("Match")),
                ("tournament", s("T1")),
                ("region", s("EU")),
            ],
            vec![
                ("round", SortCondition::Eq(n("2"))),
                ("bracket", SortCondition::BeginsWith(s("low"))),
            ],
        ));
        assert_eq!(
            text,
            "#_type = :_type AND #tournament = :tournament AND #region = :region AND \
             #round = :round AND begins_with(#bracket, :bracket)"
        );
        let (names, values) = r.finish();
        assert_eq!(names.get("#round").map(String::as_str), Some("round"));
        assert_eq!(values.get(":round"), Some(&Value::N("2".into())));
        assert_eq!(values.len(), 5);

        let mut r = Renderer::new();
        let text = r.key_condition(&KeyCondition::new(
            vec![("tournament", s("T1")), ("region", s("EU"))],
            vec![("round", SortCondition::Between(n("2"), n("10")))],
        ));
        assert_eq!(
            text,
            "#tournament = :tournament AND #region = :region AND #round BETWEEN :lo AND :hi"
        );
        let out_of_order = KeyCondition::new(
            vec![("tournament", s("T1"))],
            vec![
                ("round", SortCondition::Gt(n("1"))),
                ("bracket", SortCondition::Eq(s("x"))),
            ],
        );
        assert!(!out_of_order.is_left_to_right());
        // Names that are no identifiers get the usual fallbacks.
        let mut r = Renderer::new();
        let text = r.key_condition(&KeyCondition::new(
            vec![("a-b", s("1")), ("c d", s("2"))],
            vec![],
        ));
        assert_eq!(text, "#ab = :ab AND #cd = :cd");
    }

    #[test]
    fn names_are_shared_values_are_not_and_compounds_nest() {
        let status = || Operand::Path(Path::attribute("status"));
        let c = Condition::compare(
            status(),
            Comparator::Eq,
            Operand::Value(Value::S("a".into())),
        )
        .or(Condition::compare(
            status(),
            Comparator::Eq,
            Operand::Value(Value::S("b".into())),
        ))
        .and(Condition::AttributeType(Path::attribute("a b"), AttributeType::M).not())
        .and(Condition::Contains(
            Path::attribute("tags").index(2).key("x"),
            Operand::Value(Value::S("t".into())),
        ));
        let mut r = Renderer::new();
        assert_eq!(
            r.condition(&c),
            "(#status = :status OR #status = :status_2) AND NOT attribute_type(#ab, :ab) AND \
             contains(#tags[2].#x, :tags)"
        );
        let (names, values) = r.finish();
        assert_eq!(names["#ab"], "a b");
        assert_eq!(values[":ab"], Value::S("M".into()));
        assert_eq!(names.len(), 4);
        assert_eq!(values.len(), 4);
    }

    #[test]
    fn updates_group_actions_into_their_clauses() {
        let path = Path::attribute;
        let n = |v: &str| Value::N(v.into());
        let actions = [
            UpdateAction::Set(path("status"), SetValue::value(Value::S("done".into()))),
            UpdateAction::Remove(path("note")),
            UpdateAction::Set(
                path("count"),
                SetValue::Plus(SetOperand::Path(path("count")), SetOperand::Value(n("1"))),
            ),
            UpdateAction::Add(path("tags"), Value::Ss(vec!["a".into()])),
            UpdateAction::Set(
                path("log"),
                SetValue::Operand(SetOperand::ListAppend(
                    Box::new(SetOperand::Path(path("log"))),
                    Box::new(SetOperand::Value(Value::L(vec![n("2")]))),
                )),
            ),
            UpdateAction::Set(
                path("first"),
                SetValue::Operand(SetOperand::IfNotExists(
                    path("first"),
                    Box::new(SetOperand::Value(n("3"))),
                )),
            ),
            UpdateAction::Delete(path("tags"), Value::Ss(vec!["b".into()])),
        ];
        let mut r = Renderer::new();
        assert_eq!(
            r.update(&actions),
            "SET #status = :status, #count = #count + :count, #log = list_append(#log, :log), \
             #first = if_not_exists(#first, :first) REMOVE #note ADD #tags :tags DELETE #tags :tags_2"
        );
        let condition = Condition::compare(
            Operand::Path(path("status")),
            Comparator::Ne,
            Operand::Value(Value::S("done".into())),
        );
        assert_eq!(r.condition(&condition), "#status <> :status_2");
        let (names, values) = r.finish();
        assert_eq!(names.len(), 6);
        assert_eq!(values.len(), 7);
        assert_eq!(Renderer::new().update(&[]), "");
    }

    #[test]
    fn projections_number_their_attributes_and_append_what_the_read_needs() {
        let mut r = Renderer::new();
        r.key_condition(&KeyCondition {
            partition: vec![("PK", KeyValue::S("A".into()))],
            sort: vec![("SK", SortCondition::Ge(KeyValue::S("x".into())))],
        });
        assert_eq!(r.projection(&["data".into()], &["SK"]), "#p0, #sk");
        let mut r = Renderer::new();
        assert_eq!(r.projection(&["SK".into()], &["SK"]), "#p0");
        assert_eq!(r.name("pk"), "#pk");
        assert_eq!(r.name_as("other", PARTITION_NAME), "#pk_2");
    }
}
