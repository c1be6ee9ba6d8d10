//! Text shared by the design's drawings: escaping for HTML/SVG and Markdown, and attribute values
//! as a person reads them.

use aws_sdk_dynamodb::types::AttributeValue;
use dynakey::AttributeValue as Value;

/// `text` escaped for HTML and SVG text and attribute values.
pub(crate) fn html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            // Not allowed in XML (SVG) text at all: shown as the replacement character.
            c if c.is_control() && !matches!(c, '\t' | '\n' | '\r') => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

/// `text` cut to `max` characters by taking out its middle (`…` in its place): a key's start
/// (its entity prefix) and end (the value that tells two keys apart, a ULID's random part) both
/// stay readable.
pub(crate) fn elide(text: &str, max: usize) -> String {
    let count = text.chars().count();
    if count <= max {
        return text.to_owned();
    }
    let keep = max.saturating_sub(1);
    let head = keep.div_ceil(2);
    let tail = keep - head;
    let mut out: String = text.chars().take(head).collect();
    out.push('…');
    out.extend(text.chars().skip(count - tail));
    out
}

/// `text` for HTML, elided in the middle to `max` characters ([`elide`]) with the whole text in a
/// `title` (shown on hover) when it is longer.
pub(crate) fn html_elided(text: &str, max: usize) -> String {
    let short = elide(text, max);
    if short == text {
        return html(text);
    }
    format!("<span title=\"{}\">{}</span>", html(text), html(&short))
}

/// `text` for SVG, elided in the middle to `max` characters ([`elide`]) with the whole text in a
/// `<title>` child (shown on hover) when it is longer: the content of a `<text>` element.
pub(crate) fn svg_elided(text: &str, max: usize) -> String {
    let short = elide(text, max);
    if short == text {
        return html(text);
    }
    format!("<title>{}</title>{}", html(text), html(&short))
}

/// `text` as Markdown inline code in a table cell: a pipe escaped, a line break as a space, and
/// enough backticks around it that one inside does not end it.
pub(crate) fn code(text: &str) -> String {
    if text.is_empty() {
        return String::new();
    }
    let text = text.replace('|', "\\|").replace(['\n', '\r'], " ");
    let fence = "`".repeat(longest_run(&text, '`') + 1);
    let pad = if text.starts_with('`') || text.ends_with('`') {
        " "
    } else {
        ""
    };
    format!("{fence}{pad}{text}{pad}{fence}")
}

/// `text` as plain Markdown in a table cell: the characters Markdown reads as markup escaped,
/// a line break as a space.
pub(crate) fn cell(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '|' | '#' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

fn longest_run(text: &str, of: char) -> usize {
    let (mut longest, mut run) = (0, 0);
    for c in text.chars() {
        run = if c == of { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    longest
}

/// An expression value (`:pk`) as it reads: a string in quotes, a number and a boolean as is.
pub(crate) fn value(value: &Value) -> String {
    match value {
        Value::S(text) => format!("{text:?}"),
        Value::N(number) => number.clone(),
        Value::Bool(b) => b.to_string(),
        other => format!("{other:?}"),
    }
}

/// An item's attribute value, short: strings and numbers as they are, anything else by its type.
pub(crate) fn attribute(value: &AttributeValue) -> String {
    match value {
        AttributeValue::S(text) => text.clone(),
        AttributeValue::N(number) => number.clone(),
        AttributeValue::Bool(b) => b.to_string(),
        AttributeValue::Null(_) => "null".to_owned(),
        other => format!("({})", type_name(other)),
    }
}

/// The DynamoDB type descriptor of `value` (`S`, `N`, `B`, `BOOL`, `NULL`, `M`, `L`, `SS`, `NS`,
/// `BS`: AWS developer guide, "Supported data types and naming rules in Amazon DynamoDB").
pub(crate) fn type_name(value: &AttributeValue) -> &'static str {
    match value {
        AttributeValue::S(_) => "S",
        AttributeValue::N(_) => "N",
        AttributeValue::B(_) => "B",
        AttributeValue::Bool(_) => "BOOL",
        AttributeValue::Null(_) => "NULL",
        AttributeValue::M(_) => "M",
        AttributeValue::L(_) => "L",
        AttributeValue::Ss(_) => "SS",
        AttributeValue::Ns(_) => "NS",
        AttributeValue::Bs(_) => "BS",
        _ => "S",
    }
}
