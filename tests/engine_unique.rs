//! Unique constraints on the embedded engine (`#[unique("email")]`, `docs/semantics.md` §5):
//! create/put/update/delete/move keep one uniqueness item per constraint in the same
//! transaction; a taken value is `Error::NotUnique`; 16 concurrent creates of one email leave
//! exactly one winner; `find_unique` reads the item holding a value, and a uniqueness item left
//! behind by a write past dynakey is a typed error.

use crate::common;

use aws_sdk_dynamodb::types::AttributeValue;
use dynakey::{Entity, Table, UpdateBuilder};
use dynakey_runtime::{DanglingUnique, Db, Error, TransactionRefusal};
use serde::{Deserialize, Serialize};

use common::{fresh, scan, BoxError};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
struct Accounts;

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Accounts)]
#[pk("USER#<id>")]
#[sk("PROFILE")]
#[unique("email")]
#[unique("org", "handle")]
struct User {
    id: String,
    email: String,
    org: String,
    handle: Option<String>,
}

fn user(id: &str, email: &str) -> User {
    User {
        id: id.into(),
        email: email.into(),
        org: "acme".into(),
        handle: None,
    }
}

/// The partition keys of the uniqueness items in the table, sorted.
async fn uniqueness_items(db: &Db<Accounts>) -> Result<Vec<String>, BoxError> {
    let mut keys: Vec<String> = scan(db.client(), db.table_name())
        .await?
        .into_iter()
        .filter_map(|item| match item.get("PK") {
            Some(AttributeValue::S(pk)) if pk.starts_with("UNIQUE#") => Some(pk.clone()),
            _ => None,
        })
        .collect();
    keys.sort();
    Ok(keys)
}

fn not_unique(result: Result<(), Error>, field: &str) -> Result<(), BoxError> {
    match result {
        Err(Error::NotUnique { entity, fields, .. }) => {
            assert_eq!((entity, fields.join("+").as_str()), ("User", field));
            Ok(())
        }
        other => Err(format!("expected NotUnique {field}, got {other:?}").into()),
    }
}

#[tokio::test]
async fn a_second_item_with_the_same_value_is_not_unique() -> Result<(), BoxError> {
    let (_engine, db) = fresh::<Accounts>().await?;
    db.create(&user("u1", "a@x.io")).await?;
    not_unique(db.create(&user("u2", "a@x.io")).await, "email")?;
    not_unique(db.put(&user("u2", "a@x.io")).await, "email")?;
    assert_eq!(db.get(&User::key("u2")?).await?, None, "nothing written");
    db.create(&user("u2", "b@x.io")).await?;
    // The item itself keeps its own rule: create of an existing key.
    assert!(matches!(
        db.create(&user("u1", "c@x.io")).await,
        Err(Error::AlreadyExists { .. })
    ));
    assert_eq!(
        uniqueness_items(&db).await?,
        vec!["UNIQUE#User#email#a@x.io", "UNIQUE#User#email#b@x.io"],
        "a None field takes part in no uniqueness item"
    );
    Ok(())
}

#[tokio::test]
async fn changing_a_unique_field_moves_its_item_and_delete_removes_it() -> Result<(), BoxError> {
    let (_engine, db) = fresh::<Accounts>().await?;
    db.create(&user("u1", "a@x.io")).await?;
    // update: a SET of the unique field, after a consistent read of the old value.
    db.update(&User::key("u1")?)
        .set(User::EMAIL, "b@x.io")
        .await?;
    db.create(&user("u2", "a@x.io")).await?; // a@ is free again
    not_unique(
        db.update(&User::key("u2")?)
            .set(User::EMAIL, "b@x.io")
            .await,
        "email",
    )?;
    // put: the replaced item's old value is released.
    db.put(&user("u1", "c@x.io")).await?;
    db.create(&user("u3", "b@x.io")).await?;
    // a composite constraint, and REMOVE of one of its fields.
    db.put(&User {
        handle: Some("ann".into()),
        ..user("u1", "c@x.io")
    })
    .await?;
    not_unique(
        db.update(&User::key("u2")?)
            .set(User::HANDLE, Some("ann".to_owned()))
            .await,
        "org+handle",
    )?;
    db.update(&User::key("u1")?).remove(User::HANDLE).await?;
    db.update(&User::key("u2")?)
        .set(User::HANDLE, Some("ann".to_owned()))
        .await?;
    // An update of other fields needs nothing more.
    db.update(&User::key("u2")?).set(User::ORG, "acme").await?;
    // delete
    db.delete(&User::key("u3")?).await?;
    assert_eq!(
        uniqueness_items(&db).await?,
        vec![
            "UNIQUE#User#email#a@x.io",
            "UNIQUE#User#email#c@x.io",
            "UNIQUE#User#org+handle#acme#ann",
        ]
    );
    Ok(())
}

