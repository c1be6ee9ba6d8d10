use dynakey::{Entity, Table};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByRegion, partition_key = ["region_key"], sort_key = ["round": N, "bracket_key"])]
struct Esports;

// A fill that names no field is one error each; the index's query and sort builder stay, with
// the closest field's steps, so the calls below add none.
#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[dynakey(table = Esports)]
#[pk("MATCH#<id>")]
#[sk("META")]
#[index(ByRegion, pk = ["R#<regoin>"], sk = [rond, "B#<bracket>"])]
struct Match {
    id: String,
    region: String,
    round: u32,
    bracket: String,
}

fn main() {
    let _ = Match::query_by_region("EU")
        .sort_key(Match::by_region_sk().round().eq(2u32).bracket().gte("low"));
}
