//! A child entity (`#[dynakey(parent = P)]`): the field holding its parent's key (`#[parent]`,
//! a `dynakey::Key<P>`), and its sort-key template with the parent's key taken off its start.
//!
//! The child's derive cannot read `P`'s templates; its expansion joins them at build time
//! (`codegen::child`). Here only what the child's own attributes say is resolved.

use proc_macro2::Span;
use syn::{Ident, LitStr, Path};

use crate::ctxt::Ctxt;
use crate::model::{Field, Segment, Template};

/// What `#[dynakey(parent = P)]` and `#[parent]` declare.
pub struct Parent {
    /// `P`, as written.
    pub path: Path,
    /// Index into `Entity::fields` of the `#[parent]` field.
    pub field: usize,
    /// The sort-key template as written (`"<book>#COPY#<copy>"`), for messages.
    pub written: LitStr,
    /// `table = T`, when the child names its table too (it must be the parent's).
    pub table: Option<Path>,
}

/// Resolves the declaration, and takes the parent's placeholder off the start of the sort-key
/// template `sk` (which then holds the suffix, its literal the suffix's text spanned at the
/// template). `None`, with the mistakes reported, when the entity is no child or the declaration
/// does not hold together; a `#[parent]` field without a `parent = …` is reported too.
pub fn resolve(
    cx: &Ctxt,
    ident: &Ident,
    path: Option<Path>,
    table: Option<&Path>,
    fields: &[Field<'_>],
    sk: &mut [Template],
    sk_written: bool,
) -> Option<Parent> {
    let marked: Vec<(usize, Span)> = fields
        .iter()
        .enumerate()
        .filter_map(|(i, f)| f.parent.map(|span| (i, span)))
        .collect();
    let Some(path) = path else {
        for (_, span) in &marked {
            cx.error_span(
                *span,
                "#[parent] marks the field holding the parent's key of a child entity, and this \
                 entity names no parent: name it on the struct, #[dynakey(parent = Parent)], or \
                 remove #[parent]",
            );
        }
        return None;
    };
    let parent_name = path
        .segments
        .last()
        .map_or_else(|| "Parent".to_owned(), |s| s.ident.to_string());
    let Some(&(field, _)) = marked.first() else {
        cx.error_at(
            &path,
            format!(
                "a child entity holds its parent's key in one field: add \
                 `#[parent] {snake}: dynakey::Key<{parent_name}>`, and start the sort-key \
                 template with it, e.g. #[sk(\"<{snake}>#{upper}#<id>\")]",
                snake = parent_name.to_lowercase(),
                upper = ident.to_string().to_uppercase(),
            ),
        );
        return None;
    };
    for (_, span) in marked.iter().skip(1) {
        cx.error_span(
            *span,
            format!(
                "a child entity has one parent key, in one field: keep #[parent] on `{}` only",
                fields[field].name()
            ),
        );
    }
    if marked.len() > 1 {
        return None;
    }
    let name = fields[field].name();
    let Some(template) = sk.first_mut() else {
        if sk_written {
            // Its template's mistake is reported.
            return None;
        }
        cx.error_at(
            ident,
            format!(
                "a child entity's sort key extends its parent's: add a sort-key template that \
                 starts with the parent's key, e.g. #[sk(\"<{name}>#{}#<id>\")]",
                ident.to_string().to_uppercase()
            ),
        );
        return None;
    };
    let written = template.lit.clone();
    let starts = matches!(template.segments.first(), Some(Segment::Field(i)) if *i == field);
    let literal_after = matches!(template.segments.get(1), Some(Segment::Literal(_)));
    let again = template.field_indices().skip(1).any(|i| i == field);
    if !starts || !literal_after || again {
        let text = written.value();
        let why = if !starts {
            format!("it does not start with `<{name}>`")
        } else if again {
            format!("`<{name}>` appears twice")
        } else {
            format!("`<{name}>` is not followed by literal text (its terminator)")
        };
        cx.error_at(
            &written,
            format!(
                "in key template {text:?}: {why}; a child's sort-key template is its parent's \
                 key, then its own literal and fields: write #[sk(\"<{name}>#{}#<id>\")]",
                ident.to_string().to_uppercase()
            ),
        );
        return None;
    }
    template.segments.remove(0);
    let suffix: String = template
        .segments
        .iter()
        .map(|segment| match segment {
            Segment::Literal(text) => text.clone(),
            Segment::Field(i) => format!("<{}>", fields[*i].name()),
        })
        .collect();
    template.lit = LitStr::new(&suffix, written.span());
    Some(Parent {
        path,
        field,
        written,
        table: table.cloned(),
    })
}
