//! The table records its design (docs/semantics.md §10, "The table records its design"): the
//! design item `ensure_table` writes, what `migrate` records of each run, `design_status` of two
//! binaries — modelled as two table enums over one table, whose `Book` entities share the entity
//! name and differ in their sort-key template — and the startup check that refuses the binary
//! behind the recorded design before it serves.

use crate::common;

use aws_sdk_dynamodb::types::AttributeValue;
use dynakey::{Entity, Table};
use dynakey_runtime::{
    Db, DesignDirection, DesignRecord, DesignState, Error, MigrationMode, MigrationPhase,
    RequestLog, TableSetup, DESIGN_KEY,
};
use futures::TryStreamExt;
use serde::{Deserialize, Serialize};

use common::{BoxError, TestEngine};

/// The old binary's table: books keyed by id.
#[derive(Table, Debug)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByTitleV1, name = "GSI1", partition_key = "GSI1PK", sort_key = "GSI1SK", projection = all)]
enum LibraryV1 {
    Book(BookV1),
}

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = LibraryV1, name = "Book")]
#[pk("LIB#<library>")]
#[sk("BOOK#<id>")]
#[index(ByTitleV1, pk = "TITLE#<title>", sk = "BOOK#<id>")]
struct BookV1 {
    library: String,
    shelf: String,
    id: u32,
    title: String,
}

/// The new binary's table: books under their shelf, reading the old shape too.
#[derive(Table, Debug)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByTitle, name = "GSI1", partition_key = "GSI1PK", sort_key = "GSI1SK", projection = all)]
enum LibraryV2 {
    Book(Book),
}

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = LibraryV2)]
#[pk("LIB#<library>")]
#[sk("SHELF#<shelf>#BOOK#<id>")]
#[was(sk = "BOOK#<id>")]
#[index(ByTitle, pk = "TITLE#<title>", sk = "BOOK#<id>")]
struct Book {
    library: String,
    shelf: String,
    id: u32,
    title: String,
}

/// A third binary: the old books, and members (a new entity).
#[derive(Table, Debug)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByTitleV3, name = "GSI1", partition_key = "GSI1PK", sort_key = "GSI1SK", projection = all)]
enum LibraryV3 {
    Book(BookV3),
    Member(Member),
}

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = LibraryV3, name = "Book")]
#[pk("LIB#<library>")]
#[sk("BOOK#<id>")]
#[index(ByTitleV3, pk = "TITLE#<title>", sk = "BOOK#<id>")]
struct BookV3 {
    library: String,
    shelf: String,
    id: u32,
    title: String,
}

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = LibraryV3)]
#[pk("LIB#<library>")]
#[sk("MEMBER#<id>")]
struct Member {
    library: String,
    id: u32,
    email: String,
}

fn book_v1(id: u32) -> BookV1 {
    BookV1 {
        library: format!("lib{}", id % 3),
        shelf: format!("s{}", id % 4),
        id,
        title: format!("title {}", id % 5),
    }
}

/// What an instance runs before it serves: the table set up, then the startup check.
async fn start<T: Table>(db: Db<T>) -> Result<Db<T>, Error> {
    db.ensure_table().await?;
    db.check_design().await?;
    Ok(db)
}

/// The record, which must be there.
async fn record<T: Table>(db: &Db<T>) -> Result<DesignRecord, BoxError> {
    Ok(db.design_record().await?.ok_or("no design record")?)
}

