use dynakey::Entity;

// A shell-style placeholder (`$field`); `$` before text that names no field is literal.
#[derive(Entity)]
#[pk("LIB#$library")]
#[sk("PRICE$USD")]
struct Library {
    library: u32,
}

fn main() {}
