//! Children that take their parent's key (docs/semantics.md §11): a `Copy` declared under a
//! `Book` with `#[dynakey(parent = Book)]` holds the book's key in one field, its keys are the
//! book's followed by its own, and the book with its copies is one item collection.

use crate::common;

use dynakey::{Collection, Entity, Key, Table};
use futures::TryStreamExt;
use serde::{Deserialize, Serialize};

use common::{BoxError, TestEngine};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByMember, name = "GSI1", partition_key = "GSI1PK", sort_key = "GSI1SK")]
enum Library {
    Book(Book),
    Copy(Copy),
    Hold(Hold),
}

/// The parent: its sort key ends with its delimiter, so a copy's key (which extends it) is never
/// a book's. Its sort key was `GENRE#<genre>#<book>#` before (`v0`); its children follow.
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Library)]
#[pk("LIB#<library>")]
#[sk("BOOK#<genre>#<book>#")]
#[was(sk = "GENRE#<genre>#<book>#")]
struct Book {
    library: String,
    genre: String,
    book: String,
    title: String,
}

/// The child: the book's key in `book`, its own `copy` after it.
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(parent = Book)]
#[sk("<book>COPY#<copy>")]
struct Copy {
    #[parent]
    book: Key<Book>,
    copy: u32,
    shelf: String,
}

/// A member's hold on a book: a child with what any entity may have — a version, the entity-type
/// attribute, a secondary index over its own fields.
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(parent = Book, version = "version", entity_type = "_type")]
#[sk("<book>HOLD#<member>")]
#[index(ByMember, pk = "MEMBER#<member>", sk = "HOLD#<placed>")]
struct Hold {
    #[parent]
    book: Key<Book>,
    member: String,
    placed: u32,
    version: u64,
}

/// The design before the book's template changed: the same entities, the child declared alike.
mod v0 {
    use dynakey::{Entity, Key, Table};
    use serde::{Deserialize, Serialize};

    #[derive(Table)]
    #[table(partition_key = "PK", sort_key = "SK")]
    #[gsi(ByMember, name = "GSI1", partition_key = "GSI1PK", sort_key = "GSI1SK")]
    pub enum Library {
        Book(Book),
        Copy(Copy),
    }

    #[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
    #[dynakey(table = Library)]
    #[pk("LIB#<library>")]
    #[sk("GENRE#<genre>#<book>#")]
    pub struct Book {
        pub library: String,
        pub genre: String,
        pub book: String,
        pub title: String,
    }

    #[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
    #[dynakey(parent = Book)]
    #[sk("<book>COPY#<copy>")]
    pub struct Copy {
        #[parent]
        pub book: Key<Book>,
        pub copy: u32,
        pub shelf: String,
    }
}

/// A book with its copies: one item collection.
#[derive(Collection, Debug, PartialEq)]
struct BookWithCopies {
    book: Book,
    copies: Vec<Copy>,
}

fn book(library: &str, genre: &str, id: &str) -> Book {
    Book {
        library: library.into(),
        genre: genre.into(),
        book: id.into(),
        title: format!("Title of {id}"),
    }
}

fn copy_of(book: &Book, copy: u32) -> Result<Copy, BoxError> {
    Ok(Copy {
        book: book.primary_key()?,
        copy,
        shelf: format!("S{copy}"),
    })
}

#[test]
fn a_childs_templates_extend_its_parents() -> Result<(), BoxError> {
    let parent = book("L1", "sf", "dune");
    let key = parent.primary_key()?;
    assert_eq!(key.partition(), "LIB#L1");
    assert_eq!(key.sort(), Some("BOOK#sf#dune#"));
    let copy = Copy::key(&key, 7u32)?;
    assert_eq!(copy.partition(), "LIB#L1");
    assert_eq!(copy.sort(), Some("BOOK#sf#dune#COPY#0000000007"));
    assert_eq!(Copy::PARTITION_TEMPLATE, Book::PARTITION_TEMPLATE);
    let sort = Copy::SORT_TEMPLATE.ok_or("a sort key")?;
    assert_eq!(sort.text(), "BOOK#<genre>#<book>#COPY#<copy>");
    assert_eq!(
        sort.fields().collect::<Vec<_>>(),
        ["genre", "book", "copy"],
        "one template, as if written out"
    );
    assert_eq!(copy_of(&parent, 7)?.primary_key()?, copy);
    assert!(Key::<Copy>::is_key(
        "LIB#L1",
        Some("BOOK#sf#dune#COPY#0000000007")
    ));
    assert!(!Key::<Copy>::is_key("LIB#L1", Some("BOOK#sf#dune#")));
    Ok(())
}

