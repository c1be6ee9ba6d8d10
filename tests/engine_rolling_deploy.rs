//! A key change during a rolling deploy (docs/semantics.md §10, "A key change during a rolling
//! deploy"), end to end on the tracker's design: issues (versioned, in GSI1 by assignee) and the
//! comments nested under them move from `ISSUE#<number>` / `ISSUE#<number>#C#<seq>` to
//! `I#<number>` / `I#<number>#C#<seq>` through five binaries deployed one after another — old,
//! expand, switch, contract, done — with the backfill after the expand deploy and the cleanup
//! after the contract deploy.
//!
//! At every step the two binaries that may run together write concurrently through the fault
//! proxy (which loses answers before and after the engine applied them); ownership of the items
//! rotates between the writers each round, so every item is written by both binaries and the
//! expected table is known exactly. After each step every read of either binary — each org's
//! partition as a collection, the GSI by assignee, a scan of the whole table — returns exactly
//! the items a table of one version would hold, and the design record refuses the binary the
//! step left behind.

use crate::common;

use std::collections::BTreeMap;

use dynakey::{Collection, Entity, Table, UpdateBuilder};
use dynakey_runtime::{Db, Error, MigrationReport};
use futures::TryStreamExt;
use serde::{Deserialize, Serialize};

use common::engine::Capability;
use common::fault_proxy::{FaultMix, FaultProxy};
use common::{BoxError, TestEngine};

/// An issue as the test's model holds it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct IssueRow {
    pub org: String,
    pub number: u32,
    pub title: String,
    pub assignee: Option<String>,
}

/// A comment as the test's model holds it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct CommentRow {
    pub org: String,
    pub number: u32,
    pub seq: u32,
    pub text: String,
}

/// What a single-version table would hold: issues by (org, number), comments by (org, number,
/// seq).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Model {
    pub issues: BTreeMap<(String, u32), IssueRow>,
    pub comments: BTreeMap<(String, u32, u32), CommentRow>,
}

/// One write of a writer, on an item it owns this round. The issue writes are read-modify-writes
/// as an application does them: the issue read (strongly consistent), the write expecting the
/// version read; a `VersionConflict` reads again.
#[derive(Debug, Clone)]
pub enum Op {
    /// `update` of the title, expecting the version read.
    Retitle {
        org: String,
        number: u32,
        title: String,
    },
    /// `put` of the whole issue as read with another assignee (moves it in GSI1).
    Reassign {
        org: String,
        number: u32,
        assignee: Option<String>,
    },
    /// `create` of a new issue (version 1).
    Open { issue: IssueRow },
    /// `delete` of an issue, expecting the version read.
    Close { org: String, number: u32 },
    /// `create` of a comment.
    Comment { comment: CommentRow },
    /// `delete` of a comment.
    Uncomment { org: String, number: u32, seq: u32 },
}

/// What a binary's reads return, to compare with the model.
#[derive(Debug, Default, PartialEq)]
pub struct Seen {
    pub issues: Vec<IssueRow>,
    pub comments: Vec<CommentRow>,
}

