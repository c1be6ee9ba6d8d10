//! Attribute-wise indexes through the derive (issue 14), without an engine: the declarations the
//! table derive makes, the fills and values `Entity::attribute_keys` gives, the key conditions
//! the generated query functions and sort builders build.

use dynakey::AttributeType;
use dynakey::{Entity, Fill, Index, IndexValue, KeyValue, Table};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByTournamentRegion, partition_key = [entity_type("_type"), "tournament", "region"],
      sort_key = ["round": N, "bracket_key"])]
#[gsi(ByScore, partition_key = "GSI2PK", sort_key = "score": N)]
#[lsi(ByRank, sort_key = "rank": N)]
#[gsi(ByStatus, partition_key = "GSI1PK", sort_key = "GSI1SK")]
#[gsi(ByKind, partition_key = entity_type("_type"), sort_key = ["seed": N])]
struct Esports;

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[dynakey(table = Esports, entity_type = "_type")]
#[pk("MATCH#<id>")]
#[sk("META")]
#[index(ByTournamentRegion, pk = [tournament, region], sk = [round, "B#<bracket>"])]
#[index(ByRank, sk = rank)]
#[index(ByStatus, pk = "STATUS#<status>", sk = "<id>")]
struct Match {
    id: String,
    tournament: String,
    region: String,
    round: Option<u32>,
    bracket: String,
    rank: u8,
    status: String,
}

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[dynakey(table = Esports, entity_type = "_type")]
#[pk("PLAYER#<id>")]
#[sk("META")]
#[index(ByScore, pk = "BOARD#<board>", sk = score)]
#[index(ByKind, pk = [], sk = [seed])]
struct Player {
    id: String,
    board: String,
    score: u64,
    seed: i32,
}

fn sample() -> Match {
    Match {
        id: "m1".into(),
        tournament: "T1".into(),
        region: "EU".into(),
        round: Some(2),
        bracket: "low".into(),
        rank: 3,
        status: "OPEN".into(),
    }
}

#[test]
fn the_table_declares_typed_key_schemas() {
    let def = <ByTournamentRegion as Index>::DEF;
    assert!(def.is_attribute_wise());
    let schema = def.key_schema();
    assert!(schema.has_entity_type());
    let names: Vec<(&str, AttributeType)> = schema
        .partition()
        .iter()
        .chain(schema.sort())
        .map(|a| (a.name(), a.attribute_type()))
        .collect();
    assert_eq!(
        names,
        [
            ("_type", AttributeType::S),
            ("tournament", AttributeType::S),
            ("region", AttributeType::S),
            ("round", AttributeType::N),
            ("bracket_key", AttributeType::S),
        ]
    );
    assert_eq!(<ByScore as Index>::DEF.sort_key(), Some("score"));
    assert!(<ByScore as Index>::DEF.is_attribute_wise());
    let rank = <ByRank as Index>::DEF.key_schema();
    assert_eq!(rank.partition()[0].name(), "PK");
    assert_eq!(rank.sort()[0].attribute_type(), AttributeType::N);
    assert!(!<ByStatus as Index>::DEF.is_attribute_wise());
    assert_eq!(Esports::INDEXES.len(), 5);
}

#[test]
fn entity_indexes_carry_their_fills() {
    let fills = Match::INDEXES[0].fills();
    assert_eq!(fills.len(), 5);
    assert_eq!(fills[0], Fill::EntityType);
    assert_eq!(fills[1], Fill::Native(AttributeType::S));
    assert_eq!(fills[3], Fill::Native(AttributeType::N));
    assert!(matches!(fills[4], Fill::Template(_)));
    assert!(Match::INDEXES[0].is_sparse());
    assert_eq!(Match::INDEXES[1].fills(), &[Fill::Native(AttributeType::N)]);
    assert!(
        Match::INDEXES[2].fills().is_empty(),
        "a template index has no fills"
    );
}

