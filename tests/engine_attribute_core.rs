//! The runtime's half of attribute-wise indexes, without the derive: a table and an entity written
//! by hand with dynakey's public API only (`IndexDef::global_attributes`, `KeyTemplate::new`,
//! `EntityIndex::attributes`, `Entity::attribute_keys`, `KeyQuery::attribute_partition`,
//! `SortConditions`), against the engine. CreateTable sends the
//! multi-attribute key schema with its types and ensure_table accepts it; writes keep native
//! attributes (serde's) and leave a `None` out; queries are typed and resume from cursors with
//! native values; an update that sets a native fill to `None` REMOVEs it. The derive-level tests
//! are `engine_attribute_keys.rs`.

use crate::common;

use aws_sdk_dynamodb::types::{AttributeValue, KeyType};
use dynakey::{
    AttributeOp, AttributeType, Cursor, CursorCodec, Entity, EntityIndex, Field, Fill, InTable,
    Index, IndexDef, IndexGroup, IndexValue, KeyAttr, KeyAttribute, KeyError, KeyQuery, KeyRole,
    KeyTemplate, KeyValue, Position, ProjectsAll, SortConditions, Table, TemplatePart, Unversioned,
    UpdateBuilder,
};
use dynakey_runtime::Error;
use futures::TryStreamExt;
use serde::{Deserialize, Serialize};

use common::{fresh, BoxError};

struct Esports;

const BY_REGION: IndexDef = IndexDef::global_attributes(
    "ByTournamentRegion",
    &[
        KeyAttr::s("_type"),
        KeyAttr::s("tournament"),
        KeyAttr::s("region"),
    ],
    &[KeyAttr::n("round"), KeyAttr::s("bracket")],
)
.with_entity_type();

impl Table for Esports {
    const PARTITION_KEY: &'static str = "PK";
    const SORT_KEY: Option<&'static str> = Some("SK");
    const INDEXES: &'static [IndexDef] = &[BY_REGION];
}

struct ByTournamentRegion;
impl Index for ByTournamentRegion {
    type Table = Esports;
    const DEF: IndexDef = BY_REGION;
}
impl ProjectsAll for ByTournamentRegion {}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
struct Match {
    id: String,
    tournament: String,
    region: String,
    round: Option<u32>,
    bracket: String,
}

impl Entity for Match {
    type Table = Esports;
    type PartitionFields = (String,);
    const ENTITY_NAME: &'static str = "Match";
    const ENTITY_TYPE_ATTRIBUTE: Option<&'static str> = Some("_type");
    const PARTITION_TEMPLATE: KeyTemplate = KeyTemplate::new(
        "MATCH#<id>",
        KeyRole::Partition,
        &[
            TemplatePart::literal("MATCH#"),
            TemplatePart::field::<String>("id"),
        ],
    );
    const SORT_TEMPLATE: Option<KeyTemplate> = Some(KeyTemplate::new(
        "META",
        KeyRole::Sort,
        &[TemplatePart::literal("META")],
    ));
    const INDEXES: &'static [EntityIndex] = &[EntityIndex::attributes(
        BY_REGION,
        &[
            Fill::EntityType,
            Fill::Native(AttributeType::S),
            Fill::Native(AttributeType::S),
            Fill::Native(AttributeType::N),
            Fill::Native(AttributeType::S),
        ],
        true,
    )];

    fn partition_key(&self) -> Result<String, KeyError> {
        Ok(format!("MATCH#{}", self.id))
    }

    fn sort_key(&self) -> Result<Option<String>, KeyError> {
        Ok(Some("META".to_owned()))
    }

    fn attribute_keys(&self) -> Result<Vec<(&'static str, IndexValue)>, KeyError> {
        let round = match &self.round {
            Some(round) => IndexValue::Check(round.key_value(KeyRole::Sort)?),
            None => IndexValue::Absent,
        };
        Ok(vec![
            (
                "tournament",
                IndexValue::Check(self.tournament.key_value(KeyRole::Partition)?),
            ),
            (
                "region",
                IndexValue::Check(self.region.key_value(KeyRole::Partition)?),
            ),
            ("round", round),
            (
                "bracket",
                IndexValue::Check(self.bracket.key_value(KeyRole::Sort)?),
            ),
        ])
    }
}

impl InTable<Esports> for Match {}
impl Unversioned for Match {}

impl Match {
    const ROUND: IndexGroup<Match, (Option<u32>,)> = IndexGroup::new(&[("round", "round")]);

    fn new(id: &str, tournament: &str, region: &str, round: Option<u32>, bracket: &str) -> Self {
        Match {
            id: id.into(),
            tournament: tournament.into(),
            region: region.into(),
            round,
            bracket: bracket.into(),
        }
    }

