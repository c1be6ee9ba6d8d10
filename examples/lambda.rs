//! A Lambda handler fed by a table's DynamoDB stream, and its tests with the test kit (feature
//! `testing`): each loan taken or returned keeps a count on the member, and a record that cannot
//! be applied is named in the partial batch response so that Lambda delivers it again.
//!
//! ```text
//! cargo run --example lambda --features streams   # the handler on events built from typed items
//! cargo test --example lambda --features streams  # its tests
//! ```
//!
//! In a deployed function, `handle` is what the `lambda_runtime` service function calls with the
//! `DynamoDbEvent` it receives, returning the response; the event source mapping must list
//! `ReportBatchItemFailures` in its `FunctionResponseTypes`.

use dynakey::{Entity, Table, UpdateBuilder};
use dynakey_runtime::changes::lambda::{self, DynamoDbEventResponse, Event};
use dynakey_runtime::changes::Change;
use dynakey_runtime::testing::{failures, StreamEvents};
use dynakey_runtime::{Db, Engine, Error, UnknownItems};
use serde::{Deserialize, Serialize};

/// The table and its item type; its stream carries both images of every change.
#[derive(Table, Debug)]
#[table(partition_key = "PK", sort_key = "SK", stream = new_and_old_images)]
enum Library {
    Member(Member),
    Loan(Loan),
}

/// A member and how many copies they have on loan (kept by the handler).
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Library)]
#[pk("MEMBER#<member>")]
#[sk("META")]
struct Member {
    member: String,
    on_loan: i64,
}

/// A copy on loan to a member until `due` (a date, YYYYMMDD).
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Library)]
#[pk("MEMBER#<member>")]
#[sk("LOAN#<copy>")]
struct Loan {
    member: String,
    copy: String,
    due: u32,
}

/// The handler: a loan inserted counts one more on its member, a loan removed (returned, or
/// expired by Time to Live) one less. A change it cannot apply (no such member) fails its record:
/// the response names it, and Lambda delivers it and the rest of the batch again.
async fn handle(db: &Db<Library>, event: Event) -> DynamoDbEventResponse {
    lambda::process::<Library, _, _, _>(event, UnknownItems::Error, |change| {
        let count = match change {
            Change::Insert {
                new: Some(Library::Loan(loan)),
                ..
            } => Some((loan.member, 1)),
            Change::Remove {
                old: Some(Library::Loan(loan)),
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

fn loan(member: &str, copy: &str, due: u32) -> Loan {
    Loan {
        member: member.into(),
        copy: copy.into(),
        due,
    }
}

async fn library() -> Result<(Engine, Db<Library>), Error> {
    let engine = Engine::start().await?;
    let db: Db<Library> = engine.fresh_table().await?;
    db.create(&Member {
        member: "ann".into(),
        on_loan: 0,
    })
    .await?;
    Ok((engine, db))
}

async fn on_loan(db: &Db<Library>, member: &str) -> Result<Option<i64>, Error> {
    let member: Option<Member> = db.get(&Member::key(member)?).consistent_read().await?;
    Ok(member.map(|m| m.on_loan))
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let (_engine, db) = library().await?;
    let dune = loan("ann", "dune-1", 20261220);
    let event = StreamEvents::<Library>::new()
        .insert(&dune)
        .insert(&loan("ann", "emma-2", 20261222))
        .modify(
            &dune,
            &Loan {
                due: 20270105,
                ..dune.clone()
            },
        ) // renewed: no count change
        .remove(&dune)
        .event()?;
    let response = handle(&db, event).await;
    println!(
        "4 records handled, failures: {:?}; ann has {:?} on loan",
        failures(&response),
        on_loan(&db, "ann").await?
    );

    // A loan of a member who does not exist: its record fails and is delivered again.
    let event = StreamEvents::<Library>::new()
        .expire(&loan("ann", "emma-2", 20261222))
        .insert(&loan("bob", "odyssey-1", 20261230))
        .event()?;
    let response = handle(&db, event).await;
    println!(
        "2 records, failures: {:?} (Lambda resumes there); ann has {:?} on loan",
        failures(&response),
        on_loan(&db, "ann").await?
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn loans_taken_and_returned_keep_the_count() -> Result<(), Error> {
        let (_engine, db) = library().await?;
        let one = loan("ann", "dune-1", 20261220);
        let event = StreamEvents::<Library>::new()
            .insert(&one)
            .insert(&loan("ann", "emma-2", 20261222))
            .modify(
                &one,
                &Loan {
                    due: 1,
                    ..one.clone()
                },
            )
            .expire(&one)
            .event()?;
        let response = handle(&db, event).await;
        assert!(failures(&response).is_empty());
        assert_eq!(on_loan(&db, "ann").await?, Some(1));
        Ok(())
    }

    #[tokio::test]
    async fn a_change_that_cannot_be_applied_is_delivered_again() -> Result<(), Error> {
        let (_engine, db) = library().await?;
        let events = StreamEvents::<Library>::new()
            .insert(&loan("ann", "dune-1", 20261220))
            .insert(&loan("bob", "odyssey-1", 20261230))
            .insert(&loan("ann", "emma-2", 20261222));
        let sequence = events.sequence_numbers();
        let response = handle(&db, events.event()?).await;
        // Bob is no member: his record and every later one are delivered again.
        assert_eq!(failures(&response), [sequence[1].as_str()]);
        assert_eq!(
            on_loan(&db, "ann").await?,
            Some(1),
            "the third record waits"
        );
        Ok(())
    }
}
