//! A derived entity on an attribute-wise GSI whose sort key mixes a native fill (`round`, `N`,
//! written by serde) and a template fill (`"B#<bracket>"` into `bracket_key`, written by dynakey),
//! through the generated code end to end: put, query (equality and ranges on the template fill),
//! an update of the index group, get and decode. Two other entities share the index partitions
//! (same partition template, other sort literals), so the ranges must stay inside the template's
//! literal prefix ("B#"). Runs on the embedded engine and on `DYNAKEY_TEST_ENDPOINT`.

use crate::common;

use aws_sdk_dynamodb::types::AttributeValue;
use dynakey::{Entity, KeyQuery, Table, UpdateBuilder};
use dynakey_runtime::Db;
use futures::TryStreamExt;
use serde::{Deserialize, Serialize};

use common::{fresh, BoxError};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByRegion, partition_key = ["region_key"], sort_key = ["round": N, "bracket_key"])]
struct League;

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = League)]
#[pk("MATCH#<id>")]
#[sk("META")]
#[index(ByRegion, pk = ["LEAGUE#<region>"], sk = [round, "B#<bracket>"])]
struct Match {
    id: String,
    region: String,
    round: u32,
    bracket: String,
}

/// Shares Match's index partitions and rounds; its sort fill sorts below "B#".
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = League)]
#[pk("TEAM#<id>")]
#[sk("META")]
#[index(ByRegion, pk = ["LEAGUE#<region>"], sk = [round, "A#<name>"])]
struct Team {
    id: String,
    region: String,
    round: u32,
    name: String,
}

/// Shares them too; its sort fill sorts above "B#".
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = League)]
#[pk("REF#<id>")]
#[sk("META")]
#[index(ByRegion, pk = ["LEAGUE#<region>"], sk = [round, "C#<name>"])]
struct Referee {
    id: String,
    region: String,
    round: u32,
    name: String,
}

fn a_match(id: &str, region: &str, round: u32, bracket: &str) -> Match {
    Match {
        id: id.into(),
        region: region.into(),
        round,
        bracket: bracket.into(),
    }
}

async fn ids<S>(
    db: &Db<League>,
    q: &KeyQuery<Match, ByRegion, S>,
) -> Result<Vec<String>, BoxError> {
    let items: Vec<Match> = db.query(q).items().try_collect().await?;
    Ok(items.into_iter().map(|m| m.id).collect())
}

/// Matches in EU rounds 1 and 2 (brackets "low", "mid", "upper"), one in US, and a team and a
/// referee beside them in every EU round.
async fn seed(db: &Db<League>) -> Result<(), BoxError> {
    for m in [
        a_match("m1", "EU", 1, "low"),
        a_match("m2l", "EU", 2, "low"),
        a_match("m2m", "EU", 2, "mid"),
        a_match("m2u", "EU", 2, "upper"),
        a_match("us", "US", 2, "low"),
    ] {
        db.put(&m).await?;
    }
    for round in [1, 2] {
        let name = format!("n{round}");
        db.put(&Team {
            id: format!("t{round}"),
            region: "EU".into(),
            round,
            name: name.clone(),
        })
        .await?;
        db.put(&Referee {
            id: format!("r{round}"),
            region: "EU".into(),
            round,
            name,
        })
        .await?;
    }
    Ok(())
}

#[tokio::test]
async fn a_template_sort_fill_is_written_by_dynakey_and_queried_by_equality() -> Result<(), BoxError>
{
    let (engine, db) = fresh::<League>().await?;
    seed(&db).await?;
    // The item as stored: the native fill is serde's number, the template fill dynakey's string
    // in its own attribute, the field keeps its own.
    let raw = engine
        .client()
        .get_item()
        .table_name(db.table_name())
        .key("PK", AttributeValue::S("MATCH#m2l".into()))
        .key("SK", AttributeValue::S("META".into()))
        .send()
        .await?
        .item
        .ok_or("no item")?;
    assert_eq!(raw.get("round"), Some(&AttributeValue::N("2".into())));
    assert_eq!(raw.get("bracket"), Some(&AttributeValue::S("low".into())));
    assert_eq!(
        raw.get("bracket_key"),
        Some(&AttributeValue::S("B#low".into()))
    );
    assert_eq!(
        raw.get("region_key"),
        Some(&AttributeValue::S("LEAGUE#EU".into()))
    );

    let q = Match::query_by_region("EU")
        .sort_key(Match::by_region_sk().round().eq(2).bracket().eq("mid"));
    assert_eq!(
        q.build()?.key_condition_expression,
        "#region_key = :region_key AND #round = :round AND #bracket_key = :bracket_key"
    );
    assert_eq!(ids(&db, &q).await?, ["m2m"]);
    let teams: Vec<Team> = db
        .query(
            &Team::query_by_region("EU")
                .sort_key(Team::by_region_sk().round().eq(2).name().eq("n2")),
        )
        .items()
        .try_collect()
        .await?;
    assert_eq!(teams.len(), 1);
    Ok(())
}

#[tokio::test]
async fn ranges_on_a_template_sort_fill_stay_inside_its_literal_prefix() -> Result<(), BoxError> {
    let (_engine, db) = fresh::<League>().await?;
    seed(&db).await?;
    let sk = || Match::by_region_sk().round().eq(2);
    let query = |c| Match::query_by_region("EU").sort_key(c);
    // Below "B#m": Team's "A#n2" sorts there too, and must not be read.
    assert_eq!(ids(&db, &query(sk().bracket().lte("m"))).await?, ["m2l"]);
    // Above "B#m": Referee's "C#n2" sorts there too.
    assert_eq!(
        ids(&db, &query(sk().bracket().gte("m"))).await?,
        ["m2m", "m2u"]
    );
    // Strict ends: `> k` from the least string above it, `< k` up to the greatest below it.
    assert_eq!(ids(&db, &query(sk().bracket().gt("mid"))).await?, ["m2u"]);
    assert_eq!(ids(&db, &query(sk().bracket().lt("mid"))).await?, ["m2l"]);
    assert_eq!(
        ids(&db, &query(sk().bracket().between("low", "mid"))).await?,
        ["m2l", "m2m"]
    );
    assert_eq!(
        ids(&db, &query(sk().bracket().gte("a")).reverse()).await?,
        ["m2u", "m2m", "m2l"]
    );
    Ok(())
}

#[tokio::test]
async fn an_update_of_the_index_group_moves_the_item_and_it_decodes() -> Result<(), BoxError> {
    let (_engine, db) = fresh::<League>().await?;
    seed(&db).await?;
    // The group: the templates' fields, then the native fill (region, bracket, round).
    db.update(&Match::key("m2l")?)
        .set(Match::BY_REGION, ("EU", "top", 3u32))
        .await?;
    let stored = db.get(&Match::key("m2l")?).await?.ok_or("gone")?;
    assert_eq!(stored, a_match("m2l", "EU", 3, "top"));
    let moved = Match::query_by_region("EU")
        .sort_key(Match::by_region_sk().round().eq(3).bracket().eq("top"));
    assert_eq!(ids(&db, &moved).await?, ["m2l"]);
    let old = Match::query_by_region("EU")
        .sort_key(Match::by_region_sk().round().eq(2).bracket().eq("low"));
    assert!(ids(&db, &old).await?.is_empty());
    Ok(())
}
