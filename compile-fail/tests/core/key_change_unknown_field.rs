use dynakey::Entity;

// The next shape names a field the struct does not have (yet), and a look-alike placeholder.
#[derive(Entity)]
#[pk("LIB#<library>")]
#[sk("BOOK#<id>")]
#[next(sk = "BOOK#<genre>#<id>")]
struct Book {
    library: String,
    id: u32,
}

#[derive(Entity)]
#[pk("LIB#<library>")]
#[sk("BOOK#<id>")]
#[previous(pk = "L#{library}", sk = "B#<id>", retired)]
struct Shelf {
    library: String,
    id: u32,
}

fn main() {}
