use dynakey::Entity;

// A shell / JavaScript template-literal placeholder.
#[derive(Entity)]
#[pk("LIB#<library>")]
#[sk("BOOK#${isbn}")]
struct Book {
    library: u32,
    isbn: String,
}

fn main() {}
