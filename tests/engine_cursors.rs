//! Resumable cursors on the embedded engine (docs/semantics.md §4): every cursor resumes exactly where its page
//! ended, empty pages with a `LastEvaluatedKey` continue, and cursors from another query or with a
//! single character changed are refused before any request.

use crate::common;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use dynakey::{
    Cursor, CursorError, DefaultTable, Entity, KeyErrorKind, KeyQuery, QueryDifference, QueryPart,
};
use dynakey_runtime::{Db, Error, Page};
use futures::TryStreamExt;
use serde::{Deserialize, Serialize};

use common::{cursor_error, BoxError, TestEngine};

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[pk("ACCT#<account>")]
#[sk("ORD#<order>#<line>")]
struct Line {
    account: String,
    order: String,
    line: u32,
    note: String,
}

/// The projection `order, line` of a [`Line`].
#[derive(Deserialize, Debug, Clone, PartialEq)]
struct OrderLine {
    order: String,
    line: u32,
}

fn line(account: &str, order: &str, line: u32) -> Line {
    Line {
        account: account.into(),
        order: order.into(),
        line,
        note: format!("{order}/{line}"),
    }
}

fn names(lines: &[Line]) -> Vec<String> {
    lines.iter().map(|l| l.note.clone()).collect()
}

async fn put_foreign(db: &Db, account: &str, sk: &str) -> Result<(), BoxError> {
    common::put_raw(db, &[("PK", &format!("ACCT#{account}")), ("SK", sk)]).await
}

/// 40 lines in orders "1", "10", "2", "3" of accounts a1 and a3 (and a few of a2), plus foreign
/// items at the edges that typed ranges exclude client-side: `ORD$` (the end of every range) in
/// a1 and a3, and `ORD#2$` (the end of ranges up to group "2") in a3.
async fn seeded() -> Result<(TestEngine, Db), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<DefaultTable>().await?;
    let mut lines = Vec::new();
    for account in ["a1", "a3"] {
        for order in ["1", "10", "2", "3"] {
            for n in 0..10 {
                lines.push(line(account, order, n));
            }
        }
    }
    for n in 0..3 {
        lines.push(line("a2", "1", n));
    }
    db.batch_put(&lines).await?;
    // succ("ORD#") and succ("ORD#2#"): inclusive ends of BETWEEN that typed ranges drop.
    put_foreign(&db, "a1", "ORD$").await?;
    put_foreign(&db, "a3", "ORD$").await?;
    put_foreign(&db, "a3", "ORD#2$").await?;
    Ok((engine, db))
}

/// Pages through `query` with `.page(cursor)`, returning each page's items and cursor.
async fn page_through<I: dynakey::ProjectsAll, S>(
    db: &Db,
    query: &KeyQuery<Line, I, S>,
) -> Result<Vec<(Vec<Line>, Option<Cursor>)>, BoxError> {
    let pages = common::page_through(db, query).await?;
    Ok(pages.into_iter().map(|p| (p.items, p.next)).collect())
}

#[tokio::test]
async fn an_empty_page_with_a_last_evaluated_key_has_a_cursor_and_paging_goes_on(
) -> Result<(), BoxError> {
    let (_engine, db) = seeded().await?;
    // gt(complete key 1/0) with page size 1: the first request evaluates only "ORD#1#…0", which
    // the range excludes client-side. The page is empty but not the last.
    let q = Line::query("a1")
        .gt(Line::sk().order("1").line(0u32))
        .limit(1);
    // One request per page (DynamoDB's page): empty, with a cursor.
    let first = db.query(&q).one_request_per_page().page(None).await?;
    assert!(first.items.is_empty());
    assert!(first.last_evaluated_key.is_some());
    let cursor = first
        .next
        .ok_or("an empty page with a LastEvaluatedKey has a cursor")?;
    let second = db
        .query(&q)
        .one_request_per_page()
        .page(Some(&cursor))
        .await?;
    assert_eq!(names(&second.items), ["1/1"]);
    // A full page (the default) asks again: its one item is the first after the range's start.
    let full = db.query(&q).page(None).await?;
    assert_eq!(names(&full.items), ["1/1"]);
    assert_eq!(full.requests, 2);

    let pages = page_through(&db, &q).await?;
    let items: Vec<Line> = pages.into_iter().flat_map(|(items, _)| items).collect();
    assert_eq!(
        items.len(),
        39,
        "every line after 1/0, without ORD$ and ORD#2$"
    );
    Ok(())
}

