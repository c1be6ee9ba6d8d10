//! The `#[serde(…)]` attributes of an entity, read so that the derive knows each field's attribute
//! name and how serde stores it (serde's own derive reports their mistakes; anything this reader
//! does not understand is skipped).
//!
//! Names follow serde's rules exactly (`serde_derive`'s `internals/case.rs`): a field's name is
//! its identifier without `r#`, `rename` replaces it, and the container's `rename_all` applies
//! to fields without a `rename`; serialising and deserialising names may differ.

use proc_macro2::Span;
use syn::meta::ParseNestedMeta;
use syn::{Attribute, LitStr, Token};

/// What `#[serde(…)]` says about one field.
#[derive(Default)]
pub struct SerdeField {
    /// `rename = "…"` or `rename(serialize = "…")`.
    pub rename_serialize: Option<String>,
    /// `rename = "…"` or `rename(deserialize = "…")`.
    pub rename_deserialize: Option<String>,
    /// Where the field is left out of or ignored by serde, and why, with the attribute's span:
    /// `skip`, `skip_serializing`, `skip_deserializing`, `skip_serializing_if`.
    pub skips: Vec<(&'static str, Span)>,
    /// `flatten`.
    pub flatten: Option<Span>,
    /// `with = "…"`, the path as written (without spaces), and its span.
    pub with: Option<(String, Span)>,
    /// `serialize_with` / `deserialize_with`, with their spans.
    pub custom: Vec<(&'static str, Span)>,
    /// Where `rename` was written.
    pub rename_span: Option<Span>,
}

impl SerdeField {
    /// `true` when serde writes the field into the item (with its own name and form, or a set or
    /// TTL codec the derive understands).
    pub fn serialized(&self) -> bool {
        self.flatten.is_none()
            && !self
                .skips
                .iter()
                .any(|(what, _)| *what == "skip" || *what == "skip_serializing")
    }

    /// `with = "…"` names one of these modules.
    pub fn with_is(&self, modules: &[&str]) -> bool {
        self.with
            .as_ref()
            .is_some_and(|(path, _)| modules.contains(&path.trim_start_matches("::")))
    }
}

/// What `#[serde(…)]` says about the struct.
#[derive(Default)]
pub struct SerdeContainer {
    /// `rename_all = "…"` or `rename_all(serialize = "…")`, as a rule.
    pub rename_all_serialize: Option<RenameRule>,
    /// `rename_all = "…"` or `rename_all(deserialize = "…")`.
    pub rename_all_deserialize: Option<RenameRule>,
    /// Where `rename_all` was written.
    pub rename_all_span: Option<Span>,
    /// Container attributes that make the stored item something else than the struct's fields
    /// (`transparent`, `into`, `from`, `try_from`, `remote`) or make every read fail
    /// (`deny_unknown_fields`: items carry key attributes that are no field), with their spans.
    pub reshaping: Vec<(&'static str, Span)>,
}

/// A serde `rename_all` rule.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
// The variants are serde's own rule names (`lowercase`, `camelCase`, …).
#[allow(clippy::enum_variant_names)]
pub enum RenameRule {
    LowerCase,
    UpperCase,
    PascalCase,
    CamelCase,
    SnakeCase,
    ScreamingSnakeCase,
    KebabCase,
    ScreamingKebabCase,
}

impl RenameRule {
    fn parse(text: &str) -> Option<RenameRule> {
        Some(match text {
            "lowercase" => RenameRule::LowerCase,
            "UPPERCASE" => RenameRule::UpperCase,
            "PascalCase" => RenameRule::PascalCase,
            "camelCase" => RenameRule::CamelCase,
            "snake_case" => RenameRule::SnakeCase,
            "SCREAMING_SNAKE_CASE" => RenameRule::ScreamingSnakeCase,
            "kebab-case" => RenameRule::KebabCase,
            "SCREAMING-KEBAB-CASE" => RenameRule::ScreamingKebabCase,
            _ => return None,
        })
    }

    /// serde's `RenameRule::apply_to_field`.
    pub fn apply_to_field(self, field: &str) -> String {
        match self {
            RenameRule::LowerCase | RenameRule::SnakeCase => field.to_owned(),
            RenameRule::UpperCase | RenameRule::ScreamingSnakeCase => field.to_ascii_uppercase(),
            RenameRule::PascalCase => {
                let mut pascal = String::new();
                let mut capitalize = true;
                for ch in field.chars() {
                    if ch == '_' {
                        capitalize = true;
                    } else if capitalize {
                        pascal.push(ch.to_ascii_uppercase());
                        capitalize = false;
                    } else {
                        pascal.push(ch);
                    }
                }
                pascal
            }
            RenameRule::CamelCase => {
                let pascal = RenameRule::PascalCase.apply_to_field(field);
                let mut chars = pascal.chars();
                match chars.next() {
                    Some(first) => first.to_ascii_lowercase().to_string() + chars.as_str(),
                    None => pascal,
                }
            }
            RenameRule::KebabCase => field.replace('_', "-"),
            RenameRule::ScreamingKebabCase => field.to_ascii_uppercase().replace('_', "-"),
        }
    }
}

/// Skips the value of an option this reader does not use: `= expr` or `(…)`.
fn skip(meta: &ParseNestedMeta<'_>) -> syn::Result<()> {
    if meta.input.peek(Token![=]) {
        meta.value()?.parse::<syn::Expr>()?;
    } else if meta.input.peek(syn::token::Paren) {
        meta.input.parse::<proc_macro2::Group>()?;
    }
    Ok(())
}

/// `name = "…"` or `name(serialize = "…", deserialize = "…")`: the two strings.
fn two_names(meta: &ParseNestedMeta<'_>) -> syn::Result<(Option<String>, Option<String>)> {
    if meta.input.peek(Token![=]) {
        let lit: LitStr = meta.value()?.parse()?;
        return Ok((Some(lit.value()), Some(lit.value())));
    }
    let (mut serialize, mut deserialize) = (None, None);
    meta.parse_nested_meta(|inner| {
        let lit: LitStr = inner.value()?.parse()?;
        if inner.path.is_ident("serialize") {
            serialize = Some(lit.value());
        } else if inner.path.is_ident("deserialize") {
            deserialize = Some(lit.value());
        }
        Ok(())
    })?;
    Ok((serialize, deserialize))
}

fn serde_attrs(attrs: &[Attribute]) -> impl Iterator<Item = &Attribute> {
    attrs.iter().filter(|a| a.path().is_ident("serde"))
}

fn span_of(meta: &ParseNestedMeta<'_>) -> Span {
    syn::spanned::Spanned::span(&meta.path)
}

/// Reads the `#[serde(…)]` attributes of a field.
pub fn field(attrs: &[Attribute]) -> SerdeField {
    let mut out = SerdeField::default();
    for attr in serde_attrs(attrs) {
        let _ = attr.parse_nested_meta(|meta| {
            let span = span_of(&meta);
            let key = |name: &str| meta.path.is_ident(name);
            if key("rename") {
                let (serialize, deserialize) = two_names(&meta)?;
                out.rename_span = Some(span);
                out.rename_serialize = serialize.or(out.rename_serialize.take());
                out.rename_deserialize = deserialize.or(out.rename_deserialize.take());
            } else if let Some(what) = ["skip", "skip_serializing", "skip_deserializing"]
                .into_iter()
                .find(|w| key(w))
            {
                out.skips.push((what, span));
            } else if key("skip_serializing_if") {
                out.skips.push(("skip_serializing_if", span));
                skip(&meta)?;
            } else if key("flatten") {
                out.flatten = Some(span);
            } else if key("with") {
                let lit: LitStr = meta.value()?.parse()?;
                let path = lit.value().chars().filter(|c| !c.is_whitespace()).collect();
                out.with = Some((path, lit.span()));
            } else if let Some(what) = ["serialize_with", "deserialize_with"]
                .into_iter()
                .find(|w| key(w))
            {
                out.custom.push((what, span));
                skip(&meta)?;
            } else {
                skip(&meta)?;
            }
            Ok(())
        });
    }
    out
}

/// Reads the `#[serde(…)]` attributes of the struct.
pub fn container(attrs: &[Attribute]) -> SerdeContainer {
    let mut out = SerdeContainer::default();
    for attr in serde_attrs(attrs) {
        let _ = attr.parse_nested_meta(|meta| {
            let span = span_of(&meta);
            if meta.path.is_ident("rename_all") {
                let (serialize, deserialize) = two_names(&meta)?;
                out.rename_all_span = Some(span);
                if let Some(rule) = serialize.as_deref().and_then(RenameRule::parse) {
                    out.rename_all_serialize = Some(rule);
                }
                if let Some(rule) = deserialize.as_deref().and_then(RenameRule::parse) {
                    out.rename_all_deserialize = Some(rule);
                }
            } else if let Some(what) = [
                "transparent",
                "into",
                "from",
                "try_from",
                "remote",
                "deny_unknown_fields",
            ]
            .into_iter()
            .find(|w| meta.path.is_ident(w))
            {
                out.reshaping.push((what, span));
                skip(&meta)?;
            } else {
                skip(&meta)?;
            }
            Ok(())
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rename_rules_follow_serde() {
        let cases = [
            (RenameRule::CamelCase, "due_day_x", "dueDayX"),
            (RenameRule::PascalCase, "due_day", "DueDay"),
            (RenameRule::ScreamingSnakeCase, "due_day", "DUE_DAY"),
            (RenameRule::KebabCase, "due_day", "due-day"),
            (RenameRule::ScreamingKebabCase, "due_day", "DUE-DAY"),
            (RenameRule::LowerCase, "due_day", "due_day"),
            (RenameRule::UpperCase, "due_day", "DUE_DAY"),
        ];
        for (rule, field, name) in cases {
            assert_eq!(rule.apply_to_field(field), name, "{rule:?}");
        }
    }

    #[test]
    fn field_options_are_read_and_unknown_ones_skipped() {
        let attrs: Vec<Attribute> = vec![
            syn::parse_quote!(#[serde(default, rename = "x", alias = "y")]),
            syn::parse_quote!(#[serde(skip_serializing_if = "Option::is_none", with = "serde_dynamo :: string_set")]),
        ];
        let field = field(&attrs);
        assert_eq!(field.rename_serialize.as_deref(), Some("x"));
        assert_eq!(field.skips.len(), 1);
        assert!(field.serialized());
        assert!(field.with_is(&["serde_dynamo::string_set"]));
        let split: Vec<Attribute> =
            vec![syn::parse_quote!(#[serde(rename(serialize = "a", deserialize = "b"))])];
        let split = super::field(&split);
        assert_eq!(split.rename_serialize.as_deref(), Some("a"));
        assert_eq!(split.rename_deserialize.as_deref(), Some("b"));
    }
}
