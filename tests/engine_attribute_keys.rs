//! Attribute-wise index keys through dynakey (design of issue #14), on both engines: a GSI whose
//! partition key is the entity-type attribute + `tournament` + `region` and whose sort key is
//! `round` (`N`) + `bracket` (`S`), filled by the entity's own fields; a GSI sorted by one typed
//! number, and one by bytes (`dynakey::KeyBytes`). Typed queries give every partition attribute by
//! equality and the sort attributes left to right with a range only on the last one given (AWS
//! developer guide, "Multi-attribute keys pattern"); `tests/engine_multi_attribute_gsi.rs` pins
//! the same rules on raw requests.

use crate::common;

use std::collections::HashMap;

use aws_sdk_dynamodb::types::{AttributeValue, Select};
use dynakey::QueryInput;
use dynakey::{
    Cursor, Entity, InTable, KeyBytes, KeyErrorKind, KeyQuery, KeyValue, Position, ProjectsAll,
    StartKey, Table, UpdateBuilder, Whole,
};
use dynakey_runtime::{Db, RequestLog, UnknownItems};
use futures::TryStreamExt;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use common::{BoxError, TestEngine};

type Item = HashMap<String, AttributeValue>;

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByTournamentRegion, partition_key = [entity_type("_type"), "tournament", "region"],
      sort_key = ["round": N, "bracket"])]
#[gsi(ByScore, name = "GSI2", partition_key = "GSI2PK", sort_key = "score": N)]
#[gsi(ByDigest, name = "GSI3", partition_key = "GSI3PK", sort_key = "digest": B)]
#[lsi(ByRank, name = "LSI1", sort_key = "rank": N)]
struct Esports;

/// A match: in `ByTournamentRegion` once it has a round (`None`: not scheduled yet, so not in the
/// index).
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
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
    best_of: u8,
}

/// A team, on the same index as the matches: its entity-type attribute keeps it apart.
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Esports, entity_type = "_type")]
#[pk("TEAM#<name>")]
#[sk("META")]
#[index(ByTournamentRegion, pk = [tournament, region], sk = [round, bracket])]
struct Team {
    name: String,
    tournament: String,
    region: String,
    /// The round the team enters in.
    round: u32,
    bracket: String,
}

/// A player on a leaderboard sorted by a native number.
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Esports)]
#[pk("PLAYER#<id>")]
#[sk("META")]
#[index(ByScore, pk = "BOARD#<board>", sk = score)]
struct Player {
    id: String,
    board: String,
    score: u64,
}

/// A replay file listed by its digest, stored as bytes (`B`).
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Esports)]
#[pk("REPLAY#<id>")]
#[sk("META")]
#[index(ByDigest, pk = "BUCKET#<bucket>", sk = digest)]
struct Replay {
    id: String,
    bucket: String,
    digest: KeyBytes,
}

/// A leaderboard entry, in its board's partition; the LSI sorts the partition by rank.
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Esports)]
#[pk("BOARD#<board>")]
#[sk("ENTRY#<player>")]
#[index(ByRank, sk = rank)]
struct Entry {
    board: String,
    player: String,
    rank: i32,
}

impl Id for Entry {
    fn id(&self) -> &str {
        &self.player
    }
}

fn a_match(id: &str, tournament: &str, region: &str, round: Option<u32>, bracket: &str) -> Match {
    Match {
        id: id.into(),
        tournament: tournament.into(),
        region: region.into(),
        round,
        bracket: bracket.into(),
        best_of: 3,
    }
}

/// The matches of `tests/engine_multi_attribute_gsi.rs`, and a team in the matches' index
/// partition (other entity type).
fn matches() -> Vec<Match> {
    vec![
        a_match("m1", "T1", "EU", Some(10), "upper"),
        a_match("m2", "T1", "EU", Some(2), "upper"),
        a_match("m3", "T1", "EU", Some(2), "lower"),
        a_match("m4", "T1", "EU", Some(1), "upper"),
        a_match("m5", "T1", "US", Some(2), "upper"),
        a_match("m6", "T2", "EU", Some(2), "upper"),
        a_match("m7", "T1", "EU", None, "upper"),
    ]
}

fn team() -> Team {
    Team {
        name: "owls".into(),
        tournament: "T1".into(),
        region: "EU".into(),
        round: 1,
        bracket: "upper".into(),
    }
}

