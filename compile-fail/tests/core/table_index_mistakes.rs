use dynakey::Table;

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByStatus, sort_key = "GSI1SK", projection = everything)]
#[gsi(ByOwner, name = "GSI2", partition_key = "GSI2PK", sort_key = "GSI2PK")]
#[gsi(ByTag, name = "GSI2", partition_key = "GSI3PK", projection = include())]
#[lsi(ByCreated, partition_key = "Other", sort_key = "SK")]
#[lsi(X, sort_key = "Created", projection = include("a", "a"))]
#[lsi(ByParent)]
struct App;

#[derive(Table)]
#[table(partition_key = "id", no_sort_key)]
#[lsi(ByDay, sort_key = "day")]
struct Sessions;

fn main() {}
