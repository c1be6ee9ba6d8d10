//! Typed change streams (docs/semantics.md §9): the table's DynamoDB stream read with
//! `db.changes(…)` as changes of the table's item type — each entity its own variant, the images
//! the view type carries, the index keys a reassignment moved, a removal by Time to Live told
//! from a delete, dynakey's uniqueness items passed over — and resumed from a checkpoint with
//! nothing lost or repeated. The Lambda path decodes the documented event shape with the same
//! decoder and builds the partial batch response.

use crate::common;

use std::collections::HashMap;

use aws_sdk_dynamodb::types::AttributeValue;
use dynakey::{Entity, Table};
use dynakey_runtime::changes::{
    decode, Change, ChangeRecord, Changes, Checkpoint, EventName, RemoveCause,
};
use dynakey_runtime::{Db, UnknownItems};
use serde::{Deserialize, Serialize};

use common::{BoxError, TestEngine};

#[derive(Table, Debug, PartialEq)]
#[table(partition_key = "PK", sort_key = "SK", stream = new_and_old_images)]
#[gsi(ByAssignee, name = "GSI1", partition_key = "GSI1PK", sort_key = "GSI1SK", projection = all)]
enum Tracker {
    Org(Org),
    User(User),
    Issue(Issue),
}

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Tracker)]
#[pk("ORG#<org>")]
#[sk("META")]
struct Org {
    org: String,
    name: String,
}

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Tracker)]
#[pk("ORG#<org>")]
#[sk("USER#<user>")]
#[unique("org", "email")]
struct User {
    org: String,
    user: String,
    email: String,
}

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Tracker)]
#[pk("ORG#<org>")]
#[sk("ISSUE#<number>")]
#[index(ByAssignee, pk = "ASSIGNEE#<assignee>", sk = "<number>")]
struct Issue {
    org: String,
    number: u32,
    title: String,
    assignee: Option<String>,
}

fn issue(number: u32, assignee: Option<&str>) -> Issue {
    Issue {
        org: "acme".into(),
        number,
        title: format!("issue {number}"),
        assignee: assignee.map(str::to_owned),
    }
}

/// Every change the reader has until it is caught up.
async fn drain(
    changes: &mut Changes<Tracker>,
) -> Result<(Vec<Change<Tracker>>, Checkpoint), BoxError> {
    let mut all = Vec::new();
    // Bounded, so that a reader that never catches up fails instead of hanging.
    for _ in 0..1_000 {
        let batch = changes.next_batch().await?;
        all.extend(batch.changes);
        if batch.caught_up {
            return Ok((all, batch.checkpoint));
        }
    }
    Err("the reader did not catch up in 1,000 batches".into())
}

async fn tracker(engine: &TestEngine) -> Result<Db<Tracker>, BoxError> {
    engine.fresh_table::<Tracker>().await
}

#[tokio::test]
async fn inserts_modifies_and_removes_decode_as_their_own_entities() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db = tracker(&engine).await?;
    db.put(&Org {
        org: "acme".into(),
        name: "Acme".into(),
    })
    .await?;
    db.create(&User {
        org: "acme".into(),
        user: "ada".into(),
        email: "ada@acme.test".into(),
    })
    .await?;
    db.put(&issue(1, Some("bob"))).await?;
    db.put(&issue(1, Some("ada"))).await?; // reassigned: GSI1's keys move
    db.delete(&Issue::key("acme", 1u32)?).await?;

    let mut changes = db.changes(engine.streams_client());
    let (all, _) = drain(&mut changes).await?;
    // The uniqueness item of the user's email is dynakey's own: not a change of an entity.
    assert_eq!(all.len(), 5, "{all:#?}");

    match &all[0] {
        Change::Insert {
            key,
            new: Some(Tracker::Org(org)),
        } => {
            assert_eq!(
                (key.entity_name(), key.partition(), key.sort()),
                ("Org", "ORG#acme", Some("META"))
            );
            assert_eq!(org.name, "Acme");
        }
        other => panic!("expected the org's insert, got {other:?}"),
    }
    assert!(
        matches!(&all[1], Change::Insert { new: Some(Tracker::User(u)), .. } if u.user == "ada")
    );
    assert!(
        matches!(&all[2], Change::Insert { new: Some(Tracker::Issue(i)), .. } if i.assignee.as_deref() == Some("bob"))
    );
    match &all[3] {
        Change::Modify {
            key,
            old: Some(Tracker::Issue(old)),
            new: Some(Tracker::Issue(new)),
            changed: Some(changed),
        } => {
            assert_eq!(
                (old.assignee.as_deref(), new.assignee.as_deref()),
                (Some("bob"), Some("ada"))
            );
            assert_eq!(changed.attributes, ["GSI1PK", "assignee"]);
            assert_eq!(changed.indexes, ["GSI1"]);
            let typed = key.typed::<Issue>().expect("an issue")?;
            assert_eq!(
                Issue::parse_sort_key(typed.sort().unwrap_or_default())?.number,
                1
            );
        }
        other => panic!("expected the reassignment, got {other:?}"),
    }
    match &all[4] {
        Change::Remove {
            old: Some(Tracker::Issue(old)),
            cause,
            ..
        } => {
            assert_eq!(cause, &RemoveCause::Deleted);
            assert_eq!(old.assignee.as_deref(), Some("ada"));
        }
        other => panic!("expected the delete, got {other:?}"),
    }
    Ok(())
}

