//! Unit tests of the cursor codec: round trips of every position and value type, and every way a
//! cursor is refused.

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

#[derive(Entity)]
#[pk("WS#<workspace>", shards = 4, shard_by = "id")]
#[sk("PROJ#<created>#<id>")]
struct Project {
    workspace: String,
    created: u32,
    id: String,
}

fn plan<S, P>(q: crate::KeyQuery<impl Sized, impl Sized, S, P>) -> QueryPlan {
    match q.plan() {
        Ok(plan) => plan,
        Err(e) => panic!("{e}"),
    }
}

fn lines() -> QueryPlan {
    plan(Line::query("a1").begins_with(Line::sk().order("1")))
}

fn shards() -> QueryPlan {
    plan(Project::query_shards("acme").begins_with(Project::sk()))
}

fn key(partition: &str, sort: &str) -> StartKey {
    StartKey::from([
        ("PK".to_owned(), KeyValue::S(partition.to_owned())),
        ("SK".to_owned(), KeyValue::S(sort.to_owned())),
    ])
}

fn after(partition: &str, sort: &str) -> Vec<Position> {
    vec![Position::After(key(partition, sort))]
}

fn shard_after(shard: usize, sort: &str) -> Position {
    Position::After(key(&shards().partitions()[shard], sort))
}

fn shard_positions() -> Vec<Position> {
    vec![
        Position::NotStarted,
        shard_after(1, "PROJ#0000000007#p1"),
        Position::Exhausted,
        shard_after(3, "PROJ#0000000009#é😀"),
    ]
}

fn other_query<const N: usize>(parts: [QueryPart; N]) -> CursorError {
    CursorError::OtherQuery(QueryDifference::of(parts))
}

fn kind<T: std::fmt::Debug>(result: Result<T, KeyError>) -> CursorError {
    match result.map_err(KeyError::into_kind) {
        Err(crate::KeyErrorKind::Cursor(e)) => e,
        other => panic!("expected a cursor error, got {other:?}"),
    }
}

