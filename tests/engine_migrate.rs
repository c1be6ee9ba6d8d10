//! Migrations (docs/semantics.md §10): items written under an earlier key design rewritten into
//! the newest one — a new GSI filled for existing items, a changed sort-key template — exactly
//! once, resumably, within a capacity budget, with no concurrent writer's update lost.

use crate::common;

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use dynakey::{Entity, Key, Table};
use dynakey_runtime::{
    CapacityBudget, Db, MigrationCheckpoint, MigrationKind, RequestLog, RetryPolicy,
};
use futures::TryStreamExt;
use serde::{Deserialize, Serialize};

use common::engine::Capability;
use common::fault_proxy::{FaultMix, FaultProxy};
use common::{BoxError, TestEngine};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByOwner, name = "GSI1", partition_key = "GSI1PK", sort_key = "GSI1SK", projection = all)]
struct Docs;

/// A document as version 1 of the service wrote it: no index.
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Docs, version = "version")]
#[pk("FOLDER#<folder>")]
#[sk("DOC#<id>")]
struct DocV1 {
    folder: String,
    id: u32,
    owner: String,
    edits: u32,
    version: u64,
}

/// The same documents, version 2: the owner in the sort key (so every document moves), and by
/// owner in GSI1.
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Docs, version = "version")]
#[pk("FOLDER#<folder>")]
#[sk("DOC#<owner>#<id>")]
#[was(sk = "DOC#<id>")]
#[index(ByOwner, pk = "OWNER#<owner>", sk = "DOC#<id>")]
struct Doc {
    folder: String,
    id: u32,
    owner: String,
    edits: u32,
    version: u64,
}

/// An unversioned note, first without, then with its index.
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Docs)]
#[pk("FOLDER#<folder>")]
#[sk("NOTE#<id>")]
struct NoteV1 {
    folder: String,
    id: u32,
    owner: String,
    edits: u32,
}

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Docs)]
#[pk("FOLDER#<folder>")]
#[sk("NOTE#<id>")]
#[index(ByOwner, pk = "OWNER#<owner>", sk = "NOTE#<id>")]
struct Note {
    folder: String,
    id: u32,
    owner: String,
    edits: u32,
}

/// A member with a unique email, as version 1 keyed it and as version 2 does (by team).
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Docs, name = "Member", version = "version")]
#[pk("ORG#<org>")]
#[sk("MEMBER#<id>")]
#[unique("email")]
struct MemberV1 {
    org: String,
    team: String,
    id: u32,
    email: String,
    version: u64,
}

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Docs, version = "version")]
#[pk("ORG#<org>")]
#[sk("TEAM#<team>#MEMBER#<id>")]
#[was(sk = "MEMBER#<id>")]
#[unique("email")]
struct Member {
    org: String,
    team: String,
    id: u32,
    email: String,
    version: u64,
}

fn doc_v1(id: u32) -> DocV1 {
    DocV1 {
        folder: format!("f{}", id % 7),
        id,
        owner: format!("o{}", id % 5),
        edits: 0,
        version: 0,
    }
}

/// `n` documents written by version 1 (stored with version 1), and `notes` notes.
async fn load(db: &Db<Docs>, n: u32, notes: u32) -> Result<(), BoxError> {
    let docs: Vec<DocV1> = (0..n).map(doc_v1).collect();
    for chunk in docs.chunks(500) {
        for doc in chunk {
            db.create(doc).await?;
        }
    }
    for id in 0..notes {
        db.put(&NoteV1 {
            folder: "notes".into(),
            id,
            owner: format!("o{}", id % 3),
            edits: 0,
        })
        .await?;
    }
    Ok(())
}

/// Every document as stored, by id.
async fn docs(db: &Db<Docs>) -> Result<BTreeMap<u32, Doc>, BoxError> {
    let items: Vec<Doc> = db
        .scan::<Doc>()
        .unknown_items(dynakey_runtime::UnknownItems::Skip)
        .items()
        .try_collect()
        .await?;
    Ok(items.into_iter().map(|d| (d.id, d)).collect())
}

