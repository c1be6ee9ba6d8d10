//! The syntax of attribute-wise index keys (design of issue 14): on `#[gsi]`/`#[lsi]`, a key is
//! one attribute or a list of them, each `"name"`, `"name": N` or `entity_type("name")`; on
//! `#[index]`, `pk`/`sk` take one fill or a list, each a template literal or a bare field name.
//!
//! ```text
//! partition_key = "GSI1PK" | "score": N | [entity_type("_type"), "tournament", "round": N]
//! pk = "BOARD#<board>" | score | [tournament, "R#<region>"]
//! ```
//!
//! Syntax only: counts, types and placement are `checks::attribute_index`'s.

use proc_macro2::Span;
use syn::parse::ParseStream;
use syn::spanned::Spanned;
use syn::{Ident, LitStr, Token};

/// One attribute of a declared index key.
pub struct AttrDecl {
    /// The attribute name.
    pub name: LitStr,
    /// `: N` (or `: S`, `: B`, or an unknown word the checks report).
    pub ty: Option<Ident>,
    /// `entity_type("…")`: the span of `entity_type`.
    pub entity_type: Option<Span>,
}

/// A declared index key: `"a"`, `"a": N` or `[…]`.
pub struct KeyDecl {
    pub attrs: Vec<AttrDecl>,
    /// The list's brackets, when written as one.
    pub bracket: Option<Span>,
}

impl KeyDecl {
    /// The literal of a key written as today's template keys are: one untyped attribute, no list.
    pub fn plain(&self) -> Option<&LitStr> {
        match self.attrs.as_slice() {
            [AttrDecl {
                name,
                ty: None,
                entity_type: None,
            }] if self.bracket.is_none() => Some(name),
            _ => None,
        }
    }

    /// The name of a key written as one attribute (typed or not), no list.
    pub fn single(&self) -> Option<&LitStr> {
        match self.attrs.as_slice() {
            [only] if self.bracket.is_none() => Some(&only.name),
            _ => None,
        }
    }

    /// Where errors about the whole key point: the list's brackets, or its one attribute.
    pub fn span(&self) -> Span {
        match (self.bracket, self.attrs.first()) {
            (Some(span), _) => span,
            (None, Some(attr)) => attr.entity_type.unwrap_or_else(|| attr.name.span()),
            (None, None) => Span::call_site(),
        }
    }
}

/// Reads a declared key (after its `=`).
pub fn key_decl(input: ParseStream<'_>) -> syn::Result<KeyDecl> {
    let (attrs, bracket) = one_or_list(input, attr_decl)?;
    Ok(KeyDecl { attrs, bracket })
}