#[tokio::test]
async fn ensure_table_records_the_declared_design_once() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let name = engine.table_name("design-ensure");
    let log = RequestLog::new();
    let db = engine
        .db::<LibraryV1>(&name)
        .with_identity("v1 deploy")
        .with_request_log(&log);
    assert!(db.design_record().await.is_err(), "no table yet");
    assert_eq!(db.ensure_table().await?, TableSetup::Created);

    let record = record(&db).await?;
    assert_eq!(record.revision, 1);
    assert_eq!(record.format, dynakey_runtime::DESIGN_RECORD_FORMAT);
    assert_eq!(record.updated_by, "v1 deploy");
    assert!(record.migrations.is_empty());
    let [book] = record.entities.as_slice() else {
        return Err(format!("one entity: {:?}", record.entities).into());
    };
    assert_eq!(book.name, "Book");
    let keys: Vec<(&str, u32, Vec<&str>)> = book
        .keys
        .iter()
        .map(|k| {
            let templates = k.versions.iter().map(|v| v.template.as_str()).collect();
            (k.key.as_str(), k.current, templates)
        })
        .collect();
    assert_eq!(
        keys,
        [
            ("table", 1, vec!["LIB#<library> / BOOK#<id>"]),
            ("GSI1", 1, vec!["TITLE#<title> / BOOK#<id>"]),
        ]
    );
    let version = &book.keys[0].versions[0];
    assert_eq!(
        (version.version, version.recorded_by.as_str()),
        (1, "v1 deploy")
    );
    assert_eq!(version.fingerprint.len(), 16);

    // Again: the record is read, nothing is written.
    let _ = log.take();
    assert_eq!(db.ensure_table().await?, TableSetup::Existing);
    assert_eq!(
        log.operations(),
        ["DescribeTable", "DescribeTable", "GetItem"]
    );
    assert_eq!(record_revision(&db).await?, 1);

    let status = db.check_design().await?;
    assert_eq!(status.state, DesignState::Current);
    assert!(status.differences.is_empty(), "{status:?}");

    // Reads pass over the design item, which only dynakey's own key prefix can hold.
    db.create(&book_v1(1)).await?;
    let items: Vec<LibraryV1> = db
        .scan::<BookV1>()
        .table_items()
        .items()
        .try_collect()
        .await?;
    assert_eq!(items.len(), 1);
    let raw = common::scan(db.client(), db.table_name()).await?;
    let design = raw
        .iter()
        .filter(|i| i.get("PK") == Some(&AttributeValue::S(DESIGN_KEY.into())))
        .count();
    assert_eq!((raw.len(), design), (2, 1));
    Ok(())
}

async fn record_revision<T: Table>(db: &Db<T>) -> Result<u64, BoxError> {
    Ok(record(db).await?.revision)
}

