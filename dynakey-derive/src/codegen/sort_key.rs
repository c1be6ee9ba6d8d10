//! The typed sort-key builder `<Entity>Sk<const D: usize>` (docs/semantics.md §3).
//!
//! `D` counts the fields filled, strictly left to right: `Project::sk()` is `ProjectSk<0>`,
//! `.created(…)` gives `ProjectSk<1>`, and so on. A builder is described, not implemented, per
//! depth: one `SortKeyBuilder` impl for every `D` names its kind at depth `D` from a tuple of kinds
//! (`(EntityPrefix, Group, Complete)` for `PROJ#<created>#<id>`), and the core implements the
//! condition traits for every builder by its kind:
//! - depth 0 < k < n: a group (`SortKeyPrefix`, `SortKeyBound::Group`);
//! - depth 0: `SortKeyPrefix` only (the entity's literal prefix; empty means "no condition");
//! - depth n: a complete key (`CompleteSortKey`, `SortKeyBound::Exact`: always an exact range
//!   bound), and a `begins_with` operand too when the template ends with a literal.
//!
//! The field methods are in one impl for every `D`, each bounded by the fill order
//! (`sort_key_order`), with one `prefix(…)`: a partial value of the field at depth `D`, typed by
//! the template's field types through `__private::PrefixAt<D>` (not implemented at the last depth,
//! so a complete key has none). Every builder is `SortKeyOf<Entity, Index>` (the core's blanket
//! impl over `SortKeyBuilder`), which the query
//! conditions require: the base table's builder (`<Entity>Sk`, from `sk()`) has
//! `Index = PrimaryIndex`, the builder of an `#[index(I, …)]` sort template (`<Entity><I>Sk`,
//! from `<i>_sk()`) has `Index = I`.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use syn::Ident;

use crate::codegen::sort_key_order::{Order, Steps};
use crate::codegen::template;
use crate::model::{Entity, Segment, Template};

pub fn builder_ident(entity: &Entity<'_>) -> syn::Ident {
    format_ident!("{}Sk", entity.ident)
}

/// Which sort key a builder fills: its type, the entity function that starts it, the query target
/// its conditions are for (`Index` of the condition traits), the template constant it fills, and
/// the tag of its aliases in the `const _` block.
pub struct Builder {
    pub ident: Ident,
    pub ctor: Ident,
    pub index: TokenStream,
    pub template: Ident,
    pub tag: String,
}

impl Builder {
    /// The base table's builder, `<Entity>Sk` from `<Entity>::sk()`.
    pub fn primary(entity: &Entity<'_>) -> Self {
        Builder {
            ident: builder_ident(entity),
            ctor: format_ident!("sk"),
            index: quote!(::dynakey::PrimaryIndex),
            template: format_ident!("__SORT"),
            tag: "Sk".to_owned(),
        }
    }
}

/// The builder struct declaration (emitted beside the entity).
pub fn declaration(entity: &Entity<'_>, template: &Template, builder: &Builder) -> TokenStream {
    let vis = entity.vis;
    let ident = &builder.ident;
    let doc = format!(
        "Typed sort-key builder for [`{e}`] (template `{t}`), created by `{e}::{c}()`: fill fields \
         left to right, then pass it to a [`KeyQuery`](::dynakey::KeyQuery) condition. `D` counts \
         the fields filled. Encoding errors are kept and returned when the query is built.",
        e = entity.ident,
        t = template.lit.value(),
        c = builder.ctor,
    );
    quote! {
        #[doc = #doc]
        #[must_use = "a sort-key builder does nothing until passed to a query condition"]
        #vis struct #ident<const D: usize>(::dynakey::__private::SortKey);
    }
}

/// `<Entity>::<ctor>()`, for the entity's inherent impl.
pub fn constructor(template: &Template, builder: &Builder) -> TokenStream {
    let (ident, ctor, constant) = (&builder.ident, &builder.ctor, &builder.template);
    let constant = quote!(Self::#constant);
    let doc = format!(
        "Starts a sort-key condition for `{}`: fill fields left to right, or pass as is for every \
         item of this entity.",
        template.lit.value()
    );
    quote! {
        #[doc = #doc]
        #[inline]
        pub fn #ctor() -> #ident<0> {
            #ident(#constant.start())
        }
    }
}

