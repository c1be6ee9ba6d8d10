//! The comparisons of one sort attribute of an attribute-wise index, written once for every
//! generated sort builder: its method per sort attribute (`.round()`) returns an
//! [`AttributeStep`] (a native fill) or a [`TemplateStep`] (a one-field template fill), whose
//! `eq` returns the builder one attribute deeper and whose ranges end the conditions
//! ([`AttributeRange`]). `begins_with` is on string attributes only, by a bound
//! ([`StringAttribute`]): on a number or bytes it does not compile.

use std::cmp::Ordering;
use std::marker::PhantomData;

use crate::attribute::{AttributeArg, KeyAttribute, KeyValue, StringAttribute};
use crate::condition::SortCondition;
use crate::error::{KeyError, KeyErrorKind};
use crate::segment::{KeySegment, SegmentArg};
use crate::template::KeyTemplate;

use super::{attribute_range, AttributeOp, AttributeRange, SortConditions};

/// The sort attribute a generated sort builder's method chose (`Match::by_tournament_region_sk()
/// .round()`), filled by a field of type `T`: compare it with `.eq(v)`, after which the next sort
/// attribute may follow (`Next`, the builder one attribute deeper), or with a range — `.gt(v)`,
/// `.gte(v)`, `.lt(v)`, `.lte(v)`, `.between(low, high)`, `.begins_with(p)` on a string —, which
/// is the last condition ([`AttributeRange`]); AWS developer guide, "Multi-attribute keys
/// pattern". Values are checked when the query is built.
#[must_use = "a sort step does nothing until compared (`.eq(v)`, `.gt(v)`, …)"]
pub struct AttributeStep<Next, E, I, T> {
    prior: SortConditions,
    attribute: &'static str,
    next: fn(SortConditions) -> Next,
    marker: Marker<E, I, T>,
}

/// The entity, index and attribute type of a step, held as types only.
type Marker<E, I, T> = PhantomData<fn() -> (E, I, T)>;

impl<Next, E, I, T> AttributeStep<Next, E, I, T> {
    /// The step on `attribute` after the conditions `prior`; `next` makes the builder it returns.
    pub(crate) fn new(
        prior: SortConditions,
        attribute: &'static str,
        next: fn(SortConditions) -> Next,
    ) -> Self {
        AttributeStep {
            prior,
            attribute,
            next,
            marker: PhantomData,
        }
    }
}

impl<Next, E, I, T: KeyAttribute> AttributeStep<Next, E, I, T> {
    /// `attribute = value`; the next sort attribute may follow.
    pub fn eq(self, value: impl AttributeArg<T>) -> Next {
        (self.next)(self.prior.eq::<T>(self.attribute, &value))
    }

    /// `attribute > value`, the last condition.
    pub fn gt(self, value: impl AttributeArg<T>) -> AttributeRange<E, I> {
        self.prior.compare(self.attribute, AttributeOp::Gt, &value)
    }

    /// `attribute >= value`, the last condition.
    pub fn gte(self, value: impl AttributeArg<T>) -> AttributeRange<E, I> {
        self.prior.compare(self.attribute, AttributeOp::Ge, &value)
    }

    /// `attribute < value`, the last condition.
    pub fn lt(self, value: impl AttributeArg<T>) -> AttributeRange<E, I> {
        self.prior.compare(self.attribute, AttributeOp::Lt, &value)
    }

    /// `attribute <= value`, the last condition.
    pub fn lte(self, value: impl AttributeArg<T>) -> AttributeRange<E, I> {
        self.prior.compare(self.attribute, AttributeOp::Le, &value)
    }

    /// `attribute BETWEEN low AND high` (both included), the last condition; `low` above `high`
    /// is an error when the query is built ([`SortConditions::between`]).
    pub fn between(
        self,
        low: impl AttributeArg<T>,
        high: impl AttributeArg<T>,
    ) -> AttributeRange<E, I> {
        self.prior.between(self.attribute, &low, &high)
    }

    /// `begins_with(attribute, prefix)`, the last condition; a string (`S`) attribute only
    /// (DynamoDB also takes binary; dynakey offers it on strings): on a number it does not
    /// compile.
    pub fn begins_with(self, prefix: impl AttributeArg<T>) -> AttributeRange<E, I>
    where
        T::Type: StringAttribute,
    {
        self.prior.begins_with(self.attribute, &prefix)
    }
}

