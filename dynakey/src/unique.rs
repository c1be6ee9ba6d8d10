//! Unique constraints: `#[unique("email")]` on an entity (one attribute per constraint, naming one
//! or more fields) says that no two items of the entity hold the same values in those fields.
//!
//! DynamoDB enforces uniqueness only for primary keys, so the runtime keeps one *uniqueness item*
//! per constraint and item, in the same table, whose primary key is built from the values
//! ([`UniqueConstraint::key_text`]), and writes it in the same `TransactWriteItems` request as the
//! entity, conditioned on its absence (AWS developer guide, "Amazon DynamoDB Transactions"; the
//! pattern of the AWS Database Blog "Simulating Amazon DynamoDB unique constraints using
//! transactions"). The format is part of the data contract: `docs/semantics.md` §5.

use std::fmt;

/// One unique constraint of an entity ([`Entity::UNIQUE`](crate::Entity::UNIQUE)): its fields and
/// the attributes serde stores them in, in the order written. Built only by the derive.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct UniqueConstraint {
    pub(crate) fields: &'static [&'static str],
    pub(crate) attributes: &'static [&'static str],
}

impl fmt::Debug for UniqueConstraint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("UniqueConstraint")
            .field("fields", &self.fields)
            .field("attributes", &self.attributes)
            .finish()
    }
}

/// The prefix of every uniqueness item's partition key: a key template of an entity should not
/// start with it (`docs/semantics.md` §5).
#[doc(hidden)]
pub const UNIQUE_PREFIX: &str = "UNIQUE#";

/// The prefix of the partition key of dynakey's other own items, such as the design item the
/// runtime keeps in the table (`docs/semantics.md` §10, "The table records its design"): a key
/// template of an entity should not start with it either.
#[doc(hidden)]
pub const DYNAKEY_PREFIX: &str = "DYNAKEY#";

impl UniqueConstraint {
    /// The fields, as the struct names them.
    pub const fn fields(&self) -> &'static [&'static str] {
        self.fields
    }

    /// The attributes serde stores the fields in, in [`fields`](Self::fields) order.
    pub const fn attributes(&self) -> &'static [&'static str] {
        self.attributes
    }

    /// The constraint's name: its fields joined with `+` (`"email"`, `"org+email"`).
    pub fn name(&self) -> String {
        self.fields.join("+")
    }

    /// The key text of the uniqueness item of entity `entity` whose fields hold `values` (one
    /// text per field, as [`value_text`] makes them):
    /// `UNIQUE#<entity>#<fields joined by +>#<values joined by #>`, each value with `%` and `#`
    /// written `%25` and `%23`, so that two different value lists never give the same key.
    pub fn key_text(&self, entity: &str, values: &[String]) -> String {
        let mut key = format!("{UNIQUE_PREFIX}{entity}#{}", self.name());
        for value in values {
            key.push('#');
            for c in value.chars() {
                match c {
                    '%' => key.push_str("%25"),
                    '#' => key.push_str("%23"),
                    c => key.push(c),
                }
            }
        }
        key
    }
}

/// The text of one stored value in a uniqueness key: a string as it is, a number as DynamoDB
/// stores it ([`number_text`]: `1.50`, `1.5` and `15E-1` are one value), a boolean `true`/`false`, anything else (binary, sets, lists, maps) in DynamoDB's
/// JSON form. `None` for `NULL`: a field that is `None` takes part in no uniqueness item (as SQL's
/// `UNIQUE` ignores `NULL`).
#[doc(hidden)]
pub fn value_text(value: &crate::expr::Value) -> Option<String> {
    use crate::expr::Value;
    match value {
        Value::Null(_) => None,
        Value::S(s) => Some(s.clone()),
        Value::N(n) => Some(number_text(n)),
        Value::Bool(b) => Some(b.to_string()),
        other => Some(crate::expr::Json(other).to_string()),
    }
}

/// A number's text as DynamoDB stores it (AWS developer guide, "Supported data types — Number":
/// leading and trailing zeros are trimmed): plain decimal notation, no exponent, no `+`, no
/// leading zeros before the point, no trailing zeros after it, no point when it is whole, `0` for
/// any zero (`-0`, `0.00`). `1.50`, `+1.5`, `15e-1` and `0.15E1` all give `1.5`. A text that is
/// not a number (DynamoDB refuses it anyway) is returned as it is.
#[doc(hidden)]
pub fn number_text(n: &str) -> String {
    normalize(n).unwrap_or_else(|| n.to_owned())
}

