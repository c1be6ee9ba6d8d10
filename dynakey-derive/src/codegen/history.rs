//! The earlier key shapes (`#[was(…)]`) in the expansion: `Entity::EARLIER_KEYS`, and one
//! table-enum check per shape at its template (`__private::listed_earlier_check`). Only
//! entities with a `#[was(…)]` get either, so other expansions are unchanged.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

use crate::codegen::template;
use crate::model::{Entity, Template};

/// `const EARLIER_KEYS` of the `Entity` impl (under its bounds, like the current templates); an
/// omitted template is the current one's constant.
pub fn entity_items(entity: &Entity<'_>) -> TokenStream {
    if entity.earlier.is_empty() {
        return TokenStream::new();
    }
    let key_template = |t: &Template| {
        let text = &t.lit;
        let role = template::role(t.role);
        let parts = template::parts(entity, t);
        quote!(__dk::key_template(#text, #role, &[#(#parts),*]))
    };
    let has_sort = !entity.sk.is_empty();
    let shapes = entity.earlier.iter().map(|earlier| {
        let partition = match &earlier.pk {
            Some(pk) => key_template(pk),
            None => quote!(Self::__PARTITION.template),
        };
        let sort = match &earlier.sk {
            Some(sk) => {
                let sk = key_template(sk);
                quote!(__dk::Some(#sk))
            }
            None if has_sort => quote!(__dk::Some(Self::__SORT.template)),
            None => quote!(__dk::None),
        };
        quote!(__dk::earlier_key(#partition, #sort))
    });
    quote! {
        const EARLIER_KEYS: &'static [::dynakey::EarlierKey] = &[#(#shapes),*];
    }
}

/// For each earlier shape, the check that a table enum listing the entity runs: no key of that
/// shape can be another listed entity's, reported at the shape's template (a call of
/// `__private::listed_earlier_check`, a term of `Entity::LISTED_CHECKED`).
pub fn listed_checks(entity: &Entity<'_>) -> Vec<TokenStream> {
    let name = &entity.name;
    entity
        .earlier
        .iter()
        .enumerate()
        .filter_map(|(position, earlier)| {
            let span = earlier.lit()?.span();
            Some(quote_spanned! {span=>
                __dk::listed_earlier_check::<Self::Table>(#name, #position)
            })
        })
        .collect()
}
