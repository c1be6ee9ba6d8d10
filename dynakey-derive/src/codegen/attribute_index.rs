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

use crate::codegen::{index::kind_tokens, label, local, template};
use crate::model::index::{snake_case, Fill, IndexTemplates};
use crate::model::table::{AttrType, KeyAttr, TableIndex};
use crate::model::{Entity, Segment, Template};

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
        AttrType::S => quote!(::dynakey::attribute::S),
        AttrType::N => quote!(::dynakey::attribute::N),
        AttrType::B => quote!(::dynakey::attribute::B),
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
    /// Beside the struct: the sort builder type.
    pub outer: TokenStream,
    /// Inside the `const _` block: build-time checks, builder impls.
    pub inner: TokenStream,
    /// Inside the entity's bounded inherent impl: encoders, `query_<index>`, `<index>_sk`.
    pub methods: TokenStream,
    /// The `EntityIndex` of `Entity::INDEXES`.
    pub entry: TokenStream,
    /// The statements of `Entity::attribute_keys` for this index.
    pub keys: TokenStream,
}

/// One fill with what code generation needs of it.
struct FillInfo<'f> {
    fill: &'f Fill,
    role: TokenStream,
    /// Position among its role's fills (after the entity-type attribute: the core adds it).
    position: usize,
    encoder: Ident,
}

fn role_tokens(sort: bool) -> TokenStream {
    if sort {
        quote!(::dynakey::__private::KeyRole::Sort)
    } else {
        quote!(::dynakey::__private::KeyRole::Partition)
    }
}