    fn key(id: &str) -> Result<dynakey::Key<Match>, KeyError> {
        dynakey::Key::parse(&format!("MATCH#{id}"), Some("META"))
    }

    /// What the derive generates as `Match::query_by_tournament_region(tournament, region)`.
    fn query_by_region(tournament: &str, region: &str) -> KeyQuery<Match, ByTournamentRegion> {
        KeyQuery::attribute_partition([
            ("tournament", KeyValue::S(tournament.to_owned())),
            ("region", KeyValue::S(region.to_owned())),
        ])
    }
}

/// The ids of the matches `query` reads, in order.
async fn ids(
    db: &dynakey_runtime::Db<Esports>,
    query: &KeyQuery<Match, ByTournamentRegion, impl Sized>,
) -> Result<Vec<String>, BoxError> {
    let items: Vec<Match> = db.query(query).items().try_collect().await?;
    Ok(items.into_iter().map(|m| m.id).collect())
}

fn matches() -> Vec<Match> {
    vec![
        Match::new("m10", "T1", "EU", Some(10), "upper"),
        Match::new("m2u", "T1", "EU", Some(2), "upper"),
        Match::new("m2l", "T1", "EU", Some(2), "lower"),
        Match::new("m1", "T1", "EU", Some(1), "lower"),
        Match::new("us", "T1", "US", Some(1), "lower"),
        Match::new("t2", "T2", "EU", Some(1), "lower"),
        Match::new("unplayed", "T1", "EU", None, "lower"),
    ]
}

#[tokio::test]
async fn create_table_sends_the_typed_multi_attribute_key_schema() -> Result<(), BoxError> {
    let (engine, db) = fresh::<Esports>().await?;
    let table = engine
        .client()
        .describe_table()
        .table_name(db.table_name())
        .send()
        .await?;
    let table = table.table().ok_or("no table description")?;
    let gsi = table
        .global_secondary_indexes()
        .iter()
        .find(|g| g.index_name() == Some("ByTournamentRegion"))
        .ok_or("no GSI")?;
    let schema: Vec<(&str, &KeyType)> = gsi
        .key_schema()
        .iter()
        .map(|k| (k.attribute_name(), k.key_type()))
        .collect();
    assert_eq!(
        schema,
        [
            ("_type", &KeyType::Hash),
            ("tournament", &KeyType::Hash),
            ("region", &KeyType::Hash),
            ("round", &KeyType::Range),
            ("bracket", &KeyType::Range),
        ]
    );
    let mut types: Vec<(&str, &str)> = table
        .attribute_definitions()
        .iter()
        .map(|d| (d.attribute_name(), d.attribute_type().as_str()))
        .collect();
    types.sort_unstable();
    assert_eq!(
        types,
        [
            ("PK", "S"),
            ("SK", "S"),
            ("_type", "S"),
            ("bracket", "S"),
            ("region", "S"),
            ("round", "N"),
            ("tournament", "S"),
        ]
    );
    db.ensure_table().await?;
    Ok(())
}

#[tokio::test]
async fn typed_queries_read_native_attributes_in_number_order() -> Result<(), BoxError> {
    let (engine, db) = fresh::<Esports>().await?;
    for m in matches() {
        db.put(&m).await?;
    }
    // Every partition attribute matched, rounds as numbers (1 < 2 < 10), brackets as strings.
    let whole = Match::query_by_region("T1", "EU");
    assert_eq!(ids(&db, &whole).await?, ["m1", "m2l", "m2u", "m10"]);
    // round = 2 AND begins_with(bracket, "low")
    let q = Match::query_by_region("T1", "EU").sort_key(
        SortConditions::new()
            .eq::<u32>("round", &2)
            .begins_with::<Match, ByTournamentRegion, String>("bracket", &"low"),
    );
    assert_eq!(
        q.build()?.key_condition_expression,
        "#_type = :_type AND #tournament = :tournament AND #region = :region AND \
         #round = :round AND begins_with(#bracket, :bracket)"
    );
    assert_eq!(ids(&db, &q).await?, ["m2l"]);
    let between = Match::query_by_region("T1", "EU").sort_key(
        SortConditions::new().between::<Match, ByTournamentRegion, u32>("round", &2, &10),
    );
    assert_eq!(ids(&db, &between).await?, ["m2l", "m2u", "m10"]);
    // gt is strict on DynamoDB's side: no excluded ends.
    let gt = Match::query_by_region("T1", "EU").sort_key(
        SortConditions::new().compare::<Match, ByTournamentRegion, u32>(
            "round",
            AttributeOp::Gt,
            &2,
        ),
    );
    assert_eq!(ids(&db, &gt.clone().reverse()).await?, ["m10"]);

    // The sparse match has no round attribute at all (serde's NULL was removed), and so is in no
    // query of the index.
    let raw = engine
        .client()
        .get_item()
        .table_name(db.table_name())
        .key("PK", AttributeValue::S("MATCH#unplayed".into()))
        .key("SK", AttributeValue::S("META".into()))
        .send()
        .await?;
    let raw = raw.item().ok_or("no item")?;
    assert!(!raw.contains_key("round"), "{raw:?}");
    assert_eq!(raw.get("_type"), Some(&AttributeValue::S("Match".into())));
    assert_eq!(raw.get("tournament"), Some(&AttributeValue::S("T1".into())));
    // It still reads back whole, its native attributes decoded as its fields.
    assert_eq!(
        db.get(&Match::key("unplayed")?).await?,
        Some(Match::new("unplayed", "T1", "EU", None, "lower"))
    );
    Ok(())
}

