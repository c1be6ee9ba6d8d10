//! Cursors of fan-out reads over the shards of one logical partition ([`ShardedCursor`]).
//!
//! A sharded read merges one Query per shard (see [`crate::shard`]); resuming it needs a position
//! in every shard. A [`ShardedCursor`] carries them all, bound to the [`ShardedQueryInput`] it came
//! from and authenticated with the same HMAC-SHA256 key as single-partition [`Cursor`]s
//! ([`CursorCodec`], `Db::with_cursor_secret` in `dynakey-runtime`).
//!
//! The format is described on [`ShardedCursor`].

use super::*;
use crate::shard::ShardedQueryInput;

/// The format version of sharded cursors.
const SHARDED_VERSION: u8 = 2;
/// Version, fingerprint, shard count, tag.
const SHARDED_MIN_LEN: usize = 1 + FINGERPRINT_LEN + 2 + TAG_LEN;
/// Domain separation of the MAC input (distinct from single-partition cursors).
const SHARDED_MAC_CONTEXT: &[u8] = b"dynakey sharded cursor v2\0";
/// Domain separation of the sharded query fingerprint.
const SHARDED_FINGERPRINT_CONTEXT: &[u8] = b"dynakey sharded query fingerprint v2\0";

const NOT_STARTED: u8 = 0;
const AFTER: u8 = 1;
const EXHAUSTED: u8 = 2;

/// Where a sharded read stands in one shard.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShardPosition {
    /// Nothing of this shard was returned yet: read it from its start.
    NotStarted,
    /// Resume after this key (`ExclusiveStartKey`): the key attributes of the last item of the
    /// shard returned to the caller, or a `LastEvaluatedKey` when every item read up to it was
    /// returned or dropped by the range.
    After(StartKey),
    /// Every item of this shard was returned: no more requests to it.
    Exhausted,
}

cursor_text! {
    /// An opaque, URL-safe position in the merged results of a sharded query: where the next page
    /// of every shard starts.
    ///
    /// Made by [`CursorCodec::encode_sharded`] (the runtime returns one with every sharded page that
    /// is not the last) and read back with [`CursorCodec::decode_sharded`]. Like [`Cursor`], its text
    /// uses only `A–Z a–z 0–9 - _`, and [`FromStr`] and serde read it back from that text; its
    /// format is below. A single-partition [`Cursor`] is not a `ShardedCursor`, and neither text parses
    /// as the other.
    ///
    /// # Format (sharded, version 2)
    /// Base64url without padding (RFC 4648 §5) of:
    ///
    /// | bytes | content |
    /// | --- | --- |
    /// | 1 | version, `2` (single-partition cursors are version `1`) |
    /// | 16 | query fingerprint: the first 16 bytes of SHA-256 over the single-partition fingerprint of shard 0's request (table name, index name, key condition with the names and values it references, direction), the table name, the shard count, the suffix width and the logical partition key |
    /// | 2 | shard count, big-endian |
    /// | per shard, in shard order | state: `0` not started, `1` after a key, `2` exhausted; after `1`, for each key attribute of the query but the partition key, in byte order of the names: type tag (`S`, `N` or `B`), value length (2 bytes, big-endian), value |
    /// | 16 | tag: HMAC-SHA256 over a context string and everything before it, truncated to 16 bytes |
    ///
    /// The partition-key value of each shard is not stored: it is the shard's own partition key, so
    /// even a forged cursor can only choose where reading resumes inside each shard's partition and
    /// key condition. Ten shards with 30-byte sort keys give a cursor of about 450 characters.
    pub struct ShardedCursor;
    /// Reads a sharded cursor from its text, checking only its outer form (base64url without
    /// padding, the sharded version, a plausible length). Whether it is authentic and belongs to a
    /// query is checked by [`CursorCodec::decode_sharded`].
    check = unpack_sharded;
}