#[tokio::test]
async fn a_checkpoint_resumes_with_nothing_lost_or_repeated() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db = tracker(&engine).await?;
    for n in 1..=30u32 {
        db.put(&issue(n, None)).await?;
    }
    let mut first = db.changes(engine.streams_client()).records_per_request(7);
    let batch = first.next_batch().await?;
    assert_eq!(batch.changes.len(), 7);
    // Stored as text, as a service keeps it, and read back after a "restart".
    let stored = serde_json::to_string(&batch.checkpoint)?;
    drop(first);
    for n in 31..=40u32 {
        db.put(&issue(n, None)).await?;
    }
    let checkpoint: Checkpoint = serde_json::from_str(&stored)?;
    let mut resumed = db.changes(engine.streams_client()).resume(checkpoint);
    let (rest, _) = drain(&mut resumed).await?;
    let numbers: Vec<u32> = batch
        .changes
        .iter()
        .chain(&rest)
        .map(|c| match c.new_item() {
            Some(Tracker::Issue(i)) => i.number,
            other => panic!("an issue, got {other:?}"),
        })
        .collect();
    assert_eq!(
        numbers,
        (1..=40).collect::<Vec<_>>(),
        "in order, none lost, none twice"
    );
    Ok(())
}

#[tokio::test]
async fn order_per_item_key_over_ten_thousand_writes() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db = tracker(&engine).await?;
    // 100 issues, each written 100 times with its title counting up: a batch per round (a batch
    // holds an item once), its requests sent 4 at a time in any order.
    for round in 0..100u32 {
        let issues: Vec<Issue> = (0..100u32)
            .map(|n| Issue {
                title: round.to_string(),
                ..issue(n, None)
            })
            .collect();
        db.batch_put(&issues).await?;
    }
    let mut changes = db.changes(engine.streams_client());
    let (all, _) = drain(&mut changes).await?;
    assert_eq!(all.len(), 10_000);
    let mut last: HashMap<u32, u32> = HashMap::new();
    for change in &all {
        let Some(Tracker::Issue(i)) = change.new_item() else {
            panic!("an issue, got {change:?}");
        };
        let round: u32 = i.title.parse()?;
        if let Some(before) = last.insert(i.number, round) {
            assert_eq!(
                round,
                before + 1,
                "issue {}: round {round} after {before}",
                i.number
            );
        }
    }
    assert!(last.values().all(|r| *r == 99));
    Ok(())
}

#[derive(Table, Debug)]
#[table(partition_key = "PK", sort_key = "SK", stream = keys_only)]
enum KeysOnly {
    Note(Note),
}

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = KeysOnly)]
#[pk("N#<id>")]
#[sk("NOTE")]
struct Note {
    id: u32,
    text: String,
}

