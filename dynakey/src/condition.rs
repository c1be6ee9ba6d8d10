//! Sort-key conditions over groups of a template (docs/semantics.md §3).
//!
//! For a sort-key template `L0 <f1> L1 … <fn> Ln`, the **group prefix of depth k** is
//! `L0 enc(f1) L1 … enc(fk) Lk`: it includes the terminator after `fk`, so the group "order 1" never
//! matches "order 10". The derive generates a builder per entity (`Project::sk()`) that fills fields
//! strictly left to right and yields:
//!
//! - a **group** (depth 1 ≤ k < n): usable with `begins_with` and as a range bound that includes
//!   the whole group; depth 0 (the entity's literal prefix) with `begins_with` only;
//! - a **complete key** (depth n): usable with `eq` and as an exact range bound (a complete key is
//!   always compared exactly, even when the template ends in a literal); when the template ends in
//!   a literal it is also a `begins_with` operand, since nothing of this entity extends it;
//! - a **partial value** of the next field (only through the explicitly named `<field>_prefix`
//!   method): usable with `begins_with` only.
//!
//! Each builder type implements [`SortKeyBuilder`], whose [`SortKeyBuilder::Kind`] says which
//! of these its depth is; the condition traits ([`SortKeyPrefix`], [`SortKeyBound`],
//! [`CompleteSortKey`]) follow from it for every builder. This module turns those operands into the
//! condition DynamoDB receives.

use std::marker::PhantomData;

use crate::error::{KeyError, KeyErrorKind};

mod builder;

pub use builder::{
    BoundKind, Complete, CompleteKind, CompleteWithLiteral, EntityPrefix, Group, PrefixKind,
    SortKeyBuilder,
};

/// Marker for queries on the base table (as opposed to a secondary index).
#[derive(Debug, Clone, Copy, Default)]
pub struct PrimaryIndex;

/// A range bound: a whole group (docs/semantics.md §3, group-inclusive comparisons) or one exact sort key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Bound {
    /// A group prefix, including its terminator.
    Group(String),
    /// A complete sort key.
    Exact(String),
}

impl Bound {
    fn text(&self) -> &str {
        match self {
            Bound::Group(p) | Bound::Exact(p) => p,
        }
    }
}

/// An operand of `begins_with`: a group prefix or an explicitly requested partial value.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be used with begins_with",
    note = "begins_with takes a group (fill fewer than all sort-key fields) or a `prefix(…)` partial \
            value of the next field; a complete key of a template that ends in a placeholder is exact: use `eq`"
)]
pub trait SortKeyPrefix {
    /// The entity whose sort-key template built this prefix.
    type Entity;
    /// The index whose sort key this is ([`PrimaryIndex`] for the base table).
    type Index;
    /// The prefix text.
    ///
    /// # Errors
    /// A deferred encoding error from building the prefix.
    fn into_prefix(self) -> Result<String, KeyError>;
}

/// An operand of `gt`/`gte`/`lt`/`lte`/`between`: a group or a complete key.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a range bound",
    note = "range bounds are groups (at least one sort-key field filled) or complete keys"
)]
pub trait SortKeyBound {
    /// The entity whose sort-key template built this bound.
    type Entity;
    /// The index whose sort key this is.
    type Index;
    /// The bound.
    ///
    /// # Errors
    /// A deferred encoding error from building the bound.
    fn into_bound(self) -> Result<Bound, KeyError>;
}

/// An operand of `eq`: every field of the sort-key template filled.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a complete sort key",
    note = "`eq` needs every field of the sort-key template; for a group use begins_with"
)]
pub trait CompleteSortKey {
    /// The entity whose sort-key template built this key.
    type Entity;
    /// The index whose sort key this is.
    type Index;
    /// The complete sort key.
    ///
    /// # Errors
    /// A deferred encoding error from building the key.
    fn into_sort_key(self) -> Result<String, KeyError>;
}

/// Implemented by the sort-key builders of entity `E` for query target `I` ([`PrimaryIndex`] or a
/// secondary index): every query condition requires it of its operand, so a builder of another
/// entity, or of another index of the same entity (`E::sk()` on `E::query_<index>(…)`,
/// `E::<index>_sk()` on `E::query(…)`), does not compile. Every [`SortKeyBuilder`] implements it
/// for its own entity and index.
#[diagnostic::on_unimplemented(
    message = "`{Self}` does not build sort keys of `{E}` on `{I}`, the entity and index this query reads",
    label = "a sort key of another entity or index",
    note = "narrow a query with the sort-key builder of its own entity and index: `{E}::sk()` for \
            `{E}::query(…)` (the base table), `{E}::<index>_sk()` for `{E}::query_<index>(…)` (a \
            secondary index)"
)]
pub trait SortKeyOf<E, I> {}

