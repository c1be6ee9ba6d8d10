//! One Query request at a time: which items of a response the caller gets, and where the next
//! request (and the page's cursor) starts.

use aws_sdk_dynamodb::types::ReturnConsumedCapacity;
use dynakey::{CursorError, KeyError, QueryInput, Table};
use serde::de::DeserializeOwned;
use tracing::Instrument;

use crate::convert::{apply_query_input, limit_to_i32, string_attribute, to_start_key};
use crate::db::Db;
use crate::error::Error;
use crate::item::from_item_in;
use crate::read::Page;

pub(crate) use crate::collection::Item;

/// One Query response: its items, `LastEvaluatedKey` and `ConsumedCapacity` (capacity units).
pub(crate) struct Fetched {
    pub(crate) items: Vec<Item>,
    pub(crate) last_evaluated_key: Option<Item>,
    pub(crate) consumed_capacity: Option<f64>,
}

/// Sends one Query request of `input` from `start` with `Limit` = `limit`, in a tracing span that
/// records the consumed capacity.
pub(crate) async fn fetch<T: Table>(
    db: &Db<T>,
    input: &QueryInput,
    start: Option<Item>,
    limit: Option<u32>,
) -> Result<Fetched, Error> {
    let request = apply_query_input(db.client().query(), db.table_name(), input)
        .set_exclusive_start_key(start)
        .set_limit(limit.map(limit_to_i32))
        .return_consumed_capacity(ReturnConsumedCapacity::Total);
    let span = db.span("Query");
    let output = request
        .send()
        .instrument(span.clone())
        .await
        .map_err(|e| Error::sdk("Query", e))?;
    let consumed_capacity = output.consumed_capacity().and_then(|c| c.capacity_units());
    if let Some(units) = consumed_capacity {
        span.record("db.dynamodb.consumed_capacity", units);
    }
    Ok(Fetched {
        items: output.items.unwrap_or_default(),
        last_evaluated_key: output.last_evaluated_key,
        consumed_capacity,
    })
}

/// A query on its way through its pages.
pub(crate) struct Run<T: Table> {
    pub(crate) db: Db<T>,
    pub(crate) input: QueryInput,
    /// `ExclusiveStartKey` of the next request (from a cursor, or the previous page).
    pub(crate) start: Option<Item>,
    /// Items still wanted when the query has a limit; never `Some(0)` before a request.
    pub(crate) remaining: Option<u32>,
}

impl<T: Table> Run<T> {
    /// Sends one Query request and decodes its page into `O`. The `bool` is `true` when another
    /// request should follow: the page has a resume key and the limit is not reached.
    pub(crate) async fn page<O: DeserializeOwned>(&mut self) -> Result<(Page<O>, bool), Error> {
        self.page_with(from_item_in::<T, O>).await
    }

    /// As [`page`](Self::page), decoding each item with `decode`.
    pub(crate) async fn page_with<O>(
        &mut self,
        decode: fn(Item) -> Result<O, Error>,
    ) -> Result<(Page<O>, bool), Error> {
        let fetched = fetch(&self.db, &self.input, self.start.clone(), self.remaining).await?;
        let consumed_capacity = fetched.consumed_capacity;
        let last_evaluated_key = fetched.last_evaluated_key;
        let kept = keep(
            fetched.items,
            last_evaluated_key.as_ref(),
            self.start.as_ref(),
            &self.input,
            self.remaining,
        )?;
        let mut items = Vec::with_capacity(kept.items.len());
        for item in kept.items {
            items.push(decode(item)?);
        }
        if let Some(remaining) = &mut self.remaining {
            let taken = u32::try_from(items.len()).unwrap_or(u32::MAX);
            *remaining = remaining.saturating_sub(taken);
        }
        let next = match &kept.resume {
            Some(key) => Some(self.db.cursor_codec().encode(
                self.db.table_name(),
                &self.input,
                &to_start_key(key)?,
            )?),
            None => None,
        };
        let more = kept.resume.is_some() && self.remaining != Some(0);
        self.start = kept.resume;
        Ok((
            Page {
                items,
                next,
                last_evaluated_key,
                consumed_capacity,
            },
            more,
        ))
    }
}

/// What one response gives the caller.
#[derive(Debug, PartialEq)]
pub(crate) struct Kept {
    /// The items to return, in the response's order.
    pub(crate) items: Vec<Item>,
    /// Where the next request starts: `None` when the results are exhausted.
    pub(crate) resume: Option<Item>,
}

/// Picks the items of a response that the caller gets, and the resume key.
///
/// Items whose sort key is one of `input.exclude_sort_keys` are dropped (they never count
/// against the limit). At most `remaining` items are kept: when the response holds more (the
/// request's `Limit` makes DynamoDB stop at `remaining` evaluated items, so this only happens with
/// an engine that returns more), reading must resume right after the last item kept, so the resume
/// key is built from that item's key attributes instead of the `LastEvaluatedKey`. Otherwise the
/// resume key is the `LastEvaluatedKey` (which may name a dropped item: resuming after it is
/// right, since it is excluded anyway).
pub(crate) fn keep(
    raw: Vec<Item>,
    last_evaluated_key: Option<&Item>,
    start: Option<&Item>,
    input: &QueryInput,
    remaining: Option<u32>,
) -> Result<Kept, KeyError> {
    let limit = remaining.map_or(usize::MAX, |r| usize::try_from(r).unwrap_or(usize::MAX));
    let mut items = Vec::with_capacity(raw.len().min(limit));
    let mut truncated = false;
    for item in raw {
        if is_excluded(&item, input) {
            continue;
        }
        if items.len() >= limit {
            truncated = true;
            break;
        }
        items.push(item);
    }
    let resume = match (truncated, items.last()) {
        (false, _) => last_evaluated_key.cloned(),
        (true, Some(last)) => Some(key_of(last, input)?),
        (true, None) => start.cloned(),
    };
    Ok(Kept { items, resume })
}

