use dynakey::Table;

// Every mistake of an attribute-wise index declaration, reported together.
#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(TooMany, partition_key = ["a", "b", "c", "d", "e"], sort_key = ["f", "g"])]
#[gsi(Empty, partition_key = [], sort_key = "round": N)]
#[gsi(UnknownType, partition_key = "x": Number)]
#[gsi(Twice, partition_key = ["h": N, "h"])]
#[gsi(OtherType, partition_key = "GSI9PK", sort_key = "round": S)]
#[gsi(TableKeyTyped, partition_key = "PK": N)]
#[lsi(RankList, sort_key = ["rank": N, "other"])]
#[gsi(TypeNotFirst, partition_key = ["tournament", entity_type("_type")], sort_key = [entity_type("_kind")])]
#[lsi(TypeOnLsi, sort_key = entity_type("_t"))]
struct Esports;

fn main() {}