#[tokio::test]
async fn cursors_resume_with_native_values() -> Result<(), BoxError> {
    let (_engine, db) = fresh::<Esports>().await?;
    for m in matches() {
        db.put(&m).await?;
    }
    let q = Match::query_by_region("T1", "EU").limit(1);
    let plan = q.plan()?;
    let mut cursor: Option<Cursor> = None;
    let mut seen = Vec::new();
    let mut rounds = Vec::new();
    loop {
        let page = db.query(&q).page(cursor.as_ref()).await?;
        assert!(page.requests <= 1, "one request per page of one item");
        seen.extend(page.items.iter().map(|m| m.id.clone()));
        let Some(next) = page.next else { break };
        let positions = CursorCodec::default().decode(db.table_name(), &plan, &next)?;
        if let [Position::After(key)] = positions.as_slice() {
            rounds.push(key.get("round").cloned());
        }
        cursor = Some(next);
    }
    assert_eq!(seen, ["m1", "m2l", "m2u", "m10"]);
    assert!(
        rounds.iter().all(|r| matches!(r, Some(KeyValue::N(_)))),
        "{rounds:?}"
    );
    assert_eq!(rounds.first(), Some(&Some(KeyValue::N("1".into()))));
    Ok(())
}

#[tokio::test]
async fn setting_a_native_fill_to_none_removes_it_and_the_item_leaves_the_index(
) -> Result<(), BoxError> {
    let (_engine, db) = fresh::<Esports>().await?;
    db.put(&Match::new("m2", "T1", "EU", Some(2), "upper"))
        .await?;
    let whole = Match::query_by_region("T1", "EU");
    assert_eq!(ids(&db, &whole).await?, ["m2"]);
    let update = db.update(&Match::key("m2")?).set(Match::ROUND, None::<u32>);
    assert_eq!(
        update
            .plan()
            .input(std::time::SystemTime::now())?
            .update_expression
            .as_deref(),
        Some("REMOVE #round")
    );
    update.await?;
    assert!(ids(&db, &whole).await?.is_empty());
    let stored = db.get(&Match::key("m2")?).await?.ok_or("gone")?;
    assert_eq!(stored.round, None);
    db.update(&Match::key("m2")?)
        .set(Match::ROUND, Some(3u32))
        .await?;
    assert_eq!(ids(&db, &whole).await?, ["m2"]);
    Ok(())
}

/// An entity whose `attribute_keys` claims a number for a field serde stores as a string: the
/// write is refused before any request.
#[derive(Serialize, Deserialize)]
struct Liar {
    id: String,
    tournament: String,
    region: String,
    round: String,
    bracket: String,
}

impl Entity for Liar {
    type Table = Esports;
    type PartitionFields = (String,);
    const ENTITY_NAME: &'static str = "Liar";
    const PARTITION_TEMPLATE: KeyTemplate = Match::PARTITION_TEMPLATE;
    const SORT_TEMPLATE: Option<KeyTemplate> = Match::SORT_TEMPLATE;

    fn partition_key(&self) -> Result<String, KeyError> {
        Ok(format!("MATCH#{}", self.id))
    }

    fn sort_key(&self) -> Result<Option<String>, KeyError> {
        Ok(Some("META".to_owned()))
    }

    fn attribute_keys(&self) -> Result<Vec<(&'static str, IndexValue)>, KeyError> {
        Ok(vec![("round", IndexValue::Check(KeyValue::N("2".into())))])
    }
}

impl InTable<Esports> for Liar {}

#[tokio::test]
async fn a_native_attribute_of_another_type_is_refused_before_any_request() -> Result<(), BoxError>
{
    let db = common::unsent::<Esports>("never");
    let liar = Liar {
        id: "x".into(),
        tournament: "T1".into(),
        region: "EU".into(),
        round: "2".into(),
        bracket: "upper".into(),
    };
    match db.put(&liar).await {
        Err(Error::NativeKeyAttribute {
            attribute,
            declared,
            found,
        }) => {
            assert_eq!(
                (attribute.as_str(), declared, found.as_str()),
                ("round", "N", "S")
            );
        }
        other => return Err(format!("expected NativeKeyAttribute, got {other:?}").into()),
    }
    Ok(())
}

