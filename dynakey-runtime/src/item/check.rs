//! What DynamoDB checks in an item before it writes it, checked here first so that a batch is
//! refused before any request instead of failing request by request.

use aws_sdk_dynamodb::types::AttributeValue;

use crate::convert::Item;
use crate::error::ItemProblem;
use crate::limits::{MAX_ITEM_SIZE, MAX_NESTING, MAX_NUMBER_DIGITS};

/// The size of `item` as DynamoDB counts it (AWS developer guide, "DynamoDB item sizes and
/// formats"), in bytes: for each attribute the UTF-8 bytes of its name plus the size of its value,
/// where a string is its UTF-8 bytes, a binary its raw bytes, a number 1 byte per two significant
/// digits plus 1, a Boolean or null 1 byte, a set the sum of its elements, and a list or map 3 bytes
/// plus, per element, 1 byte and its size (and, in a map, its name's bytes).
///
/// For numbers this is the developer guide's figure, which the sizes DynamoDB measures never
/// undercut: an item over [`MAX_ITEM_SIZE`] here is over it for DynamoDB too.
pub fn item_size(item: &Item) -> usize {
    attributes_size(item)
}

/// [`item_size`] of attributes not held in an [`Item`] (an action's
/// `ExpressionAttributeValues`, counted without building a map of them).
pub(crate) fn attributes_size<'a>(
    attributes: impl IntoIterator<Item = (&'a String, &'a AttributeValue)>,
) -> usize {
    attributes
        .into_iter()
        .map(|(name, value)| name.len() + value_size(value))
        .sum()
}

fn value_size(value: &AttributeValue) -> usize {
    match value {
        AttributeValue::S(s) => s.len(),
        AttributeValue::N(n) => number_size(n),
        AttributeValue::B(b) => b.as_ref().len(),
        AttributeValue::Ss(set) => set.iter().map(String::len).sum(),
        AttributeValue::Ns(set) => set.iter().map(|n| number_size(n)).sum(),
        AttributeValue::Bs(set) => set.iter().map(|b| b.as_ref().len()).sum(),
        AttributeValue::L(list) => 3 + list.iter().map(|v| 1 + value_size(v)).sum::<usize>(),
        AttributeValue::M(map) => {
            3 + map
                .iter()
                .map(|(k, v)| k.len() + 1 + value_size(v))
                .sum::<usize>()
        }
        // Bool, Null, and any type a later SDK adds.
        _ => 1,
    }
}

/// 1 byte per two significant digits, plus 1.
fn number_size(text: &str) -> usize {
    let digits = parse_number(text).map_or(0, |n| n.significant);
    digits.div_ceil(2) + 1
}

/// A number's significant digits and the decimal exponent of its first one (`None` for zero).
struct Number {
    significant: usize,
    exponent: Option<i64>,
}

/// Parses DynamoDB's number grammar: `sign? digits ('.' digits?)? (('e'|'E') sign? digits)?`
/// (or `.digits`), with at least one digit; `None` for anything else.
fn parse_number(text: &str) -> Option<Number> {
    let unsigned = text.strip_prefix(['-', '+']).unwrap_or(text);
    let (coefficient, exponent) = match unsigned.find(['e', 'E']) {
        Some(at) => (&unsigned[..at], unsigned[at + 1..].parse::<i64>().ok()?),
        None => (unsigned, 0),
    };
    let (whole, fraction) = coefficient.split_once('.').unwrap_or((coefficient, ""));
    let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.len() + fraction.len() == 0 || !all_digits(whole) || !all_digits(fraction) {
        return None;
    }
    let digits = || whole.bytes().chain(fraction.bytes());
    let leading = digits().take_while(|b| *b == b'0').count();
    let total = whole.len() + fraction.len();
    if leading == total {
        return Some(Number {
            significant: 0,
            exponent: None,
        });
    }
    let trailing = digits().rev().take_while(|b| *b == b'0').count();
    let first = i64::try_from(whole.len()).ok()? - i64::try_from(leading).ok()? - 1;
    Some(Number {
        significant: total - leading - trailing,
        exponent: Some(first.saturating_add(exponent)),
    })
}

/// Whether DynamoDB stores the number `text`.
fn valid_number(text: &str) -> bool {
    match parse_number(text) {
        None => false,
        Some(Number { exponent: None, .. }) => true,
        Some(Number {
            significant,
            exponent: Some(e),
        }) => significant <= MAX_NUMBER_DIGITS && (-130..=125).contains(&e),
    }
}

/// Checks `item` against DynamoDB's rules for items that can be checked without the table: its
/// size, its numbers, empty sets and nesting depth (AWS developer guide, "Service, account, and
/// table quotas" and "Supported data types").
///
/// # Errors
/// The first problem found.
pub fn check_item(item: &Item) -> Result<(), ItemProblem> {
    for (name, value) in item {
        check_value(value, 0, &|| name.clone())?;
    }
    let size = item_size(item);
    if size > MAX_ITEM_SIZE {
        return Err(ItemProblem::TooLarge { size });
    }
    Ok(())
}

