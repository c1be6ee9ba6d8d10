//! The entity model's secondary-index part: each `#[index(…)]` with its templates resolved against
//! the struct's fields (the same resolution as `#[pk]`/`#[sk]`).

use proc_macro2::Span;
use syn::ext::IdentExt;
use syn::{GenericArgument, Ident, Path, PathArguments, Type};

use crate::ctxt::Ctxt;
use crate::grammar::attribute_index::{FillDecl, FillElem};
use crate::grammar::index::IndexAttr;
use crate::grammar::template::Piece;
use crate::model::{closest_field, field_suggestion, resolve, Entity, Field, Role, Template};

/// One `#[index(…)]` of an entity.
pub struct IndexTemplates {
    /// The index marker type, as written.
    pub index: Path,
    /// The index partition-key template (GSIs).
    pub pk: Option<Template>,
    /// The index sort-key template.
    pub sk: Option<Template>,
    /// The fills of an attribute-wise `#[index]` (issue 14: a list or a field name); `pk` and
    /// `sk` are then `None`.
    pub fills: Option<AttributeFills>,
    /// The `exclusive` flag.
    pub exclusive: Option<Ident>,
}

/// The fills of an attribute-wise index, one per declared attribute in order (the
/// `entity_type(…)` attribute is dynakey's and not listed).
pub struct AttributeFills {
    pub partition: Vec<Fill>,
    pub sort: Vec<Fill>,
    /// `pk = …` was written (an LSI takes its partition from the entity's `#[pk]`).
    pub partition_written: Option<Span>,
    /// `sk = …` was written: where the sort count is reported.
    pub sort_written: Option<Span>,
    /// Stand-ins for the fills that did not resolve (their error is recorded, so only the
    /// fallback reads these): the arguments and sort steps they would have given, so code that
    /// queries the index adds no error of its own.
    pub unresolved: Vec<Unresolved>,
}

/// What the fallback stubs for a fill that did not resolve.
pub struct Unresolved {
    pub role: Role,
    /// The step name: the field (the closest one to a misspelt name), or the template's.
    pub name: String,
    /// Arguments of its query parameter list or equality step.
    pub args: usize,
    /// It has range steps (a field, or a one-field template).
    pub ranges: bool,
}

impl Unresolved {
    fn of(fields: &[Field<'_>], elem: &FillElem, role: Role) -> Self {
        let field = |name: &str| closest_field(name, fields).unwrap_or_else(|| name.to_owned());
        match elem {
            FillElem::Field(ident) => Unresolved {
                role,
                name: field(&ident.unraw().to_string()),
                args: 1,
                ranges: true,
            },
            FillElem::Template(lit) => {
                let text = lit.value();
                let names: Vec<String> = crate::grammar::template::parse(&text)
                    .unwrap_or_default()
                    .into_iter()
                    .filter_map(|piece| match piece {
                        Piece::Placeholder { name, .. } => Some(name),
                        Piece::Literal(_) => None,
                    })
                    .collect();
                match names.as_slice() {
                    [one] => Unresolved {
                        role,
                        name: field(one),
                        args: 1,
                        ranges: true,
                    },
                    _ => Unresolved {
                        role,
                        name: template_method_name(&text),
                        args: names.len(),
                        ranges: false,
                    },
                }
            }
        }
    }
}

/// The equality step's name of a template sort fill of several fields: the template's text in
/// snake case (`"<round>#<seed>"` → `round_seed`).
pub fn template_method_name(text: &str) -> String {
    let text = text.replace(|c: char| !c.is_alphanumeric(), "_");
    let parts: Vec<String> = snake_case(&text)
        .split('_')
        .filter(|p| !p.is_empty())
        .map(str::to_owned)
        .collect();
    let name = parts.join("_");
    // An identifier starts with a letter.
    match name.chars().next() {
        Some(c) if c.is_alphabetic() => name,
        _ => format!("at_{name}"),
    }
}

/// One fill of an attribute-wise index key.
pub enum Fill {
    /// A key template: dynakey writes the attribute (S).
    Template(Template),
    /// A field: serde writes the attribute, of the field's own type.
    Field {
        /// Index into the entity's fields.
        index: usize,
        /// The name as written, where errors point.
        ident: Ident,
    },
}

impl Fill {
    pub fn span(&self) -> Span {
        match self {
            Fill::Template(template) => template.lit.span(),
            Fill::Field { ident, .. } => ident.span(),
        }
    }
}

impl AttributeFills {
    pub fn all(&self) -> impl Iterator<Item = &Fill> {
        self.partition.iter().chain(&self.sort)
    }