/// An engine, a fresh table whose handle records its requests, the log, and the seed.
async fn seeded() -> Result<(TestEngine, Db<Esports>, RequestLog), BoxError> {
    let engine = TestEngine::start().await?;
    let log = RequestLog::new();
    let db = engine
        .fresh_table::<Esports>()
        .await?
        .with_request_log(&log);
    db.batch_put(&matches()).await?;
    db.put(&team()).await?;
    Ok((engine, db, log))
}

/// An entity of these tests, told apart by its id.
trait Id {
    fn id(&self) -> &str;
}

impl Id for Match {
    fn id(&self) -> &str {
        &self.id
    }
}

impl Id for Player {
    fn id(&self) -> &str {
        &self.id
    }
}

impl Id for Replay {
    fn id(&self) -> &str {
        &self.id
    }
}

/// The ids of the items `query` reads, in order, read as one stream.
async fn ids<E, I, S>(db: &Db<Esports>, query: &KeyQuery<E, I, S>) -> Result<Vec<String>, BoxError>
where
    E: Id + InTable<Esports> + DeserializeOwned + Send + 'static,
    I: ProjectsAll,
    Whole: dynakey_runtime::Output<Esports, E, I, Item = E>,
{
    let found: Vec<E> = db.query(query).items().try_collect().await?;
    Ok(found.iter().map(|e| e.id().to_owned()).collect())
}

/// The item stored under `PK = pk, SK = META`, read past dynakey.
async fn raw_item(db: &Db<Esports>, pk: &str) -> Result<Item, BoxError> {
    let output = db
        .client()
        .get_item()
        .table_name(db.table_name())
        .key("PK", AttributeValue::S(pk.into()))
        .key("SK", AttributeValue::S("META".into()))
        .consistent_read(true)
        .send()
        .await?;
    Ok(output.item.ok_or_else(|| format!("no item {pk}"))?)
}

/// The `Count` of the rendered Query `input`, sent past dynakey: how many items the engine reads
/// for that key condition.
async fn raw_count(db: &Db<Esports>, input: &QueryInput) -> Result<i32, BoxError> {
    let mut request = db
        .client()
        .query()
        .table_name(db.table_name())
        .set_index_name(input.index_name.clone())
        .key_condition_expression(&input.key_condition_expression)
        .select(Select::Count);
    for (placeholder, name) in &input.expression_attribute_names {
        request = request.expression_attribute_names(placeholder, name);
    }
    for (placeholder, value) in &input.expression_attribute_values {
        request = request.expression_attribute_values(placeholder, value.clone().into());
    }
    Ok(request.send().await?.count)
}

#[tokio::test]
async fn numbers_sort_as_numbers() -> Result<(), BoxError> {
    let (_engine, db, _log) = seeded().await?;
    let q = Match::query_by_tournament_region("T1", "EU");
    // Round 2 before round 10 (as key strings "10" < "2"); within round 2, "lower" before "upper";
    // m7 has no round, so it is not in the index.
    assert_eq!(ids(&db, &q).await?, ["m4", "m3", "m2", "m1"]);
    assert_eq!(
        ids(&db, &q.clone().reverse()).await?,
        ["m1", "m2", "m3", "m4"]
    );
    Ok(())
}

#[tokio::test]
async fn every_partition_attribute_is_matched() -> Result<(), BoxError> {
    let (_engine, db, _log) = seeded().await?;
    // m5 is in another region, m6 in another tournament: each partition attribute is an equality.
    assert_eq!(
        ids(&db, &Match::query_by_tournament_region("T1", "US")).await?,
        ["m5"]
    );
    assert_eq!(
        ids(&db, &Match::query_by_tournament_region("T2", "EU")).await?,
        ["m6"]
    );
    assert!(ids(&db, &Match::query_by_tournament_region("T2", "US"))
        .await?
        .is_empty());
    Ok(())
}

#[tokio::test]
async fn sort_attributes_left_to_right() -> Result<(), BoxError> {
    let (_engine, db, _log) = seeded().await?;
    let q = || Match::query_by_tournament_region("T1", "EU");
    let sk = Match::by_tournament_region_sk;
    assert_eq!(
        ids(&db, &q().sort_key(sk().round().eq(2))).await?,
        ["m3", "m2"]
    );
    assert_eq!(
        ids(&db, &q().sort_key(sk().round().eq(2).bracket().eq("upper"))).await?,
        ["m2"]
    );
    assert_eq!(
        ids(
            &db,
            &q().sort_key(sk().round().eq(10).bracket().eq("lower"))
        )
        .await?,
        Vec::<String>::new()
    );
    Ok(())
}