#[tokio::test]
async fn resuming_from_every_cursor_yields_exactly_the_remainder() -> Result<(), BoxError> {
    let (_engine, db) = seeded().await?;
    let queries = [
        Line::query("a1").begins_with(Line::sk()),
        Line::query("a1").begins_with(Line::sk()).reverse(),
        Line::query("a1").begins_with(Line::sk().order("1")),
    ];
    // In a3, with the foreign ORD#2$ that DynamoDB's BETWEEN returns and the runtime drops: a
    // page may end on it, and its cursor must resume after it.
    let ranges = [
        Line::query("a3").between(Line::sk().order("10"), Line::sk().order("2")),
        Line::query("a3")
            .between(Line::sk().order("10"), Line::sk().order("2"))
            .reverse(),
        Line::query("a3").lte(Line::sk().order("2")).reverse(),
        Line::query("a1").gt(Line::sk().order("1").line(4u32)),
    ];
    for q in queries
        .iter()
        .map(|q| q.clone().limit(u32::MAX))
        .chain(ranges)
    {
        let all: Vec<Line> = db.query(&q).items().try_collect().await?;
        assert!(!all.is_empty(), "{:?}", q.build());
        for size in [1u32, 3, 7, 10, 100] {
            let paged = q.clone().limit(size);
            let pages = page_through(&db, &paged).await?;
            let mut seen = 0;
            for (i, (items, next)) in pages.iter().enumerate() {
                assert!(items.len() <= size as usize);
                assert!(
                    items[..] == all[seen..seen + items.len()],
                    "page {i} of size {size}"
                );
                seen += items.len();
                let Some(next) = next else { continue };
                // Through its text, as a client would hand it back.
                let next: Cursor = next.as_str().parse()?;
                let rest: Vec<Line> = db.query(&q).from(Some(&next)).items().try_collect().await?;
                assert!(
                    rest[..] == all[seen..],
                    "resuming after page {i} of size {size} of {:?}: {:?}",
                    q.build(),
                    names(&rest)
                );
                // With the page size kept: the next page.
                let page = db.query(&paged).page(Some(&next)).await?;
                assert!(page.items[..] == all[seen..(seen + size as usize).min(all.len())]);
            }
            assert_eq!(seen, all.len(), "pages of {size} hold every item once");
        }
    }
    Ok(())
}

#[tokio::test]
async fn a_limited_stream_ends_with_a_cursor_for_the_rest() -> Result<(), BoxError> {
    let (_engine, db) = seeded().await?;
    let q = Line::query("a1").begins_with(Line::sk());
    let all: Vec<Line> = db.query(&q).items().try_collect().await?;
    let pages: Vec<Page<Line>> = db.query(&q.clone().limit(15)).pages().try_collect().await?;
    let first: Vec<Line> = pages.iter().flat_map(|p| p.items.clone()).collect();
    assert!(first[..] == all[..15]);
    let cursor = pages
        .last()
        .and_then(|p| p.next.clone())
        .ok_or("a cursor")?;
    let next: Vec<Line> = db
        .query(&q.clone().limit(15))
        .from(Some(&cursor))
        .items()
        .try_collect()
        .await?;
    assert!(next[..] == all[15..30]);
    // limit(0) reads nothing and hands the cursor back.
    let none = db.query(&q.clone().limit(0)).page(Some(&cursor)).await?;
    assert!(none.items.is_empty());
    assert_eq!(none.next.as_ref(), Some(&cursor));
    Ok(())
}

