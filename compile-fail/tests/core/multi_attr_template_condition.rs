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

// The template conditions do not take an attribute-wise builder, nor `.sort_key` a template one.
fn main() {
    let _ = Match::query_by_tournament_region("T1", "EU")
        .begins_with(Match::by_tournament_region_sk().round().eq(2u32));
    let _ = Match::query_by_tournament_region("T1", "EU").sort_key(Match::sk());
}
