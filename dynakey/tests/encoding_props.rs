//! Property tests for every key segment encoding shipped (docs/semantics.md §2): for all `a`, `b`,
//! `a < b ⇔ enc(a) < enc(b)` byte-wise and `dec(enc(a)) == a`; and no decoder panics on arbitrary
//! text. 10,000 cases per property; strings are drawn from all of Unicode, 4-byte characters
//! included.

use std::borrow::Cow;
use std::cmp::Ordering;

use dynakey::{Entity, KeyPath, KeySegment};
use proptest::prelude::*;

const CASES: u32 = 10_000;

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: CASES,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

fn enc<T: KeySegment>(value: &T) -> String {
    dynakey::segment::encode_to_string(value).expect("encodable")
}

/// Checks order and round trip for one pair, with `cmp` as the logical order.
fn check_pair<T: KeySegment>(
    a: &T,
    b: &T,
    cmp: impl Fn(&T, &T) -> Ordering,
) -> Result<(), TestCaseError> {
    let (ea, eb) = (enc(a), enc(b));
    prop_assert_eq!(
        cmp(a, b),
        ea.as_bytes().cmp(eb.as_bytes()),
        "order of {:?} / {:?} vs {:?} / {:?}",
        a,
        b,
        ea,
        eb
    );
    prop_assert_eq!(&T::decode_segment(&ea).expect("decodes"), a);
    prop_assert_eq!(&T::decode_segment(&eb).expect("decodes"), b);
    if let Some(width) = T::WIDTH {
        prop_assert_eq!(ea.len(), width);
    }
    Ok(())
}

/// Any string, characters from the whole Unicode range (1- to 4-byte UTF-8).
fn unicode_string() -> impl Strategy<Value = String> {
    prop::collection::vec(any::<char>(), 0..12).prop_map(String::from_iter)
}

fn non_empty_string() -> impl Strategy<Value = String> {
    prop::collection::vec(any::<char>(), 1..12).prop_map(String::from_iter)
}

macro_rules! ord_props {
    ($($name:ident: $t:ty,)*) => {$(
        proptest! {
            #![proptest_config(config())]
            #[test]
            fn $name(a in any::<$t>(), b in any::<$t>()) {
                check_pair(&a, &b, Ord::cmp)?;
            }
        }
    )*};
}

ord_props! {
    order_and_round_trip_u8: u8,
    order_and_round_trip_u16: u16,
    order_and_round_trip_u32: u32,
    order_and_round_trip_u64: u64,
    order_and_round_trip_u128: u128,
    order_and_round_trip_usize: usize,
    order_and_round_trip_i8: i8,
    order_and_round_trip_i16: i16,
    order_and_round_trip_i32: i32,
    order_and_round_trip_i64: i64,
    order_and_round_trip_i128: i128,
    order_and_round_trip_isize: isize,
    order_and_round_trip_bool: bool,
    order_and_round_trip_char: char,
}

fn bits_eq_cmp_f64(a: &f64, b: &f64) -> Ordering {
    a.total_cmp(b)
}

fn bits_eq_cmp_f32(a: &f32, b: &f32) -> Ordering {
    a.total_cmp(b)
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn order_and_round_trip_f64(a in any::<f64>(), b in any::<f64>()) {
        prop_assume!(!a.is_nan() && !b.is_nan());
        // f64's PartialEq treats -0.0 == 0.0; compare bits for the round trip.
        let (ea, eb) = (enc(&a), enc(&b));
        prop_assert_eq!(bits_eq_cmp_f64(&a, &b), ea.cmp(&eb));
        prop_assert_eq!(f64::decode_segment(&ea).unwrap().to_bits(), a.to_bits());
        prop_assert_eq!(ea.len(), 16);
    }

    #[test]
    fn order_and_round_trip_f32(a in any::<f32>(), b in any::<f32>()) {
        prop_assume!(!a.is_nan() && !b.is_nan());
        let (ea, eb) = (enc(&a), enc(&b));
        prop_assert_eq!(bits_eq_cmp_f32(&a, &b), ea.cmp(&eb));
        prop_assert_eq!(f32::decode_segment(&ea).unwrap().to_bits(), a.to_bits());
    }

    #[test]
    fn order_and_round_trip_string(a in unicode_string(), b in unicode_string()) {
        check_pair(&a, &b, Ord::cmp)?;
    }

    #[test]
    fn order_and_round_trip_cow_str(a in unicode_string(), b in unicode_string()) {
        let (a, b): (Cow<'static, str>, Cow<'static, str>) = (Cow::Owned(a), Cow::Owned(b));
        check_pair(&a, &b, Ord::cmp)?;
    }

    #[test]
    fn order_and_round_trip_key_path(a in key_path(), b in key_path()) {
        check_pair(&a, &b, Ord::cmp)?;
        // A folder's key prefixes every descendant's key and sorts before it.
        if a.contains(&b) {
            prop_assert!(enc(&b).starts_with(&enc(&a)) && enc(&a) < enc(&b));
        }
    }

    #[test]
    fn folders_sort_before_their_subtree(folder in key_path_folder(), rest in prop::collection::vec(path_segment(), 1..4), leaf_folder in any::<bool>()) {
        let mut child = folder.clone();
        for (i, segment) in rest.iter().enumerate() {
            child = if i + 1 == rest.len() && !leaf_folder {
                child.child_file(segment).unwrap()
            } else {
                child.child_folder(segment).unwrap()
            };
        }
        prop_assert!(folder.contains(&child));
        prop_assert!(enc(&child).starts_with(&enc(&folder)));
        prop_assert!(enc(&folder) < enc(&child));
    }

    #[test]
    fn order_and_round_trip_derived_enum(a in status(), b in status()) {
        check_pair(&a, &b, Ord::cmp)?;
    }
}

