//! The key template grammar: literal text with `<field>` placeholders (docs/semantics.md §1).
//!
//! Plain Rust with no compiler types, so it is unit-tested directly (the sqlx pattern).
//!
//! Placeholders of other template languages (`{field}`, `${field}`, `{}`, `{0:?}`) are mistakes, not
//! literal text: a DynamoDB key never means them, and taken literally they put every item in one
//! key. [`look_alikes`] finds `:field` and `$field`, which are mistakes only when they name a field
//! (`ORG:META` is ordinary literal text), so the model checks them against the struct.

use std::fmt;

/// One piece of a template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Piece {
    /// Literal text.
    Literal(String),
    /// A `<name>` placeholder; `offset` is the byte offset of `<` in the template.
    Placeholder { name: String, offset: usize },
}

/// A mistake in a template's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TemplateError {
    Empty,
    /// `<` with no `>`; `name` is the identifier after it, where there is one.
    Unclosed {
        offset: usize,
        name: Option<String>,
    },
    /// `{…}` or `${…}` in the shape of a `format!`/shell placeholder; `text` is as written,
    /// `name` the identifier inside, where there is one.
    ForeignPlaceholder {
        text: String,
        name: Option<String>,
    },
    EmptyPlaceholder {
        offset: usize,
    },
    Adjacent {
        first: String,
        second: String,
    },
    StrayClose {
        offset: usize,
    },
    NotIdentifier {
        name: String,
    },
}

impl fmt::Display for TemplateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TemplateError::Empty => write!(
                f,
                "empty key template: DynamoDB rejects empty key values; write literal text and/or \
                 `<field>` placeholders, e.g. \"META\" or \"WS#<workspace>\""
            ),
            TemplateError::Unclosed {
                offset,
                name: Some(name),
            } => write!(
                f,
                "unclosed placeholder: `<{name}` at byte {offset} has no matching `>`; \
                 dynakey templates name fields as `<{name}>`"
            ),
            TemplateError::Unclosed { offset, name: None } => write!(
                f,
                "unclosed placeholder: `<` at byte {offset} has no matching `>`; write `<field>`"
            ),
            TemplateError::ForeignPlaceholder {
                text,
                name: Some(name),
            } => write!(
                f,
                "`{text}` looks like a placeholder: dynakey templates name fields as `<{name}>`"
            ),
            TemplateError::ForeignPlaceholder { text, name: None } => write!(
                f,
                "`{text}` looks like a `format!` placeholder: dynakey templates name fields as \
                 `<field>`, e.g. `<id>`"
            ),
            TemplateError::EmptyPlaceholder { offset } => write!(
                f,
                "empty placeholder `<>` at byte {offset}: name a field inside the angle brackets, e.g. `<id>`"
            ),
            TemplateError::Adjacent { first, second } => write!(
                f,
                "placeholders `<{first}>` and `<{second}>` have no literal between them, so the key \
                 could not be split back into fields; put a delimiter between them, e.g. `<{first}>#<{second}>`"
            ),
            TemplateError::StrayClose { offset } => write!(
                f,
                "`>` at byte {offset} closes no placeholder; placeholders are written `<field>`"
            ),
            TemplateError::NotIdentifier { name } => write!(
                f,
                "placeholder `<{name}>` is not a field name; placeholders name struct fields, e.g. `<id>`"
            ),
        }
    }
}

