//! A library-loans service core in one table: libraries, their books and each book's copies in
//! the library's partition, members (one account per email) and their loans in the member's, and
//! the loans again in a GSI by due date, per library, for the overdue listing.
//!
//! ```text
//! LIB#<library>     META                                Library
//! LIB#<library>     BOOK#<genre>#<book>#                Book
//! LIB#<library>     BOOK#<genre>#<book>#COPY#<copy>     Copy      (a child: its book's key, then its own)
//! MEMBER#<member>   META                                Member    (#[unique("email")])
//! MEMBER#<member>   LOAN#<library>#<genre>#<book>#<copy> Loan     (GSI ByDue: DUE#<library>, <due>#<member>)
//! ```
//!
//! `Copy` is declared under `Book` (`#[dynakey(parent = Book)]`): it holds the book's key in one
//! field and its templates extend the book's, so it repeats none of the book's fields.
//!
//! The service's operations, each one request or one transaction:
//! 1. a book with its copies, in one Query (an item collection);
//! 2. check-out: the loan created, the copy marked lent on the condition that it is on the shelf,
//!    and the member checked, in one `TransactWriteItems`, whose result holds the loan and the
//!    copy as stored;
//! 3. renewing a loan with `modify` (its due date is in the GSI key: rebuilt in the same
//!    `UpdateItem`);
//! 4. the overdue listing, a GSI Query;
//! 5. a stream consumer that keeps each member's count of loans, tested with the test kit's
//!    events built from the typed items the service wrote;
//! 6. deleting a library: its partition (library, books, copies) and its loans.
//!
//! ```text
//! cargo run --example loans --features streams    # the scenario, printed
//! cargo test --example loans --features streams   # its tests
//! ```

use dynakey::{Collection, Entity, Key, Table, UpdateBuilder};
use dynakey_runtime::changes::lambda::{self, DynamoDbEventResponse, Event};
use dynakey_runtime::changes::Change;
use dynakey_runtime::testing::{failures, StreamEvents};
use dynakey_runtime::{Db, Engine, Error, UnknownItems};
use futures::TryStreamExt;
use serde::{Deserialize, Serialize};

type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// The table and its item type; its stream carries both images of every change.
#[derive(Table, Debug)]
#[table(partition_key = "PK", sort_key = "SK", stream = new_and_old_images)]
#[gsi(ByDue, name = "GSI1", partition_key = "GSI1PK", sort_key = "GSI1SK", projection = all)]
enum Loans {
    Library(Library),
    Book(Book),
    Copy(Copy),
    Member(Member),
    Loan(Loan),
}

/// A library (a branch of the network).
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Loans)]
#[pk("LIB#<library>")]
#[sk("META")]
struct Library {
    library: String,
    name: String,
}

/// A title a library holds, listed by genre. Its sort key ends with its delimiter, so no book's
/// key is the start of another book's, and its copies' keys extend it exactly.
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Loans)]
#[pk("LIB#<library>")]
#[sk("BOOK#<genre>#<book>#")]
struct Book {
    library: String,
    genre: String,
    book: String,
    title: String,
}

/// One physical copy of a book, declared under it: it holds the book's key in one field, its keys
/// are the book's followed by its own, and the book and its copies are one item collection.
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(parent = Book, version = "version")]
#[sk("<book>COPY#<copy>")]
struct Copy {
    #[parent]
    book: Key<Book>,
    copy: u32,
    /// Who has it; `None` while it is on the shelf.
    lent_to: Option<String>,
    version: u64,
}

/// A member: one account per email, and how many copies they have (kept by the stream consumer).
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Loans)]
#[pk("MEMBER#<member>")]
#[sk("META")]
#[unique("email")]
struct Member {
    member: String,
    email: String,
    on_loan: i64,
}

/// A copy lent to a member until `due` (a date, YYYYMMDD); listed per library by due date.
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Loans, version = "version")]
#[pk("MEMBER#<member>")]
#[sk("LOAN#<library>#<genre>#<book>#<copy>")]
#[index(ByDue, pk = "DUE#<library>", sk = "<due>#<member>")]
struct Loan {
    member: String,
    library: String,
    genre: String,
    book: String,
    copy: u32,
    due: u32,
    version: u64,
}

/// A book with its copies: one Query of the book's item collection.
#[derive(Collection, Debug)]
struct Shelf {
    book: Book,
    copies: Vec<Copy>,
}

