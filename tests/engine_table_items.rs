//! A table that lists its entities (`#[derive(Table)]` on an enum, docs/semantics.md §4, "A table's
//! entities"): reads of one entity pass over the items of the others without an error and without
//! counting them against `limit(n)`; reads of the table's items decode each item as its own
//! entity. The issue tracker of the README: an org, its users, its issues and each issue's
//! comments in one partition, the comments' sort keys extending their issue's.

use crate::common;

use dynakey::{Entity, ListedEntity, Table, TableItem};
use dynakey_runtime::{Db, Error, UnknownItems};
use futures::TryStreamExt;
use serde::{Deserialize, Serialize};

use std::collections::HashSet;
use std::time::Duration;

use common::fault_proxy::{FaultMix, FaultProxy};
use common::{fresh, put_raw, BoxError, TestEngine};
use dynakey_runtime::RetryPolicy;

#[derive(Table, Debug, PartialEq)]
#[table(partition_key = "PK", sort_key = "SK")]
enum Tracker {
    Org(Org),
    User(User),
    Issue(Issue),
    Comment(Comment),
}

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Tracker)]
#[pk("ORG#<org>")]
#[sk("META")]
struct Org {
    org: String,
    name: String,
}

/// One email per user in an org: a uniqueness item each, outside the org's partition.
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
struct Issue {
    org: String,
    number: u32,
    open: bool,
}

/// Under its issue: `ISSUE#<number>#C#<seq>` extends `ISSUE#<number>`.
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Tracker)]
#[pk("ORG#<org>")]
#[sk("ISSUE#<number>#C#<seq>")]
struct Comment {
    org: String,
    number: u32,
    seq: u32,
    text: String,
}

/// `issues` issues in org `acme`, issue `n` with `n % 4` comments; one org item, three users.
async fn tracker(issues: u32) -> Result<(TestEngine, Db<Tracker>, u32), BoxError> {
    let (engine, db) = fresh::<Tracker>().await?;
    let org = || "acme".to_owned();
    db.put(&Org {
        org: org(),
        name: "Acme".into(),
    })
    .await?;
    for user in ["ada", "bob", "cy"] {
        db.create(&User {
            org: org(),
            user: user.into(),
            email: format!("{user}@acme.test"),
        })
        .await?;
    }
    let all: Vec<Issue> = (0..issues)
        .map(|number| Issue {
            org: org(),
            number,
            open: number % 3 != 0,
        })
        .collect();
    db.batch_put(&all).await?;
    let comments: Vec<Comment> = (0..issues)
        .flat_map(|number| {
            (0..number % 4).map(move |seq| Comment {
                org: "acme".into(),
                number,
                seq,
                text: format!("c{seq}"),
            })
        })
        .collect();
    db.batch_put(&comments).await?;
    Ok((engine, db, comments.len() as u32))
}

#[test]
fn the_table_lists_its_entities_and_their_nesting() {
    let names: Vec<&str> = Tracker::ENTITIES.iter().map(ListedEntity::name).collect();
    assert_eq!(names, ["Org", "User", "Issue", "Comment"]);
    assert_eq!(ListedEntity::nesting(Tracker::ENTITIES), [(3, 2)]);
    let position =
        ListedEntity::recognise(Tracker::ENTITIES, "ORG#acme", Some("USER#ada"), |_| None);
    assert_eq!(position, Ok(Some(1)));
    let none = ListedEntity::recognise(Tracker::ENTITIES, "ORG#acme", Some("TEAM#x"), |_| None);
    assert_eq!(none, Ok(None));
}

