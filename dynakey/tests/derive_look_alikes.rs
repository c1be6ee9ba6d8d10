//! Declarations that look like mistakes but are valid, beside the compile-fail corpus
//! (docs/guide.md, "Mistakes that do not compile"): each compiles, and writes the keys a DynamoDB
//! user would expect.

#![allow(dead_code)]

use dynakey::{Entity, KeyErrorKind};

#[derive(dynakey::Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByOwner, partition_key = "GSI1PK", sort_key = "GSI1SK", projection = keys_only)]
#[gsi(ByOwnerAll, partition_key = "GSI1PK", sort_key = "GSI1SK", projection = all)]
struct App;

/// A partition key of literal text only: every item in one partition (a small, bounded set such
/// as a configuration), and a field named `pk`: attribute names are case-sensitive, so "pk" is not
/// the table's "PK".
#[derive(Entity, Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[dynakey(table = App)]
#[pk("CONFIG")]
#[sk("SETTING#<name>")]
struct Setting {
    name: String,
    pk: String,
}

/// The same template for the partition and the sort key (the adjacency-list item of a node), a
/// trailing delimiter (so "USER#1" does not start "USER#10"), a float in a key, and two GSIs over
/// one key schema filled with one template each.
// The two #[index] templates are alike on purpose (clippy reads them as a copied attribute).
#[allow(clippy::duplicated_attributes)]
#[derive(Entity, Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[dynakey(table = App)]
#[pk("USER#<id>#")]
#[sk("USER#<id>#")]
#[index(ByOwner, pk = "OWNER#<owner>", sk = "SCORE#<score>")]
#[index(ByOwnerAll, pk = "OWNER#<owner>", sk = "SCORE#<score>")]
struct User {
    id: u32,
    owner: String,
    score: f64,
}

/// Text that looks like another template language's placeholder but names no field, and `:`
/// before a real placeholder: literal text.
#[derive(Entity, Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[dynakey(table = App)]
#[pk("ORG:META")]
#[sk("LIB:<library>#PRICE$USD#{#")]
#[index(ByOwnerAll, pk = "LIB:<library>", sk = "ALL")]
struct Library {
    library: String,
}

/// An entity whose table is not an enum (no list to be in), with an `Option` field in an index
/// template: a sparse index (the item is in it only when the field is set), not an error as in a
/// table key.
#[derive(Entity, Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[dynakey(table = App)]
#[pk("TASK#<id>")]
#[sk("META")]
#[index(ByOwner, pk = "OWNER#<owner>", sk = "TASK#<id>")]
struct Task {
    id: String,
    owner: Option<String>,
}

#[derive(dynakey::Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(Inverted, partition_key = "SK", sort_key = "PK", projection = keys_only)]
struct Groups;

/// An inverted index: its key attributes are the table's, swapped, and its templates the table's.
#[derive(Entity, Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[dynakey(table = Groups)]
#[pk("USER#<user>")]
#[sk("GROUP#<group>")]
#[index(Inverted, pk = "GROUP#<group>", sk = "USER#<user>")]
struct Membership {
    user: String,
    group: String,
}

#[test]
fn an_inverted_index_repeats_the_table_keys() {
    let m = Membership {
        user: "ada".into(),
        group: "admins".into(),
    };
    assert_eq!(
        m.index_keys().unwrap(),
        vec![
            ("SK", "GROUP#admins".to_owned()),
            ("PK", "USER#ada".to_owned())
        ]
    );
}

#[test]
fn a_literal_partition_key_and_a_field_named_like_a_key_attribute_in_another_case() {
    let s = Setting {
        name: "theme".into(),
        pk: "kept".into(),
    };
    let key = s.primary_key().unwrap();
    assert_eq!(
        key.attributes().collect::<Vec<_>>(),
        vec![("PK", "CONFIG"), ("SK", "SETTING#theme")]
    );
    assert_eq!(Setting::key("theme").unwrap(), key);
}

#[test]
fn one_template_for_both_keys_a_trailing_delimiter_and_a_float() {
    let u = User {
        id: 1,
        owner: "ada".into(),
        score: 1.5,
    };
    let key = u.primary_key().unwrap();
    assert_eq!(key.partition(), "USER#0000000001#");
    assert_eq!(key.sort(), Some("USER#0000000001#"));
    // One pair per index: the same values, so the item holds each attribute once.
    let pair = [
        ("GSI1PK", "OWNER#ada".to_owned()),
        ("GSI1SK", "SCORE#BFF8000000000000".to_owned()),
    ];
    assert_eq!(u.index_keys().unwrap(), [pair.clone(), pair].concat());
    let nan = User {
        score: f64::NAN,
        ..u
    };
    let error = nan.index_keys().unwrap_err();
    assert!(
        matches!(error.kind(), KeyErrorKind::Segment { .. }),
        "{error}"
    );
}

#[test]
fn look_alike_placeholders_that_name_no_field_are_literal() {
    let l = Library {
        library: "main".into(),
    };
    let key = l.primary_key().unwrap();
    assert_eq!(key.partition(), "ORG:META");
    assert_eq!(key.sort(), Some("LIB:main#PRICE$USD#{#"));
}

#[test]
fn an_option_field_in_an_index_template_makes_a_sparse_index() {
    let t = Task {
        id: "t1".into(),
        owner: None,
    };
    assert_eq!(t.index_keys().unwrap(), vec![]);
    let t = Task {
        owner: Some("ada".into()),
        ..t
    };
    assert_eq!(
        t.index_keys().unwrap(),
        vec![
            ("GSI1PK", "OWNER#ada".to_owned()),
            ("GSI1SK", "TASK#t1".to_owned())
        ]
    );
}
