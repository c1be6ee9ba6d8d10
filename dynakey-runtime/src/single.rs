//! The single-item family: [`Get`] (`db.get`), [`Put`] (`db.put`, `db.create`), [`Delete`]
//! (`db.delete`), [`Update`] (`db.update`), [`Modify`] (`db.modify`), `db.move_to` and [`FindUnique`] (`db.find_unique`),
//! each a request value awaited once.
//! A write is one [`Action`](action::Action), sent alone ([`write`]) or — for an entity with `#[unique(…)]`, a
//! move, and every [`Transaction`](crate::Transaction) — by the `TransactWriteItems` runner
//! ([`transact`]), which keeps the uniqueness items ([`unique`]).

mod action;
pub(crate) mod copy;
mod delete;
mod find_unique;
mod get;
mod modify;
mod move_to;
mod put;
mod recognise;
mod resend;
mod settle;
pub(crate) mod transact;
mod unique;
mod update;
mod version;
pub(crate) mod write;

pub use delete::Delete;
pub use find_unique::FindUnique;
pub(crate) use get::consistent_item;
pub use get::Get;
pub use modify::{Modify, DEFAULT_MODIFY_ATTEMPTS};
pub use put::{Put, PutReturning, Stored};
pub use transact::TransactionOutput;
pub(crate) use unique::{key_attributes as key_item, UniquePart};
pub use update::{New, NewAs, Nothing, Old, Returning, Update};
pub use version::{AnyVersion, ExpectedVersion, VersionCheck};