/// The sort attribute a generated sort builder's method chose when a template of one field fills
/// it (`"B#<bracket>"`): as [`AttributeStep`], with values of the field's type `T` written as
/// the template's key. Ranges read only keys this template makes: a one-sided one is bounded by
/// the template's leading literal. No `begins_with`.
#[must_use = "a sort step does nothing until compared (`.eq(v)`, `.gt(v)`, …)"]
pub struct TemplateStep<Next, E, I, T> {
    step: AttributeStep<Next, E, I, T>,
    template: KeyTemplate,
}

impl<Next, E, I, T> TemplateStep<Next, E, I, T> {
    /// The step on `attribute`, filled by `template` (of one placeholder, of type `T`).
    pub(crate) fn new(
        prior: SortConditions,
        attribute: &'static str,
        template: KeyTemplate,
        next: fn(SortConditions) -> Next,
    ) -> Self {
        TemplateStep {
            step: AttributeStep::new(prior, attribute, next),
            template,
        }
    }
}

impl<Next, E, I, T: KeySegment> TemplateStep<Next, E, I, T> {
    /// `attribute = ` the key of `value`; the next sort attribute may follow.
    pub fn eq(self, value: impl SegmentArg<T>) -> Next {
        let key = self.template.encode_one::<T, _>(&value).map(KeyValue::S);
        (self.step.next)(self.step.prior.eq_value(self.step.attribute, key))
    }

    /// `attribute >` the key of `value`, the last condition.
    pub fn gt(self, value: impl SegmentArg<T>) -> AttributeRange<E, I> {
        self.compare(AttributeOp::Gt, &value)
    }

    /// `attribute >=` the key of `value`, the last condition.
    pub fn gte(self, value: impl SegmentArg<T>) -> AttributeRange<E, I> {
        self.compare(AttributeOp::Ge, &value)
    }

    /// `attribute <` the key of `value`, the last condition.
    pub fn lt(self, value: impl SegmentArg<T>) -> AttributeRange<E, I> {
        self.compare(AttributeOp::Lt, &value)
    }

    /// `attribute <=` the key of `value`, the last condition.
    pub fn lte(self, value: impl SegmentArg<T>) -> AttributeRange<E, I> {
        self.compare(AttributeOp::Le, &value)
    }

    /// `attribute` between the keys of `low` and `high` (both included), the last condition; the
    /// keys compared bytewise (the encodings keep the values' order), low above high an error when
    /// the query is built.
    pub fn between(
        self,
        low: impl SegmentArg<T>,
        high: impl SegmentArg<T>,
    ) -> AttributeRange<E, I> {
        let attribute = self.step.attribute;
        let low = self.template.encode_one::<T, _>(&low);
        let high = self.template.encode_one::<T, _>(&high);
        let condition = low.and_then(|low| {
            let high = high?;
            if low.as_bytes().cmp(high.as_bytes()) == Ordering::Greater {
                return Err(KeyErrorKind::Condition(format!(
                    "between on sort attribute \"{attribute}\": low {low:?} is above high \
                     {high:?}; DynamoDB rejects BETWEEN with low > high"
                ))
                .into());
            }
            Ok(SortCondition::Between(KeyValue::S(low), KeyValue::S(high)))
        });
        attribute_range(self.step.prior, attribute, condition)
    }

    fn compare(self, op: AttributeOp, value: &impl SegmentArg<T>) -> AttributeRange<E, I> {
        let prefix = self.template.literal_prefix();
        let condition = self
            .template
            .encode_one::<T, _>(value)
            .and_then(|key| bounded(op, prefix, key));
        attribute_range(self.step.prior, self.step.attribute, condition)
    }
}

/// DynamoDB's limit on a sort key attribute value, in bytes.
const SORT_KEY_LIMIT: usize = 1024;