impl<E, I> SortKeyOf<E, I> for SortKeyPartial<E, I> {}

// Bounded by equality rather than implemented for `SortKeyOf<B::Entity, B::Index>`: a builder of
// another entity or index is then this trait's error, with its message, not a bare type mismatch.
#[diagnostic::do_not_recommend]
impl<E, I, B: SortKeyBuilder<Entity = E, Index = I>> SortKeyOf<E, I> for B {}

/// A partial value of the next sort-key field: a bare text prefix, produced only by the explicitly
/// named `prefix(…)` builder method (docs/semantics.md §3). Usable with `begins_with` only.
pub struct SortKeyPartial<E, I = PrimaryIndex> {
    prefix: Result<String, KeyError>,
    marker: PhantomData<fn() -> (E, I)>,
}

impl<E, I> SortKeyPartial<E, I> {
    /// Wraps a prefix built by generated code (through `__private`).
    pub(crate) fn new(prefix: Result<String, KeyError>) -> Self {
        SortKeyPartial {
            prefix,
            marker: PhantomData,
        }
    }
}

impl<E, I> SortKeyPrefix for SortKeyPartial<E, I> {
    type Entity = E;
    type Index = I;
    fn into_prefix(self) -> Result<String, KeyError> {
        self.prefix
    }
}

/// A value accepted by a sort-key builder's `prefix(…)` for the field of type `T` it stands at (the
/// next to fill): a text prefix of the field's encoding (`&str`, `String`), or for
/// [`KeyPath`](crate::KeyPath) fields a path (a folder's path reads the folder and its subtree).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a partial value of a `{T}` sort-key field",
    label = "a partial value of the field `prefix(…)` stands at",
    note = "pass the text the field's encoding starts with (`&str` or `String`), or a `&KeyPath` for a `KeyPath` field"
)]
pub trait SegmentPrefix<T> {
    /// Appends the prefix text.
    fn push_prefix(&self, out: &mut String);
}

impl<T> SegmentPrefix<T> for &str {
    fn push_prefix(&self, out: &mut String) {
        out.push_str(self);
    }
}

impl<T> SegmentPrefix<T> for String {
    fn push_prefix(&self, out: &mut String) {
        out.push_str(self);
    }
}

/// The smallest string greater than every string that starts with `prefix`: the last character
/// incremented (skipping the surrogate range), dropping trailing `U+10FFFF` characters first
/// (docs/semantics.md §3). `None` when no such string exists (`prefix` is empty or all `U+10FFFF`).
///
/// ```
/// assert_eq!(dynakey::__private::condition::successor("ORD#1#").as_deref(), Some("ORD#1$"));
/// assert_eq!(dynakey::__private::condition::successor("a\u{10FFFF}").as_deref(), Some("b"));
/// assert_eq!(dynakey::__private::condition::successor("\u{D7FF}").as_deref(), Some("\u{E000}"));
/// assert_eq!(dynakey::__private::condition::successor(""), None);
/// ```
#[doc(hidden)]
pub fn successor(prefix: &str) -> Option<String> {
    let mut text = prefix.to_owned();
    while let Some(last) = text.pop() {
        let next = match last as u32 {
            0xD7FF => Some('\u{E000}'),
            code => char::from_u32(code + 1),
        };
        if let Some(next) = next {
            text.push(next);
            return Some(text);
        }
    }
    None
}

/// A sort-key condition as DynamoDB evaluates it (AWS developer guide, "Key condition expressions
/// for the Query operation"). `V` is the value type: key text (`String`) while a range is resolved,
/// a typed [`KeyValue`](crate::KeyValue) in a [`KeyCondition`](crate::expr::KeyCondition).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[doc(hidden)]
pub enum SortCondition<V = String> {
    /// `#sk = :sk`.
    Eq(V),
    /// `begins_with(#sk, :sk)`.
    BeginsWith(V),
    /// `#sk < :sk`.
    Lt(V),
    /// `#sk <= :sk`.
    Le(V),
    /// `#sk > :sk`.
    Gt(V),
    /// `#sk >= :sk`.
    Ge(V),
    /// `#sk BETWEEN :lo AND :hi` (inclusive at both ends).
    Between(V, V),
}

