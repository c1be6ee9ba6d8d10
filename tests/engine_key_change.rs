//! A key change during a rolling deploy (docs/semantics.md §10, "A key change during a rolling
//! deploy"): a book's sort key gains its genre (`BOOK#<id>` → `BOOK#<genre>#<id>`) through five
//! binaries over one table — old (no declaration), expand (`#[next]`), switch (`#[previous]`),
//! contract (`#[previous(…, retired)]`) and done (the new template alone) — each modelled as a
//! table enum of its own whose `Book` shares the entity name. At every phase every binary that
//! may run beside it reads exactly the books (a table query, an index query, a scan, a
//! collection, the table's items, keys), no copy, no duplicate, no `ForeignItem`; the backfill
//! and the cleanup count what they write; the design record refuses a binary left behind.

use crate::common;

use std::collections::BTreeMap;

use dynakey::{Entity, KeyChangePhase, Table, UpdateBuilder, SHAPE_ATTRIBUTE};
use dynakey_runtime::{Db, DesignDirection, DesignState, Error, KeyChangeStage};
use futures::TryStreamExt;
use serde::{Deserialize, Serialize};

use common::{BoxError, TestEngine};

/// A book as every binary sees it: its fields.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Plain {
    id: u32,
    genre: String,
    title: String,
    copies: u32,
}

/// What one binary read, the same way by every kind of read.
#[derive(Debug)]
struct Read {
    books: Vec<Plain>,
    /// Another shape's copies the table query passed over.
    other_shape: usize,
}

/// One binary: its table enum (books with their index, and members beside them in each
/// library's partition), its `Book` declared with `$attr`, its collection, and its reads.
macro_rules! binary {
    ($module:ident, $($attr:tt)*) => {
        #[allow(dead_code)]
        mod $module {
            use super::*;

            #[derive(Table, Debug, PartialEq)]
            #[table(partition_key = "PK", sort_key = "SK")]
            #[gsi(ByTitle, name = "GSI1", partition_key = "GSI1PK", sort_key = "GSI1SK", projection = all)]
            pub enum Library {
                Book(Book),
                Member(Member),
            }

            #[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
            #[dynakey(table = Library, name = "Book")]
            #[pk("LIB#<library>")]
            $($attr)*
            #[index(ByTitle, pk = "TITLE#<title>", sk = "BOOK#<id>")]
            pub struct Book {
                pub library: String,
                pub genre: String,
                pub id: u32,
                pub title: String,
                pub copies: u32,
            }

            #[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
            #[dynakey(table = Library)]
            #[pk("LIB#<library>")]
            #[sk("MEMBER#<id>")]
            pub struct Member {
                pub library: String,
                pub id: u32,
            }

            #[derive(dynakey::Collection, Debug)]
            pub struct View {
                pub books: Vec<Book>,
                pub members: Vec<Member>,
            }

            pub fn book(p: &Plain) -> Book {
                Book {
                    library: "l1".into(),
                    genre: p.genre.clone(),
                    id: p.id,
                    title: p.title.clone(),
                    copies: p.copies,
                }
            }

            fn plain(b: &Book) -> Plain {
                Plain {
                    id: b.id,
                    genre: b.genre.clone(),
                    title: b.title.clone(),
                    copies: b.copies,
                }
            }

            fn sorted(books: &[Book]) -> Vec<Plain> {
                let mut out: Vec<Plain> = books.iter().map(plain).collect();
                out.sort();
                out
            }

            /// Every read of the books of library `l1` (all titled "t"): each must give the same
            /// books, none twice.
            pub async fn read(db: &Db<Library>) -> Result<Read, BoxError> {
                let page = db.query(&Book::query("l1")).page(None).await?;
                assert_eq!(page.unknown_count, 0, "{}", stringify!($module));
                let books = sorted(&page.items);
                let by = |what: &str, got: Vec<Plain>| {
                    assert_eq!(got, books, "{} by {what}", stringify!($module));
                };
                let items: Vec<Book> = db.query(&Book::query("l1")).items().try_collect().await?;
                by("a stream of items", sorted(&items));
                let limited = db.query(&Book::query("l1").limit(3)).page(None).await?;
                assert_eq!(limited.items.len(), books.len().min(3), "limit counts books only");
                let indexed: Vec<Book> = db
                    .query(&Book::query_by_title("t"))
                    .items()
                    .try_collect()
                    .await?;
                by("an index query", sorted(&indexed));
                let scanned: Vec<Book> = db.scan::<Book>().items().try_collect().await?;
                by("a scan", sorted(&scanned));
                let view = db.query(&Book::query("l1")).collection::<View>().await?;
                assert_eq!(view.collection.members.len(), 1);
                assert_eq!(view.unknown_count, 0);
                by("a collection", sorted(&view.collection.books));
                let table: Vec<Library> = db
                    .query(&Book::query("l1"))
                    .table_items()
                    .items()
                    .try_collect()
                    .await?;
                let listed: Vec<Book> = table
                    .into_iter()
                    .filter_map(|item| match item {
                        Library::Book(book) => Some(book),
                        Library::Member(_) => None,
                    })
                    .collect();
                by("the table's items", sorted(&listed));
                let keys: Vec<_> = db.query(&Book::query("l1")).keys().items().try_collect().await?;
                assert_eq!(keys.len(), books.len(), "{} keys", stringify!($module));
                for book in &items {
                    let got = db.get(&book.primary_key()?).consistent_read().await?;
                    assert_eq!(got.as_ref(), Some(book), "{} get", stringify!($module));
                }
                Ok(Read {
                    books,
                    other_shape: page.other_shape_count,
                })
            }
        }
    };
}