#[tokio::test]
async fn a_range_on_the_last_given_attribute() -> Result<(), BoxError> {
    let (_engine, db, _log) = seeded().await?;
    let q = || Match::query_by_tournament_region("T1", "EU");
    let sk = Match::by_tournament_region_sk;
    // No excluded ends: `>`/`<` reach DynamoDB as themselves, so round 1 (or 10) is not read.
    let cases: [(&str, Vec<String>); 8] = [
        (
            "round().gt(1)",
            ids(&db, &q().sort_key(sk().round().gt(1))).await?,
        ),
        (
            "round().gte(2)",
            ids(&db, &q().sort_key(sk().round().gte(2))).await?,
        ),
        (
            "round().lt(10)",
            ids(&db, &q().sort_key(sk().round().lt(10))).await?,
        ),
        (
            "round().lte(2)",
            ids(&db, &q().sort_key(sk().round().lte(2))).await?,
        ),
        (
            "round().between(2, 10)",
            ids(&db, &q().sort_key(sk().round().between(2, 10))).await?,
        ),
        (
            "round().eq(2).bracket().begins_with(\"low\")",
            ids(
                &db,
                &q().sort_key(sk().round().eq(2).bracket().begins_with("low")),
            )
            .await?,
        ),
        (
            "round().eq(2).bracket().gt(\"lower\")",
            ids(&db, &q().sort_key(sk().round().eq(2).bracket().gt("lower"))).await?,
        ),
        (
            "round().between(2, 10).reverse()",
            ids(&db, &q().sort_key(sk().round().between(2, 10)).reverse()).await?,
        ),
    ];
    let expected: [&[&str]; 8] = [
        &["m3", "m2", "m1"],
        &["m3", "m2", "m1"],
        &["m4", "m3", "m2"],
        &["m4", "m3", "m2"],
        &["m3", "m2", "m1"],
        &["m3"],
        &["m2"],
        &["m1", "m2", "m3"],
    ];
    for ((what, got), want) in cases.into_iter().zip(expected) {
        assert_eq!(got, want, "{what}");
    }

    // `between` compares numbers as numbers: (2, 10) above is in order although "10" < "2" as
    // text; (10, 2) is refused before any request.
    match q().sort_key(sk().round().between(10, 2)).plan() {
        Err(e) => assert!(
            matches!(e.kind(), KeyErrorKind::Condition(_)),
            "round().between(10, 2): {e:?}"
        ),
        Ok(plan) => return Err(format!("round().between(10, 2) was planned: {plan:?}").into()),
    }
    Ok(())
}

#[tokio::test]
async fn none_keeps_the_item_out() -> Result<(), BoxError> {
    let (_engine, db, _log) = seeded().await?;
    // m7 (round None) is stored, without a `round` attribute: not a NULL, which DynamoDB refuses
    // in an index key attribute.
    let stored = raw_item(&db, "MATCH#m7").await?;
    assert_eq!(stored.get("round"), None, "{stored:?}");
    assert_eq!(
        stored.get("tournament"),
        Some(&AttributeValue::S("T1".into()))
    );
    assert_eq!(
        db.get(&Match::key("m7")?).consistent_read().await?,
        Some(a_match("m7", "T1", "EU", None, "upper"))
    );
    // Not in the index: neither a Query of its partition nor a Scan of the index meets it.
    assert!(!ids(&db, &Match::query_by_tournament_region("T1", "EU"))
        .await?
        .contains(&"m7".to_owned()));
    let scanned = db
        .client()
        .scan()
        .table_name(db.table_name())
        .index_name("ByTournamentRegion")
        .send()
        .await?;
    let in_index: Vec<&AttributeValue> =
        scanned.items().iter().filter_map(|i| i.get("PK")).collect();
    assert_eq!(
        in_index.len(),
        7,
        "6 scheduled matches and the team: {in_index:?}"
    );
    assert!(!in_index.contains(&&AttributeValue::S("MATCH#m7".into())));
    Ok(())
}

