//! Whether a refused condition met this call's own write: a request sent again after its answer
//! was lost may find its condition refused by the item its first send wrote (a `create` finds its
//! own item, a versioned update the version it set). DynamoDB returns the item as stored with the
//! refusal (`ReturnValuesOnConditionCheckFailure = ALL_OLD`); it shows this write when it holds
//! everything the write stored:
//!
//! - a put: the item is exactly the one sent (managed timestamps and version included);
//! - an update: every attribute it sets holds the value it set (its version, its `updated_at`),
//!   every attribute it removes is absent, set elements it adds are in, those it deletes out;
//! - a delete: never (no item, or another item, shows nothing of it).
//!
//! The same test settles a write that is not sent again after a lost answer, on the item read
//! once instead ([`shows`]).
//!
//! Numbers compare as DynamoDB stores them (`1.50` is `1.5`), sets as sets. An item that holds
//! the same values written by another call is indistinguishable, and leaves the table as this
//! write would have.

use std::collections::HashSet;

use aws_sdk_dynamodb::types::AttributeValue;
use dynakey::__private::expr::{PathElement, SetOperand, SetValue, UpdateAction};
use dynakey::__private::unique::number_text;

use crate::convert::{to_sdk_value, Item};
use crate::error::{SentKind, SentWrite};

/// `true` when `stored`, the item as read after a lost answer of `sent`, is what one application
/// of `sent` leaves: [`applied`], or for a delete without a condition, no item (a delete that
/// finds the item gone leaves the table as this one would have, whoever deleted it; one with a
/// condition might have been refused, so a missing item shows nothing of it).
pub(crate) fn shows(sent: &SentWrite, stored: Option<&Item>) -> bool {
    match (&sent.kind, stored) {
        (SentKind::Delete { .. }, None) => {
            sent.condition.is_none() && sent.expected.version.is_none()
        }
        _ => applied(sent, stored),
    }
}

/// `true` when `current`, the item returned with a refused condition of `sent`, shows that an
/// earlier send of `sent` was applied.
pub(crate) fn applied(sent: &SentWrite, current: Option<&Item>) -> bool {
    let Some(current) = current else {
        return false;
    };
    match &sent.kind {
        SentKind::Put(item) => same_item(item, current),
        SentKind::Update { actions, .. } => {
            !actions.is_empty() && actions.iter().all(|a| holds(a, current))
        }
        SentKind::Delete { .. } => false,
    }
}

/// `true` when `item` shows the effect of `action`.
fn holds(action: &UpdateAction, item: &Item) -> bool {
    let stored = at(item, action.path().elements());
    match action {
        UpdateAction::Set(_, SetValue::Operand(SetOperand::Value(value))) => {
            stored.is_some_and(|s| same(s, &to_sdk_value(value)))
        }
        // The stored value or the one given: either way, present.
        UpdateAction::Set(_, SetValue::Operand(SetOperand::IfNotExists(..))) => stored.is_some(),
        UpdateAction::Remove(_) => stored.is_none(),
        UpdateAction::Add(_, value) => match (elements(&to_sdk_value(value)), stored) {
            (Some(added), Some(stored)) => {
                elements(stored).is_some_and(|held| added.is_subset(&held))
            }
            _ => false,
        },
        UpdateAction::Delete(_, value) => match (elements(&to_sdk_value(value)), stored) {
            (Some(_), None) => true,
            (Some(deleted), Some(stored)) => {
                elements(stored).is_some_and(|held| deleted.is_disjoint(&held))
            }
            (None, _) => false,
        },
        // Arithmetic and list appends are never resent, so never recognised.
        UpdateAction::Set(..) => false,
    }
}

/// The value at a document path of `item`.
fn at<'a>(item: &'a Item, path: &[PathElement]) -> Option<&'a AttributeValue> {
    let (PathElement::Attribute(top), rest) = path.split_first()? else {
        return None;
    };
    let mut value = item.get(top.as_ref())?;
    for element in rest {
        value = match (element, value) {
            (PathElement::Attribute(key), AttributeValue::M(map)) => map.get(key.as_ref())?,
            (PathElement::Index(i), AttributeValue::L(list)) => {
                list.get(usize::try_from(*i).ok()?)?
            }
            _ => return None,
        };
    }
    Some(value)
}

/// Two items with the same attributes, each the [`same`] value.
fn same_item(a: &Item, b: &Item) -> bool {
    a.len() == b.len()
        && a.iter()
            .all(|(name, value)| b.get(name).is_some_and(|other| same(value, other)))
}