binary!(old, #[sk("BOOK#<id>")]);
binary!(expand, #[sk("BOOK#<id>")] #[next(sk = "BOOK#<genre>#<id>")]);
binary!(switch, #[sk("BOOK#<genre>#<id>")] #[previous(sk = "BOOK#<id>")]);
binary!(contract, #[sk("BOOK#<genre>#<id>")] #[previous(sk = "BOOK#<id>", retired)]);
binary!(done, #[sk("BOOK#<genre>#<id>")]);

fn plain(id: u32, copies: u32) -> Plain {
    Plain {
        id,
        genre: if id.is_multiple_of(2) {
            "fiction"
        } else {
            "poetry"
        }
        .into(),
        title: "t".into(),
        copies,
    }
}

/// What a single-version table would hold: the books by id.
type Expected = BTreeMap<u32, Plain>;

fn expected(books: &Expected) -> Vec<Plain> {
    let mut out: Vec<Plain> = books.values().cloned().collect();
    out.sort();
    out
}

/// Every book item of the table, raw: `(SK, _shape)`.
async fn raw(db: &Db<old::Library>) -> Result<Vec<(String, Option<String>)>, BoxError> {
    let text =
        |item: &std::collections::HashMap<String, aws_sdk_dynamodb::types::AttributeValue>,
         name: &str| item.get(name).and_then(|v| v.as_s().ok()).cloned();
    let mut items: Vec<(String, Option<String>)> = common::scan(db.client(), db.table_name())
        .await?
        .iter()
        .map(|item| {
            (
                text(item, "SK").unwrap_or_default(),
                text(item, SHAPE_ATTRIBUTE),
            )
        })
        .filter(|(sk, _)| sk.starts_with("BOOK#"))
        .collect();
    items.sort();
    Ok(items)
}

#[test]
fn the_derive_declares_each_phase() -> Result<(), BoxError> {
    assert_eq!(old::Book::SHAPE, "LIB#<library>|BOOK#<id>");
    assert_eq!(old::Book::KEY_CHANGE, None);
    let next = expand::Book::KEY_CHANGE.expect("expand declares a key change");
    assert_eq!(next.phase, KeyChangePhase::Expand);
    assert_eq!(next.other_shape, "LIB#<library>|BOOK#<genre>#<id>");
    assert!(next.other.fits("LIB#l1", Some("BOOK#fiction#0000000001")));
    let previous = switch::Book::KEY_CHANGE.expect("switch declares a key change");
    assert_eq!(
        (previous.phase, previous.other_shape),
        (KeyChangePhase::Switch, "LIB#<library>|BOOK#<id>")
    );
    assert_eq!(switch::Book::SHAPE, "LIB#<library>|BOOK#<genre>#<id>");
    let retired = contract::Book::KEY_CHANGE.expect("contract declares a key change");
    assert_eq!(retired.phase, KeyChangePhase::Contract);
    assert!(!retired.writes_copy() && next.writes_copy() && previous.writes_copy());
    // The copy's key is the key the next binary makes.
    let next_key = switch::Book::key("l1", "poetry", 7u32)?;
    assert_eq!(
        expand::book(&plain(7, 1)).other_shape_key()?,
        Some((
            next_key.partition().to_owned(),
            next_key.sort().map(str::to_owned)
        ))
    );
    let previous_key = old::Book::key("l1", 7u32)?;
    assert_eq!(
        switch::book(&plain(7, 1)).other_shape_key()?,
        Some((
            previous_key.partition().to_owned(),
            previous_key.sort().map(str::to_owned)
        ))
    );
    Ok(())
}

#[tokio::test]
async fn every_phase_reads_exactly_the_books_beside_its_neighbours() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let name = engine.table_name("key-change");
    let old = engine.db::<old::Library>(&name).with_identity("old");
    old.ensure_table().await?;
    old.check_design().await?;
    old.put(&old::Member {
        library: "l1".into(),
        id: 1,
    })
    .await?;
    let mut books = Expected::new();
    for id in 0..10 {
        old.create(&old::book(&plain(id, 1))).await?;
        books.insert(id, plain(id, 1));
    }

    // Expand rolls out beside the old binary: both read the old shape, and the expand
    // binary's writes carry their copies.
    let expand = engine.db::<expand::Library>(&name).with_identity("expand");
    expand.ensure_table().await?;
    expand.check_design().await?;
    for id in 10..15 {
        expand.create(&expand::book(&plain(id, 1))).await?;
        books.insert(id, plain(id, 1));
    }
    expand
        .update(&expand::Book::key("l1", 11u32)?)
        .set(expand::Book::COPIES, 5u32)
        .await?;
    books.insert(11, plain(11, 5));
    expand
        .update(&expand::Book::key("l1", 3u32)?)
        .set(expand::Book::COPIES, 3u32)
        .await?;
    books.insert(3, plain(3, 3));
    expand.delete(&expand::Book::key("l1", 4u32)?).await?;
    books.remove(&4);
    // The old binary, still running, rewrites two books: 12's copy is now stale, and 13's
    // genre moved, so its copy at the poetry key is an orphan.
    old.put(&old::book(&plain(12, 2))).await?;
    books.insert(12, plain(12, 2));
    let drama = Plain {
        genre: "drama".into(),
        ..plain(13, 1)
    };
    old.put(&old::book(&drama)).await?;
    books.insert(13, drama);
    let read = old::read(&old).await?;
    assert_eq!(read.books, expected(&books));
    assert_eq!(
        read.other_shape, 5,
        "the copies of 10–14 (12's stale, 13's orphaned)"
    );
    assert_eq!(expand::read(&expand).await?.books, expected(&books));
    // Copies are marked, the items written by the expand binary too.
    let marked = raw(&old).await?;
    assert_eq!(
        marked.len(),
        14 + 5,
        "14 books, 5 copies (12's left behind by the old put)"
    );

    // The backfill: every book gets its copy, equal to it; 12's stale copy is rewritten, 13's
    // orphan deleted.
    let dry = expand.migrate::<expand::Book>().dry_run().await?;
    assert_eq!(dry.copied, 11, "0–3, 5–9, 12 and 13 name no copy: {dry}");
    assert_eq!(dry.current, 8, "10, 11, 14 and the 5 copies: {dry}");
    let report = expand.migrate::<expand::Book>().segments(2).send().await?;
    assert_eq!(
        (report.copied, report.removed),
        (11, 1),
        "13's orphan removed: {report}"
    );
    assert!(report.failed.is_empty(), "{report}");
    let again = expand.migrate::<expand::Book>().send().await?;
    assert_eq!((again.copied, again.removed), (0, 0), "{again}");
    assert_eq!(again.current, 28);
    assert_eq!(raw(&old).await?.len(), 28);

    // The record says the backfill finished: the old binary is behind and refused.
    let record = expand.design_record().await?.ok_or("a design record")?;
    let change = record
        .entity("Book")
        .and_then(|e| e.key_change.as_ref())
        .ok_or("the key change recorded")?;
    assert_eq!(change.lowest, KeyChangeStage::Expand);
    match old.check_design().await {
        Err(Error::DesignBehind { first, .. }) => {
            assert_eq!(
                (first.entity.as_str(), first.key.as_str(), first.direction),
                ("Book", "key change", DesignDirection::Behind)
            );
        }
        other => return Err(format!("expected DesignBehind, got {other:?}").into()),
    }
    expand.check_design().await?;

    // Switch rolls out beside expand: each reads its own shape, every write lands in both.
    let switch = engine.db::<switch::Library>(&name).with_identity("switch");
    switch.ensure_table().await?;
    assert_ne!(switch.check_design().await?.state, DesignState::Behind);
    assert_eq!(expand::read(&expand).await?.books, expected(&books));
    let read = switch::read(&switch).await?;
    assert_eq!(read.books, expected(&books));
    assert_eq!(read.other_shape, 14, "every book's old-shape copy");
    switch.create(&switch::book(&plain(20, 1))).await?;
    books.insert(20, plain(20, 1));
    switch
        .update(&switch::Book::key("l1", "fiction", 0u32)?)
        .set(switch::Book::COPIES, 9u32)
        .await?;
    books.insert(0, plain(0, 9));
    switch
        .delete(&switch::Book::key("l1", "poetry", 5u32)?)
        .await?;
    books.remove(&5);
    expand.put(&expand::book(&plain(6, 4))).await?;
    books.insert(6, plain(6, 4));
    assert_eq!(expand::read(&expand).await?.books, expected(&books));
    assert_eq!(switch::read(&switch).await?.books, expected(&books));
    let contract = engine
        .db::<contract::Library>(&name)
        .with_identity("contract");
    contract.ensure_table().await?;
    assert_eq!(contract::read(&contract).await?.books, expected(&books));
    let nothing = switch.migrate::<switch::Book>().send().await?;
    assert_eq!((nothing.copied, nothing.removed), (0, 0), "{nothing}");

    // Contract: the previous shape is read by nobody, and the cleanup deletes it.
    contract.put(&contract::book(&plain(21, 1))).await?;
    books.insert(21, plain(21, 1));
    assert_eq!(switch::read(&switch).await?.books, expected(&books));
    let report = contract.migrate::<contract::Book>().send().await?;
    assert_eq!(report.removed, 14, "every old-shape copy: {report}");
    assert_eq!(report.current, 15, "{report}");
    assert!(raw(&old)
        .await?
        .iter()
        .all(|(sk, shape)| sk.matches('#').count() == 2
            && shape.as_deref() == Some(switch::Book::SHAPE)));
    let read = contract::read(&contract).await?;
    assert_eq!((read.books, read.other_shape), (expected(&books), 0));
    assert_eq!(switch::read(&switch).await?.books, expected(&books));
    let done = engine.db::<done::Library>(&name).with_identity("done");
    assert_eq!(done::read(&done).await?.books, expected(&books));
    done.check_design().await?;
    contract.check_design().await?;
    for (binary, refused) in [
        ("expand", expand.check_design().await.err()),
        ("switch", switch.check_design().await.err()),
        ("old", old.check_design().await.err()),
    ] {
        assert!(
            matches!(refused, Some(Error::DesignBehind { .. })),
            "{binary} is behind the cleanup: {refused:?}"
        );
    }
    Ok(())
}

#[tokio::test]
async fn writes_that_cannot_carry_a_copy_are_refused_before_any_request() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<expand::Library>().await?;
    let book = expand::book(&plain(1, 1));
    let refused = db.batch_put(std::slice::from_ref(&book)).await;
    assert!(
        matches!(
            refused,
            Err(Error::KeyChangeUnsupported {
                entity: "Book",
                phase: KeyChangePhase::Expand,
                ..
            })
        ),
        "{refused:?}"
    );
    let refused = db.transaction().put(db.put(&book)).send().await;
    assert!(
        matches!(refused, Err(Error::KeyChangeUnsupported { .. })),
        "{refused:?}"
    );
    assert!(db
        .scan::<expand::Book>()
        .items()
        .try_collect::<Vec<_>>()
        .await?
        .is_empty());
    Ok(())
}

/// Puts and updates of the expand binary through a proxy that drops requests and answers: each
/// call leaves the item and its copy both written, equal, or neither — never one shape without
/// the other — and a call reported applied is in the table (its transaction's
/// `ClientRequestToken` makes a resend after a lost answer its own success, never a second
/// application).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lost_answer_leaves_both_copies_or_neither() -> Result<(), BoxError> {
    use common::fault_proxy::{FaultMix, FaultProxy};
    use std::time::Duration;

    let engine = TestEngine::start().await?;
    // The resend after a lost answer relies on the ClientRequestToken, which moto ignores.
    if engine.unsupported(common::engine::Capability::IdempotentTransactions) {
        return Ok(());
    }
    let direct: Db<expand::Library> = engine.table_named("key-change-faults").await?;
    let mut lost = 0;
    for seed in [1u64, 2, 3] {
        let mix = FaultMix::none()
            .server_error(0.1)
            .drop_before(0.1)
            .drop_after(0.15)
            .only(&["TransactWriteItems", "GetItem"]);
        let proxy = FaultProxy::start(&engine.endpoint().await?, seed, mix).await?;
        let budget = dynakey_runtime::RetryPolicy {
            base: Duration::from_millis(1),
            cap: Duration::from_millis(4),
            max_attempts: 4,
        };
        let db: Db<expand::Library> =
            Db::new(proxy.client(), direct.table_name()).with_retry_policy(budget);
        let mut applied = Vec::new();
        for n in 0..40u32 {
            let id = seed as u32 * 100 + n;
            let book = expand::book(&plain(id, 1));
            let created = db.create(&book).await;
            let updated = match created {
                Ok(()) => db
                    .update(&expand::Book::key("l1", id)?)
                    .set(expand::Book::COPIES, 2u32)
                    .await
                    .map(|_| 2),
                Err(e) => Err(e),
            };
            match updated {
                Ok(copies) => applied.push((id, copies)),
                Err(Error::OutcomeUnknown(_)) => lost += 1,
                Err(Error::Sdk { .. }) => {}
                Err(other) => return Err(format!("seed {seed} book {id}: {other}").into()),
            }
        }
        lost += proxy.counts().dropped_after;
        // Every book: the item and its copy, equal, or neither.
        let old_shape = direct.query(&expand::Book::query("l1")).page(None).await?;
        let by_id: BTreeMap<u32, &expand::Book> =
            old_shape.items.iter().map(|b| (b.id, b)).collect();
        let new_shape = engine.db::<switch::Library>(direct.table_name());
        for n in 0..40u32 {
            let id = seed as u32 * 100 + n;
            let genre = plain(id, 1).genre;
            let copy = new_shape
                .get(&switch::Book::key("l1", genre, id)?)
                .consistent_read()
                .await?;
            let item = by_id.get(&id).copied();
            assert_eq!(
                item.map(|b| (b.id, b.copies)),
                copy.as_ref().map(|b| (b.id, b.copies)),
                "seed {seed} book {id}: the item and its copy"
            );
        }
        for (id, copies) in applied {
            assert_eq!(
                by_id.get(&id).map(|b| b.copies),
                Some(copies),
                "seed {seed} book {id}: reported applied"
            );
        }
    }
    assert!(lost > 0, "no answer was lost: the test tested nothing");
    Ok(())
}
