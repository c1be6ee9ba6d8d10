use dynakey::Entity;

// `format!`'s placeholder syntax: taken literally, every library would share one partition.
#[derive(Entity)]
#[pk("LIB#{library}")]
#[sk("META")]
struct Library {
    library: u32,
}

fn main() {}