/// How many documents GSI1 holds (the migration's index keys, read through the index).
async fn in_index(db: &Db<Docs>, owners: u32) -> Result<usize, BoxError> {
    let mut count = 0;
    for owner in 0..owners {
        let found: Vec<Doc> = db
            .query(&Doc::query_by_owner(format!("o{owner}")))
            .unknown_items(dynakey_runtime::UnknownItems::Skip)
            .items()
            .try_collect()
            .await?;
        count += found.len();
    }
    Ok(count)
}

#[tokio::test]
async fn a_dry_run_counts_and_writes_nothing_then_the_migration_fills_the_new_index(
) -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let direct = engine.fresh_table::<Docs>().await?;
    load(&direct, 300, 40).await?;
    let log = RequestLog::new();
    let db = direct.clone().with_request_log(&log);

    let dry = db
        .migrate::<Doc>()
        .segments(3)
        .page_size(50)
        .dry_run()
        .await?;
    assert!(dry.dry_run);
    assert_eq!(dry.scanned, 340);
    assert_eq!((dry.moved, dry.reindexed, dry.current), (300, 0, 0));
    assert_eq!(dry.other, 40, "the notes are another entity's");
    assert!(dry.failed.is_empty(), "{:?}", dry.failed);
    assert_eq!(dry.examples.len(), 5);
    for example in &dry.examples {
        assert_eq!(example.kind, MigrationKind::Move);
        assert_eq!(example.old.0, example.new.0, "the partition stays");
        let (old, new) = (example.old.1.as_deref(), example.new.1.as_deref());
        let id = old
            .and_then(|sk| sk.strip_prefix("DOC#"))
            .ok_or("an old sort key")?;
        assert!(
            new.is_some_and(|sk| sk.starts_with("DOC#o") && sk.ends_with(id)),
            "{new:?}"
        );
        assert!(example.attributes.is_empty());
    }
    assert!(dry.checkpoint.is_done());
    let sent = log.operations();
    assert!(
        sent.iter().all(|op| ["DescribeTable", "Scan"].contains(op)),
        "a dry run sends no write: {sent:?}"
    );
    assert_eq!(in_index(&db, 5).await?, 0);

    let _ = log.take();
    let report = db.migrate::<Doc>().segments(3).page_size(50).send().await?;
    assert_eq!((report.moved, report.reindexed), (300, 0));
    // A moved document sorts after `DOC#<id>` keys still to be read: scanned again, current.
    assert_eq!(report.scanned, 340 + report.current);
    assert_eq!(report.other, 40);
    assert!(report.read_units > 0.0, "{report:?}");
    // moto reports no ConsumedCapacity for TransactWriteItems (docs/engines.md).
    assert!(
        report.write_units > 0.0 || !engine.is_embedded(),
        "{report:?}"
    );
    assert_eq!(in_index(&db, 5).await?, 300);
    let stored = docs(&db).await?;
    assert_eq!(stored.len(), 300);
    assert_eq!(
        raw_count(&db).await?,
        340,
        "each document once: no old item left beside its new one"
    );
    assert!(
        stored.values().all(|d| d.version == 2),
        "each document rewritten once: its version moved on from 1 to 2"
    );

    // Twice is once: nothing left to write.
    let _ = log.take();
    let again = db.migrate::<Doc>().send().await?;
    assert_eq!((again.current, again.reindexed, again.moved), (300, 0, 0));
    // Nothing but the run's record in the design item (its start and its end).
    let writes: Vec<_> = log
        .sent()
        .into_iter()
        .filter(|r| !["DescribeTable", "Scan"].contains(&r.operation()))
        .filter(|r| !common::on_design_item(r))
        .map(|r| r.operation())
        .collect();
    assert!(writes.is_empty(), "a second run writes nothing: {writes:?}");
    Ok(())
}

#[tokio::test]
async fn an_unversioned_entity_is_rewritten_on_its_unchanged_image() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<Docs>().await?;
    load(&db, 0, 120).await?;
    let report = db.migrate::<Note>().page_size(25).send().await?;
    assert_eq!(
        (report.reindexed, report.current, report.other),
        (120, 0, 0)
    );
    let found: Vec<Note> = db
        .query(&Note::query_by_owner("o1"))
        .items()
        .try_collect()
        .await?;
    assert_eq!(found.len(), 40);
    Ok(())
}

