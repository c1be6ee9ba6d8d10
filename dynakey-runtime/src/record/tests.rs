//! The comparison rules and the merges, on records built here (the engine tests write and read
//! them: tests/engine_design_record.rs).

use dynakey::UtcTime;

use super::compare::{status as compare, DesignState};
use super::declared::{Declared, DeclaredKey, TABLE_KEY};
use super::merge::{add_declared, end_migration, start_migration, Stamp};
use super::model::{DesignRecord, MigrationPhase, MigrationTally};
use crate::error::DesignDirection;

fn stamp(by: &str) -> Stamp {
    Stamp::now(by)
}

/// Entity `name` writing `template` (reading `earlier` too) and, when given, `index` in `GSI1`.
fn book(template: &str, earlier: &[&str], index: Option<&str>) -> Declared {
    let mut keys = vec![DeclaredKey {
        key: TABLE_KEY.to_owned(),
        template: template.to_owned(),
        earlier: earlier.iter().map(|t| (*t).to_owned()).collect(),
    }];
    keys.extend(index.map(|template| DeclaredKey {
        key: "GSI1".to_owned(),
        template: template.to_owned(),
        earlier: Vec::new(),
    }));
    Declared {
        name: "Book",
        keys,
        shape: template.replace(" / ", "|"),
        change: None,
    }
}

const V1: &str = "LIB#<library> / BOOK#<id>";
const V2: &str = "LIB#<library> / SHELF#<shelf>#BOOK#<id>";

fn recorded(declared: &[Declared]) -> DesignRecord {
    let mut record = DesignRecord::empty("test");
    assert!(add_declared(&mut record, declared, &stamp("v1")));
    record
}

#[test]
fn the_same_declarations_are_current() {
    let old = [book(V1, &[], Some("T#<title>"))];
    let record = recorded(&old);
    let status = compare("t", Some(&record), &old);
    assert_eq!(status.state, DesignState::Current);
    assert!(status.differences.is_empty());
    assert_eq!(compare("t", None, &old).state, DesignState::NotRecorded);
}

#[test]
fn a_new_template_that_reads_the_recorded_one_is_ahead_and_a_migration_makes_the_old_behind() {
    let old = [book(V1, &[], None)];
    let new = [book(V2, &[V1], None)];
    let mut record = recorded(&old);
    let ahead = compare("t", Some(&record), &new);
    assert_eq!(ahead.state, DesignState::Ahead);
    assert_eq!(ahead.differences[0].direction, DesignDirection::Ahead);
    assert!(
        !add_declared(&mut record, &new, &stamp("v2")),
        "ensure adds no version"
    );

    start_migration(&mut record, &new, "run-1", &stamp("v2")).unwrap();
    let key = record.entity("Book").unwrap().key(TABLE_KEY).unwrap();
    assert_eq!((key.current, key.versions.len()), (2, 2));
    assert_eq!(
        compare("t", Some(&record), &new).state,
        DesignState::Current
    );
    let behind = compare("t", Some(&record), &old);
    assert_eq!(behind.state, DesignState::Behind);
    let difference = &behind.differences[0];
    assert_eq!(difference.running.as_ref().unwrap().version, Some(1));
    assert_eq!(difference.recorded.as_ref().unwrap().version, Some(2));
    assert_eq!(
        difference.to_string(),
        "entity `Book`, table key: behind the table: this code declares version 1 \
         (LIB#<library> / BOOK#<id>), the table records version 2 (LIB#<library> / \
         SHELF#<shelf>#BOOK#<id>)"
    );

    // The old code's migration would move items back: refused, the record unchanged.
    let before = record.clone();
    let refused = start_migration(&mut record, &old, "run-2", &stamp("v1"));
    assert_eq!(refused, Err(vec![("Book".into(), TABLE_KEY.into())]));
    assert_eq!(record, before);
}

#[test]
fn a_new_template_that_reads_none_of_the_recorded_ones_has_diverged() {
    let record = recorded(&[book(V1, &[], None)]);
    let other = [book(V2, &[], None)];
    let status = compare("t", Some(&record), &other);
    assert_eq!(status.state, DesignState::Diverged);
    assert!(status.differences[0].direction.blocks());
}

#[test]
fn a_new_index_template_is_ahead_and_an_unlisted_entity_is_only_named() {
    let record = recorded(&[book(V1, &[], Some("T#<title>"))]);
    let status = compare("t", Some(&record), &[book(V1, &[], Some("TITLE#<title>"))]);
    assert_eq!(status.state, DesignState::Ahead);
    assert_eq!(status.differences[0].key, "GSI1");

    let nothing = compare("t", Some(&record), &[]);
    assert_eq!(nothing.state, DesignState::Current);
    assert_eq!(
        nothing.differences[0].direction,
        DesignDirection::Undeclared
    );
}

#[test]
fn every_merge_applied_twice_is_applied_once() {
    let new = [book(V2, &[V1], Some("T#<title>"))];
    let mut record = DesignRecord::empty("test");
    assert!(add_declared(&mut record, &new, &stamp("v2")));
    let key = record.entity("Book").unwrap().key(TABLE_KEY).unwrap();
    assert_eq!(
        key.current, 2,
        "the earlier shape first, the written one current"
    );
    assert!(!add_declared(&mut record, &new, &stamp("v2")));

    start_migration(&mut record, &new, "run-1", &stamp("v2")).unwrap();
    let once = record.clone();
    start_migration(&mut record, &new, "run-1", &stamp("v2")).unwrap();
    assert_eq!(record, once);
    assert!(record.migration("run-1").unwrap().changes.is_empty());

    let tally = MigrationTally {
        scanned: 3,
        other: 3,
        ..MigrationTally::default()
    };
    let end = (MigrationPhase::Finished, tally.clone(), None);
    assert!(end_migration(
        &mut record,
        "run-1",
        end.clone(),
        UtcTime::now()
    ));
    assert!(!end_migration(
        &mut record,
        "run-1",
        end.clone(),
        UtcTime::now()
    ));
    assert!(!end_migration(&mut record, "run-9", end, UtcTime::now()));
    let run = record.migration("run-1").unwrap();
    assert_eq!(
        (run.phase, &run.counts),
        (MigrationPhase::Finished, &Some(tally))
    );
}
