//! The batch family: [`BatchPut`], [`BatchDelete`] (`BatchWriteItem`), [`BatchGet`]
//! (`BatchGetItem`) and [`DeleteAll`] (the keys a query reads, then deleted), each a request
//! value with `.on_progress(…)`, awaited once (docs/semantics.md §5).
//!
//! A batch streams over its input, a bounded number of requests in flight
//! ([`Db::with_batch_concurrency`](crate::Db::with_batch_concurrency)), and retries per its
//! [`RetryPolicy`](crate::RetryPolicy). When a request fails for good (a non-retryable error, or
//! the retry budget ran out) no new request is started, the requests in flight finish, and the
//! error ([`Error::BatchWrite`](crate::Error::BatchWrite),
//! [`Error::BatchGet`](crate::Error::BatchGet)) says, for every entry of the input, what became
//! of it. Nothing is dropped. One engine ([`driver`]) runs them all.

mod delete;
mod delete_all;
mod driver;
mod get;
mod put;
mod put_stream;
mod window;
mod writes;

pub use delete::BatchDelete;
pub use delete_all::DeleteAll;
pub use get::BatchGet;
pub use put::BatchPut;
pub use put_stream::BatchPutStream;

/// The progress callback of a batch without one.
fn no_progress(_: usize) {}