#[tokio::test]
async fn the_entities_of_a_table_are_migrated_in_one_scan() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<Docs>().await?;
    load(&db, 70, 30).await?;
    let dry = db.migrate::<Doc>().and::<Note>().dry_run().await?;
    assert_eq!(dry.entities, ["Doc", "Note"]);
    let counts = |r: &dynakey_runtime::MigrationReport, e: &str| {
        r.by_entity
            .get(e)
            .map(|c| (c.moved + c.reindexed, c.current))
    };
    assert_eq!(counts(&dry, "Doc"), Some((70, 0)));
    assert_eq!(counts(&dry, "Note"), Some((30, 0)));
    assert_eq!(dry.examples.len(), 10, "five examples of each entity");
    let report = db.migrate::<Doc>().and::<Note>().send().await?;
    assert_eq!((report.moved, report.reindexed, report.other), (70, 30, 0));
    let again = db
        .migrate::<Doc>()
        .and::<Note>()
        .and::<Doc>()
        .send()
        .await?;
    assert_eq!(counts(&again, "Doc"), Some((0, 70)));
    assert_eq!(counts(&again, "Note"), Some((0, 30)));

    // A checkpoint resumes only the migration it was taken of.
    match db.migrate::<Note>().resume(again.checkpoint).send().await {
        Err(stopped) => assert!(stopped.to_string().contains("not of Note"), "{stopped}"),
        Ok(report) => return Err(format!("resumed another migration: {report:?}").into()),
    }
    Ok(())
}

/// One edit of document `id` by a writer of version 2 during the migration: at its new key, or,
/// not moved yet, at its old one (a `Key<Doc>` of the earlier shape); an item moved in between is
/// looked for again.
async fn edit(db: &Db<Docs>, id: u32) -> Result<(), dynakey_runtime::Error> {
    let v1 = doc_v1(id);
    let new = Doc::key(&v1.folder, &v1.owner, id)?;
    let old = Key::<Doc>::parse(
        &format!("FOLDER#{}", v1.folder),
        Some(&format!("DOC#{id:010}")),
    )?;
    for _ in 0..10 {
        for key in [&new, &old] {
            match db.modify(key, |d: &mut Doc| d.edits += 1).await {
                Ok(_) => return Ok(()),
                Err(dynakey_runtime::Error::NotFound { .. }) => {}
                Err(e) => return Err(e),
            }
        }
    }
    Err(dynakey_runtime::Error::Engine(format!(
        "document {id} not found at either key"
    )))
}

/// Every item in the table, whatever its entity (old shapes and uniqueness items included), but
/// the design item the migration records its runs in (checked in `engine_design_record`).
async fn raw_count(db: &Db<Docs>) -> Result<usize, BoxError> {
    let (mut count, mut start) = (0, None);
    loop {
        let page = db
            .client()
            .scan()
            .table_name(db.table_name())
            .consistent_read(true)
            .set_exclusive_start_key(start)
            .send()
            .await?;
        count += page
            .items()
            .iter()
            .filter(|item| !common::is_design_item(item))
            .count();
        start = page.last_evaluated_key;
        if start.is_none() {
            return Ok(count);
        }
    }
}

