//! The attributes of `#[derive(Table)]`: `#[table(partition_key = "…", sort_key = "…")]` or
//! `#[table(partition_key = "…", no_sort_key)]` (either with `ttl = "…"` and
//! `stream = new_and_old_images`), and the `#[gsi(…)]`/`#[lsi(…)]` index declarations (whose
//! syntax `grammar::index` reads).
//!
//! Syntax only, each option once (`grammar::given`); the default partition key and what the
//! combinations mean are `model::table`'s and `checks::table`'s.

use syn::parse::ParseStream;
use syn::{Attribute, Ident, LitStr, Path};

use crate::ctxt::Ctxt;
use crate::grammar::given::{Given, KEEP_ONE};
use crate::grammar::index::{self, IndexDecl};

/// A table declaration's attributes, as written.
#[derive(Default)]
pub struct TableAttrs {
    pub partition_key: Option<LitStr>,
    pub sort_key: Option<LitStr>,
    /// The `no_sort_key` flag, where errors about it point.
    pub no_sort_key: Option<Path>,
    /// `ttl = "…"`: the table's Time to Live attribute.
    pub ttl: Option<LitStr>,
    /// `stream = …`: the table's stream view type, with the word as written (where errors
    /// point). An unknown word is reported here and not kept.
    pub stream: Option<(StreamView, Ident)>,
    /// Every `#[gsi(…)]` and `#[lsi(…)]`, in order.
    pub indexes: Vec<IndexDecl>,
    /// `false` when a `#[table(…)]` had a syntax error, after which its other options were not
    /// read (so nothing is reported as missing on account of it).
    pub read_fully: bool,
}

/// Reads a table declaration's attributes; the options of several `#[table(…)]` attributes are
/// read together.
pub fn attrs(cx: &Ctxt, attrs: &[Attribute]) -> TableAttrs {
    let mut out = TableAttrs {
        read_fully: true,
        ..TableAttrs::default()
    };
    let mut given = Given::default();
    for attr in attrs.iter().filter(|a| a.path().is_ident("table")) {
        let result = attr.parse_nested_meta(|meta| {
            let key = &meta.path;
            if key.is_ident("partition_key") {
                let lit: LitStr = meta.value()?.parse()?;
                typed_table_key(cx, meta.input)?;
                given.set(cx, &mut out.partition_key, key, lit);
            } else if key.is_ident("sort_key") {
                let lit: LitStr = meta.value()?.parse()?;
                typed_table_key(cx, meta.input)?;
                given.set(cx, &mut out.sort_key, key, lit);
            } else if key.is_ident("no_sort_key") {
                given.set(cx, &mut out.no_sort_key, key, key.clone());
            } else if key.is_ident("ttl") {
                let lit: LitStr = meta.value()?.parse()?;
                given.set(cx, &mut out.ttl, key, lit);
            } else if key.is_ident("stream") {
                let word = stream_word(meta.value()?)?;
                // A repeat is the one mistake reported for it, whatever its word.
                if given.first_time(cx, "`stream`", key, KEEP_ONE) {
                    match StreamView::from_word(&word) {
                        Some(view) => out.stream = Some((view, word)),
                        None => cx.error_at(&word, StreamView::unknown(&word)),
                    }
                }
            } else {
                return Err(meta.error(
                    "unknown table option; expected `partition_key = \"…\"`, `sort_key = \"…\"`, \
                     `no_sort_key`, `ttl = \"…\"` or `stream = new_and_old_images` (or keys_only, \
                     new_image, old_image)",
                ));
            }
            Ok(())
        });
        if let Err(error) = result {
            cx.push(error);
            out.read_fully = false;
        }
    }
    out.indexes = index::table_indexes(cx, attrs);
    out
}

/// The view type of a table's stream, `stream = …` (AWS developer guide, "Change data capture
/// for DynamoDB Streams"; API reference, `StreamSpecification`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum StreamView {
    KeysOnly,
    NewImage,
    OldImage,
    NewAndOldImages,
}

impl StreamView {
    /// Every view type with its word, in the order messages list them.
    const WORDS: [(&'static str, StreamView); 4] = [
        ("keys_only", StreamView::KeysOnly),
        ("new_image", StreamView::NewImage),
        ("old_image", StreamView::OldImage),
        ("new_and_old_images", StreamView::NewAndOldImages),
    ];

    fn from_word(word: &Ident) -> Option<StreamView> {
        let word = word.to_string();
        Self::WORDS
            .iter()
            .find(|(w, _)| *w == word)
            .map(|&(_, view)| view)
    }

    /// The message at an unknown word.
    fn unknown(word: &Ident) -> String {
        format!(
            "unknown stream view type `{word}`; expected keys_only, new_image, old_image or \
             new_and_old_images (AWS developer guide, \"Change data capture for DynamoDB \
             Streams\")"
        )
    }

    /// The variant of `dynakey::StreamViewType`.
    pub fn variant(self) -> &'static str {
        match self {
            StreamView::KeysOnly => "KeysOnly",
            StreamView::NewImage => "NewImage",
            StreamView::OldImage => "OldImage",
            StreamView::NewAndOldImages => "NewAndOldImages",
        }
    }
}

/// The word after `stream =`: a bare identifier (a string or anything else is an error at it).
fn stream_word(input: ParseStream<'_>) -> syn::Result<Ident> {
    if input.peek(LitStr) {
        let lit: LitStr = input.parse()?;
        let value = lit.value();
        let fix = match StreamView::WORDS.iter().find(|(w, _)| *w == value) {
            Some((word, _)) => format!("write `stream = {word}`"),
            None => {
                "e.g. `stream = new_and_old_images` (or keys_only, new_image, old_image)".to_owned()
            }
        };
        return Err(syn::Error::new(
            lit.span(),
            format!("the stream view type is a bare word, not a string: {fix}"),
        ));
    }
    input.parse().map_err(|e| {
        syn::Error::new(
            e.span(),
            "expected a stream view type as a bare word: `stream = new_and_old_images` (or \
             keys_only, new_image, old_image)",
        )
    })
}

/// `partition_key = "PK": N` on the table: reported at the type, and read past, so the other
/// options are still read.
fn typed_table_key(cx: &Ctxt, input: ParseStream<'_>) -> syn::Result<()> {
    if let Some(ty) = crate::grammar::attribute_index::typed_suffix(input)? {
        cx.error_at(
            &ty,
            "dynakey builds table keys from templates, so they are strings (S); put a typed key \
             on a GSI or LSI: `#[gsi(…, sort_key = \"score\": N)]`",
        );
    }
    Ok(())
}