/// The service: every operation is one request or one transaction on `db`.
#[derive(Clone)]
struct Service {
    db: Db<Loans>,
}

impl Service {
    /// A library with `books` (genre, id, title), each with `copies` copies on the shelf.
    async fn open_library(
        &self,
        library: &str,
        books: &[(&str, &str, &str)],
        copies: u32,
    ) -> Result<(), Error> {
        self.db
            .create(&Library {
                library: library.into(),
                name: format!("{library} branch"),
            })
            .await?;
        let books: Vec<Book> = books
            .iter()
            .map(|(genre, book, title)| Book {
                library: library.into(),
                genre: (*genre).into(),
                book: (*book).into(),
                title: (*title).into(),
            })
            .collect();
        let mut all = Vec::new();
        for book in &books {
            let key = book.primary_key()?;
            all.extend((1..=copies).map(|copy| Copy {
                book: key.clone(),
                copy,
                lent_to: None,
                version: 1,
            }));
        }
        self.db.batch_put(&books).await?;
        self.db.batch_put(&all).await?;
        Ok(())
    }

    /// A book and its copies, one Query.
    async fn shelf(&self, library: &str, genre: &str, book: &str) -> Result<Shelf, Error> {
        let query = Book::key(library, genre, book)?.query_with_children();
        Ok(self
            .db
            .query(&query)
            .collection::<Shelf>()
            .await?
            .collection)
    }

    /// Lends `copy` (as read) to `member` until `due`: the loan created, the copy marked lent if
    /// it is on the shelf and unchanged since it was read, the member checked — all or nothing.
    /// Returns both as stored.
    async fn check_out(
        &self,
        member: &str,
        copy: &Copy,
        due: u32,
    ) -> Result<(Loan, Option<Copy>), Error> {
        let book = copy.book.sort_fields()?;
        let loan = Loan {
            member: member.into(),
            library: copy.book.partition_fields()?.library,
            genre: book.genre,
            book: book.book,
            copy: copy.copy,
            due,
            version: 0,
        };
        let copy_key = Copy::key(&copy.book, copy.copy)?;
        let done = self
            .db
            .transaction()
            .put(self.db.create(&loan).returning_stored())
            .update(
                self.db
                    .update(&copy_key)
                    .expected_version(copy.version)
                    .set(Copy::LENT_TO, Some(member.to_owned()))
                    .condition(Copy::LENT_TO.eq(None::<String>))
                    .returning_new(),
            )
            .check(&Member::key(member)?, Member::MEMBER.exists())
            .await?;
        Ok(done.stored)
    }

    /// Moves a loan's due date: one `UpdateItem` on the loan's version, its GSI key rebuilt.
    async fn renew(&self, loan: &Loan, due: u32) -> Result<Loan, Error> {
        let key = Loan::key(
            &loan.member,
            &loan.library,
            &loan.genre,
            &loan.book,
            loan.copy,
        )?;
        self.db.modify(&key, move |l: &mut Loan| l.due = due).await
    }

    /// A library's loans due before `today`, earliest first: one GSI Query.
    async fn overdue(&self, library: &str, today: u32) -> Result<Vec<Loan>, Error> {
        let query = Loan::query_by_due(library).lt(Loan::by_due_sk().due(today));
        self.db.query(&query).items().try_collect().await
    }

    /// Deletes a library: its loans (found through the GSI), then its partition — the library,
    /// its books and their copies. Returns how many items went.
    async fn close_library(&self, library: &str) -> Result<usize, Error> {
        let loans = self.db.delete_all(&Loan::query_by_due(library)).await?;
        let partition = self.db.delete_all(&Library::query(library)).await?;
        Ok(loans.items + partition.items)
    }
}

/// The stream consumer: a loan inserted counts one more on its member, a loan removed one less.
/// A change it cannot apply fails its record, and Lambda delivers it again.
async fn count_loans(db: &Db<Loans>, event: Event) -> DynamoDbEventResponse {
    lambda::process::<Loans, _, _, _>(event, UnknownItems::Error, |change| {
        let count = match change {
            Change::Insert {
                new: Some(Loans::Loan(loan)),
                ..
            } => Some((loan.member, 1)),
            Change::Remove {
                old: Some(Loans::Loan(loan)),
                ..
            } => Some((loan.member, -1)),
            _ => None,
        };
        let db = db.clone();
        async move {
            if let Some((member, by)) = count {
                db.update(&Member::key(&member)?)
                    .add(Member::ON_LOAN, by)
                    .await?;
            }
            Ok::<(), Error>(())
        }
    })
    .await
}