#[tokio::test]
async fn a_cursor_from_a_projected_limited_query_works() -> Result<(), BoxError> {
    let (_engine, db) = seeded().await?;
    let range = Line::query("a3").between(Line::sk().order("10"), Line::sk().order("2"));
    let projected = range.clone().project(["order", "line"]).limit(4);
    let all: Vec<Line> = db.query(&range).items().try_collect().await?;
    assert_eq!(all.len(), 20);

    let first: Page<OrderLine> = db.query(&projected).project().page(None).await?;
    assert_eq!(first.items.len(), 4);
    assert_eq!(
        first.items[0],
        OrderLine {
            order: "10".into(),
            line: 0
        }
    );
    let cursor = first.next.ok_or("more pages")?;
    // The same projected query resumes…
    let second: Page<OrderLine> = db.query(&projected).project().page(Some(&cursor)).await?;
    assert_eq!(
        second.items.iter().map(|o| o.line).collect::<Vec<_>>(),
        [4, 5, 6, 7]
    );
    // …and so does the full query: projection and limit are not part of the binding.
    let rest: Vec<Line> = db
        .query(&range)
        .from(Some(&cursor))
        .items()
        .try_collect()
        .await?;
    assert!(rest[..] == all[4..]);
    let rest: Vec<OrderLine> = db
        .query(&projected.clone().limit(100))
        .project::<OrderLine>()
        .from(Some(&cursor))
        .pages()
        .map_ok(|p| p.items)
        .try_concat()
        .await?;
    assert_eq!(rest.len(), 16);
    assert_eq!(
        rest.last().map(|o| (o.order.as_str(), o.line)),
        Some(("2", 9))
    );
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resuming_past_one_megabyte_from_every_page() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db: Db = engine.fresh_table::<DefaultTable>().await?;
    // 2,500 items of about 1 KB: more than 2 MB, so at least 3 pages.
    let lines: Vec<Line> = (0..2_500)
        .map(|n| Line {
            note: format!("{n:04}").repeat(256),
            ..line("big", "1", n)
        })
        .collect();
    db.batch_put(&lines).await?;
    for q in [
        Line::query("big").begins_with(Line::sk()),
        Line::query("big").begins_with(Line::sk()).reverse(),
    ] {
        let all: Vec<Line> = db.query(&q).items().try_collect().await?;
        assert_eq!(all.len(), lines.len());
        let pages: Vec<Page<Line>> = db.query(&q).pages().try_collect().await?;
        assert!(pages.len() >= 3, "{} pages", pages.len());
        let mut seen = 0;
        for page in &pages {
            seen += page.items.len();
            let Some(next) = &page.next else { continue };
            let rest: Vec<Line> = db.query(&q).from(Some(next)).items().try_collect().await?;
            assert_eq!(rest.len(), all.len() - seen);
            assert!(rest[..] == all[seen..], "the remainder after {seen} items");
        }
        assert_eq!(seen, all.len());
        // One page per call, by cursor: the same pages.
        let by_cursor = page_through(&db, &q).await?;
        assert_eq!(
            by_cursor.iter().map(|(i, _)| i.len()).collect::<Vec<_>>(),
            pages.iter().map(|p| p.items.len()).collect::<Vec<_>>()
        );
    }
    Ok(())
}

