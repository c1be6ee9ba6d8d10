//! Tournament matches on a multi-attribute GSI (AWS developer guide, "Multi-attribute keys
//! pattern"): the index `ByTournamentRegion` is partitioned by the entity-type attribute, the
//! tournament and the region, and sorted by the round (a number, `N`) and then the bracket. The
//! entities fill it with their own fields — nothing is concatenated into a key string — so rounds
//! sort as numbers (2 before 10), and a typed query gives every partition attribute by equality
//! and the sort attributes left to right, with a range only on the last one given.
//!
//! The matches and the teams share the index; its first partition attribute is the entity type
//! (`_type`), which dynakey fills, so a query of matches never reads a team. A match whose round
//! is not drawn yet (`round: None`) has no `round` attribute and so is not in the index (sparse).
//!
//! Each query prints its KeyConditionExpression as the SDK sent it (recorded by a `RequestLog`) and
//! its ExpressionAttributeValues. An engine that refuses multi-attribute key schemas (DynamoDB
//! Local, dynoxide-rs before 3.0, moto before 5.1.21) is named as such and the example exits with
//! status 1.
//!
//! ```text
//! cargo run --example tournament          # on the embedded engine
//! cargo run --example tournament -- --aws # on a client configured the usual AWS way
//!                                         # (AWS_ENDPOINT_URL_DYNAMODB for a local engine):
//!                                         # table dynakey-tournament, created on the first run
//! ```

use dynakey::Json;
use dynakey::{Cursor, Entity, InTable, KeyQuery, ProjectsAll, Table, Whole};
use dynakey_runtime::{Db, Engine, Error, RequestLog};
use futures::TryStreamExt;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// The table: plain string keys, and one GSI whose key is three partition attributes and two
/// sort attributes, `round` a number.
#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByTournamentRegion, partition_key = [entity_type("_type"), "tournament", "region"],
      sort_key = ["round": N, "bracket"])]
struct Esports;

/// A match of a tournament in one region; in the index once its round is drawn.
#[derive(Entity, Serialize, Deserialize, Debug, Clone)]
#[dynakey(table = Esports, entity_type = "_type")]
#[pk("MATCH#<id>")]
#[sk("META")]
#[index(ByTournamentRegion, pk = [tournament, region], sk = [round, bracket])]
struct Match {
    id: String,
    tournament: String,
    region: String,
    round: Option<u32>,
    bracket: String,
    home: String,
    away: String,
}

/// A team entered in a tournament and region, from the round it is seeded into.
#[derive(Entity, Serialize, Deserialize, Debug, Clone)]
#[dynakey(table = Esports, entity_type = "_type")]
#[pk("TEAM#<name>")]
#[sk("META")]
#[index(ByTournamentRegion, pk = [tournament, region], sk = [round, bracket])]
struct Team {
    name: String,
    tournament: String,
    region: String,
    round: u32,
    bracket: String,
}

const TOURNAMENTS: [&str; 2] = ["worlds", "masters"];
const REGIONS: [&str; 2] = ["EU", "NA"];
const ROUNDS: [u32; 3] = [1, 2, 10];
const BRACKETS: [&str; 2] = ["lower", "upper"];
const TEAMS: [&str; 8] = [
    "owls", "foxes", "hawks", "wolves", "bears", "lynx", "otters", "crows",
];

/// 24 matches (2 tournaments × 2 regions × rounds 1, 2, 10 × both brackets) and one whose round
/// is not drawn yet.
fn matches() -> Vec<Match> {
    let mut out = Vec::new();
    for tournament in TOURNAMENTS {
        for region in REGIONS {
            for round in ROUNDS {
                for bracket in BRACKETS {
                    let n = out.len();
                    out.push(Match {
                        id: format!("{tournament}-{region}-{round}-{bracket}"),
                        tournament: tournament.into(),
                        region: region.into(),
                        round: Some(round),
                        bracket: bracket.into(),
                        home: TEAMS[n % 8].into(),
                        away: TEAMS[(n + 3) % 8].into(),
                    });
                }
            }
        }
    }
    out.push(Match {
        id: "worlds-EU-final".into(),
        tournament: "worlds".into(),
        region: "EU".into(),
        round: None,
        bracket: "upper".into(),
        home: "tbd".into(),
        away: "tbd".into(),
    });
    out
}