/// Writers that edit documents all through the migration: every edit is kept, and every
/// document ends in the new shape.
async fn with_writers(db: &Db<Docs>, n: u32) -> Result<(), BoxError> {
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut writers = Vec::new();
    for w in 0..4u32 {
        let db = db.clone();
        let stop = Arc::clone(&stop);
        writers.push(tokio::spawn(async move {
            let mut edits: BTreeMap<u32, u32> = BTreeMap::new();
            let mut i = w;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                let id = (i * 7919) % n;
                i += 4;
                edit(&db, id).await?;
                *edits.entry(id).or_default() += 1;
                tokio::task::yield_now().await;
            }
            Ok::<_, dynakey_runtime::Error>(edits)
        }));
    }
    let report = db
        .migrate::<Doc>()
        .segments(4)
        .page_size(20)
        .writes_in_flight(4)
        .send()
        .await?;
    tokio::time::sleep(Duration::from_millis(20)).await;
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let mut edits: BTreeMap<u32, u32> = BTreeMap::new();
    for writer in writers {
        for (id, n) in writer.await?? {
            *edits.entry(id).or_default() += n;
        }
    }
    assert!(report.failed.is_empty(), "{:?}", report.failed);
    assert!(!edits.is_empty());
    let stored = docs(db).await?;
    assert_eq!(stored.len() as u32, n);
    for (id, doc) in &stored {
        let edited = edits.get(id).copied().unwrap_or(0);
        assert_eq!(doc.edits, edited, "document {id}: every edit kept");
        assert_eq!(
            doc.version,
            2 + u64::from(edited),
            "document {id}: one migration write and one per edit"
        );
    }
    assert_eq!(in_index(db, 5).await?, n as usize);
    Ok(())
}

#[tokio::test]
async fn concurrent_writers_lose_no_update() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    // A move cancelled by a writer's update must undo nothing else.
    let db = engine.fresh_table::<Docs>().await?;
    load(&db, 400, 0).await?;
    with_writers(&db, 400).await
}

#[tokio::test]
async fn a_run_killed_at_random_points_resumes_exactly() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<Docs>().await?;
    let n = 1_000;
    load(&db, n, 0).await?;
    let saved: Arc<Mutex<Option<MigrationCheckpoint>>> = Arc::default();
    let mut rng = fastrand::Rng::with_seed(7);
    let mut kills = 0;
    loop {
        let mut migration = db.migrate::<Doc>().segments(3).page_size(15);
        if let Some(checkpoint) = saved.lock().map_err(|e| e.to_string())?.clone() {
            migration = migration.resume(checkpoint);
        }
        let keep = Arc::clone(&saved);
        let migration = migration.on_progress(move |report| {
            if let Ok(mut saved) = keep.lock() {
                *saved = Some(report.checkpoint.clone());
            }
        });
        let run = tokio::spawn(migration.send());
        let after = Duration::from_millis(rng.u64(5..60));
        tokio::time::sleep(after).await;
        if run.is_finished() || kills >= 40 {
            let report = run.await??;
            assert!(report.failed.is_empty(), "{:?}", report.failed);
            break;
        }
        run.abort();
        let _ = run.await;
        kills += 1;
    }
    assert!(kills > 0, "the run was killed at least once");
    let stored = docs(&db).await?;
    assert_eq!(stored.len() as u32, n);
    assert_eq!(
        raw_count(&db).await? as u32,
        n,
        "no old item left beside its new one"
    );
    let versions: BTreeMap<u64, usize> = stored.values().fold(BTreeMap::new(), |mut m, d| {
        *m.entry(d.version).or_default() += 1;
        m
    });
    assert_eq!(
        versions,
        BTreeMap::from([(2, n as usize)]),
        "every document rewritten exactly once over {kills} kills"
    );
    assert_eq!(in_index(&db, 5).await?, n as usize);
    Ok(())
}

#[tokio::test]
async fn the_capacity_budget_holds_over_the_run() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<Docs>().await?;
    load(&db, 200, 300).await?;
    // The engine's own pace first: the documents migrated with no budget.
    let free = db.migrate::<Doc>().segments(2).page_size(25).send().await?;
    let unpaced = free.write_units / free.elapsed.as_secs_f64();
    let budget = 150.0;
    let report = db
        .migrate::<Note>()
        .segments(2)
        .page_size(25)
        .budget(CapacityBudget::new().write_units_per_second(budget))
        .send()
        .await?;
    assert_eq!(report.reindexed, 300);
    let rate = report.write_units / report.elapsed.as_secs_f64();
    println!(
        "budget {budget}: {rate:.1} write units per second ({} units in {:?}, {} read units); \
         {unpaced:.1} with no budget",
        report.write_units, report.elapsed, report.read_units
    );
    assert!(
        rate <= budget * 1.1,
        "{rate:.1} write units per second against a budget of {budget}"
    );
    if unpaced >= budget * 1.5 {
        assert!(
            rate >= budget * 0.9,
            "{rate:.1} write units per second: the budget of {budget} was not used ({unpaced:.1} \
             with none)"
        );
    } else {
        println!("the engine writes slower than the budget: only the upper bound is checked");
    }
    Ok(())
}