/// A fresh table with the library `central` (two books, two copies each) and the member `ann`.
async fn service() -> Result<(Engine, Service), Error> {
    let engine = Engine::start().await?;
    let service = Service {
        db: engine.fresh_table().await?,
    };
    service
        .open_library(
            "central",
            &[("sf", "dune", "Dune"), ("classics", "emma", "Emma")],
            2,
        )
        .await?;
    service
        .db
        .create(&Member {
            member: "ann".into(),
            email: "ann@example.com".into(),
            on_loan: 0,
        })
        .await?;
    Ok((engine, service))
}

#[tokio::main]
async fn main() -> Result<(), BoxError> {
    let (_engine, service) = service().await?;

    let shelf = service.shelf("central", "sf", "dune").await?;
    println!(
        "1. {} with {} copies, one Query",
        shelf.book.title,
        shelf.copies.len()
    );

    let (loan, copy) = service.check_out("ann", &shelf.copies[0], 20261220).await?;
    println!(
        "2. checked out: loan version {} due {}; copy {} lent to {:?} (version {})",
        loan.version,
        loan.due,
        shelf.copies[0].copy,
        copy.as_ref().and_then(|c| c.lent_to.as_deref()),
        copy.as_ref().map_or(0, |c| c.version)
    );
    match service.check_out("ann", &shelf.copies[0], 20261220).await {
        Err(Error::TransactionCanceled(canceled)) => {
            println!("   the same copy again: refused, nothing written");
            for (i, reason) in canceled.reasons.iter().enumerate() {
                println!("     action {i}: {reason}");
            }
        }
        other => return Err(format!("expected a cancellation, got {other:?}").into()),
    }

    let renewed = service.renew(&loan, 20270105).await?;
    println!(
        "3. renewed to {} (version {})",
        renewed.due, renewed.version
    );

    let emma = service.shelf("central", "classics", "emma").await?;
    service.check_out("ann", &emma.copies[1], 20261201).await?;
    let overdue = service.overdue("central", 20261207).await?;
    println!(
        "4. overdue at central on 2026-12-07: {:?}",
        overdue
            .iter()
            .map(|l| format!("{}#{} ({}, due {})", l.book, l.copy, l.member, l.due))
            .collect::<Vec<_>>()
    );

    // The stream's records for what happened, built from the typed items: two loans taken, one
    // renewed, one returned.
    let event = StreamEvents::<Loans>::new()
        .insert(&loan)
        .insert(&overdue[0])
        .modify(&loan, &renewed)
        .remove(&overdue[0])
        .event()?;
    let response = count_loans(&service.db, event).await;
    let ann: Option<Member> = service
        .db
        .get(&Member::key("ann")?)
        .consistent_read()
        .await?;
    println!(
        "5. stream consumer: failures {:?}; ann has {:?} on loan",
        failures(&response),
        ann.map(|m| m.on_loan)
    );

    let deleted = service.close_library("central").await?;
    println!("6. library central closed: {deleted} items deleted");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_book_and_its_copies_are_one_collection() -> Result<(), Error> {
        let (_engine, service) = service().await?;
        let shelf = service.shelf("central", "sf", "dune").await?;
        assert_eq!(shelf.book.title, "Dune");
        assert_eq!(
            shelf.copies.iter().map(|c| c.copy).collect::<Vec<_>>(),
            [1, 2]
        );
        Ok(())
    }

    #[tokio::test]
    async fn check_out_returns_what_it_stored_and_lends_a_copy_once() -> Result<(), Error> {
        let (_engine, service) = service().await?;
        let copy = service.shelf("central", "sf", "dune").await?.copies[0].clone();
        let (loan, lent) = service.check_out("ann", &copy, 20261220).await?;
        assert_eq!(
            loan.version, 1,
            "the loan as stored, version set by the write"
        );
        let lent = lent.expect("the copy read back");
        assert_eq!(lent.lent_to.as_deref(), Some("ann"));
        assert_eq!(lent.version, copy.version + 1);

        let again = service.check_out("ann", &copy, 20261221).await;
        assert!(
            matches!(again, Err(Error::TransactionCanceled(_))),
            "{again:?}"
        );
        // Nothing of the refused transaction was written: one loan.
        let loans: Vec<Loan> = service
            .db
            .query(&Loan::query("ann"))
            .items()
            .try_collect()
            .await?;
        assert_eq!(loans, [loan]);
        Ok(())
    }

    #[tokio::test]
    async fn no_loan_for_someone_who_is_not_a_member() -> Result<(), Error> {
        let (_engine, service) = service().await?;
        let copy = service.shelf("central", "sf", "dune").await?.copies[0].clone();
        let refused = service.check_out("bob", &copy, 20261220).await;
        assert!(
            matches!(refused, Err(Error::TransactionCanceled(_))),
            "{refused:?}"
        );
        let shelf = service.shelf("central", "sf", "dune").await?;
        assert_eq!(shelf.copies[0], copy, "the copy is still on the shelf");
        Ok(())
    }

    #[tokio::test]
    async fn a_renewed_loan_moves_in_the_overdue_listing() -> Result<(), Error> {
        let (_engine, service) = service().await?;
        let copy = service.shelf("central", "sf", "dune").await?.copies[1].clone();
        let (loan, _) = service.check_out("ann", &copy, 20261201).await?;
        assert_eq!(
            service.overdue("central", 20261207).await?,
            std::slice::from_ref(&loan)
        );
        let renewed = service.renew(&loan, 20261231).await?;
        assert_eq!((renewed.due, renewed.version), (20261231, 2));
        assert!(service.overdue("central", 20261207).await?.is_empty());
        assert_eq!(service.overdue("central", 20270101).await?, [renewed]);
        Ok(())
    }

    #[tokio::test]
    async fn the_stream_consumer_counts_loans_taken_and_returned() -> Result<(), Error> {
        let (_engine, service) = service().await?;
        let shelf = service.shelf("central", "sf", "dune").await?;
        let (first, _) = service.check_out("ann", &shelf.copies[0], 20261220).await?;
        let (second, _) = service.check_out("ann", &shelf.copies[1], 20261221).await?;
        let event = StreamEvents::<Loans>::new()
            .insert(&first)
            .insert(&second)
            .expire(&first) // Time to Live counts as a return too
            .event()?;
        assert!(failures(&count_loans(&service.db, event).await).is_empty());
        let ann: Option<Member> = service
            .db
            .get(&Member::key("ann")?)
            .consistent_read()
            .await?;
        assert_eq!(ann.map(|m| m.on_loan), Some(1));

        // A loan of someone who is not a member fails its record: Lambda delivers it again.
        let stray = Loan {
            member: "bob".into(),
            ..second
        };
        let events = StreamEvents::<Loans>::new().insert(&stray);
        let sequence = events.sequence_numbers();
        let response = count_loans(&service.db, events.event()?).await;
        assert_eq!(failures(&response), [sequence[0].as_str()]);
        Ok(())
    }

    #[tokio::test]
    async fn an_email_belongs_to_one_member() -> Result<(), Error> {
        let (_engine, service) = service().await?;
        let again = service
            .db
            .create(&Member {
                member: "ann2".into(),
                email: "ann@example.com".into(),
                on_loan: 0,
            })
            .await;
        assert!(matches!(again, Err(Error::NotUnique { .. })), "{again:?}");
        Ok(())
    }

    #[tokio::test]
    async fn closing_a_library_deletes_its_partition_and_its_loans() -> Result<(), Error> {
        let (_engine, service) = service().await?;
        service
            .open_library("north", &[("sf", "dune", "Dune")], 1)
            .await?;
        let copy = service.shelf("central", "sf", "dune").await?.copies[0].clone();
        service.check_out("ann", &copy, 20261220).await?;
        let north = service.shelf("north", "sf", "dune").await?.copies[0].clone();
        service.check_out("ann", &north, 20261220).await?;

        // central: the library, 2 books, 4 copies and 1 loan.
        assert_eq!(service.close_library("central").await?, 8);
        let left: Vec<Loans> = service
            .db
            .query(&Library::query("central"))
            .table_items()
            .items()
            .try_collect()
            .await?;
        assert!(left.is_empty(), "{left:?}");
        let loans: Vec<Loan> = service
            .db
            .query(&Loan::query("ann"))
            .items()
            .try_collect()
            .await?;
        assert_eq!(loans.len(), 1, "north's loan stays");
        assert_eq!(loans[0].library, "north");
        Ok(())
    }
}
