//! Stage 1, grammar: attribute tokens and template text into plain data, no type information.

use syn::parse::ParseStream;
use syn::{Ident, Token};

pub mod attribute_index;
pub mod collection;
pub mod entity;
pub mod given;
pub mod history;
pub mod index;
pub mod key_change;
pub mod segment_enum;
pub mod serde;
pub mod shard;
pub mod table;
pub mod template;
pub mod unique;

/// Reads `, key = value` options until the end of `input` (a trailing comma is allowed): `each` is
/// called with the key once its `=` is read, and parses the value from `input`. The first error,
/// of the syntax or from `each`, stops the loop and is returned.
pub fn options(
    input: ParseStream<'_>,
    mut each: impl FnMut(&Ident, ParseStream<'_>) -> syn::Result<()>,
) -> syn::Result<()> {
    while !input.is_empty() {
        input.parse::<Token![,]>()?;
        if input.is_empty() {
            break;
        }
        let key: Ident = input.parse()?;
        input.parse::<Token![=]>()?;
        each(&key, input)?;
    }
    Ok(())
}