#[derive(Table, Debug)]
#[table(partition_key = "PK", sort_key = "SK", stream = old_image)]
enum OldOnly {
    Memo(Memo),
}

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = OldOnly)]
#[pk("M#<id>")]
#[sk("MEMO")]
struct Memo {
    id: u32,
    text: String,
}

/// What each change of an insert, a modify and a remove carries: `(new image?, old image?)`.
fn images<T>(all: &[Change<T>]) -> Vec<(bool, bool)> {
    all.iter()
        .map(|c| match c {
            Change::Insert { new, .. } => (new.is_some(), false),
            Change::Modify { new, old, .. } => (new.is_some(), old.is_some()),
            Change::Remove { old, .. } => (false, old.is_some()),
            _ => unreachable!("three kinds"),
        })
        .collect()
}

#[tokio::test]
async fn each_view_type_carries_its_images_and_no_other() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;

    let db = engine.fresh_table::<KeysOnly>().await?;
    db.put(&Note {
        id: 1,
        text: "a".into(),
    })
    .await?;
    db.put(&Note {
        id: 1,
        text: "b".into(),
    })
    .await?;
    db.delete(&Note::key(1u32)?).await?;
    let mut changes = db.changes(engine.streams_client());
    let batch = changes.next_batch().await?;
    assert_eq!(images(&batch.changes), [(false, false); 3]);
    for change in &batch.changes {
        // The key, typed, with no image made up.
        let key = change.key().typed::<Note>().expect("a note")?;
        assert_eq!(key.partition(), "N#0000000001");
    }

    let db = engine.fresh_table::<OldOnly>().await?;
    db.put(&Memo {
        id: 1,
        text: "a".into(),
    })
    .await?;
    db.put(&Memo {
        id: 1,
        text: "b".into(),
    })
    .await?;
    db.delete(&Memo::key(1u32)?).await?;
    let mut changes = db.changes(engine.streams_client());
    let batch = changes.next_batch().await?;
    assert_eq!(
        images(&batch.changes),
        [(false, false), (false, true), (false, true)]
    );
    assert!(matches!(
        &batch.changes[1],
        Change::Modify { old: Some(OldOnly::Memo(m)), changed: None, .. } if m.text == "a"
    ));
    Ok(())
}

#[tokio::test]
async fn a_record_that_does_not_decode_is_named_and_can_be_skipped() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db = tracker(&engine).await?;
    db.put(&issue(1, None)).await?;
    // An issue's keys with no title: not an item an Issue decodes from.
    common::put_raw(&db, &[("PK", "ORG#acme"), ("SK", "ISSUE#0000000002")]).await?;
    db.put(&issue(3, None)).await?;
    let mut changes = db.changes(engine.streams_client());
    let batch = changes.next_batch().await?;
    // The shard stops right before the bad record: issue 1 is handed out, the record is named.
    assert_eq!(batch.changes.len(), 1);
    let [bad] = batch.undecodable.as_slice() else {
        panic!("one undecodable record, got {:?}", batch.undecodable);
    };
    assert!(
        matches!(bad.error, dynakey_runtime::Error::Decode { .. }),
        "{:?}",
        bad.error
    );
    let (shard, sequence_number) = (bad.shard.clone(), bad.sequence_number.clone());
    // Not passed over by itself: the next call meets it again, with nothing before it.
    let again = changes.next_batch().await?;
    assert!(again.changes.is_empty());
    assert_eq!(again.undecodable[0].sequence_number, sequence_number);
    changes.skip(&shard, &sequence_number);
    let (rest, _) = drain(&mut changes).await?;
    let numbers: Vec<u32> = rest
        .iter()
        .map(|c| match c.new_item() {
            Some(Tracker::Issue(i)) => i.number,
            other => panic!("an issue, got {other:?}"),
        })
        .collect();
    assert_eq!(numbers, [3]);
    Ok(())
}

#[tokio::test]
async fn a_table_without_a_stream_says_so() -> Result<(), BoxError> {
    #[derive(Table, Debug)]
    #[table(partition_key = "PK", sort_key = "SK")]
    enum Plain {
        Org(PlainOrg),
    }
    #[derive(Entity, Serialize, Deserialize, Debug)]
    #[dynakey(table = Plain)]
    #[pk("ORG#<org>")]
    #[sk("META")]
    struct PlainOrg {
        org: String,
    }
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<Plain>().await?;
    match db.changes(engine.streams_client()).next_batch().await {
        Err(dynakey_runtime::Error::NoStream { table }) => assert_eq!(table, db.table_name()),
        other => panic!("expected NoStream, got {other:?}"),
    }
    Ok(())
}

