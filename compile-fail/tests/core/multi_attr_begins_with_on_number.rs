use dynakey::{Entity, Table};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByTournamentRegion, partition_key = [entity_type("_type"), "tournament", "region"],
      sort_key = ["round": N, "bracket"])]
struct Esports;

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[dynakey(table = Esports, entity_type = "_type")]
#[pk("MATCH#<id>")]
#[sk("META")]
#[index(ByTournamentRegion, pk = [tournament, region], sk = [round, bracket])]
struct Match {
    id: String,
    tournament: String,
    region: String,
    round: u32,
    bracket: String,
}

// `begins_with` applies to string attributes; `round` is a number (N).
fn main() {
    let _ = Match::query_by_tournament_region("T1", "EU")
        .sort_key(Match::by_tournament_region_sk().round().begins_with(1u32));
}
