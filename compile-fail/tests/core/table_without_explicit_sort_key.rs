// A table's sort key is explicit: `sort_key = "…"` or `no_sort_key`, never a silent default.
use dynakey::Table;

#[derive(Table)]
#[table(partition_key = "id")]
struct Sessions;

#[derive(Table)]
struct Bare;

fn main() {}
