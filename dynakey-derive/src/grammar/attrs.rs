//! Attribute grammar: `#[pk("…")]`, `#[sk("…")]`, `#[dynakey(…)]`, `#[table(…)]`, `#[key("…")]`;
//! the index attributes (`#[index]`, `#[gsi]`, `#[lsi]`) are read by `grammar::index`.
//!
//! Only syntax is checked here; meaning (which fields exist, which combinations are allowed) is the
//! checks stage's job.

use syn::parse::ParseStream;
use syn::{Attribute, Ident, LitStr, Path};

use crate::ctxt::Ctxt;
use crate::grammar::index::{self, IndexAttr, IndexDecl};
use crate::grammar::shard::{self, ShardOptions};

/// The key-related attributes of an entity struct, as written.
#[derive(Default)]
pub struct EntityAttrs {
    /// Every `#[pk("…")]`, in order (more than one is an error reported by the checks).
    pub pk: Vec<LitStr>,
    /// Every `#[sk("…")]`.
    pub sk: Vec<LitStr>,
    /// `#[dynakey(table = Path)]`.
    pub table: Option<Path>,
    /// `#[dynakey(name = "…")]`.
    pub name: Option<LitStr>,
    /// `#[dynakey(entity_type = "…")]`: the attribute that stores the entity name on every item.
    pub entity_type: Option<LitStr>,
    /// Every `#[index(…)]`, in order.
    pub indexes: Vec<IndexAttr>,
    /// `shards = N, shard_by = "…"` after a `#[pk]` or `#[sk]` template (see `grammar::shard`).
    pub shards: Vec<ShardOptions>,
}

fn template_literal(cx: &Ctxt, attr: &Attribute, shards: &mut Vec<ShardOptions>) -> Option<LitStr> {
    let which = attr.path().get_ident().map(ToString::to_string);
    let which = which.as_deref().unwrap_or_default();
    match attr
        .parse_args_with(|input: ParseStream<'_>| shard::template_and_options(cx, which, input))
    {
        Ok((lit, options)) => {
            shards.extend(options);
            Some(lit)
        }
        Err(_) => {
            cx.error_at(
                attr,
                format!("expected a key template string: #[{which}(\"PREFIX#<field>\")]"),
            );
            None
        }
    }
}

/// Reads an entity's attributes; unknown `#[dynakey(…)]` options are errors.
pub fn entity(cx: &Ctxt, attrs: &[Attribute]) -> EntityAttrs {
    let mut out = EntityAttrs::default();
    for attr in attrs {
        if attr.path().is_ident("pk") {
            if let Some(lit) = template_literal(cx, attr, &mut out.shards) {
                out.pk.push(lit);
            }
        } else if attr.path().is_ident("sk") {
            if let Some(lit) = template_literal(cx, attr, &mut out.shards) {
                out.sk.push(lit);
            }
        } else if attr.path().is_ident("index") {
            out.indexes.extend(index::entity_index(cx, attr));
        } else if attr.path().is_ident("dynakey") {
            let result = attr.parse_nested_meta(|meta| {
                if meta.path.is_ident("table") {
                    let path: Path = meta.value()?.parse()?;
                    if out.table.replace(path).is_some() {
                        cx.error_at(&meta.path, "`table` is given twice");
                    }
                } else if meta.path.is_ident("name") {
                    let name: LitStr = meta.value()?.parse()?;
                    if out.name.replace(name).is_some() {
                        cx.error_at(&meta.path, "`name` is given twice");
                    }
                } else if meta.path.is_ident("entity_type") {
                    let attribute: LitStr = meta.value()?.parse()?;
                    if out.entity_type.replace(attribute).is_some() {
                        cx.error_at(&meta.path, "`entity_type` is given twice");
                    }
                } else {
                    return Err(meta.error(
                        "unknown dynakey option; expected `table = TableType`, `name = \"EntityName\"` \
                         or `entity_type = \"attribute\"`",
                    ));
                }
                Ok(())
            });
            if let Err(error) = result {
                cx.push(error);
            }
        }
    }
    out
}

/// `#[table(partition_key = "…", sort_key = "…")]` or `#[table(partition_key = "…", no_sort_key)]`.
#[derive(Default)]
pub struct TableAttrs {
    pub partition_key: Option<LitStr>,
    pub sort_key: Option<LitStr>,
    pub no_sort_key: Option<Path>,
    /// Every `#[gsi(…)]` and `#[lsi(…)]`, in order.
    pub indexes: Vec<IndexDecl>,
}

impl TableAttrs {
    /// The partition and sort key attribute names with the defaults filled in: `"PK"` and `"SK"`
    /// (spanned at the table's name), no sort key with `no_sort_key`.
    pub fn keys(&self, table: &Ident) -> (LitStr, Option<LitStr>) {
        let partition = self
            .partition_key
            .clone()
            .unwrap_or_else(|| LitStr::new("PK", table.span()));
        let sort = match (&self.sort_key, &self.no_sort_key) {
            (_, Some(_)) => None,
            (Some(sort), None) => Some(sort.clone()),
            (None, None) => Some(LitStr::new("SK", table.span())),
        };
        (partition, sort)
    }
}

/// Reads a table declaration's attributes.
pub fn table(cx: &Ctxt, attrs: &[Attribute]) -> TableAttrs {
    let mut out = TableAttrs::default();
    for attr in attrs.iter().filter(|a| a.path().is_ident("table")) {
        let result = attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("partition_key") {
                let lit: LitStr = meta.value()?.parse()?;
                if out.partition_key.replace(lit).is_some() {
                    cx.error_at(&meta.path, "`partition_key` is given twice");
                }
            } else if meta.path.is_ident("sort_key") {
                let lit: LitStr = meta.value()?.parse()?;
                if out.sort_key.replace(lit).is_some() {
                    cx.error_at(&meta.path, "`sort_key` is given twice");
                }
            } else if meta.path.is_ident("no_sort_key") {
                out.no_sort_key = Some(meta.path.clone());
            } else {
                return Err(meta.error(
                    "unknown table option; expected `partition_key = \"…\"`, `sort_key = \"…\"` or `no_sort_key`",
                ));
            }
            Ok(())
        });
        if let Err(error) = result {
            cx.push(error);
        }
    }
    out.indexes = index::table_indexes(cx, attrs);
    out
}

/// `#[key("TEXT")]` on an enum variant.
pub fn variant_key(cx: &Ctxt, attrs: &[Attribute]) -> Vec<LitStr> {
    attrs
        .iter()
        .filter(|a| a.path().is_ident("key"))
        .filter_map(|attr| match attr.parse_args::<LitStr>() {
            Ok(lit) => Some(lit),
            Err(_) => {
                cx.error_at(attr, "expected the variant's key text: #[key(\"ACTIVE\")]");
                None
            }
        })
        .collect()
}
