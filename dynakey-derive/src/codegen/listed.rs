//! A build-time check that an entity declared for a table enum is in its list: the table-wide
//! checks (keys two entities could share) and the table's reads know only listed entities.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use crate::model::Entity;

/// The check, at the table path of `#[dynakey(table = T)]`; none without a named table or with
/// `unlisted`. Names the table directly (not through the `Entity` impl), so a failed bound
/// elsewhere does not cascade into it, and a table path that does not resolve is reported once.
pub fn check(entity: &Entity<'_>) -> TokenStream {
    if !entity.must_be_listed {
        return TokenStream::new();
    }
    let table = &entity.table;
    let table_name = table.to_string().replace(' ', "");
    let ident = entity.ident;
    let name = &entity.name;
    let message = format!(
        "entity `{ident}` is declared with #[dynakey(table = {table_name})], but table \
         `{table_name}` does not list it, so the table's key-overlap checks and its reads never \
         see it: add the variant `{ident}({ident})` to `enum {table_name}`, or write \
         #[dynakey(table = {table_name}, unlisted)] for an entity deliberately outside the list"
    );
    let check = quote_spanned! {table.span()=>
        if __dk::unlisted_in::<#table>(#name) {
            ::core::panic!(#message)
        }
    };
    quote!(const _: () = #check;)
}