#[tokio::test]
async fn resuming_from_a_cursor_keeps_native_types() -> Result<(), BoxError> {
    let (_engine, db, log) = seeded().await?;
    let q = Match::query_by_tournament_region("T1", "EU").limit(1);
    let plan = q.plan()?;
    let mut seen = Vec::new();
    let mut cursor: Option<Cursor> = None;
    let before = log.queries().len();
    let mut pages = 0;
    loop {
        let page = db.query(&q).page(cursor.as_ref()).await?;
        pages += 1;
        assert_eq!(page.requests, 1, "one page of limit 1 is one Query");
        seen.extend(page.items.into_iter().map(|m| m.id));
        let Some(next) = page.next else { break };
        let start = only_start(db.cursor_codec().decode(db.table_name(), &plan, &next)?)?;
        // Every key attribute of the index and the table, each with its own type.
        let names: Vec<&str> = start.keys().map(String::as_str).collect();
        assert_eq!(
            names,
            [
                "PK",
                "SK",
                "_type",
                "bracket",
                "region",
                "round",
                "tournament"
            ]
        );
        assert!(
            matches!(start.get("round"), Some(KeyValue::N(_))),
            "{start:?}"
        );
        assert_eq!(start.get("_type"), Some(&KeyValue::S("Match".into())));
        assert_eq!(start.get("region"), Some(&KeyValue::S("EU".into())));
        cursor = Some(next);
        if pages > 10 {
            return Err("paging does not end".into());
        }
    }
    assert_eq!(seen, ["m4", "m3", "m2", "m1"]);
    let sent = log.queries();
    assert_eq!(sent.len() - before, pages, "one request per page");
    assert!(sent[before..]
        .iter()
        .skip(1)
        .all(|s| s.exclusive_start_key().is_some()));

    // The round of the position is the number `2`, not the text of an encoded key.
    let after_two = db.query(&q.clone().limit(2)).page(None).await?;
    let next = after_two.next.ok_or("two of four matches leave a cursor")?;
    let start = only_start(db.cursor_codec().decode(
        db.table_name(),
        &q.clone().limit(2).plan()?,
        &next,
    )?)?;
    assert_eq!(start.get("round"), Some(&KeyValue::N("2".into())));
    assert_eq!(start.get("bracket"), Some(&KeyValue::S("lower".into())));
    let rest: Vec<Match> = db
        .query(&q.clone().limit(10))
        .from(Some(&next))
        .items()
        .try_collect()
        .await?;
    let rest: Vec<String> = rest.into_iter().map(|m| m.id).collect();
    assert_eq!(rest, ["m2", "m1"]);
    Ok(())
}

/// The start key of a one-partition cursor's only position.
fn only_start(positions: Vec<Position>) -> Result<StartKey, BoxError> {
    match <[Position; 1]>::try_from(positions) {
        Ok([Position::After(key)]) => Ok(key),
        other => Err(format!("expected one position after a key, got {other:?}").into()),
    }
}

#[tokio::test]
async fn entities_on_one_index_are_told_apart() -> Result<(), BoxError> {
    let (_engine, db, _log) = seeded().await?;
    // The team shares the matches' tournament, region, round and bracket with m4; only its
    // entity-type attribute differs, and it is the first partition attribute of the index.
    let q = Match::query_by_tournament_region("T1", "EU");
    let page = db
        .query(&q)
        .unknown_items(UnknownItems::Skip)
        .page(None)
        .await?;
    assert_eq!(page.unknown_count, 0, "no other entity's item was read");
    let ids: Vec<&str> = page.items.iter().map(|m| m.id.as_str()).collect();
    assert_eq!(ids, ["m4", "m3", "m2", "m1"]);
    // The engine reads only matches for that key condition: the team is never read.
    assert_eq!(raw_count(&db, &q.build()?).await?, 4);

    let teams: Vec<Team> = db
        .query(&Team::query_by_tournament_region("T1", "EU"))
        .items()
        .try_collect()
        .await?;
    assert_eq!(teams, [team()]);
    let input = Team::query_by_tournament_region("T1", "EU").build()?;
    assert_eq!(
        input.expression_attribute_values.get(":_type"),
        Some(&dynakey::AttributeValue::S("Team".into()))
    );
    assert_eq!(raw_count(&db, &input).await?, 1);
    Ok(())
}

