//! The table family: create the table from its declaration ([`Db::create_table`](crate::Db::create_table),
//! with its indexes, TTL and stream), create it only when missing and refuse one that differs
//! ([`Db::ensure_table`](crate::Db::ensure_table)), enable its declared stream on an existing
//! table ([`Db::enable_stream`](crate::Db::enable_stream)), and delete it
//! ([`Db::delete_table`](crate::Db::delete_table)).

mod create;
mod ensure;
mod stream;
mod ttl;

pub use ensure::TableSetup;
