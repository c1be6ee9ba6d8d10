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

use common::{fresh, put_raw, BoxError, TestEngine};

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

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Tracker)]
#[pk("ORG#<org>")]
#[sk("USER#<user>")]
struct User {
    org: String,
    user: String,
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
    let users: Vec<User> = ["ada", "bob", "cy"]
        .iter()
        .map(|u| User {
            org: org(),
            user: (*u).into(),
        })
        .collect();
    db.batch_put(&users).await?;
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
    db.batch_put(&users).await?;
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
