// A key field stored in a form of its own (`with`, `serialize_with`, `deserialize_with`) or spread
// over other attributes (`flatten`) can disagree with the key built from its value.
use dynakey::Entity;

mod seconds {
    pub fn serialize<S: serde::Serializer>(v: &u64, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u64(*v / 1000)
    }
    pub fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
        <u64 as serde::Deserialize>::deserialize(d).map(|v| v * 1000)
    }
}

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[pk("LOG#<stream>")]
#[sk("AT#<at>#<seq>")]
struct Event {
    #[serde(serialize_with = "seconds::serialize")]
    stream: u64,
    #[serde(with = "seconds")]
    at: u64,
    #[serde(deserialize_with = "seconds::deserialize")]
    seq: u64,
    // Not a key field: a codec of its own is fine (the field gets no typed handle).
    #[serde(with = "seconds")]
    received: u64,
}

fn main() {}