#[test]
fn attribute_keys_list_every_fill_and_index_keys_the_template_ones() {
    let keys = sample().attribute_keys().unwrap();
    assert_eq!(
        keys,
        [
            ("tournament", IndexValue::Check(KeyValue::S("T1".into()))),
            ("region", IndexValue::Check(KeyValue::S("EU".into()))),
            ("round", IndexValue::Check(KeyValue::N("2".into()))),
            (
                "bracket_key",
                IndexValue::Write(KeyValue::S("B#low".into()))
            ),
            ("rank", IndexValue::Check(KeyValue::N("3".into()))),
        ]
    );
    let sparse = Match {
        round: None,
        ..sample()
    };
    assert_eq!(
        sparse.attribute_keys().unwrap()[2],
        ("round", IndexValue::Absent)
    );
    assert_eq!(
        sample().index_keys().unwrap(),
        [
            ("GSI1PK", "STATUS#OPEN".to_owned()),
            ("GSI1SK", "m1".to_owned())
        ]
    );
    let empty = Match {
        tournament: String::new(),
        ..sample()
    };
    assert!(
        empty.attribute_keys().is_err(),
        "an empty S key attribute is refused"
    );
}

/// The `KeyConditionExpression` and its values of a query, as sent.
fn sent<E, I, S, P>(query: &dynakey::KeyQuery<E, I, S, P>) -> (String, Vec<String>) {
    let input = query.plan().unwrap().input(0);
    let mut names: Vec<String> = input.expression_attribute_names.values().cloned().collect();
    names.sort();
    (input.key_condition_expression, names)
}

#[test]
fn queries_give_every_partition_attribute_and_sort_attributes_left_to_right() {
    let (text, names) = sent(&Match::query_by_tournament_region("T1", "EU"));
    assert_eq!(
        text,
        "#_type = :_type AND #tournament = :tournament AND #region = :region"
    );
    assert_eq!(names, ["_type", "region", "tournament"]);
    let (text, _) = sent(
        &Match::query_by_tournament_region("T1", "EU").sort_key(
            Match::by_tournament_region_sk()
                .round()
                .eq(2)
                .bracket()
                .eq("low"),
        ),
    );
    assert!(
        text.ends_with("AND #round = :round AND #bracket_key = :bracket_key"),
        "{text}"
    );
    let (text, _) = sent(
        &Match::query_by_tournament_region("T1", "EU")
            .sort_key(Match::by_tournament_region_sk().round().between(2, 10)),
    );
    assert!(text.ends_with("AND #round BETWEEN :lo AND :hi"), "{text}");
    let (text, _) = sent(
        &Match::query_by_tournament_region("T1", "EU").sort_key(
            Match::by_tournament_region_sk()
                .round()
                .eq(2u32)
                .bracket()
                .gte("low"),
        ),
    );
    // A one-sided range on a template fill stays inside its literal prefix ("B#"): one BETWEEN.
    assert!(
        text.ends_with("AND #bracket_key BETWEEN :lo AND :hi"),
        "{text}"
    );
    let (text, _) =
        sent(&Player::query_by_score("global").sort_key(Player::by_score_sk().score().gte(100u64)));
    assert!(text.contains(">="), "{text}");
    let (text, names) =
        sent(&Player::query_by_kind().sort_key(Player::by_kind_sk().seed().gt(-1i32)));
    // One partition and one sort attribute: today's fixed placeholders (design §2, render.rs).
    assert_eq!(text, "#pk = :pk AND #sk > :sk");
    assert_eq!(names, ["_type", "seed"]);
    let (text, _) = sent(&Match::query_by_rank("m1").sort_key(Match::by_rank_sk().rank().lt(5u8)));
    assert!(text.contains("<"), "{text}");
}

#[test]
fn a_template_sort_fill_compares_its_encoded_key() {
    let values = |q: &dynakey::KeyQuery<Match, _, _>| {
        let input = q.plan().unwrap().input(0);
        format!("{:?}", input.expression_attribute_values)
    };
    let q = Match::query_by_tournament_region("T1", "EU").sort_key(
        Match::by_tournament_region_sk()
            .round()
            .eq(2u32)
            .bracket()
            .eq("low"),
    );
    assert!(values(&q).contains("B#low"), "{}", values(&q));
    let bad = Match::query_by_tournament_region("T1", "EU").sort_key(
        Match::by_tournament_region_sk()
            .round()
            .eq(2u32)
            .bracket()
            .between("z", "a"),
    );
    assert!(bad.plan().is_err(), "low above high");
    let bad = Match::query_by_tournament_region("", "EU");
    assert!(bad.plan().is_err(), "an empty S partition value");
}
