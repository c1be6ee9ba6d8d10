//! The screen never vouches for an item the full path (`to_item` + `check_item`) refuses, its
//! size is a bound on `item_size`, and it does vouch for ordinary items (or `batch_put` would
//! gain nothing).

use std::collections::{BTreeMap, BTreeSet};

use dynakey::{Entity, Table};
use proptest::prelude::*;
use serde::{Serialize, Serializer};

use super::{checked_key, screen};
use crate::item::{check_item, item_size, to_item};
use crate::limits::{MAX_ITEM_SIZE, MAX_NESTING};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByOwner, name = "GSI1", partition_key = "GSI1PK", sort_key = "GSI1SK", projection = all)]
#[gsi(BySort, name = "GSI2", partition_key = "GSI2PK", sort_key = "SK", projection = all)]
struct App;

#[derive(Serialize, Debug, Clone)]
enum Kind {
    Unit,
    Newtype(u8),
    Tuple(i32, String),
    Struct { a: f32, b: Option<bool> },
}

/// Bytes written with `serialize_bytes` (a `B` value), as `serde_bytes` writes them.
#[derive(Debug, Clone)]
struct Blob(Vec<u8>);

impl Serialize for Blob {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(&self.0)
    }
}

/// A string `depth` lists deep.
#[derive(Debug, Clone)]
struct Deep(usize);

impl Serialize for Deep {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            0 => serializer.serialize_str("leaf"),
            n => [Deep(n - 1)].serialize(serializer),
        }
    }
}

/// A string set (`SS`, possibly empty, which DynamoDB refuses), or `NULL`.
#[derive(Debug, Clone)]
struct Labels(Option<BTreeSet<String>>);

impl Serialize for Labels {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match &self.0 {
            Some(set) => serde_dynamo::string_set::serialize(set, serializer),
            None => serializer.serialize_none(),
        }
    }
}

#[derive(Entity, Serialize, Debug, Clone)]
#[dynakey(table = App, entity_type = "_type")]
#[pk("WS#<workspace>")]
#[sk("DOC#<id>")]
#[index(ByOwner, pk = "OWNER#<owner>", sk = "<id>")]
struct Doc {
    workspace: String,
    id: u64,
    owner: String,
    title: String,
    n: i64,
    small: i8,
    score: f64,
    ratio: f32,
    letter: char,
    tags: Vec<String>,
    kind: Kind,
    maybe: Option<Kind>,
    blob: Blob,
    deep: Deep,
    labels: Labels,
    nested: BTreeMap<String, Vec<Option<u64>>>,
    #[serde(flatten)]
    extra: BTreeMap<String, String>,
}

/// An entity whose index writes the table's sort key again (`GSI2`'s sort key is `SK`).
#[derive(Entity, Serialize, Debug, Clone)]
#[dynakey(table = App)]
#[pk("WS#<workspace>")]
#[sk("NOTE#<id>")]
#[index(BySort, pk = "NOTE#<workspace>", sk = "NOTE#<id>")]
struct Note {
    workspace: String,
    id: u64,
    text: String,
}

fn kind() -> impl Strategy<Value = Kind> {
    prop_oneof![
        Just(Kind::Unit),
        any::<u8>().prop_map(Kind::Newtype),
        (any::<i32>(), "[a-z]{0,8}").prop_map(|(n, s)| Kind::Tuple(n, s)),
        (any::<f32>(), any::<Option<bool>>()).prop_map(|(a, b)| Kind::Struct { a, b }),
    ]
}

/// Short strings mostly, and now and then one near DynamoDB's 400 KB, of one- or two-byte
/// characters.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        8 => "[a-zé#]{0,12}",
        1 => (MAX_ITEM_SIZE - 600..MAX_ITEM_SIZE + 10).prop_map(|n| "x".repeat(n)),
        1 => (MAX_ITEM_SIZE / 2 - 300..MAX_ITEM_SIZE / 2 + 10).prop_map(|n| "é".repeat(n)),
    ]
}

/// Names of the flattened fields: some of them are attributes dynakey writes.
fn extra() -> impl Strategy<Value = BTreeMap<String, String>> {
    let name = prop_oneof![
        6 => "[a-z]{1,6}",
        1 => prop::sample::select(vec!["PK", "SK", "_type", "GSI1PK", "GSI1SK", "GSI2PK"])
            .prop_map(str::to_owned),
    ];
    prop::collection::btree_map(name, "[a-z]{0,4}", 0..3)
}

