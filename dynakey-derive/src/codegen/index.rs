//! Secondary indexes: the marker types of `#[derive(Table)]`'s `#[gsi]`/`#[lsi]`, and what
//! `#[derive(Entity)]` generates for each `#[index(…)]` — index key encoders, the
//! `Entity::INDEXES`/`Entity::index_keys` items, `query_<index>(…)`, the `<index>_sk()` builder
//! and the build-time checks that need the index's type.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use crate::codegen::parts::{kind_tokens, Parts};
use crate::codegen::sort_key::{self, Builder};
use crate::codegen::{attribute_index, label, local, template};
use crate::grammar::attribute_index::KeyDecl;
use crate::grammar::index::{IndexKind, ProjectionDecl};
use crate::model::index::{snake_case, IndexTemplates};
use crate::model::table::Table;
use crate::model::{Entity, Template};

// ----- #[derive(Table)] -------------------------------------------------------------------------

fn projection_tokens(projection: Option<&ProjectionDecl>) -> TokenStream {
    match projection {
        None | Some(ProjectionDecl::All) => quote!(::dynakey::__private::Projection::All),
        Some(ProjectionDecl::KeysOnly) => quote!(::dynakey::__private::Projection::KeysOnly),
        Some(ProjectionDecl::Include(attributes)) => {
            quote!(::dynakey::__private::Projection::Include(&[#(#attributes),*]))
        }
    }
}

fn projection_text(projection: Option<&ProjectionDecl>) -> String {
    match projection {
        None | Some(ProjectionDecl::All) => "ALL".to_owned(),
        Some(ProjectionDecl::KeysOnly) => "KEYS_ONLY".to_owned(),
        Some(ProjectionDecl::Include(attributes)) => {
            let names: Vec<String> = attributes
                .iter()
                .map(|a| format!("{:?}", a.value()))
                .collect();
            format!("INCLUDE({})", names.join(", "))
        }
    }
}

/// The marker types of a table's indexes, and the `Table::INDEXES` constant.
pub fn table(model: &Table<'_>) -> (TokenStream, TokenStream) {
    let vis = model.vis;
    let table = model.ident;
    let mut items = TokenStream::new();
    let mut defs = Vec::with_capacity(model.indexes.len());
    for index in &model.indexes {
        let decl = &index.decl;
        let ident = &decl.ident;
        let name = &index.name;
        let kind = kind_tokens(decl.kind);
        let projection = decl.projection.as_ref().map(|(p, _)| p);
        let projection_value = projection_tokens(projection);
        let (def, keys, attribute_impls) = if index.attribute_wise {
            attribute_index::table_index(index, &projection_value)
        } else {
            // The checks guarantee a GSI's partition key.
            let Some(partition_key) = &index.partition_key else {
                continue;
            };
            let plain_sort_key = decl.sort_key.as_ref().and_then(KeyDecl::plain);
            let sort_key = match plain_sort_key {
                Some(sk) => quote!(::core::option::Option::Some(#sk)),
                None => quote!(::core::option::Option::None),
            };
            let def = quote! {
                ::dynakey::__private::index_def(
                    #name,
                    #kind,
                    #partition_key,
                    #sort_key,
                    #projection_value,
                )
            };
            let keys = format!(
                "partition key `{}`{}",
                partition_key.value(),
                plain_sort_key
                    .map(|s| format!(", sort key `{}`", s.value()))
                    .unwrap_or_default()
            );
            (def, keys, TokenStream::new())
        };
        let (what, guide) = match decl.kind {
            IndexKind::Global => (
                "Global secondary index",
                "\"Using Global Secondary Indexes in DynamoDB\"",
            ),
            IndexKind::Local => ("Local secondary index", "\"Local secondary indexes\""),
        };
        let doc = format!(
            "{what} `{name}` of [`{table}`]: {keys}, projection {proj} (AWS \
             developer guide, {guide}).\n\nThe index's marker type: entities take part with \
             `#[index({ident}, …)]`, and their generated `query_{snake}(…)` returns a \
             `KeyQuery<_, {ident}>`.{consistent}",
            proj = projection_text(projection),
            snake = snake_case(&ident.to_string()),
            consistent = match decl.kind {
                IndexKind::Global => " Reads are eventually consistent only.",
                IndexKind::Local => " Strongly consistent reads are supported.",
            },
        );
        let consistent = (decl.kind == IndexKind::Local)
            .then(|| quote!(impl ::dynakey::ConsistentReadable for #ident {}));
        let projects_all = matches!(projection, None | Some(ProjectionDecl::All))
            .then(|| quote!(impl ::dynakey::ProjectsAll for #ident {}));
        items.extend(quote! {
            #[doc = #doc]
            #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
            #vis struct #ident;

            #[automatically_derived]
            impl ::dynakey::Index for #ident {
                type Table = #table;
                const DEF: ::dynakey::IndexDef = #def;
            }
            #attribute_impls
            #consistent
            #projects_all
        });
        defs.push(quote!(<#ident as ::dynakey::Index>::DEF));
    }
    let indexes = if model.indexes.is_empty() {
        TokenStream::new()
    } else {
        quote!(const INDEXES: &'static [::dynakey::IndexDef] = &[#(#defs),*];)
    };
    (items, indexes)
}

/// The table's `__private::DerivedTable` impl and one `IndexAt<i>` impl per index marker type (a
/// marker declared twice, an error already reported, once): how `#[index(I, …)]` on an entity
/// finds `I` through the entity's table. Emitted by the expansion and by the fallback alike, so
/// entities on a table whose derive failed add no errors.
pub fn lookup(model: &Table<'_>) -> TokenStream {
    let table = model.ident;
    let mut markers: Vec<&syn::Ident> = Vec::new();
    for index in &model.indexes {
        if !markers.contains(&&index.decl.ident) {
            markers.push(&index.decl.ident);
        }
    }
    let name = table.to_string();
    let names = markers.iter().map(|m| m.to_string());
    let positions = markers.iter().enumerate().map(|(i, marker)| {
        quote! {
            impl ::dynakey::__private::IndexAt<#i> for #table {
                type Index = #marker;
            }
        }
    });
    let attribute_wise = attribute_index::attribute_wise_const(&model.indexes);
    quote! {
        impl ::dynakey::__private::DerivedTable for #table {
            const NAME: &'static str = #name;
            const INDEX_TYPES: &'static [&'static str] = &[#(#names),*];
            #attribute_wise
        }
        #(#positions)*
    }
}

// ----- #[derive(Entity)] ------------------------------------------------------------------------

/// The step names of the entity's attribute-wise sort builders, for the marker module.
pub fn attribute_step_markers(entity: &Entity<'_>) -> Vec<syn::Ident> {
    attribute_index::step_markers(entity)
}

/// What the entity's `#[index(…)]` attributes add: per index an alias of its marker type, its
/// template constants, the build-time checks, `query_<index>(…)`, the `<index>_sk()` builder;
/// `Entity::INDEXES` and `index_keys`/`attribute_keys`. `bounds`: the entity's
/// [`template::where_clause`]; `markers`: the module of field markers.
pub fn entity(entity: &Entity<'_>, bounds: &TokenStream, markers: &syn::Ident) -> Parts {
    let mut out = Parts::default();
    if entity.indexes.is_empty() {
        return out;
    }
    let ident = entity.ident;
    let mut entries = Vec::new();
    let mut blocks = Vec::new();
    let mut attribute_blocks = Vec::new();
    for (n, index) in entity.indexes.iter().enumerate() {
        let path = &index.index;
        let path_span = path.span();
        let name = index.name();
        let snake = snake_case(&name);
        // Every use names the index through this alias: the marker type of that name among the
        // indexes of the entity's table, so an index the table does not declare is one error,
        // here, listing the ones it does.
        let alias = format_ident!("__Index{}", n);
        let table = &entity.table;
        let entity_name = ident.to_string();
        // An attribute-wise `#[index]` finds only an attribute-wise index, a template one only a
        // template index: a mix-up is this one error.
        let lookup = if index.is_attribute_wise() {
            quote!(attribute_index_position)
        } else {
            quote!(index_position)
        };
        let position = quote_spanned! {path_span=>
            { __dk::#lookup::<#table>(#name, #entity_name) }
        };
        out.inner.extend(quote! {
            #[doc(hidden)]
            type #alias = <#table as __dk::IndexAt<#position>>::Index;
        });
        if index.is_attribute_wise() {
            let expansion = attribute_index::entity(entity, index, n, &alias, bounds, markers);
            entries.push(expansion.entry);
            attribute_blocks.push(expansion.keys);
            out.extend(expansion.parts);
            continue;
        }
        let def = quote_spanned!(path_span=> <#alias as __dk::Index>::DEF);
        out.inner.extend(checks(index, &def));

        let upper = snake.to_uppercase();
        let pk_const = format_ident!("__{}_PARTITION", upper);
        let sk_const = format_ident!("__{}_SORT", upper);
        if let Some(pk) = &index.pk {
            out.methods
                .extend(template::const_item(entity, pk, &pk_const));
        }
        let sort_template = match &index.sk {
            Some(sk) => {
                out.methods
                    .extend(template::const_item(entity, sk, &sk_const));
                let builder = Builder {
                    ident: format_ident!("{}{}Sk", ident, name),
                    ctor: format_ident!("{}_sk", snake),
                    index: quote!(#alias),
                    template: sk_const.clone(),
                    tag: format!("Sk{n}"),
                };
                out.outer
                    .extend(sort_key::declaration(entity, sk, &builder));
                out.inner.extend(sort_key::implementation(
                    entity, sk, &builder, bounds, markers,
                ));
                out.methods.extend(sort_key::constructor(sk, &builder));
                quote!(__dk::Some(Self::#sk_const.template))
            }
            None => quote!(__dk::None),
        };
        out.methods.extend(query_fn(
            entity,
            index,
            &alias,
            &pk_const,
            &def,
            &sort_template,
        ));

        let sparse = index
            .templates()
            .flat_map(Template::field_indices)
            .any(|i| entity.field(i).is_optional());
        let partition_constant = match &index.pk {
            Some(_) => quote!(__dk::Some(Self::#pk_const.template)),
            None => quote!(__dk::None),
        };
        let query = format!("query_{}", snake_case(&index.name()));
        entries.push(quote! {
            __dk::entity_index(#def, #partition_constant, #sort_template, #sparse, #query)
        });
        blocks.push(key_block(entity, index, sparse, &def, &pk_const, &sk_const));
    }
    let templates = entity
        .indexes
        .iter()
        .filter(|i| !i.is_attribute_wise())
        .count();
    let capacity = 2 * templates;
    let keys = local("__dynakey_out");
    let index_keys = (templates > 0 || attribute_blocks.is_empty()).then(|| {
        quote! {
            #[inline]
            fn index_keys(&self) -> __dk::IndexKeys {
                let mut #keys = ::std::vec::Vec::with_capacity(#capacity);
                #(#blocks)*
                __dk::Ok(#keys)
            }
        }
    });
    let attribute_keys = (!attribute_blocks.is_empty()).then(|| {
        quote! {
            fn attribute_keys(&self) -> __dk::AttributeKeys {
                __dk::attribute_keys_of([#(#attribute_blocks)*])
            }
        }
    });
    out.entity_items.extend(quote! {
        const INDEXES: &'static [::dynakey::EntityIndex] = &[#(#entries),*];

        #index_keys
        #attribute_keys
    });
    out
}

/// The build-time checks that need the index's declaration (that it is an index of the entity's
/// table is how the alias finds it): a GSI exactly when a `pk` template is given, and a sort key
/// exactly when an `sk` template is; one call of the core, spanned at the index, whose message
/// names the template to remove or add.
fn checks(index: &IndexTemplates, def: &TokenStream) -> TokenStream {
    let name = index.name();
    let text = |t: Option<&Template>| match t {
        Some(t) => {
            let text = t.lit.value();
            quote!(__dk::Some(#text))
        }
        None => quote!(__dk::None),
    };
    let (pk, sk) = (text(index.pk.as_ref()), text(index.sk.as_ref()));
    quote_spanned! {index.index.span()=>
        const _: () = __dk::check_index(&#def, #name, #pk, #sk);
    }
}

/// `pub fn query_<index>(<index partition-key fields>) -> KeyQuery<Self, Index>`; for an LSI the
/// fields of the entity's own `#[pk]`.
fn query_fn(
    entity: &Entity<'_>,
    index: &IndexTemplates,
    alias: &syn::Ident,
    pk_const: &syn::Ident,
    def: &TokenStream,
    sort_template: &TokenStream,
) -> TokenStream {
    let name = index.name();
    let snake = snake_case(&name);
    let fn_ident = format_ident!("query_{}", snake);
    let (template, constant) = match (&index.pk, entity.pk.first()) {
        (Some(pk), _) => (pk, pk_const.clone()),
        (None, Some(pk)) => (pk, format_ident!("__PARTITION")),
        (None, None) => return TokenStream::new(),
    };
    let params = template::params(entity, template);
    let encode = template::encode(entity, template, &constant, |f| quote!(&#f));
    let narrow = match &index.sk {
        Some(_) => format!(
            "; narrow it with a sort-key condition such as `.begins_with({}::{}_sk())`",
            entity.ident, snake
        ),
        None => String::new(),
    };
    let doc = format!(
        "A Query on index `{name}` over one whole index partition (`{}`){narrow}. Items are in \
         the index's sort-key order; encoding errors are returned when the query is built.",
        template.lit.value()
    );
    quote! {
        #[doc = #doc]
        pub fn #fn_ident(#(#params),*) -> ::dynakey::KeyQuery<Self, #alias> {
            __dk::query_index::<Self, #alias>(#encode, #def, #sort_template)
        }
    }
}

/// The statements of `index_keys` for one index: bind its `Option` template fields (leaving the
/// block when one is `None`: a sparse index), then push its key attributes. `sparse`: some
/// template field of the index is an `Option`.
fn key_block(
    entity: &Entity<'_>,
    index: &IndexTemplates,
    sparse: bool,
    def: &TokenStream,
    pk_const: &syn::Ident,
    sk_const: &syn::Ident,
) -> TokenStream {
    let (out, block) = (local("__dynakey_out"), label("__dynakey_index"));
    let mut bound: Vec<usize> = Vec::new();
    let mut binds = Vec::new();
    for i in index.templates().flat_map(Template::field_indices) {
        let field = entity.field(i);
        if bound.contains(&i) || !field.is_optional() {
            continue;
        }
        bound.push(i);
        let ident = field.ident;
        binds.push(quote! {
            let __dk::Some(#ident) = &self.#ident else {
                break #block;
            };
        });
    }
    let value = |f: &syn::Ident| {
        let optional = entity.fields.iter().position(|field| field.ident == f);
        match optional {
            Some(i) if bound.contains(&i) => quote!(#f),
            _ => quote!(&self.#f),
        }
    };
    let partition = index.pk.as_ref().map(|pk| {
        let encode = template::encode(entity, pk, pk_const, value);
        quote!(__dk::push_index_partition(&mut #out, &#def, #encode)?;)
    });
    let sort = index.sk.as_ref().map(|sk| {
        let encode = template::encode(entity, sk, sk_const, value);
        quote!(__dk::push_index_sort(&mut #out, &#def, #encode)?;)
    });
    let label = sparse.then(|| quote!(#block:));
    quote! {
        #label {
            #(#binds)*
            #partition
            #sort
        }
    }
}
