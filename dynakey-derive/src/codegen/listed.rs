//! The build-time check that an entity declared for a table enum is in its list: the table-wide
//! checks (keys two entities could share) and the table's reads know only listed entities.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use crate::model::Entity;

/// One call of `__private::check_listed` at the table path of `#[dynakey(table = T)]`, which
/// composes the message; none without a named table or with `unlisted`. Names the table directly
/// (not through the `Entity` impl), so a failed bound elsewhere does not cascade into it, and a
/// table path that does not resolve is reported once.
pub fn check(entity: &Entity<'_>) -> TokenStream {
    if !entity.must_be_listed {
        return TokenStream::new();
    }
    let table = &entity.table;
    let table_name = table.to_string().replace(' ', "");
    let ident = entity.ident.to_string();
    let name = &entity.name;
    let check = match &entity.parent {
        // A child that names no table is in its parent's.
        Some(parent) if parent.table.is_none() => {
            let path = &parent.path;
            let parent_name = quote!(#path).to_string().replace(' ', "");
            quote_spanned! {path.span()=>
                __dk::check_child_listed::<#table>(#name, #ident, #parent_name)
            }
        }
        _ => quote_spanned! {table.span()=>
            __dk::check_listed::<#table>(#name, #ident, #table_name)
        },
    };
    quote!(const _: () = #check;)
}
