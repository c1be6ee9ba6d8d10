//! The key template grammar: literal text with `<field>` placeholders (docs/semantics.md §1).
//!
//! Plain Rust with no compiler types, so it is unit-tested directly (the sqlx pattern).

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
    Unclosed { offset: usize },
    EmptyPlaceholder { offset: usize },
    Adjacent { first: String, second: String },
    StrayClose { offset: usize },
    NotIdentifier { name: String },
}

impl fmt::Display for TemplateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TemplateError::Empty => write!(
                f,
                "empty key template: DynamoDB rejects empty key values; write literal text and/or \
                 `<field>` placeholders, e.g. \"META\" or \"WS#<workspace>\""
            ),
            TemplateError::Unclosed { offset } => write!(
                f,
                "unclosed placeholder: `<` at byte {offset} has no matching `>`; write `<field>`"
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
                    errors.push(TemplateError::Unclosed { offset });
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
            Err(vec![TemplateError::Unclosed { offset: 2 }])
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
                TemplateError::Unclosed { offset: 9 },
            ])
        );
        assert_eq!(
            parse("<a<b>"),
            Err(vec![TemplateError::Unclosed { offset: 0 }])
        );
    }
}