/// `index`: attribute-wise (`fills` is `Some`); `alias`: its alias in the const block; `bounds`:
/// the entity's where clause.
pub fn entity(
    entity: &Entity<'_>,
    index: &IndexTemplates,
    alias: &Ident,
    bounds: &TokenStream,
) -> Expansion {
    let mut out = Expansion {
        outer: TokenStream::new(),
        inner: TokenStream::new(),
        methods: TokenStream::new(),
        entry: TokenStream::new(),
        keys: TokenStream::new(),
    };
    let Some(fills) = &index.fills else {
        return out;
    };
    let name = index.name();
    let snake = snake_case(&name);
    let def = quote!(<#alias as ::dynakey::Index>::DEF);
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
            role: role_tokens(sort),
            position,
            encoder: format_ident!("__dynakey_{}_fill_{}", snake, n),
        })
        .collect();
    for info in &infos {
        if let Fill::Template(template) = info.fill {
            out.methods
                .extend(template::encoder(entity, template, &info.encoder));
        }
    }
    out.inner.extend(checks(entity, index, &infos, &def));
    out.methods
        .extend(query_fn(entity, index, &infos, alias, &def));
    let sort: Vec<&FillInfo<'_>> = infos[fills.partition.len()..].iter().collect();
    if !sort.is_empty() {
        let builder = SortBuilder {
            ident: format_ident!("{}{}Sk", entity.ident, name),
            ctor: format_ident!("{}_sk", snake),
            alias,
            def: &def,
        };
        out.outer.extend(builder.declaration(entity, &name));
        let (methods, inner) = builder.implementation(entity, &sort, bounds);
        out.methods.extend(methods);
        out.inner.extend(inner);
    }
    out.entry = entry(entity, index, &infos, &def, &mut out.methods);
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
    let name = index.name();
    let entity_name = entity.ident.to_string();
    let path_span = index.index.span();
    let mut out = TokenStream::new();
    let (n_pk, n_sk) = (fills.partition.len(), fills.sort.len());
    let pk_given = fills.partition_written.is_some();
    let counts_span = fills.partition_written.unwrap_or(path_span);
    out.extend(quote_spanned! {counts_span=>
        const _: () = ::dynakey::__private::check_fill_counts(&#def, #pk_given, #n_pk, #n_sk, #name);
    });
    let entity_type = entity
        .entity_type
        .as_ref()
        .map(syn::LitStr::value)
        .unwrap_or_default();
    let told_apart = literal_start(index) || index.exclusive.is_some();
    let isolation_span = fills.partition.first().map_or(path_span, Fill::span);
    out.extend(quote_spanned! {isolation_span=>
        const _: () = ::dynakey::__private::check_isolation(&#def, #entity_type, #told_apart, #name, #entity_name);
    });
    if let Some(exclusive) = &index.exclusive {
        let path = &index.index;
        out.extend(quote_spanned! {exclusive.span()=>
            impl ::dynakey::__private::ExclusiveEntity for #path {}
        });
    }
    for info in infos {
        let (role, position) = (&info.role, info.position);
        let span = info.fill.span();
        match info.fill {
            Fill::Field { index: field, .. } => {
                let field = entity.field(*field);
                let ty = field.key_ty();
                let (field_name, attribute) = (field.name(), &field.attribute);
                out.extend(quote_spanned! {span=>
                    const _: () = {
                        #[allow(unused_imports)]
                        use ::dynakey::__private::NoAttributeType as _;
                        ::dynakey::__private::check_native_fill(
                            &#def, #role, #position, ::dynakey::__private::TypeProbe::<#ty>::TYPE,
                            #field_name, #attribute, #name,
                        )
                    };
                });
            }
            Fill::Template(template) => {
                let text = template.lit.value();
                out.extend(quote_spanned! {span=>
                    const _: () = ::dynakey::__private::check_template_fill(
                        &#def, #role, #position, #text, #name,
                    );
                });
            }
        }
    }
    out
}

/// The parameters and the partition value of one partition fill of `query_<index>(…)`.
fn partition_value(entity: &Entity<'_>, info: &FillInfo<'_>) -> (Vec<TokenStream>, TokenStream) {
    match info.fill {
        Fill::Field { index, .. } => {
            let field = entity.field(*index);
            let (ident, ty) = (field.ident, field.key_ty());
            (
                vec![quote!(#ident: impl ::dynakey::attribute::AttributeArg<#ty>)],
                quote!(::dynakey::__private::attribute_value::<#ty>(&#ident, ::dynakey::__private::KeyRole::Partition)),
            )
        }
        Fill::Template(template) => {
            let params = template
                .field_indices()
                .map(|i| {
                    let field = entity.field(i);
                    template::param(field.ident, field.key_ty())
                })
                .collect();
            let refs = template::refs(entity, template);
            let encoder = &info.encoder;
            (
                params,
                quote!(::dynakey::__private::template_value(Self::#encoder(#(#refs),*))),
            )
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
    def: &TokenStream,
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
            let position = info.position;
            values.push(quote! {
                (::dynakey::__private::fill_attribute(&#def, ::dynakey::__private::KeyRole::Partition, #position), #value)
            });
        }
    } else if let Some(pk) = entity.pk.first() {
        // An LSI: the table's partition key, from the entity's own #[pk].
        params.extend(pk.field_indices().map(|i| {
            let field = entity.field(i);
            template::param(field.ident, field.key_ty())
        }));
        let refs = template::refs(entity, pk);
        values.push(quote! {
            (::dynakey::__private::fill_attribute(&#def, ::dynakey::__private::KeyRole::Partition, 0),
             ::dynakey::__private::template_value(Self::__dynakey_partition_key(#(#refs),*)))
        });
    }
    let entity_type = quote! {
        (::dynakey::__private::entity_type_attribute(&#def), ::dynakey::__private::entity_type_value::<Self>())
    };
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
            let partition = if ::dynakey::__private::has_entity_type(&#def) {
                ::dynakey::__private::partition_key([#entity_type, #(#values),*])
            } else {
                ::dynakey::__private::partition_key([#(#values),*])
            };
            ::dynakey::__private::query_attribute_index::<Self, #alias>(partition, #def)
        }
    }
}

/// `__private::attribute_entity_index(DEF, fills, sparse)`: the fills as the core reads them,
/// with the entity-type fill first when the index has one. The two lists are associated consts of
/// the bounded impl (their slices `'static`, as `__DYNAKEY_<I>_SORT_TEMPLATE` on the template
/// path); `methods` gets them.
fn entry(
    entity: &Entity<'_>,
    index: &IndexTemplates,
    infos: &[FillInfo<'_>],
    def: &TokenStream,
    methods: &mut TokenStream,
) -> TokenStream {
    let fills: Vec<TokenStream> = infos
        .iter()
        .map(|info| match info.fill {
            Fill::Field { index, .. } => {
                let ty = entity.field(*index).ty;
                quote!(::dynakey::__private::native_fill::<#ty>())
            }
            Fill::Template(template) => {
                // Its own associated const, so its parts are a `'static` slice.
                let constant = template::constant(entity, template);
                let name = format_ident!("{}", info.encoder.to_string().to_uppercase());
                methods.extend(quote! {
                    #[doc(hidden)]
                    const #name: ::dynakey::KeyTemplate = #constant;
                });
                quote!(::dynakey::__private::template_fill(Self::#name))
            }
        })
        .collect();
    let upper = snake_case(&index.name()).to_uppercase();
    let with = format_ident!("__DYNAKEY_{}_FILLS_WITH_ENTITY_TYPE", upper);
    let without = format_ident!("__DYNAKEY_{}_FILLS", upper);
    methods.extend(quote! {
        #[doc(hidden)]
        const #with: &'static [::dynakey::Fill] = &[::dynakey::__private::entity_type_fill(), #(#fills),*];
        #[doc(hidden)]
        const #without: &'static [::dynakey::Fill] = &[#(#fills),*];
    });
    let sparse = index.fields().any(|i| entity.field(i).is_optional());
    // A const of its own too: an `if` inside `INDEXES` would keep its other entries' slices
    // from being promoted.
    let entry = format_ident!("__DYNAKEY_{}_INDEX", upper);
    methods.extend(quote! {
        #[doc(hidden)]
        const #entry: ::dynakey::EntityIndex = ::dynakey::__private::attribute_entity_index(
            #def,
            if ::dynakey::__private::has_entity_type(&#def) { Self::#with } else { Self::#without },
            #sparse,
        );
    });
    quote!(Self::#entry)
}

/// The `attribute_keys` entries of one index: `(attribute, value)` per fill, a template over a
/// `None` field `Absent`.
fn key_block(entity: &Entity<'_>, infos: &[FillInfo<'_>], def: &TokenStream) -> TokenStream {
    let out = local("__dynakey_out");
    let block = label("__dynakey_fill");
    let statements = infos.iter().map(|info| {
        let (role, position) = (&info.role, info.position);
        let attribute = quote!(::dynakey::__private::fill_attribute(&#def, #role, #position));
        let value = match info.fill {
            Fill::Field { index, .. } => {
                let ident = entity.field(*index).ident;
                quote!(::dynakey::__private::native_key(&self.#ident, #role)?)
            }
            Fill::Template(template) => {
                let mut bound: Vec<usize> = Vec::new();
                let binds: Vec<TokenStream> = template
                    .field_indices()
                    .filter(|i| {
                        let new = !bound.contains(i);
                        bound.push(*i);
                        new
                    })
                    .map(|i| {
                        let field = entity.field(i);
                        let ident = field.ident;
                        if field.is_optional() {
                            quote! {
                                let ::core::option::Option::Some(#ident) = &self.#ident else {
                                    break #block ::dynakey::__private::absent();
                                };
                            }
                        } else {
                            quote!(let #ident = &self.#ident;)
                        }
                    })
                    .collect();
                let refs = template::refs(entity, template);
                let encoder = &info.encoder;
                quote! {
                    #block: {
                        #(#binds)*
                        ::dynakey::__private::template_key(Self::#encoder(#(#refs),*))?
                    }
                }
            }
        };
        quote!(#out.push((#attribute, #value));)
    });
    quote!(#(#statements)*)
}

/// The sort builder of one attribute-wise index.
struct SortBuilder<'a> {
    ident: Ident,
    ctor: Ident,
    alias: &'a Ident,
    def: &'a TokenStream,
}

impl SortBuilder<'_> {
    fn declaration(&self, entity: &Entity<'_>, index: &str) -> TokenStream {
        let vis = entity.vis;
        let ident = &self.ident;
        let doc = format!(
            "Typed sort conditions of index `{index}` for [`{e}`], created by `{e}::{c}()`: give \
             the sort attributes strictly left to right, each by equality (`.a(v)`), and at most \
             the last one given by a range (`.a_gt(v)`, `.a_between(lo, hi)`, \
             `.a_begins_with(p)` on a string), then pass it to `.sort_key(…)` of \
             `{e}::query_{s}(…)`. `D` counts the attributes given (AWS developer guide, \
             \"Multi-attribute keys pattern\").",
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

    /// The constructor (an entity method) and the builder's impls.
    fn implementation(
        &self,
        entity: &Entity<'_>,
        sort: &[&FillInfo<'_>],
        bounds: &TokenStream,
    ) -> (TokenStream, TokenStream) {
        let (ident, ctor, alias, def) = (&self.ident, &self.ctor, self.alias, self.def);
        let entity_ident = entity.ident;
        let methods = quote! {
            #[doc = "Starts the sort conditions of this index: give its first sort attribute."]
            pub fn #ctor() -> #ident<0> {
                #ident(::dynakey::__private::SortConditions::new())
            }
        };
        let mut inner = TokenStream::new();
        let range = quote!(::dynakey::AttributeRange<#entity_ident, #alias>);
        for (depth, info) in sort.iter().enumerate() {
            let next = depth + 1;
            let position = info.position;
            let attribute = quote!(::dynakey::__private::fill_attribute(&#def, ::dynakey::__private::KeyRole::Sort, #position));
            let steps = match info.fill {
                Fill::Field { index, .. } => {
                    let field = entity.field(*index);
                    native_steps(field.ident, field.key_ty(), &attribute, ident, next, &range)
                }
                Fill::Template(template) => template_steps(
                    entity,
                    template,
                    &info.encoder,
                    &attribute,
                    ident,
                    next,
                    &range,
                ),
            };
            inner.extend(quote! {
                impl #ident<#depth> #bounds {
                    #steps
                }
            });
            inner.extend(quote! {
                impl ::dynakey::SortAttributes<#entity_ident, #alias> for #ident<#next> #bounds {
                    fn into_conditions(self) -> ::core::result::Result<
                        ::std::vec::Vec<(&'static str, ::dynakey::condition::SortCondition<::dynakey::KeyValue>)>,
                        ::dynakey::KeyError,
                    > {
                        self.0.into_conditions()
                    }
                }
            });
        }
        (methods, inner)
    }
}

/// The steps of a native sort fill `a` of type `ty`: `a(v)`, `a_gt/_gte/_lt/_lte(v)`,
/// `a_between(lo, hi)`, `a_begins_with(p)` (strings only, by `BeginsWith`).
fn native_steps(
    field: &Ident,
    ty: &syn::Type,
    attribute: &TokenStream,
    builder: &Ident,
    next: usize,
    range: &TokenStream,
) -> TokenStream {
    let name = syn::ext::IdentExt::unraw(field).to_string();
    let arg = quote!(impl ::dynakey::attribute::AttributeArg<#ty>);
    let ops = [
        ("gt", "Gt", ">"),
        ("gte", "Ge", ">="),
        ("lt", "Lt", "<"),
        ("lte", "Le", "<="),
    ]
    .map(|(suffix, op, text)| {
        let method = format_ident!("{}_{}", name, suffix);
        let op = format_ident!("{}", op);
        let doc = format!("`{name} {text} value`, on the last sort attribute given.");
        quote! {
            #[doc = #doc]
            pub fn #method(self, value: #arg) -> #range {
                self.0.compare(#attribute, ::dynakey::__private::AttributeOp::#op, &value)
            }
        }
    });
    let between = format_ident!("{}_between", name);
    let begins_with = format_ident!("{}_begins_with", name);
    let doc_eq = format!("`{name} = value`: the next sort attribute may follow.");
    let doc_between = format!(
        "`{name} BETWEEN low AND high` (both included), on the last sort attribute given; low \
         above high is an error when the query is built."
    );
    let doc_begins = format!(
        "`begins_with({name}, prefix)`, on the last sort attribute given; a string attribute only."
    );
    quote! {
        #[doc = #doc_eq]
        pub fn #field(self, value: #arg) -> #builder<#next> {
            #builder(self.0.eq::<#ty>(#attribute, &value))
        }
        #(#ops)*
        #[doc = #doc_between]
        pub fn #between(self, low: #arg, high: #arg) -> #range {
            self.0.between(#attribute, &low, &high)
        }
        #[doc = #doc_begins]
        pub fn #begins_with(self, prefix: impl ::dynakey::attribute::BeginsWith<#ty>) -> #range {
            self.0.begins_with(#attribute, &prefix)
        }
    }
}

/// The equality step's name of a template sort fill of several fields: the template's text in
/// snake case (`"<round>#<seed>"` → `round_seed`).
fn template_method_name(template: &Template) -> String {
    let text = template
        .lit
        .value()
        .replace(|c: char| !c.is_alphanumeric(), "_");
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

/// The steps of a template sort fill: the equality with the template's fields (named after the
/// one field of a one-field template, otherwise after the attribute), and for a one-field
/// template the ranges on its encoded value (the encodings keep order).
fn template_steps(
    entity: &Entity<'_>,
    template: &Template,
    encoder: &Ident,
    attribute: &TokenStream,
    builder: &Ident,
    next: usize,
    range: &TokenStream,
) -> TokenStream {
    let fields: Vec<usize> = template.field_indices().collect();
    let method_name = match fields.as_slice() {
        [one] => entity.field(*one).name(),
        _ => template_method_name(template),
    };
    let method = format_ident!("{}", method_name);
    let params: Vec<TokenStream> = fields
        .iter()
        .map(|&i| {
            let field = entity.field(i);
            template::param(field.ident, field.key_ty())
        })
        .collect();
    let refs: Vec<TokenStream> = template::refs(entity, template).collect();
    let text = template.lit.value();
    let owner = entity.ident;
    let doc_eq =
        format!("`{text}` equal to the key these values make: the next sort attribute may follow.");
    let mut out = quote! {
        #[doc = #doc_eq]
        pub fn #method(self, #(#params),*) -> #builder<#next> {
            #builder(::dynakey::__private::template_eq(self.0, #attribute, #owner::#encoder(#(#refs),*)))
        }
    };
    let [one] = fields.as_slice() else {
        return out;
    };
    let field = entity.field(*one);
    let ty = field.key_ty();
    let arg = quote!(impl ::dynakey::SegmentArg<#ty>);
    for (suffix, op) in [("gt", "Gt"), ("gte", "Ge"), ("lt", "Lt"), ("lte", "Le")] {
        let name = format_ident!("{}_{}", method_name, suffix);
        let op = format_ident!("{}", op);
        let doc =
            format!("`{text}` compared with the key of `value`, on the last sort attribute given.");
        out.extend(quote! {
            #[doc = #doc]
            pub fn #name(self, value: #arg) -> #range {
                ::dynakey::__private::template_compare(
                    self.0, #attribute, ::dynakey::__private::AttributeOp::#op, #owner::#encoder(&value),
                )
            }
        });
    }
    let between = format_ident!("{}_between", method_name);
    let doc = format!("`{text}` between the keys of `low` and `high` (both included), on the last sort attribute given.");
    out.extend(quote! {
        #[doc = #doc]
        pub fn #between(self, low: #arg, high: #arg) -> #range {
            ::dynakey::__private::template_between(
                self.0, #attribute, #owner::#encoder(&low), #owner::#encoder(&high),
            )
        }
    });
    out
}

// ----- Fallback ---------------------------------------------------------------------------------

/// The names and argument counts of a sort fill's steps, as `SortBuilder` generates them.
fn step_names(entity: &Entity<'_>, fill: &Fill) -> Vec<(Ident, usize)> {
    let (base, args, ranges) = match fill {
        Fill::Field { index, .. } => (entity.field(*index).name(), 1, true),
        Fill::Template(template) => {
            let fields: Vec<usize> = template.field_indices().collect();
            match fields.as_slice() {
                [one] => (entity.field(*one).name(), 1, true),
                _ => (template_method_name(template), fields.len(), false),
            }
        }
    };
    let mut out = vec![(format_ident!("{}", base), args)];
    if ranges {
        for suffix in ["gt", "gte", "lt", "lte", "begins_with"] {
            out.push((format_ident!("{}_{}", base, suffix), 1));
        }
        out.push((format_ident!("{}_between", base), 2));
    }
    out
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
    for index in &entity.indexes {
        let Some(fills) = &index.fills else { continue };
        let path = &index.index;
        let name = index.name();
        let snake = snake_case(&name);
        let query = format_ident!("query_{}", snake);
        let count: usize = if fills.partition_written.is_some() {
            fills
                .partition
                .iter()
                .map(|f| match f {
                    Fill::Field { .. } => 1,
                    Fill::Template(t) => t.field_indices().count(),
                })
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
        if fills.sort.is_empty() {
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
        for fill in &fills.sort {
            for (step, args) in step_names(entity, fill) {
                if seen.contains(&step.to_string()) {
                    continue;
                }
                seen.push(step.to_string());
                let params = (0..args).map(|i| {
                    let arg = format_ident!("_arg{}", i);
                    quote!(#arg: impl ::core::marker::Sized)
                });
                steps.extend(quote! {
                    pub fn #step(self, #(#params),*) -> Self {
                        self
                    }
                });
            }
        }
        items.extend(quote! {
            pub struct #builder<const D: usize>;
            impl<const D: usize> #builder<D> {
                #steps
            }
            impl<const D: usize> ::dynakey::SortAttributes<#ident, #path> for #builder<D> {
                fn into_conditions(self) -> ::core::result::Result<
                    ::std::vec::Vec<(&'static str, ::dynakey::condition::SortCondition<::dynakey::KeyValue>)>,
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