fn s(text: &str) -> AttributeValue {
    AttributeValue::S(text.to_owned())
}

/// A removal by Time to Live, as DynamoDB records it (its `userIdentity`): the engine here does
/// not expire items on its own, so the record is made in DynamoDB's shape.
#[test]
fn a_ttl_removal_is_told_from_a_delete() -> Result<(), BoxError> {
    let keys: HashMap<String, AttributeValue> = [
        ("PK".to_owned(), s("ORG#acme")),
        ("SK".to_owned(), s("META")),
    ]
    .into();
    let mut old = keys.clone();
    old.insert("org".into(), s("acme"));
    old.insert("name".into(), s("Acme"));
    let record = ChangeRecord::new(EventName::Remove, "400", keys)
        .with_old_image(old)
        .with_ttl_removal();
    match decode::<Tracker>(record, UnknownItems::Error)? {
        Some(Change::Remove {
            cause,
            old: Some(Tracker::Org(org)),
            ..
        }) => {
            assert_eq!(cause, RemoveCause::Expired);
            assert_eq!(org.name, "Acme");
        }
        other => panic!("expected an expiry, got {other:?}"),
    }
    Ok(())
}

#[test]
fn keys_only_records_have_typed_keys_and_no_images() -> Result<(), BoxError> {
    let keys: HashMap<String, AttributeValue> = [
        ("PK".to_owned(), s("ORG#acme")),
        ("SK".to_owned(), s("ISSUE#0000000007")),
    ]
    .into();
    let change = decode::<Tracker>(
        ChangeRecord::new(EventName::Modify, "500", keys),
        UnknownItems::Error,
    )?
    .expect("an issue");
    let Change::Modify {
        key,
        old: None,
        new: None,
        changed: None,
    } = &change
    else {
        panic!("a modify without images, got {change:?}");
    };
    let typed = key.typed::<Issue>().expect("an issue")?;
    assert_eq!(
        Issue::parse_sort_key(typed.sort().unwrap_or_default())?.number,
        7
    );
    assert!(key.typed::<Org>().is_none());
    Ok(())
}

#[test]
fn an_item_of_no_listed_entity_follows_the_policy() -> Result<(), BoxError> {
    let keys: HashMap<String, AttributeValue> =
        [("PK".to_owned(), s("OTHER#1")), ("SK".to_owned(), s("X"))].into();
    let record = ChangeRecord::new(EventName::Insert, "600", keys);
    assert!(matches!(
        decode::<Tracker>(record.clone(), UnknownItems::Error),
        Err(dynakey_runtime::Error::ForeignItem { .. })
    ));
    assert!(decode::<Tracker>(record, UnknownItems::Skip)?.is_none());
    Ok(())
}