#[tokio::test]
async fn a_cursor_for_another_query_is_refused_before_any_request() -> Result<(), BoxError> {
    let (engine, db) = seeded().await?;
    let q = Line::query("a1")
        .begins_with(Line::sk().order("1"))
        .limit(3);
    let cursor = db.query(&q).page(None).await?.next.ok_or("more pages")?;

    // A handle on the same table name that reaches no engine: any request fails, so a cursor
    // error proves nothing was sent.
    let unsent: Db = common::unsent(db.table_name());
    common::sent(unsent.query(&q).page(Some(&cursor)).await)?;
    // Each refused naming the one part that differs, in its message too.
    let others = [
        (
            "another partition",
            Line::query("a2").begins_with(Line::sk().order("1")),
            QueryPart::Partitions,
        ),
        (
            "another group",
            Line::query("a1").begins_with(Line::sk().order("10")),
            QueryPart::KeyCondition,
        ),
        (
            "another operator",
            Line::query("a1").gte(Line::sk().order("1")),
            QueryPart::KeyCondition,
        ),
        (
            "another direction",
            q.clone().reverse(),
            QueryPart::Direction,
        ),
        (
            "the whole entity",
            Line::query("a1").begins_with(Line::sk()),
            QueryPart::KeyCondition,
        ),
    ];
    let only = |part: QueryPart| CursorError::OtherQuery(QueryDifference::of([part]));
    for (what, other, part) in &others {
        let reason = cursor_error(unsent.query(other).page(Some(&cursor)).await)?;
        assert_eq!(reason, only(*part), "{what}");
        assert!(
            reason
                .to_string()
                .ends_with(&format!(": its {part} differs"))
                || reason
                    .to_string()
                    .ends_with(&format!(": its {part} differ")),
            "{what}: {reason}"
        );
        let streamed: Result<Vec<Line>, Error> = unsent
            .query(other)
            .from(Some(&cursor))
            .items()
            .try_collect()
            .await;
        assert_eq!(cursor_error(streamed)?, only(*part), "{what}");
    }
    // Another table, same query.
    let other_table: Db = engine.fresh_table::<DefaultTable>().await?;
    let reason = cursor_error(other_table.query(&q).page(Some(&cursor)).await)?;
    assert_eq!(reason, only(QueryPart::Table));
    assert!(
        reason.to_string().ends_with(": its table differs"),
        "{reason}"
    );
    let nowhere: Db = engine.db("no-such-table");
    let reason = cursor_error(nowhere.query(&q).page(Some(&cursor)).await)?;
    assert_eq!(reason, only(QueryPart::Table));

    // Another secret: refused as modified.
    let signed = db.clone().with_cursor_secret("s1");
    let cursor = signed
        .query(&q)
        .page(None)
        .await?
        .next
        .ok_or("more pages")?;
    assert!(signed.query(&q).page(Some(&cursor)).await.is_ok());
    for reader in [db.clone(), unsent.clone().with_cursor_secret("s2")] {
        let reason = cursor_error(reader.query(&q).page(Some(&cursor)).await)?;
        assert_eq!(reason, CursorError::Tampered);
    }
    Ok(())
}

#[tokio::test]
async fn a_modified_cursor_is_refused_before_any_request() -> Result<(), BoxError> {
    let (_engine, db) = seeded().await?;
    let q = Line::query("a1").between(Line::sk().order("1"), Line::sk().order("2"));
    let paged = q.clone().limit(5);
    let cursor = db
        .query(&paged)
        .page(None)
        .await?
        .next
        .ok_or("more pages")?;
    let unsent: Db = common::unsent(db.table_name());
    let text = cursor.as_str();

    // Every character replaced in turn.
    for (i, c) in text.char_indices() {
        for replacement in ['A', 'B', '-', '_', '~'] {
            if replacement == c {
                continue;
            }
            let changed = format!("{}{replacement}{}", &text[..i], &text[i + 1..]);
            let refused = match changed.parse::<Cursor>() {
                Err(e) => matches!(e.kind(), KeyErrorKind::Cursor(_)),
                Ok(changed) => {
                    let reason = cursor_error(unsent.query(&paged).page(Some(&changed)).await)?;
                    matches!(reason, CursorError::Tampered | CursorError::Malformed(_))
                }
            };
            assert!(refused, "character {i} replaced by {replacement:?}");
        }
    }
    // Every bit of every byte flipped in turn.
    let bytes = URL_SAFE_NO_PAD.decode(text)?;
    for i in 0..bytes.len() {
        for bit in 0..8 {
            let mut changed = bytes.clone();
            changed[i] ^= 1 << bit;
            let changed: Cursor = match URL_SAFE_NO_PAD.encode(&changed).parse() {
                Ok(c) => c,
                Err(_) => continue, // the version byte: refused as malformed already
            };
            let reason = cursor_error(unsent.query(&paged).page(Some(&changed)).await)?;
            assert_eq!(reason, CursorError::Tampered, "byte {i}, bit {bit}");
        }
    }
    // Cut short, extended, or not a cursor at all.
    for changed in [&text[..text.len() - 4], &format!("{text}AAAA"), "", "x"] {
        match changed.parse::<Cursor>() {
            Err(_) => {}
            Ok(changed) => {
                cursor_error(unsent.query(&paged).page(Some(&changed)).await)?;
            }
        }
    }
    // The original still works.
    assert!(db.query(&paged).page(Some(&cursor)).await?.items.len() == 5);
    Ok(())
}

