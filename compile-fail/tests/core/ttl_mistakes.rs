// A #[ttl] field is stored as epoch seconds with #[serde(with = "dynakey::ttl")], one per entity,
// outside the keys, and its attribute is the table's TTL attribute.
use std::time::SystemTime;

use dynakey::{Entity, Table};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK", ttl = "expires_at")]
struct App;

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[dynakey(table = App)]
#[pk("S#<id>")]
#[sk("META")]
struct Session {
    id: String,
    #[ttl]
    expires_at: SystemTime,
    #[ttl]
    #[serde(with = "dynakey::ttl")]
    purge_at: SystemTime,
}

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[dynakey(table = App)]
#[pk("E#<expires_at>")]
#[sk("META")]
struct Expiry {
    #[ttl]
    #[serde(with = "dynakey::ttl")]
    expires_at: chrono::DateTime<chrono::Utc>,
}

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[dynakey(table = App)]
#[pk("C#<id>")]
#[sk("META")]
struct Cache {
    id: String,
    #[ttl]
    #[serde(with = "dynakey::ttl")]
    evict_at: SystemTime,
}

// Default table: no TTL attribute at all.
#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[pk("L#<id>")]
#[sk("META")]
struct Lock {
    id: String,
    #[ttl]
    #[serde(with = "dynakey::ttl")]
    expires_at: SystemTime,
}

fn main() {}
