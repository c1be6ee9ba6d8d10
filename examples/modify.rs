//! A typed read-modify-write (`db.modify`): change a book's fields in a closure, and one
//! `UpdateItem` writes exactly what changed, conditioned on the item as read — here 8 callers at
//! once, each changing its own field of one item, none of their changes lost; then a change of an
//! index field, whose index key is rebuilt in the same request.
//!
//! ```text
//! cargo run --example modify
//! ```

use dynakey::{Entity, Table};
use dynakey_runtime::{Db, Engine, Error};
use futures::TryStreamExt;
use serde::{Deserialize, Serialize};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByShelf, partition_key = "GSI1PK", sort_key = "GSI1SK")]
struct Library;

/// A book, versioned (optimistic locking), listed by shelf in a GSI.
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Library, version = "version")]
#[pk("BOOK#<isbn>")]
#[sk("META")]
#[index(ByShelf, pk = "SHELF#<shelf>", sk = "<isbn>")]
struct Book {
    isbn: String,
    title: String,
    shelf: String,
    /// One counter per branch: 8 callers change 8 different entries at once.
    copies: Vec<u32>,
    version: u64,
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let engine = Engine::start().await?;
    let db: Db<Library> = engine.fresh_table().await?;
    let key = Book::key("978-0441013593")?;
    db.create(&Book {
        isbn: "978-0441013593".into(),
        title: "Dune".into(),
        shelf: "sf".into(),
        copies: vec![0; 8],
        version: 0,
    })
    .await?;

    // 8 callers at once: each reads, sets its branch's count, and writes on the version it read;
    // a caller that lost to another reads again and reapplies its change.
    let callers = (0..8).map(|branch| {
        let (db, key) = (db.clone(), key.clone());
        tokio::spawn(async move {
            db.modify(&key, move |book: &mut Book| {
                book.copies[branch] = branch as u32 + 1
            })
            .await
        })
    });
    for caller in callers {
        caller.await??;
    }
    let book: Book = db
        .get(&key)
        .consistent_read()
        .await?
        .ok_or("the book is gone")?;
    println!(
        "after 8 concurrent modifies: copies {:?}, version {}",
        book.copies, book.version
    );
    assert_eq!(book.copies, [1, 2, 3, 4, 5, 6, 7, 8], "no change lost");
    assert_eq!(book.version, 9);

    // An index field: the GSI key moves with it, in the same UpdateItem.
    let moved: Book = db
        .modify(&key, |book: &mut Book| book.shelf = "classics".into())
        .await?;
    let on_shelf: Vec<Book> = db
        .query(&Book::query_by_shelf("classics"))
        .items()
        .try_collect()
        .await?;
    println!(
        "moved to shelf {:?}; the shelf index lists {:?}",
        moved.shelf,
        on_shelf.iter().map(|b| &b.title).collect::<Vec<_>>()
    );

    // A change of the key itself is refused before any write: that is a move.
    let refused = db
        .modify(&key, |book: &mut Book| book.isbn = "0".into())
        .await;
    println!(
        "changing the key: {}",
        refused
            .err()
            .map(|e: Error| e.to_string())
            .unwrap_or_default()
    );
    Ok(())
}
