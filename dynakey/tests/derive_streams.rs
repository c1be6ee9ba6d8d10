//! `#[table(…, stream = …)]`: the declared stream view type as `Table::STREAM`, on a table
//! declared as a unit struct and on one that lists its entities; `None` when not declared.

use dynakey::{DefaultTable, Entity, StreamViewType, Table};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK", stream = new_and_old_images)]
struct Audited;

#[derive(Table)]
#[table(partition_key = "id", no_sort_key, ttl = "expires_at", stream = keys_only)]
struct Sessions;

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
struct Quiet;

#[derive(Table, Debug)]
#[table(partition_key = "PK", sort_key = "SK", stream = new_image)]
enum Tracker {
    Org(Org),
}

#[derive(Entity, Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[dynakey(table = Tracker)]
#[pk("ORG#<org>")]
#[sk("META")]
struct Org {
    org: String,
}

#[test]
fn the_declared_stream_is_the_tables() {
    assert_eq!(Audited::STREAM, Some(StreamViewType::NewAndOldImages));
    assert_eq!(Sessions::STREAM, Some(StreamViewType::KeysOnly));
    assert_eq!(Sessions::TTL_ATTRIBUTE, Some("expires_at"));
    assert_eq!(Tracker::STREAM, Some(StreamViewType::NewImage));
    assert_eq!(Tracker::ENTITIES.len(), 1);
    assert_eq!(Quiet::STREAM, None);
    assert_eq!(DefaultTable::STREAM, None);
}

#[test]
fn each_view_type_names_what_its_records_carry() {
    let all = [
        (StreamViewType::KeysOnly, "KEYS_ONLY", false, false),
        (StreamViewType::NewImage, "NEW_IMAGE", true, false),
        (StreamViewType::OldImage, "OLD_IMAGE", false, true),
        (
            StreamViewType::NewAndOldImages,
            "NEW_AND_OLD_IMAGES",
            true,
            true,
        ),
    ];
    for (view, text, new, old) in all {
        assert_eq!(view.as_str(), text);
        assert_eq!(view.to_string(), text);
        assert_eq!(view.carries_new_image(), new, "{text}");
        assert_eq!(view.carries_old_image(), old, "{text}");
    }
}