#[tokio::test]
async fn a_transaction_and_a_move_keep_uniqueness_items() -> Result<(), BoxError> {
    let (_engine, db) = fresh::<Accounts>().await?;
    db.create(&user("u1", "a@x.io")).await?;
    // Two new items with one value in one transaction: refused before any request.
    let twice = db
        .transaction()
        .put(db.create(&user("u2", "z@x.io")))
        .put(db.create(&user("u3", "z@x.io")))
        .await;
    assert!(matches!(twice, Err(Error::NotUnique { .. })), "{twice:?}");
    // A transaction naming a taken value: cancelled, with the reason at the action's index.
    let taken = db
        .transaction()
        .put(db.create(&user("u2", "b@x.io")))
        .put(db.create(&user("u3", "a@x.io")))
        .await;
    match taken {
        Err(Error::TransactionCanceled(c)) => {
            assert!(matches!(c.reasons[0], dynakey_runtime::CancelReason::None));
            assert!(
                matches!(&c.reasons[1], dynakey_runtime::CancelReason::NotUnique { fields, .. } if fields == &["email"]),
                "{c}"
            );
        }
        other => return Err(format!("expected a cancellation, got {other:?}").into()),
    }
    assert_eq!(
        uniqueness_items(&db).await?,
        vec!["UNIQUE#User#email#a@x.io"]
    );
    // A move: the uniqueness item follows its owner.
    db.move_to(&User::key("u1")?, &user("u9", "a@x.io")).await?;
    not_unique(db.create(&user("u2", "a@x.io")).await, "email")?;
    db.delete(&User::key("u9")?).await?;
    db.create(&user("u2", "a@x.io")).await?;
    Ok(())
}

#[tokio::test]
async fn sixteen_concurrent_creates_of_one_email_have_one_winner() -> Result<(), BoxError> {
    let (_engine, db) = fresh::<Accounts>().await?;
    let tasks: Vec<_> = (0..16)
        .map(|i| {
            let db = db.clone();
            tokio::spawn(async move { db.create(&user(&format!("u{i}"), "same@x.io")).await })
        })
        .collect();
    let mut won = 0;
    let mut lost = 0;
    for task in tasks {
        match task.await? {
            Ok(()) => won += 1,
            Err(Error::NotUnique { .. }) => lost += 1,
            Err(other) => return Err(format!("unexpected: {other:?}").into()),
        }
    }
    assert_eq!((won, lost), (1, 15));
    assert_eq!(
        uniqueness_items(&db).await?,
        vec!["UNIQUE#User#email#same@x.io"]
    );
    let users = scan(db.client(), db.table_name())
        .await?
        .iter()
        .filter(|i| matches!(i.get("PK"), Some(AttributeValue::S(pk)) if pk.starts_with("USER#")))
        .count();
    assert_eq!(users, 1);
    Ok(())
}

#[tokio::test]
async fn a_move_onto_an_occupied_key_replaces_its_uniqueness_items() -> Result<(), BoxError> {
    let (_engine, db) = fresh::<Accounts>().await?;
    db.create(&user("u1", "a@x.io")).await?;
    db.create(&User {
        handle: Some("bee".into()),
        ..user("u2", "b@x.io")
    })
    .await?;
    // u1 moves onto u2's key: u2 is replaced, as a put replaces, and its values are free.
    db.move_to(&User::key("u1")?, &user("u2", "a@x.io")).await?;
    assert_eq!(db.get(&User::key("u2")?).await?, Some(user("u2", "a@x.io")));
    assert_eq!(db.get(&User::key("u1")?).await?, None);
    assert_eq!(
        uniqueness_items(&db).await?,
        vec!["UNIQUE#User#email#a@x.io"],
        "the replaced item's uniqueness items are gone"
    );
    db.create(&User {
        handle: Some("bee".into()),
        ..user("u3", "b@x.io")
    })
    .await?;
    // A move onto a key whose item holds the moved value already (the same email).
    db.create(&user("u4", "d@x.io")).await?;
    db.move_to(&User::key("u4")?, &user("u2", "a@x.io")).await?;
    assert_eq!(
        uniqueness_items(&db).await?,
        vec![
            "UNIQUE#User#email#a@x.io",
            "UNIQUE#User#email#b@x.io",
            "UNIQUE#User#org+handle#acme#bee",
        ]
    );
    not_unique(db.create(&user("u5", "a@x.io")).await, "email")?;
    db.create(&user("u5", "d@x.io")).await?;
    Ok(())
}

