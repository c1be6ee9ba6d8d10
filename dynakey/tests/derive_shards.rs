//! What a sharded `#[pk]` generates, without an engine: shard keys by the documented contract,
//! parsing, errors, and the requests of `query_shard` and `query_shards`.

use dynakey::__private::shard::fnv1a64;
use dynakey::AttributeValue;
use dynakey::{Entity, KeyErrorKind};
use dynakey::{Sharding, MAX_SHARDS};

#[derive(Entity, Debug, Clone, PartialEq)]
#[pk("WS#<workspace>", shards = 10, shard_by = "id")]
#[sk("PROJ#<created>#<id>")]
struct Project {
    workspace: String,
    created: u64,
    id: String,
}

/// Two partition-key fields, a shard field that is not the last sort-key field, and a field named
/// `shard` (so `query_shard`'s shard number is `shard_number`).
#[derive(Entity, Debug, Clone, PartialEq)]
#[pk("T#<tenant>#<shard>", shards = 100, shard_by = "day")]
#[sk("EV#<day>#<seq>")]
struct Event {
    tenant: String,
    shard: u8,
    day: u32,
    seq: u64,
}

/// Fields named like the generated code's locals and parameters.
#[derive(Entity, Debug, Clone, PartialEq)]
#[pk("L#<key>#<shard>", shards = 3, shard_by = "logical")]
#[sk("S#<logical>")]
#[allow(dead_code)]
struct Awkward {
    key: String,
    shard: String,
    logical: String,
}

#[derive(Entity, Debug, Clone, PartialEq)]
#[pk("WS#<workspace>")]
#[sk("PROJ#<created>#<id>")]
struct Unsharded {
    workspace: String,
    created: u64,
    id: String,
}

/// Jump consistent hash as published (Lamping and Veach, 2014), written out here independently of
/// the library so the test checks the documented contract.
fn jump(mut key: u64, buckets: i64) -> u64 {
    let (mut b, mut j) = (-1i64, 0i64);
    while j < buckets {
        b = j;
        key = key.wrapping_mul(2_862_933_555_777_941_757).wrapping_add(1);
        j = ((b + 1) as f64 * ((1u64 << 31) as f64 / ((key >> 33) + 1) as f64)) as i64;
    }
    b as u64
}

fn shard_of(encoding: &str, count: u64) -> u64 {
    jump(fnv1a64(encoding.as_bytes()), count as i64)
}

#[test]
fn keys_carry_the_documented_suffix() {
    for id in ["p1", "p6", "é😀", "a#b"] {
        let p = Project {
            workspace: "acme".into(),
            created: 7,
            id: id.into(),
        };
        let shard = shard_of(id, 10);
        let expected = format!("WS#acme#{shard:02}");
        assert_eq!(p.partition_key().unwrap(), expected);
        assert_eq!(
            Project::key("acme", 7u64, id).unwrap().partition(),
            expected
        );
        assert_eq!(u64::from(Project::shard_of(id).unwrap()), shard);
    }
    // The hash covers the key encoding of the field: `u32` is 10 zero-padded digits.
    let e = Event {
        tenant: "t".into(),
        shard: 3,
        day: 20_260_101,
        seq: 1,
    };
    let shard = shard_of("0020260101", 100);
    assert_eq!(
        e.partition_key().unwrap(),
        format!("T#t#003#{shard:02}"),
        "u8 is 3 digits, the suffix 2"
    );
    assert_eq!(Event::SHARDING, Some(Sharding::new(100, "day")));
    assert_eq!(Project::SHARDING.map(|s| s.width()), Some(2));
    assert_eq!(Unsharded::SHARDING, None);
    let awkward = Awkward::key("k", "o", "l").unwrap();
    assert_eq!(
        awkward.partition(),
        format!("L#k#o#{:02}", shard_of("l", 3))
    );
    assert!(Awkward::query_shard("k", "o", 2).build().is_ok());
    assert_eq!(
        Awkward::parse_partition_key(awkward.partition())
            .unwrap()
            .shard,
        "o"
    );
    assert_eq!(MAX_SHARDS, 1000);
}

