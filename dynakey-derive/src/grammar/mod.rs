//! Stage 1, grammar: attribute tokens and template text into plain data, no type information.

pub mod attrs;
pub mod collection;
pub mod index;
pub mod shard;
pub mod template;
