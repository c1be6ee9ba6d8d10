use dynakey::{Entity, Key};

struct Shelf {
    #[allow(dead_code)]
    id: u32,
}

// The parent is not an entity.
#[derive(Entity)]
#[dynakey(parent = Shelf)]
#[sk("<shelf>BOOK#<book>")]
struct Book {
    #[parent]
    shelf: Key<Shelf>,
    book: u32,
}

fn main() {}