/// Listing issues, whose sort-key range holds the comments, without `unknown_items`: every page
/// of `n` holds `n` issues until the last, and the comments never count.
#[tokio::test]
async fn pages_of_one_entity_are_full_with_nested_children() -> Result<(), BoxError> {
    let (_engine, db, comments) = tracker(60).await?;
    assert!(comments > 50);
    for size in [1u32, 2, 5, 7, 60] {
        let mut cursor = None;
        let mut seen = Vec::new();
        loop {
            let page = db
                .query(&Issue::query("acme").limit(size))
                .page(cursor.as_ref())
                .await?;
            assert_eq!(page.unknown_count, 0, "comments are not unknown items");
            if page.next.is_some() {
                assert_eq!(
                    page.items.len() as u32,
                    size,
                    "a page before the last is full"
                );
            }
            seen.extend(page.items.iter().map(|i| i.number));
            match page.next {
                Some(next) => cursor = Some(next),
                None => break,
            }
        }
        assert_eq!(seen, (0..60).collect::<Vec<_>>(), "page size {size}");
    }
    // The stream too, newest first, with a filter on the open ones.
    let open: Vec<Issue> = db
        .query(&Issue::query("acme").reverse())
        .filter(Issue::OPEN.eq(true))
        .items()
        .try_collect()
        .await?;
    let expected: Vec<u32> = (0..60).rev().filter(|n| n % 3 != 0).collect();
    assert_eq!(open.iter().map(|i| i.number).collect::<Vec<_>>(), expected);
    Ok(())
}

/// The whole partition as the table's items, in sort-key order, each its own variant.
#[tokio::test]
async fn a_partition_reads_as_the_tables_items() -> Result<(), BoxError> {
    let (_engine, db, comments) = tracker(12).await?;
    let items: Vec<Tracker> = db
        .query(&Org::query("acme"))
        .table_items()
        .items()
        .try_collect()
        .await?;
    assert_eq!(items.len() as u32, 1 + 3 + 12 + comments);
    // Sort-key order: ISSUE#… (each issue followed by its comments), META, USER#….
    assert!(matches!(&items[0], Tracker::Issue(i) if i.number == 0));
    assert!(matches!(&items[1], Tracker::Issue(i) if i.number == 1));
    assert!(matches!(&items[2], Tracker::Comment(c) if c.number == 1 && c.seq == 0));
    let org_at = items.iter().position(|i| matches!(i, Tracker::Org(_)));
    assert_eq!(org_at, Some(items.len() - 4));
    assert!(matches!(items.last(), Some(Tracker::User(u)) if u.user == "cy"));
    assert_eq!(items[0].entity_name(), "Issue");

    // Full pages of the table's items with cursors.
    let mut cursor = None;
    let mut count = 0;
    loop {
        let page = db
            .query(&Org::query("acme").limit(5))
            .table_items()
            .page(cursor.as_ref())
            .await?;
        count += page.items.len();
        match page.next {
            Some(next) => {
                assert_eq!(page.items.len(), 5);
                cursor = Some(next);
            }
            None => break,
        }
    }
    assert_eq!(count, items.len());
    Ok(())
}

/// An item of no listed entity still follows `unknown_items`: an error by default, naming it.
#[tokio::test]
async fn an_item_of_no_listed_entity_is_still_an_error() -> Result<(), BoxError> {
    let (_engine, db, _) = tracker(3).await?;
    put_raw(&db, &[("PK", "ORG#acme"), ("SK", "ISSUE#stray")]).await?;
    let read: Result<Vec<Issue>, Error> =
        db.query(&Issue::query("acme")).items().try_collect().await;
    assert!(
        matches!(&read, Err(Error::ForeignItem { sort: Some(s), .. }) if s == "ISSUE#stray"),
        "{read:?}"
    );
    let read: Result<Vec<Tracker>, Error> = db
        .query(&Org::query("acme"))
        .table_items()
        .items()
        .try_collect()
        .await;
    assert!(matches!(read, Err(Error::ForeignItem { .. })), "{read:?}");
    let skipped: Vec<Tracker> = db
        .query(&Org::query("acme"))
        .table_items()
        .unknown_items(UnknownItems::Skip)
        .items()
        .try_collect()
        .await?;
    assert_eq!(skipped.len(), 1 + 3 + 3 + 3);
    Ok(())
}