/// Checks one value wrapped in `depth` maps or lists; `path` names it, built only for an error.
fn check_value(
    value: &AttributeValue,
    depth: usize,
    path: &dyn Fn() -> String,
) -> Result<(), ItemProblem> {
    if depth >= MAX_NESTING {
        return Err(ItemProblem::TooDeep { attribute: path() });
    }
    let empty_set = || ItemProblem::EmptySet { attribute: path() };
    match value {
        AttributeValue::N(n) if !valid_number(n) => Err(ItemProblem::Number {
            attribute: path(),
            value: n.clone(),
        }),
        AttributeValue::Ns(set) => match set.iter().find(|n| !valid_number(n)) {
            Some(n) => Err(ItemProblem::Number {
                attribute: path(),
                value: n.clone(),
            }),
            None if set.is_empty() => Err(empty_set()),
            None => Ok(()),
        },
        AttributeValue::Ss(set) if set.is_empty() => Err(empty_set()),
        AttributeValue::Bs(set) if set.is_empty() => Err(empty_set()),
        AttributeValue::L(list) => list
            .iter()
            .enumerate()
            .try_for_each(|(i, v)| check_value(v, depth + 1, &|| format!("{}[{i}]", path()))),
        AttributeValue::M(map) => map
            .iter()
            .try_for_each(|(k, v)| check_value(v, depth + 1, &|| format!("{}.{k}", path()))),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn item(pairs: &[(&str, AttributeValue)]) -> Item {
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), v.clone()))
            .collect()
    }

    #[test]
    fn sizes_follow_the_developer_guide() {
        let n = |s: &str| AttributeValue::N(s.into());
        // "ab" (2) + "xyz" (3); "n" (1) + 12345 (3 digits of pairs + 1); "ok" (2) + 1.
        let flat = item(&[
            ("ab", AttributeValue::S("xyz".into())),
            ("n", n("12345")),
            ("ok", AttributeValue::Bool(true)),
        ]);
        assert_eq!(item_size(&flat), 5 + 1 + 4 + 2 + 1);
        // Leading and trailing zeros do not count: 000120.500 has 4 significant digits.
        assert_eq!(number_size("000120.500"), 3);
        assert_eq!(number_size("0"), 1);
        // A list: 3 + per element 1 + size; a map: 3 + per entry name + 1 + size.
        let nested = item(&[(
            "l",
            AttributeValue::L(vec![
                AttributeValue::S("ab".into()),
                AttributeValue::M(HashMap::from([(
                    "k".to_owned(),
                    AttributeValue::Null(true),
                )])),
            ]),
        )]);
        assert_eq!(item_size(&nested), 1 + 3 + (1 + 2) + (1 + 3 + (1 + 1 + 1)));
    }

    #[test]
    fn the_size_limit_is_400_kb() {
        let at = item(&[("s", AttributeValue::S("x".repeat(MAX_ITEM_SIZE - 1)))]);
        assert_eq!(check_item(&at), Ok(()));
        let over = item(&[("s", AttributeValue::S("x".repeat(MAX_ITEM_SIZE)))]);
        assert_eq!(
            check_item(&over),
            Err(ItemProblem::TooLarge {
                size: MAX_ITEM_SIZE + 1
            })
        );
    }

    #[test]
    fn numbers_dynamodb_cannot_store_are_refused() {
        for good in [
            "0",
            "-7",
            "+.5",
            "5.",
            "1e+2",
            "1E-130",
            "9.9999999999999999999999999999999999999E+125",
            "00042",
            &"1".repeat(38),
            &format!("{}000", "1".repeat(38)),
            &u64::MAX.to_string(),
        ] {
            assert!(valid_number(good), "{good}");
        }
        for bad in [
            "NaN",
            "inf",
            "",
            ".",
            "1e",
            "1.2.3",
            "1E-131",
            "1E126",
            &"1".repeat(39),
            &u128::MAX.to_string(),
            &format!("1{}", "0".repeat(126)),
        ] {
            assert!(!valid_number(bad), "{bad}");
        }
        let item = item(&[(
            "m",
            AttributeValue::M(HashMap::from([(
                "v".to_owned(),
                AttributeValue::N("NaN".into()),
            )])),
        )]);
        assert_eq!(
            check_item(&item),
            Err(ItemProblem::Number {
                attribute: "m.v".into(),
                value: "NaN".into()
            })
        );
    }

    #[test]
    fn empty_sets_and_deep_nesting_are_refused() {
        let empty = item(&[("tags", AttributeValue::Ss(vec![]))]);
        assert_eq!(
            check_item(&empty),
            Err(ItemProblem::EmptySet {
                attribute: "tags".into()
            })
        );
        let mut value = AttributeValue::S("leaf".into());
        for _ in 0..MAX_NESTING - 1 {
            value = AttributeValue::L(vec![value]);
        }
        assert_eq!(check_item(&item(&[("d", value.clone())])), Ok(()));
        let deeper = item(&[("d", AttributeValue::L(vec![value]))]);
        assert!(matches!(
            check_item(&deeper),
            Err(ItemProblem::TooDeep { attribute }) if attribute.starts_with("d[0][0]")
        ));
    }
}