fn teams() -> Vec<Team> {
    ["owls", "foxes"]
        .into_iter()
        .enumerate()
        .map(|(i, name)| Team {
            name: name.into(),
            tournament: "worlds".into(),
            region: "EU".into(),
            round: 1,
            bracket: BRACKETS[i].into(),
        })
        .collect()
}

/// The refusal of an engine without multi-attribute key schemas: a ValidationException from
/// CreateTable (whose only unusual part here is the index's key schema; DynamoDB Local and
/// dynoxide-rs 2.x refuse a GSI key schema of more than two elements), or one about the key from
/// a Query. The engine's own message is printed after it.
fn refuses_the_key_schema(error: &Error) -> bool {
    let Error::Sdk {
        operation, message, ..
    } = error
    else {
        return false;
    };
    let message = message.to_ascii_lowercase();
    message.contains("validationexception")
        && match *operation {
            "CreateTable" => true,
            "Query" => message.contains("key"),
            _ => false,
        }
}

/// Ends the example on an error: a clear word for an engine that cannot serve the index.
fn fail(error: &Error) -> ! {
    if refuses_the_key_schema(error) {
        eprintln!(
            "this engine does not serve multi-attribute GSI keys (DynamoDB since Nov 2025, \
             dynoxide-rs ≥ 3.0, moto ≥ 5.1.21): {error}"
        );
    } else {
        eprintln!("{error}");
    }
    std::process::exit(1)
}

/// Writes a seed item with `create`, which never overwrites: with `--aws` a second run finds the
/// items of the first, which is not an error here.
async fn seed<E>(db: &Db<Esports>, item: &E)
where
    E: Entity + InTable<Esports> + Serialize,
{
    match db.create(item).await {
        Ok(()) | Err(Error::AlreadyExists { .. }) => {}
        Err(e) => fail(&e),
    }
}

/// Runs `query`, printing what was sent (the KeyConditionExpression recorded by `log`, the
/// values from the rendered request) and each item read (`line`).
async fn show<E, I, S>(
    db: &Db<Esports>,
    log: &RequestLog,
    title: &str,
    query: &KeyQuery<E, I, S>,
    line: impl Fn(&E) -> String,
) -> Result<Vec<E>, BoxError>
where
    E: InTable<Esports> + DeserializeOwned + Send + 'static,
    I: ProjectsAll,
    Whole: dynakey_runtime::Output<Esports, E, I, Item = E>,
{
    let input = query.build()?;
    let before = log.queries().len();
    let items: Vec<E> = match db.query(query).items().try_collect().await {
        Ok(items) => items,
        Err(e) => fail(&e),
    };
    println!("{title}");
    print_sent(log, before, &input);
    for item in &items {
        println!("  -> {}", line(item));
    }
    println!();
    Ok(items)
}

/// The KeyConditionExpression of the first Query sent after `before`, and the values of `input`.
fn print_sent(log: &RequestLog, before: usize, input: &dynakey::QueryInput) {
    let sent = log.queries();
    let requests = sent.len() - before;
    if let Some(first) = sent.get(before) {
        println!(
            "  KeyConditionExpression     {}",
            first.key_condition_expression().unwrap_or("-")
        );
    }
    let values: Vec<String> = input
        .expression_attribute_values
        .iter()
        .map(|(k, v)| format!("{k} = {}", Json(v)))
        .collect();
    println!("  ExpressionAttributeValues  {}", values.join(", "));
    println!("  Query requests             {requests}");
}

fn a_match(m: &Match) -> String {
    let round = m.round.map_or("-".to_owned(), |r| r.to_string());
    format!(
        "round {round:>2} {:<5}  {} v {}  ({})",
        m.bracket, m.home, m.away, m.id
    )
}