#[tokio::test]
async fn the_key_condition_is_sent_as_rendered() -> Result<(), BoxError> {
    use dynakey::AttributeValue as Value;
    let (_engine, db, log) = seeded().await?;
    let sk = Match::by_tournament_region_sk;
    let partition = [
        (":_type", Value::S("Match".into())),
        (":tournament", Value::S("T1".into())),
        (":region", Value::S("EU".into())),
    ];
    let cases = [
        (
            Match::query_by_tournament_region("T1", "EU")
                .sort_key(sk().round().eq(2).bracket().begins_with("low")),
            "#_type = :_type AND #tournament = :tournament AND #region = :region AND \
             #round = :round AND begins_with(#bracket, :bracket)",
            vec![
                (":round", Value::N("2".into())),
                (":bracket", Value::S("low".into())),
            ],
            ["m3"].as_slice(),
        ),
        (
            Match::query_by_tournament_region("T1", "EU").sort_key(sk().round().between(2, 10)),
            "#_type = :_type AND #tournament = :tournament AND #region = :region AND \
             #round BETWEEN :lo AND :hi",
            vec![
                (":lo", Value::N("2".into())),
                (":hi", Value::N("10".into())),
            ],
            ["m3", "m2", "m1"].as_slice(),
        ),
    ];
    for (q, text, sort_values, expected) in cases {
        let input = q.build()?;
        assert_eq!(input.index_name.as_deref(), Some("ByTournamentRegion"));
        assert_eq!(input.key_condition_expression, text);
        // Each attribute is named after itself, and exactly the placeholders used are sent.
        let names: Vec<(&str, &str)> = input
            .expression_attribute_names
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        let mut want_names: Vec<(String, String)> = ["_type", "tournament", "region", "round"]
            .into_iter()
            .chain(text.contains("#bracket").then_some("bracket"))
            .map(|n| (format!("#{n}"), n.to_owned()))
            .collect();
        want_names.sort();
        let want_names: Vec<(&str, &str)> = want_names
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        assert_eq!(names, want_names, "{text}");
        let mut want_values: Vec<(&str, Value)> = partition.to_vec();
        want_values.extend(sort_values);
        want_values.sort_by(|a, b| a.0.cmp(b.0));
        let values: Vec<(&str, Value)> = input
            .expression_attribute_values
            .iter()
            .map(|(k, v)| (k.as_str(), v.clone()))
            .collect();
        assert_eq!(values, want_values, "{text}");

        // What the SDK sent is the rendered text, and the engine answers it.
        let found = ids(&db, &q).await?;
        assert_eq!(found, expected, "{text}");
        let sent = log.queries().pop().ok_or("no Query recorded")?;
        assert_eq!(sent.key_condition_expression(), Some(text));
        assert_eq!(sent.index_name(), Some("ByTournamentRegion"));
    }
    Ok(())
}

fn player(id: &str, board: &str, score: u64) -> Player {
    Player {
        id: id.into(),
        board: board.into(),
        score,
    }
}

fn replay(id: &str, digest: &[u8]) -> Replay {
    Replay {
        id: id.into(),
        bucket: "b1".into(),
        digest: KeyBytes::from(digest.to_vec()),
    }
}