#[tokio::test]
async fn children_are_written_read_and_queried_under_their_parent() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<Library>().await?;
    let dune = book("L1", "sf", "dune");
    let emma = book("L1", "classic", "emma");
    db.put(&dune).await?;
    db.put(&emma).await?;
    for n in 1..=3 {
        db.put(&copy_of(&dune, n)?).await?;
    }
    db.put(&copy_of(&emma, 1)?).await?;

    // Read back: the parent key field is restored from what the item stores.
    let key = Copy::key(&dune.primary_key()?, 2u32)?;
    let read = db.get(&key).await?.ok_or("copy 2 stored")?;
    assert_eq!(read, copy_of(&dune, 2)?);
    assert_eq!(read.book, dune.primary_key()?);
    assert_eq!(read.book.partition_fields()?.library, "L1");
    let fields = read.book.sort_fields()?;
    assert_eq!(
        (fields.genre.as_str(), fields.book.as_str()),
        ("sf", "dune")
    );

    // The copies of one book: a Query under its key.
    let copies: Vec<Copy> = db
        .query(&Copy::query_under(&dune.primary_key()?))
        .items()
        .try_collect()
        .await?;
    assert_eq!(copies.iter().map(|c| c.copy).collect::<Vec<_>>(), [1, 2, 3]);

    // The book with its copies: one item collection.
    let whole = db
        .query(&dune.primary_key()?.query_with_children())
        .collection::<BookWithCopies>()
        .await?;
    assert_eq!(whole.collection.book, dune);
    assert_eq!(whole.collection.copies.len(), 3);

    db.delete(&key).await?;
    assert!(db.get(&key).await?.is_none());
    Ok(())
}

#[test]
fn a_child_follows_each_earlier_shape_of_its_parent() -> Result<(), BoxError> {
    let [earlier] = Copy::EARLIER_KEYS else {
        return Err(format!("one earlier shape: {:?}", Copy::EARLIER_KEYS).into());
    };
    assert_eq!(earlier.partition().text(), "LIB#<library>");
    assert_eq!(
        earlier.sort().map(|t| t.text()),
        Some("GENRE#<genre>#<book>#COPY#<copy>")
    );
    let old = v0::Copy::key(&v0::Book::key("L1", "sf", "dune")?, 7u32)?;
    assert!(Key::<Copy>::is_key(old.partition(), old.sort()));
    assert!(!Key::<Copy>::is_current(old.partition(), old.sort()));
    Ok(())
}

#[tokio::test]
async fn a_parents_template_change_moves_its_children_with_it() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let name = engine.table_name("children-migrate");
    let old = engine.db::<v0::Library>(&name);
    old.ensure_table().await?;
    let books = [("sf", "dune", 3), ("classic", "emma", 2)];
    for (genre, id, copies) in books {
        let book = v0::Book {
            library: "L1".into(),
            genre: genre.into(),
            book: id.into(),
            title: format!("Title of {id}"),
        };
        old.put(&book).await?;
        for copy in 1..=copies {
            old.put(&v0::Copy {
                book: book.primary_key()?,
                copy,
                shelf: format!("S{copy}"),
            })
            .await?;
        }
    }

    let db = engine.db::<Library>(&name);
    let dune = book("L1", "sf", "dune");
    let before = db
        .query(&Copy::query_under(&dune.primary_key()?))
        .items()
        .try_collect::<Vec<Copy>>()
        .await?;
    assert!(before.is_empty(), "the copies are still under the old key");

    let report = db.migrate::<Book>().and::<Copy>().send().await?;
    assert_eq!((report.moved, report.current), (7, 0), "{report:?}");
    assert!(report.failed.is_empty(), "{:?}", report.failed);

    let whole = db
        .query(&dune.primary_key()?.query_with_children())
        .collection::<BookWithCopies>()
        .await?;
    assert_eq!(whole.collection.book, dune);
    assert_eq!(
        whole.collection.copies,
        [copy_of(&dune, 1)?, copy_of(&dune, 2)?, copy_of(&dune, 3)?]
    );
    let emma = book("L1", "classic", "emma");
    let copies: Vec<Copy> = db
        .query(&Copy::query_under(&emma.primary_key()?))
        .items()
        .try_collect()
        .await?;
    assert_eq!(copies, [copy_of(&emma, 1)?, copy_of(&emma, 2)?]);

    // Every item is in the new shape; a second run writes nothing.
    let again = db.migrate::<Book>().and::<Copy>().send().await?;
    assert_eq!((again.moved, again.current), (0, 7), "{again:?}");
    Ok(())
}

