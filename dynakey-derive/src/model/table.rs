//! Stage 2 of `#[derive(Table)]`: the declaration with its default partition key filled in and
//! each index's name and partition key resolved, so neither the checks nor code generation
//! recompute them.

use syn::{DeriveInput, Ident, LitStr, Path, Visibility};

use crate::grammar::attribute_index::{AttrDecl, KeyDecl};
use crate::grammar::index::{IndexDecl, IndexKind};
use crate::grammar::table::{StreamView, TableAttrs};

/// The table as checks and code generation see it.
pub struct Table<'a> {
    pub input: &'a DeriveInput,
    pub ident: &'a Ident,
    pub vis: &'a Visibility,
    /// The partition-key attribute: `partition_key = "…"`, or `"PK"` spanned at the table's name.
    pub partition_key: LitStr,
    /// The sort-key attribute: `sort_key = "…"`, none with `no_sort_key`. There is no default: a
    /// table without either is an error (`checks::table`), so a table meant to have no sort key
    /// never gets one silently.
    pub sort_key: Option<LitStr>,
    /// `sort_key = "…"` and `no_sort_key` as written, for the checks that exactly one is given.
    pub written_sort_key: Option<LitStr>,
    pub no_sort_key: Option<Path>,
    /// Every `#[table(…)]` was read to its end (see `TableAttrs::read_fully`).
    pub read_fully: bool,
    /// `ttl = "…"`: the Time to Live attribute.
    pub ttl: Option<LitStr>,
    /// `stream = …`: the stream view type, with the word as written.
    pub stream: Option<(StreamView, Ident)>,
    /// Every `#[gsi]`/`#[lsi]`, in order (a marker type declared twice is in twice: the grammar
    /// reported it).
    pub indexes: Vec<TableIndex>,
    /// For a table declared as an enum: its variants, one per listed entity (`Org(Org)`), in
    /// order; `None` for a struct (a table that lists no entities).
    pub entities: Option<Vec<Listed<'a>>>,
}

/// One variant of a table enum: the entity it lists, or `ty: None` for a variant that is not
/// `Name(Entity)` (the checks report it).
pub struct Listed<'a> {
    pub variant: &'a syn::Variant,
    pub ty: Option<&'a syn::Type>,
}

impl Listed<'_> {
    /// The entity type as written, without spaces (for duplicate detection and messages).
    pub fn type_name(&self) -> String {
        let ty = self.ty;
        quote::quote!(#ty).to_string().replace(' ', "")
    }
}

/// One `#[gsi]`/`#[lsi]` with its name and partition key resolved.
pub struct TableIndex {
    pub decl: IndexDecl,
    /// The `IndexName`: `name = "…"`, or the marker type's ident.
    pub name: String,
    /// The index partition-key attribute: the declared one for a GSI (`None` when missing, which
    /// the checks report, or when it is not one plain attribute), the table's for an LSI.
    pub partition_key: Option<LitStr>,
    /// The table's partition-key attribute (an LSI's partition key).
    pub table_partition_key: LitStr,
    /// Declared with a list, a typed attribute or `entity_type(…)` (issue 14): its keys are the
    /// attributes themselves, not templates.
    pub attribute_wise: bool,
}

/// The type of a key attribute (DynamoDB's `AttributeType`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum AttrType {
    S,
    N,
    B,
}

impl AttrType {
    /// The type of `attr`: `S` unless typed (an unknown type, which the checks report, reads as S).
    pub fn of(attr: &AttrDecl) -> AttrType {
        match attr.ty.as_ref().map(ToString::to_string).as_deref() {
            Some("N") => AttrType::N,
            Some("B") => AttrType::B,
            _ => AttrType::S,
        }
    }

    pub fn letter(self) -> &'static str {
        match self {
            AttrType::S => "S",
            AttrType::N => "N",
            AttrType::B => "B",
        }
    }
}

/// One key attribute of an attribute-wise index, as code generation reads it.
pub struct KeyAttr<'a> {
    pub name: &'a LitStr,
    pub ty: AttrType,
    pub entity_type: bool,
}

impl TableIndex {
    /// The partition-key attributes: the declared ones of a GSI, the table's partition key (S)
    /// for an LSI.
    pub fn partition_attrs(&self) -> Vec<KeyAttr<'_>> {
        match self.decl.kind {
            IndexKind::Global => key_attrs(self.decl.partition_key.as_ref()),
            IndexKind::Local => vec![KeyAttr {
                name: &self.table_partition_key,
                ty: AttrType::S,
                entity_type: false,
            }],
        }
    }

    /// The sort-key attributes, none when it has no sort key.
    pub fn sort_attrs(&self) -> Vec<KeyAttr<'_>> {
        key_attrs(self.decl.sort_key.as_ref())
    }
}

fn key_attrs(key: Option<&KeyDecl>) -> Vec<KeyAttr<'_>> {
    key.map(|k| {
        k.attrs
            .iter()
            .map(|a| KeyAttr {
                name: &a.name,
                ty: AttrType::of(a),
                entity_type: a.entity_type.is_some(),
            })
            .collect()
    })
    .unwrap_or_default()
}

impl TableIndex {
    /// `name = "…"` when given, otherwise the ident: where errors about the name point.
    pub fn name_tokens(&self) -> proc_macro2::TokenStream {
        match &self.decl.name {
            Some(lit) => quote::quote!(#lit),
            None => {
                let ident = &self.decl.ident;
                quote::quote!(#ident)
            }
        }
    }
}

/// Builds the model; every declaration has one, whatever its mistakes (the checks report them).
pub fn table<'a>(input: &'a DeriveInput, attrs: TableAttrs) -> Table<'a> {
    let ident = &input.ident;
    let partition_key = attrs
        .partition_key
        .unwrap_or_else(|| LitStr::new("PK", ident.span()));
    let sort_key = match &attrs.no_sort_key {
        Some(_) => None,
        None => attrs.sort_key.clone(),
    };
    let indexes = attrs
        .indexes
        .into_iter()
        .map(|decl| TableIndex {
            name: decl
                .name
                .as_ref()
                .map_or_else(|| decl.ident.to_string(), LitStr::value),
            partition_key: match decl.kind {
                IndexKind::Global => decl
                    .partition_key
                    .as_ref()
                    .and_then(KeyDecl::plain)
                    .cloned(),
                IndexKind::Local => Some(partition_key.clone()),
            },
            table_partition_key: partition_key.clone(),
            attribute_wise: decl
                .partition_key
                .iter()
                .chain(&decl.sort_key)
                .any(|key| key.plain().is_none()),
            decl,
        })
        .collect();
    Table {
        input,
        ident,
        vis: &input.vis,
        partition_key,
        sort_key,
        written_sort_key: attrs.sort_key,
        no_sort_key: attrs.no_sort_key,
        read_fully: attrs.read_fully,
        ttl: attrs.ttl,
        stream: attrs.stream,
        indexes,
        entities: listed(input),
    }
}

/// The variants of a table enum.
fn listed(input: &DeriveInput) -> Option<Vec<Listed<'_>>> {
    let syn::Data::Enum(data) = &input.data else {
        return None;
    };
    let variants = data.variants.iter().map(|variant| Listed {
        variant,
        ty: match &variant.fields {
            syn::Fields::Unnamed(fields) if fields.unnamed.len() == 1 => {
                fields.unnamed.first().map(|f| &f.ty)
            }
            _ => None,
        },
    });
    Some(variants.collect())
}