    /// The fields of the native fills, in order.
    pub fn native_fields(&self) -> impl Iterator<Item = usize> + '_ {
        self.all().filter_map(|fill| match fill {
            Fill::Field { index, .. } => Some(*index),
            Fill::Template(_) => None,
        })
    }
}

impl IndexTemplates {
    /// The index's last path segment, e.g. `ByStatus` for `crate::ByStatus`.
    pub fn name(&self) -> String {
        self.index
            .segments
            .last()
            .map(|s| s.ident.to_string())
            .unwrap_or_default()
    }

    /// The pk and sk templates that are present (of an attribute-wise index: its template fills).
    pub fn templates(&self) -> impl Iterator<Item = &Template> {
        let fills = self.fills.iter().flat_map(|f| {
            f.all().filter_map(|fill| match fill {
                Fill::Template(template) => Some(template),
                Fill::Field { .. } => None,
            })
        });
        self.pk.iter().chain(&self.sk).chain(fills)
    }

    /// A partition key is given (`pk = …`): a GSI's.
    pub fn has_partition(&self) -> bool {
        self.pk.is_some()
            || self
                .fills
                .as_ref()
                .is_some_and(|f| f.partition_written.is_some())
    }

    /// Declared with a list or a field fill (issue 14).
    pub fn is_attribute_wise(&self) -> bool {
        self.fills.is_some()
    }

    /// Every field the index's keys are made of: template fields and native fills.
    pub fn fields(&self) -> impl Iterator<Item = usize> + '_ {
        self.templates()
            .flat_map(Template::field_indices)
            .chain(self.fills.iter().flat_map(AttributeFills::native_fields))
    }
}

impl Field<'_> {
    /// `true` for an `Option<T>` field (usable in index templates only).
    pub fn is_optional(&self) -> bool {
        option_inner(self.ty).is_some()
    }
}

impl Entity<'_> {
    /// The templates of every `#[index(…)]`.
    pub fn index_templates(&self) -> impl Iterator<Item = &Template> {
        self.indexes.iter().flat_map(IndexTemplates::templates)
    }
}