impl CursorCodec {
    /// A cursor that resumes the sharded `query` on table `table_name` at `positions`, one per
    /// shard in shard order.
    ///
    /// # Errors
    /// [`CursorError::WrongKey`] when there is not one position per shard, a key does not hold
    /// exactly [`QueryInput::start_key_attributes`] with its shard's partition key, or a value is
    /// over 65,535 bytes.
    pub fn encode_sharded(
        &self,
        table_name: &str,
        query: &ShardedQueryInput,
        positions: &[ShardPosition],
    ) -> Result<ShardedCursor, KeyError> {
        if positions.len() != query.shards.len() {
            return Err(CursorError::WrongKey(format!(
                "{} positions for {} shards",
                positions.len(),
                query.shards.len()
            ))
            .into());
        }
        let count = u16::try_from(positions.len())
            .map_err(|_| CursorError::WrongKey("more than 65,535 shards".into()))?;
        let mut bytes = Vec::with_capacity(64 + 32 * positions.len());
        bytes.push(SHARDED_VERSION);
        bytes.extend_from_slice(&sharded_fingerprint(table_name, query));
        bytes.extend_from_slice(&count.to_be_bytes());
        for (input, position) in query.shards.iter().zip(positions) {
            match position {
                ShardPosition::NotStarted => bytes.push(NOT_STARTED),
                ShardPosition::Exhausted => bytes.push(EXHAUSTED),
                ShardPosition::After(key) => {
                    check_key(input, key)?;
                    bytes.push(AFTER);
                    let partition = partition_attribute(input)?;
                    for name in other_attributes(input, partition) {
                        let value = key.get(name).ok_or_else(|| {
                            CursorError::WrongKey(format!("no value for {name:?}"))
                        })?;
                        push_value(&mut bytes, name, value)?;
                    }
                }
            }
        }
        Ok(ShardedCursor {
            text: self.seal(SHARDED_MAC_CONTEXT, bytes),
        })
    }

    /// The position in every shard carried by `cursor`, after checking that it is authentic and
    /// was made for the sharded `query` on table `table_name`. A position
    /// [`ShardPosition::After`] holds the whole start key, with the shard's partition key.
    ///
    /// Checks, in order: the outer form, the tag, the query fingerprint, the shard count, the
    /// structure, and every key against its shard's request.
    ///
    /// # Errors
    /// [`KeyErrorKind::Cursor`] with [`CursorError::Malformed`], [`CursorError::Tampered`],
    /// [`CursorError::OtherQuery`] or [`CursorError::WrongKey`].
    pub fn decode_sharded(
        &self,
        table_name: &str,
        query: &ShardedQueryInput,
        cursor: &ShardedCursor,
    ) -> Result<Vec<ShardPosition>, KeyError> {
        let bytes = unpack_sharded(&cursor.text)?;
        let body = self.open(SHARDED_MAC_CONTEXT, &bytes)?;
        let (fingerprint_bytes, rest) = body[1..].split_at(FINGERPRINT_LEN);
        if fingerprint_bytes != sharded_fingerprint(table_name, query) {
            return Err(CursorError::OtherQuery.into());
        }
        let mut reader = Reader(rest);
        let count = usize::from(u16::from_be_bytes([reader.byte()?, reader.byte()?]));
        if count != query.shards.len() {
            return Err(CursorError::OtherQuery.into());
        }
        let mut positions = Vec::with_capacity(count);
        for input in &query.shards {
            let position = match reader.byte()? {
                NOT_STARTED => ShardPosition::NotStarted,
                EXHAUSTED => ShardPosition::Exhausted,
                AFTER => {
                    let partition = partition_attribute(input)?;
                    let mut key = StartKey::new();
                    if let Some(value) = input.expression_attribute_values.get(":pk") {
                        key.insert(partition.to_owned(), value.clone());
                    }
                    for name in other_attributes(input, partition) {
                        key.insert(name.to_owned(), reader.value()?);
                    }
                    check_key(input, &key)?;
                    ShardPosition::After(key)
                }
                other => {
                    return Err(
                        CursorError::Malformed(format!("unknown shard state {other}")).into(),
                    )
                }
            };
            positions.push(position);
        }
        if !reader.0.is_empty() {
            return Err(CursorError::Malformed("unexpected bytes after the shards".into()).into());
        }
        Ok(positions)
    }
}

