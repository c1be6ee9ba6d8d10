// Each option of #[table], #[gsi] and #[lsi] is given once: a repeat is one error at the repeat,
// with "first … given here" at the first, and the first value is the one checked.
use dynakey::Table;

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[table(partition_key = "Id")]
#[gsi(ByStatus, name = "GSI1", partition_key = "GSI1PK", name = "GSI9")]
#[lsi(ByCreated, sort_key = "Created", projection = all, projection = keys_only)]
#[gsi(ByStatus, partition_key = "GSI2PK")]
struct App;

#[derive(Table)]
#[table(partition_key = "id", no_sort_key, no_sort_key)]
struct Sessions;

fn main() {}
