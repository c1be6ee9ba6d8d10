//! The request log (`RequestLog`, docs/semantics.md §8): every request a
//! `Db` sends — writes, reads, batches, transactions — as rendered, with its outcome; a request
//! refused before sending leaves no entry; a resend by the retry policy is an entry of its own.

use crate::common;

use dynakey::{Entity, Table, UpdateBuilder};
use dynakey_runtime::{
    Db, Error, LoggedRequest, RequestInput, RequestLog, RequestOutcome, RetryPolicy,
    TransactionRefusal,
};
use futures::TryStreamExt;
use serde::{Deserialize, Serialize};

use common::fault_proxy::{FaultMix, FaultProxy};
use common::{BoxError, TestEngine};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
struct App;

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = App)]
#[pk("PROJ#<project>")]
#[sk("TASK#<id>")]
struct Task {
    project: String,
    id: u32,
    title: String,
    votes: u32,
}

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = App)]
#[unique("email")]
#[pk("USER#<id>")]
#[sk("META")]
struct User {
    id: String,
    email: String,
}

fn task(id: u32) -> Task {
    Task {
        project: "p1".into(),
        id,
        title: format!("task {id}"),
        votes: 0,
    }
}

/// An engine, a fresh table, a handle on it that records into a new log (empty: the table was
/// made before the log was given).
async fn logged() -> Result<(TestEngine, Db<App>, RequestLog), BoxError> {
    let engine = TestEngine::start().await?;
    let log = RequestLog::new();
    let db = engine.fresh_table::<App>().await?.with_request_log(&log);
    Ok((engine, db, log))
}

fn operations(sent: &[LoggedRequest]) -> Vec<&'static str> {
    sent.iter().map(LoggedRequest::operation).collect()
}

#[tokio::test]
async fn every_write_is_logged_as_rendered_with_its_outcome() -> Result<(), BoxError> {
    let (_engine, db, log) = logged().await?;
    assert_eq!(log.count(), 0, "making the table is not in the log");

    db.create(&task(1)).await?;
    db.put(&task(2)).await?;
    db.update(&Task::key("p1", 1u32)?)
        .add(Task::VOTES, 1u32)
        .await?;
    db.delete(&Task::key("p1", 2u32)?).await?;
    db.batch_put(&[task(3), task(4)]).await?;
    let sent = log.take();
    assert_eq!(
        operations(&sent),
        [
            "PutItem",
            "PutItem",
            "UpdateItem",
            "DeleteItem",
            "BatchWriteItem"
        ]
    );
    assert!(
        sent.iter().all(|s| s.outcome == RequestOutcome::Ok),
        "{sent:?}"
    );
    assert!(sent.iter().all(|s| s.input.is_write()));
    assert!(sent[..4]
        .iter()
        .all(|s| s.input.table_name() == Some(db.table_name())));

    // The request as rendered: the create's condition, the update's expression, the item.
    let create = sent[0].input.as_put_item().ok_or("a PutItem")?;
    assert_eq!(
        create.condition_expression(),
        Some("attribute_not_exists(#PK)")
    );
    let item = create.item().ok_or("an item")?;
    assert_eq!(item["PK"].as_s().ok().map(String::as_str), Some("PROJ#p1"));
    assert_eq!(
        item["title"].as_s().ok().map(String::as_str),
        Some("task 1")
    );
    let update = sent[2].input.as_update_item().ok_or("an UpdateItem")?;
    assert_eq!(
        update.update_expression(),
        Some("SET #votes = #votes + :votes")
    );
    let batch = sent[4]
        .input
        .as_batch_write_item()
        .ok_or("a BatchWriteItem")?;
    let writes = batch
        .request_items()
        .and_then(|tables| tables.get(db.table_name()))
        .map_or(0, Vec::len);
    assert_eq!(writes, 2);

    // A refused write is logged with DynamoDB's error code.
    let again = db.create(&task(1)).await;
    assert!(
        matches!(again, Err(Error::AlreadyExists { .. })),
        "{again:?}"
    );
    let sent = log.take();
    assert_eq!(operations(&sent), ["PutItem"]);
    assert_eq!(
        sent[0].outcome.code(),
        Some("ConditionalCheckFailedException")
    );

    // Reads too.
    db.get(&Task::key("p1", 1u32)?).await?;
    let _: Vec<Task> = db
        .query(&Task::query("p1").begins_with(Task::sk()))
        .items()
        .try_collect()
        .await?;
    let sent = log.take();
    assert_eq!(operations(&sent), ["GetItem", "Query"]);
    let query = sent[1].input.as_query().ok_or("a Query")?;
    assert_eq!(
        query.key_condition_expression(),
        Some("#pk = :pk AND begins_with(#sk, :sk)")
    );
    assert!(!sent[1].input.is_write());
    assert_eq!(log.queries().len(), 0, "taken");
    Ok(())
}

