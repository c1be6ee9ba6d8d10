//! Unit tests of the cursor codec: round trips of every key type, and every way a cursor is refused.

use super::*;
use crate::Entity;

#[derive(Entity)]
#[pk("ACCT#<account>")]
#[sk("ORD#<order>#<line>")]
struct Line {
    account: String,
    order: String,
    line: u32,
}

fn input(q: crate::KeyQuery<Line, impl Sized, impl Sized>) -> QueryInput {
    match q.build() {
        Ok(input) => input,
        Err(e) => panic!("{e}"),
    }
}

fn lines() -> QueryInput {
    input(Line::query("a1").begins_with(Line::sk().order("1")))
}

fn key(partition: &str, sort: &str) -> StartKey {
    StartKey::from([
        ("PK".to_owned(), KeyValue::S(partition.to_owned())),
        ("SK".to_owned(), KeyValue::S(sort.to_owned())),
    ])
}

fn kind(result: Result<StartKey, KeyError>) -> CursorError {
    match result.map_err(KeyError::into_kind) {
        Err(KeyErrorKind::Cursor(e)) => e,
        other => panic!("expected a cursor error, got {other:?}"),
    }
}

/// A query on a table whose key attributes are a number and a binary value.
fn typed_input() -> QueryInput {
    QueryInput {
        index_name: Some("by-number".into()),
        partition_key_attribute: "n".into(),
        key_condition_expression: "#pk = :pk AND #sk > :sk".into(),
        expression_attribute_names: BTreeMap::from([
            ("#pk".into(), "n".into()),
            ("#sk".into(), "b".into()),
        ]),
        expression_attribute_values: BTreeMap::from([
            (":pk".into(), KeyValue::N("-12.5".into())),
            (":sk".into(), KeyValue::B(vec![0, 1])),
        ]),
        projection_expression: None,
        scan_index_forward: true,
        limit: None,
        consistent_read: false,
        sort_key_attribute: Some("b".into()),
        start_key_attributes: vec!["PK".into(), "SK".into(), "b".into(), "n".into()],
        exclude_sort_keys: Vec::new(),
        matches_nothing: false,
    }
}

