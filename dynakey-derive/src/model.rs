//! Stage 2, model: the derive input resolved into what code generation reads — fields, templates
//! whose placeholders point at fields, the table type.
//!
//! Building the model reports template grammar errors and placeholders that name no field; the
//! cross-cutting rules live in `checks`.

use proc_macro2::TokenStream;
use quote::quote;
use syn::ext::IdentExt;
use syn::{DeriveInput, Ident, LitStr, Type, Visibility};

pub mod child;
pub mod collection;
pub mod group;
pub mod history;
pub mod index;
pub mod key_change;
pub mod managed;
pub mod segment_enum;
pub mod shard;
pub mod table;
pub mod unique;

use crate::ctxt::Ctxt;
use crate::grammar::entity::{self as entity_grammar, EntityAttrs};
use crate::grammar::serde::{RenameRule, SerdeContainer, SerdeField};
use crate::grammar::template::{self, Piece};

/// Partition or sort key.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Partition,
    Sort,
}

/// A named field of the struct.
pub struct Field<'a> {
    pub ident: &'a Ident,
    pub ty: &'a Type,
    /// The attribute serde writes it to (its serialising name, after `rename`/`rename_all`).
    pub attribute: String,
    /// The attribute serde reads it from (its deserialising name).
    pub attribute_read: String,
    /// What `#[serde(…)]` says about it.
    pub serde: SerdeField,
    /// `#[ttl]`, where written.
    pub ttl: Option<proc_macro2::Span>,
    /// `#[parent]`, where written: the field holding a child's parent key.
    pub parent: Option<proc_macro2::Span>,
}

impl<'a> Field<'a> {
    /// The key segment type of the field: `T` for an `Option<T>` (allowed in index templates, which
    /// make the index sparse), the field's type otherwise.
    pub fn key_ty(&self) -> &'a Type {
        index::option_inner(self.ty).unwrap_or(self.ty)
    }

    /// The field's name as placeholders, `shard_by` and error messages spell it: without the
    /// `r#` of a raw identifier (`<type>` names the field `r#type`, as serde names it `type`).
    pub fn name(&self) -> String {
        self.ident.unraw().to_string()
    }
}

/// A resolved template piece.
pub enum Segment {
    Literal(String),
    /// Index into [`Entity::fields`].
    Field(usize),
}

/// A key template whose placeholders all name fields.
pub struct Template {
    /// The template literal, where errors about the whole attribute point (on stable an
    /// attribute's own span is only its `#`).
    pub lit: LitStr,
    pub role: Role,
    pub segments: Vec<Segment>,
}

impl Template {
    /// The first character of the literal after segment `i`, if a literal follows (that
    /// segment's terminator).
    pub fn terminator(&self, i: usize) -> Option<char> {
        match self.segments.get(i + 1) {
            Some(Segment::Literal(text)) => text.chars().next(),
            _ => None,
        }
    }

    /// Field indices in placeholder order.
    pub fn field_indices(&self) -> impl Iterator<Item = usize> + '_ {
        self.segments.iter().filter_map(|s| match s {
            Segment::Field(i) => Some(*i),
            Segment::Literal(_) => None,
        })
    }
}

/// The entity as code generation sees it.
pub struct Entity<'a> {
    pub input: &'a DeriveInput,
    pub ident: &'a Ident,
    pub vis: &'a Visibility,
    pub name: String,
    /// The table type, `::dynakey::DefaultTable` when not named.
    pub table: TokenStream,
    /// `true` when `#[dynakey(table = T)]` names the table; `false` on `DefaultTable`, whose key
    /// attributes ("PK", "SK", no index) the checks know without its type.
    pub names_table: bool,
    /// `true` when `#[dynakey(table = T)]` names a table and `unlisted` is not written: if `T`
    /// lists its entities, it must list this one.
    pub must_be_listed: bool,
    pub fields: Vec<Field<'a>>,
    /// Every `#[pk]` whose template resolved; the first counts (a repeat was reported by the
    /// grammar, and is kept so its template's mistakes are reported too).
    pub pk: Vec<Template>,
    /// `true` when a `#[pk]` is written, even one that did not parse or resolve.
    pub pk_written: bool,
    /// Every `#[sk]`, as `pk`.
    pub sk: Vec<Template>,
    /// `true` when an `#[sk]` is written, even one that did not parse or resolve.
    pub sk_written: bool,
    /// Every `#[was(…)]` whose templates resolved: the earlier shapes of the table keys.
    pub earlier: Vec<history::Earlier>,
    /// Every `#[next(…)]` / `#[previous(…)]` whose templates resolved (the checks allow one).
    pub key_change: Vec<key_change::KeyChange>,
    /// `#[dynakey(entity_type = "…")]`: the entity-type attribute name.
    pub entity_type: Option<LitStr>,
    /// Every `#[index(…)]` whose templates resolved.
    pub indexes: Vec<index::IndexTemplates>,
    /// `#[pk("…", shards = N, shard_by = "…")]`: the partition key's write sharding.
    pub shard: Option<shard::Shard>,
    /// What `#[serde(…)]` says about the struct.
    pub serde: SerdeContainer,
    /// The fields dynakey maintains: version, timestamps, TTL.
    pub managed: managed::Managed,
    /// The linked groups of index fields, one update handle each.
    pub groups: Vec<group::Group>,
    /// Every `#[unique(…)]` that resolved.
    pub unique: Vec<unique::Unique>,
    /// `#[dynakey(parent = P)]` with its `#[parent]` field: a child entity, whose `sk` holds the
    /// template after the parent's key (`model::child`).
    pub parent: Option<child::Parent>,
    /// `#[dynakey(parent = P)]` is written (even when the declaration did not resolve): the
    /// entity takes its partition key and key shapes from a parent.
    pub declares_parent: Option<syn::Path>,
}

