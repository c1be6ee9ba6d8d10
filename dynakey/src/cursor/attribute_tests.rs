//! Cursors of attribute-wise index queries: positions keep their native `N`/`B` values, the
//! partition attributes are implied, and a forged key is refused by type, partition and range.

use super::*;
use crate::__private::{
    attribute_index_def, attribute_value, partition_key, query_attribute_index, AttributeOp,
    SortConditions,
};
use crate::QueryPart;
use crate::{Entity, KeyAttr, KeySchema};

#[derive(crate::Table)]
#[table(partition_key = "PK", sort_key = "SK")]
struct Board;

#[derive(Entity)]
#[dynakey(table = Board)]
#[pk("P#<id>")]
#[sk("META")]
struct Player {
    id: String,
}

struct ByScore;
impl crate::Index for ByScore {
    type Table = Board;
    const DEF: crate::IndexDef = attribute_index_def(
        "ByScore",
        crate::IndexKind::Global,
        KeySchema::attributes(
            &[KeyAttr::s("board"), KeyAttr::s("region")],
            &[KeyAttr::n("score"), KeyAttr::b("tag")],
        ),
        crate::Projection::All,
    );
}

fn query(board: &str) -> crate::KeyQuery<Player, ByScore> {
    query_attribute_index::<Player, ByScore>(
        partition_key([
            (
                "board",
                attribute_value::<String>(&board, KeyRole::Partition),
            ),
            (
                "region",
                attribute_value::<String>(&"eu", KeyRole::Partition),
            ),
        ]),
        <ByScore as crate::Index>::DEF,
    )
}

fn at_least(score: u32) -> QueryPlan {
    let range =
        SortConditions::new().compare::<Player, ByScore, u32>("score", AttributeOp::Ge, &score);
    query("global").sort_key(range).plan().unwrap()
}

fn start(board: &str, score: KeyValue, tag: KeyValue) -> StartKey {
    StartKey::from([
        ("PK".to_owned(), KeyValue::S("P#p1".into())),
        ("SK".to_owned(), KeyValue::S("META".into())),
        ("board".to_owned(), KeyValue::S(board.into())),
        ("region".to_owned(), KeyValue::S("eu".into())),
        ("score".to_owned(), score),
        ("tag".to_owned(), tag),
    ])
}

fn n(text: &str) -> KeyValue {
    KeyValue::N(text.into())
}

fn wrong_key<T: std::fmt::Debug>(result: Result<T, KeyError>) -> String {
    match result.map_err(KeyError::into_kind) {
        Err(crate::KeyErrorKind::Cursor(CursorError::WrongKey(reason))) => reason,
        other => panic!("expected WrongKey, got {other:?}"),
    }
}

#[test]
fn positions_keep_native_types_and_imply_the_partition() {
    let plan = at_least(9);
    let codec = CursorCodec::default();
    let positions = vec![Position::After(start(
        "global",
        n("10"),
        KeyValue::B(vec![0, 255]),
    ))];
    let cursor = codec.encode("t", &plan, &positions).unwrap();
    assert_eq!(codec.decode("t", &plan, &cursor).unwrap(), positions);
    // Another partition's plan refuses it.
    let other = {
        let range =
            SortConditions::new().compare::<Player, ByScore, u32>("score", AttributeOp::Ge, &9);
        query("weekly").sort_key(range).plan().unwrap()
    };
    assert!(matches!(
        codec
            .decode("t", &other, &cursor)
            .map_err(KeyError::into_kind),
        Err(crate::KeyErrorKind::Cursor(CursorError::OtherQuery(d)))
            if d.parts() == [QueryPart::Partitions]
    ));
}

#[test]
fn forged_keys_are_refused_by_type_partition_and_range() {
    let plan = at_least(9);
    let codec = CursorCodec::default();
    let encode = |key: StartKey| codec.encode("t", &plan, &[Position::After(key)]);
    // An S in an N attribute.
    let reason = wrong_key(encode(start(
        "global",
        KeyValue::S("10".into()),
        KeyValue::B(vec![1]),
    )));
    assert_eq!(
        reason,
        "its key attribute \"score\" is S, the index declares N"
    );
    // A number DynamoDB does not hold, an empty binary value.
    assert!(
        wrong_key(encode(start("global", n("1e200"), KeyValue::B(vec![1]))))
            .contains("no DynamoDB number")
    );
    assert!(wrong_key(encode(start("global", n("10"), KeyValue::B(vec![])))).contains("empty"));
    // Another partition value.
    assert!(
        wrong_key(encode(start("weekly", n("10"), KeyValue::B(vec![1])))).contains("partition")
    );
    // Outside the range, compared as numbers: 10 >= 9 holds, 8.5 >= 9 does not.
    assert!(encode(start("global", n("10"), KeyValue::B(vec![1]))).is_ok());
    assert!(wrong_key(encode(start("global", n("8.5"), KeyValue::B(vec![1])))).contains("outside"));
    // A missing attribute.
    let mut missing = start("global", n("10"), KeyValue::B(vec![1]));
    missing.remove("tag");
    assert!(wrong_key(encode(missing)).contains("attributes"));
}

struct ByLevel;
impl crate::Index for ByLevel {
    type Table = Board;
    const DEF: crate::IndexDef = attribute_index_def(
        "ByLevel",
        crate::IndexKind::Global,
        KeySchema::attributes(&[KeyAttr::n("level")], &[KeyAttr::n("score")]),
        crate::Projection::All,
    );
}

#[test]
fn number_partition_values_compare_as_numbers() {
    let plan = query_attribute_index::<Player, ByLevel>(
        partition_key([("level", attribute_value::<u32>(&100, KeyRole::Partition))]),
        <ByLevel as crate::Index>::DEF,
    )
    .plan()
    .unwrap();
    let codec = CursorCodec::default();
    let at = |level: &str| {
        StartKey::from([
            ("PK".to_owned(), KeyValue::S("P#p1".into())),
            ("SK".to_owned(), KeyValue::S("META".into())),
            ("level".to_owned(), n(level)),
            ("score".to_owned(), n("3")),
        ])
    };
    for same in ["100", "1e2", "100.0"] {
        let cursor = codec
            .encode("t", &plan, &[Position::After(at(same))])
            .unwrap();
        // The partition is implied: decoded with the plan's own text.
        assert_eq!(
            codec.decode("t", &plan, &cursor).unwrap(),
            [Position::After(at("100"))]
        );
    }
    assert!(
        wrong_key(codec.encode("t", &plan, &[Position::After(at("101"))])).contains("partition")
    );
}
