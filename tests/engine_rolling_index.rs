//! An index template change during a rolling deploy (docs/guide.md, "Changing a key design
//! during a rolling deploy"): a GSI's key cannot change in place, so the new template is a new
//! GSI — declared (both indexes written) → backfilled by `migrate` → read → the old one no longer
//! declared, then deleted. Four binaries over one table, the two that may run together writing
//! concurrently through the fault proxy (lost answers), and after each step every read of either
//! binary — its index, a scan — returns exactly what a single-version table would hold.

use crate::common;

use std::collections::BTreeMap;

use dynakey::{Entity, Table};
use dynakey_runtime::{Db, Error, MigrationReport};
use futures::TryStreamExt;
use serde::{Deserialize, Serialize};

use common::fault_proxy::{FaultMix, FaultProxy};
use common::{BoxError, TestEngine};

/// A task as the model holds it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Row {
    pub team: String,
    pub id: u32,
    pub title: String,
    pub owner: String,
}

/// One write, on a task its writer owns this round. Each is a read-modify-write, as an
/// application does it: the task read (strongly consistent), changed, and put expecting the
/// version read; a `VersionConflict` (a migration's rewrite moves the version on) reads again.
#[derive(Debug, Clone)]
pub enum Op {
    /// Another title (a key field of the new index only: an `update` of it would have to give
    /// the whole index key, so the task is put whole).
    Retitle {
        team: String,
        id: u32,
        title: String,
    },
    /// Another owner (moves the task in both indexes).
    Reassign {
        team: String,
        id: u32,
        owner: String,
    },
    /// `create`.
    Open { row: Row },
    /// `delete`, expecting the version read.
    Close { team: String, id: u32 },
}

