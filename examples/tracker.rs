//! One table, many entities: an issue tracker in one DynamoDB table, declared as an enum of its
//! entities (`#[derive(Table)] enum Tracker { Org(Org), User(User), Issue(Issue), Comment(Comment) }`).
//!
//! An org's partition `ORG#<org>` holds the org (`META`), its users (`USER#<user>`), its issues
//! (`ISSUE#<number>`) and each issue's comments, whose sort keys extend their issue's
//! (`ISSUE#<number>#C#<seq>`): an issue and its comments are one item collection. The derive
//! checks the four templates together (no two can write the same key) and records the nesting.
//! Issues carry a version and a sparse `GSI1` by assignee.
//!
//! Each step prints what DynamoDB received (from a `RequestLog`):
//! 1. users with a unique email per org (`#[unique("org", "email")]`);
//! 2. a new issue and the org's issue counter bumped in one transaction;
//! 3. a reassignment whose UpdateItem moves the issue in the assignee index;
//! 4. closing an issue with a version check;
//! 5. open issues, newest first, two per page with string cursors — the comments under the issues
//!    are in the range and are passed over without `unknown_items`, so every page is full;
//! 6. an issue with its comments, one Query;
//! 7. the whole partition as the table's items, each its own entity;
//! 8. deleting the org's partition: every entity's items (users with their uniqueness items).
//!
//! ```text
//! cargo run --example tracker          # on the embedded engine
//! cargo run --example tracker -- --aws # on a client configured the usual AWS way: table
//!                                      # dynakey-tracker, created on the first run
//! cargo run --example tracker -- --design DIR  # only write the table's design into DIR
//! cargo run --example tracker -- --design DIR --png  # and its screenshots (headless Chromium)
//! ```
//!
//! `--design DIR` writes the picture of the design (`dynakey_runtime::design`): the entity chart
//! (HTML and Markdown), the org partition drawn as SVG with example items, and a NoSQL Workbench
//! model; nothing is sent to DynamoDB.

use dynakey::{Cursor, Entity, ListedEntity, Table, TableItem, UpdateBuilder};
use dynakey_runtime::design::{Design, DesignError};
use dynakey_runtime::{Db, Engine, Error, LoggedRequest, RequestLog};
use futures::TryStreamExt;
use serde::{Deserialize, Serialize};

type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// The table and its item type: one variant per entity.
#[derive(Table, Debug)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByAssignee, name = "GSI1", partition_key = "GSI1PK", sort_key = "GSI1SK", projection = all)]
enum Tracker {
    Org(Org),
    User(User),
    Issue(Issue),
    Comment(Comment),
}

/// The org itself, with the number of its last issue.
#[derive(Entity, Serialize, Deserialize, Debug)]
#[dynakey(table = Tracker)]
#[pk("ORG#<org>")]
#[sk("META")]
struct Org {
    org: String,
    name: String,
    issues: u32,
}

/// A member of an org; an email is used once per org.
#[derive(Entity, Serialize, Deserialize, Debug)]
#[dynakey(table = Tracker)]
#[pk("ORG#<org>")]
#[sk("USER#<user>")]
#[unique("org", "email")]
struct User {
    org: String,
    user: String,
    email: String,
}

/// An issue: versioned, in `GSI1` under its assignee while it has one.
#[derive(Entity, Serialize, Deserialize, Debug, Clone)]
#[dynakey(table = Tracker, version = "version")]
#[pk("ORG#<org>")]
#[sk("ISSUE#<number>")]
#[index(ByAssignee, pk = "ASSIGNEE#<assignee>", sk = "<number>#<org>")]
struct Issue {
    org: String,
    number: u32,
    title: String,
    open: bool,
    assignee: Option<String>,
    version: u64,
}

/// A comment, nested under its issue: `ISSUE#<number>#C#<seq>` extends `ISSUE#<number>`.
#[derive(Entity, Serialize, Deserialize, Debug)]
#[dynakey(table = Tracker)]
#[pk("ORG#<org>")]
#[sk("ISSUE#<number>#C#<seq>")]
struct Comment {
    org: String,
    number: u32,
    seq: u32,
    text: String,
}

