//! Canonical parsing (docs/semantics.md §2, issue #13 item 7): a generated parser accepts exactly the strings
//! its encoder produces. For every template shape, on random strings built from the template's
//! own literals, digits, hex, letters and separators (so that many of them come close to a key):
//! if `parse_*_key(s)` is `Ok(v)`, the entity made of `v` encodes to `s` again; and
//! `matches_*_key(s)` and `Key::check` agree with the parser.

use dynakey::{Entity, Key, KeyPath};
use proptest::prelude::*;
use proptest::strategy::BoxedStrategy;

#[derive(dynakey::KeySegment, Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Status {
    #[key("ACTIVE")]
    Active,
    #[key("ARCHIVED")]
    Archived,
}

/// A literal sort key, and a partition key that is one field after a literal.
#[derive(Entity, Debug, Clone, PartialEq)]
#[pk("U#<id>")]
#[sk("META")]
struct Literal {
    id: String,
}

/// A field alone; a fixed-width field last.
#[derive(Entity, Debug, Clone, PartialEq)]
#[pk("<name>")]
#[sk("N#<n>")]
struct Alone {
    name: String,
    n: u32,
}

/// Fixed width then variable width; a signed integer last.
#[derive(Entity, Debug, Clone, PartialEq)]
#[pk("ACCT#<balance>")]
#[sk("PROJ#<created>#<id>")]
struct Mixed {
    balance: i64,
    created: u64,
    id: String,
}

/// Two variable-width fields around a multi-character literal; a literal after the last field.
#[derive(Entity, Debug, Clone, PartialEq)]
#[pk("A#<x>::<y>")]
#[sk("TX#<amount>#<day>#")]
struct Around {
    x: String,
    y: String,
    amount: i32,
    day: u16,
}

/// An enum, a float, a path.
#[derive(Entity, Debug, Clone, PartialEq)]
#[pk("F#<f>")]
#[sk("STATUS#<status>#<path>")]
struct Typed {
    f: f64,
    status: Status,
    path: KeyPath,
}

/// A sharded partition key.
#[derive(Entity, Debug, Clone, PartialEq)]
#[pk("WS#<workspace>", shards = 4, shard_by = "id")]
#[sk("P#<id>")]
struct Sharded {
    workspace: String,
    id: String,
}

/// Strings of 0–6 pieces drawn from `literals` and from pieces that make segments of every
/// encoding: digit runs (integers), upper-case hex (floats), letters, separators, paths,
/// signs and a few characters beyond ASCII.
fn near(literals: &'static [&'static str]) -> BoxedStrategy<String> {
    let piece = prop_oneof![
        4 => proptest::sample::select(literals).prop_map(str::to_owned),
        2 => "[0-9]{1,22}",
        1 => "[0-9A-F]{15,17}",
        1 => "(FFF|000|7FF|800)[0-9A-Fa-f]{13}",
        2 => "[a-z]{0,4}",
        2 => proptest::sample::select(&["#", ":", "/", "-", "+", "", "#0", "é", "\u{10348}"][..])
            .prop_map(str::to_owned),
        1 => "[ -~]{0,3}",
    ];
    proptest::collection::vec(piece, 0..7)
        .prop_map(|pieces| pieces.concat())
        .boxed()
}

