//! The item of the read rows (a, read-latency): eight fields, two of them in the sort key, about
//! 150 bytes. Included by those benches (`#[path = "common/doc.rs"] mod doc;`).

use dynakey::Entity;
use serde::{Deserialize, Serialize};

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[pk("WS#<workspace>")]
#[sk("DOC#<folder>#<id>")]
pub struct Doc {
    pub workspace: String,
    pub folder: u32,
    pub id: u64,
    pub title: String,
    pub owner: String,
    pub size: u64,
    pub status: String,
    pub created: u64,
}

/// Document `id` of workspace `bench`.
pub fn doc(id: u64) -> Doc {
    Doc {
        workspace: "bench".into(),
        folder: u32::try_from(id % 97).expect("small"),
        id,
        title: format!("Document number {id} of the benchmark"),
        owner: format!("user{}@example.com", id % 31),
        size: id * 1_000,
        status: if id.is_multiple_of(3) {
            "ARCHIVED"
        } else {
            "ACTIVE"
        }
        .into(),
        created: 1_764_000_000 + id,
    }
}