fn path_segment() -> impl Strategy<Value = String> {
    prop::collection::vec(
        any::<char>().prop_filter("no separator", |c| *c != '/'),
        1..6,
    )
    .prop_map(String::from_iter)
}

fn key_path() -> impl Strategy<Value = KeyPath> {
    (prop::collection::vec(path_segment(), 1..5), any::<bool>()).prop_map(|(segments, folder)| {
        if folder {
            KeyPath::folder(segments).unwrap()
        } else {
            KeyPath::file(segments).unwrap()
        }
    })
}

fn key_path_folder() -> impl Strategy<Value = KeyPath> {
    prop::collection::vec(path_segment(), 1..4).prop_map(|s| KeyPath::folder(s).unwrap())
}

#[derive(dynakey::KeySegment, Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Status {
    #[key("ACTIVE")]
    Active,
    #[key("ARCHIVED")]
    Archived,
    #[key("DELETED")]
    Deleted,
}

fn status() -> impl Strategy<Value = Status> {
    prop_oneof![
        Just(Status::Active),
        Just(Status::Archived),
        Just(Status::Deleted)
    ]
}

#[cfg(feature = "ulid")]
proptest! {
    #![proptest_config(config())]
    #[test]
    fn order_and_round_trip_ulid(a in any::<u128>(), b in any::<u128>()) {
        check_pair(&ulid::Ulid::from(a), &ulid::Ulid::from(b), Ord::cmp)?;
    }
}

#[cfg(feature = "uuid")]
proptest! {
    #![proptest_config(config())]
    #[test]
    fn order_and_round_trip_uuid(a in any::<u128>(), b in any::<u128>()) {
        check_pair(&uuid::Uuid::from_u128(a), &uuid::Uuid::from_u128(b), Ord::cmp)?;
    }
}

/// Seconds from 0000-01-01T00:00:00Z through 9999-12-31T23:59:59Z, relative to the Unix epoch.
#[cfg(any(feature = "chrono", feature = "time"))]
const SECONDS: std::ops::RangeInclusive<i64> = -62_167_219_200..=253_402_300_799;

#[cfg(feature = "chrono")]
proptest! {
    #![proptest_config(config())]
    #[test]
    fn order_and_round_trip_chrono(a in SECONDS, an in 0u32..1_000_000_000, b in SECONDS, bn in 0u32..1_000_000_000) {
        let a = chrono::DateTime::from_timestamp(a, an).unwrap();
        let b = chrono::DateTime::from_timestamp(b, bn).unwrap();
        check_pair(&a, &b, Ord::cmp)?;
    }
}

#[cfg(feature = "time")]
proptest! {
    #![proptest_config(config())]
    #[test]
    fn order_and_round_trip_time(a in SECONDS, an in 0u32..1_000_000_000, b in SECONDS, bn in 0u32..1_000_000_000, offset in -86_399i32..=86_399) {
        let offset = time::UtcOffset::from_whole_seconds(offset).unwrap();
        let at = |s: i64, n: u32| {
            time::OffsetDateTime::from_unix_timestamp(s).unwrap() + time::Duration::nanoseconds(i64::from(n))
        };
        // Encoding converts to UTC, so a value in any offset has the key of its instant.
        let (a, b) = (at(a, an), at(b, bn));
        prop_assume!(a.to_offset(offset).year() >= 0 && a.to_offset(offset).year() <= 9999);
        check_pair(&a.to_offset(offset), &b, Ord::cmp)?;
    }
}

// ---- Whole keys: several segments in one template -------------------------------------------