#[tokio::main]
async fn main() -> Result<(), BoxError> {
    let use_aws = std::env::args().any(|a| a == "--aws")
        || std::env::var_os("AWS_ENDPOINT_URL_DYNAMODB").is_some();
    let engine;
    let (client, where_) = if use_aws {
        let endpoint = std::env::var("AWS_ENDPOINT_URL_DYNAMODB")
            .unwrap_or_else(|_| "the AWS configuration's endpoint".into());
        (dynakey_runtime::connect_from_env().await, endpoint)
    } else {
        engine = Engine::start().await?;
        (engine.client(), "the embedded engine (dynoxide)".to_owned())
    };
    let log = RequestLog::new();
    let db: Db<Esports> = Db::new(client, "dynakey-tournament").with_request_log(&log);
    // Created on the first run only; a table of that name with other keys is refused.
    let setup = match db.ensure_table().await {
        Ok(setup) => setup,
        Err(e) => fail(&e),
    };
    println!(
        "table {} on {where_}: {setup:?} by Db::ensure_table; index ByTournamentRegion, \
         partition key {{_type, tournament, region}}, sort key {{round (N), bracket}}\n",
        db.table_name()
    );
    for m in &matches() {
        seed(&db, m).await;
    }
    for t in &teams() {
        seed(&db, t).await;
    }

    let sk = Match::by_tournament_region_sk;
    let worlds_eu = || Match::query_by_tournament_region("worlds", "EU");

    // 1. The whole index partition: rounds as numbers, then brackets.
    show(
        &db,
        &log,
        "1. Matches of worlds/EU (whole index partition; its teams have another _type: not read)",
        &worlds_eu(),
        a_match,
    )
    .await?;
    // 2. Equality on the first sort attribute.
    let q = worlds_eu().sort_key(sk().round().eq(2));
    show(&db, &log, "2. .round().eq(2)", &q, a_match).await?;
    // 3. A range on the first sort attribute, in numeric order.
    let q = worlds_eu().sort_key(sk().round().between(2, 10));
    show(&db, &log, "3. .round().between(2, 10)", &q, a_match).await?;
    // 4. Equality on the round, a prefix of the bracket.
    let q = worlds_eu().sort_key(sk().round().eq(2).bracket().begins_with("low"));
    show(
        &db,
        &log,
        "4. .round().eq(2).bracket().begins_with(\"low\")",
        &q,
        a_match,
    )
    .await?;
    // 5. Another region: every partition attribute is an equality.
    let q = Match::query_by_tournament_region("masters", "NA")
        .sort_key(sk().round().gt(1))
        .reverse();
    show(
        &db,
        &log,
        "5. masters/NA, .round().gt(1), newest round first",
        &q,
        a_match,
    )
    .await?;

    // 6. A page of two, and the rest resumed from its cursor (which carries `round` as a number).
    let paged = worlds_eu().limit(2);
    let input = paged.build()?;
    let before = log.queries().len();
    let first = match db.query(&paged).page(None).await {
        Ok(page) => page,
        Err(e) => fail(&e),
    };
    println!("6. A page of 2, then the rest from its cursor");
    print_sent(&log, before, &input);
    for m in &first.items {
        println!("  -> {}", a_match(m));
    }
    let cursor: Cursor = first.next.ok_or("a page of 2 of 6 matches has a cursor")?;
    println!("  cursor {cursor}");
    let before = log.queries().len();
    let rest: Vec<Match> = match db
        .query(&worlds_eu())
        .from(Some(&cursor))
        .items()
        .try_collect()
        .await
    {
        Ok(items) => items,
        Err(e) => fail(&e),
    };
    let resumed = log
        .queries()
        .get(before)
        .is_some_and(|q| q.exclusive_start_key().is_some());
    println!("  resumed (ExclusiveStartKey sent: {resumed}):");
    for m in &rest {
        println!("  -> {}", a_match(m));
    }
    println!();

    // 7. The sparse match: stored, not in the index.
    let final_key = Match::key("worlds-EU-final")?;
    let stored = match db.get(&final_key).await {
        Ok(stored) => stored,
        Err(e) => fail(&e),
    };
    let all = match db
        .query(&worlds_eu())
        .items()
        .try_collect::<Vec<Match>>()
        .await
    {
        Ok(items) => items,
        Err(e) => fail(&e),
    };
    println!(
        "7. worlds-EU-final (round not drawn): stored {}, in the index {}\n",
        stored.is_some(),
        all.iter().any(|m| m.id == "worlds-EU-final")
    );

    // 8. The teams share the index partition; the entity type keeps the two apart.
    let q = Team::query_by_tournament_region("worlds", "EU");
    show(
        &db,
        &log,
        "8. Teams of worlds/EU (same index, _type = \"Team\")",
        &q,
        |t| format!("{} from round {} ({})", t.name, t.round, t.bracket),
    )
    .await?;
    Ok(())
}
