use std::time::{Duration, SystemTime, UNIX_EPOCH};

use proptest::prelude::*;

use super::*;
use crate::AttributeValue;
use crate::KeySegment;

/// Nanoseconds since the epoch of 0000-01-01T00:00:00Z and 9999-12-31T23:59:59.999999999Z.
const MIN_NANOS: i128 = -62_167_219_200 * 1_000_000_000;
const MAX_NANOS: i128 = 253_402_300_800 * 1_000_000_000 - 1;

fn utc(nanos: i128) -> UtcTime {
    UtcTime::from_unix_nanos(nanos).expect("in range")
}

#[test]
fn utc_time_is_the_fixed_width_string_and_reads_back() {
    let at = utc(1_796_310_406_123_456_789);
    assert_eq!(at.to_string(), "2026-12-03T15:06:46.123456789Z");
    assert_eq!(utc(0).to_string(), "1970-01-01T00:00:00.000000000Z");
    assert_eq!(UtcTime::MIN.to_string(), "0000-01-01T00:00:00.000000000Z");
    assert_eq!(UtcTime::MAX.to_string(), "9999-12-31T23:59:59.999999999Z");
    assert_eq!(UtcTime::MIN.unix_nanos(), MIN_NANOS);
    assert_eq!(UtcTime::MAX.unix_nanos(), MAX_NANOS);
    assert_eq!(
        serde_dynamo::to_attribute_value::<_, AttributeValue>(at).unwrap(),
        AttributeValue::S("2026-12-03T15:06:46.123456789Z".into())
    );
    let back: UtcTime =
        serde_dynamo::from_attribute_value(AttributeValue::S(at.to_string())).unwrap();
    assert_eq!(back, at);
    assert_eq!(format!("{at:?}"), "UtcTime(2026-12-03T15:06:46.123456789Z)");
}

#[test]
fn outside_the_years_0000_to_9999_is_a_value_error_not_a_panic() {
    assert!(UtcTime::from_unix_nanos(MIN_NANOS - 1).is_err());
    assert!(UtcTime::from_unix_nanos(MAX_NANOS + 1).is_err());
    assert!(UtcTime::from_unix_nanos(i128::MAX).is_err());
    assert!(UtcTime::from_unix(0, 1_000_000_000).is_err());
    assert_eq!(UtcTime::MAX.checked_add(Duration::from_nanos(1)), None);
    assert_eq!(UtcTime::MIN.checked_sub(Duration::from_nanos(1)), None);
    assert_eq!(UtcTime::MIN - Duration::MAX, UtcTime::MIN);
    assert_eq!(UtcTime::MAX + Duration::MAX, UtcTime::MAX);
    assert_eq!(UtcTime::MAX.checked_add(Duration::MAX), None);
    let far = UNIX_EPOCH.checked_add(Duration::from_secs(400_000_000_000));
    if let Some(far) = far {
        let err = UtcTime::try_from(far).unwrap_err();
        assert!(err.reason().contains("0000-9999"), "{err}");
    }
}

#[test]
fn a_malformed_string_is_a_clear_serde_error() {
    for bad in [
        "",
        "2026-12-03T15:06:46Z",
        "2026-12-03T15:06:46.123Z",
        "2026-12-03T15:06:46.123456789+00:00",
        "2026-12-03 15:06:46.123456789Z",
        "2026-02-30T15:06:46.123456789Z",
        "2026-12-03T24:00:00.000000000Z",
        "2026-12-03T23:59:60.000000000Z",
        "+026-12-03T15:06:46.123456789Z",
        "2026-13-03T15:06:46.123456789Z",
    ] {
        assert!(bad.parse::<UtcTime>().is_err(), "{bad:?}");
        let err = serde_json::from_value::<UtcTime>(serde_json::json!(bad)).unwrap_err();
        assert!(
            err.to_string().contains("YYYY-MM-DDTHH:MM:SS.fffffffffZ"),
            "{bad:?}: {err}"
        );
    }
    let err = serde_json::from_value::<UtcTime>(serde_json::json!(17)).unwrap_err();
    assert!(
        err.to_string().contains("YYYY-MM-DDTHH:MM:SS.fffffffffZ"),
        "{err}"
    );
    assert!(serde_json::from_value::<EpochSeconds>(serde_json::json!("17")).is_err());
}

#[test]
fn epoch_numbers_are_stored_as_n_and_round_down() {
    let at = utc(1_796_310_406_123_456_789);
    let secs = EpochSeconds::from(at);
    let millis = EpochMillis::from(at);
    assert_eq!(
        (i64::from(secs), i64::from(millis)),
        (1_796_310_406, 1_796_310_406_123)
    );
    assert_eq!(secs.to_string(), "1796310406");
    assert_eq!(
        serde_dynamo::to_attribute_value::<_, AttributeValue>(millis).unwrap(),
        AttributeValue::N("1796310406123".into())
    );
    let back: EpochMillis =
        serde_dynamo::from_attribute_value(AttributeValue::N("1796310406123".into())).unwrap();
    assert_eq!(back, millis);
    // Before the epoch, rounding down goes to the earlier second.
    assert_eq!(i64::from(EpochSeconds::from(utc(-1))), -1);
    assert_eq!(i64::from(EpochMillis::from(utc(-1))), -1);
    let half = Duration::from_millis(1500);
    assert_eq!(i64::from(secs - half), 1_796_310_404);
    assert_eq!(i64::from(secs + half), 1_796_310_407);
    assert_eq!(
        EpochSeconds::from(i64::MAX) + half,
        EpochSeconds::from(i64::MAX)
    );
    assert_eq!(
        EpochSeconds::from(i64::MIN) - half,
        EpochSeconds::from(i64::MIN)
    );
    assert_eq!(
        UtcTime::try_from(EpochSeconds::from(i64::MAX))
            .map_err(|e| e.reason().contains("0000-9999")),
        Err(true)
    );
}