#[test]
fn round_trips_one_partition() {
    let codec = CursorCodec::default();
    let start = after("ACCT#a1", "ORD#1#0000000007");
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
fn round_trips_every_state_of_every_shard() {
    let codec = CursorCodec::new("secret");
    let cursor = codec.encode("t", &shards(), &shard_positions()).unwrap();
    assert_eq!(
        codec.decode("t", &shards(), &cursor).unwrap(),
        shard_positions()
    );
}

#[test]
fn values_of_every_key_type_round_trip() {
    for value in [
        KeyValue::S("é😀".into()),
        KeyValue::S(String::new()),
        KeyValue::N("-12.5".into()),
        KeyValue::B(vec![0, 255, 128, 7]),
        KeyValue::B(Vec::new()),
    ] {
        let mut bytes = Vec::new();
        push_value(&mut bytes, "a", &value).unwrap();
        let mut reader = Reader(&bytes);
        assert_eq!(reader.value().unwrap(), value);
        assert!(reader.0.is_empty());
    }
    let huge = KeyValue::S("x".repeat(70_000));
    assert!(push_value(&mut Vec::new(), "a", &huge).is_err());
}

#[test]
fn every_modified_byte_is_refused() {
    let codec = CursorCodec::default();
    for (plan, positions) in [
        (lines(), after("ACCT#a1", "ORD#1#0000000007")),
        (shards(), shard_positions()),
    ] {
        let cursor = codec.encode("t", &plan, &positions).unwrap();
        let bytes = URL_SAFE_NO_PAD.decode(cursor.as_str()).unwrap();
        for i in 0..bytes.len() {
            for bit in [0x01, 0x80] {
                let mut changed = bytes.clone();
                changed[i] ^= bit;
                let version = changed[0];
                let changed = Cursor {
                    text: URL_SAFE_NO_PAD.encode(changed),
                };
                let reason = kind(codec.decode("t", &plan, &changed));
                let known = [
                    VERSION,
                    SEALED_VERSION,
                    VERSION_WITHOUT_PARTS,
                    SEALED_VERSION_WITHOUT_PARTS,
                ];
                if i == 0 && !known.contains(&version) {
                    // A first byte of another dynakey version, or of none (0x80 flipped).
                    let ours = (FIRST_FORMAT..=LAST_FORMAT).contains(&version);
                    assert_eq!(
                        matches!(reason, CursorError::Malformed(_)),
                        ours,
                        "{version}: {reason}"
                    );
                    assert_eq!(matches!(reason, CursorError::Foreign(_)), !ours, "{reason}");
                } else {
                    // Another version this build reads (5 and 4 are one bit apart) is refused
                    // by the tag like any other change.
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
                &plan,
                &Cursor {
                    text: text.to_owned(),
                },
            ));
            assert!(
                matches!(
                    reason,
                    CursorError::Malformed(_) | CursorError::Tampered | CursorError::Foreign(_)
                ),
                "{text:?}: {reason}"
            );
            assert!(text.parse::<Cursor>().is_err() || reason == CursorError::Tampered);
        }
    }
}

/// The rule that tells a text that was never a dynakey cursor from one of another dynakey
/// version: the first byte, a format version of 1 to 15 (see `unpack`).
#[test]
fn a_text_that_is_no_dynakey_cursor_says_so_and_another_version_is_named() {
    let codec = CursorCodec::default();
    let plan = lines();
    let cursor = codec
        .encode("t", &plan, &after("ACCT#a1", "ORD#1#0000000007"))
        .unwrap();
    let mut bytes = URL_SAFE_NO_PAD.decode(cursor.as_str()).unwrap();
    let decode = |text: String| kind(codec.decode("t", &plan, &Cursor { text }));
    let message = |text: &str| text.parse::<Cursor>().unwrap_err().to_string();
    // A cursor of this build's length and content, every first byte.
    for first in 0..=u8::MAX {
        bytes[0] = first;
        let text = URL_SAFE_NO_PAD.encode(&bytes);
        match first {
            0 | 16.. => {
                let reason = decode(text.clone());
                assert!(
                    matches!(reason, CursorError::Foreign(_)),
                    "{first}: {reason}"
                );
                assert_eq!(
                    message(&text),
                    format!(
                        "not a dynakey cursor: its first byte, {first}, is no dynakey format \
                         version (1 to 15)"
                    )
                );
            }
            1 | 2 => assert_eq!(
                message(&text),
                format!(
                    "malformed cursor: a cursor of an earlier dynakey (format version {first}), \
                     which this build no longer reads (it reads versions 3 to 6): start the \
                     query again"
                )
            ),
            // Read as that version: accepted, or refused by its length or its tag.
            3..=6 => {
                let read = codec.decode("t", &plan, &Cursor { text });
                assert!(
                    !matches!(&read, Err(e) if matches!(e.kind(), crate::KeyErrorKind::Cursor(CursorError::Foreign(_)))),
                    "{first}: {read:?}"
                );
            }
            7..=15 => assert_eq!(
                message(&text),
                format!(
                    "malformed cursor: a cursor of a newer dynakey (format version {first}; this \
                     build reads versions 3 to 6)"
                )
            ),
        }
    }
    // The garbage (a first byte of 158), other systems' tokens, and empty text.
    for text in [
        "nhFpbGxlZ2FsLWN1cnNvci10ZXh0",
        "eyJsYXN0S2V5IjoiT1JEIzEifQ",
        "not a cursor!",
        "",
    ] {
        let reason = decode(text.to_owned());
        assert!(
            matches!(reason, CursorError::Foreign(_)),
            "{text:?}: {reason}"
        );
        assert!(
            message(text).starts_with("not a dynakey cursor: "),
            "{}",
            message(text)
        );
    }
}

#[test]
fn another_secret_is_refused() {
    let cursor = CursorCodec::new("one")
        .encode("t", &lines(), &after("ACCT#a1", "ORD#1#0000000007"))
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
        .encode("t", &lines(), &after("ACCT#a1", "ORD#1#0000000007"))
        .unwrap();
    let others = [
        plan(Line::query("a2").begins_with(Line::sk().order("1"))),
        plan(Line::query("a1").begins_with(Line::sk().order("10"))),
        plan(Line::query("a1").gte(Line::sk().order("1"))),
        plan(
            Line::query("a1")
                .begins_with(Line::sk().order("1"))
                .reverse(),
        ),
        plan(Line::query("a1")),
        shards(),
    ];
    for other in &others {
        assert!(
            matches!(
                kind(codec.decode("t", other, &cursor)),
                CursorError::OtherQuery(d) if !d.parts().is_empty()
            ),
            "{other:?}"
        );
    }
    assert_eq!(
        kind(codec.decode("other-table", &lines(), &cursor)),
        other_query([QueryPart::Table])
    );
    let mut on_index = lines();
    on_index.target.index = Some("gsi");
    assert_eq!(
        kind(codec.decode("t", &on_index, &cursor)),
        other_query([QueryPart::Index])
    );
    // A filter binds the cursor too.
    let mut filtered = lines();
    filtered.filter = Some(crate::expr::Condition::attribute_exists(
        crate::expr::Path::attribute("x"),
    ));
    assert_eq!(
        kind(codec.decode("t", &filtered, &cursor)),
        other_query([QueryPart::Filter])
    );
    // Limit, projection and consistency may change between pages.
    let same = plan(
        Line::query("a1")
            .begins_with(Line::sk().order("1"))
            .limit(3)
            .consistent_read()
            .project(["line"]),
    );
    assert!(codec.decode("t", &same, &cursor).is_ok());
    // The same query over fewer shards is another query.
    let cursor = codec.encode("t", &shards(), &shard_positions()).unwrap();
    let mut fewer = shards();
    fewer.partitions.pop();
    assert_eq!(
        kind(codec.decode("t", &fewer, &cursor)),
        other_query([QueryPart::Partitions])
    );
}

#[test]
fn keys_that_do_not_fit_the_query_are_refused() {
    let codec = CursorCodec::default();
    // Another partition, a missing attribute, an extra one, a number, a sort key outside the
    // key condition.
    let wrong_partition = key("ACCT#a2", "ORD#1#0000000007");
    let mut missing = key("ACCT#a1", "ORD#1#0000000007");
    missing.remove("SK");
    let mut extra = key("ACCT#a1", "ORD#1#0000000007");
    extra.insert("GSI1PK".into(), KeyValue::S("x".into()));
    let mut number = key("ACCT#a1", "ORD#1#0000000007");
    number.insert("SK".into(), KeyValue::N("7".into()));
    let outside = key("ACCT#a1", "ORD#2#0000000007");
    for start in [wrong_partition, missing, extra, number, outside] {
        assert!(matches!(
            kind(codec.encode("t", &lines(), &[Position::After(start)])),
            CursorError::WrongKey(_)
        ));
    }
    // Without a key condition every sort key is in range, but DynamoDB refuses an empty one and
    // one over 1,024 bytes.
    let whole = plan(Line::query("a1"));
    assert!(codec.encode("t", &whole, &after("ACCT#a1", "ORD$")).is_ok());
    for start in [key("ACCT#a1", ""), key("ACCT#a1", &"O".repeat(1025))] {
        assert!(matches!(
            kind(codec.encode("t", &whole, &[Position::After(start)])),
            CursorError::WrongKey(_)
        ));
    }
    // Not one position per partition; a shard's position with another shard's key.
    assert!(matches!(
        kind(codec.encode("t", &shards(), &shard_positions()[..3])),
        CursorError::WrongKey(_)
    ));
    let mut wrong = shard_positions();
    wrong[1] = shard_after(2, "PROJ#x");
    assert!(matches!(
        kind(codec.encode("t", &shards(), &wrong)),
        CursorError::WrongKey(_)
    ));
}

#[test]
fn forged_cursors_with_a_known_key_still_cannot_leave_the_query() {
    // Someone who knows the built-in key signs a cursor whose sort key lies outside the key
    // condition (the partition key is not even stored: it is always the query's own).
    let codec = CursorCodec::default();
    let mut body = lines().fingerprint("t").to_vec();
    body.extend(lines().part_digests("t").concat());
    body.extend_from_slice(&1u16.to_be_bytes());
    body.push(AFTER);
    push_value(&mut body, "SK", &KeyValue::S("ORD#2#".into())).unwrap();
    // And someone holding the secret (or a bug) encrypts one.
    for codec in [codec, CursorCodec::new("secret")] {
        let forged = Cursor {
            text: codec.seal(body.clone()).unwrap(),
        };
        assert!(matches!(
            kind(codec.decode("t", &lines(), &forged)),
            CursorError::WrongKey(_)
        ));
    }
}

#[test]
fn with_a_secret_cursors_are_encrypted_and_reveal_no_key() {
    let codec = CursorCodec::new("secret");
    let positions = after("ACCT#a1", "ORD#1#0000000007");
    let cursor = codec.encode("t", &lines(), &positions).unwrap();
    let bytes = URL_SAFE_NO_PAD.decode(cursor.as_str()).unwrap();
    assert_eq!(bytes[0], SEALED_VERSION);
    let needle = b"0000000007";
    assert!(!bytes.windows(needle.len()).any(|w| w == needle));
    // The signed form of the same position shows the key; the encrypted one is new each time.
    let signed = CursorCodec::default()
        .encode("t", &lines(), &positions)
        .unwrap();
    let plain = URL_SAFE_NO_PAD.decode(signed.as_str()).unwrap();
    assert!(plain.windows(needle.len()).any(|w| w == needle));
    let again = codec.encode("t", &lines(), &positions).unwrap();
    assert_ne!(again, cursor);
    assert_eq!(codec.decode("t", &lines(), &cursor).unwrap(), positions);
    assert_eq!(codec.decode("t", &lines(), &again).unwrap(), positions);
    // Every bit of every byte: refused (the version byte as another version, as none, or as a
    // signed cursor).
    for i in 0..bytes.len() {
        for bit in [0x01, 0x80] {
            let mut changed = bytes.clone();
            changed[i] ^= bit;
            let changed = Cursor {
                text: URL_SAFE_NO_PAD.encode(changed),
            };
            let reason = kind(codec.decode("t", &lines(), &changed));
            assert!(
                matches!(
                    reason,
                    CursorError::Tampered | CursorError::Malformed(_) | CursorError::Foreign(_)
                ),
                "byte {i}: {reason}"
            );
            if i > 0 {
                assert_eq!(reason, CursorError::Tampered, "byte {i}");
            }
        }
    }
    // Bound to its query, and only the secret opens it.
    assert_eq!(
        kind(codec.decode("other-table", &lines(), &cursor)),
        other_query([QueryPart::Table])
    );
    assert!(matches!(
        kind(codec.decode("t", &shards(), &cursor)),
        CursorError::OtherQuery(d) if d.contains(QueryPart::Partitions)
    ));
    for other in [CursorCodec::new("other"), CursorCodec::default()] {
        assert_eq!(
            kind(other.decode("t", &lines(), &cursor)),
            CursorError::Tampered
        );
    }
}

#[test]
fn a_codec_with_a_secret_reads_the_signed_cursors_of_that_secret() {
    let signer = CursorCodec {
        mac: keyed(b"secret"),
        aead: None,
    };
    let positions = shard_positions();
    let signed = signer.encode("t", &shards(), &positions).unwrap();
    let codec = CursorCodec::new("secret");
    assert_eq!(codec.decode("t", &shards(), &signed).unwrap(), positions);
    assert_eq!(
        kind(CursorCodec::new("other").decode("t", &shards(), &signed)),
        CursorError::Tampered
    );
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
fn codecs_do_not_show_their_secret() {
    assert_eq!(
        format!("{:?}", CursorCodec::new("hunter2")),
        "CursorCodec { key: \"secret\" }"
    );
    assert!(!CursorCodec::default().has_secret());
}

/// One query differing from the cursor's in one part each: the message names that part, and
/// only that part.
#[test]
fn the_message_names_what_differs() {
    let codec = CursorCodec::default();
    let cursor = codec
        .encode("t", &lines(), &after("ACCT#a1", "ORD#1#0000000007"))
        .unwrap();
    let mut on_index = lines();
    on_index.target.index = Some("gsi");
    let mut filtered = lines();
    filtered.filter = Some(crate::expr::Condition::attribute_exists(
        crate::expr::Path::attribute("x"),
    ));
    let cases = [
        (
            "other-table",
            lines(),
            QueryPart::Table,
            "its table differs",
        ),
        ("t", on_index, QueryPart::Index, "its index differs"),
        (
            "t",
            plan(Line::query("a2").begins_with(Line::sk().order("1"))),
            QueryPart::Partitions,
            "its partitions differ",
        ),
        (
            "t",
            plan(Line::query("a1").begins_with(Line::sk().order("10"))),
            QueryPart::KeyCondition,
            "its key condition differs",
        ),
        ("t", filtered, QueryPart::Filter, "its filter differs"),
        (
            "t",
            plan(
                Line::query("a1")
                    .begins_with(Line::sk().order("1"))
                    .reverse(),
            ),
            QueryPart::Direction,
            "its direction differs",
        ),
    ];
    for (table, other, part, text) in cases {
        let error = codec.decode(table, &other, &cursor).unwrap_err();
        let message = error.to_string();
        assert_eq!(kind::<()>(Err(error)), other_query([part]), "{message}");
        assert_eq!(
            message,
            format!("the cursor belongs to another query: {text}"),
            "{part}"
        );
    }
    // Several parts at once, named together.
    let error = codec
        .decode(
            "other-table",
            &plan(
                Line::query("a2")
                    .begins_with(Line::sk().order("1"))
                    .reverse(),
            ),
            &cursor,
        )
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "the cursor belongs to another query: its table, partitions and direction differ"
    );
}

/// A cursor of the format before part digests (version 3: fingerprint, partition count,
/// positions) is still read, and refused by another query without naming a part.
#[test]
fn a_cursor_without_part_digests_is_still_read() {
    let codec = CursorCodec::default();
    let plan = lines();
    let mut body = plan.fingerprint("t").to_vec();
    body.extend_from_slice(&1u16.to_be_bytes());
    body.push(NOT_STARTED);
    let mut bytes = vec![VERSION_WITHOUT_PARTS];
    bytes.extend_from_slice(&body);
    let tag = codec
        .mac
        .clone()
        .chain_update(MAC_CONTEXT)
        .chain_update(&bytes)
        .finalize()
        .into_bytes();
    bytes.extend_from_slice(&tag[..TAG_LEN]);
    let cursor = Cursor {
        text: URL_SAFE_NO_PAD.encode(bytes),
    };
    assert_eq!(
        codec.decode("t", &plan, &cursor).unwrap(),
        vec![Position::NotStarted]
    );
    let error = codec.decode("other-table", &plan, &cursor).unwrap_err();
    assert_eq!(
        kind::<()>(Err(error.clone())),
        CursorError::OtherQuery(QueryDifference::default())
    );
    assert!(!error.to_string().contains("  "));
}
