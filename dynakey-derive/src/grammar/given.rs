//! The one bookkeeping rule for every attribute of every derive: an option (`table = …`,
//! `shards = …`, `projection = …`), a single-use attribute (`#[pk]`, `#[sk]`, `#[key]`) or a keyed
//! declaration (`#[index(ByStatus, …)]`, `#[gsi(ByStatus, …)]`) is given once. A repeat is one
//! mistake, reported once: an error at the repeat that says how to fix it, and "first … given
//! here" at the first (stable proc macros cannot attach a spanned note, so that is a second error
//! at the first span, shown right after it).

use proc_macro2::TokenStream;
use quote::ToTokens;

use crate::ctxt::Ctxt;

/// The fix for a repeated option.
pub const KEEP_ONE: &str = "keep one";

/// Where each option of one attribute scope was first given.
#[derive(Default)]
pub struct Given {
    /// Name, the tokens it was first given at, whether "first given here" was reported.
    seen: Vec<(String, TokenStream, bool)>,
}

impl Given {
    /// Records that `name` (as messages spell it, e.g. "`table`" or "#[pk]") is given at the
    /// tokens `at`; `true` the first time. A repeat is reported: "{name} is given twice; {fix}" at
    /// `at`, and, for the first repeat only, "first {name} given here" at the first.
    pub fn first_time(&mut self, cx: &Ctxt, name: &str, at: impl ToTokens, fix: &str) -> bool {
        let Some((_, first, noted)) = self.seen.iter_mut().find(|(n, _, _)| n == name) else {
            self.seen
                .push((name.to_owned(), at.into_token_stream(), false));
            return true;
        };
        cx.error_at(at, format!("{name} is given twice; {fix}"));
        if !*noted {
            *noted = true;
            cx.error_at(&*first, format!("first {name} given here"));
        }
        false
    }

    /// [`first_time`](Self::first_time) for the option `key = value`: stores `value` in `slot` the
    /// first time (a repeat's value is dropped, so no later stage reads it).
    pub fn set<T>(&mut self, cx: &Ctxt, slot: &mut Option<T>, key: &impl ToTokens, value: T) {
        let name = format!("`{}`", key.to_token_stream());
        if self.first_time(cx, &name, key, KEEP_ONE) {
            *slot = Some(value);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn messages(cx: Ctxt) -> Vec<String> {
        match cx.check() {
            Ok(()) => Vec::new(),
            Err(e) => e.into_iter().map(|e| e.to_string()).collect(),
        }
    }

    #[test]
    fn a_repeat_is_reported_once_with_the_first() {
        let cx = Ctxt::new();
        let mut given = Given::default();
        let (mut table, mut name) = (None, None);
        let key = |name: &str| proc_macro2::Ident::new(name, proc_macro2::Span::call_site());
        given.set(&cx, &mut table, &key("table"), 1);
        given.set(&cx, &mut name, &key("name"), 2);
        given.set(&cx, &mut table, &key("table"), 3);
        given.set(&cx, &mut table, &key("table"), 4);
        assert_eq!((table, name), (Some(1), Some(2)), "the first is kept");
        assert_eq!(
            messages(cx),
            [
                "`table` is given twice; keep one",
                "first `table` given here",
                "`table` is given twice; keep one",
            ]
        );
    }
}