/// A comparison of a template fill's key `key`. `prefix` is the template's leading literal
/// (`"B#"` of `"B#<bracket>"`): when non-empty, the range is kept inside the keys the template
/// makes, as on the template path, so it never reads the items of another entity that share the
/// index partition (and the attributes before this one) with another literal. DynamoDB takes one
/// condition per sort attribute, so a bounded range is one `BETWEEN` (both ends included): `>= k`
/// is `BETWEEN k AND top`, `> k` is `BETWEEN k\0 AND top` (`k\0` is the least string above `k`),
/// `<= k` is `BETWEEN prefix AND k`, `< k` is `BETWEEN prefix AND k⁻` (the greatest string below
/// `k` of at most 1,024 bytes), where `top` is the greatest string of at most 1,024 bytes
/// (DynamoDB's sort key limit) that starts with `prefix`.
fn bounded(
    op: AttributeOp,
    prefix: &str,
    key: String,
) -> Result<SortCondition<KeyValue>, KeyError> {
    if prefix.is_empty() {
        let v = KeyValue::S(key);
        return Ok(match op {
            AttributeOp::Gt => SortCondition::Gt(v),
            AttributeOp::Ge => SortCondition::Ge(v),
            AttributeOp::Lt => SortCondition::Lt(v),
            AttributeOp::Le => SortCondition::Le(v),
        });
    }
    let empty = || -> KeyError {
        KeyErrorKind::Condition(format!(
            "no key of the template's literal prefix {prefix:?} is on that side of {key:?} within \
             DynamoDB's 1,024-byte sort key limit"
        ))
        .into()
    };
    let (low, high) = match op {
        AttributeOp::Ge => (key.clone(), top(prefix)),
        AttributeOp::Gt if key.len() < SORT_KEY_LIMIT => (format!("{key}\0"), top(prefix)),
        AttributeOp::Gt => return Err(empty()),
        AttributeOp::Le => (prefix.to_owned(), key.clone()),
        AttributeOp::Lt => (prefix.to_owned(), below(&key).ok_or_else(empty)?),
    };
    if low.as_bytes() > high.as_bytes() {
        return Err(empty());
    }
    Ok(SortCondition::Between(KeyValue::S(low), KeyValue::S(high)))
}

/// Appends the greatest characters that fit in `SORT_KEY_LIMIT` bytes (U+10FFFF while four bytes
/// fit, then the greatest of three, two, one byte), making the greatest string of at most that
/// length that starts with `text`.
fn fill_top(mut text: String) -> String {
    while text.len() < SORT_KEY_LIMIT {
        let c = match SORT_KEY_LIMIT - text.len() {
            1 => '\u{7f}',
            2 => '\u{7ff}',
            3 => '\u{ffff}',
            _ => char::MAX,
        };
        text.push(c);
    }
    text
}

/// The greatest string of at most `SORT_KEY_LIMIT` bytes that starts with `prefix`.
fn top(prefix: &str) -> String {
    fill_top(prefix.to_owned())
}

/// The greatest string of at most `SORT_KEY_LIMIT` bytes below `key` (bytewise), if any: `key`
/// without a last NUL, or its last character lowered by one and the rest filled with the greatest.
fn below(key: &str) -> Option<String> {
    let mut text = key.to_owned();
    let last = text.pop()?;
    if last == '\0' {
        return Some(text);
    }
    let mut code = u32::from(last) - 1;
    let lowered = loop {
        if let Some(c) = char::from_u32(code) {
            break c;
        }
        code -= 1; // a surrogate: below it is U+D7FF
    };
    text.push(lowered);
    Some(fill_top(text))
}

#[cfg(test)]
mod tests {
    use super::super::AttributeOp;
    use super::{below, bounded, top, SORT_KEY_LIMIT};
    use crate::attribute::KeyValue;
    use crate::condition::SortCondition;

    fn between(op: AttributeOp, key: &str) -> (String, String) {
        match bounded(op, "B#", key.to_owned()) {
            Ok(SortCondition::Between(KeyValue::S(lo), KeyValue::S(hi))) => (lo, hi),
            other => panic!("not a BETWEEN of strings: {other:?}"),
        }
    }

    #[test]
    fn ranges_stay_inside_the_literal_prefix() {
        let t = top("B#");
        assert_eq!(t.len(), SORT_KEY_LIMIT);
        assert!(t.starts_with("B#") && t.as_bytes() < "B$".as_bytes());
        assert!("B#zzzz\u{10ffff}".as_bytes() < t.as_bytes());
        assert_eq!(between(AttributeOp::Ge, "B#m"), ("B#m".into(), t.clone()));
        assert_eq!(between(AttributeOp::Gt, "B#m"), ("B#m\0".into(), t.clone()));
        assert_eq!(between(AttributeOp::Le, "B#m"), ("B#".into(), "B#m".into()));
        let (lo, hi) = between(AttributeOp::Lt, "B#m");
        assert_eq!(lo, "B#");
        assert!(hi.starts_with("B#l") && hi.len() == SORT_KEY_LIMIT);
        assert!(hi.as_bytes() < "B#m".as_bytes() && "B#lzzz".as_bytes() < hi.as_bytes());
        assert_eq!(below("B#m\0").as_deref(), Some("B#m"));
        // Nothing of the prefix is below the prefix itself.
        assert!(bounded(AttributeOp::Lt, "B#", "B#".into()).is_err());
    }

    #[test]
    fn without_a_literal_prefix_the_range_is_as_given() {
        assert!(matches!(
            bounded(AttributeOp::Gt, "", "m".into()),
            Ok(SortCondition::Gt(KeyValue::S(k))) if k == "m"
        ));
    }
}
