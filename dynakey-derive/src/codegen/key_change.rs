//! A key change in the expansion (`#[next(…)]`, `#[previous(…)]`): `Entity::SHAPE` for every
//! entity, and, for an entity that declares a change, `Entity::KEY_CHANGE`, the other shape's
//! template constants and `Entity::other_shape_key` (its copy's keys, encoded from the fields).

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::codegen::template;
use crate::grammar::key_change::Phase;
use crate::model::Entity;

/// The id of a shape: `pk` or `pk|sk` (`Entity::SHAPE`, the `_shape` attribute's value).
fn shape_id(pk: &str, sk: Option<&str>) -> String {
    match sk {
        Some(sk) => format!("{pk}|{sk}"),
        None => pk.to_owned(),
    }
}

/// The inherent constants of the other shape's templates, `__OTHER_PARTITION` and
/// `__OTHER_SORT`, for the templates the declaration gives.
pub fn methods(entity: &Entity<'_>) -> TokenStream {
    let Some(change) = entity.key_change.first() else {
        return TokenStream::new();
    };
    let mut out = TokenStream::new();
    if let Some(pk) = &change.shape.pk {
        out.extend(template::const_item(
            entity,
            pk,
            &format_ident!("__OTHER_PARTITION"),
        ));
    }
    if let Some(sk) = &change.shape.sk {
        out.extend(template::const_item(
            entity,
            sk,
            &format_ident!("__OTHER_SORT"),
        ));
    }
    out
}

/// `const SHAPE` of the `Entity` impl, and, with a key change, `const KEY_CHANGE` and
/// `fn other_shape_key`.
pub fn entity_items(entity: &Entity<'_>) -> TokenStream {
    let Some(pk) = entity.pk.first() else {
        return TokenStream::new();
    };
    let (pk_text, sk_text) = (pk.lit.value(), entity.sk.first().map(|t| t.lit.value()));
    let shape = shape_id(&pk_text, sk_text.as_deref());
    let mut out = quote! {
        const SHAPE: &'static str = #shape;
    };
    let Some(change) = entity.key_change.first() else {
        return out;
    };
    let other = &change.shape;
    let other_pk = other.pk.as_ref().map_or(pk_text, |t| t.lit.value());
    let other_sk = match &other.sk {
        Some(t) => Some(t.lit.value()),
        None => sk_text,
    };
    let other_shape = shape_id(&other_pk, other_sk.as_deref());
    let has_sort = !entity.sk.is_empty();
    let (partition, encode_partition) = match &other.pk {
        Some(pk) => (
            quote!(Self::__OTHER_PARTITION.template),
            template::encode(
                entity,
                pk,
                &format_ident!("__OTHER_PARTITION"),
                |f| quote!(&self.#f),
            ),
        ),
        None => (
            quote!(Self::__PARTITION.template),
            quote!(::dynakey::Entity::partition_key(self)),
        ),
    };
    let (sort, encode_sort) = match &other.sk {
        Some(sk) => {
            let encode = template::encode(
                entity,
                sk,
                &format_ident!("__OTHER_SORT"),
                |f| quote!(&self.#f),
            );
            (
                quote!(__dk::Some(Self::__OTHER_SORT.template)),
                quote!(__dk::Some(#encode?)),
            )
        }
        None if has_sort => (
            quote!(__dk::Some(Self::__SORT.template)),
            quote!(::dynakey::Entity::sort_key(self)?),
        ),
        None => (quote!(__dk::None), quote!(__dk::None)),
    };
    let phase = match change.phase {
        Phase::Expand => quote!(__dk::KeyChangePhase::Expand),
        Phase::Switch => quote!(__dk::KeyChangePhase::Switch),
        Phase::Contract => quote!(__dk::KeyChangePhase::Contract),
    };
    out.extend(quote! {
        const KEY_CHANGE: __dk::Option<::dynakey::KeyChange> = __dk::Some(__dk::key_change(
            #phase,
            __dk::earlier_key(#partition, #sort),
            #other_shape,
        ));

        #[allow(clippy::type_complexity)]
        fn other_shape_key(
            &self,
        ) -> __dk::Result<__dk::Option<(__dk::String, __dk::Option<__dk::String>)>, __dk::KeyError> {
            __dk::Ok(__dk::Some((#encode_partition?, #encode_sort)))
        }
    });
    out
}