/// The tracker's design: example items of every entity in the org `acme` (issue 10 shows the
/// fixed-width number that keeps it after issue 2), and four access patterns drawn over them.
fn design() -> Result<Design<Tracker>, DesignError> {
    let org = || "acme".to_owned();
    let issue = |number: u32, title: &str, assignee: Option<&str>| Issue {
        org: org(),
        number,
        title: title.into(),
        open: true,
        assignee: assignee.map(str::to_owned),
        version: 1,
    };
    let comment = |number: u32, seq: u32, text: &str| Comment {
        org: org(),
        number,
        seq,
        text: text.into(),
    };
    let user = |user: &str| User {
        org: org(),
        user: user.into(),
        email: format!("{user}@acme.test"),
    };
    Design::new("tracker")?
        .example(&Org {
            org: org(),
            name: "Acme".into(),
            issues: 10,
        })?
        .example(&user("ada"))?
        .example(&user("bob"))?
        .example(&issue(1, "Login fails on Safari", Some("bob")))?
        .example(&comment(1, 1, "Seen on 17.2 too"))?
        .example(&comment(1, 2, "Fixed in 2.4"))?
        .example(&Issue {
            open: false,
            ..issue(2, "Slow search", None)
        })?
        .example(&issue(10, "Dark mode", Some("ada")))?
        .example(&comment(10, 1, "Yes please"))?
        .pattern(
            "issue 1 with its comments",
            &Issue::query("acme").with_nested(Issue::sk().number(1u32)),
        )?
        .pattern(
            "issues 2 through 10",
            &Issue::query("acme").between(Issue::sk().number(2u32), Issue::sk().number(10u32)),
        )?
        .filtered_pattern(
            "open issues 2 through 10",
            &Issue::query("acme").between(Issue::sk().number(2u32), Issue::sk().number(10u32)),
            Issue::OPEN.eq(true),
        )?
        .pattern(
            "the org's users",
            &User::query("acme").begins_with(User::sk()),
        )?
        .pattern("the org's whole partition", &Org::query("acme"))?
        .pattern(
            "the newest issue, comments in range",
            &Issue::query("acme")
                .begins_with(Issue::sk())
                .reverse()
                .limit(2),
        )?
        .pattern("bob's issues", &Issue::query_by_assignee("bob"))
}

/// One line per request the log holds (and empties it): the operation and what decides it.
fn print_sent(log: &RequestLog) {
    for LoggedRequest { input, .. } in log.take() {
        let op = input.operation();
        let line = if let Some(q) = input.as_query() {
            format!(
                "{}KeyConditionExpression {:?}{}{} ScanIndexForward={}",
                q.index_name()
                    .map(|i| format!("IndexName {i:?} "))
                    .unwrap_or_default(),
                q.key_condition_expression().unwrap_or_default(),
                q.filter_expression()
                    .map(|f| format!(" FilterExpression {f:?}"))
                    .unwrap_or_default(),
                q.limit().map(|l| format!(" Limit={l}")).unwrap_or_default(),
                q.scan_index_forward().unwrap_or(true)
            )
        } else if let Some(u) = input.as_update_item() {
            format!(
                "UpdateExpression {:?} ConditionExpression {:?}",
                u.update_expression().unwrap_or_default(),
                u.condition_expression().unwrap_or_default()
            )
        } else if let Some(t) = input.as_transact_write_items() {
            let actions: Vec<&str> = t
                .transact_items()
                .iter()
                .map(|a| {
                    if a.put().is_some() {
                        "Put"
                    } else if a.update().is_some() {
                        "Update"
                    } else if a.delete().is_some() {
                        "Delete"
                    } else {
                        "ConditionCheck"
                    }
                })
                .collect();
            format!("{} actions: {}", actions.len(), actions.join(", "))
        } else if let Some(b) = input.as_batch_write_item() {
            let n: usize = b
                .request_items()
                .map_or(0, |m| m.values().map(Vec::len).sum());
            format!("{n} write requests")
        } else if let Some(p) = input.as_put_item() {
            p.condition_expression()
                .map(|c| format!("ConditionExpression {c:?}"))
                .unwrap_or_else(|| "(unconditional)".to_owned())
        } else if let Some(g) = input.as_get_item() {
            let key: Vec<String> = g
                .key()
                .map(|k| {
                    let mut k: Vec<String> = k
                        .iter()
                        .map(|(n, v)| format!("{n}={}", v.as_s().map_or("?", String::as_str)))
                        .collect();
                    k.sort();
                    k
                })
                .unwrap_or_default();
            key.join(" ")
        } else {
            String::new()
        };
        println!("  -> {op:<18} {line}");
    }
}

fn issue(number: u32, title: &str, assignee: Option<&str>) -> Issue {
    Issue {
        org: "acme".into(),
        number,
        title: title.into(),
        open: true,
        assignee: assignee.map(str::to_owned),
        version: 0,
    }
}