#[tokio::test]
async fn a_transaction_refused_before_sending_sends_nothing() -> Result<(), BoxError> {
    let (_engine, db, log) = logged().await?;
    let twice = db
        .transaction()
        .put(db.put(&task(1)))
        .delete(db.delete(&Task::key("p1", 1u32)?))
        .await;
    assert!(
        matches!(
            twice,
            Err(Error::TransactionRefused(
                TransactionRefusal::SameItem { .. }
            ))
        ),
        "{twice:?}"
    );
    let empty = db.transaction().await;
    assert!(
        matches!(
            empty,
            Err(Error::TransactionRefused(TransactionRefusal::Empty))
        ),
        "{empty:?}"
    );
    let too_long = db
        .transaction()
        .put(db.put(&task(1)))
        .client_request_token("x".repeat(37))
        .await;
    assert!(
        matches!(
            too_long,
            Err(Error::TransactionRefused(
                TransactionRefusal::ClientRequestToken { .. }
            ))
        ),
        "{too_long:?}"
    );
    assert!(log.sent().is_empty(), "{:?}", log.sent());
    Ok(())
}

#[tokio::test]
async fn a_transaction_refused_by_dynamodb_is_one_request_and_its_outcome() -> Result<(), BoxError>
{
    let (_engine, db, log) = logged().await?;
    db.put(&task(2)).await?;
    log.take();
    let result = db
        .transaction()
        .put(db.create(&task(1)))
        .put(db.create(&task(2))) // already there
        .client_request_token("refused-by-dynamodb")
        .await;
    assert!(
        matches!(result, Err(Error::TransactionCanceled(_))),
        "{result:?}"
    );
    let sent = log.sent();
    assert_eq!(operations(&sent), ["TransactWriteItems"], "{sent:?}");
    assert_eq!(sent[0].outcome.code(), Some("TransactionCanceledException"));
    let RequestInput::TransactWriteItems(input) = &sent[0].input else {
        return Err(format!("expected TransactWriteItems, got {:?}", sent[0].input).into());
    };
    assert_eq!(input.transact_items().len(), 2);
    assert_eq!(input.client_request_token(), Some("refused-by-dynamodb"));
    Ok(())
}

#[tokio::test]
async fn a_unique_create_is_one_transaction_and_a_taken_value_one_more() -> Result<(), BoxError> {
    let (_engine, db, log) = logged().await?;
    let ann = User {
        id: "u1".into(),
        email: "ann@example.com".into(),
    };
    db.create(&ann).await?;
    let taken = db
        .create(&User {
            id: "u2".into(),
            ..ann.clone()
        })
        .await;
    assert!(matches!(taken, Err(Error::NotUnique { .. })), "{taken:?}");
    let sent = log.sent();
    assert_eq!(
        operations(&sent),
        ["TransactWriteItems", "TransactWriteItems"]
    );
    assert_eq!(sent[0].outcome, RequestOutcome::Ok);
    assert_eq!(sent[1].outcome.code(), Some("TransactionCanceledException"));
    Ok(())
}

#[tokio::test]
async fn clones_share_the_log_and_the_original_handle_does_not_record() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let plain = engine.fresh_table::<App>().await?;
    let log = RequestLog::new();
    let db = plain.clone().with_request_log(&log);
    plain.put(&task(1)).await?;
    assert_eq!(log.count(), 0);
    db.clone().put(&task(2)).await?;
    assert_eq!(log.operations(), ["PutItem"]);
    Ok(())
}

#[tokio::test]
async fn a_resend_by_the_retry_policy_is_an_entry_of_its_own() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let direct = engine.fresh_table::<App>().await?;
    // Every PutItem throttled on its first send, passed on its second.
    let mix = FaultMix::none()
        .throttle(1.0)
        .only(&["PutItem"])
        .first_send_only();
    let proxy = FaultProxy::start(&engine.endpoint().await?, 7, mix).await?;
    let log = RequestLog::new();
    let db = Db::<App>::new(proxy.client(), direct.table_name())
        .with_retry_policy(RetryPolicy {
            base: std::time::Duration::from_millis(1),
            cap: std::time::Duration::from_millis(2),
            max_attempts: 3,
        })
        .with_request_log(&log);
    db.put(&task(1)).await?;
    let sent = log.sent();
    assert_eq!(operations(&sent), ["PutItem", "PutItem"], "{sent:?}");
    assert!(
        // The proxy throttles with either of DynamoDB's two throttling codes.
        matches!(&sent[0].outcome, RequestOutcome::Failed { code: Some(code), .. }
            if code == "ThrottlingException" || code == "ProvisionedThroughputExceededException"),
        "{:?}",
        sent[0].outcome
    );
    assert_eq!(sent[1].outcome, RequestOutcome::Ok);
    assert_eq!(sent[0].input, sent[1].input, "the same request sent again");
    Ok(())
}
