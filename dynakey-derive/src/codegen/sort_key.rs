//! The typed sort-key builder `<Entity>Sk<const D: usize>` (docs/semantics.md §3).
//!
//! `D` is the number of fields filled, strictly left to right: `Project::sk()` is
//! `ProjectSk<0>`, `.created(…)` gives `ProjectSk<1>`, and so on. Skipping a middle field does not
//! compile because `ProjectSk<0>` has no method for the second field. Each depth implements the
//! condition traits that make sense for it:
//! - depth 0 < k < n: a group (`SortKeyPrefix`, `SortKeyBound::Group`);
//! - depth 0: `SortKeyPrefix` only (the entity's literal prefix; empty means "no condition");
//! - depth n: a complete key (`CompleteSortKey`, `SortKeyBound::Exact`: always an exact range
//!   bound), and a `begins_with` operand too when the template ends with a literal.
//!
//! Every depth implements `SortKeyOf<Entity, Index>`, which the query conditions require: the
//! base table's builder (`<Entity>Sk`, from `sk()`) has `Index = PrimaryIndex`, the builder of an
//! `#[index(I, …)]` sort template (`<Entity><I>Sk`, from `<i>_sk()`) has `Index = I`.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use syn::Ident;

use crate::codegen::template::{option_char, push_segments, terminator};
use crate::codegen::{local, sort_key_order};
use crate::model::{Entity, Segment, Template};

pub fn builder_ident(entity: &Entity<'_>) -> syn::Ident {
    format_ident!("{}Sk", entity.ident)
}

/// Which sort key a builder fills: its type, the entity function that starts it, and the query
/// target its conditions are for (`Index` of the condition traits).
pub struct Builder {
    pub ident: Ident,
    pub ctor: Ident,
    pub index: TokenStream,
}

impl Builder {
    /// The base table's builder, `<Entity>Sk` from `<Entity>::sk()`.
    pub fn primary(entity: &Entity<'_>) -> Self {
        Builder {
            ident: builder_ident(entity),
            ctor: format_ident!("sk"),
            index: quote!(::dynakey::PrimaryIndex),
        }
    }
}

/// The builder struct declaration (emitted beside the entity).
pub fn declaration(entity: &Entity<'_>, template: &Template) -> TokenStream {
    declaration_of(entity, template, &Builder::primary(entity))
}

/// [`declaration`] for any builder.
pub fn declaration_of(entity: &Entity<'_>, template: &Template, builder: &Builder) -> TokenStream {
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
        #vis struct #ident<const D: usize>(::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError>);
    }
}

/// Inherent methods and trait impls of the builder (emitted inside the const block), under
/// `bounds`, the entity's [`where_clause`](crate::codegen::template::where_clause).
pub fn implementation(
    entity: &Entity<'_>,
    template: &Template,
    bounds: &TokenStream,
) -> TokenStream {
    implementation_of(entity, template, &Builder::primary(entity), bounds)
}