macro_rules! binary {
    ($module:ident, $table:ident, [$(#[$gsi:meta])*], [$(#[$index:meta])*], $read:ident) => {
        // Each binary uses part of what the derive generates for it (and `migrate` only where
        // a step runs one).
        #[allow(dead_code)]
        pub mod $module {
            use super::*;

            #[derive(Table, Debug)]
            #[table(partition_key = "PK", sort_key = "SK")]
            $(#[$gsi])*
            pub enum $table {
                Task(Task),
            }

            #[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
            #[dynakey(table = $table, version = "version")]
            #[pk("TEAM#<team>")]
            #[sk("TASK#<id>")]
            $(#[$index])*
            pub struct Task {
                pub team: String,
                pub id: u32,
                pub title: String,
                pub owner: String,
                pub version: u64,
            }

            fn task(r: &Row) -> Task {
                Task { team: r.team.clone(), id: r.id, title: r.title.clone(), owner: r.owner.clone(), version: 0 }
            }

            fn row(t: Task) -> Row {
                Row { team: t.team, id: t.id, title: t.title, owner: t.owner }
            }

            #[derive(Clone)]
            pub struct Binary {
                pub db: Db<$table>,
            }

            impl Binary {
                pub async fn load(&self, rows: &[Row]) -> Result<(), BoxError> {
                    // batch_put stores the version it is given: 1, as a create would.
                    let tasks: Vec<Task> = rows.iter().map(|r| Task { version: 1, ..task(r) }).collect();
                    self.db.batch_put(&tasks).await?;
                    Ok(())
                }

                /// Sends `op`; `Ok(true)` when it was applied (an answer lost for good is settled
                /// by reading the task, which only this writer changes this round).
                pub async fn apply(&self, op: &Op) -> Result<bool, BoxError> {
                    let (team, id) = match op {
                        Op::Retitle { team, id, .. } | Op::Reassign { team, id, .. } | Op::Close { team, id } => (team.clone(), *id),
                        Op::Open { row: r } => (r.team.clone(), r.id),
                    };
                    let key = Task::key(team.as_str(), id)?;
                    for _ in 0..10 {
                        let sent: Result<(), Error> = if let Op::Open { row: r } = op {
                            self.db.create(&task(r)).await.map(drop)
                        } else {
                            let Some(stored) = self.db.get(&key).consistent_read().await? else {
                                return Err(format!("{}: {op:?}: the task is gone", stringify!($module)).into());
                            };
                            match op {
                                Op::Retitle { title, .. } => self.db.put(&Task { title: title.clone(), ..stored }).await.map(drop),
                                Op::Reassign { owner, .. } => self.db.put(&Task { owner: owner.clone(), ..stored }).await.map(drop),
                                _ => self.db.delete(&key).expected_version(stored.version).await.map(drop),
                            }
                        };
                        match sent {
                            Ok(()) => return Ok(true),
                            Err(Error::VersionConflict { .. }) => continue,
                            Err(Error::OutcomeUnknown(_)) => {
                                let stored: Option<Task> = self.db.get(&key).consistent_read().await?;
                                return Ok(match (op, stored) {
                                    (Op::Retitle { title, .. }, Some(s)) => &s.title == title,
                                    (Op::Reassign { owner, .. }, Some(s)) => &s.owner == owner,
                                    (Op::Open { .. }, stored) => stored.is_some(),
                                    (Op::Close { .. }, stored) => stored.is_none(),
                                    (_, None) => false,
                                });
                            }
                            Err(e) => return Err(format!("{}: {op:?}: {e}", stringify!($module)).into()),
                        }
                    }
                    Err(format!("{}: {op:?}: ten version conflicts", stringify!($module)).into())
                }

                /// The tasks of `owner` from the index this binary reads.
                pub async fn by_owner(&self, owner: &str) -> Result<Vec<Row>, BoxError> {
                    let tasks: Vec<Task> = self.db.query(&Task::$read(owner)).items().try_collect().await?;
                    let mut rows: Vec<Row> = tasks.into_iter().map(row).collect();
                    rows.sort();
                    Ok(rows)
                }

                pub async fn scan(&self) -> Result<Vec<Row>, BoxError> {
                    let tasks: Vec<Task> = self.db.scan::<Task>().segments(2).items().try_collect().await?;
                    let mut rows: Vec<Row> = tasks.into_iter().map(row).collect();
                    rows.sort();
                    Ok(rows)
                }

                pub async fn migrate(&self) -> Result<MigrationReport, BoxError> {
                    Ok(self.db.migrate::<Task>().segments(2).send().await.map_err(|e| e.to_string())?)
                }
            }
        }
    };
}

// The old binary: tasks by owner, newest id last.
binary!(
    old,
    TasksOld,
    [#[gsi(ByOwner, name = "GSI1", partition_key = "GSI1PK", sort_key = "GSI1SK", projection = all)]],
    [#[index(ByOwner, pk = "OWNER#<owner>", sk = "TASK#<id>")]],
    query_by_owner
);
// Declares the new index (by owner, sorted by title) beside the old one; still reads the old.
binary!(
    add,
    TasksAdd,
    [
        #[gsi(ByOwner, name = "GSI1", partition_key = "GSI1PK", sort_key = "GSI1SK", projection = all)]
        #[gsi(ByOwnerTitle, name = "GSI2", partition_key = "GSI2PK", sort_key = "GSI2SK", projection = all)]
    ],
    [
        #[index(ByOwner, pk = "OWNER#<owner>", sk = "TASK#<id>")]
        #[index(ByOwnerTitle, pk = "OWNER#<owner>", sk = "<title>#<id>")]
    ],
    query_by_owner
);
// Reads the new index; still writes both.
binary!(
    read_new,
    TasksReadNew,
    [
        #[gsi(ByOwner, name = "GSI1", partition_key = "GSI1PK", sort_key = "GSI1SK", projection = all)]
        #[gsi(ByOwnerTitle, name = "GSI2", partition_key = "GSI2PK", sort_key = "GSI2SK", projection = all)]
    ],
    [
        #[index(ByOwner, pk = "OWNER#<owner>", sk = "TASK#<id>")]
        #[index(ByOwnerTitle, pk = "OWNER#<owner>", sk = "<title>#<id>")]
    ],
    query_by_owner_title
);
// The old index no longer declared (then deleted from the table).
binary!(
    dropped,
    TasksDropped,
    [#[gsi(ByOwnerTitle, name = "GSI2", partition_key = "GSI2PK", sort_key = "GSI2SK", projection = all)]],
    [#[index(ByOwnerTitle, pk = "OWNER#<owner>", sk = "<title>#<id>")]],
    query_by_owner_title
);

const OWNERS: [&str; 5] = ["ada", "bob", "cy", "dee", "eve"];
const ROUNDS: usize = 3;

fn ops_for(
    model: &BTreeMap<(String, u32), Row>,
    step: usize,
    round: usize,
    w: usize,
    per_writer: usize,
    rng: &mut fastrand::Rng,
) -> Vec<Op> {
    let owned: Vec<&Row> = model
        .values()
        .filter(|r| (r.id as usize + round + step) % 4 == w)
        .collect();
    let mut ops = Vec::new();
    let mut touched = std::collections::BTreeSet::new();
    for k in 0..per_writer {
        let Some(r) = owned.get(rng.usize(..owned.len().max(1))) else {
            break;
        };
        if !touched.insert(r.id) {
            continue;
        }
        ops.push(match k % 5 {
            0 | 1 => Op::Retitle {
                team: r.team.clone(),
                id: r.id,
                title: format!("t{step}{round}{w}{k}"),
            },
            2 => Op::Reassign {
                team: r.team.clone(),
                id: r.id,
                owner: OWNERS[rng.usize(..OWNERS.len())].to_owned(),
            },
            3 => Op::Close {
                team: r.team.clone(),
                id: r.id,
            },
            _ => {
                let id = 1_000_000 + (step * 100_000 + round * 10_000 + w * 1_000 + k) as u32;
                Op::Open {
                    row: Row {
                        team: r.team.clone(),
                        id,
                        title: format!("new {id}"),
                        owner: OWNERS[w].to_owned(),
                    },
                }
            }
        });
    }
    ops
}

fn apply_to(model: &mut BTreeMap<(String, u32), Row>, op: &Op) {
    match op {
        Op::Retitle { team, id, title } => {
            if let Some(r) = model.get_mut(&(team.clone(), *id)) {
                r.title = title.clone();
            }
        }
        Op::Reassign { team, id, owner } => {
            if let Some(r) = model.get_mut(&(team.clone(), *id)) {
                r.owner = owner.clone();
            }
        }
        Op::Open { row } => {
            model.insert((row.team.clone(), row.id), row.clone());
        }
        Op::Close { team, id, .. } => {
            model.remove(&(team.clone(), *id));
        }
    }
}

macro_rules! step {
    ($first:expr, $second:expr, $model:expr, $step:expr, $per_writer:expr, $rng:expr) => {{
        for round in 0..ROUNDS {
            let plans = (0..4)
                .map(|w| ops_for(&$model, $step, round, w, $per_writer, &mut $rng))
                .collect::<Vec<_>>();
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

macro_rules! check {
    ($binary:expr, $model:expr, $step:expr) => {{
        let name = stringify!($binary);
        for owner in OWNERS {
            let mut want: Vec<Row> = $model
                .values()
                .filter(|r| r.owner == owner)
                .cloned()
                .collect();
            want.sort();
            assert_eq!(
                $binary.by_owner(owner).await?,
                want,
                "{}: {name}: the index of {owner}",
                $step
            );
        }
        let all: Vec<Row> = $model.values().cloned().collect();
        assert_eq!(
            $binary.scan().await?,
            all,
            "{}: {name}: the whole table",
            $step
        );
    }};
}

#[tokio::test]
async fn a_new_index_replaces_an_old_one_in_four_deploys() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let (teams, per_team, per_writer) = if engine.is_embedded() {
        (20, 100, 40)
    } else {
        (4, 50, 10)
    };
    let table: Db<old::TasksOld> = engine.fresh_table().await?;
    let name = table.table_name().to_owned();
    let mix = FaultMix::none().drop_before(0.02).drop_after(0.03);
    let proxy = FaultProxy::start(&engine.endpoint().await?, 9, mix).await?;
    let old = old::Binary {
        db: Db::new(proxy.client(), name.clone()),
    };
    let add = add::Binary {
        db: Db::new(proxy.client(), name.clone()),
    };
    let read_new = read_new::Binary {
        db: Db::new(proxy.client(), name.clone()),
    };
    let dropped = dropped::Binary {
        db: Db::new(proxy.client(), name.clone()),
    };
    let mut rng = fastrand::Rng::with_seed(3);

    let mut model = BTreeMap::new();
    for t in 0..teams {
        for id in 1..=per_team {
            let team = format!("team{t:02}");
            let owner = OWNERS[(id as usize + t) % OWNERS.len()].to_owned();
            model.insert(
                (team.clone(), id),
                Row {
                    team,
                    id,
                    title: format!("task {id}"),
                    owner,
                },
            );
        }
    }
    let rows: Vec<Row> = model.values().cloned().collect();
    old.load(&rows).await?;
    check!(old, model, "before");

    // 1. The new index declared and created; old and add instances write together.
    assert_eq!(add.db.add_missing_indexes().await?, ["GSI2"]);
    step!(old, add, model, 1, per_writer, rng);
    check!(old, model, "add deploy");
    check!(add, model, "add deploy");

    // 2. The backfill of the new index, with add instances writing.
    let mut during = model.clone();
    let mut r = fastrand::Rng::with_seed(5);
    let (report, written) = futures::join!(add.migrate(), async {
        step!(add, add, during, 2, per_writer, r);
        Ok::<_, BoxError>(())
    });
    written?;
    model = during;
    let report = report?;
    assert!(report.failed.is_empty(), "{:?}", report.failed);
    assert!(
        report.reindexed > 0,
        "the backfill filled the new index: {report:?}"
    );
    check!(add, model, "backfill");

    // 3. Reads switch to the new index; add and read_new instances together.
    step!(add, read_new, model, 3, per_writer, rng);
    check!(add, model, "read deploy");
    check!(read_new, model, "read deploy");

    // 4. The old index no longer declared; read_new and dropped together. Then the GSI goes.
    step!(read_new, dropped, model, 4, per_writer, rng);
    check!(read_new, model, "drop deploy");
    check!(dropped, model, "drop deploy");
    engine
        .client()
        .update_table()
        .table_name(&name)
        .global_secondary_index_updates(
            aws_sdk_dynamodb::types::GlobalSecondaryIndexUpdate::builder()
                .delete(
                    aws_sdk_dynamodb::types::DeleteGlobalSecondaryIndexAction::builder()
                        .index_name("GSI1")
                        .build()?,
                )
                .build(),
        )
        .send()
        .await?;
    step!(dropped, dropped, model, 5, per_writer, rng);
    check!(dropped, model, "GSI1 deleted");
    eprintln!(
        "rolling index change: {} tasks at the end; proxy {:?}",
        model.len(),
        proxy.counts()
    );
    Ok(())
}