/// One binary of the deploy: its entities (the same names and fields, its own templates and
/// key-change declaration) over the shared table.
macro_rules! binary {
    ($module:ident, $table:ident, [$(#[$issue:meta])*], [$(#[$comment:meta])*]) => {
        // Each binary uses part of what the derive generates for it (and `migrate` only where
        // a step runs one).
        #[allow(dead_code)]
        pub mod $module {
            use super::*;

            #[derive(Table, Debug)]
            #[table(partition_key = "PK", sort_key = "SK")]
            #[gsi(ByAssignee, name = "GSI1", partition_key = "GSI1PK", sort_key = "GSI1SK", projection = all)]
            pub enum $table {
                Issue(Issue),
                Comment(Comment),
            }

            #[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
            #[dynakey(table = $table, version = "version")]
            #[pk("ORG#<org>")]
            $(#[$issue])*
            #[index(ByAssignee, pk = "ASSIGNEE#<assignee>", sk = "<number>#<org>")]
            pub struct Issue {
                pub org: String,
                pub number: u32,
                pub title: String,
                pub assignee: Option<String>,
                pub version: u64,
            }

            #[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
            #[dynakey(table = $table)]
            #[pk("ORG#<org>")]
            $(#[$comment])*
            pub struct Comment {
                pub org: String,
                pub number: u32,
                pub seq: u32,
                pub text: String,
            }

            /// An org's partition: its issues and their comments.
            #[derive(Collection, Debug)]
            pub struct OrgItems {
                pub issues: Vec<Issue>,
                pub comments: Vec<Comment>,
            }

            fn issue(row: &IssueRow) -> Issue {
                Issue {
                    org: row.org.clone(),
                    number: row.number,
                    title: row.title.clone(),
                    assignee: row.assignee.clone(),
                    version: 0,
                }
            }

            fn issue_row(i: Issue) -> IssueRow {
                IssueRow { org: i.org, number: i.number, title: i.title, assignee: i.assignee }
            }

            fn comment_row(c: Comment) -> CommentRow {
                CommentRow { org: c.org, number: c.number, seq: c.seq, text: c.text }
            }

            /// The binary: one `Db` on the shared table.
            #[derive(Clone)]
            pub struct Binary {
                pub db: Db<$table>,
            }

            impl Binary {
                pub fn name() -> &'static str {
                    stringify!($module)
                }

                /// Loads the first items (the old binary, before any change).
                pub async fn load(&self, model: &Model) -> Result<(), BoxError> {
                    // batch_put stores the version it is given: 1, as a create would.
                    let issues: Vec<Issue> = model.issues.values().map(|r| Issue { version: 1, ..issue(r) }).collect();
                    self.db.batch_put(&issues).await?;
                    let comments: Vec<Comment> = model
                        .comments
                        .values()
                        .map(|c| Comment { org: c.org.clone(), number: c.number, seq: c.seq, text: c.text.clone() })
                        .collect();
                    self.db.batch_put(&comments).await?;
                    Ok(())
                }

                /// Sends `op`; `Ok(true)` when it was applied (an answer lost for good is
                /// settled by reading the item, which only this writer writes this round).
                pub async fn apply(&self, op: &Op) -> Result<bool, BoxError> {
                    for _ in 0..10 {
                        let sent: Result<(), Error> = match op {
                            Op::Retitle { org, number, title } => match self.read(org, *number).await? {
                                Some(stored) => self
                                    .db
                                    .update(&Issue::key(org.as_str(), *number)?)
                                    .set(Issue::TITLE, title.clone())
                                    .expected_version(stored.version)
                                    .await
                                    .map(drop),
                                None => return Err(format!("{}: {op:?}: the issue is gone", Self::name()).into()),
                            },
                            Op::Reassign { org, number, assignee } => match self.read(org, *number).await? {
                                Some(stored) => self.db.put(&Issue { assignee: assignee.clone(), ..stored }).await.map(drop),
                                None => return Err(format!("{}: {op:?}: the issue is gone", Self::name()).into()),
                            },
                            Op::Open { issue: row } => self.db.create(&issue(row)).await.map(drop),
                            Op::Close { org, number } => match self.read(org, *number).await? {
                                Some(stored) => self
                                    .db
                                    .delete(&Issue::key(org.as_str(), *number)?)
                                    .expected_version(stored.version)
                                    .await
                                    .map(drop),
                                None => return Err(format!("{}: {op:?}: the issue is gone", Self::name()).into()),
                            },
                            Op::Comment { comment } => self
                                .db
                                .create(&Comment {
                                    org: comment.org.clone(),
                                    number: comment.number,
                                    seq: comment.seq,
                                    text: comment.text.clone(),
                                })
                                .await
                                .map(drop),
                            Op::Uncomment { org, number, seq } => self
                                .db
                                .delete(&Comment::key(org.as_str(), *number, *seq)?)
                                .await
                                .map(drop),
                        };
                        match sent {
                            Ok(()) => return Ok(true),
                            Err(Error::VersionConflict { .. }) => continue,
                            Err(Error::OutcomeUnknown(_)) => return self.settled(op).await,
                            Err(e) => return Err(format!("{}: {op:?}: {e}", Self::name()).into()),
                        }
                    }
                    Err(format!("{}: {op:?}: ten version conflicts", Self::name()).into())
                }

                async fn read(&self, org: &str, number: u32) -> Result<Option<Issue>, BoxError> {
                    Ok(self.db.get(&Issue::key(org, number)?).consistent_read().await?)
                }

                /// Whether `op`, whose answer was lost for good, was applied: the item as
                /// stored says, strongly consistent.
                async fn settled(&self, op: &Op) -> Result<bool, BoxError> {
                    Ok(match op {
                        Op::Retitle { org, number, title } => self.read(org, *number).await?.is_some_and(|s| &s.title == title),
                        Op::Reassign { org, number, assignee } => self.read(org, *number).await?.is_some_and(|s| &s.assignee == assignee),
                        Op::Open { issue: row } => self.read(&row.org, row.number).await?.is_some(),
                        Op::Close { org, number } => self.read(org, *number).await?.is_none(),
                        Op::Comment { comment } => {
                            let stored: Option<Comment> = self.db.get(&Comment::key(comment.org.as_str(), comment.number, comment.seq)?).consistent_read().await?;
                            stored.is_some()
                        }
                        Op::Uncomment { org, number, seq } => {
                            let stored: Option<Comment> = self.db.get(&Comment::key(org.as_str(), *number, *seq)?).consistent_read().await?;
                            stored.is_none()
                        }
                    })
                }

                /// Each org's partition as one collection read.
                pub async fn read_orgs(&self, orgs: &[String]) -> Result<Seen, BoxError> {
                    let mut seen = Seen::default();
                    for org in orgs {
                        let read = self.db.query(&Issue::query(org.as_str())).collection::<OrgItems>().await?;
                        seen.issues.extend(read.collection.issues.into_iter().map(issue_row));
                        seen.comments.extend(read.collection.comments.into_iter().map(comment_row));
                    }
                    seen.issues.sort();
                    seen.comments.sort();
                    Ok(seen)
                }

                /// The issues of `assignee`, from GSI1.
                pub async fn by_assignee(&self, assignee: &str) -> Result<Vec<IssueRow>, BoxError> {
                    let issues: Vec<Issue> = self.db.query(&Issue::query_by_assignee(assignee)).items().try_collect().await?;
                    let mut rows: Vec<IssueRow> = issues.into_iter().map(issue_row).collect();
                    rows.sort();
                    Ok(rows)
                }

                /// The whole table, every item decoded as its entity (an item of no entity
                /// fails the scan).
                pub async fn scan(&self) -> Result<Seen, BoxError> {
                    let items: Vec<$table> = self.db.scan::<Issue>().segments(4).table_items().items().try_collect().await?;
                    let mut seen = Seen::default();
                    for item in items {
                        match item {
                            $table::Issue(i) => seen.issues.push(issue_row(i)),
                            $table::Comment(c) => seen.comments.push(comment_row(c)),
                        }
                    }
                    seen.issues.sort();
                    seen.comments.sort();
                    Ok(seen)
                }

                /// `migrate` of both entities: the backfill (expand) or the cleanup (contract).
                pub async fn migrate(&self) -> Result<MigrationReport, BoxError> {
                    Ok(self.db.migrate::<Issue>().and::<Comment>().segments(4).send().await.map_err(|e| e.to_string())?)
                }

                /// The startup check: `Ok` when this binary may serve.
                pub async fn may_serve(&self) -> Result<bool, BoxError> {
                    match self.db.check_design().await {
                        Ok(_) => Ok(true),
                        Err(Error::DesignBehind { .. }) => Ok(false),
                        Err(e) => Err(e.into()),
                    }
                }
            }
        }
    };
}

binary!(old, TrackerOld, [#[sk("ISSUE#<number>")]], [#[sk("ISSUE#<number>#C#<seq>")]]);
binary!(
    expand,
    TrackerExpand,
    [#[sk("ISSUE#<number>")] #[next(sk = "I#<number>")]],
    [#[sk("ISSUE#<number>#C#<seq>")] #[next(sk = "I#<number>#C#<seq>")]]
);
binary!(
    switch,
    TrackerSwitch,
    [#[sk("I#<number>")] #[previous(sk = "ISSUE#<number>")]],
    [#[sk("I#<number>#C#<seq>")] #[previous(sk = "ISSUE#<number>#C#<seq>")]]
);
binary!(
    contract,
    TrackerContract,
    [#[sk("I#<number>")] #[previous(sk = "ISSUE#<number>", retired)]],
    [#[sk("I#<number>#C#<seq>")] #[previous(sk = "ISSUE#<number>#C#<seq>", retired)]]
);
binary!(done, TrackerDone, [#[sk("I#<number>")]], [#[sk("I#<number>#C#<seq>")]]);

/// The sizes: 10,000 items on the embedded engine (50 orgs × 100 issues, one comment each),
/// 200 on an external engine (moto answers one request at a time, and the test's 4,000 writes
/// and 14 scans would take minutes there).
struct Size {
    orgs: u32,
    issues_per_org: u32,
    ops_per_writer_round: usize,
}

const ROUNDS: usize = 3;
const ASSIGNEES: [&str; 8] = ["ada", "bob", "cy", "dee", "eve", "fay", "gus", "hal"];

fn org_name(o: u32) -> String {
    format!("org{o:02}")
}

fn first_model(size: &Size) -> Model {
    let mut model = Model::default();
    for o in 0..size.orgs {
        for n in 1..=size.issues_per_org {
            let org = org_name(o);
            let assignee = (n % 3 != 0)
                .then(|| ASSIGNEES[(n as usize + o as usize) % ASSIGNEES.len()].to_owned());
            model.issues.insert(
                (org.clone(), n),
                IssueRow {
                    org: org.clone(),
                    number: n,
                    title: format!("issue {n}"),
                    assignee,
                },
            );
            model.comments.insert(
                (org.clone(), n, 1),
                CommentRow {
                    org,
                    number: n,
                    seq: 1,
                    text: format!("first comment on {n}"),
                },
            );
        }
    }
    model
}

/// The writes of writer `w` of `writers` in round `round`: on the issues it owns this round
/// (ownership rotates with the round), each kind of write in turn.
fn ops_for(
    model: &Model,
    size: &Size,
    step: usize,
    round: usize,
    w: usize,
    writers: usize,
    rng: &mut fastrand::Rng,
) -> Vec<Op> {
    let owned: Vec<&IssueRow> = model
        .issues
        .values()
        .filter(|i| (i.number as usize + round + step) % writers == w)
        .collect();
    let mut ops = Vec::new();
    let mut touched = std::collections::BTreeSet::new();
    for k in 0..size.ops_per_writer_round {
        let Some(row) = owned.get(rng.usize(..owned.len().max(1))) else {
            break;
        };
        if !touched.insert((row.org.clone(), row.number)) {
            continue;
        }
        let op = match k % 6 {
            0 | 1 => Op::Retitle {
                org: row.org.clone(),
                number: row.number,
                title: format!("t{step}.{round}.{w}.{k}"),
            },
            2 => Op::Reassign {
                org: row.org.clone(),
                number: row.number,
                assignee: Some(ASSIGNEES[rng.usize(..ASSIGNEES.len())].to_owned())
                    .filter(|_| rng.u8(..4) != 0),
            },
            3 => {
                let seq = model
                    .comments
                    .range(
                        (row.org.clone(), row.number, 0)..=(row.org.clone(), row.number, u32::MAX),
                    )
                    .map(|(k, _)| k.2)
                    .max()
                    .unwrap_or(0)
                    + 1;
                Op::Comment {
                    comment: CommentRow {
                        org: row.org.clone(),
                        number: row.number,
                        seq,
                        text: format!("c{step}.{round}.{w}.{k}"),
                    },
                }
            }
            4 => match model
                .comments
                .range((row.org.clone(), row.number, 0)..=(row.org.clone(), row.number, u32::MAX))
                .next()
            {
                Some((key, _)) => Op::Uncomment {
                    org: key.0.clone(),
                    number: key.1,
                    seq: key.2,
                },
                None => continue,
            },
            _ => {
                // Close an issue without comments, or open a new one in this org.
                let has_comments = model
                    .comments
                    .range(
                        (row.org.clone(), row.number, 0)..=(row.org.clone(), row.number, u32::MAX),
                    )
                    .next()
                    .is_some();
                if has_comments {
                    // A number no other writer opens: above the loaded ones, one per (step,
                    // round, writer, op).
                    let number =
                        1_000_000 + (step * 100_000 + round * 10_000 + w * 1_000 + k) as u32;
                    Op::Open {
                        issue: IssueRow {
                            org: row.org.clone(),
                            number,
                            title: format!("new {number}"),
                            assignee: Some(ASSIGNEES[w % ASSIGNEES.len()].to_owned()),
                        },
                    }
                } else {
                    Op::Close {
                        org: row.org.clone(),
                        number: row.number,
                    }
                }
            }
        };
        ops.push(op);
    }
    ops
}

/// The model after `op` was applied.
fn apply_to(model: &mut Model, op: &Op) {
    match op {
        Op::Retitle { org, number, title } => {
            if let Some(row) = model.issues.get_mut(&(org.clone(), *number)) {
                row.title = title.clone();
            }
        }
        Op::Reassign {
            org,
            number,
            assignee,
        } => {
            if let Some(row) = model.issues.get_mut(&(org.clone(), *number)) {
                row.assignee = assignee.clone();
            }
        }
        Op::Open { issue } => {
            model
                .issues
                .insert((issue.org.clone(), issue.number), issue.clone());
        }
        Op::Close { org, number, .. } => {
            model.issues.remove(&(org.clone(), *number));
        }
        Op::Comment { comment } => {
            model.comments.insert(
                (comment.org.clone(), comment.number, comment.seq),
                comment.clone(),
            );
        }
        Op::Uncomment { org, number, seq } => {
            model.comments.remove(&(org.clone(), *number, *seq));
        }
    }
}

/// The expected reads of the model.
fn expected(model: &Model, orgs: &[String]) -> Seen {
    Seen {
        issues: model
            .issues
            .values()
            .filter(|i| orgs.contains(&i.org))
            .cloned()
            .collect(),
        comments: model
            .comments
            .values()
            .filter(|c| orgs.contains(&c.org))
            .cloned()
            .collect(),
    }
}

fn expected_assignee(model: &Model, assignee: &str) -> Vec<IssueRow> {
    let mut rows: Vec<IssueRow> = model
        .issues
        .values()
        .filter(|i| i.assignee.as_deref() == Some(assignee))
        .cloned()
        .collect();
    rows.sort();
    rows
}

fn whole(model: &Model) -> Seen {
    Seen {
        issues: model.issues.values().cloned().collect(),
        comments: model.comments.values().cloned().collect(),
    }
}

/// Every read of one binary against the model: a sample of orgs as collections, two assignees
/// from GSI1, and the whole table by scan.
macro_rules! check_reads {
    ($binary:expr, $model:expr, $orgs:expr, $step:expr) => {{
        let name = stringify!($binary);
        let orgs: &[String] = &$orgs;
        let read = $binary
            .read_orgs(&orgs)
            .await
            .map_err(|e| format!("{}: {name}: orgs: {e}", $step))?;
        assert_eq!(
            read,
            expected(&$model, orgs),
            "{}: {name}: the orgs' partitions",
            $step
        );
        for assignee in ["ada", "hal"] {
            let rows = $binary
                .by_assignee(assignee)
                .await
                .map_err(|e| format!("{}: {name}: GSI1: {e}", $step))?;
            assert_eq!(
                rows,
                expected_assignee(&$model, assignee),
                "{}: {name}: GSI1 of {assignee}",
                $step
            );
        }
        let all = $binary
            .scan()
            .await
            .map_err(|e| format!("{}: {name}: scan: {e}", $step))?;
        assert_eq!(
            all.issues.len(),
            $model.issues.len(),
            "{}: {name}: issues scanned",
            $step
        );
        assert_eq!(all, whole(&$model), "{}: {name}: the whole table", $step);
    }};
}

/// A deploy step: the two binaries write concurrently, two writers each, for `ROUNDS` rounds
/// (ownership rotating), the model learning every applied write.
macro_rules! concurrent_writes {
    ($first:expr, $second:expr, $model:expr, $size:expr, $step:expr, $rng:expr) => {{
        for round in 0..ROUNDS {
            let writers = 4;
            let plans: Vec<Vec<Op>> = (0..writers)
                .map(|w| ops_for(&$model, &$size, $step, round, w, writers, &mut $rng))
                .collect();
            let applied = common::two_binaries_four_writers(
                plans,
                |op| async {
                    let done = $first.apply(&op).await?;
                    Ok((op, done))
                },
                |op| async {
                    let done = $second.apply(&op).await?;
                    Ok((op, done))
                },
            )
            .await?;
            for op in &applied {
                apply_to(&mut $model, op);
            }
        }
    }};
}

#[tokio::test]
async fn a_key_change_rolls_out_in_five_deploys_with_both_binaries_writing() -> Result<(), BoxError>
{
    let engine = TestEngine::start().await?;
    let size = if engine.is_embedded() {
        Size {
            orgs: 50,
            issues_per_org: 100,
            ops_per_writer_round: 30,
        }
    } else {
        Size {
            orgs: 4,
            issues_per_org: 25,
            ops_per_writer_round: 5,
        }
    };
    let table: Db<old::TrackerOld> = engine.fresh_table().await?;
    let name = table.table_name().to_owned();
    // Every binary reaches the engine through the proxy, which loses answers. An engine that
    // applies a `TransactWriteItems` sent again with its ClientRequestToken a second time (moto)
    // loses only the answers of the other requests: the copies are written in transactions.
    let mut mix = FaultMix::none().drop_before(0.02).drop_after(0.03);
    if engine.unsupported(Capability::IdempotentTransactions) {
        mix = mix.only(&[
            "GetItem",
            "PutItem",
            "UpdateItem",
            "DeleteItem",
            "Query",
            "Scan",
            "BatchWriteItem",
        ]);
    }
    let proxy = FaultProxy::start(&engine.endpoint().await?, 42, mix).await?;
    let old = old::Binary {
        db: Db::new(proxy.client(), name.clone()).with_identity("tracker old"),
    };
    let expand = expand::Binary {
        db: Db::new(proxy.client(), name.clone()).with_identity("tracker expand"),
    };
    let switch = switch::Binary {
        db: Db::new(proxy.client(), name.clone()).with_identity("tracker switch"),
    };
    let contract = contract::Binary {
        db: Db::new(proxy.client(), name.clone()).with_identity("tracker contract"),
    };
    let done = done::Binary {
        db: Db::new(proxy.client(), name.clone()).with_identity("tracker done"),
    };
    let mut rng = fastrand::Rng::with_seed(7);
    // The orgs read as collections at each step: four, spread over the table.
    let sample: Vec<String> = (0..4).map(|o| org_name(o * size.orgs / 4)).collect();

    // The old binary's table.
    old.db.ensure_table().await?;
    let mut model = first_model(&size);
    old.load(&model).await?;
    assert_eq!(
        model.issues.len() + model.comments.len(),
        (size.orgs * size.issues_per_org * 2) as usize
    );
    check_reads!(old, model, sample, "before");

    // 1. Deploy expand: old and expand instances run together.
    assert!(expand.may_serve().await?, "expand starts beside old");
    concurrent_writes!(old, expand, model, size, 1, rng);
    check_reads!(old, model, sample, "expand deploy");
    check_reads!(expand, model, sample, "expand deploy");

    // 2. The backfill, once no old instance runs; expand instances keep writing meanwhile.
    let (report, ()) = futures::join!(expand.migrate(), async {
        // Writers of the one binary running, during the backfill.
        let mut m = model.clone();
        let mut r = fastrand::Rng::with_seed(11);
        let result: Result<(), BoxError> = async {
            concurrent_writes!(expand, expand, m, size, 2, r);
            Ok(())
        }
        .await;
        result.expect("writers during the backfill");
        model = m;
    });
    let report = report?;
    assert!(
        report.failed.is_empty(),
        "backfill failures: {:?}",
        report.failed
    );
    assert!(
        !old.may_serve().await?,
        "after the backfill the old binary is refused before it serves"
    );
    check_reads!(expand, model, sample, "backfill");

    // 3. Deploy switch: expand and switch instances together.
    assert!(switch.may_serve().await?);
    concurrent_writes!(expand, switch, model, size, 3, rng);
    check_reads!(expand, model, sample, "switch deploy");
    check_reads!(switch, model, sample, "switch deploy");

    // 4. Deploy contract: switch and contract instances together.
    assert!(contract.may_serve().await?);
    concurrent_writes!(switch, contract, model, size, 4, rng);
    check_reads!(switch, model, sample, "contract deploy");
    check_reads!(contract, model, sample, "contract deploy");

    // 5. The cleanup, once no expand or switch instance runs; contract instances keep writing.
    let (report, ()) = futures::join!(contract.migrate(), async {
        let mut m = model.clone();
        let mut r = fastrand::Rng::with_seed(13);
        let result: Result<(), BoxError> = async {
            concurrent_writes!(contract, contract, m, size, 5, r);
            Ok(())
        }
        .await;
        result.expect("writers during the cleanup");
        model = m;
    });
    let report = report?;
    assert!(
        report.failed.is_empty(),
        "cleanup failures: {:?}",
        report.failed
    );
    assert!(
        !expand.may_serve().await?,
        "after the cleanup the expand binary is refused"
    );
    check_reads!(contract, model, sample, "cleanup");

    // 6. Deploy done: contract and done instances together; no item of the old shape is left.
    assert!(done.may_serve().await?);
    concurrent_writes!(contract, done, model, size, 6, rng);
    check_reads!(contract, model, sample, "done deploy");
    check_reads!(done, model, sample, "done deploy");
    let mut old_shaped = 0usize;
    let mut start = None;
    let mut total = 0usize;
    loop {
        let page = engine
            .client()
            .scan()
            .table_name(&name)
            .set_exclusive_start_key(start)
            .send()
            .await?;
        for item in page.items() {
            total += 1;
            if item
                .get("SK")
                .and_then(|v| v.as_s().ok())
                .is_some_and(|sk| sk.starts_with("ISSUE#"))
            {
                old_shaped += 1;
            }
        }
        start = page.last_evaluated_key().cloned();
        if start.is_none() {
            break;
        }
    }
    assert_eq!(
        old_shaped, 0,
        "the cleanup removed every item of the old shape"
    );
    eprintln!(
        "rolling deploy: {} issues, {} comments at the end, {total} items stored (the design item included); proxy {:?}",
        model.issues.len(),
        model.comments.len(),
        proxy.counts()
    );
    Ok(())
}
