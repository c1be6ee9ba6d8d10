//! The attributes of `#[derive(Entity)]`: `#[pk("…")]`, `#[sk("…")]`, `#[dynakey(…)]` and
//! `#[index(…)]` (whose syntax `grammar::index` reads).
//!
//! Only syntax is checked here, and that each option and attribute is given once
//! (`grammar::given`); meaning (which fields exist, which combinations are allowed) is the later
//! stages' job.

use quote::ToTokens;
use syn::parse::ParseStream;
use syn::{Attribute, LitStr, Path};

use proc_macro2::Span;
use syn::spanned::Spanned;

use crate::ctxt::Ctxt;
use crate::grammar::given::{Given, KEEP_ONE};
use crate::grammar::index::{self, IndexAttr};
use crate::grammar::serde::SerdeField;
use crate::grammar::shard::{self, ShardOptions};

/// The key-related attributes of an entity struct, as written.
#[derive(Default)]
pub struct EntityAttrs {
    /// Every `#[pk("…")]` that parsed, in order. Only the first counts; a repeat is reported here
    /// and kept so that the mistakes inside its template are reported too.
    pub pk: Vec<LitStr>,
    /// `true` when a `#[pk]` attribute is written, even one that did not parse.
    pub pk_written: bool,
    /// Every `#[sk("…")]`, as `pk`.
    pub sk: Vec<LitStr>,
    /// `true` when an `#[sk]` attribute is written, even one that did not parse.
    pub sk_written: bool,
    /// `#[dynakey(table = Path)]`.
    pub table: Option<Path>,
    /// `#[dynakey(name = "…")]`.
    pub name: Option<LitStr>,
    /// `#[dynakey(entity_type = "…")]`: the attribute that stores the entity name on every item.
    pub entity_type: Option<LitStr>,
    /// Every `#[index(…)]`, in order; a repeated index is reported here and kept, as for `pk`.
    pub indexes: Vec<IndexAttr>,
    /// `shards = N, shard_by = "…"` after a `#[pk]` or `#[sk]` template (see `grammar::shard`).
    pub shards: Vec<ShardOptions>,
    /// `#[dynakey(version = "…")]`: the field holding the version number (optimistic locking).
    pub version: Option<LitStr>,
    /// `#[dynakey(created_at = "…")]`: the field holding the creation time.
    pub created_at: Option<LitStr>,
    /// `#[dynakey(updated_at = "…")]`: the field holding the time of the last write.
    pub updated_at: Option<LitStr>,
    /// `#[dynakey(unlisted)]`: the entity is deliberately not in its table enum's list.
    pub unlisted: Option<Path>,
    /// `#[dynakey(parent = P)]`: the entity is a child of entity `P` (`model::child`).
    pub parent: Option<Path>,
}

/// The attributes of one field: `#[ttl]`, `#[parent]`, and what `#[serde(…)]` says.
pub struct FieldAttrs {
    /// `#[ttl]`, where written.
    pub ttl: Option<Span>,
    /// `#[parent]`, where written: the field holding a child's parent key.
    pub parent: Option<Span>,
    pub serde: SerdeField,
}

/// Reads a field's attributes; `#[ttl]` and `#[parent]` take no arguments and are given once.
pub fn field_attrs(cx: &Ctxt, attrs: &[Attribute]) -> FieldAttrs {
    let mut ttl = None;
    let mut parent = None;
    let mut given = Given::default();
    for attr in attrs.iter().filter(|a| a.path().is_ident("parent")) {
        if let Err(error) = attr.meta.require_path_only() {
            cx.error_at(
                attr,
                format!(
                    "#[parent] takes no arguments ({error}): the parent entity is named on the \
                     struct, #[dynakey(parent = Parent)]; mark the field holding its key with \
                     #[parent]"
                ),
            );
            continue;
        }
        if given.first_time(cx, "#[parent]", attr, KEEP_ONE) {
            parent = Some(attr.path().span());
        }
    }
    for attr in attrs.iter().filter(|a| a.path().is_ident("ttl")) {
        if let Err(error) = attr.meta.require_path_only() {
            cx.error_at(
                attr,
                format!("#[ttl] takes no arguments ({error}): mark the expiry field with #[ttl]"),
            );
            continue;
        }
        if given.first_time(cx, "#[ttl]", attr, KEEP_ONE) {
            ttl = Some(attr.path().span());
        }
    }
    FieldAttrs {
        ttl,
        parent,
        serde: crate::grammar::serde::field(attrs),
    }
}

/// The struct-level attributes a user may write on a field by mistake (as other DynamoDB mappers
/// mark key fields), each with the struct-level form that does what they meant for field `{f}`.
/// `#[unique]` is `grammar::unique::on_fields`'s.
const STRUCT_ATTRIBUTES: &[(&str, &str)] = &[
    (
        "pk",
        "#[pk(\"PREFIX#<{f}>\")] on the struct: a key template names its fields as `<{f}>`",
    ),
    (
        "sk",
        "#[sk(\"PREFIX#<{f}>\")] on the struct: a key template names its fields as `<{f}>`",
    ),
    (
        "index",
        "#[index(Index, pk = \"PREFIX#<{f}>\")] on the struct: an index's templates name their \
         fields as `<{f}>`",
    ),
    (
        "dynakey",
        "#[dynakey(…)] on the struct; a field is named there by its name, e.g. \
         #[dynakey(version = \"{f}\")]",
    ),
    ("was", "#[was(pk = \"…<{f}>…\")] on the struct"),
    ("next", "#[next(sk = \"…<{f}>…\")] on the struct"),
    ("previous", "#[previous(sk = \"…<{f}>…\")] on the struct"),
];