/// A scan of 10,000 mixed items returns each once, as its own variant.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_scan_returns_every_item_once_as_its_own_entity() -> Result<(), BoxError> {
    let (engine, db) = fresh::<Tracker>().await?;
    let orgs = if engine.is_embedded() { 100 } else { 10 };
    let mut issues = Vec::new();
    let mut comments = Vec::new();
    let mut users = Vec::new();
    let mut org_items = Vec::new();
    for o in 0..orgs {
        let org = format!("org{o:03}");
        org_items.push(Org {
            org: org.clone(),
            name: org.clone(),
        });
        for user in ["u", "v"] {
            users.push(User {
                org: org.clone(),
                user: user.into(),
                email: format!("{user}@{org}"),
            });
        }
        for number in 0..49 {
            issues.push(Issue {
                org: org.clone(),
                number,
                open: true,
            });
            for seq in 0..(number % 3) {
                comments.push(Comment {
                    org: org.clone(),
                    number,
                    seq,
                    text: String::new(),
                });
            }
        }
    }
    db.batch_put(&org_items).await?;
    for user in &users {
        db.create(user).await?;
    }
    db.batch_put(&issues).await?;
    db.batch_put(&comments).await?;
    let total = org_items.len() + users.len() + issues.len() + comments.len();
    if engine.is_embedded() {
        assert_eq!(total, 100 + 200 + 4_900 + 4_800);
    }
    let items: Vec<Tracker> = db
        .scan::<Org>()
        .segments(4)
        .table_items()
        .items()
        .try_collect()
        .await?;
    assert_eq!(items.len(), total);
    let mut per_entity = [0usize; 4];
    let mut keys = std::collections::HashSet::new();
    for item in &items {
        per_entity[item.entity()] += 1;
        let key = match item {
            Tracker::Org(o) => o.org.clone(),
            Tracker::User(u) => format!("{}/{}", u.org, u.user),
            Tracker::Issue(i) => format!("{}/{}", i.org, i.number),
            Tracker::Comment(c) => format!("{}/{}/{}", c.org, c.number, c.seq),
        };
        assert!(keys.insert((item.entity(), key)), "each item once");
    }
    assert_eq!(
        per_entity,
        [org_items.len(), users.len(), issues.len(), comments.len()]
    );
    // A scan of one entity passes over the others.
    let only_users: Vec<User> = db.scan::<User>().items().try_collect().await?;
    assert_eq!(only_users.len(), users.len());
    Ok(())
}

/// An issue and its comments in one Query, as the table's items and as a collection.
#[tokio::test]
async fn an_issue_with_its_comments_is_one_query() -> Result<(), BoxError> {
    let (_engine, db, _) = tracker(12).await?;
    let query = Issue::query("acme").with_nested(Issue::sk().number(7));
    let plan = query.plan()?;
    assert_eq!(
        plan.input(0).key_condition_expression,
        "#pk = :pk AND begins_with(#sk, :sk)"
    );
    let items: Vec<Tracker> = db.query(&query).table_items().items().try_collect().await?;
    assert_eq!(items.len(), 1 + 7 % 4);
    assert!(matches!(&items[0], Tracker::Issue(i) if i.number == 7));
    assert!(items[1..]
        .iter()
        .all(|i| matches!(i, Tracker::Comment(c) if c.number == 7)));

    #[derive(dynakey::Collection, Debug)]
    struct IssueView {
        issue: Issue,
        comments: Vec<Comment>,
    }
    let view = db.query(&query).collection::<IssueView>().await?.collection;
    assert_eq!(view.issue.number, 7);
    assert_eq!(view.comments.len(), 3);
    Ok(())
}

/// The keys of the partition `ORG#<org>` stored now, and the uniqueness items' keys.
async fn stored(db: &Db<Tracker>) -> Result<(HashSet<(String, String)>, usize), BoxError> {
    let mut keys = HashSet::new();
    let mut unique = 0;
    for item in common::scan(db.client(), db.table_name()).await? {
        let text = |name: &str| item.get(name).and_then(|v| v.as_s().ok()).cloned();
        let (Some(pk), Some(sk)) = (text("PK"), text("SK")) else {
            return Err("an item without keys".into());
        };
        if pk.starts_with("UNIQUE#") {
            unique += 1;
        } else {
            keys.insert((pk, sk));
        }
    }
    Ok((keys, unique))
}