/// The key attributes of a request's start keys other than the partition key, sorted.
fn other_attributes<'a>(
    input: &'a QueryInput,
    partition: &'a str,
) -> impl Iterator<Item = &'a str> + 'a {
    input
        .start_key_attributes
        .iter()
        .map(String::as_str)
        .filter(move |name| *name != partition)
}

/// Decodes the base64url text and checks the outer form (length, version).
fn unpack_sharded(text: &str) -> Result<Vec<u8>, KeyError> {
    let bytes = URL_SAFE_NO_PAD
        .decode(text)
        .map_err(|e| CursorError::Malformed(format!("not base64url without padding ({e})")))?;
    match bytes.first() {
        Some(&VERSION) => {
            return Err(CursorError::Malformed(
                "a single-partition query's cursor, not a sharded query's".into(),
            )
            .into())
        }
        Some(&SHARDED_VERSION) | None => {}
        Some(other) => {
            return Err(CursorError::Malformed(format!(
                "unknown version {other} (this build reads sharded cursors of version \
                 {SHARDED_VERSION})"
            ))
            .into())
        }
    }
    if bytes.len() < SHARDED_MIN_LEN {
        return Err(CursorError::Malformed(format!(
            "{} bytes, shorter than the {SHARDED_MIN_LEN} of an empty sharded cursor",
            bytes.len()
        ))
        .into());
    }
    Ok(bytes)
}

