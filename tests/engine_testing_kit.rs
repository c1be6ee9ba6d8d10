//! The test kit (feature `testing`, `dynakey_runtime::testing`): Lambda events built from typed
//! items decode exactly as the records the engine's own stream carries for the same writes, a
//! handler is fed and its partial batch response read, and the view type and TTL expiry are
//! kept (docs/semantics.md §9, "Change streams").

use crate::common;

use dynakey::{Entity, StreamViewType, Table};
use dynakey_runtime::changes::{lambda, Change, Changes, RemoveCause};
use dynakey_runtime::testing::{failures, StreamEvents};
use dynakey_runtime::{Error, UnknownItems};
use serde::{Deserialize, Serialize};

use common::{BoxError, TestEngine};

#[derive(Table, Debug, PartialEq)]
#[table(partition_key = "PK", sort_key = "SK", stream = new_and_old_images)]
#[gsi(ByDue, name = "GSI1", partition_key = "GSI1PK", sort_key = "GSI1SK", projection = all)]
enum Loans {
    Loan(Loan),
    Member(Member),
}

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Loans, version = "version")]
#[pk("MEMBER#<member>")]
#[sk("LOAN#<copy>")]
#[index(ByDue, pk = "DUE", sk = "<due>#<copy>")]
struct Loan {
    member: String,
    copy: u32,
    due: u64,
    version: u64,
}

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Loans)]
#[pk("MEMBER#<member>")]
#[sk("META")]
#[unique("email")]
struct Member {
    member: String,
    email: String,
}

fn loan(due: u64, version: u64) -> Loan {
    Loan {
        member: "m1".into(),
        copy: 7,
        due,
        version,
    }
}

/// A change without its record's position and time: what the kit and the engine must agree on.
fn shape(change: &Change<Loans>) -> String {
    match change {
        Change::Insert { key, new } => format!("INSERT {} {new:?}", key.partition()),
        Change::Modify {
            key,
            old,
            new,
            changed,
        } => format!("MODIFY {} {old:?} {new:?} {changed:?}", key.partition()),
        Change::Remove { key, old, cause } => {
            format!("REMOVE {} {old:?} {cause:?}", key.partition())
        }
        other => format!("{other:?}"),
    }
}

fn decoded(event: lambda::Event) -> Result<Vec<Change<Loans>>, Error> {
    lambda::decode_event::<Loans>(event, UnknownItems::Error)
        .into_iter()
        .filter_map(|c| c.change.transpose())
        .collect()
}

#[tokio::test]
async fn built_events_decode_as_the_engines_stream_records_of_the_same_writes(
) -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<Loans>().await?;
    let member = Member {
        member: "m1".into(),
        email: "m1@example.com".into(),
    };
    db.create(&member).await?;
    let first = db.create(&loan(20261201, 0)).returning_stored().await?;
    let renewed = db
        .put(&Loan {
            due: 20261215,
            ..first.clone()
        })
        .returning_stored()
        .await?;
    db.delete(&Loan::key("m1", 7u32)?)
        .expected_version(renewed.version)
        .await?;
    let mut changes: Changes<Loans> = db.changes(engine.streams_client());
    let mut from_engine = Vec::new();
    for _ in 0..100 {
        let batch = changes.next_batch().await?;
        from_engine.extend(batch.changes);
        if batch.caught_up {
            break;
        }
    }

    let built = StreamEvents::<Loans>::new()
        .insert(&member)
        .insert(&first)
        .modify(&first, &renewed)
        .remove(&renewed)
        .event()?;
    assert_eq!(built.records.len(), 4);
    let from_kit = decoded(built)?;
    assert_eq!(
        from_kit.iter().map(shape).collect::<Vec<_>>(),
        from_engine.iter().map(shape).collect::<Vec<_>>(),
        "the kit's records are the engine's (the member's uniqueness item is not a change)"
    );
    // The renewal moved the loan in the due-date index.
    assert!(
        matches!(&from_kit[2], Change::Modify { changed: Some(c), .. } if c.indexes == ["GSI1"])
    );
    Ok(())
}

#[tokio::test]
async fn a_handler_is_fed_every_record_and_its_failure_is_the_partial_batch_response(
) -> Result<(), BoxError> {
    let events = StreamEvents::<Loans>::new()
        .insert(&loan(1, 1))
        .modify(&loan(1, 1), &loan(2, 2))
        .expire(&loan(2, 2))
        .insert(&loan(3, 1));
    let sequence = events.sequence_numbers();
    assert_eq!(sequence, ["100", "200", "300", "400"]);
    let event = events.event()?;

    // A handler that cannot fail: every record handled, no failure.
    let mut kinds = Vec::new();
    let response =
        lambda::process::<Loans, _, _, _>(event.clone(), UnknownItems::Error, |change| {
            kinds.push(match &change {
                Change::Insert { .. } => "insert",
                Change::Modify { .. } => "modify",
                Change::Remove {
                    cause: RemoveCause::Expired,
                    ..
                } => "expired",
                _ => "other",
            });
            async {}
        })
        .await;
    assert_eq!(kinds, ["insert", "modify", "expired", "insert"]);
    assert!(failures(&response).is_empty());

    // One that fails at the expiry: Lambda is told to resume there.
    let mut handled = 0;
    let response = lambda::process::<Loans, _, _, _>(event, UnknownItems::Error, |change| {
        handled += 1;
        let expired = matches!(change, Change::Remove { .. });
        async move {
            if expired {
                Err("the archive is down")
            } else {
                Ok(())
            }
        }
    })
    .await;
    assert_eq!(handled, 3, "nothing after the failed record is handled");
    assert_eq!(failures(&response), ["300"]);
    Ok(())
}

#[test]
fn the_view_type_decides_the_images_and_a_modify_keeps_its_key() -> Result<(), BoxError> {
    let keys_only = StreamEvents::<Loans>::new()
        .view(StreamViewType::KeysOnly)
        .modify(&loan(1, 1), &loan(2, 2))
        .event()?;
    let change = decoded(keys_only)?;
    assert!(
        matches!(&change[..], [Change::Modify { old: None, new: None, changed: None, key }] if key.entity_name() == "Loan"),
        "{change:?}"
    );
    let new_only = StreamEvents::<Loans>::new()
        .view(StreamViewType::NewImage)
        .remove(&loan(1, 1))
        .insert(&loan(2, 1))
        .event()?;
    let change = decoded(new_only)?;
    assert!(
        matches!(
            &change[..],
            [
                Change::Remove { old: None, .. },
                Change::Insert { new: Some(_), .. }
            ]
        ),
        "{change:?}"
    );

    let moved = Loan {
        copy: 8,
        ..loan(1, 1)
    };
    let refused = StreamEvents::<Loans>::new()
        .insert(&loan(1, 1))
        .modify(&loan(1, 1), &moved)
        .event();
    assert!(
        matches!(&refused, Err(Error::ChangeRecord { sequence_number, .. }) if sequence_number == "200"),
        "{refused:?}"
    );
    Ok(())
}