/// `delete_all` of an org's partition deletes every listed entity's items (the users' with their
/// uniqueness items, one transaction each) and reports the count; an item of no listed entity
/// stops it before any delete.
#[tokio::test]
async fn delete_all_deletes_every_entity_of_a_partition() -> Result<(), BoxError> {
    let (_engine, db, comments) = tracker(20).await?;
    db.put(&Org {
        org: "other".into(),
        name: "Other".into(),
    })
    .await?;
    let (before, unique_before) = stored(&db).await?;
    assert_eq!(unique_before, 3);

    put_raw(&db, &[("PK", "ORG#acme"), ("SK", "TEAM#stray")]).await?;
    let refused = db.delete_all(&Issue::query("acme")).await;
    match &refused {
        Err(Error::ForeignItem {
            sort, operation, ..
        }) => {
            assert_eq!(sort.as_deref(), Some("TEAM#stray"));
            assert_eq!(*operation, "delete_all");
        }
        other => return Err(format!("expected ForeignItem, got {other:?}").into()),
    }
    let message = refused.err().map(|e| e.to_string()).unwrap_or_default();
    assert!(!message.contains("  "), "no runs of spaces: {message}");
    assert!(
        message.contains("deleted nothing") && message.contains("table's enum"),
        "it says nothing was deleted and what delete_all can do: {message}"
    );
    assert_eq!(
        stored(&db).await?.0.len(),
        before.len() + 1,
        "nothing deleted"
    );
    db.client()
        .delete_item()
        .table_name(db.table_name())
        .key(
            "PK",
            aws_sdk_dynamodb::types::AttributeValue::S("ORG#acme".into()),
        )
        .key(
            "SK",
            aws_sdk_dynamodb::types::AttributeValue::S("TEAM#stray".into()),
        )
        .send()
        .await?;

    let mut progress = 0;
    let report = db
        .delete_all(&Issue::query("acme"))
        .on_progress(|n| progress += n)
        .await?;
    assert_eq!(report.items as u32, 1 + 3 + 20 + comments);
    assert_eq!(
        report.uniqueness_items, 3,
        "the users' emails, counted apart"
    );
    assert_eq!(progress, report.items);
    let (after, unique_after) = stored(&db).await?;
    assert_eq!(
        unique_after, 0,
        "the users' uniqueness items went with them"
    );
    let kept: HashSet<_> = before
        .iter()
        .filter(|(pk, _)| pk != "ORG#acme")
        .cloned()
        .collect();
    assert_eq!(after, kept, "only the org's partition is deleted");
    Ok(())
}

/// `delete_all` of a mixed partition of 5,000 items through a proxy that injects faults: every
/// failed call's account names exactly what it did not delete, and calling again until it
/// succeeds deletes the partition and nothing else.
///
/// Seed after seed (at most ten) until some call has failed: at the smaller scale of a server
/// engine (1,000 items, 40 batch requests) a seed can get through within the retry budget.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn delete_all_of_a_mixed_partition_accounts_for_every_item_under_faults(
) -> Result<(), BoxError> {
    let mut failed = 0;
    for seed in 7..17 {
        failed += delete_all_under_faults(seed).await?;
        if failed > 0 {
            break;
        }
    }
    assert!(
        failed > 0,
        "no call failed in ten seeds: the account went untested"
    );
    Ok(())
}