/// The documented Lambda event shape (AWS Lambda developer guide, "Using AWS Lambda with Amazon
/// DynamoDB", example event), with a TTL removal's `userIdentity`.
const LAMBDA_EVENT: &str = r#"{
  "Records": [
    {
      "eventID": "1", "eventVersion": "1.1", "eventName": "INSERT", "eventSource": "aws:dynamodb",
      "awsRegion": "us-east-1",
      "eventSourceARN": "arn:aws:dynamodb:us-east-1:123456789012:table/tracker/stream/2026-12-03T00:00:00.000",
      "dynamodb": {
        "ApproximateCreationDateTime": 1764720000,
        "Keys": {"PK": {"S": "ORG#acme"}, "SK": {"S": "ISSUE#0000000001"}},
        "NewImage": {"PK": {"S": "ORG#acme"}, "SK": {"S": "ISSUE#0000000001"},
                     "GSI1PK": {"S": "ASSIGNEE#bob"}, "GSI1SK": {"S": "0000000001"},
                     "org": {"S": "acme"}, "number": {"N": "1"}, "title": {"S": "Login fails"},
                     "assignee": {"S": "bob"}},
        "SequenceNumber": "111", "SizeBytes": 120, "StreamViewType": "NEW_AND_OLD_IMAGES"
      }
    },
    {
      "eventID": "2", "eventVersion": "1.1", "eventName": "REMOVE", "eventSource": "aws:dynamodb",
      "awsRegion": "us-east-1",
      "userIdentity": {"type": "Service", "principalId": "dynamodb.amazonaws.com"},
      "dynamodb": {
        "Keys": {"PK": {"S": "ORG#acme"}, "SK": {"S": "META"}},
        "OldImage": {"PK": {"S": "ORG#acme"}, "SK": {"S": "META"}, "org": {"S": "acme"},
                     "name": {"S": "Acme"}},
        "SequenceNumber": "222", "SizeBytes": 60, "StreamViewType": "NEW_AND_OLD_IMAGES"
      }
    },
    {
      "eventID": "3", "eventVersion": "1.1", "eventName": "MODIFY", "eventSource": "aws:dynamodb",
      "awsRegion": "us-east-1",
      "dynamodb": {
        "Keys": {"PK": {"S": "ORG#acme"}, "SK": {"S": "ISSUE#0000000002"}},
        "NewImage": {"PK": {"S": "ORG#acme"}, "SK": {"S": "ISSUE#0000000002"},
                     "org": {"S": "acme"}, "number": {"N": "2"}, "title": {"S": "Slow"},
                     "assignee": {"NULL": true}},
        "SequenceNumber": "333", "SizeBytes": 60, "StreamViewType": "NEW_AND_OLD_IMAGES"
      }
    }
  ]
}"#;

#[test]
fn a_lambda_event_decodes_into_typed_changes() -> Result<(), BoxError> {
    use dynakey_runtime::changes::lambda;
    let event: lambda::Event = serde_json::from_str(LAMBDA_EVENT)?;
    let decoded = lambda::decode_event::<Tracker>(event, UnknownItems::Error);
    let sequence: Vec<&str> = decoded.iter().map(|c| c.sequence_number.as_str()).collect();
    assert_eq!(sequence, ["111", "222", "333"]);
    let changes: Vec<Change<Tracker>> = decoded
        .into_iter()
        .map(|c| c.change.map(|c| c.expect("an entity's change")))
        .collect::<Result<_, _>>()?;
    assert!(
        matches!(&changes[0], Change::Insert { new: Some(Tracker::Issue(i)), .. } if i.title == "Login fails")
    );
    assert!(matches!(
        &changes[1],
        Change::Remove {
            cause: RemoveCause::Expired,
            old: Some(Tracker::Org(_)),
            ..
        }
    ));
    assert!(matches!(
        &changes[2],
        Change::Modify {
            old: None,
            new: Some(Tracker::Issue(_)),
            changed: None,
            ..
        }
    ));
    Ok(())
}

#[tokio::test]
async fn the_partial_batch_response_names_the_first_record_not_processed() -> Result<(), BoxError> {
    use dynakey_runtime::changes::lambda;
    let event: lambda::Event = serde_json::from_str(LAMBDA_EVENT)?;
    let mut handled = Vec::new();
    let response = lambda::process::<Tracker, _, _, _>(event, UnknownItems::Error, |change| {
        let failing = matches!(change, Change::Remove { .. });
        handled.push(change.key().sequence_number().to_owned());
        async move {
            if failing {
                Err("the archive is down".to_owned())
            } else {
                Ok(())
            }
        }
    })
    .await;
    // The failed record and everything after it are delivered again; nothing after it was handled.
    assert_eq!(handled, ["111", "222"]);
    let json = serde_json::to_value(&response)?;
    assert_eq!(
        json,
        serde_json::json!({"batchItemFailures": [{"itemIdentifier": "222"}]})
    );

    let event: lambda::Event = serde_json::from_str(LAMBDA_EVENT)?;
    let response =
        lambda::process::<Tracker, _, _, _>(event, UnknownItems::Error, |_| async {}).await;
    assert!(response.batch_item_failures.is_empty());
    Ok(())
}