#[tokio::test]
async fn batch_writes_of_a_unique_entity_are_refused_before_any_request() -> Result<(), BoxError> {
    let (_engine, db) = fresh::<Accounts>().await?;
    let users = vec![user("u1", "a@x.io"), user("u2", "a@x.io")];
    match db.batch_put(&users).await {
        Err(Error::UniqueInBatch { entity, operation }) => {
            assert_eq!((entity, operation), ("User", "batch_put"))
        }
        other => return Err(format!("expected UniqueInBatch, got {other:?}").into()),
    }
    assert!(scan(db.client(), db.table_name()).await?.is_empty());
    db.create(&users[0]).await?;
    let keys = vec![User::key("u1")?];
    match db.batch_delete(&keys).await {
        Err(Error::UniqueInBatch { operation, .. }) => assert_eq!(operation, "batch_delete"),
        other => return Err(format!("expected UniqueInBatch, got {other:?}").into()),
    }
    assert_eq!(db.get(&User::key("u1")?).await?, Some(users[0].clone()));
    Ok(())
}

#[tokio::test]
async fn concurrent_puts_of_one_item_retry_a_stale_read_and_leave_one_owner() -> Result<(), BoxError>
{
    let (_engine, db) = fresh::<Accounts>().await?;
    let db = db.with_retry_policy(dynakey_runtime::RetryPolicy {
        base: std::time::Duration::from_millis(1),
        cap: std::time::Duration::from_millis(8),
        max_attempts: 100,
    });
    db.create(&user("u1", "start@x.io")).await?;
    // Unconditional puts of one item: each reads the stored email first; another put between its
    // read and its transaction makes the internal guard fail, which is retried with a fresh read.
    let tasks: Vec<_> = (0..16)
        .map(|i| {
            let db = db.clone();
            tokio::spawn(async move { db.put(&user("u1", &format!("e{i}@x.io"))).await })
        })
        .collect();
    for task in tasks {
        task.await??;
    }
    let stored = db.get(&User::key("u1")?).consistent_read().await?;
    let email = stored.map(|u| u.email).ok_or("u1 is stored")?;
    assert_eq!(
        uniqueness_items(&db).await?,
        vec![format!("UNIQUE#User#email#{email}")],
        "one uniqueness item, the stored value's"
    );
    Ok(())
}

#[tokio::test]
async fn refusals_that_need_no_read_come_before_any_request() -> Result<(), BoxError> {
    // Nothing listens: a read would fail with Error::Sdk.
    let db = common::unsent::<Accounts>("nowhere");
    let mut tx = db.transaction();
    for i in 0..15 {
        tx = tx.put(db.put(&User {
            org: "x".repeat(300 * 1024),
            ..user(&format!("u{i}"), &format!("e{i}@x.io"))
        }));
    }
    match tx.await {
        Err(Error::TransactionRefused(TransactionRefusal::TooLarge { size })) => {
            assert!(size > 4 * 1024 * 1024)
        }
        other => return Err(format!("expected TooLarge, got {other:?}").into()),
    }
    // 60 creates and their 60 uniqueness items.
    let mut tx = db.transaction();
    for i in 0..60 {
        tx = tx.put(db.create(&user(&format!("u{i}"), &format!("e{i}@x.io"))));
    }
    match tx.await {
        Err(Error::TransactionRefused(TransactionRefusal::TooManyActions { count, .. })) => {
            assert_eq!(count, 120)
        }
        other => return Err(format!("expected TooManyActions, got {other:?}").into()),
    }
    // Two puts (which read first) leaving one email in two items.
    let twice = db
        .transaction()
        .put(db.put(&user("u1", "same@x.io")))
        .put(db.put(&user("u2", "same@x.io")))
        .await;
    not_unique(twice.map(|_| ()), "email")?;
    Ok(())
}

#[tokio::test]
async fn a_swap_in_one_transaction_is_two_actions_on_one_uniqueness_item() -> Result<(), BoxError> {
    let (_engine, db) = fresh::<Accounts>().await?;
    db.create(&user("u1", "a@x.io")).await?;
    db.create(&user("u2", "b@x.io")).await?;
    let swap = db
        .transaction()
        .update(
            db.update(&User::key("u1")?)
                .set(User::EMAIL, "b@x.io".to_owned()),
        )
        .update(
            db.update(&User::key("u2")?)
                .set(User::EMAIL, "a@x.io".to_owned()),
        )
        .await;
    match &swap {
        Err(e @ Error::TransactionRefused(TransactionRefusal::SameItem { partition, .. })) => {
            assert!(partition.starts_with("UNIQUE#User#email#"), "{partition}");
            assert!(e.to_string().contains("two transactions"), "{e}");
        }
        other => return Err(format!("expected SameItem, got {other:?}").into()),
    }
    // Free a value and take it: the same.
    let free_and_take = db
        .transaction()
        .delete(db.delete(&User::key("u1")?))
        .put(db.create(&user("u3", "a@x.io")))
        .await;
    assert!(
        matches!(
            free_and_take,
            Err(Error::TransactionRefused(
                TransactionRefusal::SameItem { .. }
            ))
        ),
        "{free_and_take:?}"
    );
    assert_eq!(
        uniqueness_items(&db).await?,
        vec!["UNIQUE#User#email#a@x.io", "UNIQUE#User#email#b@x.io"],
        "nothing written"
    );
    Ok(())
}