impl<V> SortCondition<V> {
    /// The same condition with every value mapped by `f`.
    pub fn map<W>(self, mut f: impl FnMut(V) -> W) -> SortCondition<W> {
        match self {
            SortCondition::Eq(v) => SortCondition::Eq(f(v)),
            SortCondition::BeginsWith(v) => SortCondition::BeginsWith(f(v)),
            SortCondition::Lt(v) => SortCondition::Lt(f(v)),
            SortCondition::Le(v) => SortCondition::Le(f(v)),
            SortCondition::Gt(v) => SortCondition::Gt(f(v)),
            SortCondition::Ge(v) => SortCondition::Ge(f(v)),
            SortCondition::Between(lo, hi) => {
                let lo = f(lo);
                SortCondition::Between(lo, f(hi))
            }
        }
    }

    /// `true` when `value` satisfies the condition, comparing with `cmp` (UTF-8 byte order for
    /// string keys) and testing prefixes with `starts_with`.
    pub fn holds(
        &self,
        value: &V,
        cmp: impl Fn(&V, &V) -> std::cmp::Ordering,
        starts_with: impl Fn(&V, &V) -> bool,
    ) -> bool {
        use std::cmp::Ordering::{Equal, Greater, Less};
        match self {
            SortCondition::Eq(v) => cmp(value, v) == Equal,
            SortCondition::BeginsWith(v) => starts_with(value, v),
            SortCondition::Lt(v) => cmp(value, v) == Less,
            SortCondition::Le(v) => cmp(value, v) != Greater,
            SortCondition::Gt(v) => cmp(value, v) == Greater,
            SortCondition::Ge(v) => cmp(value, v) != Less,
            SortCondition::Between(lo, hi) => cmp(value, lo) != Less && cmp(value, hi) != Greater,
        }
    }
}

/// A resolved range of template sort keys (docs/semantics.md §3): the condition DynamoDB
/// evaluates, the exact sort keys its inclusive `BETWEEN` returns but the typed range excludes
/// (a read drops them), and whether no key can match (nothing is sent).
#[derive(Debug, Clone, PartialEq, Eq)]
#[doc(hidden)]
pub struct Range {
    pub(crate) condition: Option<SortCondition>,
    pub(crate) exclude: Vec<String>,
    /// `true` when no key can satisfy the range; no request is needed.
    pub(crate) empty: bool,
}

impl Range {
    /// The condition DynamoDB evaluates; `None` for the whole partition.
    pub fn condition(&self) -> Option<&SortCondition> {
        self.condition.as_ref()
    }

    /// The sort keys a read drops from the results.
    pub fn excluded(&self) -> &[String] {
        &self.exclude
    }

    /// `true` when no key can match.
    pub fn is_empty(&self) -> bool {
        self.empty
    }
}

impl Range {
    /// No sort-key condition: the whole partition.
    pub(crate) const ALL: Range = Range {
        condition: None,
        exclude: Vec::new(),
        empty: false,
    };

    /// No key can match: nothing is sent.
    pub(crate) const NONE: Range = Range {
        condition: None,
        exclude: Vec::new(),
        empty: true,
    };

    /// Exactly `condition`, nothing excluded client-side.
    pub(crate) fn of(condition: SortCondition) -> Self {
        Range {
            condition: Some(condition),
            exclude: Vec::new(),
            empty: false,
        }
    }
}

/// Which comparison.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Op {
    Gt,
    Ge,
    Lt,
    Le,
}

/// One end of a range: the key text and whether the end itself is included.
type Limit = (String, bool);

/// The half-open interval `[lo, hi)` of keys a bound selects, plus which ends are inclusive at the
/// DynamoDB level. `entity` is the template's literal prefix `L0`: when non-empty, ranges are kept
/// inside the entity's own keys so a typed query never runs into another entity's items.
pub(crate) fn range(op: Op, bound: Bound, entity: &str) -> Result<Range, KeyError> {
    let entity_hi = successor(entity).filter(|_| !entity.is_empty());
    let (lo, hi): (Option<Limit>, Option<Limit>) = match (op, &bound) {
        (Op::Ge, b) => (Some((b.text().to_owned(), true)), None),
        (Op::Gt, Bound::Exact(k)) => (Some((k.clone(), false)), None),
        (Op::Gt, Bound::Group(p)) => match successor(p) {
            Some(s) => (Some((s, true)), None),
            None => return Ok(Range::NONE),
        },
        (Op::Lt, b) => (None, Some((b.text().to_owned(), false))),
        (Op::Le, Bound::Exact(k)) => (None, Some((k.clone(), true))),
        (Op::Le, Bound::Group(p)) => (None, successor(p).map(|s| (s, false))),
    };
    let lo = lo.or_else(|| (!entity.is_empty()).then(|| (entity.to_owned(), true)));
    let hi = hi.or_else(|| entity_hi.map(|s| (s, false)));
    Ok(interval(lo, hi))
}