/// One value as DynamoDB stores it: numbers by their stored text, sets as sets.
fn same(a: &AttributeValue, b: &AttributeValue) -> bool {
    match (a, b) {
        (AttributeValue::N(x), AttributeValue::N(y)) => number_text(x) == number_text(y),
        (AttributeValue::L(x), AttributeValue::L(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same(x, y))
        }
        (AttributeValue::M(x), AttributeValue::M(y)) => same_item(x, y),
        (AttributeValue::Ss(_), _) | (AttributeValue::Ns(_), _) | (AttributeValue::Bs(_), _) => {
            elements(a).is_some_and(|x| elements(b).is_some_and(|y| x == y))
        }
        _ => a == b,
    }
}

/// The elements of a set value, each tagged with its set type (numbers by their stored text);
/// `None` for a value that is not a set.
fn elements(value: &AttributeValue) -> Option<HashSet<(u8, Vec<u8>)>> {
    Some(match value {
        AttributeValue::Ss(items) => items.iter().map(|s| (0, s.clone().into_bytes())).collect(),
        AttributeValue::Ns(items) => items
            .iter()
            .map(|n| (1, number_text(n).into_bytes()))
            .collect(),
        AttributeValue::Bs(items) => items.iter().map(|b| (2, b.as_ref().to_vec())).collect(),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use aws_sdk_dynamodb::types::ReturnValue;
    use dynakey::__private::expr::{Path, Value};
    use dynakey::__private::write::Guard;

    use crate::error::Expected;

    fn n(v: &str) -> AttributeValue {
        AttributeValue::N(v.into())
    }

    fn item(pairs: &[(&str, AttributeValue)]) -> Item {
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), v.clone()))
            .collect()
    }

    fn sent(kind: SentKind) -> SentWrite {
        SentWrite {
            kind,
            key: ("P".into(), None),
            condition: None,
            expected: Expected::guard(Guard::Any),
            return_values: ReturnValue::None,
        }
    }

    #[test]
    fn a_put_is_recognised_by_the_whole_item_numbers_as_stored() {
        let written = item(&[("PK", AttributeValue::S("P".into())), ("n", n("1.50"))]);
        let put = sent(SentKind::Put(written.clone()));
        let stored = item(&[("PK", AttributeValue::S("P".into())), ("n", n("1.5"))]);
        assert!(applied(&put, Some(&stored)));
        let mut other = stored.clone();
        other.insert("x".into(), AttributeValue::Bool(true));
        assert!(!applied(&put, Some(&other)), "another attribute");
        assert!(!applied(&put, Some(&item(&[("n", n("1.5"))]))), "no key");
        assert!(!applied(&put, None));
    }

    #[test]
    fn an_update_is_recognised_by_every_action_holding() {
        let actions = vec![
            UpdateAction::Set(Path::attribute("v"), SetValue::value(Value::N("4".into()))),
            UpdateAction::Set(
                Path::attribute("m").key("k"),
                SetValue::value(Value::S("x".into())),
            ),
            UpdateAction::Remove(Path::attribute("gone")),
            UpdateAction::Add(Path::attribute("tags"), Value::Ss(vec!["a".into()])),
            UpdateAction::Delete(Path::attribute("old"), Value::Ss(vec!["z".into()])),
        ];
        let update = sent(SentKind::Update {
            key: Item::new(),
            actions,
        });
        let mut stored = item(&[
            ("v", n("4")),
            (
                "m",
                AttributeValue::M(item(&[("k", AttributeValue::S("x".into()))])),
            ),
            ("tags", AttributeValue::Ss(vec!["b".into(), "a".into()])),
            ("old", AttributeValue::Ss(vec!["y".into()])),
        ]);
        assert!(applied(&update, Some(&stored)));
        stored.insert("v".into(), n("3"));
        assert!(!applied(&update, Some(&stored)), "another version");
        stored.insert("v".into(), n("4"));
        stored.insert("gone".into(), n("1"));
        assert!(!applied(&update, Some(&stored)), "a removed attribute");
        stored.remove("gone");
        stored.insert("old".into(), AttributeValue::Ss(vec!["z".into()]));
        assert!(!applied(&update, Some(&stored)), "a deleted element");
    }

    #[test]
    fn arithmetic_and_deletes_are_never_recognised() {
        let add = sent(SentKind::Update {
            key: Item::new(),
            actions: vec![UpdateAction::Add(
                Path::attribute("n"),
                Value::N("1".into()),
            )],
        });
        assert!(!applied(&add, Some(&item(&[("n", n("1"))]))));
        let delete = sent(SentKind::Delete { key: Item::new() });
        assert!(!applied(&delete, Some(&Item::new())));
        assert!(!applied(&delete, None));
    }
}