#[test]
fn system_time_round_trips_and_now_is_now() {
    let now = SystemTime::now();
    let at = UtcTime::try_from(now).unwrap();
    assert_eq!(SystemTime::try_from(at).unwrap(), now);
    let before = UNIX_EPOCH - Duration::new(86_400, 5);
    let at = UtcTime::try_from(before).unwrap();
    assert_eq!(at.to_string(), "1969-12-30T23:59:59.999999995Z");
    assert_eq!(SystemTime::try_from(at).unwrap(), before);
    let secs = EpochSeconds::try_from(before).unwrap();
    assert_eq!(i64::from(secs), -86_401);
    assert_eq!(
        SystemTime::try_from(secs).unwrap(),
        UNIX_EPOCH - Duration::from_secs(86_401)
    );
    let (a, b, c) = (UtcTime::now(), EpochSeconds::now(), EpochMillis::now());
    let (a2, b2, c2) = (UtcTime::now(), EpochSeconds::now(), EpochMillis::now());
    assert!(a <= a2 && b <= b2 && c <= c2);
    assert!(i64::from(b2) - i64::from(EpochSeconds::from(a)) <= 1);
    assert!(i64::from(c2) - i64::from(EpochMillis::from(a)) < 1_000);
}

#[cfg(feature = "chrono")]
#[test]
fn chrono_converts_both_ways() {
    let at = utc(1_796_310_406_123_456_789);
    let date_time = chrono::DateTime::<chrono::Utc>::from(at);
    assert_eq!(UtcTime::try_from(date_time).unwrap(), at);
    assert_eq!(
        EpochMillis::try_from(date_time).unwrap(),
        EpochMillis::from(at)
    );
}

#[cfg(feature = "time")]
#[test]
fn time_converts_both_ways() {
    let at = utc(1_796_310_406_123_456_789);
    let date_time = time::OffsetDateTime::from(at);
    assert_eq!(UtcTime::try_from(date_time).unwrap(), at);
    assert_eq!(
        EpochSeconds::try_from(date_time).unwrap(),
        EpochSeconds::from(at)
    );
}

#[test]
fn in_a_key_the_text_is_the_attribute_s_and_reads_back() {
    let at = utc(1_796_310_406_123_456_789);
    let text = crate::segment::encode_to_string(&at).unwrap();
    assert_eq!(text, at.to_string());
    assert_eq!(UtcTime::decode_segment(&text).unwrap(), at);
    assert!(UtcTime::decode_segment("2026-12-03T15:06:46Z").is_err());
    let secs = EpochSeconds::from(at);
    let text = crate::segment::encode_to_string(&secs).unwrap();
    assert_eq!(Some(text.len()), EpochSeconds::WIDTH);
    assert_eq!(EpochSeconds::decode_segment(&text).unwrap(), secs);
    let before = crate::segment::encode_to_string(&EpochMillis::from(-5)).unwrap();
    let after = crate::segment::encode_to_string(&EpochMillis::from(3)).unwrap();
    assert!(before < after);
}

proptest! {
    #[test]
    fn format_and_parse_round_trip(nanos in MIN_NANOS..=MAX_NANOS) {
        let at = utc(nanos);
        let text = at.to_string();
        prop_assert_eq!(text.len(), 30);
        prop_assert_eq!(text.parse::<UtcTime>().unwrap(), at);
        prop_assert_eq!(at.unix_nanos(), nanos);
    }

    #[test]
    fn byte_order_is_time_order(a in MIN_NANOS..=MAX_NANOS, b in MIN_NANOS..=MAX_NANOS) {
        let (x, y) = (utc(a), utc(b));
        prop_assert_eq!(x.to_string().as_bytes().cmp(y.to_string().as_bytes()), a.cmp(&b));
        prop_assert_eq!(x.cmp(&y), a.cmp(&b));
    }

    #[test]
    fn nearby_instants_keep_byte_order(a in MIN_NANOS..=MAX_NANOS - 2_000_000_000, step in 1u64..2_000_000_000) {
        let (x, y) = (utc(a), utc(a + i128::from(step)));
        prop_assert!(x.to_string() < y.to_string());
        prop_assert_eq!(x.checked_add(Duration::from_nanos(step)), Some(y));
        prop_assert_eq!(y.checked_sub(Duration::from_nanos(step)), Some(x));
    }

    #[test]
    fn the_string_matches_rfc_3339_of_the_time_crate(nanos in MIN_NANOS..=MAX_NANOS) {
        let reference = time::UtcDateTime::from_unix_timestamp_nanos(nanos).unwrap();
        let (y, m, d) = reference.to_calendar_date();
        let (h, mi, s, ns) = reference.as_hms_nano();
        let expected = format!("{y:04}-{:02}-{d:02}T{h:02}:{mi:02}:{s:02}.{ns:09}Z", u8::from(m));
        prop_assert_eq!(utc(nanos).to_string(), expected);
    }

    #[test]
    fn epoch_numbers_round_down_and_keep_order(a in MIN_NANOS..=MAX_NANOS, b in MIN_NANOS..=MAX_NANOS) {
        let (x, y) = (utc(a), utc(b));
        prop_assert_eq!(i128::from(i64::from(EpochSeconds::from(x))), a.div_euclid(1_000_000_000));
        prop_assert_eq!(i128::from(i64::from(EpochMillis::from(x))), a.div_euclid(1_000_000));
        if a <= b {
            prop_assert!(EpochMillis::from(x) <= EpochMillis::from(y));
        }
    }
}