/// One seed of the test above: the calls that failed with an account, each checked.
async fn delete_all_under_faults(seed: u64) -> Result<u32, BoxError> {
    let (engine, direct) = fresh::<Tracker>().await?;
    // 1 org + 24 users + 1,975 issues + 3,000 comments = 5,000 items in ORG#acme.
    let (issues, users) = if engine.is_embedded() {
        (1_975, 24)
    } else {
        (395, 4)
    };
    direct
        .put(&Org {
            org: "acme".into(),
            name: "Acme".into(),
        })
        .await?;
    for u in 0..users {
        direct
            .create(&User {
                org: "acme".into(),
                user: format!("u{u:02}"),
                email: format!("u{u}@acme.test"),
            })
            .await?;
    }
    let all: Vec<Issue> = (0..issues)
        .map(|number| Issue {
            org: "acme".into(),
            number,
            open: true,
        })
        .collect();
    direct.batch_put(&all).await?;
    let comments: Vec<Comment> = (0..issues)
        .flat_map(|number| {
            let n = if number < issues * 1_025 / 1_975 {
                2
            } else {
                1
            };
            (0..n).map(move |seq| Comment {
                org: "acme".into(),
                number,
                seq,
                text: String::new(),
            })
        })
        .collect();
    direct.batch_put(&comments).await?;
    direct
        .put(&Org {
            org: "other".into(),
            name: "Other".into(),
        })
        .await?;
    let (before, _) = stored(&direct).await?;
    let partition = |keys: &HashSet<(String, String)>| -> HashSet<(String, String)> {
        keys.iter()
            .filter(|(pk, _)| pk == "ORG#acme")
            .cloned()
            .collect()
    };
    if engine.is_embedded() {
        assert_eq!(partition(&before).len(), 5_000);
    }
    let total = partition(&before).len();

    let mix = FaultMix::none()
        .unprocessed(0.15)
        .throttle(0.08)
        .server_error(0.05)
        .drop_before(0.04)
        .drop_after(0.04)
        .only(&["BatchWriteItem", "TransactWriteItems"]);
    let proxy = FaultProxy::start(&engine.endpoint().await?, seed, mix).await?;
    let db: Db<Tracker> =
        Db::new(proxy.client(), direct.table_name()).with_retry_policy(RetryPolicy {
            base: Duration::from_millis(1),
            cap: Duration::from_millis(4),
            max_attempts: 3,
        });
    let mut maybe_deleted: HashSet<(String, String)> = HashSet::new();
    let (mut calls, mut failed) = (0, 0);
    loop {
        calls += 1;
        assert!(calls <= 200, "no end after 200 calls");
        let asked = partition(&stored(&direct).await?.0);
        let result = db.delete_all(&Issue::query("acme")).await;
        let now = partition(&stored(&direct).await?.0);
        match result {
            Ok(report) => {
                assert_eq!(report.items, asked.len());
                break;
            }
            Err(Error::BatchWrite(failure)) => {
                failed += 1;
                let key = |e: &dynakey_runtime::BatchEntry| {
                    (e.partition.clone(), e.sort.clone().unwrap_or_default())
                };
                let not_applied: HashSet<_> = failure.not_applied.iter().map(key).collect();
                let unknown: HashSet<_> = failure.unknown.iter().map(key).collect();
                assert!(not_applied
                    .iter()
                    .chain(&unknown)
                    .all(|k| asked.contains(k)));
                for k in &asked {
                    if not_applied.contains(k) {
                        if !maybe_deleted.contains(k) {
                            assert!(
                                now.contains(k),
                                "{k:?} is returned as not deleted but is gone"
                            );
                        }
                    } else if !unknown.contains(k) {
                        assert!(
                            !now.contains(k),
                            "{k:?} is not in the account and not deleted"
                        );
                    }
                }
                assert_eq!(
                    failure.report.items,
                    asked.len() - not_applied.len() - unknown.len()
                );
                maybe_deleted.extend(unknown);
            }
            Err(other) => {
                // A failed read stops the call before any delete.
                assert_eq!(
                    now, asked,
                    "a call that failed before deleting deleted nothing: {other}"
                );
            }
        }
    }
    let (after, unique_after) = stored(&direct).await?;
    assert!(
        partition(&after).is_empty(),
        "the whole partition is deleted"
    );
    assert_eq!(unique_after, 0, "every user's uniqueness item is deleted");
    let others: HashSet<_> = before.difference(&partition(&before)).cloned().collect();
    assert_eq!(after, others, "every other item kept");
    common::report(&format!(
        "delete_all of a mixed partition, seed {seed}: {total} items (users with uniqueness \
         items among them) in {calls} calls, {failed} failed with an exact account; proxy: {}",
        proxy.counts()
    ));
    Ok(failed)
}

