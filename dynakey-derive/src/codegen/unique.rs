//! Unique constraints: the `Entity::UNIQUE` constant (see `dynakey::unique`).

use proc_macro2::TokenStream;
use quote::quote;

use crate::model::Entity;

/// Inside `impl Entity`: `UNIQUE`, when the entity declares a constraint.
pub fn entity_items(entity: &Entity<'_>) -> TokenStream {
    if entity.unique.is_empty() {
        return TokenStream::new();
    }
    let constraints = entity.unique.iter().map(|u| {
        let names = u.fields.iter().map(|&i| entity.field(i).name());
        let attributes = u.fields.iter().map(|&i| entity.field(i).attribute.clone());
        quote!(__dk::unique(&[#(#names),*], &[#(#attributes),*]))
    });
    quote! {
        const UNIQUE: &'static [::dynakey::UniqueConstraint] = &[#(#constraints),*];
    }
}