/// Whether `item`'s sort key is one that DynamoDB's inclusive `BETWEEN` returns but the requested
/// range excludes ([`QueryInput::exclude_sort_keys`]).
pub(crate) fn is_excluded(item: &Item, input: &QueryInput) -> bool {
    !input.exclude_sort_keys.is_empty()
        && input
            .sort_key_attribute
            .as_deref()
            .and_then(|name| string_attribute(item, name))
            .is_some_and(|sort| input.exclude_sort_keys.iter().any(|x| x == sort))
}

/// The key attributes of `item` (those of a `LastEvaluatedKey` of `input`).
fn key_of(item: &Item, input: &QueryInput) -> Result<Item, KeyError> {
    input
        .start_key_attributes
        .iter()
        .map(|name| match item.get(name) {
            Some(value) => Ok((name.clone(), value.clone())),
            None => Err(CursorError::WrongKey(format!(
                "the last item returned has no key attribute {name:?}, so no cursor can point at \
                 it; project the key attributes too"
            ))
            .into()),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use aws_sdk_dynamodb::types::AttributeValue;

    use super::*;

    fn item(sk: &str) -> Item {
        HashMap::from([
            ("PK".to_owned(), AttributeValue::S("A#1".into())),
            ("SK".to_owned(), AttributeValue::S(sk.into())),
            ("data".to_owned(), AttributeValue::S(format!("d{sk}"))),
        ])
    }

    fn key(sk: &str) -> Item {
        let mut key = item(sk);
        key.remove("data");
        key
    }

    fn input(exclude: &[&str]) -> QueryInput {
        QueryInput {
            index_name: None,
            partition_key_attribute: "PK".into(),
            key_condition_expression: "#pk = :pk AND #sk BETWEEN :lo AND :hi".into(),
            expression_attribute_names: Default::default(),
            expression_attribute_values: Default::default(),
            projection_expression: None,
            scan_index_forward: true,
            limit: None,
            consistent_read: false,
            sort_key_attribute: Some("SK".into()),
            start_key_attributes: vec!["PK".into(), "SK".into()],
            exclude_sort_keys: exclude.iter().map(|s| (*s).to_owned()).collect(),
            matches_nothing: false,
        }
    }

    fn sorts(kept: &Kept) -> Vec<String> {
        kept.items
            .iter()
            .filter_map(|i| string_attribute(i, "SK").map(str::to_owned))
            .collect()
    }

    #[test]
    fn excluded_keys_are_dropped_and_do_not_count() -> Result<(), KeyError> {
        let raw = vec![item("a"), item("b"), item("c")];
        let kept = keep(raw, Some(&key("c")), None, &input(&["b"]), Some(2))?;
        assert_eq!(sorts(&kept), ["a", "c"]);
        assert_eq!(kept.resume, Some(key("c")));
        Ok(())
    }

    #[test]
    fn without_truncation_reading_resumes_at_the_last_evaluated_key() -> Result<(), KeyError> {
        // The last evaluated key may be an excluded item: resuming after it is right.
        let raw = vec![item("a"), item("b")];
        let kept = keep(raw, Some(&key("b")), None, &input(&["b"]), Some(5))?;
        assert_eq!(sorts(&kept), ["a"]);
        assert_eq!(kept.resume, Some(key("b")));
        let kept = keep(vec![item("a")], None, None, &input(&[]), None)?;
        assert_eq!(kept.resume, None, "no LastEvaluatedKey: the end");
        Ok(())
    }

    #[test]
    fn a_page_cut_at_the_limit_resumes_after_the_last_item_returned() -> Result<(), KeyError> {
        // An engine that returned more than Limit: the cursor must not skip "c" and "d".
        let raw = vec![item("a"), item("b"), item("c"), item("d")];
        let kept = keep(raw, Some(&key("d")), None, &input(&[]), Some(2))?;
        assert_eq!(sorts(&kept), ["a", "b"]);
        assert_eq!(kept.resume, Some(key("b")), "only the key attributes");
        // Nothing left to take: resume where this request started.
        let kept = keep(vec![item("x")], None, Some(&key("w")), &input(&[]), Some(0))?;
        assert!(kept.items.is_empty());
        assert_eq!(kept.resume, Some(key("w")));
        Ok(())
    }

    #[test]
    fn a_cut_page_whose_items_lack_key_attributes_is_an_error() {
        let mut projected = item("a");
        projected.remove("SK");
        let result = keep(vec![projected, item("b")], None, None, &input(&[]), Some(1));
        assert!(result.is_err());
    }
}