#[tokio::test]
async fn find_unique_reads_the_item_that_holds_the_value() -> Result<(), BoxError> {
    let (_engine, db) = fresh::<Accounts>().await?;
    let mut ann = user("u1", "ann@x.io");
    ann.handle = Some("ann".into());
    db.create(&ann).await?;
    db.create(&user("u2", "bob@x.io")).await?;

    // Found, by one field and by a composite constraint (fields in any order).
    assert_eq!(
        db.find_unique(User::EMAIL, "ann@x.io").await?,
        Some(ann.clone())
    );
    assert_eq!(
        db.find_unique(User::HANDLE, Some("ann".to_owned()))
            .and(User::ORG, "acme")
            .await?,
        Some(ann.clone())
    );
    // Not found: no item holds the value; a `None` is in no uniqueness item.
    assert_eq!(db.find_unique(User::EMAIL, "nobody@x.io").await?, None);
    assert_eq!(
        db.find_unique(User::ORG, "acme")
            .and(User::HANDLE, None::<String>)
            .await?,
        None
    );
    // The value follows the item: changed, the old value finds nothing.
    db.update(&User::key("u1")?)
        .set(User::EMAIL, "ann@y.io")
        .await?;
    assert_eq!(db.find_unique(User::EMAIL, "ann@x.io").await?, None);
    let moved = db.find_unique(User::EMAIL, "ann@y.io").await?;
    assert_eq!(moved.map(|u| u.id), Some("u1".to_owned()));

    // Fields that are not exactly one constraint: refused before any request.
    let unsent: Db<Accounts> = common::unsent(db.table_name());
    match unsent.find_unique(User::ORG, "acme").await {
        Err(Error::NoUniqueConstraint { entity, attributes }) => {
            assert_eq!((entity, attributes), ("User", vec!["org"]))
        }
        other => return Err(format!("expected NoUniqueConstraint, got {other:?}").into()),
    }
    common::sent(unsent.find_unique(User::EMAIL, "ann@y.io").await)?;
    Ok(())
}

#[tokio::test]
async fn a_uniqueness_item_naming_a_missing_item_is_a_typed_error() -> Result<(), BoxError> {
    let (_engine, db) = fresh::<Accounts>().await?;
    db.create(&user("u1", "ann@x.io")).await?;
    // The item deleted past dynakey: its uniqueness items stay behind.
    db.client()
        .delete_item()
        .table_name(db.table_name())
        .key("PK", AttributeValue::S("USER#u1".into()))
        .key("SK", AttributeValue::S("PROFILE".into()))
        .send()
        .await?;
    let error = match db.find_unique(User::EMAIL, "ann@x.io").await {
        Err(error) => error,
        other => return Err(format!("expected DanglingUnique, got {other:?}").into()),
    };
    let message = error.to_string();
    let Error::DanglingUnique(dangling) = error else {
        return Err(format!("expected DanglingUnique, got {error:?}").into());
    };
    let DanglingUnique {
        entity,
        fields,
        key,
        owner,
        ..
    } = *dangling;
    assert_eq!((entity, fields), ("User", vec!["email"]));
    assert_eq!(key, "UNIQUE#User#email#ann@x.io");
    assert_eq!(
        owner,
        Some(("USER#u1".to_owned(), Some("PROFILE".to_owned())))
    );
    assert!(message.contains("no item has its owner's key"), "{message}");

    // An owner that no longer holds the value (rewritten past dynakey) is dangling too.
    db.create(&user("u2", "bob@x.io")).await?;
    db.client()
        .update_item()
        .table_name(db.table_name())
        .key("PK", AttributeValue::S("USER#u2".into()))
        .key("SK", AttributeValue::S("PROFILE".into()))
        .update_expression("SET email = :e")
        .expression_attribute_values(":e", AttributeValue::S("other@x.io".into()))
        .send()
        .await?;
    match db.find_unique(User::EMAIL, "bob@x.io").await {
        Err(Error::DanglingUnique(dangling)) => {
            assert_eq!(dangling.reason, "its owner no longer holds the value")
        }
        other => return Err(format!("expected DanglingUnique, got {other:?}").into()),
    }
    Ok(())
}
