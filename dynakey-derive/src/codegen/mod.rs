//! Stage 4, code generation: reads only the checked model.
//!
//! Generated helpers live inside `const _: () = { … };` so their names never reach the user's
//! namespace; only the documented types (`<Entity>Sk`, `<Entity>SortKey`, `<Entity>PartitionKey`)
//! are emitted beside the struct.

pub mod collection;
pub mod entity;
pub mod fallback;
pub mod index;
pub mod segment_enum;
pub mod shard;
pub mod sort_key;
mod sort_key_order;
pub mod table;
mod template;