/// An entity of the table that does not fill `ByTournamentRegion` but has fields with the names
/// of its key attributes: DynamoDB checks them all the same (a NULL or another type there refuses
/// the write), so dynakey leaves out a `None` and refuses another type before any request.
#[derive(Serialize, Deserialize)]
struct Team {
    id: String,
    region: Option<String>,
    round: Option<String>,
}

impl Entity for Team {
    type Table = Esports;
    type PartitionFields = (String,);
    const ENTITY_NAME: &'static str = "Team";
    const PARTITION_TEMPLATE: KeyTemplate = KeyTemplate::new(
        "TEAM#<id>",
        KeyRole::Partition,
        &[
            TemplatePart::literal("TEAM#"),
            TemplatePart::field::<String>("id"),
        ],
    );
    const SORT_TEMPLATE: Option<KeyTemplate> = Match::SORT_TEMPLATE;

    fn partition_key(&self) -> Result<String, KeyError> {
        Ok(format!("TEAM#{}", self.id))
    }

    fn sort_key(&self) -> Result<Option<String>, KeyError> {
        Ok(Some("META".to_owned()))
    }
}

impl InTable<Esports> for Team {}
impl Unversioned for Team {}

impl Team {
    const ROUND: Field<Team, Option<String>> = Field::new("round");
    const REGION: Field<Team, Option<String>> = Field::new("region");
}

#[tokio::test]
async fn key_attributes_of_an_index_the_entity_does_not_fill_are_checked_before_any_request(
) -> Result<(), BoxError> {
    let none = Team {
        id: "t".into(),
        region: None,
        round: None,
    };
    let item = dynakey_runtime::item::to_item(&none)?;
    assert!(
        !item.contains_key("region") && !item.contains_key("round"),
        "{item:?}"
    );
    let db = common::unsent::<Esports>("never");
    let wrong = Team {
        round: Some("x".into()),
        ..none
    };
    match db.put(&wrong).await {
        Err(Error::NativeKeyAttribute {
            attribute,
            declared,
            found,
        }) => assert_eq!(
            (attribute.as_str(), declared, found.as_str()),
            ("round", "N", "S")
        ),
        other => return Err(format!("expected NativeKeyAttribute, got {other:?}").into()),
    }
    let key = dynakey::Key::<Team>::parse("TEAM#t", Some("META"))?;
    let cleared = db.update(&key).set(Team::REGION, None::<String>);
    let input = cleared.plan().input(std::time::SystemTime::now())?;
    assert_eq!(input.update_expression.as_deref(), Some("REMOVE #region"));
    let typed = db.update(&key).set(Team::ROUND, "x");
    assert!(
        matches!(
            typed.plan().input(std::time::SystemTime::now()),
            Err(dynakey::PlanError::Value(_))
        ),
        "a string SET on a number key attribute is refused"
    );
    Ok(())
}

#[tokio::test]
async fn an_update_refuses_a_native_fill_value_put_would_refuse() -> Result<(), BoxError> {
    const BRACKET: IndexGroup<Match, (String,)> = IndexGroup::new(&[("bracket", "bracket")]);
    let db = common::unsent::<Esports>("never");
    let empty = db.update(&Match::key("m")?).set(BRACKET, "");
    match empty.plan().input(std::time::SystemTime::now()) {
        Err(dynakey::PlanError::Key(error)) => assert!(
            matches!(error.kind(), dynakey::KeyErrorKind::EmptyKey { .. }),
            "{error:?}"
        ),
        other => return Err(format!("expected an empty-key error, got {other:?}").into()),
    }
    let long = db.update(&Match::key("m")?).set(BRACKET, "b".repeat(1025));
    assert!(matches!(
        long.plan().input(std::time::SystemTime::now()),
        Err(dynakey::PlanError::Key(_))
    ));
    let fine = db.update(&Match::key("m")?).set(BRACKET, "upper");
    assert!(fine.plan().input(std::time::SystemTime::now()).is_ok());
    Ok(())
}

#[tokio::test]
async fn an_entity_that_does_not_fill_an_index_is_written_without_its_nulls() -> Result<(), BoxError>
{
    let (_engine, db) = fresh::<Esports>().await?;
    let team = Team {
        id: "t".into(),
        region: None,
        round: None,
    };
    db.put(&team).await?;
    let key = dynakey::Key::<Team>::parse("TEAM#t", Some("META"))?;
    db.update(&key)
        .set(Team::REGION, None::<String>)
        .set(Team::ROUND, None::<String>)
        .await?;
    let stored = db.get(&key).await?.ok_or("gone")?;
    assert_eq!((stored.region, stored.round), (None, None));
    Ok(())
}