/// A signed cursor (format version 3, `dynakey::cursor`) for `query` on `db`'s table, made with
/// the built-in key that the docs publish, as anyone reading the source could: one partition,
/// after a start key whose sort key is `sort` (tag `S` or `N`).
fn forged<S>(
    db: &Db,
    query: &KeyQuery<Line, dynakey::PrimaryIndex, S>,
    tag: u8,
    sort: &str,
) -> Result<Cursor, BoxError> {
    use hmac::{Hmac, Mac};
    let plan = query.plan()?;
    let mut bytes = vec![3u8];
    bytes.extend_from_slice(&plan.fingerprint(db.table_name()));
    bytes.extend_from_slice(&1u16.to_be_bytes());
    bytes.push(1); // after a key: the partition key is the query's own, only SK is stored
    bytes.push(tag);
    bytes.extend_from_slice(&u16::try_from(sort.len())?.to_be_bytes());
    bytes.extend_from_slice(sort.as_bytes());
    let mut mac = Hmac::<sha2::Sha256>::new_from_slice(
        b"dynakey default cursor key v1: set a secret for cursors given to clients",
    )?;
    mac.update(b"dynakey cursor v3\0");
    mac.update(&bytes);
    bytes.extend_from_slice(&mac.finalize().into_bytes()[..16]);
    Ok(URL_SAFE_NO_PAD.encode(bytes).parse()?)
}

#[tokio::test]
async fn a_start_key_outside_the_key_condition_is_refused_before_any_request(
) -> Result<(), BoxError> {
    let (_engine, db) = seeded().await?;
    let unsent: Db = common::unsent(db.table_name());
    let between = Line::query("a1").between(Line::sk().order("1"), Line::sk().order("2"));
    let prefix = Line::query("a1").begins_with(Line::sk().order("1"));

    // The control: a forged cursor inside the range is accepted and resumes right after its key.
    let inside = forged(&db, &between, b'S', "ORD#10#0000000003")?;
    common::sent(unsent.query(&between).page(Some(&inside)).await)?;
    let resumed: Vec<Line> = db
        .query(&between)
        .from(Some(&inside))
        .items()
        .try_collect()
        .await?;
    let all: Vec<Line> = db.query(&between).items().try_collect().await?;
    let at = all
        .iter()
        .position(|l| l.order == "10" && l.line == 3)
        .ok_or("seeded")?;
    assert_eq!(names(&resumed), names(&all[at + 1..]));

    for (what, cursor) in [
        (
            "below the range",
            forged(&db, &between, b'S', "ORD#0#0000000001")?,
        ),
        (
            "above the range",
            forged(&db, &between, b'S', "ORD#3#0000000001")?,
        ),
        ("another entity's key", forged(&db, &between, b'S', "META")?),
        (
            "a number where the key schema has a string",
            forged(&db, &between, b'N', "7")?,
        ),
    ] {
        let reason = cursor_error(unsent.query(&between).page(Some(&cursor)).await)?;
        assert!(
            matches!(reason, CursorError::WrongKey(_)),
            "{what}: {reason:?}"
        );
        let streamed: Result<Vec<Line>, Error> = unsent
            .query(&between)
            .from(Some(&cursor))
            .items()
            .try_collect()
            .await;
        assert!(
            matches!(cursor_error(streamed)?, CursorError::WrongKey(_)),
            "{what}"
        );
    }
    for (what, sort) in [
        ("outside the prefix", "ORD#10#0000000001"),
        ("before the prefix", "ORD#0#0000000001"),
        ("the empty string", ""),
    ] {
        let cursor = forged(&db, &prefix, b'S', sort)?;
        let reason = cursor_error(unsent.query(&prefix).page(Some(&cursor)).await)?;
        assert!(
            matches!(reason, CursorError::WrongKey(_)),
            "{what}: {reason:?}"
        );
    }
    // Without a sort-key condition every sort key is in range, but not one DynamoDB refuses.
    let whole = Line::query("a1");
    for (what, sort) in [
        ("empty", String::new()),
        ("over 1,024 bytes", "O".repeat(1025)),
    ] {
        let cursor = forged(&db, &whole, b'S', &sort)?;
        let reason = cursor_error(unsent.query(&whole).page(Some(&cursor)).await)?;
        assert!(
            matches!(reason, CursorError::WrongKey(_)),
            "{what}: {reason:?}"
        );
    }
    Ok(())
}