/// Parses a template, reporting every mistake rather than the first.
pub fn parse(text: &str) -> Result<Vec<Piece>, Vec<TemplateError>> {
    if text.is_empty() {
        return Err(vec![TemplateError::Empty]);
    }
    let mut pieces = Vec::new();
    let mut errors = Vec::new();
    let mut literal = String::new();
    let mut rest = text.char_indices().peekable();
    while let Some((offset, c)) = rest.next() {
        match c {
            '<' => {
                let mut name = String::new();
                let mut closed = false;
                while let Some(&(_, n)) = rest.peek() {
                    if n == '<' {
                        break;
                    }
                    rest.next();
                    if n == '>' {
                        closed = true;
                        break;
                    }
                    name.push(n);
                }
                if !closed {
                    let word = identifier_prefix(&name);
                    errors.push(TemplateError::Unclosed {
                        offset,
                        name: (!word.is_empty()).then(|| word.to_owned()),
                    });
                    literal.push('<');
                    literal.push_str(&name);
                    continue;
                }
                if name.is_empty() {
                    errors.push(TemplateError::EmptyPlaceholder { offset });
                    continue;
                }
                if !is_identifier(&name) {
                    errors.push(TemplateError::NotIdentifier { name: name.clone() });
                }
                if literal.is_empty() {
                    if let Some(Piece::Placeholder { name: first, .. }) = pieces.last() {
                        errors.push(TemplateError::Adjacent {
                            first: first.clone(),
                            second: name.clone(),
                        });
                    }
                } else {
                    pieces.push(Piece::Literal(std::mem::take(&mut literal)));
                }
                pieces.push(Piece::Placeholder { name, offset });
            }
            '>' => {
                errors.push(TemplateError::StrayClose { offset });
                literal.push(c);
            }
            '{' => match foreign_placeholder(&text[offset..]) {
                Some((len, name)) => {
                    let start = if literal.ends_with('$') {
                        literal.pop();
                        offset - 1
                    } else {
                        offset
                    };
                    errors.push(TemplateError::ForeignPlaceholder {
                        text: text[start..offset + len].to_owned(),
                        name,
                    });
                    while rest.peek().is_some_and(|&(at, _)| at < offset + len) {
                        rest.next();
                    }
                }
                None => literal.push(c),
            },
            _ => literal.push(c),
        }
    }
    if !literal.is_empty() {
        pieces.push(Piece::Literal(literal));
    }
    if errors.is_empty() {
        Ok(pieces)
    } else {
        Err(errors)
    }
}

/// The length in bytes of a `format!`-style placeholder at the start of `text` (which starts with
/// `{`), and the identifier it names: `{` then an optional argument (an identifier or digits), an
/// optional `:` and format spec (no braces), then `}` — `{library}`, `{}`, `{0}`, `{id:?}`. Any
/// other `{` is literal text (`{`, `{a b}`, `{#}`).
fn foreign_placeholder(text: &str) -> Option<(usize, Option<String>)> {
    let inner = &text[1..];
    let close = inner.find(['}', '{'])?;
    if inner.as_bytes()[close] != b'}' {
        return None;
    }
    let body = &inner[..close];
    let (argument, spec) = body.split_once(':').unwrap_or((body, ""));
    let named = is_identifier(argument);
    let shaped = argument.is_empty() || named || argument.bytes().all(|b| b.is_ascii_digit());
    let spec_ok = !body.contains(':') || !spec.contains(char::is_whitespace);
    (shaped && spec_ok).then(|| (close + 2, named.then(|| argument.to_owned())))
}

/// `:name` and `$name` in a template's literal text, as (sigil and name as written, name): a
/// mistake where `name` is a field of the struct (the model checks; `ORG:META` is literal text).
pub fn look_alikes(literal: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    for (at, sigil) in literal.match_indices([':', '$']) {
        let word = identifier_prefix(&literal[at + sigil.len()..]);
        if !word.is_empty() {
            found.push((format!("{sigil}{word}"), word.to_owned()));
        }
    }
    found
}

/// The longest identifier at the start of `text` (empty when it starts with none).
fn identifier_prefix(text: &str) -> &str {
    let end = text
        .char_indices()
        .find(|&(i, c)| !(c == '_' || c.is_alphabetic() || (i > 0 && c.is_alphanumeric())))
        .map_or(text.len(), |(i, _)| i);
    &text[..end]
}

fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    matches!(chars.next(), Some(c) if c == '_' || c.is_alphabetic())
        && chars.all(|c| c == '_' || c.is_alphanumeric())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit(s: &str) -> Piece {
        Piece::Literal(s.to_owned())
    }
    fn ph(name: &str, offset: usize) -> Piece {
        Piece::Placeholder {
            name: name.to_owned(),
            offset,
        }
    }

    #[test]
    fn parses_literals_and_placeholders() {
        assert_eq!(
            parse("PROJ#<created>#<id>").unwrap(),
            vec![lit("PROJ#"), ph("created", 5), lit("#"), ph("id", 15)]
        );
        assert_eq!(parse("<path>").unwrap(), vec![ph("path", 0)]);
        assert_eq!(parse("META").unwrap(), vec![lit("META")]);
        assert_eq!(
            parse("É#<nom>→").unwrap(),
            vec![lit("É#"), ph("nom", 3), lit("→")]
        );
    }

    #[test]
    fn reports_every_mistake() {
        assert_eq!(parse(""), Err(vec![TemplateError::Empty]));
        assert_eq!(
            parse("A#<id"),
            Err(vec![TemplateError::Unclosed {
                offset: 2,
                name: Some("id".into())
            }])
        );
        assert_eq!(
            parse("A#<"),
            Err(vec![TemplateError::Unclosed {
                offset: 2,
                name: None
            }])
        );
        assert_eq!(
            parse("A#<>"),
            Err(vec![TemplateError::EmptyPlaceholder { offset: 2 }])
        );
        assert_eq!(
            parse("<a><b>"),
            Err(vec![TemplateError::Adjacent {
                first: "a".into(),
                second: "b".into()
            }])
        );
        assert_eq!(
            parse("a>b"),
            Err(vec![TemplateError::StrayClose { offset: 1 }])
        );
        assert_eq!(
            parse("<a b>#<>#<c"),
            Err(vec![
                TemplateError::NotIdentifier { name: "a b".into() },
                TemplateError::EmptyPlaceholder { offset: 6 },
                TemplateError::Unclosed {
                    offset: 9,
                    name: Some("c".into())
                },
            ])
        );
        assert_eq!(
            parse("<a<b>"),
            Err(vec![TemplateError::Unclosed {
                offset: 0,
                name: Some("a".into())
            }])
        );
    }

    fn foreign(text: &str, name: Option<&str>) -> TemplateError {
        TemplateError::ForeignPlaceholder {
            text: text.into(),
            name: name.map(Into::into),
        }
    }

    #[test]
    fn placeholders_of_other_languages_are_mistakes() {
        assert_eq!(
            parse("LIB#{library}"),
            Err(vec![foreign("{library}", Some("library"))])
        );
        assert_eq!(
            parse("LIB#${library}#<id>"),
            Err(vec![foreign("${library}", Some("library"))])
        );
        assert_eq!(
            parse("A#{}#{0}#{id:?}"),
            Err(vec![
                foreign("{}", None),
                foreign("{0}", None),
                foreign("{id:?}", Some("id")),
            ])
        );
        assert_eq!(parse("É{nom}→"), Err(vec![foreign("{nom}", Some("nom"))]));
    }

    #[test]
    fn other_braces_are_literal_text() {
        for text in [
            "{", "}", "A{#<id>", "{a b}", "{#}", "{{<id>", "$5", "{a-b}", "{x: y}",
        ] {
            assert!(parse(text).is_ok(), "{text}");
        }
        assert_eq!(parse("{{x}"), Err(vec![foreign("{x}", Some("x"))]));
    }

    #[test]
    fn finds_sigil_look_alikes() {
        assert_eq!(
            look_alikes("LIB:library#$id:"),
            vec![
                (":library".into(), "library".into()),
                ("$id".into(), "id".into())
            ]
        );
        assert!(look_alikes("A:#$5").is_empty());
    }
}
