//! DynamoDB numbers (`N`) as text: the text dynakey sends for a float, and the numeric order of
//! two number texts (for cursor checks and the order of `between`'s ends).
//!
//! DynamoDB sends and receives numbers as strings and compares them as numbers (AWS developer
//! guide, "Supported data types — Number": up to 38 digits of precision, positive magnitudes from
//! 1e-130 to under 1e126, and the same for negatives). Leading and trailing zeros are not
//! significant, so `"10"`, `"10.0"` and `"1e1"` are one number.

use std::cmp::Ordering;

/// The largest magnitude exponent DynamoDB accepts: values are below 1e126.
const MAX_EXPONENT: i32 = 126;
/// The smallest: non-zero values are at least 1e-130.
const MIN_EXPONENT: i32 = -130;
/// DynamoDB's precision, in significant digits.
const MAX_DIGITS: usize = 38;

/// The plain decimal text (no exponent) of `value` with the fewest digits that read back as it
/// (`ryu`'s shortest representation), or `None` when DynamoDB cannot hold it: NaN, ±infinity, a
/// magnitude of 1e126 or more, or a non-zero magnitude below 1e-130. `-0.0` is `"0"`.
///
/// ```
/// use dynakey::__private::attribute::number::number_text;
/// assert_eq!(number_text(2.0).as_deref(), Some("2"));
/// assert_eq!(number_text(-0.25).as_deref(), Some("-0.25"));
/// assert_eq!(number_text(1e-7).as_deref(), Some("0.0000001"));
/// assert_eq!(number_text(f64::NAN), None);
/// ```
pub fn number_text(value: f64) -> Option<String> {
    if !value.is_finite() {
        return None;
    }
    plain(ryu::Buffer::new().format_finite(value))
}

/// As [`number_text`] for an `f32`: the shortest text that reads back as this `f32` (so `0.1f32`
/// is `"0.1"`, not the digits of its widening to `f64`).
pub fn number_text_f32(value: f32) -> Option<String> {
    if !value.is_finite() {
        return None;
    }
    plain(ryu::Buffer::new().format_finite(value))
}

/// A number text parsed into sign, significant digits (no leading or trailing zeros) and the
/// decimal exponent of the first digit (`d.ddd × 10^exponent`). Zero has no digits.
#[derive(Debug, PartialEq, Eq)]
struct Decimal {
    negative: bool,
    digits: Vec<u8>,
    exponent: i64,
}

impl Decimal {
    /// Parses `[+-]digits[.digits][(e|E)[+-]digits]`; `None` for anything else.
    fn parse(text: &str) -> Option<Decimal> {
        let bytes = text.as_bytes();
        let mut i = 0;
        let mut negative = false;
        if let Some(&sign) = bytes.first() {
            if sign == b'-' || sign == b'+' {
                negative = sign == b'-';
                i = 1;
            }
        }
        // Every digit, and how many come before the decimal point.
        let mut all = Vec::new();
        let mut before_point: i64 = 0;
        let mut after_point = false;
        while let Some(&c) = bytes.get(i) {
            match c {
                b'0'..=b'9' => {
                    all.push(c - b'0');
                    if !after_point {
                        before_point += 1;
                    }
                }
                b'.' if !after_point => after_point = true,
                _ => break,
            }
            i += 1;
        }
        if all.is_empty() {
            return None;
        }
        let leading = all.iter().take_while(|&&d| d == 0).count();
        let mut digits = all.split_off(leading);
        let point = before_point - leading as i64;
        let mut exponent: i64 = 0;
        if let Some(&e) = bytes.get(i) {
            if e != b'e' && e != b'E' {
                return None;
            }
            let rest = text.get(i + 1..)?;
            let rest = rest.strip_prefix('+').unwrap_or(rest);
            if rest.is_empty() || rest.len() > 6 {
                return None;
            }
            exponent = rest.parse::<i64>().ok()?;
        }
        while digits.last() == Some(&0) {
            digits.pop();
        }
        if digits.is_empty() {
            return Some(Decimal {
                negative: false,
                digits,
                exponent: 0,
            });
        }
        Some(Decimal {
            negative,
            digits,
            exponent: point - 1 + exponent,
        })
    }

    /// The order of two magnitudes.
    fn cmp_magnitude(&self, other: &Decimal) -> Ordering {
        match (self.digits.is_empty(), other.digits.is_empty()) {
            (true, true) => return Ordering::Equal,
            (true, false) => return Ordering::Less,
            (false, true) => return Ordering::Greater,
            (false, false) => {}
        }
        self.exponent
            .cmp(&other.exponent)
            .then_with(|| self.digits.cmp(&other.digits))
    }
}

/// The numeric order of two DynamoDB number texts (`"2" < "10"`, `"1.50" == "1.5"`, `"-3" <
/// "-2"`), or `None` when either is not a number text (`[+-]digits[.digits][e[+-]digits]`).
///
/// ```
/// use dynakey::__private::attribute::number::cmp_numbers;
/// use std::cmp::Ordering;
/// assert_eq!(cmp_numbers("2", "10"), Some(Ordering::Less));
/// assert_eq!(cmp_numbers("1.50", "1.5"), Some(Ordering::Equal));
/// assert_eq!(cmp_numbers("-3", "-2"), Some(Ordering::Less));
/// assert_eq!(cmp_numbers("1e2", "99"), Some(Ordering::Greater));
/// assert_eq!(cmp_numbers("two", "2"), None);
/// ```
pub fn cmp_numbers(a: &str, b: &str) -> Option<Ordering> {
    let a = Decimal::parse(a)?;
    let b = Decimal::parse(b)?;
    Some(match (a.negative, b.negative) {
        (false, false) => a.cmp_magnitude(&b),
        (true, true) => b.cmp_magnitude(&a),
        (false, true) => Ordering::Greater,
        (true, false) => Ordering::Less,
    })
}