/// Two listed entities whose templates overlap only for some values: the build accepts them, and
/// a key both own is `Error::Ambiguous` with the build-time message, never a guess.
#[tokio::test]
async fn a_key_two_listed_entities_own_is_ambiguous() -> Result<(), BoxError> {
    #[derive(Table, Debug)]
    #[table(partition_key = "PK", sort_key = "SK")]
    enum Loose {
        Page(Page),
        Part(Part),
    }
    /// `PAGE#<name>` with a text name at the end: a part's key is a page's too, for some values.
    #[derive(Entity, Serialize, Deserialize, Debug)]
    #[dynakey(table = Loose)]
    #[pk("BOOK#<book>")]
    #[sk("PAGE#<name>")]
    struct Page {
        book: String,
        name: String,
    }
    #[derive(Entity, Serialize, Deserialize, Debug)]
    #[dynakey(table = Loose)]
    #[pk("BOOK#<book>")]
    #[sk("PAGE#<name>#P#<n>")]
    struct Part {
        book: String,
        name: String,
        n: u32,
    }
    let (_engine, db) = fresh::<Loose>().await?;
    db.put(&Page {
        book: "b".into(),
        name: "intro".into(),
    })
    .await?;
    let pages: Vec<Page> = db.query(&Page::query("b")).items().try_collect().await?;
    assert_eq!(pages.len(), 1, "no ambiguity while no key fits both");
    db.put(&Part {
        book: "b".into(),
        name: "intro".into(),
        n: 1,
    })
    .await?;
    let read: Result<Vec<Loose>, Error> = db
        .query(&Page::query("b"))
        .table_items()
        .items()
        .try_collect()
        .await;
    let message = match read {
        Err(e @ Error::Ambiguous(_)) => e.to_string(),
        other => return Err(format!("expected Ambiguous, got {other:?}").into()),
    };
    assert!(
        message.contains("`Page` (partition key \"BOOK#<book>\", sort key \"PAGE#<name>\")"),
        "{message}"
    );
    assert!(message.contains("\"PAGE#intro#P#0000000001\""), "{message}");
    Ok(())
}

/// A read that projects attributes (keys only) still tells the listed entities apart: one of them
/// declares an entity-type attribute, which the projection reads for it, and the uniqueness items
/// of a scan are recognised by their keys.
#[tokio::test]
async fn projected_reads_pass_over_the_other_entities() -> Result<(), BoxError> {
    #[derive(Table, Debug)]
    #[table(partition_key = "PK", sort_key = "SK")]
    enum Shop {
        Product(Product),
        Review(Review),
    }
    #[derive(Entity, Serialize, Deserialize, Debug)]
    #[dynakey(table = Shop, entity_type = "_type")]
    #[pk("SHOP#<shop>")]
    #[sk("P#<sku>")]
    #[unique("sku_code")]
    struct Product {
        shop: String,
        sku: u32,
        sku_code: String,
    }
    #[derive(Entity, Serialize, Deserialize, Debug)]
    #[dynakey(table = Shop)]
    #[pk("SHOP#<shop>")]
    #[sk("R#<sku>#<n>")]
    struct Review {
        shop: String,
        sku: u32,
        n: u32,
    }
    let (_engine, db) = fresh::<Shop>().await?;
    for sku in 0..5u32 {
        db.create(&Product {
            shop: "s".into(),
            sku,
            sku_code: format!("code-{sku}"),
        })
        .await?;
        db.put(&Review {
            shop: "s".into(),
            sku,
            n: 0,
        })
        .await?;
    }
    let reviews: Vec<dynakey::Key<Review>> = db
        .query(&Review::query("s"))
        .keys()
        .items()
        .try_collect()
        .await?;
    assert_eq!(reviews.len(), 5);
    let products: Vec<dynakey::Key<Product>> = db
        .query(&Product::query("s"))
        .keys()
        .items()
        .try_collect()
        .await?;
    assert_eq!(products.len(), 5);
    // A scan of reviews' keys meets the products and their uniqueness items: both passed over.
    let scanned: Vec<dynakey::Key<Review>> =
        db.scan::<Review>().keys().items().try_collect().await?;
    assert_eq!(scanned.len(), 5);
    let all: Vec<Shop> = db
        .scan::<Review>()
        .table_items()
        .items()
        .try_collect()
        .await?;
    assert_eq!(all.len(), 10);
    Ok(())
}