#[tokio::test]
async fn the_binary_behind_the_recorded_migration_is_refused_before_it_serves(
) -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let name = engine.table_name("design-behind");
    let old = start(engine.db::<LibraryV1>(&name).with_identity("v1")).await?;
    for id in 0..30 {
        old.create(&book_v1(id)).await?;
    }

    // The new binary starts before its migration: ahead, and allowed to serve.
    let new = start(engine.db::<LibraryV2>(&name).with_identity("v2")).await?;
    let status = new.design_status().await?;
    assert_eq!(status.state, DesignState::Ahead);
    let [ahead] = status.differences.as_slice() else {
        return Err(format!("one difference: {status:?}").into());
    };
    assert_eq!(
        (ahead.entity.as_str(), ahead.key.as_str(), ahead.direction),
        ("Book", "table", DesignDirection::Ahead)
    );
    let running = ahead.running.as_ref().ok_or("the running side")?;
    let recorded = ahead.recorded.as_ref().ok_or("the recorded side")?;
    assert_eq!(
        (running.version, running.template.as_str()),
        (None, "LIB#<library> / SHELF#<shelf>#BOOK#<id>")
    );
    assert_eq!(
        (recorded.version, recorded.template.as_str()),
        (Some(1), "LIB#<library> / BOOK#<id>")
    );
    assert_eq!(old.check_design().await?.state, DesignState::Current);
    assert_eq!(
        record_revision(&old).await?,
        1,
        "ensure_table added nothing"
    );

    // The migration records its run and the version it moves the items to.
    let report = new
        .migrate::<Book>()
        .segments(2)
        .page_size(7)
        .send()
        .await?;
    assert_eq!(report.moved, 30);
    let record = record(&new).await?;
    let book = record.entity("Book").ok_or("Book recorded")?;
    let table = book.key("table").ok_or("its table key")?;
    assert_eq!(table.current, 2);
    let templates: Vec<(u32, &str, &str)> = table
        .versions
        .iter()
        .map(|v| (v.version, v.template.as_str(), v.recorded_by.as_str()))
        .collect();
    assert_eq!(
        templates,
        [
            (1, "LIB#<library> / BOOK#<id>", "v1"),
            (2, "LIB#<library> / SHELF#<shelf>#BOOK#<id>", "v2"),
        ]
    );
    assert_eq!(book.key("GSI1").map(|k| k.current), Some(1), "unchanged");
    let [run] = record.migrations.as_slice() else {
        return Err(format!("one run: {:?}", record.migrations).into());
    };
    assert_eq!(run.entities, ["Book"]);
    assert_eq!(
        (run.mode, run.phase),
        (MigrationMode::Rewrite, MigrationPhase::Finished)
    );
    assert_eq!(run.by, "v2");
    assert!(run.ended_at.is_some_and(|end| end >= run.started_at));
    assert_eq!(run.error, None);
    let change = run.changes.first().ok_or("one change")?;
    assert_eq!(
        (
            change.entity.as_str(),
            change.key.as_str(),
            change.from,
            change.to
        ),
        ("Book", "table", Some(1), 2)
    );
    assert_eq!(run.changes.len(), 1);
    let counts = run.counts.as_ref().ok_or("the run's counts")?;
    assert_eq!(counts.by_entity, report.by_entity);
    let books = counts.by_entity.get("Book").ok_or("Book's counts")?;
    assert_eq!(
        (counts.scanned, books.moved, books.current, counts.other),
        (report.scanned, 30, report.current, 0)
    );
    assert_eq!(
        counts.scanned,
        30 + books.current,
        "the design item is not counted"
    );
    assert_eq!((books.failed, books.gone, books.reindexed), (0, 0, 0));
    assert_eq!(counts.unfinished, 0);

    // The old binary, restarted, is refused before it serves: only the design item was read.
    let log = RequestLog::new();
    let restarted = engine.db::<LibraryV1>(&name).with_request_log(&log);
    let refused = start(restarted.clone()).await;
    let Err(Error::DesignBehind {
        table,
        first,
        differences,
    }) = refused
    else {
        return Err(format!("expected DesignBehind, got {refused:?}").into());
    };
    assert_eq!(table, name);
    assert_eq!(
        (first.entity.as_str(), first.key.as_str()),
        ("Book", "table")
    );
    assert_eq!(first.direction, DesignDirection::Behind);
    let versions = (
        first.running.as_ref().and_then(|s| s.version),
        first.recorded.as_ref().and_then(|s| s.version),
    );
    assert_eq!(versions, (Some(1), Some(2)));
    assert_eq!(differences.len(), 1);
    let message = Error::DesignBehind {
        table: table.clone(),
        first: first.clone(),
        differences,
    }
    .to_string();
    assert!(
        message.contains("version 1 (LIB#<library> / BOOK#<id>)")
            && message.contains("version 2 (LIB#<library> / SHELF#<shelf>#BOOK#<id>)"),
        "{message}"
    );
    let writes: Vec<_> = log
        .sent()
        .into_iter()
        .filter(|r| r.input.is_write())
        .collect();
    assert!(writes.is_empty(), "the old binary wrote {writes:?}");
    assert_eq!(
        record_revision(&new).await?,
        record.revision,
        "never overwritten"
    );

    // Its migration is refused too, before any item is written.
    let _ = log.take();
    let stopped = restarted.migrate::<BookV1>().send().await;
    match stopped {
        Err(stopped) if matches!(stopped.source, Error::DesignBehind { .. }) => {}
        other => return Err(format!("expected DesignBehind, got {other:?}").into()),
    }
    assert!(log.sent().iter().all(|r| !r.input.is_write()));

    // The new binary is current.
    let status = new.check_design().await?;
    assert_eq!(status.state, DesignState::Current, "{status:?}");
    Ok(())
}