/// What binds a sharded cursor to its query: shard 0's single-partition fingerprint (table,
/// index, key condition, values, direction), the table name, the shard count, the suffix width and
/// the logical partition key.
fn sharded_fingerprint(table_name: &str, query: &ShardedQueryInput) -> [u8; FINGERPRINT_LEN] {
    let mut hash = Sha256::new();
    let mut field = |bytes: &[u8]| {
        hash.update((bytes.len() as u64).to_be_bytes());
        hash.update(bytes);
    };
    field(SHARDED_FINGERPRINT_CONTEXT);
    field(table_name.as_bytes());
    match query.shards.first() {
        Some(first) => field(&fingerprint(table_name, first)),
        None => field(b""),
    }
    field(&query.sharding.count().to_be_bytes());
    field(&(query.sharding.width() as u64).to_be_bytes());
    field(query.logical_partition.as_bytes());
    let digest = hash.finalize();
    let mut out = [0u8; FINGERPRINT_LEN];
    out.copy_from_slice(&digest[..FINGERPRINT_LEN]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Entity;

    #[derive(Entity)]
    #[pk("WS#<workspace>", shards = 4, shard_by = "id")]
    #[sk("PROJ#<created>#<id>")]
    struct Project {
        workspace: String,
        created: u32,
        id: String,
    }

    fn query() -> ShardedQueryInput {
        match Project::query_shards("acme")
            .begins_with(Project::sk())
            .build()
        {
            Ok(input) => input,
            Err(e) => panic!("{e}"),
        }
    }

    fn after(shard: usize, sort: &str) -> ShardPosition {
        let pk = query()
            .partition_keys()
            .nth(shard)
            .unwrap_or_default()
            .to_owned();
        ShardPosition::After(StartKey::from([
            ("PK".to_owned(), KeyValue::S(pk)),
            ("SK".to_owned(), KeyValue::S(sort.to_owned())),
        ]))
    }

    fn positions() -> Vec<ShardPosition> {
        vec![
            ShardPosition::NotStarted,
            after(1, "PROJ#0000000007#p1"),
            ShardPosition::Exhausted,
            after(3, "PROJ#0000000009#é😀"),
        ]
    }

    fn kind<T: std::fmt::Debug>(result: Result<T, KeyError>) -> CursorError {
        match result.map_err(KeyError::into_kind) {
            Err(KeyErrorKind::Cursor(e)) => e,
            other => panic!("expected a cursor error, got {other:?}"),
        }
    }

    #[test]
    fn round_trips_every_state() {
        let codec = CursorCodec::new("secret");
        let cursor = codec.encode_sharded("t", &query(), &positions()).unwrap();
        assert!(cursor
            .as_str()
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
        assert_eq!(
            codec.decode_sharded("t", &query(), &cursor).unwrap(),
            positions()
        );
        let parsed: ShardedCursor = cursor.as_str().parse().unwrap();
        assert_eq!(parsed, cursor);
        let json = serde_json::to_string(&cursor).unwrap();
        assert_eq!(
            serde_json::from_str::<ShardedCursor>(&json).unwrap(),
            cursor
        );
    }

    #[test]
    fn every_modified_bit_is_refused() {
        let codec = CursorCodec::default();
        let cursor = codec.encode_sharded("t", &query(), &positions()).unwrap();
        let bytes = URL_SAFE_NO_PAD.decode(cursor.as_str()).unwrap();
        for i in 0..bytes.len() {
            for bit in 0..8 {
                let mut changed = bytes.clone();
                changed[i] ^= 1 << bit;
                let changed = ShardedCursor {
                    text: URL_SAFE_NO_PAD.encode(changed),
                };
                let reason = kind(codec.decode_sharded("t", &query(), &changed));
                if i == 0 {
                    assert!(matches!(reason, CursorError::Malformed(_)), "{reason}");
                } else {
                    assert_eq!(reason, CursorError::Tampered, "byte {i} bit {bit}");
                }
            }
        }
        for text in ["", "x", &cursor.as_str()[..20]] {
            assert!(text.parse::<ShardedCursor>().is_err(), "{text:?}");
        }
    }

    #[test]
    fn other_queries_secrets_and_single_partition_cursors_are_refused() {
        let codec = CursorCodec::new("one");
        let cursor = codec.encode_sharded("t", &query(), &positions()).unwrap();
        let build = |q: crate::ShardedQuery<Project, _>| q.build().unwrap();
        for other in [
            build(Project::query_shards("acme2").begins_with(Project::sk())),
            build(
                Project::query_shards("acme")
                    .begins_with(Project::sk())
                    .reverse(),
            ),
            build(Project::query_shards("acme").begins_with(Project::sk().created(7u32))),
        ] {
            assert_eq!(
                kind(codec.decode_sharded("t", &other, &cursor)),
                CursorError::OtherQuery
            );
        }
        assert_eq!(
            kind(codec.decode_sharded("t2", &query(), &cursor)),
            CursorError::OtherQuery
        );
        // The same query with another shard count.
        let mut fewer = query();
        fewer.sharding = crate::Sharding::new(3, "id");
        fewer.shards.pop();
        assert_eq!(
            kind(codec.decode_sharded("t", &fewer, &cursor)),
            CursorError::OtherQuery
        );
        for other in [CursorCodec::new("two"), CursorCodec::default()] {
            assert_eq!(
                kind(other.decode_sharded("t", &query(), &cursor)),
                CursorError::Tampered
            );
        }
        // A single-partition cursor is not a sharded one, nor the other way round.
        let single = codec
            .encode(
                "t",
                &query().shards[1],
                &match after(1, "PROJ#x") {
                    ShardPosition::After(key) => key,
                    _ => StartKey::new(),
                },
            )
            .unwrap();
        assert!(matches!(
            kind(single.as_str().parse::<ShardedCursor>()),
            CursorError::Malformed(_)
        ));
        assert!(cursor.as_str().parse::<Cursor>().is_err());
    }

    #[test]
    fn keys_outside_their_shard_are_refused() {
        let codec = CursorCodec::default();
        // Shard 1's position holding shard 2's partition key.
        let mut wrong = positions();
        wrong[1] = match after(2, "PROJ#x") {
            ShardPosition::After(key) => ShardPosition::After(key),
            other => other,
        };
        assert!(matches!(
            kind(codec.encode_sharded("t", &query(), &wrong)),
            CursorError::WrongKey(_)
        ));
        assert!(matches!(
            kind(codec.encode_sharded("t", &query(), &positions()[..3])),
            CursorError::WrongKey(_)
        ));
    }
}