#[derive(Entity, Debug, Clone, PartialEq)]
#[pk("T#<tenant>")]
#[sk("E#<at>#<seq>#<name>")]
struct Event {
    tenant: String,
    at: i64,
    seq: u32,
    name: String,
}

#[derive(Entity, Debug, Clone, PartialEq)]
#[pk("U")]
#[sk("<last>#<first>")]
struct Person {
    last: String,
    first: String,
}

proptest! {
    #![proptest_config(config())]

    /// Fixed-width segments before a free-text last segment: key order is field order.
    #[test]
    fn composite_key_order_and_round_trip(
        a in (any::<i64>(), any::<u32>(), non_empty_string()),
        b in (any::<i64>(), any::<u32>(), non_empty_string()),
    ) {
        let ea = Event::key("t", a.0, a.1, a.2.as_str()).unwrap();
        let eb = Event::key("t", b.0, b.1, b.2.as_str()).unwrap();
        prop_assert_eq!(a.cmp(&b), ea.sort().unwrap().cmp(eb.sort().unwrap()));
        let parsed = Event::parse_sort_key(ea.sort().unwrap()).unwrap();
        prop_assert_eq!((parsed.at, parsed.seq, parsed.name), a);
    }

    /// A free-text segment followed by a terminator: order is field order whenever the values have
    /// no character sorting below the terminator (documented in `dynakey::template`); round trip
    /// and rejection of the terminator always hold.
    #[test]
    fn text_segment_before_terminator(a in (unicode_string(), unicode_string()), b in (unicode_string(), unicode_string())) {
        let key = |p: &(String, String)| Person::key(p.0.as_str(), p.1.as_str());
        match (key(&a), key(&b)) {
            (Ok(ka), Ok(kb)) => {
                let parsed = Person::parse_sort_key(ka.sort().unwrap()).unwrap();
                prop_assert_eq!((parsed.last, parsed.first), a.clone());
                let above_terminator = |s: &str| s.chars().all(|c| c > '#');
                if above_terminator(&a.0) && above_terminator(&b.0) {
                    prop_assert_eq!(a.cmp(&b), ka.sort().unwrap().cmp(kb.sort().unwrap()));
                }
            }
            (ra, rb) => {
                for (r, p) in [(ra, &a), (rb, &b)] {
                    if let Err(e) = r {
                        let terminator = p.0.contains('#');
                        prop_assert!(terminator || p.1.is_empty(), "unexpected {e}");
                    }
                }
            }
        }
    }

    /// Decoders return errors, never panic, on arbitrary text.
    #[test]
    fn decoders_never_panic(text in unicode_string(), ascii in "[-0-9A-Za-z#/:.TZ]{0,45}") {
        for t in [&text, &ascii] {
            let _ = Event::parse_sort_key(t);
            let _ = Event::parse_partition_key(t);
            let _ = Person::parse_sort_key(t);
            let _ = u64::decode_segment(t);
            let _ = i64::decode_segment(t);
            let _ = i8::decode_segment(t);
            let _ = u128::decode_segment(t);
            let _ = f64::decode_segment(t);
            let _ = f32::decode_segment(t);
            let _ = bool::decode_segment(t);
            let _ = char::decode_segment(t);
            let _ = KeyPath::decode_segment(t);
            let _ = Status::decode_segment(t);
            #[cfg(feature = "ulid")]
            let _ = ulid::Ulid::decode_segment(t);
            #[cfg(feature = "uuid")]
            let _ = uuid::Uuid::decode_segment(t);
            #[cfg(feature = "chrono")]
            let _ = <chrono::DateTime<chrono::Utc>>::decode_segment(t);
            #[cfg(feature = "time")]
            let _ = time::OffsetDateTime::decode_segment(t);
        }
    }

    /// Decoding accepts only canonical text: whatever decodes re-encodes to the same text.
    #[test]
    fn decoders_accept_only_canonical_text(ascii in "[-0-9A-Fa-z:.TZ]{0,40}") {
        fn canonical<T: KeySegment>(t: &str) -> Result<(), TestCaseError> {
            if let Ok(v) = T::decode_segment(t) {
                prop_assert_eq!(enc(&v), t);
            }
            Ok(())
        }
        canonical::<u64>(&ascii)?;
        canonical::<i32>(&ascii)?;
        canonical::<f64>(&ascii)?;
        #[cfg(feature = "uuid")]
        canonical::<uuid::Uuid>(&ascii)?;
        #[cfg(feature = "ulid")]
        canonical::<ulid::Ulid>(&ascii)?;
        #[cfg(feature = "chrono")]
        canonical::<chrono::DateTime<chrono::Utc>>(&ascii)?;
    }
}