#[test]
fn round_trips_string_keys() {
    let codec = CursorCodec::default();
    let start = key("ACCT#a1", "ORD#1#0000000007");
    let cursor = codec.encode("t", &lines(), &start).unwrap();
    assert!(cursor
        .as_str()
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
    assert_eq!(codec.decode("t", &lines(), &cursor).unwrap(), start);
    // Its text parses back, also through serde.
    let parsed: Cursor = cursor.as_str().parse().unwrap();
    assert_eq!(parsed, cursor);
    let json = serde_json::to_string(&cursor).unwrap();
    assert_eq!(json, format!("\"{cursor}\""));
    assert_eq!(serde_json::from_str::<Cursor>(&json).unwrap(), cursor);
}

#[test]
fn round_trips_number_and_binary_keys_of_table_and_index() {
    let codec = CursorCodec::new("secret");
    let start = StartKey::from([
        ("PK".to_owned(), KeyValue::S("é😀".into())),
        ("SK".to_owned(), KeyValue::B(vec![0, 255, 128, 7])),
        ("b".to_owned(), KeyValue::B(Vec::new())),
        ("n".to_owned(), KeyValue::N("-12.5".into())),
    ]);
    let input = typed_input();
    let cursor = codec.encode("t", &input, &start).unwrap();
    assert_eq!(codec.decode("t", &input, &cursor).unwrap(), start);
}

#[test]
fn every_modified_byte_is_refused() {
    let codec = CursorCodec::default();
    let cursor = codec
        .encode("t", &lines(), &key("ACCT#a1", "ORD#1#0000000007"))
        .unwrap();
    let bytes = URL_SAFE_NO_PAD.decode(cursor.as_str()).unwrap();
    for i in 0..bytes.len() {
        for bit in [0x01, 0x80] {
            let mut changed = bytes.clone();
            changed[i] ^= bit;
            let changed = Cursor {
                text: URL_SAFE_NO_PAD.encode(changed),
            };
            let reason = kind(codec.decode("t", &lines(), &changed));
            if i == 0 {
                assert!(matches!(reason, CursorError::Malformed(_)), "{reason}");
            } else {
                assert_eq!(reason, CursorError::Tampered, "byte {i}");
            }
        }
    }
    // Cut short, extended, or not base64url at all.
    for text in [
        &cursor.as_str()[..cursor.as_str().len() - 1],
        &format!("{cursor}A"),
        &format!("{cursor}="),
        "",
        "not a cursor!",
    ] {
        let reason = kind(codec.decode(
            "t",
            &lines(),
            &Cursor {
                text: text.to_owned(),
            },
        ));
        assert!(
            matches!(reason, CursorError::Malformed(_) | CursorError::Tampered),
            "{text:?}: {reason}"
        );
        assert!(text.parse::<Cursor>().is_err() || reason == CursorError::Tampered);
    }
}

#[test]
fn another_secret_is_refused() {
    let cursor = CursorCodec::new("one")
        .encode("t", &lines(), &key("ACCT#a1", "ORD#1#0000000007"))
        .unwrap();
    for codec in [CursorCodec::new("two"), CursorCodec::default()] {
        assert_eq!(
            kind(codec.decode("t", &lines(), &cursor)),
            CursorError::Tampered
        );
    }
    assert!(CursorCodec::new("one")
        .decode("t", &lines(), &cursor)
        .is_ok());
}

#[test]
fn another_query_is_refused() {
    let codec = CursorCodec::default();
    let cursor = codec
        .encode("t", &lines(), &key("ACCT#a1", "ORD#1#0000000007"))
        .unwrap();
    let others = [
        input(Line::query("a2").begins_with(Line::sk().order("1"))),
        input(Line::query("a1").begins_with(Line::sk().order("10"))),
        input(Line::query("a1").gte(Line::sk().order("1"))),
        input(
            Line::query("a1")
                .begins_with(Line::sk().order("1"))
                .reverse(),
        ),
        input(Line::query("a1")),
    ];
    for other in &others {
        assert_eq!(
            kind(codec.decode("t", other, &cursor)),
            CursorError::OtherQuery,
            "{other:?}"
        );
    }
    assert_eq!(
        kind(codec.decode("other-table", &lines(), &cursor)),
        CursorError::OtherQuery
    );
    let mut on_index = lines();
    on_index.index_name = Some("gsi".into());
    assert_eq!(
        kind(codec.decode("t", &on_index, &cursor)),
        CursorError::OtherQuery
    );
    // Limit, projection and consistency may change between pages.
    let same = input(
        Line::query("a1")
            .begins_with(Line::sk().order("1"))
            .limit(3)
            .project(["line"])
            .consistent_read(),
    );
    assert!(codec.decode("t", &same, &cursor).is_ok());
}

#[test]
fn keys_that_do_not_fit_the_query_are_refused() {
    let codec = CursorCodec::default();
    // Another partition, a missing attribute, an extra one.
    let wrong_partition = key("ACCT#a2", "ORD#1#0000000007");
    let mut missing = key("ACCT#a1", "ORD#1#0000000007");
    missing.remove("SK");
    let mut extra = key("ACCT#a1", "ORD#1#0000000007");
    extra.insert("GSI1PK".into(), KeyValue::S("x".into()));
    for start in [wrong_partition, missing, extra] {
        assert!(matches!(
            kind(codec.encode("t", &lines(), &start).map(|_| StartKey::new())),
            CursorError::WrongKey(_)
        ));
    }
}

#[test]
fn forged_cursors_with_a_known_key_still_cannot_leave_the_partition() {
    // Someone who knows the built-in key signs a cursor for another partition's key.
    let codec = CursorCodec::default();
    let mut body = vec![VERSION];
    body.extend_from_slice(&fingerprint("t", &lines()));
    body.push(2);
    for (name, value) in [("PK", "ACCT#a2"), ("SK", "ORD#1#")] {
        body.push(name.len() as u8);
        body.extend_from_slice(name.as_bytes());
        body.push(b'S');
        body.extend_from_slice(&(value.len() as u16).to_be_bytes());
        body.extend_from_slice(value.as_bytes());
    }
    let forged = Cursor {
        text: codec.seal(MAC_CONTEXT, body),
    };
    assert!(matches!(
        kind(codec.decode("t", &lines(), &forged)),
        CursorError::WrongKey(_)
    ));
}

#[test]
fn the_key_preparation_is_standard_hmac() {
    for secret in [&b""[..], b"short", &[7u8; 64], &[9u8; 65], &[1u8; 200]] {
        let ours = keyed(secret).chain_update(b"m").finalize().into_bytes();
        let reference = <HmacSha256 as Mac>::new_from_slice(secret)
            .unwrap()
            .chain_update(b"m")
            .finalize()
            .into_bytes();
        assert_eq!(ours, reference, "secret of {} bytes", secret.len());
    }
}

#[test]
fn placeholders_are_read_from_the_expression() {
    assert_eq!(
        placeholders("#pk = :pk AND #sk BETWEEN :lo AND :hi", '#'),
        ["#pk", "#sk"]
    );
    assert_eq!(
        placeholders("#pk = :pk AND #sk BETWEEN :lo AND :hi", ':'),
        [":pk", ":lo", ":hi"]
    );
    assert_eq!(placeholders("begins_with(#sk, :sk)", ':'), [":sk"]);
}

#[test]
fn codecs_do_not_show_their_secret() {
    assert_eq!(
        format!("{:?}", CursorCodec::new("hunter2")),
        "CursorCodec { key: \"secret\" }"
    );
    assert!(!CursorCodec::default().has_secret());
}
