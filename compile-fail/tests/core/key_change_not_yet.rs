use dynakey::Entity;

// Not supported yet: a key change of a sharded entity, and one beside #[was(…)].
#[derive(Entity)]
#[pk("FEED#<feed>", shards = 4, shard_by = "id")]
#[sk("POST#<id>")]
#[next(sk = "POST#<day>#<id>")]
struct Post {
    feed: String,
    day: String,
    id: u32,
}

#[derive(Entity)]
#[pk("LIB#<library>")]
#[sk("BOOK#<genre>#<id>")]
#[was(sk = "B#<id>")]
#[previous(sk = "BOOK#<id>")]
struct Book {
    library: String,
    genre: String,
    id: u32,
}

fn main() {}
