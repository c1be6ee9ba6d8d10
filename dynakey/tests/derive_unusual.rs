//! `#[derive(Entity)]` on unusual but legal structs: raw-identifier fields, fields named like
//! generated locals, `pub(crate)` structs, structs inside functions, entities in another module
//! than their table, doc comments and serde attributes on fields; and templates with unusual
//! literals (non-ASCII terminators, a trailing literal, a fixed-width field followed by a digit).

#![allow(dead_code)]

use dynakey::{Entity, KeyErrorKind};

mod tables {
    #[derive(dynakey::Table)]
    #[table(partition_key = "PK", sort_key = "SK")]
    pub struct App;

    #[derive(dynakey::Table)]
    #[table(partition_key = "PK", sort_key = "SK")]
    #[gsi(ByAttribute, partition_key = "GSI1PK", sort_key = "GSI1SK")]
    pub struct Indexed;
}

mod entities {
    use dynakey::Entity;

    /// A `pub(crate)` entity in another module than its table.
    #[derive(Entity, Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
    #[dynakey(table = super::tables::App)]
    #[pk("T#<type>")]
    #[sk("M#<match>#<key>")]
    pub(crate) struct Keyword {
        /// The type.
        #[serde(rename = "Type")]
        pub(crate) r#type: String,
        pub(crate) r#match: u32,
        pub(crate) key: String,
    }
}

use entities::Keyword;

#[test]
fn raw_identifier_fields_are_named_without_r_hash_in_templates() {
    let key = Keyword::key("a", 7u32, "k").unwrap();
    assert_eq!(key.partition(), "T#a");
    assert_eq!(key.sort(), Some("M#0000000007#k"));
    let parsed = Keyword::parse_sort_key("M#0000000007#k").unwrap();
    assert_eq!(parsed.r#match, 7);
    assert_eq!(parsed.key, "k");
    let q = Keyword::query("a")
        .begins_with(Keyword::sk().r#match(7u32))
        .build()
        .unwrap();
    assert_eq!(
        q.expression_attribute_values[":sk"],
        dynakey::AttributeValue::S("M#0000000007#".into())
    );
    let _ = Keyword::sk().prefix("00");
    // Errors name the field as written in the template.
    let err = Keyword::key("", 7u32, "k").unwrap_err();
    assert!(
        matches!(err.kind(), KeyErrorKind::EmptyValue { field: "type", .. }),
        "{err}"
    );
    let err = Keyword::key("a", 7u32, "").unwrap_err();
    assert!(
        matches!(err.kind(), KeyErrorKind::EmptyValue { field: "key", .. }),
        "{err}"
    );
}

/// Fields named like locals of generated code.
#[derive(Entity, Debug, Clone, PartialEq)]
#[pk("P#<key>#<rest>#<out>")]
#[sk("S#<partial>#<self_>#<value>#<__segment_0>")]
pub(crate) struct Shadows {
    key: String,
    rest: String,
    out: String,
    partial: String,
    self_: String,
    value: String,
    __segment_0: String,
}

#[test]
fn fields_named_like_generated_locals() {
    let k = Shadows::key("k", "r", "o", "p", "s", "x", "z").unwrap();
    assert_eq!(k.partition(), "P#k#r#o");
    assert_eq!(k.sort(), Some("S#p#s#x#z"));
    let parsed = Shadows::parse_sort_key("S#p#s#x#z").unwrap();
    assert_eq!(parsed.__segment_0, "z");
    let parsed = Shadows::parse_partition_key("P#k#r#o").unwrap();
    assert_eq!(parsed.rest, "r");
}

/// Fields named exactly like the `__dynakey_…` locals and the label of generated code: the
/// encoders, the sort-key builder, the sharded partition key and the sparse index keys still
/// read each field, since generated locals are hygienic.
#[derive(Entity, Debug, Clone, PartialEq)]
#[dynakey(table = tables::Indexed)]
#[pk("P#<__dynakey_out>", shards = 4, shard_by = "__dynakey_logical")]
#[sk("S#<__dynakey_capacity>#<__dynakey_logical>")]
#[index(
    tables::ByAttribute,
    pk = "I#<__dynakey_attribute>",
    sk = "<__dynakey_index>"
)]
struct Hygiene {
    __dynakey_out: String,
    __dynakey_capacity: String,
    __dynakey_logical: String,
    __dynakey_attribute: Option<String>,
    __dynakey_index: String,
}