/// Turns `[lo, hi]` limits into one DynamoDB condition, excluding exclusive ends client-side.
fn interval(lo: Option<Limit>, hi: Option<Limit>) -> Range {
    match (lo, hi) {
        (None, None) => Range::ALL,
        (Some((lo, true)), None) => Range::of(SortCondition::Ge(lo)),
        (Some((lo, false)), None) => Range::of(SortCondition::Gt(lo)),
        (None, Some((hi, true))) => Range::of(SortCondition::Le(hi)),
        (None, Some((hi, false))) => Range::of(SortCondition::Lt(hi)),
        (Some((lo, lo_in)), Some((hi, hi_in))) => {
            if lo > hi || (lo == hi && !(lo_in && hi_in)) {
                return Range::NONE;
            }
            let mut exclude = Vec::new();
            if !lo_in {
                exclude.push(lo.clone());
            }
            if !hi_in {
                exclude.push(hi.clone());
            }
            Range {
                condition: Some(SortCondition::Between(lo, hi)),
                exclude,
                empty: false,
            }
        }
    }
}

/// `between(low, high)`: every key from the start of `low` through the end of `high`, both
/// group-inclusive (docs/semantics.md §3). Errors when `low` sorts after `high`.
pub(crate) fn between(low: Bound, high: Bound) -> Result<Range, KeyError> {
    if low.text() > high.text() {
        return Err(KeyErrorKind::Condition(format!(
            "between: low bound {:?} sorts after high bound {:?} (UTF-8 byte order); DynamoDB \
             rejects BETWEEN with low > high",
            low.text(),
            high.text()
        ))
        .into());
    }
    let lo = (low.text().to_owned(), true);
    let hi = match high {
        Bound::Exact(k) => Some((k, true)),
        Bound::Group(p) => successor(&p).map(|s| (s, false)),
    };
    Ok(interval(Some(lo), hi))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn successor_increments_last_character() {
        assert_eq!(successor("a").as_deref(), Some("b"));
        assert_eq!(successor("a#").as_deref(), Some("a$"));
        assert_eq!(successor("zé").as_deref(), Some("zê"));
        assert_eq!(successor("x😀").as_deref(), Some("x😁"));
        assert_eq!(successor("\u{10FFFF}\u{10FFFF}"), None);
    }

    #[test]
    fn group_ranges_follow_the_spec_without_entity_prefix() {
        let g = |s: &str| Bound::Group(s.to_owned());
        assert_eq!(
            range(Op::Ge, g("1#"), "").unwrap(),
            Range::of(SortCondition::Ge("1#".into()))
        );
        assert_eq!(
            range(Op::Gt, g("1#"), "").unwrap(),
            Range::of(SortCondition::Ge("1$".into()))
        );
        assert_eq!(
            range(Op::Lt, g("1#"), "").unwrap(),
            Range::of(SortCondition::Lt("1#".into()))
        );
        assert_eq!(
            range(Op::Le, g("1#"), "").unwrap(),
            Range::of(SortCondition::Lt("1$".into()))
        );
        let r = between(g("1#"), g("3#")).unwrap();
        assert_eq!(
            r.condition,
            Some(SortCondition::Between("1#".into(), "3$".into()))
        );
        assert_eq!(r.exclude, vec!["3$".to_owned()]);
        assert!(between(g("3#"), g("1#")).is_err());
    }

    #[test]
    fn ranges_stay_inside_the_entity_prefix() {
        let r = range(Op::Ge, Bound::Group("P#1#".into()), "P#").unwrap();
        assert_eq!(
            r.condition,
            Some(SortCondition::Between("P#1#".into(), "P$".into()))
        );
        assert_eq!(r.exclude, vec!["P$".to_owned()]);
        let r = range(Op::Gt, Bound::Exact("P#1#a".into()), "P#").unwrap();
        assert_eq!(
            r.condition,
            Some(SortCondition::Between("P#1#a".into(), "P$".into()))
        );
        assert_eq!(r.exclude, vec!["P#1#a".to_owned(), "P$".to_owned()]);
        let r = range(Op::Lt, Bound::Group("P#1#".into()), "P#").unwrap();
        assert_eq!(
            r.condition,
            Some(SortCondition::Between("P#".into(), "P#1#".into()))
        );
        assert_eq!(r.exclude, vec!["P#1#".to_owned()]);
    }
}
