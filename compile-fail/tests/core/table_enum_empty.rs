use dynakey::Table;

// A table enum with no variant lists no entity: nothing could be read through it.
#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
enum Loans {}

fn main() {}
