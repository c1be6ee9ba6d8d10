//! What the parts of an entity's expansion (its indexes, sharding, managed fields, …) share, below
//! every one of them: the [`Parts`] each returns for the entity's expansion to place, and the
//! spelling of an index kind, which template and attribute-wise indexes both declare.

use proc_macro2::TokenStream;
use quote::quote;

use crate::grammar::index::IndexKind;

/// What a part of the expansion (an index, the sharding, …) adds to the entity's.
#[derive(Default)]
pub struct Parts {
    /// Beside the struct: public types (builders).
    pub outer: TokenStream,
    /// Inside the `const _` block: constants, impls of generated types, build-time checks.
    pub inner: TokenStream,
    /// Inside the entity's inherent impl: its functions and constants.
    pub methods: TokenStream,
    /// Inside `impl Entity`.
    pub entity_items: TokenStream,
}

impl Parts {
    /// Adds `other`'s pieces after this one's (the empty ones skipped: inside a proc macro, every
    /// `extend` is a call into the compiler, and most parts are empty for most entities).
    pub fn extend(&mut self, other: Parts) {
        let pieces = [
            (&mut self.outer, other.outer),
            (&mut self.inner, other.inner),
            (&mut self.methods, other.methods),
            (&mut self.entity_items, other.entity_items),
        ];
        for (into, piece) in pieces {
            if !piece.is_empty() {
                into.extend(piece);
            }
        }
    }
}

/// `__private::IndexKind::Global` or `…::Local`.
pub fn kind_tokens(kind: IndexKind) -> TokenStream {
    match kind {
        IndexKind::Global => quote!(::dynakey::__private::IndexKind::Global),
        IndexKind::Local => quote!(::dynakey::__private::IndexKind::Local),
    }
}
