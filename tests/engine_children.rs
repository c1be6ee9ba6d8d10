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

/// A parent's rolling key change carries its children (docs/semantics.md §10, "A key change
/// during a rolling deploy", and §11): a book's sort key moves from `BOOK#<genre>#<book>#` to
/// `SHELF#<genre>#BOOK#<book>#` through five binaries over one table — old, expand (`#[next]`),
/// switch (`#[previous]`), contract (`#[previous(…, retired)]`) and done — and its copies follow
/// in the same phases without declaring anything. Every binary reads exactly the books and
/// copies a single-version table would hold, each book with its copies as one collection.
mod rolling {
    use super::common;

    use std::collections::BTreeMap;

    use dynakey::{Entity, KeyChangePhase};
    use dynakey_runtime::Db;
    use futures::TryStreamExt;
    use serde::{Deserialize, Serialize};

    use common::{BoxError, TestEngine};

    /// What a single-version table holds: per `(genre, book)`, its title and its copies' shelves.
    pub type Shelves = BTreeMap<(String, String), (String, BTreeMap<u32, String>)>;

    /// One binary: its table, its `Book` declared with `$attr`, the `Copy` under it, and its reads.
    macro_rules! deploy {
        ($module:ident, $($attr:tt)*) => {
            #[allow(dead_code)]
            mod $module {
                use super::*;

                use dynakey::{Collection, Key, Table};

                #[derive(Table)]
                #[table(partition_key = "PK", sort_key = "SK")]
                pub enum Library {
                    Book(Book),
                    Copy(Copy),
                }

                #[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
                #[dynakey(table = Library)]
                #[pk("LIB#<library>")]
                $($attr)*
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

                #[derive(Collection, Debug)]
                pub struct BookWithCopies {
                    pub book: Book,
                    pub copies: Vec<Copy>,
                }

                pub fn book(genre: &str, id: &str, title: &str) -> Book {
                    Book {
                        library: "L1".into(),
                        genre: genre.into(),
                        book: id.into(),
                        title: title.into(),
                    }
                }

                pub fn copy(genre: &str, id: &str, copy: u32, shelf: &str) -> Result<Copy, BoxError> {
                    Ok(Copy {
                        book: Book::key("L1", genre, id)?,
                        copy,
                        shelf: shelf.into(),
                    })
                }

                /// Writes a book and its copies, and records them in `expected`.
                pub async fn shelve(
                    db: &Db<Library>,
                    expected: &mut Shelves,
                    (genre, id, title): (&str, &str, &str),
                    copies: &[(u32, &str)],
                ) -> Result<(), BoxError> {
                    db.put(&book(genre, id, title)).await?;
                    let entry = expected
                        .entry((genre.into(), id.into()))
                        .or_insert_with(|| (title.into(), BTreeMap::new()));
                    entry.0 = title.into();
                    for &(n, shelf) in copies {
                        db.put(&copy(genre, id, n, shelf)?).await?;
                        entry.1.insert(n, shelf.into());
                    }
                    Ok(())
                }

                /// Deletes copy `n` of a book, and takes it out of `expected`.
                pub async fn withdraw(
                    db: &Db<Library>,
                    expected: &mut Shelves,
                    (genre, id): (&str, &str),
                    n: u32,
                ) -> Result<(), BoxError> {
                    db.delete(&Copy::key(&Book::key("L1", genre, id)?, n)?).await?;
                    if let Some((_, copies)) = expected.get_mut(&(genre.into(), id.into())) {
                        copies.remove(&n);
                    }
                    Ok(())
                }

                /// This binary on table `name`, started as a deploy starts it.
                pub async fn start(engine: &TestEngine, name: &str) -> Result<Db<Library>, BoxError> {
                    let db = engine.db::<Library>(name).with_identity(stringify!($module));
                    db.ensure_table().await?;
                    db.check_design().await?;
                    Ok(db)
                }

                /// Every book with its copies: a scan of each entity, a collection query per
                /// book, and a `get` of each item, which must agree (no copy of the other shape,
                /// none twice).
                pub async fn read(db: &Db<Library>) -> Result<Shelves, BoxError> {
                    let here = stringify!($module);
                    let books: Vec<Book> = db.scan::<Book>().items().try_collect().await?;
                    let copies: Vec<Copy> = db.scan::<Copy>().items().try_collect().await?;
                    let mut out = Shelves::new();
                    let mut collected = 0;
                    for book in &books {
                        let key = book.primary_key()?;
                        let whole = db
                            .query(&key.query_with_children())
                            .collection::<BookWithCopies>()
                            .await?;
                        assert_eq!(whole.unknown_count, 0, "{here}");
                        assert_eq!(&whole.collection.book, book, "{here}");
                        let under: Vec<Copy> =
                            db.query(&Copy::query_under(&key)).items().try_collect().await?;
                        assert_eq!(under, whole.collection.copies, "{here}: query_under");
                        let mut shelves = BTreeMap::new();
                        for copy in &whole.collection.copies {
                            assert_eq!(copy.book, key, "{here}");
                            let got = db.get(&copy.primary_key()?).consistent_read().await?;
                            assert_eq!(got.as_ref(), Some(copy), "{here}: get");
                            shelves.insert(copy.copy, copy.shelf.clone());
                        }
                        collected += shelves.len();
                        let got = db.get(&key).consistent_read().await?;
                        assert_eq!(got.as_ref(), Some(book), "{here}: get");
                        let fresh = out.insert(
                            (book.genre.clone(), book.book.clone()),
                            (book.title.clone(), shelves),
                        );
                        assert!(fresh.is_none(), "{here}: a book read twice");
                    }
                    assert_eq!(copies.len(), collected, "{here}: every copy under its book once");
                    Ok(out)
                }
            }
        };
    }