/// [`implementation`] for any builder.
pub fn implementation_of(
    entity: &Entity<'_>,
    template: &Template,
    builder: &Builder,
    bounds: &TokenStream,
) -> TokenStream {
    let ident = &builder.ident;
    let ctor = &builder.ctor;
    let target = &builder.index;
    let entity_ident = entity.ident;
    let text = &template.lit;
    let segments = &template.segments;
    // Segment index where each depth ends: after L0, after f1 L1, …
    let field_positions: Vec<usize> = segments
        .iter()
        .enumerate()
        .filter_map(|(i, s)| matches!(s, Segment::Field(_)).then_some(i))
        .collect();
    let n = field_positions.len();
    let ends_with_literal = matches!(segments.last(), Some(Segment::Literal(_)));
    // Every other field's method on each depth is one clear error (`sort_key_order`).
    let mut out = sort_key_order::stubs(entity, template, builder, bounds);
    let key = local("__dynakey_out");

    // Depth 0 starts with L0.
    let l0_end = field_positions.first().copied().unwrap_or(segments.len());
    let start = push_segments(entity, template, 0..l0_end);
    out.extend(quote! {
        impl #entity_ident #bounds {
            #[doc = concat!("Starts a sort-key condition for `", #text, "`: fill fields left to right, \
                             or pass as is for every item of this entity.")]
            pub fn #ctor() -> #ident<0> {
                let mut #key = ::dynakey::__private::String::new();
                #start
                #ident(::core::result::Result::Ok(#key))
            }
        }
    });

    for (depth, &position) in field_positions.iter().enumerate() {
        let Segment::Field(index) = segments[position] else {
            continue;
        };
        let field = entity.field(index);
        let field_ident = field.ident;
        let ty = field.key_ty();
        let name = field.name();
        let next_end = field_positions
            .get(depth + 1)
            .copied()
            .unwrap_or(segments.len());
        // The literal after the field, up to the next field.
        let literal_after: String = segments[position + 1..next_end]
            .iter()
            .filter_map(|segment| match segment {
                Segment::Literal(text) => Some(text.as_str()),
                Segment::Field(_) => None,
            })
            .collect();
        let next = depth + 1;
        let prefix_method = format_ident!("{}_prefix", field_ident);
        let term = option_char(terminator(template, position));
        let doc_fill = format!("Fills `{name}` (field {next} of {n}).");
        let doc_prefix = format!(
            "A partial value of `{name}`: keys whose `{name}` segment starts with `partial` \
             (text of the encoded form, or a folder path for a path field). Usable with \
             `begins_with` only; it is the one way a bare prefix reaches DynamoDB (docs/semantics.md §3)."
        );
        out.extend(quote! {
            impl #ident<#depth> #bounds {
                #[doc = #doc_fill]
                pub fn #field_ident(self, #field_ident: impl ::dynakey::SegmentArg<#ty>) -> #ident<#next> {
                    #ident(::dynakey::__private::fill::<#ty, _>(
                        self.0, &#field_ident, #name, #term, #text, #literal_after,
                    ))
                }

                #[doc = #doc_prefix]
                // `<field>_prefix` of a field whose name ends in `_` has a double underscore.
                #[allow(non_snake_case)]
                pub fn #prefix_method(
                    self,
                    partial: impl ::dynakey::condition::SegmentPrefix<#ty>,
                ) -> ::dynakey::SortKeyPartial<#entity_ident, #target> {
                    ::dynakey::__private::fill_partial(self.0, &partial, #name, #term, #text)
                }
            }
        });
    }

    out.extend(quote! {
        impl<const D: usize> ::dynakey::SortKeyOf<#entity_ident, #target> for #ident<D> #bounds {}
    });
    for depth in 0..=n {
        let complete = depth == n;
        if !complete || ends_with_literal || n == 0 {
            out.extend(quote! {
                impl ::dynakey::SortKeyPrefix for #ident<#depth> #bounds {
                    type Entity = #entity_ident;
                    type Index = #target;
                    fn into_prefix(self) -> ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError> {
                        ::dynakey::__private::into_prefix(self.0)
                    }
                }
            });
        }
        if complete {
            out.extend(quote! {
                impl ::dynakey::CompleteSortKey for #ident<#depth> #bounds {
                    type Entity = #entity_ident;
                    type Index = #target;
                    fn into_sort_key(self) -> ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError> {
                        ::dynakey::__private::into_sort_key(self.0)
                    }
                }
                impl ::dynakey::SortKeyBound for #ident<#depth> #bounds {
                    type Entity = #entity_ident;
                    type Index = #target;
                    fn into_bound(self) -> ::core::result::Result<::dynakey::Bound, ::dynakey::KeyError> {
                        ::dynakey::__private::into_exact_bound(self.0)
                    }
                }
            });
        } else if depth > 0 {
            out.extend(quote! {
                impl ::dynakey::SortKeyBound for #ident<#depth> #bounds {
                    type Entity = #entity_ident;
                    type Index = #target;
                    fn into_bound(self) -> ::core::result::Result<::dynakey::Bound, ::dynakey::KeyError> {
                        ::dynakey::__private::into_group_bound(self.0)
                    }
                }
            });
        }
    }
    out
}