fn doc() -> impl Strategy<Value = Doc> {
    let numbers = (
        any::<u64>(),
        any::<i64>(),
        any::<i8>(),
        prop_oneof![
            8 => -1e9..1e9f64,
            4 => any::<f64>(),
            1 => Just(f64::NAN),
            1 => Just(1e-131),
            1 => Just(1e126),
            1 => Just(-0.0),
            1 => Just(1e125),
            1 => Just(1e-129),
        ],
        any::<f32>(),
        any::<char>(),
    );
    let texts = (
        "[a-z#]{0,6}",
        text(),
        text(),
        prop::collection::vec("[a-z]{0,5}", 0..4),
    );
    let shapes = (
        kind(),
        prop::option::of(kind()),
        prop::collection::vec(any::<u8>(), 0..8).prop_map(Blob),
        prop_oneof![4 => 0..4usize, 1 => MAX_NESTING - 3..MAX_NESTING + 2].prop_map(Deep),
        prop::option::weighted(0.2, prop::collection::btree_set("[a-z]{1,4}", 0..3))
            .prop_map(Labels),
        prop::collection::btree_map(
            "[a-z]{0,3}",
            prop::collection::vec(any::<Option<u64>>(), 0..3),
            0..3,
        ),
        extra(),
    );
    (numbers, texts, shapes).prop_map(
        |(
            (id, n, small, score, ratio, letter),
            (workspace, owner, title, tags),
            (kind, maybe, blob, deep, labels, nested, extra),
        )| Doc {
            workspace,
            id,
            owner,
            title,
            n,
            small,
            score,
            ratio,
            letter,
            tags,
            kind,
            maybe,
            blob,
            deep,
            labels,
            nested,
            extra,
        },
    )
}

/// What the full path says: the key strings, or the error's text (for an item `check_item`
/// refuses, only that it is invalid: which of several problems it names first depends on the
/// order of a hash map).
fn full_path<E: Entity + Serialize>(entity: &E) -> Result<(String, Option<String>), String> {
    let item = to_item(entity).map_err(|e| e.to_string())?;
    let key = |name: &str| match item.get(name) {
        Some(aws_sdk_dynamodb::types::AttributeValue::S(s)) => Some(s.clone()),
        _ => None,
    };
    check_item(&item).map_err(|_| INVALID.to_owned())?;
    Ok((
        key(<E::Table as Table>::PARTITION_KEY).unwrap_or_default(),
        <E::Table as Table>::SORT_KEY.and_then(key),
    ))
}

const INVALID: &str = "an item check_item refuses";

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn the_screen_vouches_only_for_items_the_full_path_accepts(doc in doc()) {
        match screen(&doc) {
            Ok(Some((key, size))) => {
                let item = to_item(&doc).expect("vouched for, so it serialises");
                prop_assert!(check_item(&item).is_ok(), "vouched for {doc:?}: {:?}", check_item(&item));
                prop_assert!(size >= item_size(&item), "bound {size} < {}", item_size(&item));
                prop_assert_eq!(Ok(key), full_path(&doc));
            }
            Ok(None) => {}
            Err(error) => prop_assert_eq!(Err(error.to_string()), full_path(&doc).map(|_| ())),
        }
        // What a batch's validation pass gets is what the full path gives, vouched for or not.
        let checked = checked_key(&doc).map_err(|e| match e {
            crate::Error::InvalidItem { .. } => INVALID.to_owned(),
            other => other.to_string(),
        });
        prop_assert_eq!(checked, full_path(&doc));
    }
}

fn ordinary() -> Doc {
    Doc {
        workspace: "acme".into(),
        id: 7,
        owner: "ann".into(),
        title: "Plans".into(),
        n: -12,
        small: 3,
        score: 0.25,
        ratio: 1.5,
        letter: 'é',
        tags: vec!["a".into(), "b".into()],
        kind: Kind::Struct { a: 2.0, b: None },
        maybe: Some(Kind::Tuple(1, "x".into())),
        blob: Blob(vec![1, 2, 3]),
        deep: Deep(3),
        labels: Labels(None),
        nested: BTreeMap::from([("k".into(), vec![Some(1), None])]),
        extra: BTreeMap::from([("more".into(), "yes".into())]),
    }
}

#[test]
fn ordinary_items_are_vouched_for() {
    let (key, size) = screen(&ordinary()).unwrap().expect("vouched for");
    assert_eq!(key, ("WS#acme".to_owned(), Some(format!("DOC#{:020}", 7))));
    let item = to_item(&ordinary()).unwrap();
    assert!(size >= item_size(&item));
    // The bound is close: numbers are counted by all their digits, floats by the most they have.
    assert!(
        size <= item_size(&item) + 40,
        "{size} against {}",
        item_size(&item)
    );
}