#[test]
fn the_logical_template_is_unchanged_and_parsing_strips_the_suffix() {
    assert_eq!(Project::PARTITION_TEMPLATE.text(), "WS#<workspace>");
    // The parsed key's one field (the struct derives `Debug` only, see `ParsedKeys`).
    let ProjectPartitionKey { workspace } = Project::parse_partition_key("WS#acme#07").unwrap();
    assert_eq!(workspace, "acme");
    let parsed = Event::parse_partition_key("T#t#003#42").unwrap();
    assert_eq!((parsed.tenant.as_str(), parsed.shard), ("t", 3));
    for bad in [
        "WS#acme",
        "WS#acme#",
        "WS#acme#7",
        "WS#acme#010",
        "WS#acme#1é",
    ] {
        let err = Project::parse_partition_key(bad).unwrap_err();
        assert!(
            matches!(err.kind(), KeyErrorKind::Mismatch { .. }),
            "{bad:?}: {err}"
        );
    }
    // Sort keys are untouched.
    let p = Project {
        workspace: "acme".into(),
        created: 7,
        id: "p1".into(),
    };
    assert_eq!(
        p.sort_key().unwrap().as_deref(),
        Some("PROJ#00000000000000000007#p1")
    );
}

#[test]
fn a_key_parses_only_with_the_shard_its_sort_key_hashes_to() {
    let key = Project::key("acme", 7u64, "p1").unwrap();
    let sort = key.sort().unwrap();
    assert!(dynakey::Key::<Project>::parse(key.partition(), Some(sort)).is_ok());
    assert!(Project::matches_partition_key(key.partition()));
    let right = Project::shard_of("p1").unwrap();
    for shard in (0..10u16).filter(|s| *s != right) {
        // A partition key of the entity's shape, in another shard: never written for this item.
        let partition = format!("WS#acme#{shard:02}");
        assert!(Project::matches_partition_key(&partition));
        let err = dynakey::Key::<Project>::parse(&partition, Some(sort)).unwrap_err();
        assert!(matches!(err.kind(), KeyErrorKind::Mismatch { .. }), "{err}");
    }
    for bad in ["WS#acme", "WS#acme#10", "WS##03", "#03"] {
        assert!(!Project::matches_partition_key(bad), "{bad:?}");
    }
}

#[test]
fn key_errors_still_name_the_field() {
    // The size limit counts the suffix.
    let long = "x".repeat(2048 - "WS#".len());
    let err = Project::key(long.as_str(), 1u64, "p1").unwrap_err();
    assert!(
        matches!(err.kind(), KeyErrorKind::TooLong { bytes: 2051, .. }),
        "{err}"
    );
    // The shard field is encoded by the sort key's rules too (here: an empty last segment).
    let err = Project::key("acme", 1u64, "").unwrap_err();
    assert!(
        matches!(err.kind(), KeyErrorKind::EmptyValue { field: "id", .. }),
        "{err}"
    );
    let err = Project::query_shard("acme", 10).build().unwrap_err();
    assert!(err.to_string().contains("0 to 9"), "{err}");
}

#[test]
fn query_shard_and_query_shards_build_one_request_per_shard() {
    let one = Project::query_shard("acme", 7)
        .begins_with(Project::sk().created(5u64))
        .build()
        .unwrap();
    assert_eq!(
        one.expression_attribute_values[":pk"],
        AttributeValue::S("WS#acme#07".into())
    );
    let e = Event::query_shard("t", 3u8, 42).build().unwrap();
    assert_eq!(
        e.expression_attribute_values[":pk"],
        AttributeValue::S("T#t#003#42".into())
    );

    let all = Project::query_shards("acme")
        .between(Project::sk().created(1u64), Project::sk().created(2u64))
        .reverse()
        .limit(5)
        .plan()
        .unwrap();
    assert_eq!(all.sharded().map(|(logical, _)| logical), Some("WS#acme"));
    assert_eq!(all.limit(), Some(5));
    assert!(!all.scan_index_forward());
    assert_eq!(all.partitions().len(), 10);
    assert_eq!(all.partitions()[0], "WS#acme#00");
    assert_eq!(all.partitions()[9], "WS#acme#09");
    assert_eq!(all.excluded_sort_keys(), ["PROJ#00000000000000000002$"]);
    let inputs = all.inputs();
    for (shard, input) in inputs.iter().enumerate() {
        let mut same = input.clone();
        same.expression_attribute_values
            .insert(":pk".into(), AttributeValue::S("WS#acme#00".into()));
        assert_eq!(same, inputs[0], "shard {shard} differs only in :pk");
        assert_eq!(
            input.key_condition_expression,
            "#pk = :pk AND #sk BETWEEN :lo AND :hi"
        );
    }
    // Errors are deferred to build, as for single-partition queries.
    let err = Project::query_shards("acme")
        .between(Project::sk().created(2u64), Project::sk().created(1u64))
        .build()
        .unwrap_err();
    assert!(matches!(err.kind(), KeyErrorKind::Condition(_)));
    assert!(Project::query_shards("x".repeat(3000)).build().is_err());
}