#[tokio::main]
async fn main() -> Result<(), BoxError> {
    let args: Vec<String> = std::env::args().collect();
    if let Some(at) = args.iter().position(|a| a == "--design") {
        let dir = args.get(at + 1).ok_or("--design needs a folder")?;
        // `--png`: the screenshots too, by a headless Chromium or Chrome (Design::write_png).
        let written = if args.iter().any(|a| a == "--png") {
            design()?.write_png(dir.as_ref())?
        } else {
            design()?.write_to(dir.as_ref())?
        };
        for file in written {
            println!("wrote {}", file.display());
        }
        return Ok(());
    }
    let use_aws = args.iter().any(|a| a == "--aws");
    let engine;
    let (client, table_name) = if use_aws {
        let client = dynakey_runtime::connect_from_env().await;
        (client, "dynakey-tracker".to_owned())
    } else {
        engine = Engine::start().await?;
        let table: Db<Tracker> = engine.fresh_table().await?;
        (engine.client(), table.table_name().to_owned())
    };
    let log = RequestLog::new();
    let db: Db<Tracker> = Db::new(client, table_name).with_request_log(&log);
    if use_aws {
        db.ensure_table().await?;
        // The startup check against the design the table records (written by the first run's
        // ensure_table): a binary behind it stops here, before serving.
        let status = db.check_design().await?;
        println!(
            "design: {:?}, {} difference(s)",
            status.state,
            status.differences.len()
        );
        // A run before this one left its org behind only if it stopped half way: start clean.
        db.delete_all(&Org::query("acme")).await?;
    }
    log.take();

    let names: Vec<&str> = Tracker::ENTITIES.iter().map(ListedEntity::name).collect();
    println!("table {} lists {}", db.table_name(), names.join(", "));
    for (child, parent) in ListedEntity::nesting(Tracker::ENTITIES) {
        let (c, p) = (&Tracker::ENTITIES[child], &Tracker::ENTITIES[parent]);
        println!(
            "  {} ({}) nests under {} ({})",
            c.name(),
            c.sort_template().map_or("", |t| t.text()),
            p.name(),
            p.sort_template().map_or("", |t| t.text())
        );
    }

    println!("\n1. An org and its users; an email is used once per org");
    db.put(&Org {
        org: "acme".into(),
        name: "Acme".into(),
        issues: 0,
    })
    .await?;
    for user in ["ada", "bob"] {
        db.create(&User {
            org: "acme".into(),
            user: user.into(),
            email: format!("{user}@acme.test"),
        })
        .await?;
    }
    print_sent(&log);
    let again = db
        .create(&User {
            org: "acme".into(),
            user: "ada2".into(),
            email: "ada@acme.test".into(),
        })
        .await;
    match again {
        Err(e @ Error::NotUnique { .. }) => println!("  a second ada@acme.test: {e}"),
        other => return Err(format!("expected NotUnique, got {other:?}").into()),
    }
    print_sent(&log);

    println!("\n2. Six issues, each created with the org's counter bumped in one transaction");
    for (number, (title, assignee)) in [
        ("Login fails", Some("ada")),
        ("Slow search", None),
        ("Typo on home page", Some("bob")),
        ("Export to CSV", Some("ada")),
        ("Dark mode", None),
        ("Crash on upload", Some("bob")),
    ]
    .into_iter()
    .enumerate()
    {
        db.transaction()
            .put(db.create(&issue(number as u32 + 1, title, assignee)))
            .update(db.update(&Org::key("acme")?).add(Org::ISSUES, 1u32))
            .await?;
        if number == 0 {
            print_sent(&log);
        }
    }
    log.take();
    for (number, comments) in [(1u32, 3u32), (3, 2), (6, 1)] {
        for seq in 0..comments {
            db.put(&Comment {
                org: "acme".into(),
                number,
                seq,
                text: format!("comment {seq} on issue {number}"),
            })
            .await?;
        }
    }
    let org: Option<Org> = db.get(&Org::key("acme")?).await?;
    println!("  org counter: {:?} issues", org.map(|o| o.issues));
    log.take();

    println!("\n3. Issue 2 assigned to bob: the same UpdateItem writes its GSI1 keys");
    let key2 = Issue::key("acme", 2u32)?;
    db.update(&key2)
        .set(Issue::BY_ASSIGNEE, "bob".to_owned())
        .expected_version(1)
        .await?;
    print_sent(&log);
    let bobs: Vec<Issue> = db
        .query(&Issue::query_by_assignee("bob"))
        .items()
        .try_collect()
        .await?;
    print_sent(&log);
    let numbers: Vec<u32> = bobs.iter().map(|i| i.number).collect();
    println!("  bob's issues: {numbers:?}");

    println!("\n4. Issue 3 closed with a version check; a stale second close is refused");
    let key3 = Issue::key("acme", 3u32)?;
    db.update(&key3)
        .set(Issue::OPEN, false)
        .expected_version(1)
        .await?;
    print_sent(&log);
    match db
        .update(&key3)
        .set(Issue::OPEN, false)
        .expected_version(1)
        .await
    {
        Err(Error::VersionConflict { .. }) => println!("  stale close: VersionConflict"),
        other => return Err(format!("expected a version conflict, got {other:?}").into()),
    }
    log.take();

    println!("\n5. Open issues, newest first, 2 per page, string cursors (comments passed over)");
    let mut cursor: Option<String> = None;
    loop {
        let from: Option<Cursor> = cursor.as_deref().map(str::parse).transpose()?;
        let page = db
            .query(&Issue::query("acme").reverse().limit(2))
            .filter(Issue::OPEN.eq(true))
            .page(from.as_ref())
            .await?;
        let numbers: Vec<u32> = page.items.iter().map(|i| i.number).collect();
        println!(
            "  page {numbers:?} ({} request(s), {} item(s) evaluated)",
            page.requests, page.evaluated
        );
        print_sent(&log);
        match page.next {
            Some(next) => {
                // Every page before the last is full: the comments are not counted.
                if page.items.len() != 2 {
                    return Err(format!("a page of {} before the last", page.items.len()).into());
                }
                cursor = Some(next.to_string());
            }
            None => break,
        }
    }

    println!("\n6. Issue 1 with its comments: one Query");
    let with_comments = Issue::query("acme").with_nested(Issue::sk().number(1u32));
    let items: Vec<Tracker> = db
        .query(&with_comments)
        .table_items()
        .items()
        .try_collect()
        .await?;
    print_sent(&log);
    for item in &items {
        match item {
            Tracker::Issue(i) => println!("  issue {} {:?}", i.number, i.title),
            Tracker::Comment(c) => println!("    comment {}: {:?}", c.seq, c.text),
            Tracker::Org(o) => println!("  org {}", o.org),
            Tracker::User(u) => println!("  user {}", u.user),
        }
    }

    println!("\n7. The whole partition ORG#acme as the table's items");
    let all: Vec<Tracker> = db
        .query(&Org::query("acme"))
        .table_items()
        .items()
        .try_collect()
        .await?;
    print_sent(&log);
    let mut counts: Vec<(&str, usize)> = Vec::new();
    for item in &all {
        match counts.iter_mut().find(|(n, _)| *n == item.entity_name()) {
            Some((_, c)) => *c += 1,
            None => counts.push((item.entity_name(), 1)),
        }
    }
    println!("  {} items in sort-key order: {counts:?}", all.len());

    println!("\n8. Deleting the org: every entity's items in its partition");
    let report = db.delete_all(&Org::query("acme")).await?;
    print_sent(&log);
    println!(
        "  deleted {} items ({} BatchWriteItem request(s); the users one transaction each, with \
         their uniqueness items)",
        report.items, report.requests
    );
    let left: Vec<Tracker> = db
        .query(&Org::query("acme"))
        .table_items()
        .items()
        .try_collect()
        .await?;
    let unique = db
        .find_unique(User::ORG, "acme")
        .and(User::EMAIL, "ada@acme.test")
        .await?;
    println!(
        "  left in the partition: {}; ada@acme.test taken: {}",
        left.len(),
        unique.is_some()
    );
    Ok(())
}

/// The design's checks (tests/engine_design.rs) on this example's own declarations; compiled only
/// when the test binary includes this file.
#[cfg(test)]
mod design_tests {
    use crate::engine_design as check;

    #[test]
    fn workbench_model() {
        check::workbench_model(&super::design().expect("the design"));
    }

    #[test]
    fn the_same_files_every_run() {
        check::deterministic(|| super::design().expect("the design"));
    }

    #[test]
    fn chart_rows_and_columns() {
        check::tracker_chart(&super::design().expect("the design"));
    }

    #[test]
    fn the_svg_draws_items_in_key_order_with_real_keys() {
        check::tracker_svg(&super::design().expect("the design"));
    }

    #[tokio::test]
    async fn ranges_are_what_the_engine_reads() -> Result<(), super::BoxError> {
        check::ranges_match_the_engine(super::design()?).await
    }
}