    deploy!(old, #[sk("BOOK#<genre>#<book>#")]);
    deploy!(expand, #[sk("BOOK#<genre>#<book>#")] #[next(sk = "SHELF#<genre>#BOOK#<book>#")]);
    deploy!(switch, #[sk("SHELF#<genre>#BOOK#<book>#")] #[previous(sk = "BOOK#<genre>#<book>#")]);
    deploy!(
        contract,
        #[sk("SHELF#<genre>#BOOK#<book>#")]
        #[previous(sk = "BOOK#<genre>#<book>#", retired)]
    );
    deploy!(done, #[sk("SHELF#<genre>#BOOK#<book>#")]);

    /// Every item of library `L1`, raw: `(SK, _shape)`, sorted.
    async fn raw(db: &Db<old::Library>) -> Result<Vec<(String, Option<String>)>, BoxError> {
        let text =
            |item: &std::collections::HashMap<String, aws_sdk_dynamodb::types::AttributeValue>,
             name: &str| item.get(name).and_then(|v| v.as_s().ok()).cloned();
        let mut items: Vec<(String, Option<String>)> = common::scan(db.client(), db.table_name())
            .await?
            .iter()
            .filter(|item| text(item, "PK").as_deref() == Some("LIB#L1"))
            .map(|item| {
                (
                    text(item, "SK").unwrap_or_default(),
                    text(item, dynakey::SHAPE_ATTRIBUTE),
                )
            })
            .collect();
        items.sort();
        Ok(items)
    }

    /// The number of books and copies.
    fn count(expected: &Shelves) -> usize {
        expected.values().map(|(_, copies)| 1 + copies.len()).sum()
    }

    #[test]
    fn a_child_declares_its_parents_phase() -> Result<(), BoxError> {
        assert_eq!(
            old::Copy::SHAPE,
            "LIB#<library>|BOOK#<genre>#<book>#COPY#<copy>"
        );
        assert_eq!(old::Copy::KEY_CHANGE, None);
        let next = expand::Copy::KEY_CHANGE.ok_or("expand: a key change")?;
        assert_eq!(next.phase, KeyChangePhase::Expand);
        assert_eq!(
            next.other_shape,
            "LIB#<library>|SHELF#<genre>#BOOK#<book>#COPY#<copy>"
        );
        assert_eq!(next.other_shape, switch::Copy::SHAPE);
        let previous = switch::Copy::KEY_CHANGE.ok_or("switch: a key change")?;
        assert_eq!(
            (previous.phase, previous.other_shape),
            (KeyChangePhase::Switch, old::Copy::SHAPE)
        );
        let retired = contract::Copy::KEY_CHANGE.ok_or("contract: a key change")?;
        assert_eq!(retired.phase, KeyChangePhase::Contract);
        // The copy's key in the other shape is the key the other binary makes.
        let made = |key: dynakey::Key<switch::Copy>| {
            Some((key.partition().to_owned(), key.sort().map(str::to_owned)))
        };
        let next_key = switch::copy("sf", "dune", 2, "S2")?.primary_key()?;
        assert_eq!(
            expand::copy("sf", "dune", 2, "S2")?.other_shape_key()?,
            made(next_key)
        );
        let previous_key = old::copy("sf", "dune", 2, "S2")?.primary_key()?;
        assert_eq!(
            switch::copy("sf", "dune", 2, "S2")?.other_shape_key()?,
            Some((
                previous_key.partition().to_owned(),
                previous_key.sort().map(str::to_owned)
            ))
        );
        assert!(next
            .other
            .fits("LIB#L1", Some("SHELF#sf#BOOK#dune#COPY#0000000002")));
        Ok(())
    }

    /// A parent whose partition key changes, ending with a placeholder: the child's copy is in
    /// the parent's next partition, and the child's first character is the terminator of the
    /// parent's last value in the next shape too.
    #[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
    #[pk("WH#<warehouse>")]
    #[sk("SHELF#<shelf>")]
    #[next(pk = "DEPOT#<warehouse>", sk = "S#<shelf>")]
    struct Shelf {
        warehouse: String,
        shelf: String,
    }

    #[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
    #[dynakey(parent = Shelf)]
    #[sk("<shelf>#BIN#<bin>")]
    struct Bin {
        #[parent]
        shelf: dynakey::Key<Shelf>,
        bin: u32,
    }

    #[test]
    fn a_childs_copy_takes_its_parents_next_partition() -> Result<(), BoxError> {
        let change = Bin::KEY_CHANGE.ok_or("a key change")?;
        assert_eq!(change.other_shape, "DEPOT#<warehouse>|S#<shelf>#BIN#<bin>");
        let bin = Bin {
            shelf: Shelf::key("w1", "a")?,
            bin: 3,
        };
        assert_eq!(
            bin.other_shape_key()?,
            Some(("DEPOT#w1".to_owned(), Some("S#a#BIN#0000000003".to_owned())))
        );
        // A shelf whose last value holds `#`, the bin's terminator, has no bins.
        let err = Bin::key(&Shelf::key("w1", "a#b")?, 1).err();
        assert!(err.is_some(), "the current shape refuses it");
        Ok(())
    }

    #[tokio::test]
    async fn a_parents_rolling_key_change_carries_its_children() -> Result<(), BoxError> {
        let engine = TestEngine::start().await?;
        let name = engine.table_name("children-rolling");
        let mut expected = Shelves::new();
        let old = old::start(&engine, &name).await?;
        old::shelve(
            &old,
            &mut expected,
            ("sf", "dune", "Dune"),
            &[(1, "A"), (2, "B")],
        )
        .await?;
        old::shelve(
            &old,
            &mut expected,
            ("classic", "emma", "Emma"),
            &[(1, "C")],
        )
        .await?;
        old::shelve(
            &old,
            &mut expected,
            ("sf", "solaris", "Solaris"),
            &[(1, "D"), (2, "E")],
        )
        .await?;

        // Expand beside old: both read the old shape; expand's writes carry their copies, old's
        // rewrite leaves a stale copy behind.
        let expand = expand::start(&engine, &name).await?;
        expand::shelve(
            &expand,
            &mut expected,
            ("sf", "ubik", "Ubik"),
            &[(1, "F"), (2, "G")],
        )
        .await?;
        expand::shelve(&expand, &mut expected, ("sf", "dune", "Dune"), &[(3, "H")]).await?;
        old::shelve(&old, &mut expected, ("sf", "ubik", "Ubik!"), &[(2, "I")]).await?;
        expand::withdraw(&expand, &mut expected, ("sf", "solaris"), 2).await?;
        assert_eq!(old::read(&old).await?, expected);
        assert_eq!(expand::read(&expand).await?, expected);

        // The backfill: every book and copy gets its copy in the next shape.
        let report = expand
            .migrate::<expand::Book>()
            .and::<expand::Copy>()
            .send()
            .await?;
        assert!(report.failed.is_empty(), "{report}");
        assert_eq!(
            (report.copied, report.removed),
            (8, 0),
            "every item the old binary wrote (ubik's two with stale copies): {report}"
        );
        let n = count(&expected);
        assert_eq!(n, 11);
        let again = expand
            .migrate::<expand::Book>()
            .and::<expand::Copy>()
            .send()
            .await?;
        assert_eq!((again.copied, again.removed), (0, 0), "{again}");
        let items = raw(&old).await?;
        assert_eq!(items.len(), 2 * n, "every item twice: {items:#?}");
        let next = items
            .iter()
            .filter(|(sk, _)| sk.starts_with("SHELF#"))
            .count();
        assert_eq!(next, n, "{items:#?}");
        assert!(items.iter().all(|(_, shape)| shape.is_some()), "all marked");
        assert!(
            old.check_design().await.is_err(),
            "after the backfill the old binary is behind"
        );

        // Switch beside expand: the new shape is read, both are written.
        let switch = switch::start(&engine, &name).await?;
        switch::shelve(
            &switch,
            &mut expected,
            ("classic", "persuasion", "Persuasion"),
            &[(1, "J")],
        )
        .await?;
        switch::shelve(
            &switch,
            &mut expected,
            ("classic", "emma", "Emma"),
            &[(2, "K")],
        )
        .await?;
        expand::shelve(&expand, &mut expected, ("sf", "dune", "Dune"), &[(1, "L")]).await?;
        switch::withdraw(&switch, &mut expected, ("sf", "ubik"), 1).await?;
        assert_eq!(expand::read(&expand).await?, expected);
        assert_eq!(switch::read(&switch).await?, expected);

        // Contract beside switch, then the cleanup deletes the previous shape's items.
        let contract = contract::start(&engine, &name).await?;
        contract::shelve(
            &contract,
            &mut expected,
            ("sf", "hyperion", "Hyperion"),
            &[(1, "M")],
        )
        .await?;
        switch::shelve(
            &switch,
            &mut expected,
            ("sf", "solaris", "Solaris"),
            &[(2, "N")],
        )
        .await?;
        assert_eq!(switch::read(&switch).await?, expected);
        assert_eq!(contract::read(&contract).await?, expected);
        let n = count(&expected);
        let cleanup = contract
            .migrate::<contract::Book>()
            .and::<contract::Copy>()
            .send()
            .await?;
        assert!(cleanup.failed.is_empty(), "{cleanup}");
        assert_eq!(
            cleanup.removed,
            u64::try_from(n - 2)?,
            "every item but hyperion's two had its previous-shape copy: {cleanup}"
        );
        assert!(
            expand.check_design().await.is_err(),
            "after the cleanup the expand binary is behind"
        );
        let items = raw(&old).await?;
        assert_eq!(items.len(), n, "{items:#?}");
        assert!(
            items.iter().all(|(sk, _)| sk.starts_with("SHELF#")),
            "the new shape only: {items:#?}"
        );

        // Done: the new templates alone read every book with its copies.
        let done = engine.db::<done::Library>(&name).with_identity("done");
        done.check_design().await?;
        assert_eq!(done::read(&done).await?, expected);
        assert_eq!(contract::read(&contract).await?, expected);
        Ok(())
    }
}
