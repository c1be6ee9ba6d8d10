//! Attribute-wise indexes (issue 14: a GSI key of several attributes, or a typed `"score": N`
//! key): the table side (`KeySchema` and one `IndexKeyAttribute` impl per key attribute) and the
//! entity side of an `#[index(…)]` whose keys are the attributes themselves — `query_<index>(…)`
//! taking every partition fill, the sort builder `<Entity><Index>Sk<D>` filled strictly left to
//! right, the `Entity::attribute_keys` entries, the `EntityIndex` with its fills, and the
//! build-time checks against the table's declaration (`__private::check_*`, each reported once,
//! at its fill).

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;
use syn::Ident;

use crate::codegen::parts::kind_tokens;
use crate::codegen::parts::Parts;
use crate::codegen::sort_key_order::{Order, Steps};
use crate::codegen::{label, template};
use crate::model::index::{snake_case, template_method_name, Fill, IndexTemplates};
use crate::model::table::{AttrType, KeyAttr, TableIndex};
use crate::model::{Entity, Role, Segment, Template};

// ----- #[derive(Table)] -------------------------------------------------------------------------

fn attr_tokens(attr: &KeyAttr<'_>) -> TokenStream {
    let name = attr.name;
    match attr.ty {
        AttrType::S => quote!(::dynakey::__private::KeyAttr::s(#name)),
        AttrType::N => quote!(::dynakey::__private::KeyAttr::n(#name)),
        AttrType::B => quote!(::dynakey::__private::KeyAttr::b(#name)),
    }
}

fn type_marker(ty: AttrType) -> TokenStream {
    match ty {
        AttrType::S => quote!(::dynakey::__private::attribute::S),
        AttrType::N => quote!(::dynakey::__private::attribute::N),
        AttrType::B => quote!(::dynakey::__private::attribute::B),
    }
}

fn describe(attrs: &[KeyAttr<'_>]) -> String {
    let names: Vec<String> = attrs
        .iter()
        .map(|a| {
            if a.entity_type {
                format!("`{}` (the entity type)", a.name.value())
            } else {
                format!("`{}` ({})", a.name.value(), a.ty.letter())
            }
        })
        .collect();
    names.join(", ")
}

/// The `DEF` of an attribute-wise index, the key text of its docs, and its `IndexKeyAttribute`
/// impls.
pub fn table_index(
    index: &TableIndex,
    projection: &TokenStream,
) -> (TokenStream, String, TokenStream) {
    let ident = &index.decl.ident;
    let name = &index.name;
    let kind = kind_tokens(index.decl.kind);
    let partition = index.partition_attrs();
    let sort = index.sort_attrs();
    let entity_type = partition
        .first()
        .filter(|a| a.entity_type)
        .map(|_| quote!(.with_entity_type()));
    let p = partition.iter().map(attr_tokens);
    let s = sort.iter().map(attr_tokens);
    let def = quote! {
        ::dynakey::__private::attribute_index_def(
            #name,
            #kind,
            ::dynakey::__private::KeySchema::attributes(&[#(#p),*], &[#(#s),*]) #entity_type,
            #projection,
        )
    };
    let mut keys = format!("partition key {}", describe(&partition));
    if !sort.is_empty() {
        keys.push_str(&format!(", sort key {}", describe(&sort)));
    }
    let mut impls = TokenStream::new();
    for (role, attrs) in [
        (quote!(::dynakey::__private::PartitionRole), &partition),
        (quote!(::dynakey::__private::SortRole), &sort),
    ] {
        for (position, attr) in attrs.iter().enumerate() {
            let ty = type_marker(attr.ty);
            let attribute = attr.name;
            impls.extend(quote! {
                impl ::dynakey::__private::IndexKeyAttribute<#role, #position> for #ident {
                    type Type = #ty;
                    const NAME: &'static str = #attribute;
                }
            });
        }
    }
    (def, keys, impls)
}

/// The table's attribute-wise index types, for `DerivedTable::ATTRIBUTE_WISE` (empty when it has
/// none, so a table without them expands as before).
pub fn attribute_wise_const(indexes: &[TableIndex]) -> TokenStream {
    let names: Vec<String> = indexes
        .iter()
        .filter(|i| i.attribute_wise)
        .map(|i| i.decl.ident.to_string())
        .collect();
    if names.is_empty() {
        return TokenStream::new();
    }
    quote!(const ATTRIBUTE_WISE: &'static [&'static str] = &[#(#names),*];)
}

// ----- #[derive(Entity)] ------------------------------------------------------------------------

/// What one attribute-wise `#[index(…)]` adds to the entity's expansion.
pub struct Expansion {
    /// The builder type (outer), checks, constants and builder impls (inner), `query_<index>` and
    /// `<index>_sk` (methods).
    pub parts: Parts,
    /// The `EntityIndex` of `Entity::INDEXES`.
    pub entry: TokenStream,
    /// The statements of `Entity::attribute_keys` for this index.
    pub keys: TokenStream,
}

/// One fill with what code generation needs of it.
struct FillInfo<'f> {
    fill: &'f Fill,
    sort: bool,
    /// Position among its role's fills (after the entity-type attribute: the core adds it).
    position: usize,
    /// The template constant of a template fill.
    constant: Ident,
}

/// The constant holding index `name`'s declaration (`<I as Index>::DEF`).
fn def_const(name: &str) -> Ident {
    format_ident!("__{}", snake_case(name).to_uppercase())
}

/// The marker and method name of a sort fill: the field's name, or for a template of several
/// fields a name made of its text.
fn step(entity: &Entity<'_>, fill: &Fill) -> Ident {
    match fill {
        Fill::Field { index, .. } => entity.field(*index).ident.clone(),
        Fill::Template(template) => {
            let fields: Vec<usize> = template.field_indices().collect();
            match fields.as_slice() {
                [one] => entity.field(*one).ident.clone(),
                _ => format_ident!("{}", template_method_name(&template.lit.value())),
            }
        }
    }
}

/// The step markers of every attribute-wise sort builder of the entity (for the marker module).
pub fn step_markers(entity: &Entity<'_>) -> Vec<Ident> {
    entity
        .indexes
        .iter()
        .filter_map(|i| i.fills.as_ref())
        .flat_map(|fills| fills.sort.iter().map(|fill| step(entity, fill)))
        .collect()
}

/// `index`: attribute-wise (`fills` is `Some`); `alias`: its alias in the const block; `bounds`:
/// the entity's where clause; `markers`: the module of field markers.
pub fn entity(
    entity: &Entity<'_>,
    index: &IndexTemplates,
    n: usize,
    alias: &Ident,
    bounds: &TokenStream,
    markers: &Ident,
) -> Expansion {
    let mut out = Expansion {
        parts: Parts::default(),
        entry: TokenStream::new(),
        keys: TokenStream::new(),
    };
    let Some(fills) = &index.fills else {
        return out;
    };
    let name = index.name();
    let upper = snake_case(&name).to_uppercase();
    let def = def_const(&name);
    let path_span = index.index.span();
    out.parts.inner.extend(quote_spanned! {path_span=>
        const #def: __dk::IndexDef = <#alias as __dk::Index>::DEF;
    });
    let infos: Vec<FillInfo<'_>> = fills
        .partition
        .iter()
        .enumerate()
        .map(|(k, fill)| (false, k, fill))
        .chain(
            fills
                .sort
                .iter()
                .enumerate()
                .map(|(k, fill)| (true, k, fill)),
        )
        .enumerate()
        .map(|(n, (sort, position, fill))| FillInfo {
            fill,
            sort,
            position,
            constant: format_ident!("__{}_FILL_{}", upper, n),
        })
        .collect();
    for info in &infos {
        if let Fill::Template(template) = info.fill {
            out.parts
                .methods
                .extend(template::const_item(entity, template, &info.constant));
        }
    }
    let def_tokens = quote!(#def);
    out.parts
        .inner
        .extend(checks(entity, index, &infos, &def_tokens));
    out.parts
        .methods
        .extend(query_fn(entity, index, &infos, alias, &def));
    let sort: Vec<&FillInfo<'_>> = infos[fills.partition.len()..].iter().collect();
    if !sort.is_empty() {
        let builder = SortBuilder {
            ident: format_ident!("{}{}Sk", entity.ident, name),
            ctor: format_ident!("{}_sk", snake_case(&name)),
            alias,
            tag: format!("Sk{n}"),
        };
        out.parts.outer.extend(builder.declaration(entity, &name));
        let (methods, inner) = builder.implementation(entity, &sort, bounds, markers);
        out.parts.methods.extend(methods);
        out.parts.inner.extend(inner);
    }
    let (entry, fills_const) = entry(entity, index, &infos, &def, &upper);
    out.entry = entry;
    out.parts.methods.extend(fills_const);
    out.keys = key_block(entity, &infos, &def);
    out
}
/// The first partition fill is a template that starts with a literal: its values tell entities
/// apart as on the template path.
fn literal_start(index: &IndexTemplates) -> bool {
    let first = index.fills.as_ref().and_then(|f| f.partition.first());
    matches!(first, Some(Fill::Template(Template { segments, .. }))
        if matches!(segments.first(), Some(Segment::Literal(text)) if !text.is_empty()))
}

/// The build-time checks against the table's declaration (each a call of a `__private::check_*`
/// const fn that panics with the message, at the fill it is about).
fn checks(
    entity: &Entity<'_>,
    index: &IndexTemplates,
    infos: &[FillInfo<'_>],
    def: &TokenStream,
) -> TokenStream {
    let Some(fills) = &index.fills else {
        return TokenStream::new();
    };
    let entity_name = entity.ident.to_string();
    let path_span = index.index.span();
    let mut out = TokenStream::new();
    let n_pk = proc_macro2::Literal::usize_unsuffixed(fills.partition.len());
    let n_sk = proc_macro2::Literal::usize_unsuffixed(fills.sort.len());
    let pk_given = fills.partition_written.is_some();
    let counts_span = fills.partition_written.unwrap_or(path_span);
    out.extend(quote_spanned! {counts_span=>
        const _: () = __dk::check_fill_counts(&#def, #pk_given, #n_pk);
    });
    let sort_span = fills.sort_written.unwrap_or(path_span);
    out.extend(quote_spanned! {sort_span=>
        const _: () = __dk::check_sort_fill_count(&#def, #n_sk);
    });
    let entity_type = entity
        .entity_type
        .as_ref()
        .map(syn::LitStr::value)
        .unwrap_or_default();
    let told_apart = literal_start(index) || index.exclusive.is_some();
    let isolation_span = fills.partition.first().map_or(path_span, Fill::span);
    out.extend(quote_spanned! {isolation_span=>
        const _: () = __dk::check_isolation(&#def, #entity_type, #told_apart, #entity_name);
    });
    // Membership: an `exclusive` entity claims every entity type, so any other entity of the
    // index conflicts with it (E0119 at the second impl).
    let path = &index.index;
    let entity_ident = entity.ident;
    match &index.exclusive {
        Some(exclusive) => out.extend(quote_spanned! {exclusive.span()=>
            impl<__DynakeyEntity> __dk::IndexMember<__DynakeyEntity> for #path {}
        }),
        None => out.extend(quote_spanned! {path_span=>
            impl __dk::IndexMember<#entity_ident> for #path {}
        }),
    }
    for info in infos {
        let slot = slot(info);
        let span = info.fill.span();
        match info.fill {
            Fill::Field { index: field, .. } => {
                let field = entity.field(*field);
                let ty = field.key_ty();
                let (field_name, attribute) = (field.name(), &field.attribute);
                out.extend(quote_spanned! {span=>
                    const _: () = __dk::check_native_fill(
                        &#def, #slot, __dk::TypeProbe::<#ty>::TYPE, #field_name, #attribute,
                    );
                });
            }
            Fill::Template(template) => {
                let text = template.lit.value();
                out.extend(quote_spanned! {span=>
                    const _: () = __dk::check_template_fill(&#def, #slot, #text, __STORED);
                });
            }
        }
    }
    out
}

/// The import every attribute-wise index of the entity shares, for the top of its `const _`
/// block: it makes `TypeProbe::<T>::TYPE` answer for any `T` (native fills). The template-fill
/// checks read `__STORED` (`codegen::stored_attributes`).
pub fn shared(entity: &Entity<'_>) -> TokenStream {
    match any_fill(entity, |f| matches!(f, Fill::Field { .. })) {
        true => quote! {
            #[allow(unused_imports)]
            use __dk::NoAttributeType as _;
        },
        false => TokenStream::new(),
    }
}

/// `true` when an attribute-wise `#[index]` of the entity fills an attribute with a template:
/// its check reads `__STORED`.
pub fn has_template_fills(entity: &Entity<'_>) -> bool {
    any_fill(entity, |f| matches!(f, Fill::Template(_)))
}

/// `true` when a fill of an attribute-wise `#[index]` of the entity is `what`.
fn any_fill(entity: &Entity<'_>, what: impl Fn(&Fill) -> bool) -> bool {
    entity
        .indexes
        .iter()
        .filter_map(|i| i.fills.as_ref())
        .any(|f| f.partition.iter().chain(&f.sort).any(&what))
}

/// The parameters and the partition value of one partition fill of `query_<index>(…)`.
fn partition_value(entity: &Entity<'_>, info: &FillInfo<'_>) -> (Vec<TokenStream>, TokenStream) {
    match info.fill {
        Fill::Field { index, .. } => {
            let field = entity.field(*index);
            let (ident, ty) = (field.ident, field.key_ty());
            (
                vec![quote!(#ident: impl __dk::AttrArg<#ty>)],
                quote!(__dk::partition_value(&#ident)),
            )
        }
        Fill::Template(template) => {
            let params = template::params(entity, template).collect();
            let encode = template::encode(entity, template, &info.constant, |f| quote!(&#f));
            (params, quote!(__dk::template_value(#encode)))
        }
    }
}

/// `pub fn query_<index>(<every partition fill's fields>) -> KeyQuery<Self, Index>`; for an LSI
/// the fields of the entity's own `#[pk]`.
fn query_fn(
    entity: &Entity<'_>,
    index: &IndexTemplates,
    infos: &[FillInfo<'_>],
    alias: &Ident,
    def: &Ident,
) -> TokenStream {
    let Some(fills) = &index.fills else {
        return TokenStream::new();
    };
    let name = index.name();
    let fn_ident = format_ident!("query_{}", snake_case(&name));
    let mut params = Vec::new();
    let mut values = Vec::new();
    if fills.partition_written.is_some() {
        for info in &infos[..fills.partition.len()] {
            let (p, value) = partition_value(entity, info);
            params.extend(p);
            values.push(value);
        }
    } else if let Some(pk) = entity.pk.first() {
        // An LSI: the table's partition key, from the entity's own #[pk].
        params.extend(template::params(entity, pk));
        let encode = crate::codegen::shard::partition_key(
            entity,
            pk,
            &format_ident!("__PARTITION"),
            |f| quote!(&#f),
        );
        values.push(quote!(__dk::template_value(#encode)));
    }
    let doc = format!(
        "A Query on index `{name}` over one whole index partition: every partition attribute by \
         equality{}. Items are in the index's sort order; encoding errors are returned when the \
         query is built.",
        if fills.sort.is_empty() {
            String::new()
        } else {
            format!(
                "; narrow it with `.sort_key({}::{}_sk()…)`, sort attributes left to right",
                entity.ident,
                snake_case(&name)
            )
        }
    );
    quote! {
        #[doc = #doc]
        pub fn #fn_ident(#(#params),*) -> ::dynakey::KeyQuery<Self, #alias> {
            __dk::query_attributes(#def, [#(#values),*])
        }
    }
}

/// The `EntityIndex` of `Entity::INDEXES` (`__private::attribute_entity_index_typed`), and the
/// constant of its fills as the core reads them, the entity-type fill first (the core drops it
/// when the index has no entity-type attribute).
fn entry(
    entity: &Entity<'_>,
    index: &IndexTemplates,
    infos: &[FillInfo<'_>],
    def: &Ident,
    upper: &str,
) -> (TokenStream, TokenStream) {
    let fills = infos.iter().map(|info| match info.fill {
        Fill::Field { index, .. } => {
            let ty = entity.field(*index).ty;
            quote!(__dk::native_fill::<#ty>())
        }
        Fill::Template(_) => {
            let constant = &info.constant;
            quote!(__dk::template_fill(Self::#constant.template))
        }
    });
    let fills_const = format_ident!("__{}_FILLS", upper);
    let sparse = index.fields().any(|i| entity.field(i).is_optional());
    let query = format!("query_{}", snake_case(&index.name()));
    (
        quote!(__dk::attribute_entity_index_typed(#def, Self::#fills_const, #sparse, #query)),
        quote! {
            const #fills_const: &[::dynakey::Fill] = &[__dk::entity_type_fill(), #(#fills),*];
        },
    )
}

/// The `attribute_keys` entries of one index: `(attribute, value)` per fill, a template over a
/// `None` field `Absent` (`__private::native_at` / `template_at`), each followed by a comma.
fn key_block(entity: &Entity<'_>, infos: &[FillInfo<'_>], def: &Ident) -> TokenStream {
    let block = label("__dynakey_fill");
    let statements = infos.iter().map(|info| {
        let slot = slot(info);
        match info.fill {
            Fill::Field { index, .. } => {
                let ident = entity.field(*index).ident;
                quote!(__dk::native_at(&#def, #slot, &self.#ident),)
            }
            Fill::Template(template) => {
                let mut bound: Vec<usize> = Vec::new();
                let binds: Vec<TokenStream> = template
                    .field_indices()
                    .filter(|&i| {
                        let new = entity.field(i).is_optional() && !bound.contains(&i);
                        if new {
                            bound.push(i);
                        }
                        new
                    })
                    .map(|i| {
                        let ident = entity.field(i).ident;
                        quote! {
                            let __dk::Some(#ident) = &self.#ident else {
                                break #block __dk::None;
                            };
                        }
                    })
                    .collect();
                let value = |f: &syn::Ident| {
                    let position = entity.fields.iter().position(|field| field.ident == f);
                    match position {
                        Some(i) if bound.contains(&i) => quote!(#f),
                        _ => quote!(&self.#f),
                    }
                };
                let encode = template::encode(entity, template, &info.constant, value);
                let key = if binds.is_empty() {
                    quote!(__dk::Some(#encode))
                } else {
                    quote!(#block: { #(#binds)* __dk::Some(#encode) })
                };
                quote!(__dk::template_at(&#def, #slot, #key),)
            }
        }
    });
    quote!(#(#statements)*)
}

/// `__private::pk(k)` or `sk(k)`: which fill of its role `info` is.
fn slot(info: &FillInfo<'_>) -> TokenStream {
    let k = proc_macro2::Literal::usize_unsuffixed(info.position);
    if info.sort {
        quote!(__dk::sk(#k))
    } else {
        quote!(__dk::pk(#k))
    }
}

/// The sort builder of one attribute-wise index.
struct SortBuilder<'a> {
    ident: Ident,
    ctor: Ident,
    alias: &'a Ident,
    /// The tag of its aliases in the `const _` block.
    tag: String,
}

impl SortBuilder<'_> {
    fn declaration(&self, entity: &Entity<'_>, index: &str) -> TokenStream {
        let vis = entity.vis;
        let ident = &self.ident;
        let doc = format!(
            "Typed sort conditions of index `{index}` for [`{e}`], created by `{e}::{c}()`: give \
             the sort attributes strictly left to right, each by its method, by equality \
             (`.a().eq(v)`), and at most the last one given by a range (`.a().gt(v)`, \
             `.a().between(lo, hi)`, `.a().begins_with(p)` on a string), then pass it to \
             `.sort_key(…)` of `{e}::query_{s}(…)`. `D` counts the attributes given (AWS \
             developer guide, \"Multi-attribute keys pattern\").",
            e = entity.ident,
            c = self.ctor,
            s = snake_case(index),
        );
        quote! {
            #[doc = #doc]
            #[must_use = "sort conditions do nothing until passed to `.sort_key(…)`"]
            #vis struct #ident<const D: usize>(::dynakey::__private::SortConditions);
        }
    }

    /// The constructor (an entity method) and the builder's impls: its steps in one impl for
    /// every depth, each bounded by the order (`sort_key_order`), and `SortAttributes` for every
    /// depth past 0.
    fn implementation(
        &self,
        entity: &Entity<'_>,
        sort: &[&FillInfo<'_>],
        bounds: &TokenStream,
        markers: &Ident,
    ) -> (TokenStream, TokenStream) {
        let (ident, ctor, alias) = (&self.ident, &self.ctor, self.alias);
        let entity_ident = entity.ident;
        let methods = quote! {
            #[doc = "Starts the sort conditions of this index: give its first sort attribute."]
            pub fn #ctor() -> #ident<0> {
                #ident(__dk::SortConditions::new())
            }
        };
        let steps: Vec<Ident> = sort.iter().map(|info| step(entity, info.fill)).collect();
        let step_refs: Vec<&Ident> = steps.iter().collect();
        let order = Order::new(&self.tag, Steps::Attributes, &step_refs, markers);
        let mut body = TokenStream::new();
        for (depth, info) in sort.iter().enumerate() {
            let step = Step {
                builder: ident,
                entity: entity_ident,
                alias,
                position: info.position,
                check: &order.bounds(&steps[depth], &quote!(N)),
            };
            body.extend(match info.fill {
                Fill::Field { index, .. } => {
                    let field = entity.field(*index);
                    step.native(field.ident, field.key_ty())
                }
                Fill::Template(template) => step.template(entity, template, &info.constant),
            });
        }
        let kinds = format_ident!("Given{}", sort.len());
        let kinds = quote!(__dk::#kinds);
        let order_items = order.items();
        let inner = quote! {
            #order_items
            impl<const D: usize> #ident<D> #bounds {
                #body
            }
            // `do_not_recommend`: depth 0 is reported as not `SortAttributes` (its message).
            #[diagnostic::do_not_recommend]
            // No field-type bounds: it names no field type nor bounded item.
            impl<const D: usize> ::dynakey::SortAttributes<#entity_ident, #alias> for #ident<D>
            where
                #kinds: __dk::At<D>,
                <#kinds as __dk::At<D>>::Out: __dk::Given,
            {
                fn into_conditions(self) -> __dk::Conditions {
                    self.0.into_conditions()
                }
            }
        };
        (methods, inner)
    }
}

/// The method of one sort attribute.
struct Step<'a> {
    builder: &'a Ident,
    entity: &'a Ident,
    alias: &'a Ident,
    /// The fill's position among the sort fills.
    position: usize,
    /// The order bounds of the method (the builder its step's `eq` returns is at `N`).
    check: &'a TokenStream,
}

impl Step<'_> {
    /// A native sort fill `a` of type `ty`: `a()`, returning the core's `AttributeStep` (`eq`,
    /// the ranges, `begins_with` on a string).
    fn native(&self, field: &Ident, ty: &syn::Type) -> TokenStream {
        let (builder, entity, alias, check) = (self.builder, self.entity, self.alias, self.check);
        let k = crate::codegen::sort_key::unsuffixed(self.position);
        let name = syn::ext::IdentExt::unraw(field).to_string();
        let doc = format!(
            "Sort attribute `{name}`: `.eq(v)` and the next may follow, or a last range (`.gt(v)`, \
             `.between(lo, hi)`, `.begins_with(p)` on a string, …)."
        );
        quote! {
            #[doc = #doc]
            pub fn #field<const N: usize>(self) -> __dk::AttributeStep<#builder<N>, #entity, #alias, #ty> #check {
                __dk::attribute_step(self.0, #k, #builder)
            }
        }
    }

    /// A template sort fill: for a one-field template, a method named after the field returning
    /// the core's `TemplateStep` (`eq` and the ranges on its key: the encodings keep order); for
    /// a template of several fields, the equality with the template's fields, named after the
    /// template's text.
    fn template(&self, entity: &Entity<'_>, template: &Template, constant: &Ident) -> TokenStream {
        let (builder, entity_ident, alias, check) =
            (self.builder, self.entity, self.alias, self.check);
        let k = crate::codegen::sort_key::unsuffixed(self.position);
        let text = template.lit.value();
        let fields: Vec<usize> = template.field_indices().collect();
        if let [one] = fields.as_slice() {
            let field = entity.field(*one);
            let (method, ty) = (field.ident, field.key_ty());
            let doc = format!(
                "Sort attribute `{text}`: `.eq(v)` and the next may follow, or a last range \
                 (`.gt(v)`, `.between(lo, hi)`, …) on the key of `v`, within this template's keys."
            );
            let template = template::path(entity, constant);
            return quote! {
                #[doc = #doc]
                pub fn #method<const N: usize>(self) -> __dk::TemplateStep<#builder<N>, #entity_ident, #alias, #ty> #check {
                    __dk::template_step(self.0, #k, #template.template, #builder)
                }
            };
        }
        let method = format_ident!("{}", template_method_name(&text));
        let params = template::params(entity, template);
        let eq = template::encode(entity, template, constant, |f| quote!(&#f));
        let doc = format!(
            "Sort attribute `{text}` equal to the key these values make: the next may follow."
        );
        quote! {
            #[doc = #doc]
            pub fn #method<const N: usize>(self, #(#params),*) -> #builder<N> #check {
                #builder(__dk::step_template_eq::<#alias>(self.0, #k, #eq))
            }
        }
    }
}

// ----- Fallback ---------------------------------------------------------------------------------

/// The step name, argument count and whether it has range steps of a sort fill, as
/// `SortBuilder` generates them.
fn step_base(entity: &Entity<'_>, fill: &Fill) -> (String, usize, bool) {
    match fill {
        Fill::Field { index, .. } => (entity.field(*index).name(), 1, true),
        Fill::Template(template) => {
            let fields: Vec<usize> = template.field_indices().collect();
            match fields.as_slice() {
                [one] => (entity.field(*one).name(), 1, true),
                _ => (
                    template_method_name(&template.lit.value()),
                    fields.len(),
                    false,
                ),
            }
        }
    }
}

/// Stubs of `query_<index>(…)` and `<index>_sk()` of each attribute-wise index, for a failed
/// entity derive: code that queries the index type-checks, so the real errors are the only ones.
/// Each stub is unreachable (the derive failed, so nothing runs).
pub fn fallback(entity: &Entity<'_>) -> TokenStream {
    if !entity.indexes.iter().any(IndexTemplates::is_attribute_wise) {
        return TokenStream::new();
    }
    let ident = entity.ident;
    let mut methods = TokenStream::new();
    let mut items = TokenStream::new();
    let mut stubbed: Vec<String> = Vec::new();
    for index in &entity.indexes {
        let Some(fills) = &index.fills else { continue };
        let path = &index.index;
        let name = index.name();
        // An index given twice (an error) is stubbed once.
        if stubbed.contains(&name) {
            continue;
        }
        stubbed.push(name.clone());
        let snake = snake_case(&name);
        let query = format_ident!("query_{}", snake);
        let stand_ins = |role| fills.unresolved.iter().filter(move |u| u.role == role);
        let count: usize = if fills.partition_written.is_some() {
            fills
                .partition
                .iter()
                .map(|f| match f {
                    Fill::Field { .. } => 1,
                    Fill::Template(t) => t.field_indices().count(),
                })
                .chain(stand_ins(Role::Partition).map(|u| u.args))
                .sum()
        } else {
            entity.pk.first().map_or(0, |pk| pk.field_indices().count())
        };
        let params = (0..count).map(|i| {
            let arg = format_ident!("_arg{}", i);
            quote!(#arg: impl ::core::marker::Sized)
        });
        methods.extend(quote! {
            pub fn #query(#(#params),*) -> ::dynakey::KeyQuery<Self, #path> {
                ::core::unreachable!("the Entity derive failed to compile")
            }
        });
        // `sk = []` (an error) still gets the builder, so `<index>_sk()` adds no error.
        if fills.sort.is_empty() && fills.sort_written.is_none() {
            continue;
        }
        let builder = format_ident!("{}{}Sk", ident, name);
        let ctor = format_ident!("{}_sk", snake);
        methods.extend(quote! {
            pub fn #ctor() -> #builder<0> {
                ::core::unreachable!("the Entity derive failed to compile")
            }
        });
        let mut steps = TokenStream::new();
        let mut seen: Vec<String> = Vec::new();
        let bases = fills
            .sort
            .iter()
            .map(|fill| step_base(entity, fill))
            .chain(stand_ins(Role::Sort).map(|u| (u.name.clone(), u.args, u.ranges)));
        for (name, args, ranges) in bases {
            if seen.contains(&name) {
                continue;
            }
            seen.push(name.clone());
            let step = format_ident!("{}", name);
            // A field or one-field template: a step taking any comparison; several fields: the
            // equality with as many values.
            steps.extend(if ranges {
                quote! {
                    pub fn #step(self) -> ::dynakey::__private::StubStep<Self> {
                        ::dynakey::__private::StubStep(self)
                    }
                }
            } else {
                let params = (0..args).map(|i| {
                    let arg = format_ident!("_arg{}", i);
                    quote!(#arg: impl ::core::marker::Sized)
                });
                quote! {
                    pub fn #step(self, #(#params),*) -> Self {
                        self
                    }
                }
            });
        }
        items.extend(quote! {
            pub struct #builder<const D: usize>;
            impl<const D: usize> #builder<D> {
                #steps
            }
            impl<const D: usize> ::dynakey::SortAttributes<#ident, #path> for #builder<D> {
                fn into_conditions(self) -> ::core::result::Result<
                    ::std::vec::Vec<(&'static str, ::dynakey::__private::condition::SortCondition<::dynakey::KeyValue>)>,
                    ::dynakey::KeyError,
                > {
                    ::core::unreachable!("the Entity derive failed to compile")
                }
            }
        });
    }
    quote! {
        impl #ident {
            #methods
        }
        #items
    }
}