/// Reports each struct-level attribute written on a field (otherwise it would be ignored). A
/// `#[pk]` or `#[sk]` on a field counts as written (`pk_written`, `sk_written`), so the one mistake
/// is not reported a second time as a missing template.
pub fn struct_attributes_on_fields(cx: &Ctxt, input: &syn::DeriveInput, out: &mut EntityAttrs) {
    let syn::Data::Struct(data) = &input.data else {
        return;
    };
    for field in &data.fields {
        let name = field.ident.as_ref().map_or_else(
            || "field".to_owned(),
            |i| syn::ext::IdentExt::unraw(i).to_string(),
        );
        for attr in &field.attrs {
            let Some((what, fix)) = STRUCT_ATTRIBUTES
                .iter()
                .find(|(what, _)| attr.path().is_ident(what))
            else {
                continue;
            };
            out.pk_written |= *what == "pk";
            out.sk_written |= *what == "sk";
            cx.error_at(
                attr,
                format!(
                    "#[{what}] goes on the struct, not on a field: write {}",
                    fix.replace("{f}", &name)
                ),
            );
        }
    }
}

fn template_literal(cx: &Ctxt, attr: &Attribute, shards: &mut Vec<ShardOptions>) -> Option<LitStr> {
    let which = if attr.path().is_ident("pk") {
        "pk"
    } else {
        "sk"
    };
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
pub fn attrs(cx: &Ctxt, attrs: &[Attribute]) -> EntityAttrs {
    let mut out = EntityAttrs::default();
    // `#[pk]`, `#[sk]` and `#[index(I, …)]` are given once per entity (per index).
    let mut templates = Given::default();
    // The options of every `#[dynakey(…)]` together.
    let mut options = Given::default();
    for attr in attrs {
        let key_template = if attr.path().is_ident("pk") {
            out.pk_written = true;
            Some((&mut out.pk, "#[pk]", "exactly one partition-key template"))
        } else if attr.path().is_ident("sk") {
            out.sk_written = true;
            Some((&mut out.sk, "#[sk]", "at most one sort-key template"))
        } else {
            None
        };
        if let Some((list, name, how_many)) = key_template {
            if let Some(lit) = template_literal(cx, attr, &mut out.shards) {
                let fix = format!("keep one (an entity has {how_many})");
                templates.first_time(cx, name, &lit, &fix);
                list.push(lit);
            }
        } else if attr.path().is_ident("index") {
            if let Some(index) = index::entity_index(cx, attr) {
                let path = &index.index;
                let written = path.to_token_stream().to_string().replace(' ', "");
                let name = format!("#[index({written}, …)]");
                templates.first_time(
                    cx,
                    &name,
                    path,
                    "keep one (an entity has one pk/sk template pair per index)",
                );
                out.indexes.push(index);
            }
        } else if attr.path().is_ident("ttl") {
            cx.error_at(
                attr,
                "#[ttl] marks a field, not the struct: write it on the field holding the expiry time",
            );
        } else if attr.path().is_ident("dynakey") {
            let result = attr.parse_nested_meta(|meta| {
                let key = &meta.path;
                if key.is_ident("table") {
                    let value = meta.value()?;
                    if value.peek(LitStr) {
                        let name: LitStr = value.parse()?;
                        let path = match syn::parse_str::<Path>(&name.value()) {
                            Ok(_) => name.value(),
                            Err(_) => "TableType".to_owned(),
                        };
                        return Err(syn::Error::new(
                            name.span(),
                            format!(
                                "`table` names the table's Rust type, declared with \
                                 #[derive(Table)], not a string: write `table = {path}` (the \
                                 DynamoDB table name is given when the table is created)"
                            ),
                        ));
                    }
                    let path: Path = value.parse()?;
                    options.set(cx, &mut out.table, key, path);
                } else if key.is_ident("name") {
                    let name: LitStr = meta.value()?.parse()?;
                    if name.value().is_empty() {
                        cx.error_at(
                            &name,
                            "the entity name is empty: it names the entity in messages and in its \
                             entity-type attribute; write a name, e.g. name = \"Project\", or leave \
                             `name` out to use the struct's name",
                        );
                    }
                    options.set(cx, &mut out.name, key, name);
                } else if key.is_ident("entity_type") {
                    let attribute: LitStr = meta.value()?.parse()?;
                    options.set(cx, &mut out.entity_type, key, attribute);
                } else if key.is_ident("version") {
                    let field: LitStr = meta.value()?.parse()?;
                    options.set(cx, &mut out.version, key, field);
                } else if key.is_ident("created_at") {
                    let field: LitStr = meta.value()?.parse()?;
                    options.set(cx, &mut out.created_at, key, field);
                } else if key.is_ident("updated_at") {
                    let field: LitStr = meta.value()?.parse()?;
                    options.set(cx, &mut out.updated_at, key, field);
                } else if key.is_ident("unlisted") {
                    options.set(cx, &mut out.unlisted, key, key.clone());
                } else if key.is_ident("parent") {
                    let path: Path = meta.value()?.parse()?;
                    options.set(cx, &mut out.parent, key, path);
                } else {
                    return Err(meta.error(
                        "unknown dynakey option; expected `table = TableType`, `name = \"EntityName\"`, \
                         `entity_type = \"attribute\"`, `version = \"field\"`, `created_at = \"field\"`, \
                         `updated_at = \"field\"`, `unlisted` or `parent = ParentEntity`",
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