#[tokio::test]
async fn a_typed_single_attribute_sort_key() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<Esports>().await?;
    db.batch_put(&[
        player("p100", "global", 100),
        player("p9", "global", 9),
        player("p1000", "global", 1000),
        player("p10", "global", 10),
        player("other", "weekly", 50),
    ])
    .await?;
    let q = || Player::query_by_score("global");
    let sk = Player::by_score_sk;
    assert_eq!(ids(&db, &q()).await?, ["p9", "p10", "p100", "p1000"]);
    assert_eq!(
        ids(&db, &q().reverse()).await?,
        ["p1000", "p100", "p10", "p9"]
    );
    assert_eq!(
        ids(&db, &q().sort_key(sk().score().gte(100))).await?,
        ["p100", "p1000"]
    );
    assert_eq!(
        ids(&db, &q().sort_key(sk().score().gt(100))).await?,
        ["p1000"]
    );
    assert_eq!(
        ids(&db, &q().sort_key(sk().score().between(10, 100))).await?,
        ["p10", "p100"]
    );
    assert_eq!(
        ids(&db, &q().sort_key(sk().score().lt(100)).reverse()).await?,
        ["p10", "p9"]
    );
    assert_eq!(ids(&db, &q().sort_key(sk().score().eq(10))).await?, ["p10"]);
    // One partition and one sort attribute: the fixed placeholders, the value a number.
    let input = q().sort_key(sk().score().gte(100)).build()?;
    assert_eq!(input.key_condition_expression, "#pk = :pk AND #sk >= :sk");
    assert_eq!(
        input
            .expression_attribute_names
            .get("#sk")
            .map(String::as_str),
        Some("score")
    );
    assert_eq!(
        input.expression_attribute_values.get(":sk"),
        Some(&dynakey::AttributeValue::N("100".into()))
    );
    // The score is stored as a number, and the index sorts by it.
    let stored = raw_item(&db, "PLAYER#p9").await?;
    assert_eq!(stored.get("score"), Some(&AttributeValue::N("9".into())));
    assert_eq!(
        stored.get("GSI2PK"),
        Some(&AttributeValue::S("BOARD#global".into()))
    );

    // Bytes sort as unsigned bytes: 0x7f before 0x80, a prefix before its extensions.
    db.batch_put(&[
        replay("r80", &[0x80]),
        replay("rff", &[0xff]),
        replay("r00", &[0x00]),
        replay("r01ff", &[0x01, 0xff]),
        replay("r01", &[0x01]),
        replay("r7f", &[0x7f]),
    ])
    .await?;
    assert_eq!(
        ids(&db, &Replay::query_by_digest("b1")).await?,
        ["r00", "r01", "r01ff", "r7f", "r80", "rff"]
    );
    assert_eq!(
        ids(
            &db,
            &Replay::query_by_digest("b1").sort_key(
                Replay::by_digest_sk()
                    .digest()
                    .gte(KeyBytes::from(vec![0x7f]))
            )
        )
        .await?,
        ["r7f", "r80", "rff"]
    );
    let stored = db
        .get(&Replay::key("r01ff")?)
        .consistent_read()
        .await?
        .ok_or("no replay r01ff")?;
    assert_eq!(stored, replay("r01ff", &[0x01, 0xff]));
    Ok(())
}

#[tokio::test]
async fn updates_keep_native_index_attributes() -> Result<(), BoxError> {
    let (_engine, db, _log) = seeded().await?;
    let in_index = |round: Option<u32>| {
        let db = &db;
        async move {
            let q = Match::query_by_tournament_region("T1", "EU");
            let found = match round {
                Some(r) => {
                    ids(
                        db,
                        &q.sort_key(Match::by_tournament_region_sk().round().eq(r)),
                    )
                    .await?
                }
                None => ids(db, &q).await?,
            };
            Ok::<_, BoxError>(found.contains(&"m4".to_owned()))
        }
    };
    let key = Match::key("m4")?;

    // An update of another field leaves the native key attributes (and the index) as they were.
    db.update(&key).set(Match::BEST_OF, 5u8).await?;
    let stored = raw_item(&db, "MATCH#m4").await?;
    assert_eq!(stored.get("round"), Some(&AttributeValue::N("1".into())));
    assert_eq!(
        stored.get("_type"),
        Some(&AttributeValue::S("Match".into()))
    );
    assert!(in_index(Some(1)).await?);

    // The index group set with round None: the attribute is removed (not set to NULL), and the
    // item leaves the index.
    db.update(&key)
        .set(
            Match::BY_TOURNAMENT_REGION,
            ("T1", "EU", None::<u32>, "upper"),
        )
        .await?;
    let stored = raw_item(&db, "MATCH#m4").await?;
    assert_eq!(stored.get("round"), None, "{stored:?}");
    assert!(!in_index(None).await?);
    assert_eq!(
        db.get(&key).consistent_read().await?.map(|m| m.round),
        Some(None)
    );

    // Set back: it returns, under its new round.
    db.update(&key)
        .set(
            Match::BY_TOURNAMENT_REGION,
            ("T1", "EU", Some(3u32), "upper"),
        )
        .await?;
    let stored = raw_item(&db, "MATCH#m4").await?;
    assert_eq!(stored.get("round"), Some(&AttributeValue::N("3".into())));
    assert!(in_index(Some(3)).await?);
    assert!(!in_index(Some(1)).await?);
    let ids_now = ids(&db, &Match::query_by_tournament_region("T1", "EU")).await?;
    assert_eq!(ids_now, ["m3", "m2", "m4", "m1"]);

    // A put of the entity read back keeps them too.
    let read = db.get(&key).consistent_read().await?.ok_or("no m4")?;
    db.put(&read).await?;
    assert!(in_index(Some(3)).await?);
    Ok(())
}

