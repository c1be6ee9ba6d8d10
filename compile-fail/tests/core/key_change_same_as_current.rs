use dynakey::Entity;

// A "next" shape equal to the current one: nothing would change.
#[derive(Entity)]
#[pk("LIB#<library>")]
#[sk("BOOK#<id>")]
#[next(pk = "LIB#<library>", sk = "BOOK#<id>")]
struct Book {
    library: String,
    id: u32,
}

// A sort-key template on an entity without a sort key.
#[derive(Entity)]
#[dynakey(table = Flat)]
#[pk("LIB#<library>")]
#[previous(sk = "BOOK#<library>")]
struct Library {
    library: String,
}

#[derive(dynakey::Table)]
#[table(partition_key = "PK", no_sort_key)]
struct Flat;

fn main() {}
