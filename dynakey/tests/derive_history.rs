//! `#[was(…)]`: an entity's earlier key shapes. `Key::check`/`parse`/`is_key` accept a key of any
//! declared shape and `Key::is_current` tells the current one; a table enum's `ListedEntity`
//! lists the earlier shapes and recognises their keys.

use dynakey::{EarlierKey, Entity, Key, KeyErrorKind, ListedEntity, Table};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
enum Drive {
    Folder(Folder),
    Node(Node),
}

#[derive(Entity, Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[dynakey(table = Drive)]
#[pk("DRIVE#<drive>")]
#[sk("DIR#<path>")]
struct Folder {
    drive: String,
    path: String,
}

#[derive(Entity, Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[dynakey(table = Drive)]
#[pk("DRIVE#<drive>")]
#[sk("NODE#<parent>#<name>")]
#[was(sk = "FILE#<parent>#<name>")]
#[was(pk = "D#<drive>", sk = "F#<name>")]
struct Node {
    drive: String,
    parent: String,
    name: String,
    size: u64,
}

/// Without `#[was]`, no earlier shapes.
#[derive(Entity)]
#[pk("U#<id>")]
#[sk("META")]
struct User {
    id: String,
}

#[derive(Table)]
#[table(partition_key = "PK", no_sort_key)]
struct Sessions;

/// On a table without a sort key, an earlier shape is a partition key.
#[derive(Entity)]
#[dynakey(table = Sessions)]
#[pk("SESSION#<id>")]
#[was(pk = "S#<id>")]
struct Session {
    id: String,
}

/// An earlier partition key only: the sort key was the current one.
#[derive(Entity)]
#[pk("ORG#<org>")]
#[sk("MEMBER#<user>")]
#[was(pk = "O#<org>")]
struct Member {
    org: String,
    user: String,
}

fn texts(shape: &EarlierKey) -> (&'static str, Option<&'static str>) {
    (shape.partition().text(), shape.sort().map(|s| s.text()))
}

#[test]
fn the_earlier_shapes_are_declared_in_order() {
    let shapes: Vec<_> = Node::EARLIER_KEYS.iter().map(texts).collect();
    assert_eq!(
        shapes,
        [
            ("DRIVE#<drive>", Some("FILE#<parent>#<name>")),
            ("D#<drive>", Some("F#<name>")),
        ]
    );
    assert!(User::EARLIER_KEYS.is_empty());
    assert!(Folder::EARLIER_KEYS.is_empty());
    let member: Vec<_> = Member::EARLIER_KEYS.iter().map(texts).collect();
    assert_eq!(member, [("O#<org>", Some("MEMBER#<user>"))]);
    let session: Vec<_> = Session::EARLIER_KEYS.iter().map(texts).collect();
    assert_eq!(session, [("S#<id>", None)]);
}

#[test]
fn parse_accepts_every_declared_shape() {
    for (partition, sort) in [
        ("DRIVE#d1", "NODE#docs#a.txt"),
        ("DRIVE#d1", "FILE#docs#a.txt"),
        ("D#d1", "F#a.txt"),
    ] {
        let key = Key::<Node>::parse(partition, Some(sort)).expect(sort);
        assert_eq!((key.partition(), key.sort()), (partition, Some(sort)));
        assert!(Key::<Node>::is_key(partition, Some(sort)));
        assert!(Key::<Node>::check(partition, Some(sort)).is_ok());
    }
    assert!(Key::<Member>::parse("O#acme", Some("MEMBER#ann")).is_ok());
    assert!(Key::<Member>::parse("ORG#acme", Some("MEMBER#ann")).is_ok());
}

#[test]
fn is_current_tells_the_current_shape_from_the_earlier_ones() {
    assert!(Key::<Node>::is_current("DRIVE#d1", Some("NODE#docs#a.txt")));
    assert!(!Key::<Node>::is_current(
        "DRIVE#d1",
        Some("FILE#docs#a.txt")
    ));
    assert!(!Key::<Node>::is_current("D#d1", Some("F#a.txt")));
    assert!(!Key::<Member>::is_current("O#acme", Some("MEMBER#ann")));
    assert!(Key::<User>::is_current("U#1", Some("META")));
    assert!(Key::<Session>::is_current("SESSION#1", None));
    assert!(!Key::<Session>::is_current("S#1", None));
    assert!(Key::<Session>::is_key("S#1", None));
    assert!(!Key::<Session>::is_key("S#1", Some("x")));
}

