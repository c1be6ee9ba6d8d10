//! The table family: create the table from its declaration ([`Db::create_table`](crate::Db::create_table),
//! with its indexes, TTL and stream), create it only when missing and refuse one that differs
//! ([`Db::ensure_table`](crate::Db::ensure_table)), enable its declared stream on an existing
//! table ([`Db::enable_stream`](crate::Db::enable_stream)), add the declared GSIs it lacks
//! ([`Db::add_missing_indexes`](crate::Db::add_missing_indexes)), and delete it
//! ([`Db::delete_table`](crate::Db::delete_table)).

mod add_index;
mod create;
mod ensure;
mod stream;
mod ttl;

pub use add_index::AddMissingIndexes;
pub use ensure::TableSetup;