#[tokio::test]
async fn a_typed_lsi_sort_key() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<Esports>().await?;
    let entry = |player: &str, rank: i32| Entry {
        board: "global".into(),
        player: player.into(),
        rank,
    };
    db.batch_put(&[
        entry("ada", 10),
        entry("bob", -3),
        entry("cy", 2),
        entry("di", 100),
    ])
    .await?;
    // Negative and multi-digit ranks in number order; an LSI may be read consistently.
    let q = || Entry::query_by_rank("global");
    let sk = Entry::by_rank_sk;
    assert_eq!(ids(&db, &q()).await?, ["bob", "cy", "ada", "di"]);
    assert_eq!(
        ids(&db, &q().consistent_read()).await?,
        ["bob", "cy", "ada", "di"]
    );
    assert_eq!(
        ids(&db, &q().sort_key(sk().rank().lt(10))).await?,
        ["bob", "cy"]
    );
    assert_eq!(
        ids(&db, &q().sort_key(sk().rank().between(-3, 2)).reverse()).await?,
        ["cy", "bob"]
    );
    let input = q().sort_key(sk().rank().gte(-3)).build()?;
    assert_eq!(input.index_name.as_deref(), Some("LSI1"));
    assert_eq!(input.key_condition_expression, "#pk = :pk AND #sk >= :sk");
    assert_eq!(
        input.expression_attribute_values.get(":sk"),
        Some(&dynakey::AttributeValue::N("-3".into()))
    );
    Ok(())
}

#[tokio::test]
async fn native_values_dynamodb_refuses_are_errors_before_any_request() -> Result<(), BoxError> {
    let db = common::unsent::<Esports>("nowhere");
    let key_error = |result: Result<(), dynakey_runtime::Error>| match result {
        Err(dynakey_runtime::Error::Key(e)) => Ok(e.into_kind()),
        other => Err(format!(
            "expected a key error before any request, got {other:?}"
        )),
    };
    // Bytes: empty, or over the 1,024 bytes of a sort key.
    assert_eq!(
        key_error(db.put(&replay("r", &[])).await)?,
        KeyErrorKind::EmptyKey {
            role: dynakey::KeyRole::Sort
        }
    );
    match key_error(db.put(&replay("r", &[7; 1025])).await)? {
        KeyErrorKind::TooLong { bytes, limit, .. } => assert_eq!((bytes, limit), (1025, 1024)),
        other => return Err(format!("expected TooLong, got {other:?}").into()),
    }
    // A string partition attribute: empty.
    assert_eq!(
        key_error(db.put(&a_match("m", "T1", "", Some(1), "upper")).await)?,
        KeyErrorKind::EmptyKey {
            role: dynakey::KeyRole::Partition
        }
    );
    // The same in a query: refused when it is planned.
    match Match::query_by_tournament_region("T1", "").plan() {
        Err(e) => assert!(matches!(e.kind(), KeyErrorKind::EmptyKey { .. }), "{e:?}"),
        Ok(plan) => return Err(format!("an empty region was planned: {plan:?}").into()),
    }
    // The control: a valid item is sent (and fails only for want of an engine).
    common::sent(db.put(&replay("r", &[1])).await)?;
    Ok(())
}

/// The start key of match `id` on `ByTournamentRegion` (table and index key attributes).
fn start_of(id: &str, tournament: &str, region: &str, round: &str, bracket: &str) -> StartKey {
    let s = |v: &str| KeyValue::S(v.into());
    StartKey::from([
        ("PK".to_owned(), s(&format!("MATCH#{id}"))),
        ("SK".to_owned(), s("META")),
        ("_type".to_owned(), s("Match")),
        ("tournament".to_owned(), s(tournament)),
        ("region".to_owned(), s(region)),
        ("round".to_owned(), KeyValue::N(round.into())),
        ("bracket".to_owned(), s(bracket)),
    ])
}