fn normalize(n: &str) -> Option<String> {
    let n = n.trim();
    let (negative, rest) = match n.as_bytes().first()? {
        b'-' => (true, &n[1..]),
        b'+' => (false, &n[1..]),
        _ => (false, n),
    };
    let (mantissa, exponent) = match rest.find(['e', 'E']) {
        Some(at) => (&rest[..at], rest[at + 1..].parse::<i32>().ok()?),
        None => (rest, 0),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    if whole.is_empty() && fraction.is_empty() {
        return None;
    }
    if !whole
        .bytes()
        .chain(fraction.bytes())
        .all(|b| b.is_ascii_digit())
    {
        return None;
    }
    // value = 0.<digits> × 10^point, digits without leading or trailing zeros.
    let all = format!("{whole}{fraction}");
    let leading = all.bytes().take_while(|b| *b == b'0').count();
    let digits = all[leading..].trim_end_matches('0');
    if digits.is_empty() {
        return Some("0".to_owned());
    }
    // DynamoDB numbers have magnitudes 1E-130 to 1E+126: anything far outside is not one.
    let point =
        i64::try_from(whole.len()).ok()? - i64::try_from(leading).ok()? + i64::from(exponent);
    if !(-200..=200).contains(&point) {
        return None;
    }
    let len = digits.len() as i64;
    let mut out = String::with_capacity(digits.len() + 4);
    if negative {
        out.push('-');
    }
    if point <= 0 {
        out.push_str("0.");
        out.extend(std::iter::repeat_n('0', (-point) as usize));
        out.push_str(digits);
    } else if point >= len {
        out.push_str(digits);
        out.extend(std::iter::repeat_n('0', (point - len) as usize));
    } else {
        out.push_str(&digits[..point as usize]);
        out.push('.');
        out.push_str(&digits[point as usize..]);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_escape_their_delimiter() {
        let c = UniqueConstraint {
            fields: &["org", "email"],
            attributes: &["org", "email"],
        };
        let a = c.key_text("User", &["a#b".into(), "c".into()]);
        let b = c.key_text("User", &["a".into(), "b#c".into()]);
        assert_eq!(a, "UNIQUE#User#org+email#a%23b#c");
        assert_ne!(a, b);
        assert_eq!(
            c.key_text("User", &["100%".into()]),
            "UNIQUE#User#org+email#100%25"
        );
    }

    #[test]
    fn numbers_are_keyed_as_dynamodb_stores_them() {
        for (text, stored) in [
            ("1.50", "1.5"),
            ("1.5", "1.5"),
            ("+1.5", "1.5"),
            ("15e-1", "1.5"),
            ("0.15E1", "1.5"),
            ("-0", "0"),
            ("0.000", "0"),
            ("-0.0e5", "0"),
            ("007", "7"),
            ("100", "100"),
            ("1E2", "100"),
            ("1.0e+2", "100"),
            ("-12.3400", "-12.34"),
            ("0.05", "0.05"),
            ("5e-3", "0.005"),
            (".5", "0.5"),
            ("5.", "5"),
            ("abc", "abc"),
            ("1e", "1e"),
        ] {
            assert_eq!(number_text(text), stored, "{text}");
        }
    }

    proptest::proptest! {
        /// A decimal written with extra zeros, a sign or an exponent keys as the plain one.
        #[test]
        fn one_value_one_text(int in 0u64..1_000_000, frac in 0u32..10_000, zeros in 0usize..4,
                              negative: bool) {
            let sign = if negative { "-" } else { "" };
            let plain = number_text(&format!("{sign}{int}.{frac:04}"));
            let padded = format!(
                "{}{}{int}.{frac:04}{}",
                if negative { "-" } else { "+" },
                "0".repeat(zeros),
                "0".repeat(zeros)
            );
            proptest::prop_assert_eq!(&number_text(&padded), &plain);
            // int.frac = 0.<int><frac> × 10^len(int) = <int><frac> × 10^-4.
            let digits = format!("{int}{frac:04}");
            let len = int.to_string().len();
            proptest::prop_assert_eq!(&number_text(&format!("{sign}0.{digits}e{len}")), &plain);
            proptest::prop_assert_eq!(&number_text(&format!("{sign}{digits}E-4")), &plain);
            // Plain text is a fixed point, without trailing zeros after a point.
            proptest::prop_assert_eq!(&number_text(&plain), &plain);
            proptest::prop_assert!(!(plain.contains('.') && plain.ends_with('0')));
        }
    }
}