#[test]
fn a_key_of_no_shape_is_refused_with_the_current_template_and_the_count() {
    // The shapes mixed: an earlier partition key with the current sort key.
    for (partition, sort) in [
        ("DRIVE#d1", Some("OTHER#x")),
        ("D#d1", Some("NODE#docs#a.txt")),
        ("DRIVE#d1", Some("F#a.txt")),
        ("DRIVE#d1", None),
    ] {
        assert!(
            !Key::<Node>::is_key(partition, sort),
            "{partition} {sort:?}"
        );
        let error = Key::<Node>::parse(partition, sort).unwrap_err();
        let KeyErrorKind::Mismatch {
            template, reason, ..
        } = error.kind()
        else {
            panic!("{error}");
        };
        assert!(
            ["DRIVE#<drive>", "NODE#<parent>#<name>"].contains(template),
            "{error}"
        );
        assert!(
            reason.ends_with(
                "; nor does it fit the 2 earlier key shapes of entity `Node` (#[was(…)])"
            ),
            "{error}"
        );
    }
    // Without earlier shapes, the message is as it was.
    let error = Key::<Folder>::parse("DRIVE#d1", Some("X")).unwrap_err();
    assert!(!error.to_string().contains("earlier"), "{error}");
    let error = Key::<Member>::parse("X#acme", Some("MEMBER#ann")).unwrap_err();
    assert!(
        error
            .to_string()
            .ends_with("nor does it fit the 1 earlier key shape of entity `Member` (#[was(…)])"),
        "{error}"
    );
    // The size rules are the same for every shape: their errors are unchanged.
    let long = format!("NODE#{}", "x".repeat(1100));
    let error = Key::<Node>::parse("DRIVE#d1", Some(&long)).unwrap_err();
    assert!(
        matches!(error.kind(), KeyErrorKind::TooLong { .. }),
        "{error}"
    );
}

#[test]
fn an_earlier_shape_checks_its_templates_and_dynamodb_sizes() {
    let shape = Node::EARLIER_KEYS[1];
    assert!(shape.fits("D#d1", Some("F#a")));
    assert!(!shape.fits("D#d1", None));
    assert!(
        !shape.fits("D#d1", Some("F#")),
        "an empty last segment is never written"
    );
    assert!(!shape.fits("DRIVE#d1", Some("F#a")));
    let long = format!("F#{}", "é".repeat(512));
    assert!(long.chars().count() < 1024 && long.len() > 1024);
    assert!(!shape.fits("D#d1", Some(&long)), "bytes, not characters");
}

#[test]
fn the_listed_entity_carries_the_earlier_shapes_and_recognises_their_keys() {
    let entities = Drive::ENTITIES;
    assert_eq!(entities[0].name(), "Folder");
    assert!(entities[0].earlier_keys().is_empty());
    assert_eq!(entities[1].name(), "Node");
    let shapes: Vec<_> = entities[1].earlier_keys().iter().map(texts).collect();
    assert_eq!(shapes.len(), 2);
    assert_eq!(shapes[1], ("D#<drive>", Some("F#<name>")));
    let no_type = |_: &str| None;
    for (partition, sort, owner) in [
        ("DRIVE#d1", "DIR#docs", Some(0)),
        ("DRIVE#d1", "NODE#docs#a", Some(1)),
        ("DRIVE#d1", "FILE#docs#a", Some(1)),
        ("D#d1", "F#a", Some(1)),
        ("D#d1", "DIR#docs", None),
    ] {
        assert_eq!(
            ListedEntity::recognise(entities, partition, Some(sort), no_type),
            Ok(owner),
            "{partition} {sort}"
        );
    }
    assert!(format!("{:?}", entities[1]).contains("F#<name>"));
}