#[tokio::test]
async fn a_move_keeps_what_the_entity_does_not_model_and_a_too_wide_item_is_reported(
) -> Result<(), BoxError> {
    use aws_sdk_dynamodb::types::AttributeValue;
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<Docs>().await?;
    load(&db, 5, 3).await?;
    // Another service's attribute on a document, and a note so wide that its image condition
    // would pass DynamoDB's 4 KB expression limit.
    let raw_update = |sk: String, set: String, values: Vec<(String, AttributeValue)>| {
        let db = db.clone();
        async move {
            let mut request = db
                .client()
                .update_item()
                .table_name(db.table_name())
                .key("PK", AttributeValue::S("FOLDER#f3".into()))
                .key("SK", AttributeValue::S(sk))
                .update_expression(set);
            for (name, value) in values {
                request = request.expression_attribute_values(name, value);
            }
            request.send().await
        }
    };
    raw_update(
        "DOC#0000000003".into(),
        "SET legacy_flag = :v".into(),
        vec![(":v".into(), AttributeValue::Bool(true))],
    )
    .await?;
    for chunk in 0..3 {
        let wide: Vec<String> = (0..100).map(|i| format!("x{chunk}{i:02} = :v")).collect();
        db.client()
            .update_item()
            .table_name(db.table_name())
            .key("PK", AttributeValue::S("FOLDER#notes".into()))
            .key("SK", AttributeValue::S("NOTE#0000000001".into()))
            .update_expression(format!("SET {}", wide.join(", ")))
            .expression_attribute_values(":v", AttributeValue::N("1".into()))
            .send()
            .await?;
    }
    let _ = raw_update;

    let report = db.migrate::<Doc>().and::<Note>().send().await?;
    assert_eq!((report.moved, report.reindexed), (5, 2));
    assert_eq!(report.failed.len(), 1, "{:?}", report.failed);
    let failed = &report.failed[0];
    assert_eq!(
        (failed.entity.as_str(), failed.sort.as_deref()),
        ("Note", Some("NOTE#0000000001"))
    );
    assert!(
        failed.reason.contains("declare a version"),
        "{}",
        failed.reason
    );

    let moved = Doc::key("f3", "o3", 3u32)?;
    let item = db
        .client()
        .get_item()
        .table_name(db.table_name())
        .set_key(Some(dynakey_runtime::convert::key_to_attributes(&moved)))
        .send()
        .await?
        .item
        .ok_or("the moved document")?;
    assert_eq!(
        item.get("legacy_flag"),
        Some(&AttributeValue::Bool(true)),
        "kept by the move"
    );
    Ok(())
}

#[tokio::test]
async fn uniqueness_items_move_with_their_items() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<Docs>().await?;
    for id in 0..60u32 {
        db.create(&MemberV1 {
            org: "acme".into(),
            team: format!("t{}", id % 4),
            id,
            email: format!("m{id}@acme.io"),
            version: 0,
        })
        .await?;
    }
    let before = raw_count(&db).await?;
    assert_eq!(before, 120, "60 members and their 60 uniqueness items");
    let report = db.migrate::<Member>().page_size(7).send().await?;
    assert_eq!(report.moved, 60);
    assert!(report.failed.is_empty(), "{:?}", report.failed);
    assert_eq!(report.other, 60, "the uniqueness items are passed over");
    assert_eq!(
        raw_count(&db).await?,
        before,
        "nothing left behind, nothing added"
    );
    let found = db.find_unique(Member::EMAIL, "m7@acme.io").await?;
    let member = found.ok_or("m7 found through its uniqueness item")?;
    assert_eq!(
        (member.team.as_str(), member.id, member.version),
        ("t3", 7, 2)
    );
    let key = member.primary_key()?;
    assert!(Key::<Member>::is_current(key.partition(), key.sort()));
    let taken = db
        .create(&Member {
            org: "acme".into(),
            team: "t9".into(),
            id: 99,
            email: "m7@acme.io".into(),
            version: 0,
        })
        .await;
    assert!(
        matches!(taken, Err(dynakey_runtime::Error::NotUnique { .. })),
        "the moved member still holds its email: {taken:?}"
    );
    let again = db.migrate::<Member>().send().await?;
    assert_eq!((again.current, again.moved), (60, 0));
    Ok(())
}