#[test]
fn what_the_screen_leaves_to_the_full_path() {
    let with = |change: fn(&mut Doc)| {
        let mut doc = ordinary();
        change(&mut doc);
        screen(&doc).unwrap()
    };
    // A set (an empty one is refused; the screen does not model sets at all).
    assert!(with(|d| d.labels = Labels(Some(BTreeSet::from(["x".to_owned()])))).is_none());
    // A field named like an attribute dynakey writes.
    assert!(with(|d| d.extra = BTreeMap::from([("GSI1PK".into(), "x".into())])).is_none());
    // Nesting at DynamoDB's limit.
    assert!(with(|d| d.deep = Deep(MAX_NESTING)).is_none());
    // A float DynamoDB cannot store.
    assert!(with(|d| d.score = f64::INFINITY).is_none());
    // An index over the table's sort key: the full path checks both write the same value.
    let note = Note {
        workspace: "acme".into(),
        id: 1,
        text: "hi".into(),
    };
    assert!(screen(&note).unwrap().is_none());
    assert_eq!(checked_key(&note).unwrap(), full_path(&note).unwrap());
}

/// A map whose `Serialize` gives a value before its key: `serde_dynamo` refuses it.
#[derive(Debug)]
struct ValueFirst;

impl Serialize for ValueFirst {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(None)?;
        map.serialize_value("v")?;
        map.serialize_key("k")?;
        map.serialize_value("w")?;
        map.end()
    }
}

#[derive(Entity, Serialize, Debug)]
#[dynakey(table = App)]
#[pk("VF#<id>")]
#[sk("X")]
struct Odd {
    id: String,
    value_first: ValueFirst,
}

#[test]
fn a_map_that_breaks_serdes_protocol_is_left_to_the_full_path() {
    let odd = Odd {
        id: "a".into(),
        value_first: ValueFirst,
    };
    assert!(screen(&odd).unwrap().is_none());
    assert!(matches!(checked_key(&odd), Err(crate::Error::Serialize(_))));
}

/// A hand-written entity that fills attribute-wise keys on a table that lists no such index.
#[derive(Serialize, Debug)]
struct Hand {
    id: String,
    round: String,
}

const BY_ROUND: dynakey::IndexDef = dynakey::IndexDef::global_attributes(
    "ByRound",
    &[dynakey::KeyAttr::s("board")],
    &[dynakey::KeyAttr::n("round")],
);

impl Entity for Hand {
    type Table = dynakey::DefaultTable;
    type PartitionFields = (String,);
    const ENTITY_NAME: &'static str = "Hand";
    const PARTITION_TEMPLATE: dynakey::KeyTemplate = dynakey::KeyTemplate::new(
        "H#<id>",
        dynakey::KeyRole::Partition,
        &[
            dynakey::TemplatePart::literal("H#"),
            dynakey::TemplatePart::field::<String>("id"),
        ],
    );
    const SORT_TEMPLATE: Option<dynakey::KeyTemplate> = Some(dynakey::KeyTemplate::new(
        "META",
        dynakey::KeyRole::Sort,
        &[dynakey::TemplatePart::literal("META")],
    ));
    const INDEXES: &'static [dynakey::EntityIndex] = &[dynakey::EntityIndex::attributes(
        BY_ROUND,
        &[
            dynakey::Fill::Template(dynakey::KeyTemplate::new(
                "B",
                dynakey::KeyRole::Partition,
                &[dynakey::TemplatePart::literal("B")],
            )),
            dynakey::Fill::Native(dynakey::AttributeType::N),
        ],
        false,
    )];
    fn partition_key(&self) -> Result<String, dynakey::KeyError> {
        Ok(format!("H#{}", self.id))
    }
    fn sort_key(&self) -> Result<Option<String>, dynakey::KeyError> {
        Ok(Some("META".into()))
    }
    fn attribute_keys(
        &self,
    ) -> Result<Vec<(&'static str, dynakey::IndexValue)>, dynakey::KeyError> {
        Ok(vec![(
            "round",
            dynakey::IndexValue::Check(dynakey::KeyValue::N("2".into())),
        )])
    }
}

#[test]
fn attribute_wise_keys_are_left_to_the_full_path_whatever_the_table_lists() {
    let hand = Hand {
        id: "h".into(),
        round: "2".into(),
    };
    assert!(screen(&hand).unwrap().is_none());
    // serde wrote `round` as a string; the index declares a number.
    assert!(matches!(
        checked_key(&hand),
        Err(crate::Error::NativeKeyAttribute { .. })
    ));
}
