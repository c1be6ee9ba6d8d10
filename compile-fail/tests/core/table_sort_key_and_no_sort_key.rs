use dynakey::Table;

#[derive(Table)]
#[table(partition_key = "id", sort_key = "sk", no_sort_key)]
struct Sessions;

fn main() {}