#[tokio::test]
async fn with_a_secret_cursors_are_opaque_and_refused_when_altered() -> Result<(), BoxError> {
    let (_engine, signed) = seeded().await?;
    let db = signed
        .clone()
        .with_cursor_secret("a secret of the application, 32 bytes or more");
    let q = Line::query("a1")
        .begins_with(Line::sk().order("1"))
        .limit(3);
    let first = db.query(&q).page(None).await?;
    let cursor = first.next.clone().ok_or("more pages")?;
    // Nothing of the key in the text or in its bytes.
    let bytes = URL_SAFE_NO_PAD.decode(cursor.as_str())?;
    for needle in [&b"ORD#"[..], b"ACCT", b"a1", b"0000000002"] {
        assert!(
            !bytes.windows(needle.len()).any(|w| w == needle),
            "{needle:?}"
        );
    }
    let plain = common::unsent::<DefaultTable>(db.table_name());
    let readable = signed
        .query(&q)
        .page(None)
        .await?
        .next
        .ok_or("more pages")?;
    assert!(URL_SAFE_NO_PAD
        .decode(readable.as_str())?
        .windows(4)
        .any(|w| w == b"ORD#"));
    // It resumes as a signed one does.
    let second = db.query(&q).page(Some(&cursor)).await?;
    assert_eq!(names(&second.items), ["1/3", "1/4", "1/5"]);

    // Altered anywhere: refused before any request.
    let unsent = plain
        .clone()
        .with_cursor_secret("a secret of the application, 32 bytes or more");
    for i in 0..bytes.len() {
        let mut changed = bytes.clone();
        changed[i] ^= 0x20;
        let Ok(changed) = URL_SAFE_NO_PAD.encode(&changed).parse::<Cursor>() else {
            continue; // the version byte: malformed already
        };
        let reason = cursor_error(unsent.query(&q).page(Some(&changed)).await)?;
        assert!(
            matches!(reason, CursorError::Tampered | CursorError::Malformed(_)),
            "byte {i}: {reason:?}"
        );
    }
    // Bound to its query; opened only with its secret.
    let other = Line::query("a1").begins_with(Line::sk().order("2"));
    assert_eq!(
        cursor_error(unsent.query(&other).page(Some(&cursor)).await)?,
        CursorError::OtherQuery(QueryDifference::of([QueryPart::KeyCondition]))
    );
    for reader in [plain, unsent.clone().with_cursor_secret("another secret")] {
        assert_eq!(
            cursor_error(reader.query(&q).page(Some(&cursor)).await)?,
            CursorError::Tampered
        );
    }
    Ok(())
}