/// Faults on about a quarter of the migration's requests: throttling, 5xx, answers lost before
/// and after the engine applied the request.
fn faults() -> FaultMix {
    FaultMix::none()
        .throttle(0.05)
        .server_error(0.05)
        .drop_before(0.05)
        .drop_after(0.08)
        .only(&match std::env::var("FAULT_ONLY").ok().as_deref() {
            Some("scan") => vec!["Scan"],
            Some("writes") => vec!["UpdateItem", "TransactWriteItems", "GetItem"],
            _ => vec!["Scan", "UpdateItem", "TransactWriteItems", "GetItem"],
        })
}

/// How many documents the fault test migrates: `DYNAKEY_MIGRATE_ITEMS` (the 100,000), or
/// 1,500 by default to keep the test run short.
fn fault_items() -> u32 {
    std::env::var("DYNAKEY_MIGRATE_ITEMS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1_500)
}

#[tokio::test]
async fn through_the_fault_proxy_every_item_is_rewritten_exactly_once() -> Result<(), BoxError> {
    let n = fault_items();
    // A move whose answer is lost is resent with its ClientRequestToken, and a cancelled one
    // must undo nothing else.
    let probe = TestEngine::start().await?;
    if probe.unsupported(Capability::IdempotentTransactions) {
        return Ok(());
    }
    for seed in [1u64, 2, 3]
        .into_iter()
        .filter(|s| std::env::var("ONLY_SEED").map_or(true, |o| o == s.to_string()))
    {
        let engine = TestEngine::start().await?;
        let direct: Db<Docs> = engine.table_named(&format!("migrate-{seed}")).await?;
        let items: Vec<DocV1> = (0..n).map(doc_v1).collect();
        direct.batch_put(&items).await?;
        let proxy = FaultProxy::start(&engine.endpoint().await?, seed, faults()).await?;
        let policy = RetryPolicy {
            base: Duration::from_millis(1),
            cap: Duration::from_millis(4),
            max_attempts: 4,
        };
        let db = Db::<Docs>::new(proxy.client(), direct.table_name()).with_retry_policy(policy);
        let mut checkpoint: Option<MigrationCheckpoint> = None;
        let mut stops = 0;
        let report = loop {
            let mut migration = db.migrate::<Doc>().segments(4).page_size(100);
            if let Some(c) = checkpoint.take() {
                migration = migration.resume(c);
            }
            match migration.send().await {
                Ok(report) => break report,
                Err(stopped) if stops < 200 => {
                    stops += 1;
                    checkpoint = Some(stopped.report.checkpoint);
                }
                Err(stopped) => return Err(stopped.into()),
            }
        };
        println!("seed {seed}: {report}");
        assert!(report.failed.is_empty(), "seed {seed}: {:?}", report.failed);
        let stored = docs(&direct).await?;
        assert_eq!(
            stored.len() as u32,
            n,
            "seed {seed}: none lost or duplicated"
        );
        // Loaded by batch_put with version 0 as given: one rewrite stores version 1.
        let not_once: Vec<_> = stored.values().filter(|d| d.version != 1).collect();
        assert!(
            not_once.is_empty(),
            "seed {seed}: {} documents not rewritten exactly once (e.g. {:?})",
            not_once.len(),
            not_once.first()
        );
        assert_eq!(in_index(&direct, 5).await?, n as usize, "seed {seed}");
        assert!(
            proxy.counts().faults() > 0,
            "seed {seed}: faults were injected"
        );
        println!(
            "seed {seed}: {n} documents, {} faults, {stops} stops resumed",
            proxy.counts().faults()
        );
    }
    Ok(())
}