/// The kinds of its depths, `__private::Kinds2` (`(EntityPrefix, Group, Complete)`) for a
/// template of two fields ending in a placeholder, `Kinds2Literal` for one ending in a literal.
fn kinds(template: &Template) -> TokenStream {
    let n = template.field_indices().count();
    let ends_with_literal = matches!(template.segments.last(), Some(Segment::Literal(_)));
    let name = if ends_with_literal && n > 0 {
        format_ident!("Kinds{}Literal", n)
    } else {
        format_ident!("Kinds{}", n)
    };
    quote!(__dk::#name)
}

/// The builder's impls and methods (emitted inside the const block), under `bounds`, the entity's
/// [`where_clause`](crate::codegen::template::where_clause); `markers` names the field markers'
/// module.
pub fn implementation(
    entity: &Entity<'_>,
    template: &Template,
    builder: &Builder,
    bounds: &TokenStream,
    markers: &Ident,
) -> TokenStream {
    let ident = &builder.ident;
    let target = &builder.index;
    let constant = template::path(entity, &builder.template);
    let entity_ident = entity.ident;
    let kinds = kinds(template);
    let names: Vec<String> = template
        .field_indices()
        .map(|i| entity.field(i).name())
        .collect();
    let steps: Vec<&Ident> = template
        .field_indices()
        .map(|i| entity.field(i).ident)
        .collect();
    let order = Order::new(&builder.tag, Steps::Template, &steps, markers);
    let n = names.len();
    let mut methods = TokenStream::new();
    for (position, index) in template.field_indices().enumerate() {
        let field = entity.field(index);
        let (field_ident, ty, name) = (field.ident, field.key_ty(), &names[position]);
        let depth = unsuffixed(position);
        let check = order.bounds(field_ident, &quote!(N));
        let doc_fill = format!(
            "Fills `{name}` (field {} of {n}): a `{ident}<{}>`.",
            position + 1,
            position + 1
        );
        methods.extend(quote! {
            #[doc = #doc_fill]
            pub fn #field_ident<const N: usize>(self, #field_ident: impl __dk::SegmentArg<#ty>) -> #ident<N>
            #check
            {
                #ident(#constant.fill::<#depth, _>(self.0, &#field_ident))
            }
        });
    }
    if n > 0 {
        let types = template::key_types(entity, template);
        let doc_prefix = format!(
            "A partial value of the field filled next ({}): keys whose segment of that field \
             starts with `partial` (text of the encoded form, or a folder path for a path field). \
             Usable with `begins_with` only; it is the one way a bare prefix reaches DynamoDB \
             (docs/semantics.md §3). A complete key has no next field, so no `prefix`.",
            names
                .iter()
                .enumerate()
                .map(|(i, name)| format!("`{name}` on `{ident}<{i}>`"))
                .collect::<Vec<_>>()
                .join(", ")
        );
        methods.extend(quote! {
            #[doc = #doc_prefix]
            pub fn prefix(
                self,
                partial: impl ::dynakey::SegmentPrefix<<#types as __dk::PrefixAt<D>>::Field>,
            ) -> ::dynakey::SortKeyPartial<#entity_ident, #target>
            where
                #types: __dk::PrefixAt<D>,
            {
                #constant.fill_partial::<D, _, _>(self.0, &partial)
            }
        });
    }
    let order_items = order.items();
    let methods = (n > 0).then(|| {
        quote! {
            impl<const D: usize> #ident<D> #bounds {
                #methods
            }
        }
    });
    // The field-type bounds only where an item uses the field types or the entity's bounded
    // items (the methods): `SortKeyBuilder` names neither, and every where
    // clause is type-checked again in every item of its impl.
    quote! {
        #order_items
        impl<const D: usize> __dk::SortKeyBuilder for #ident<D>
        where
            #kinds: __dk::At<D>,
        {
            type Entity = #entity_ident;
            type Index = #target;
            type Kind = <#kinds as __dk::At<D>>::Out;
            fn into_key(self) -> __dk::SortKey {
                self.0
            }
        }
        #methods
    }
}

/// `n` as an unsuffixed literal (`1`, not `1usize`), for const arguments.
pub fn unsuffixed(n: usize) -> proc_macro2::Literal {
    proc_macro2::Literal::usize_unsuffixed(n)
}