/// One element, or a bracketed, comma-separated list of them (a trailing comma allowed) with the
/// span of its brackets: the shape of both a declared key and its fills.
fn one_or_list<T>(
    input: ParseStream<'_>,
    element: fn(ParseStream<'_>) -> syn::Result<T>,
) -> syn::Result<(Vec<T>, Option<Span>)> {
    if !input.peek(syn::token::Bracket) {
        return Ok((vec![element(input)?], None));
    }
    let content;
    let bracket = syn::bracketed!(content in input);
    let mut elements = Vec::new();
    while !content.is_empty() {
        elements.push(element(&content)?);
        if content.is_empty() {
            break;
        }
        content.parse::<Token![,]>()?;
    }
    Ok((elements, Some(bracket.span.join())))
}

fn attr_decl(input: ParseStream<'_>) -> syn::Result<AttrDecl> {
    if input.peek(Ident) {
        let word: Ident = input.parse()?;
        if word != "entity_type" {
            return Err(syn::Error::new(
                word.span(),
                format!(
                    "expected a key attribute: \"name\", \"name\": N or entity_type(\"_type\"), \
                     found `{word}`"
                ),
            ));
        }
        let content;
        syn::parenthesized!(content in input);
        let name: LitStr = content.parse()?;
        return Ok(AttrDecl {
            name,
            ty: None,
            entity_type: Some(word.span()),
        });
    }
    let name: LitStr = input.parse().map_err(|e| {
        syn::Error::new(
            e.span(),
            "expected a key attribute: \"name\", \"name\": N or entity_type(\"_type\")",
        )
    })?;
    let ty = if input.peek(Token![:]) {
        input.parse::<Token![:]>()?;
        Some(input.parse::<Ident>()?)
    } else {
        None
    };
    Ok(AttrDecl {
        name,
        ty,
        entity_type: None,
    })
}

/// One fill of an entity's index key.
pub enum FillElem {
    /// A key template, stored as a string (`S`).
    Template(LitStr),
    /// A field whose own attribute (written by serde) is the index attribute.
    Field(Ident),
}

impl FillElem {
    pub fn span(&self) -> Span {
        match self {
            FillElem::Template(lit) => lit.span(),
            FillElem::Field(ident) => ident.span(),
        }
    }
}

/// `pk = …`/`sk = …` of `#[index]`: one fill or a list.
pub struct FillDecl {
    pub fills: Vec<FillElem>,
    pub bracket: Option<Span>,
}

impl FillDecl {
    /// The literal of a key written as today's template keys are: one template, no list.
    pub fn plain(&self) -> Option<&LitStr> {
        match self.fills.as_slice() {
            [FillElem::Template(lit)] if self.bracket.is_none() => Some(lit),
            _ => None,
        }
    }

    /// The list's brackets, or its one fill.
    pub fn span(&self) -> Span {
        match (self.bracket, self.fills.first()) {
            (Some(span), _) => span,
            (None, Some(fill)) => fill.span(),
            (None, None) => Span::call_site(),
        }
    }
}

/// Reads the fills of `pk`/`sk` (after its `=`).
pub fn fill_decl(input: ParseStream<'_>) -> syn::Result<FillDecl> {
    let (fills, bracket) = one_or_list(input, fill_elem)?;
    Ok(FillDecl { fills, bracket })
}

fn fill_elem(input: ParseStream<'_>) -> syn::Result<FillElem> {
    if input.peek(LitStr) {
        return Ok(FillElem::Template(input.parse()?));
    }
    match input.parse::<Ident>() {
        Ok(ident) => Ok(FillElem::Field(ident)),
        Err(e) => Err(syn::Error::new(
            e.span(),
            "expected a key template \"PREFIX#<field>\" or a field name (its own attribute fills \
             the index attribute)",
        )),
    }
}

/// Reads `: Type` after a table key literal, if written (the caller reports it).
pub fn typed_suffix(input: ParseStream<'_>) -> syn::Result<Option<Ident>> {
    if !input.peek(Token![:]) {
        return Ok(None);
    }
    let colon = input.parse::<Token![:]>()?;
    match input.parse::<Ident>() {
        Ok(ident) => Ok(Some(ident)),
        Err(_) => Err(syn::Error::new(
            colon.span(),
            "expected an attribute type after `:`",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use syn::parse::Parser;

    #[test]
    fn key_declarations() {
        let one = key_decl.parse_str("\"GSI1PK\"").unwrap();
        assert!(one.plain().is_some());
        let typed = key_decl.parse_str("\"score\": N").unwrap();
        assert!(typed.plain().is_none());
        assert_eq!(typed.attrs[0].ty.as_ref().unwrap().to_string(), "N");
        let list = key_decl
            .parse_str("[entity_type(\"_type\"), \"tournament\", \"round\": N,]")
            .unwrap();
        assert_eq!(list.attrs.len(), 3);
        assert!(list.attrs[0].entity_type.is_some());
        assert!(list.bracket.is_some() && list.plain().is_none());
        assert!(key_decl.parse_str("[]").unwrap().attrs.is_empty());
        assert!(key_decl.parse_str("[round]").is_err());
    }

    #[test]
    fn fill_declarations() {
        assert!(fill_decl.parse_str("\"A#<a>\"").unwrap().plain().is_some());
        let list = fill_decl.parse_str("[tournament, \"R#<region>\"]").unwrap();
        assert!(matches!(list.fills[0], FillElem::Field(_)));
        assert!(matches!(list.fills[1], FillElem::Template(_)));
        assert!(fill_decl.parse_str("score").unwrap().plain().is_none());
        assert!(fill_decl.parse_str("1").is_err());
    }
}
