//! Every message of the core's error types reads as one line of prose: no runs of spaces (a line
//! continuation without `\` in a format string leaves them), no line break inside it. The
//! exhaustive matches below stop the build when a variant is added without a case here.

use super::*;
use crate::collection::MemberName;
use crate::{CollectionError, CollectionErrorKind};

fn member(field: &'static str) -> MemberName {
    MemberName {
        field,
        entity: "Project",
        template: "PROJ#<id>",
    }
}

fn segment_errors() -> Vec<SegmentError> {
    let errors = vec![
        SegmentError::Unencodable("NaN has no key encoding".into()),
        SegmentError::malformed("u64 (20 digits)", "12x"),
    ];
    for error in &errors {
        match error {
            SegmentError::Unencodable(_) | SegmentError::Malformed { .. } => {}
        }
    }
    errors
}

fn cursor_errors() -> Vec<CursorError> {
    let mut errors = vec![
        CursorError::Foreign("it is not base64url without padding".into()),
        CursorError::Malformed("a cursor of a newer dynakey (format version 7)".into()),
        CursorError::Tampered,
        CursorError::WrongKey("attribute \"PK\" is not of type S".into()),
        CursorError::OtherQuery(QueryDifference::default()),
    ];
    // Every part alone, pairs, and all of them.
    for (i, part) in QueryPart::ALL.into_iter().enumerate() {
        errors.push(CursorError::OtherQuery(QueryDifference::of([part])));
        let next = QueryPart::ALL[(i + 1) % QueryPart::ALL.len()];
        errors.push(CursorError::OtherQuery(QueryDifference::of([part, next])));
    }
    errors.push(CursorError::OtherQuery(QueryDifference::of(QueryPart::ALL)));
    for error in &errors {
        match error {
            CursorError::Foreign(_)
            | CursorError::Malformed(_)
            | CursorError::Tampered
            | CursorError::OtherQuery(_)
            | CursorError::WrongKey(_) => {}
        }
    }
    errors
}

fn key_errors() -> Vec<KeyErrorKind> {
    let mut errors = vec![
        KeyErrorKind::Terminator {
            field: "order",
            value: "a#b".into(),
            terminator: '#',
            template: "ORD#<order>#<line>",
        },
        KeyErrorKind::EmptyValue {
            field: "line",
            template: "ORD#<order>#<line>",
        },
        KeyErrorKind::Mismatch {
            key: "X#1".into(),
            template: "ORD#<order>",
            reason: "it does not start with \"ORD#\"".into(),
        },
        KeyErrorKind::Condition("between: the low bound is above the high bound".into()),
    ];
    for role in [KeyRole::Partition, KeyRole::Sort] {
        errors.push(KeyErrorKind::EmptyKey { role });
        errors.push(KeyErrorKind::TooLong {
            role,
            key: "a".repeat(64),
            bytes: 3000,
            limit: role.max_bytes(),
        });
    }
    for source in segment_errors() {
        errors.push(KeyErrorKind::Segment {
            field: "created",
            source: source.clone(),
        });
        errors.push(KeyErrorKind::Value(source));
    }
    errors.extend(cursor_errors().into_iter().map(KeyErrorKind::Cursor));
    for error in &errors {
        match error {
            KeyErrorKind::Terminator { .. }
            | KeyErrorKind::EmptyValue { .. }
            | KeyErrorKind::EmptyKey { .. }
            | KeyErrorKind::TooLong { .. }
            | KeyErrorKind::Segment { .. }
            | KeyErrorKind::Mismatch { .. }
            | KeyErrorKind::Value(_)
            | KeyErrorKind::Condition(_)
            | KeyErrorKind::Cursor(_) => {}
        }
    }
    errors
}

fn collection_errors() -> Vec<CollectionErrorKind> {
    let mut errors = vec![
        CollectionErrorKind::Ambiguous {
            collection: "Workspace",
            sort_key: "PROJ#1".into(),
            first: member("projects"),
            second: member("archived"),
        },
        CollectionErrorKind::Missing {
            collection: "Workspace",
            member: member("settings"),
        },
        CollectionErrorKind::TooMany {
            collection: "Workspace",
            member: member("settings"),
            first_sort_key: "META".into(),
            second_sort_key: "META#2".into(),
        },
    ];
    for sort_key in [Some("X#1".to_owned()), None] {
        errors.push(CollectionErrorKind::UnknownItem {
            collection: "Workspace",
            sort_key,
        });
    }
    for error in &errors {
        match error {
            CollectionErrorKind::UnknownItem { .. }
            | CollectionErrorKind::Ambiguous { .. }
            | CollectionErrorKind::Missing { .. }
            | CollectionErrorKind::TooMany { .. } => {}
        }
    }
    errors
}

/// Every message, with what made it.
fn every_message() -> Vec<(String, String)> {
    fn with<E: fmt::Display + fmt::Debug>(e: E) -> (String, String) {
        (e.to_string(), format!("{e:?}"))
    }
    let mut messages = Vec::new();
    messages.extend(segment_errors().into_iter().map(with));
    messages.extend(cursor_errors().into_iter().map(with));
    for kind in key_errors() {
        messages.push(with(kind.clone()));
        let error = KeyError::from(kind);
        messages.push(with(PlanError::Key(error.clone())));
        messages.push(with(error));
    }
    let value = ValueError::new("tags", "an empty set: DynamoDB has no empty sets");
    messages.push(with(value.clone()));
    messages.push(with(PlanError::Value(value)));
    for kind in collection_errors() {
        messages.push(with(kind.clone()));
        messages.push(with(CollectionError::from(kind)));
    }
    messages.extend(QueryPart::ALL.into_iter().map(with));
    messages
}

#[test]
fn every_message_is_one_line_without_runs_of_spaces() {
    for (message, made_of) in every_message() {
        assert!(
            !message.contains("  "),
            "a run of spaces in {message:?} ({made_of})"
        );
        assert!(!message.contains('\n'), "a line break in {message:?}");
        assert!(!message.trim().is_empty(), "{made_of}");
        assert_eq!(message.trim(), message, "spaces at an end: {made_of}");
    }
}

#[test]
fn another_query_names_the_parts_that_differ() {
    let one = CursorError::OtherQuery(QueryDifference::of([QueryPart::KeyCondition]));
    assert_eq!(
        one.to_string(),
        "the cursor belongs to another query: its key condition differs"
    );
    let all = CursorError::OtherQuery(QueryDifference::of(QueryPart::ALL.into_iter().rev()));
    assert_eq!(
        all.to_string(),
        "the cursor belongs to another query: its table, index, partitions, key condition, filter \
         and direction differ"
    );
    assert!(CursorError::OtherQuery(QueryDifference::default())
        .to_string()
        .contains("does not record which"));
}
