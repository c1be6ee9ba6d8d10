//! `#[was(pk = "…", sk = "…")]`: an earlier shape of an entity's table keys (repeatable, one
//! attribute per shape; an omitted template is the current one).
//!
//! Only syntax is read here: the options, each once (`grammar::given`), and at least one of
//! them. Which fields the templates name and how the shape compares with the others is the later
//! stages' job (`model::history`, `checks::history`).

use syn::{Attribute, LitStr};

use crate::ctxt::Ctxt;
use crate::grammar::given::Given;

/// One `#[was(…)]` as written.
pub struct WasAttr {
    /// The attribute, where errors about it as a whole point.
    pub attr: Attribute,
    /// `pk = "…"`: the earlier partition-key template.
    pub pk: Option<LitStr>,
    /// `sk = "…"`: the earlier sort-key template.
    pub sk: Option<LitStr>,
}

const EXAMPLE: &str =
    "#[was(sk = \"FILE#<name>\")], #[was(pk = \"D#<drive>\")] or #[was(pk = \"D#<drive>\", sk = \"F#<name>\")]";

/// Every `#[was(…)]` of the struct that parsed, in order; mistakes are pushed into `cx`.
pub fn attrs(cx: &Ctxt, attrs: &[Attribute]) -> Vec<WasAttr> {
    attrs
        .iter()
        .filter(|a| a.path().is_ident("was"))
        .filter_map(|attr| shape(cx, attr, "was", "earlier", EXAMPLE, |_| None))
        .collect()
}

/// One attribute naming a shape of the table keys (`#[was(…)]`, `#[next(…)]`, `#[previous(…)]`):
/// its `pk = "…"` and `sk = "…"`, each once, at least one; `extra` reads the attribute's other
/// options (`Some(result)` when it knows the option). `None` after a mistake, reported.
pub fn shape(
    cx: &Ctxt,
    attr: &Attribute,
    name: &str,
    which: &str,
    example: &str,
    mut extra: impl FnMut(&syn::meta::ParseNestedMeta<'_>) -> Option<syn::Result<()>>,
) -> Option<WasAttr> {
    if attr.meta.require_list().is_err() {
        cx.error_at(
            attr,
            format!(
                "#[{name}] needs the {which} key templates: {example} (an omitted one is the \
                 current template)"
            ),
        );
        return None;
    }
    let mut given = Given::default();
    let (mut pk, mut sk) = (None, None);
    let result = attr.parse_nested_meta(|meta| {
        let key = &meta.path;
        if key.is_ident("pk") {
            let template: LitStr = meta.value()?.parse()?;
            given.set(cx, &mut pk, key, template);
        } else if key.is_ident("sk") {
            let template: LitStr = meta.value()?.parse()?;
            given.set(cx, &mut sk, key, template);
        } else if let Some(result) = extra(&meta) {
            return result;
        } else {
            return Err(meta.error(format!(
                "unknown #[{name}] option; expected `pk = \"…\"` and/or `sk = \"…\"`, the \
                 {which} key templates: {example}"
            )));
        }
        Ok(())
    });
    if let Err(error) = result {
        cx.push(error);
        return None;
    }
    if pk.is_none() && sk.is_none() {
        cx.error_at(
            attr,
            format!(
                "#[{name}(…)] names no {which} template; give `pk = \"…\"`, `sk = \"…\"` or \
                 both, e.g. {example} (an omitted one is the current template)"
            ),
        );
        return None;
    }
    Some(WasAttr {
        attr: attr.clone(),
        pk,
        sk,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn messages(attrs: &[Attribute]) -> (usize, Vec<String>) {
        let cx = Ctxt::new();
        let read = super::attrs(&cx, attrs).len();
        let errors = match cx.check() {
            Ok(()) => Vec::new(),
            Err(e) => e.into_iter().map(|e| e.to_string()).collect(),
        };
        (read, errors)
    }

    #[test]
    fn reads_each_shape_and_reports_mistakes() {
        let ok: Vec<Attribute> = vec![
            syn::parse_quote!(#[was(sk = "F#<name>")]),
            syn::parse_quote!(#[was(pk = "D#<drive>", sk = "F#<name>")]),
        ];
        assert_eq!(messages(&ok), (2, Vec::new()));
        let (read, errors) = messages(&[
            syn::parse_quote!(#[was()]),
            syn::parse_quote!(#[was]),
            syn::parse_quote!(#[was(sk = "A", sk = "B")]),
            syn::parse_quote!(#[was(shards = 2)]),
        ]);
        assert_eq!(read, 1, "the repeat keeps its first sk");
        assert_eq!(errors.len(), 5, "{errors:?}");
        assert!(errors[0].starts_with("#[was(…)] names no earlier template"));
        assert!(errors[1].starts_with("#[was] needs the earlier key templates"));
        assert_eq!(errors[2], "`sk` is given twice; keep one");
        assert_eq!(errors[3], "first `sk` given here");
        assert!(errors[4].starts_with("unknown #[was] option"));
    }
}