/// `parse(s) = Ok(v) ⇒ encode(v) = s`, and the matcher agrees with the parser.
fn canonical<V>(
    s: &str,
    parsed: Result<V, dynakey::KeyError>,
    matches: bool,
    encode: impl FnOnce(V) -> Result<String, dynakey::KeyError>,
) -> Result<(), TestCaseError> {
    prop_assert_eq!(
        matches,
        parsed.is_ok(),
        "matcher and parser disagree on {:?}",
        s
    );
    if let Ok(v) = parsed {
        let again = encode(v);
        prop_assert_eq!(
            again.as_deref(),
            Ok(s),
            "parsed, but encodes otherwise: {:?}",
            s
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn literal_and_one_field(s in near(&["U#", "META", "M", "U"])) {
        canonical(&s, Literal::parse_partition_key(&s), Literal::matches_partition_key(&s), |v| {
            Literal { id: v.id }.partition_key()
        })?;
        prop_assert_eq!(Literal::matches_sort_key(&s), s == "META");
    }

    #[test]
    fn a_field_alone_and_a_fixed_width_last(s in near(&["N#", "N", "#"])) {
        canonical(&s, Alone::parse_partition_key(&s), Alone::matches_partition_key(&s), |v| {
            Alone { name: v.name, n: 0 }.partition_key()
        })?;
        canonical(&s, Alone::parse_sort_key(&s), Alone::matches_sort_key(&s), |v| {
            Ok(Alone { name: "x".into(), n: v.n }.sort_key()?.unwrap_or_default())
        })?;
    }

    #[test]
    fn fixed_then_variable_and_signed(s in near(&["PROJ#", "ACCT#", "#", "P"])) {
        canonical(&s, Mixed::parse_partition_key(&s), Mixed::matches_partition_key(&s), |v| {
            Mixed { balance: v.balance, created: 0, id: "x".into() }.partition_key()
        })?;
        canonical(&s, Mixed::parse_sort_key(&s), Mixed::matches_sort_key(&s), |v| {
            Ok(Mixed { balance: 0, created: v.created, id: v.id }.sort_key()?.unwrap_or_default())
        })?;
    }

    #[test]
    fn fields_around_literals(s in near(&["A#", "::", ":", "TX#", "#", "-"])) {
        canonical(&s, Around::parse_partition_key(&s), Around::matches_partition_key(&s), |v| {
            Around { x: v.x, y: v.y, amount: 0, day: 0 }.partition_key()
        })?;
        canonical(&s, Around::parse_sort_key(&s), Around::matches_sort_key(&s), |v| {
            let e = Around { x: "x".into(), y: "y".into(), amount: v.amount, day: v.day };
            Ok(e.sort_key()?.unwrap_or_default())
        })?;
    }

    #[test]
    fn enums_floats_and_paths(
        s in near(&["F#", "STATUS#", "ACTIVE", "ARCHIVED", "#", "/", "/a", "a/", "ACTIVE#/"]),
    ) {
        canonical(&s, Typed::parse_partition_key(&s), Typed::matches_partition_key(&s), |v| {
            Typed { f: v.f, status: Status::Active, path: KeyPath::file(["x"]).expect("a path") }.partition_key()
        })?;
        canonical(&s, Typed::parse_sort_key(&s), Typed::matches_sort_key(&s), |v| {
            let e = Typed { f: 0.0, status: v.status, path: v.path };
            Ok(e.sort_key()?.unwrap_or_default())
        })?;
    }

    #[test]
    fn sharded_partition_keys(
        p in near(&["WS#", "#0", "#00", "#01", "#03", "#04", "#"]),
        s in near(&["P#", "p", "#"]),
    ) {
        // The logical key parses canonically; the suffix is one of the shards.
        let parsed = Sharded::parse_partition_key(&p);
        prop_assert_eq!(Sharded::matches_partition_key(&p), parsed.is_ok(), "{:?}", p);
        if let Ok(v) = parsed {
            let shards: Vec<String> = (0..4)
                .map(|shard| format!("WS#{}#{shard:02}", v.workspace))
                .collect();
            prop_assert!(shards.contains(&p), "{:?}", p);
        }
        // A whole key is accepted exactly when an item is written under it.
        let key = Key::<Sharded>::check(&p, Some(&s));
        let written = match (Sharded::parse_partition_key(&p), Sharded::parse_sort_key(&s)) {
            (Ok(pk), Ok(sk)) => {
                let item = Sharded { workspace: pk.workspace, id: sk.id };
                item.partition_key().ok().as_deref() == Some(p.as_str())
                    && item.sort_key().ok().flatten().as_deref() == Some(s.as_str())
            }
            _ => false,
        };
        prop_assert_eq!(key.is_ok(), written, "{:?} {:?}", p, s);
        // The allocation-free verdict reads and stream records use is the same.
        prop_assert_eq!(Key::<Sharded>::is_key(&p, Some(&s)), key.is_ok(), "{:?} {:?}", p, s);
        prop_assert_eq!(Key::<Sharded>::is_key(&p, None), Key::<Sharded>::check(&p, None).is_ok());
    }

    #[test]
    fn is_key_is_check(p in near(&["ACCT#", "#", "-", "A"]), s in near(&["PROJ#", "#", "P"])) {
        for sort in [Some(s.as_str()), None] {
            prop_assert_eq!(Key::<Mixed>::is_key(&p, sort), Key::<Mixed>::check(&p, sort).is_ok());
            prop_assert_eq!(Key::<Literal>::is_key(&p, sort), Key::<Literal>::check(&p, sort).is_ok());
        }
    }
}

#[test]
fn the_cases_the_issue_names() {
    // An empty last segment: the encoder refuses it, so it does not parse.
    assert!(Mixed::parse_sort_key("PROJ#00000000000000000042#").is_err());
    assert!(Literal::parse_partition_key("U#").is_err());
    assert!(Around::parse_partition_key("A#x::").is_err());
    // An empty segment before a literal is written (and parses back).
    let e = Around {
        x: String::new(),
        y: "y".into(),
        amount: 0,
        day: 0,
    };
    let pk = e.partition_key().unwrap();
    assert_eq!(pk, "A#::y");
    assert_eq!(Around::parse_partition_key(&pk).unwrap().x, "");
}