/// `true` when `text` is a number DynamoDB holds: a number text with at most 38 significant
/// digits and a magnitude in 1e-130 ..< 1e126 (or zero).
pub fn is_number_text(text: &str) -> bool {
    match Decimal::parse(text) {
        Some(d) if d.digits.is_empty() => true,
        Some(d) => {
            d.digits.len() <= MAX_DIGITS
                && d.exponent < i64::from(MAX_EXPONENT)
                && d.exponent >= i64::from(MIN_EXPONENT)
        }
        None => false,
    }
}

/// `ryu`'s text (`1.5`, `1e-7`, `1.5e300`) as a plain decimal, checked against DynamoDB's range.
fn plain(shortest: &str) -> Option<String> {
    let d = Decimal::parse(shortest)?;
    if d.digits.is_empty() {
        return Some("0".to_owned());
    }
    if d.exponent >= i64::from(MAX_EXPONENT)
        || d.exponent < i64::from(MIN_EXPONENT)
        || d.digits.len() > MAX_DIGITS
    {
        return None;
    }
    let mut out = String::new();
    if d.negative {
        out.push('-');
    }
    let digit = |k: i64| -> char {
        usize::try_from(k)
            .ok()
            .and_then(|k| d.digits.get(k))
            .map_or('0', |&c| char::from(b'0' + c))
    };
    let len = d.digits.len() as i64;
    if d.exponent < 0 {
        out.push_str("0.");
        for _ in 0..(-d.exponent - 1) {
            out.push('0');
        }
        for k in 0..len {
            out.push(digit(k));
        }
    } else {
        for k in 0..=d.exponent {
            out.push(digit(k));
        }
        if len > d.exponent + 1 {
            out.push('.');
            for k in (d.exponent + 1)..len {
                out.push(digit(k));
            }
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn texts_parse_to_their_significant_digits() {
        let d = Decimal::parse("001.2300").unwrap();
        assert_eq!((d.digits, d.exponent), (vec![1, 2, 3], 0));
        let d = Decimal::parse("0.00450").unwrap();
        assert_eq!((d.digits, d.exponent), (vec![4, 5], -3));
        let d = Decimal::parse("120").unwrap();
        assert_eq!((d.digits, d.exponent), (vec![1, 2], 2));
        let d = Decimal::parse("1.5e-7").unwrap();
        assert_eq!((d.digits, d.exponent), (vec![1, 5], -7));
        assert_eq!(Decimal::parse("-0.0").unwrap().digits, Vec::<u8>::new());
        for bad in [
            "",
            "-",
            ".",
            "1..2",
            "1e",
            "1e+",
            "abc",
            "1x",
            "1e1000000000",
        ] {
            assert_eq!(Decimal::parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn floats_become_plain_decimals_within_dynamodb_range() {
        assert_eq!(number_text(0.0).as_deref(), Some("0"));
        assert_eq!(number_text(-0.0).as_deref(), Some("0"));
        assert_eq!(number_text(100.0).as_deref(), Some("100"));
        assert_eq!(
            number_text(1.5e20).as_deref(),
            Some("150000000000000000000")
        );
        assert_eq!(number_text(-1.25e-3).as_deref(), Some("-0.00125"));
        assert_eq!(number_text_f32(0.1).as_deref(), Some("0.1"));
        assert_eq!(number_text(1e126), None);
        assert_eq!(number_text(9.9e125).map(|t| t.len()), Some(126));
        assert_eq!(number_text(1e-131), None);
        assert!(number_text(1e-130).is_some());
        assert_eq!(number_text(f64::INFINITY), None);
        assert!(is_number_text("-12.5e3"));
        assert!(!is_number_text("1e126"));
        assert!(!is_number_text(&"1".repeat(39)));
    }

    /// Floats over DynamoDB's whole range of magnitudes (a uniform `f64` is mostly out of it).
    fn float() -> impl Strategy<Value = f64> {
        (any::<i32>(), -120i32..110)
            .prop_map(|(m, e)| f64::from(m) * 10f64.powi(e))
            .prop_filter("within DynamoDB's range", |v| number_text(*v).is_some())
    }

    proptest! {
        #[test]
        fn integers_compare_as_numbers(a: i128, b: i128) {
            prop_assert_eq!(cmp_numbers(&a.to_string(), &b.to_string()), Some(a.cmp(&b)));
        }

        #[test]
        fn floats_compare_as_numbers_and_read_back(a in float(), b in float()) {
            let (ta, tb) = (number_text(a).unwrap(), number_text(b).unwrap());
            prop_assert_eq!(ta.parse::<f64>().unwrap(), a);
            prop_assert_eq!(cmp_numbers(&ta, &tb), a.partial_cmp(&b));
        }

        #[test]
        fn exponent_forms_equal_plain_ones(digits in 1u64..1_000_000, shift in -20i32..20) {
            let plain = format!("{digits}");
            let scaled = format!("{}e{}", digits, shift);
            let expected = if shift == 0 { Ordering::Equal } else if shift > 0 { Ordering::Greater } else { Ordering::Less };
            prop_assert_eq!(cmp_numbers(&scaled, &plain), Some(expected));
        }
    }
}