#[tokio::test]
async fn instances_starting_together_lose_no_entity() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let name = engine.table_name("design-together");
    engine.db::<LibraryV1>(&name).create_table().await?;
    let log = RequestLog::new();
    let olds: Vec<_> = (0..4)
        .map(|i| {
            engine
                .db::<LibraryV1>(&name)
                .with_identity(format!("old {i}"))
                .with_request_log(&log)
        })
        .collect();
    let news: Vec<_> = (0..4)
        .map(|i| {
            engine
                .db::<LibraryV3>(&name)
                .with_identity(format!("new {i}"))
                .with_request_log(&log)
        })
        .collect();
    let (a, b) = futures::join!(
        futures::future::try_join_all(olds.iter().map(|db| db.ensure_table())),
        futures::future::try_join_all(news.iter().map(|db| db.ensure_table())),
    );
    assert_eq!(a?.len() + b?.len(), 8);

    let record = record(&olds[0]).await?;
    let names: Vec<&str> = record.entities.iter().map(|e| e.name.as_str()).collect();
    assert!(
        names == ["Book", "Member"] || names == ["Member", "Book"],
        "{names:?}"
    );
    let book = record.entity("Book").ok_or("Book")?;
    assert!(
        book.keys
            .iter()
            .all(|k| k.versions.len() == 1 && k.current == 1),
        "each template once: {book:?}"
    );
    assert_eq!(book.keys.len(), 2);
    // Every write that went through made one revision, and a refused condition sent its
    // instance back to read the record again.
    let puts = log
        .sent()
        .into_iter()
        .filter(|r| r.operation() == "PutItem")
        .collect::<Vec<_>>();
    let applied = puts.iter().filter(|r| r.outcome.code().is_none()).count() as u64;
    assert!(
        puts.iter().all(|r| matches!(
            r.outcome.code(),
            None | Some("ConditionalCheckFailedException")
        )),
        "every other put was refused by its revision condition"
    );
    assert_eq!(applied, record.revision);
    assert!((1..=2).contains(&record.revision), "{}", record.revision);
    for db in &news {
        assert_eq!(db.check_design().await?.state, DesignState::Current);
    }
    Ok(())
}

#[tokio::test]
async fn a_record_of_a_newer_format_is_never_overwritten() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let name = engine.table_name("design-format");
    let db = start(engine.db::<LibraryV1>(&name)).await?;
    // A newer dynakey's record: its format raised in place.
    let key = [
        ("PK".to_owned(), AttributeValue::S(DESIGN_KEY.into())),
        ("SK".to_owned(), AttributeValue::S(DESIGN_KEY.into())),
    ];
    db.client()
        .update_item()
        .table_name(&name)
        .set_key(Some(key.into_iter().collect()))
        .update_expression("SET #d.#f = :f")
        .expression_attribute_names("#d", "_design")
        .expression_attribute_names("#f", "format")
        .expression_attribute_values(":f", AttributeValue::N("99".into()))
        .send()
        .await?;
    let v3 = engine.db::<LibraryV3>(&name);
    assert_eq!(v3.ensure_table().await?, TableSetup::Existing);
    let record = record(&v3).await?;
    assert_eq!(
        (record.format, record.entities.len()),
        (99, 1),
        "left as it was"
    );
    match v3.check_design().await {
        Err(Error::DesignBehind { first, .. }) => {
            assert_eq!((first.entity.as_str(), first.key.as_str()), ("", "format"));
            let recorded = first.recorded.as_ref().and_then(|s| s.version);
            assert_eq!(recorded, Some(99));
        }
        other => return Err(format!("expected DesignBehind, got {other:?}").into()),
    }
    Ok(())
}