impl Entity<'_> {
    /// The shapes of the table keys besides the current one: the earlier shapes, then the other
    /// shape of a key change. Their templates follow the current templates' placeholder rules.
    pub fn other_shapes(&self) -> impl Iterator<Item = &history::Earlier> {
        self.earlier
            .iter()
            .chain(self.key_change.iter().map(|change| &change.shape))
    }

    pub fn field(&self, index: usize) -> &Field<'_> {
        &self.fields[index]
    }
}

/// Builds the model; `None` when the input is not a struct with named fields.
pub fn entity<'a>(
    cx: &Ctxt,
    input: &'a DeriveInput,
    attrs: EntityAttrs,
    uniques: Vec<crate::grammar::unique::UniqueAttr>,
    was: Vec<crate::grammar::history::WasAttr>,
    changes: Vec<crate::grammar::key_change::KeyChangeAttr>,
) -> Option<Entity<'a>> {
    let serde = crate::grammar::serde::container(&input.attrs);
    let fields = match &input.data {
        syn::Data::Struct(syn::DataStruct {
            fields: syn::Fields::Named(named),
            ..
        }) => named
            .named
            .iter()
            .filter_map(|f| {
                let ident = f.ident.as_ref()?;
                let attrs = entity_grammar::field_attrs(cx, &f.attrs);
                let name = ident.unraw().to_string();
                let attribute = attribute_name(
                    &name,
                    attrs.serde.rename_serialize.as_ref(),
                    serde.rename_all_serialize,
                );
                let attribute_read = attribute_name(
                    &name,
                    attrs.serde.rename_deserialize.as_ref(),
                    serde.rename_all_deserialize,
                );
                Some(Field {
                    ident,
                    ty: &f.ty,
                    attribute,
                    attribute_read,
                    serde: attrs.serde,
                    ttl: attrs.ttl,
                    parent: attrs.parent,
                })
            })
            .collect::<Vec<_>>(),
        _ => {
            cx.error_at(
                &input.ident,
                "#[derive(Entity)] needs a struct with named fields: key templates name fields",
            );
            return None;
        }
    };
    let shard = shard::resolve(cx, &fields, attrs.shards);
    let resolve = |lit, role| resolve(cx, &fields, lit, role);
    let pk: Vec<Template> = attrs
        .pk
        .into_iter()
        .filter_map(|a| resolve(a, Role::Partition))
        .collect();
    let mut sk: Vec<Template> = attrs
        .sk
        .into_iter()
        .filter_map(|a| resolve(a, Role::Sort))
        .collect();
    let is_child = attrs.parent.is_some();
    let declares_parent = attrs.parent.clone();
    let parent = child::resolve(
        cx,
        &input.ident,
        attrs.parent,
        attrs.table.as_ref(),
        &fields,
        &mut sk,
        attrs.sk_written,
    );
    let earlier = history::resolve(cx, &fields, was);
    let key_change = key_change::resolve(cx, &fields, changes);
    let indexes = index::resolve_all(cx, &fields, attrs.indexes);
    let managed = managed::resolve(
        cx,
        &fields,
        attrs.version,
        attrs.created_at,
        attrs.updated_at,
    );
    // A child's table is its parent's, named through the parent.
    let names_table = attrs.table.is_some() || is_child;
    let must_be_listed = names_table && attrs.unlisted.is_none();
    if let (Some(flag), None, false) = (&attrs.unlisted, &attrs.table, is_child) {
        cx.error_at(
            flag,
            "`unlisted` is for an entity of a table enum that leaves it out of its list; this \
             entity names no table: remove `unlisted`, or name the table with `table = …`",
        );
    }
    let table = match (attrs.table, &parent) {
        (Some(path), _) => quote!(#path),
        (None, Some(parent)) => {
            let path = &parent.path;
            quote!(<#path as ::dynakey::Entity>::Table)
        }
        (None, None) => quote!(::dynakey::DefaultTable),
    };
    let name = attrs
        .name
        .map_or_else(|| input.ident.to_string(), |n| n.value());
    let groups = group::groups(&pk, &sk, &indexes);
    let unique = unique::resolve(cx, &fields, uniques);
    Some(Entity {
        input,
        ident: &input.ident,
        vis: &input.vis,
        name,
        table,
        names_table,
        must_be_listed,
        fields,
        pk,
        pk_written: attrs.pk_written,
        sk_written: attrs.sk_written,
        sk,
        earlier,
        key_change,
        entity_type: attrs.entity_type,
        groups,
        indexes,
        shard,
        serde,
        managed,
        unique,
        parent,
        declares_parent,
    })
}

/// The attribute serde writes (or reads) field `name` as: `renamed` when given, otherwise the
/// container's `rename_all` rule applied to the name (serde's rules).
fn attribute_name(name: &str, renamed: Option<&String>, rule: Option<RenameRule>) -> String {
    match (renamed, rule) {
        (Some(renamed), _) => renamed.clone(),
        (None, Some(rule)) => rule.apply_to_field(name),
        (None, None) => name.to_owned(),
    }
}

fn resolve(cx: &Ctxt, fields: &[Field<'_>], lit: LitStr, role: Role) -> Option<Template> {
    resolve_with_hint(cx, fields, lit, role, "")
}

/// [`resolve`], with `hint` after the message of a placeholder that names no field.
pub fn resolve_with_hint(
    cx: &Ctxt,
    fields: &[Field<'_>],
    lit: LitStr,
    role: Role,
    hint: &str,
) -> Option<Template> {
    let text = lit.value();
    let pieces = match template::parse(&text) {
        Ok(pieces) => pieces,
        Err(errors) => {
            for error in errors {
                cx.error_at(&lit, format!("in key template {text:?}: {error}"));
            }
            return None;
        }
    };
    let mut segments = Vec::with_capacity(pieces.len());
    let mut ok = true;
    for piece in pieces {
        match piece {
            Piece::Literal(literal) => {
                for (written, name) in template::look_alikes(&literal) {
                    if fields.iter().any(|f| f.name() == name) {
                        ok = false;
                        cx.error_at(
                            &lit,
                            format!(
                                "in key template {text:?}: `{written}` looks like a placeholder: \
                                 dynakey templates name fields as `<{name}>`"
                            ),
                        );
                    }
                }
                segments.push(Segment::Literal(literal));
            }
            Piece::Placeholder { name, .. } => match fields.iter().position(|f| f.name() == name) {
                Some(index) => segments.push(Segment::Field(index)),
                None => {
                    ok = false;
                    let message = unknown_field_message(&name, &text, fields);
                    cx.error_at(&lit, format!("{message}{hint}"));
                }
            },
        }
    }
    ok.then_some(Template {
        lit,
        role,
        segments,
    })
}

fn unknown_field_message(name: &str, template: &str, fields: &[Field<'_>]) -> String {
    format!(
        "in key template {template:?}: placeholder `<{name}>` names no field of this struct; {}",
        field_suggestion(name, fields, |candidate| format!("`<{candidate}>`"))
    )
}

/// What to say about `name`, which names no field: `did you mean …?` with the closest field
/// (spelt by `show`), or the list of fields when none is close.
/// The field name closest to `name`, when one is close enough to suggest.
pub fn closest_field(name: &str, fields: &[Field<'_>]) -> Option<String> {
    fields
        .iter()
        .map(Field::name)
        .map(|candidate| (strsim::damerau_levenshtein(name, &candidate), candidate))
        .filter(|(distance, candidate)| *distance <= (candidate.len().max(name.len()) / 2).max(1))
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, candidate)| candidate)
}

pub fn field_suggestion(name: &str, fields: &[Field<'_>], show: impl Fn(&str) -> String) -> String {
    match closest_field(name, fields) {
        Some(candidate) => format!("did you mean {}?", show(&candidate)),
        None => {
            let names: Vec<String> = fields.iter().map(Field::name).collect();
            format!("the fields are: {}", names.join(", "))
        }
    }
}