/// Resolves every `#[index(…)]`; a template index whose template has an error is dropped, an
/// attribute-wise one is kept with stand-ins for the failed fills (the error is recorded either
/// way).
pub fn resolve_all(cx: &Ctxt, fields: &[Field<'_>], attrs: Vec<IndexAttr>) -> Vec<IndexTemplates> {
    let mut out = Vec::with_capacity(attrs.len());
    for attr in attrs {
        let attribute_wise = attr
            .pk
            .iter()
            .chain(&attr.sk)
            .any(|fill| fill.plain().is_none());
        if attribute_wise {
            let partition_written = attr.pk.as_ref().map(FillDecl::span);
            let sort_written = attr.sk.as_ref().map(FillDecl::span);
            let mut unresolved = Vec::new();
            let mut fills = |decl: Option<FillDecl>, role| {
                let decl = decl?;
                // `pk = []`: a GSI whose only partition attribute is entity_type(…).
                if let (true, Some(bracket), Role::Sort) =
                    (decl.fills.is_empty(), decl.bracket, role)
                {
                    cx.error_span(
                        bracket,
                        "list at least one fill: a field name or a key template, e.g. [tournament]",
                    );
                }
                let mut list = Vec::with_capacity(decl.fills.len());
                for elem in decl.fills {
                    let stand_in = Unresolved::of(fields, &elem, role);
                    match resolve_fill(cx, fields, elem, role) {
                        Some(fill) => list.push(fill),
                        None => unresolved.push(stand_in),
                    }
                }
                Some(list)
            };
            let partition = fills(attr.pk, Role::Partition).unwrap_or_default();
            let sort = fills(attr.sk, Role::Sort).unwrap_or_default();
            // Kept with stand-ins for the fills that failed: the fallback stubs the index's
            // queries with the argument counts and steps they would have had.
            out.push(IndexTemplates {
                index: attr.index,
                pk: None,
                sk: None,
                fills: Some(AttributeFills {
                    partition,
                    sort,
                    partition_written,
                    sort_written,
                    unresolved,
                }),
                exclusive: attr.exclusive,
            });
            continue;
        }
        let mut ok = true;
        let mut one = |decl: Option<FillDecl>, role| {
            let lit = decl?.plain()?.clone();
            let template = resolve(cx, fields, lit, role);
            ok &= template.is_some();
            template
        };
        let pk = one(attr.pk, Role::Partition);
        let sk = one(attr.sk, Role::Sort);
        if ok {
            out.push(IndexTemplates {
                index: attr.index,
                pk,
                sk,
                fills: None,
                exclusive: attr.exclusive,
            });
        }
    }
    out
}

/// A fill with its template resolved, or its field found (`None` after an error).
fn resolve_fill(cx: &Ctxt, fields: &[Field<'_>], elem: FillElem, role: Role) -> Option<Fill> {
    match elem {
        FillElem::Template(lit) => resolve(cx, fields, lit, role).map(Fill::Template),
        FillElem::Field(ident) => {
            let name = ident.unraw().to_string();
            match fields.iter().position(|f| f.name() == name) {
                Some(index) => Some(Fill::Field { index, ident }),
                None => {
                    cx.error_at(
                        &ident,
                        format!(
                            "`{name}` names no field of this struct; {}",
                            field_suggestion(&name, fields, |c| format!("`{c}`"))
                        ),
                    );
                    None
                }
            }
        }
    }
}

/// `T` when `ty` is written `Option<T>` (last path segment `Option` with one type argument).
pub fn option_inner(ty: &Type) -> Option<&Type> {
    let Type::Path(path) = ty else { return None };
    if path.qself.is_some() {
        return None;
    }
    let last = path.path.segments.last()?;
    if last.ident != "Option" {
        return None;
    }
    let PathArguments::AngleBracketed(args) = &last.arguments else {
        return None;
    };
    match args.args.first() {
        Some(GenericArgument::Type(inner)) if args.args.len() == 1 => Some(inner),
        _ => None,
    }
}

/// `ByParentFolder` → `by_parent_folder`, `GSI1` → `gsi1`, `HTTPIndex` → `http_index`.
pub fn snake_case(name: &str) -> String {
    let chars: Vec<char> = name.chars().collect();
    let mut out = String::with_capacity(name.len() + 4);
    for (i, &c) in chars.iter().enumerate() {
        if c.is_uppercase() {
            let previous = i.checked_sub(1).and_then(|p| chars.get(p)).copied();
            let next = chars.get(i + 1).copied();
            let boundary = match previous {
                Some(p) if p.is_lowercase() || p.is_ascii_digit() => true,
                Some(p) if p.is_uppercase() => next.is_some_and(char::is_lowercase),
                _ => false,
            };
            if boundary && !out.ends_with('_') {
                out.push('_');
            }
            out.extend(c.to_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::snake_case;

    #[test]
    fn snake_case_of_index_idents() {
        assert_eq!(snake_case("ByStatus"), "by_status");
        assert_eq!(snake_case("ByParentFolder"), "by_parent_folder");
        assert_eq!(snake_case("GSI1"), "gsi1");
        assert_eq!(snake_case("HTTPIndex"), "http_index");
        assert_eq!(snake_case("by_owner"), "by_owner");
        assert_eq!(snake_case("Gsi1Pk"), "gsi1_pk");
    }
}
