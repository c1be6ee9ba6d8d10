use dynakey::{Entity, Table};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByTournamentRegion, partition_key = [entity_type("_type"), "tournament", "region"],
      sort_key = ["round": N, "bracket"])]
#[gsi(ByRegion, partition_key = ["region"], sort_key = ["round": N])]
#[gsi(ByStatus, partition_key = "GSI1PK", sort_key = "GSI1SK")]
struct Esports;

// Mistakes in the fills themselves, reported together.
#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[dynakey(table = Esports, entity_type = "_type")]
#[pk("MATCH#<id>")]
#[sk("META")]
#[index(ByTournamentRegion, pk = [tournment, region], sk = [])]
#[index(ByRegion, pk = [region], sk = [round, "R#<round>"])]
#[index(ByStatus, pk = "S#<region>", sk = "<id>", exclusive)]
struct Match {
    id: String,
    tournament: String,
    region: String,
    round: u32,
}

// The queries of the indexes with a failed fill still type-check against the fallback (a
// stand-in for `tournment`, a sort builder for `sk = []`): no error of their own.
fn main() {
    let _ = Match::query_by_tournament_region("T1", "EU")
        .sort_key(Match::by_tournament_region_sk());
    let _ = Match::query_by_region("EU").sort_key(Match::by_region_sk().round().eq(2u32));
}
