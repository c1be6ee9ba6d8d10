// #[unique] on a field, a flattened field, a managed field (version, timestamps, #[ttl]), an
// entity with #[ttl], and a partition-key template with the uniqueness items' prefix: each one
// error at the offending token.
use std::time::SystemTime;

use dynakey::{Entity, Table};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK", ttl = "expires_at")]
struct App;

#[derive(serde::Serialize, serde::Deserialize)]
struct Extra {
    nickname: String,
}

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[dynakey(table = App, version = "version", updated_at = "updated")]
#[pk("U#<id>")]
#[sk("META")]
#[unique("extra")]
#[unique("version")]
#[unique("updated")]
struct User {
    id: String,
    #[unique]
    email: String,
    #[serde(flatten)]
    extra: Extra,
    version: u64,
    updated: Option<dynakey::UtcTime>,
}

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[dynakey(table = App)]
#[pk("S#<id>")]
#[sk("META")]
#[unique("expires_at")]
struct Session {
    id: String,
    #[ttl]
    #[serde(with = "dynakey::ttl")]
    expires_at: SystemTime,
}

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[dynakey(table = App)]
#[pk("C#<id>")]
#[sk("META")]
#[unique("owner")]
struct Cache {
    id: String,
    owner: String,
    #[ttl]
    #[serde(with = "dynakey::ttl")]
    expires_at: SystemTime,
}

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[dynakey(table = App)]
#[pk("UNIQUE#<id>")]
#[sk("META")]
struct Squatter {
    id: String,
}

fn main() {
    // No cascade: the handles still exist.
    let _ = User::EMAIL;
    let _ = Cache::OWNER;
}
