//! The options of a key-template attribute: `#[pk("WS#<workspace>", shards = 10, shard_by = "id")]`.
//!
//! Only syntax is read here (an integer literal, a string literal, each option once:
//! `grammar::given`); whether the
//! options make sense (on a `pk`, a count in range, a field of the sort key) is decided by
//! `model::shard` and `checks::shard`.

use proc_macro2::{Span, TokenStream};
use syn::parse::ParseStream;
use syn::{LitInt, LitStr};

use crate::ctxt::Ctxt;
use crate::grammar::given::Given;

/// The sharding options written on one `#[pk]` or `#[sk]` attribute.
pub struct ShardOptions {
    /// `"pk"` or `"sk"`: the attribute they were written on.
    pub attribute: String,
    /// The first option's name, where errors about the options as a whole point.
    pub span: Span,
    /// `shards = N`.
    pub shards: Option<LitInt>,
    /// `shard_by = "field"`.
    pub shard_by: Option<LitStr>,
}

/// Parses the arguments of a key-template attribute: the template literal, then optional
/// `, shards = N` and `, shard_by = "field"`. Mistakes in the options are pushed into `cx`, and
/// after a syntax error the rest of the arguments is skipped and no options are returned (so no
/// errors cascade from it); only a missing template literal is returned as an error.
pub fn template_and_options(
    cx: &Ctxt,
    attribute: &str,
    input: ParseStream<'_>,
) -> syn::Result<(LitStr, Option<ShardOptions>)> {
    let lit: LitStr = input.parse()?;
    let mut options: Option<ShardOptions> = None;
    if let Err(error) = parse_options(cx, attribute, input, &mut options) {
        cx.push(error);
        input.parse::<TokenStream>()?;
        // Half-read options would only add errors about what could not be read.
        options = None;
    }
    Ok((lit, options))
}

fn parse_options(
    cx: &Ctxt,
    attribute: &str,
    input: ParseStream<'_>,
    options: &mut Option<ShardOptions>,
) -> syn::Result<()> {
    let mut given = Given::default();
    super::options(input, |name, input| {
        let current = options.get_or_insert_with(|| ShardOptions {
            attribute: attribute.to_owned(),
            span: name.span(),
            shards: None,
            shard_by: None,
        });
        if name == "shards" {
            let count: LitInt = input.parse().map_err(|e| {
                syn::Error::new(
                    e.span(),
                    "expected the number of shards as an integer literal: shards = 10",
                )
            })?;
            given.set(cx, &mut current.shards, name, count);
        } else if name == "shard_by" {
            let field: LitStr = input.parse().map_err(|e| {
                syn::Error::new(
                    e.span(),
                    "expected the shard field's name as a string: shard_by = \"id\"",
                )
            })?;
            given.set(cx, &mut current.shard_by, name, field);
        } else {
            return Err(syn::Error::new(
                name.span(),
                format!(
                    "unknown #[{attribute}] option `{name}`; expected `shards = N` and \
                     `shard_by = \"field\"` after the template, e.g. \
                     #[pk(\"WS#<workspace>\", shards = 10, shard_by = \"id\")]"
                ),
            ));
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use syn::parse::Parser;

    /// The template (or the parse error), the options read (count, field), the errors pushed.
    type Parsed = (
        Result<String, String>,
        Option<(Option<u64>, Option<String>)>,
        usize,
    );

    fn parse(tokens: &str) -> Parsed {
        let cx = Ctxt::new();
        let stream: TokenStream = tokens.parse().unwrap_or_default();
        let result =
            (|input: ParseStream<'_>| template_and_options(&cx, "pk", input)).parse2(stream);
        let errors = match cx.check() {
            Ok(()) => 0,
            Err(e) => e.into_iter().count(),
        };
        match result {
            Ok((lit, options)) => (
                Ok(lit.value()),
                options.map(|o| {
                    (
                        o.shards.and_then(|n| n.base10_parse().ok()),
                        o.shard_by.map(|f| f.value()),
                    )
                }),
                errors,
            ),
            Err(e) => (Err(e.to_string()), None, errors),
        }
    }

    #[test]
    fn reads_the_template_and_the_options() {
        assert_eq!(parse(r#""WS#<w>""#), (Ok("WS#<w>".into()), None, 0));
        assert_eq!(parse(r#""WS#<w>","#), (Ok("WS#<w>".into()), None, 0));
        assert_eq!(
            parse(r#""WS#<w>", shards = 10, shard_by = "id""#),
            (Ok("WS#<w>".into()), Some((Some(10), Some("id".into()))), 0)
        );
        assert_eq!(
            parse(r#""WS#<w>", shard_by = "id""#),
            (Ok("WS#<w>".into()), Some((None, Some("id".into()))), 0)
        );
    }

    #[test]
    fn reports_mistakes_in_the_options() {
        assert!(parse("10").0.is_err(), "no template");
        assert_eq!(
            parse(r#""A", shards = 2, shards = 3"#).2,
            2,
            "twice, and first given here"
        );
        assert_eq!(parse(r#""A", colour = 2"#).2, 1);
        assert_eq!(parse(r#""A", shards = "10""#).2, 1);
        assert_eq!(parse(r#""A", shard_by = id"#).2, 1);
        assert_eq!(parse(r#""A" shards = 3"#).2, 1);
    }
}
