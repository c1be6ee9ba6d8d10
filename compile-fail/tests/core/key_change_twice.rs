use dynakey::Entity;

// Two phases declared at once, and an unknown option.
#[derive(Entity)]
#[pk("LIB#<library>")]
#[sk("BOOK#<genre>#<id>")]
#[previous(sk = "BOOK#<id>")]
#[previous(sk = "BOOK#<id>", retired)]
struct Book {
    library: String,
    genre: String,
    id: u32,
}

#[derive(Entity)]
#[pk("LIB#<library>")]
#[sk("BOOK#<id>")]
#[next(sk = "BOOK#<genre>#<id>", retired)]
struct Shelf {
    library: String,
    genre: String,
    id: u32,
}

fn main() {}