#[tokio::test]
async fn cursors_outside_their_query_are_refused_before_any_request() -> Result<(), BoxError> {
    let (_engine, db, _log) = seeded().await?;
    let unsent: Db<Esports> = common::unsent(db.table_name());
    let sk = Match::by_tournament_region_sk;
    let q = Match::query_by_tournament_region("T1", "EU").sort_key(sk().round().gte(2));
    let codec = db.cursor_codec();

    // The control: a cursor made at m3 (round 2, "lower") is sent, and resumes right after it.
    let at_m3 = codec.encode(
        db.table_name(),
        &q.plan()?,
        &[Position::After(start_of("m3", "T1", "EU", "2", "lower"))],
    )?;
    common::sent(unsent.query(&q).page(Some(&at_m3)).await)?;
    let rest: Vec<Match> = db
        .query(&q)
        .from(Some(&at_m3))
        .items()
        .try_collect()
        .await?;
    let rest: Vec<&str> = rest.iter().map(|m| m.id.as_str()).collect();
    assert_eq!(rest, ["m2", "m1"]);

    // Bound to its query: another partition, another sort condition, another entity.
    let others = [
        (
            "another region",
            Match::query_by_tournament_region("T1", "US").sort_key(sk().round().gte(2)),
        ),
        (
            "another bound",
            Match::query_by_tournament_region("T1", "EU").sort_key(sk().round().gte(3)),
        ),
        (
            "another operator",
            Match::query_by_tournament_region("T1", "EU").sort_key(sk().round().gt(2)),
        ),
        ("another direction", q.clone().reverse()),
    ];
    for (what, other) in others {
        let error = common::cursor_error(unsent.query(&other).page(Some(&at_m3)).await)?;
        assert!(
            matches!(error, dynakey::CursorError::OtherQuery(_)),
            "{what}: {error:?}"
        );
    }
    let teams = Team::query_by_tournament_region("T1", "EU");
    let error = common::cursor_error(unsent.query(&teams).page(Some(&at_m3)).await)?;
    assert!(
        matches!(error, dynakey::CursorError::OtherQuery(_)),
        "a team query: {error:?}"
    );

    // A start key outside the key condition cannot become a cursor: a round below the range,
    // another region, a round stored as text.
    let plan = q.plan()?;
    let outside = [
        ("below the range", start_of("m4", "T1", "EU", "1", "upper")),
        ("another region", start_of("m5", "T1", "US", "2", "upper")),
        ("a round as text", {
            let mut key = start_of("m3", "T1", "EU", "2", "lower");
            key.insert("round".into(), KeyValue::S("2".into()));
            key
        }),
    ];
    for (what, start) in outside {
        match codec.encode(db.table_name(), &plan, &[Position::After(start)]) {
            Err(e) => assert!(
                matches!(
                    e.kind(),
                    KeyErrorKind::Cursor(dynakey::CursorError::WrongKey(_))
                ),
                "{what}: {e:?}"
            ),
            Ok(cursor) => return Err(format!("{what}: made a cursor {cursor}").into()),
        }
    }
    Ok(())
}

#[tokio::test]
async fn an_item_the_entity_never_writes_is_not_decoded() -> Result<(), BoxError> {
    let (_engine, db, _log) = seeded().await?;
    // Written past dynakey into the matches' index partition, with the match entity type, but
    // under a table key Match's template never makes.
    let s = |v: &str| AttributeValue::S(v.into());
    db.client()
        .put_item()
        .table_name(db.table_name())
        .item("PK", s("IMPORT#7"))
        .item("SK", s("META"))
        .item("_type", s("Match"))
        .item("tournament", s("T1"))
        .item("region", s("EU"))
        .item("round", AttributeValue::N("5".into()))
        .item("bracket", s("upper"))
        .send()
        .await?;
    let q = Match::query_by_tournament_region("T1", "EU");
    match db.query(&q).items().try_collect::<Vec<Match>>().await {
        Err(dynakey_runtime::Error::ForeignItem {
            entity, partition, ..
        }) => {
            assert_eq!(entity, dynakey_runtime::ItemOwner::Entity("Match"));
            assert_eq!(partition.as_deref(), Some("IMPORT#7"));
        }
        other => return Err(format!("expected ForeignItem, got {other:?}").into()),
    }
    let page = db
        .query(&q)
        .unknown_items(UnknownItems::Skip)
        .page(None)
        .await?;
    assert_eq!(page.unknown_count, 1);
    let ids: Vec<&str> = page.items.iter().map(|m| m.id.as_str()).collect();
    assert_eq!(ids, ["m4", "m3", "m2", "m1"]);
    Ok(())
}