#[test]
fn fields_named_like_hygienic_locals() {
    let item = Hygiene {
        __dynakey_out: "o".into(),
        __dynakey_capacity: "c".into(),
        __dynakey_logical: "l".into(),
        __dynakey_attribute: Some("a".into()),
        __dynakey_index: "i".into(),
    };
    let shard = Hygiene::shard_of("l").unwrap();
    let partition = format!("P#o#{shard:02}");
    assert_eq!(item.partition_key().unwrap(), partition);
    assert_eq!(item.sort_key().unwrap().as_deref(), Some("S#c#l"));
    let key = Hygiene::key("o", "c", "l").unwrap();
    assert_eq!(
        (key.partition(), key.sort()),
        (partition.as_str(), Some("S#c#l"))
    );
    assert_eq!(
        item.index_keys().unwrap(),
        vec![("GSI1PK", "I#a".to_owned()), ("GSI1SK", "i".to_owned())]
    );
    let sparse = Hygiene {
        __dynakey_attribute: None,
        ..item
    };
    assert_eq!(sparse.index_keys().unwrap(), vec![]);
    let q = Hygiene::query_shard("o", shard)
        .begins_with(Hygiene::sk().__dynakey_capacity("c"))
        .build()
        .unwrap();
    assert_eq!(
        q.expression_attribute_values[":sk"],
        dynakey::AttributeValue::S("S#c#".into())
    );
    assert_eq!(
        Hygiene::parse_partition_key(&partition)
            .unwrap()
            .__dynakey_out,
        "o"
    );
}

#[test]
fn entity_declared_inside_a_function() {
    #[derive(Entity, Debug, Clone, PartialEq)]
    #[pk("L#<id>")]
    #[sk("X")]
    struct Local {
        id: u8,
    }
    assert_eq!(Local::key(3u8).unwrap().partition(), "L#003");
}

/// Non-ASCII terminators, a template ending in a literal, a fixed-width field followed by a
/// literal that starts with a digit.
#[derive(Entity, Debug, Clone, PartialEq)]
#[pk("Ä<a>é<b>→")]
#[sk("<n>1X<m>0")]
struct Odd {
    a: String,
    b: String,
    n: u16,
    m: u8,
}

#[test]
fn unusual_literals_round_trip() {
    let k = Odd::key("x", "y", 42u16, 7u8).unwrap();
    assert_eq!(k.partition(), "Äxéy→");
    assert_eq!(k.sort(), Some("000421X0070"));
    let p = Odd::parse_partition_key("Äxéy→").unwrap();
    assert_eq!((p.a.as_str(), p.b.as_str()), ("x", "y"));
    let s = Odd::parse_sort_key("000421X0070").unwrap();
    assert_eq!((s.n, s.m), (42, 7));
    // A value holding a non-ASCII terminator is refused.
    let err = Odd::key("xéz", "y", 1u16, 1u8).unwrap_err();
    assert!(
        matches!(
            err.kind(),
            KeyErrorKind::Terminator {
                terminator: 'é',
                ..
            }
        ),
        "{err}"
    );
    // The last field before a trailing literal may hold the start byte of its terminator's
    // encoding inside another character (é is C3 A9, Ã is C3 83).
    let k = Odd::key("Ã", "Ã", 1u16, 1u8).unwrap();
    let p = Odd::parse_partition_key(k.partition()).unwrap();
    assert_eq!((p.a.as_str(), p.b.as_str()), ("Ã", "Ã"));
    // Keys of another shape are typed errors.
    for bad in ["", "Ä", "Äxé", "Äxéy", "Äxéy→→", "xéy→"] {
        assert!(Odd::parse_partition_key(bad).is_err(), "{bad:?}");
    }
    for bad in [
        "",
        "00042",
        "000421X",
        "000421X007",
        "000421X00700",
        "00042X0070",
        "0004é1X0070",
        "000421X00é0",
        "999991X0070",
    ] {
        assert!(Odd::parse_sort_key(bad).is_err(), "{bad:?}");
        assert!(!<Odd as Entity>::matches_sort_key(bad) || bad == "999991X0070");
    }
    // A group that ends in the trailing literal, and the complete key.
    let q = Odd::query("x", "y")
        .begins_with(Odd::sk().n(42u16))
        .build()
        .unwrap();
    assert_eq!(
        q.expression_attribute_values[":sk"],
        dynakey::AttributeValue::S("000421X".into())
    );
    let q = Odd::query("x", "y")
        .begins_with(Odd::sk().n(42u16).m(7u8))
        .build()
        .unwrap();
    assert_eq!(
        q.expression_attribute_values[":sk"],
        dynakey::AttributeValue::S("000421X0070".into())
    );
}
