use dynakey::Entity;

#[derive(Entity)]
#[dynakey(name = "")]
#[pk("LIB#<library>")]
#[sk("META")]
struct Library {
    library: u32,
}

fn main() {}