/// A parent whose sort key ends with a placeholder: the child's first character after it is that
/// segment's terminator.
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[pk("WH#<warehouse>")]
#[sk("SHELF#<shelf>")]
struct Shelf {
    warehouse: String,
    shelf: String,
}

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(parent = Shelf)]
#[sk("<shelf>#BIN#<bin>")]
struct Bin {
    #[parent]
    shelf: Key<Shelf>,
    bin: u16,
}

#[test]
fn a_parents_last_value_may_not_hold_the_childs_terminator() -> Result<(), BoxError> {
    let sort = Bin::SORT_TEMPLATE.ok_or("a sort key")?;
    assert_eq!(sort.text(), "SHELF#<shelf>#BIN#<bin>");
    let key = Bin::key(&Shelf::key("w1", "a")?, 3u16)?;
    assert_eq!(key.sort(), Some("SHELF#a#BIN#00003"));
    // A shelf may be named "a#b"; it can have no bins (its bins' keys would be ambiguous).
    let odd = Shelf::key("w1", "a#b")?;
    let error = Bin::key(&odd, 3u16).err().ok_or("refused")?;
    assert!(
        matches!(error.kind(), dynakey::KeyErrorKind::Terminator { .. }),
        "{error}"
    );
    let bin = Bin { shelf: odd, bin: 3 };
    assert!(bin.primary_key().is_err(), "nor can a put write one");
    Ok(())
}

#[test]
fn a_childs_keys_are_checked_segment_by_segment() {
    let sort = |s: &str| Key::<Bin>::is_key("WH#w1", Some(s));
    assert!(sort("SHELF#a#BIN#00003"));
    assert!(!sort("SHELF#a#BIN#3"), "not a u16's encoding");
    assert!(!sort("SHELF#a#BIN#0000x"));
    assert!(!sort("SHELF##BIN#00003"), "an empty shelf is no shelf key");
    let copy = |s: &str| Key::<Copy>::is_key("LIB#L1", Some(s));
    assert!(copy("BOOK#sf#dune#COPY#0000000007"));
    assert!(!copy("BOOK#sf#dune#COPY#7"));
}

#[test]
fn a_stored_parent_key_is_a_map_of_its_fields() -> Result<(), BoxError> {
    let key = Book::key("L1", "sf", "dune")?;
    let json = serde_json::to_value(&key)?;
    assert_eq!(
        json,
        serde_json::json!({"library": "L1", "genre": "sf", "book": "dune"})
    );
    let back: Key<Book> = serde_json::from_value(json)?;
    assert_eq!(back, key);
    let missing = serde_json::from_value::<Key<Book>>(serde_json::json!({"library": "L1"}));
    assert!(missing.is_err());
    let bad = serde_json::from_value::<Key<Book>>(
        serde_json::json!({"library": "L1", "genre": "s#f", "book": "dune"}),
    );
    assert!(bad.is_err(), "a segment holding its terminator");
    Ok(())
}

#[tokio::test]
async fn a_child_has_versions_an_entity_type_and_indexes_as_any_entity() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<Library>().await?;
    let dune = book("L1", "sf", "dune");
    db.put(&dune).await?;
    let hold = Hold {
        book: dune.primary_key()?,
        member: "m1".into(),
        placed: 20261207,
        version: 0,
    };
    db.create(&hold).await?;
    let key = Hold::key(&dune.primary_key()?, "m1")?;
    assert_eq!(key.sort(), Some("BOOK#sf#dune#HOLD#m1"));
    let stored = db.get(&key).await?.ok_or("the hold stored")?;
    assert_eq!((stored.version, &stored.book), (1, &hold.book));
    assert!(
        db.create(&hold).await.is_err(),
        "a second create of one key is refused"
    );

    let by_member: Vec<Hold> = db
        .query(&Hold::query_by_member("m1"))
        .items()
        .try_collect()
        .await?;
    assert_eq!(by_member, std::slice::from_ref(&stored));
    let under: Vec<Hold> = db
        .query(&Hold::query_under(&dune.primary_key()?))
        .items()
        .try_collect()
        .await?;
    assert_eq!(under, [stored]);
    Ok(())
}
