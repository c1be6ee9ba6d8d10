//! Resumable query cursors (spec §4): an opaque, URL-safe string that carries the whole
//! `LastEvaluatedKey` of a Query, bound to that query and protected against modification.
//!
//! DynamoDB pages a Query: each response may carry a `LastEvaluatedKey`, and the next request
//! passes it back as `ExclusiveStartKey` (AWS developer guide, "Paginating table query
//! results"). A [`Cursor`] is that key made safe to hand to a client, e.g. as the next-page token
//! of a web API:
//!
//! - it carries every attribute of the key (table and index key attributes) with its type
//!   (`S`, `N` or `B`), so resuming needs nothing but the cursor and the query;
//! - it is **bound to the query** it came from: the table name, the index name, the
//!   `KeyConditionExpression` with the names and values it references, and the direction
//!   (`ScanIndexForward`). The limit, the projection and `ConsistentRead` are not part of it, so
//!   a client may change its page size or projected attributes between pages;
//! - it is **authenticated**: an HMAC-SHA256 tag over its content, keyed by the
//!   [`CursorCodec`]'s secret. A modified cursor, or one used with another query, is rejected with
//!   [`KeyErrorKind::Cursor`] before any request.
//!
//! # Format (version 1)
//! The cursor is base64url without padding (RFC 4648 §5) of:
//!
//! | bytes | content |
//! | --- | --- |
//! | 1 | version, `1` |
//! | 16 | query fingerprint: the first 16 bytes of SHA-256 over the query's binding parameters |
//! | 1 | number of key attributes |
//! | per attribute | name length (1 byte), name (UTF-8), type tag (`S`, `N` or `B`), value length (2 bytes, big-endian), value (UTF-8 for `S` and `N`) |
//! | 16 | tag: HMAC-SHA256 over everything before it, truncated to 16 bytes |
//!
//! Attributes are in byte order of their names. A key of two string attributes of about 30
//! characters each gives a cursor of about 150 characters.
//!
//! # Security model
//! With a secret ([`CursorCodec::new`], `Db::with_cursor_secret` in `dynakey-runtime`), nobody
//! without the secret can make or alter a cursor that is accepted. Without one
//! ([`CursorCodec::default`]), a built-in key is used: it still detects any modification and any
//! use with another query, but anyone who knows the built-in key (it is in this source code) can
//! forge a cursor. **Set a secret whenever cursors go to untrusted clients.**
//!
//! Even a forged cursor cannot widen a query: after the tag, [`CursorCodec::decode`] checks that
//! the key holds exactly the key attributes of the queried table and index, and that its
//! partition-key value is the query's partition value; DynamoDB still applies the key condition to
//! every item, so a start key can only move where in the query's own results reading resumes.
//! Cursors do not expire and are not encrypted: the key values (partition and sort key strings)
//! can be read by whoever holds the cursor.
//!
//! # Sharded queries
//! A fan-out read over the shards of one logical partition ([`crate::shard`]) resumes from a
//! [`ShardedCursor`]: one position per shard ([`ShardPosition`]), with the same HMAC key, binding
//! and checks; its format is described on [`ShardedCursor`].

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};

use crate::error::{KeyError, KeyErrorKind};
use crate::key::KeyValue;
use crate::query::QueryInput;

/// A Query's `ExclusiveStartKey` or `LastEvaluatedKey`: attribute name → value, for the key
/// attributes of the table and (for an index query) of the index.
pub type StartKey = BTreeMap<String, KeyValue>;

/// The format version this codec writes and reads.
const VERSION: u8 = 1;
/// Bytes of the query fingerprint kept in a cursor.
const FINGERPRINT_LEN: usize = 16;
/// Bytes of the HMAC-SHA256 tag kept in a cursor.
const TAG_LEN: usize = 16;
/// Version, fingerprint, attribute count, tag.
const MIN_LEN: usize = 1 + FINGERPRINT_LEN + 1 + TAG_LEN;
/// The key used when no secret is set. Public by nature: see the module docs.
const DEFAULT_KEY: &[u8] =
    b"dynakey default cursor key v1: set a secret for cursors given to clients";
/// Domain separation of the MAC input.
const MAC_CONTEXT: &[u8] = b"dynakey cursor v1\0";
/// Domain separation of the query fingerprint.
const FINGERPRINT_CONTEXT: &[u8] = b"dynakey query fingerprint v1\0";

type HmacSha256 = Hmac<Sha256>;

/// Why a cursor was rejected; carried by [`KeyErrorKind::Cursor`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CursorError {
    /// Not a cursor of this format: not base64url without padding, too short, an unknown version,
    /// or (with a valid tag, so only when forged) a broken structure. The text says which.
    #[error("malformed cursor: {0}")]
    Malformed(String),
    /// The tag does not match: the cursor was modified, or made with another secret.
    #[error("the cursor was modified or made with another secret (its authentication tag does not match)")]
    Tampered,
    /// The cursor is authentic but was made for another query (another table, index, key
    /// condition, value or direction).
    #[error("the cursor belongs to another query (table, index, key condition, values or direction differ)")]
    OtherQuery,
    /// The key in the cursor (or a `LastEvaluatedKey` being encoded) does not hold exactly the
    /// query's key attributes, or its partition-key value is not the query's partition value.
    #[error("the cursor's key does not fit this query: {0}")]
    WrongKey(String),
}

impl From<CursorError> for KeyError {
    #[cold]
    fn from(error: CursorError) -> Self {
        KeyErrorKind::Cursor(error).into()
    }
}

/// Declares a cursor type: a newtype over its checked base64url text, with the accessors, formatting
/// and serde impls every cursor shares. `$check` validates the outer form for [`FromStr`].
macro_rules! cursor_text {
    (
        $(#[$meta:meta])*
        pub struct $name:ident;
        $(#[$from_str_doc:meta])*
        check = $check:path;
    ) => {
        $(#[$meta])*
        #[derive(Clone, PartialEq, Eq, Hash)]
        pub struct $name {
            text: String,
        }

        impl $name {
            /// The cursor's text (base64url, no padding).
            pub fn as_str(&self) -> &str {
                &self.text
            }

            /// The cursor's text, owned.
            pub fn into_string(self) -> String {
                self.text
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.text)
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_tuple(stringify!($name)).field(&self.text).finish()
            }
        }

        $(#[$from_str_doc])*
        impl FromStr for $name {
            type Err = KeyError;

            fn from_str(text: &str) -> Result<Self, KeyError> {
                $check(text)?;
                Ok($name {
                    text: text.to_owned(),
                })
            }
        }

        impl From<$name> for String {
            fn from(cursor: $name) -> Self {
                cursor.text
            }
        }

        /// Serialises as its text.
        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(&self.text)
            }
        }

        /// Deserialises from its text, with the checks of [`FromStr`].
        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = String::deserialize(deserializer)?;
                text.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}

cursor_text! {
    /// An opaque, URL-safe position in the results of one query: where the next page starts.
    ///
    /// Made by [`CursorCodec::encode`] (the runtime returns one with every page that is not the
    /// last) and read back with [`CursorCodec::decode`]. Its text uses only `A–Z a–z 0–9 - _`, so it
    /// can go into a URL, a header or JSON as is; [`FromStr`] and serde read it back from that text.
    /// See the [module docs](self) for its format and security model.
    pub struct Cursor;
    /// Reads a cursor from its text, checking only its outer form (base64url without padding, a
    /// known version, a plausible length). Whether it is authentic and belongs to a query is
    /// checked by [`CursorCodec::decode`].
    check = unpack;
}

/// Makes and checks [`Cursor`]s with one HMAC key.
///
/// [`CursorCodec::new`] takes a secret (any length; 32 random bytes is a good choice; keep it
/// stable across processes that share cursors, or old cursors become
/// [`CursorError::Tampered`]). [`CursorCodec::default`] uses the built-in key, which protects
/// against accidents but not against forgery: see the [module docs](self#security-model).
#[derive(Clone)]
pub struct CursorCodec {
    mac: HmacSha256,
    secret_set: bool,
}

impl Default for CursorCodec {
    /// A codec with the built-in key: detects modification and use with another query, but not
    /// deliberate forgery by someone who knows the key.
    fn default() -> Self {
        CursorCodec {
            mac: keyed(DEFAULT_KEY),
            secret_set: false,
        }
    }
}

impl fmt::Debug for CursorCodec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CursorCodec")
            .field(
                "key",
                &if self.secret_set {
                    "secret"
                } else {
                    "built-in"
                },
            )
            .finish()
    }
}

impl CursorCodec {
    /// A codec keyed by `secret` (HMAC-SHA256 key, any length).
    pub fn new(secret: impl AsRef<[u8]>) -> Self {
        CursorCodec {
            mac: keyed(secret.as_ref()),
            secret_set: true,
        }
    }

    /// `true` when made with [`new`](Self::new), `false` for the built-in key.
    pub fn has_secret(&self) -> bool {
        self.secret_set
    }

    /// A cursor that resumes `query` on table `table_name` after `start_key` (a
    /// `LastEvaluatedKey`, or the key attributes of the last item returned).
    ///
    /// # Errors
    /// [`CursorError::WrongKey`] when `start_key` does not hold exactly
    /// [`QueryInput::start_key_attributes`], its partition-key value is not the query's, or an
    /// attribute name is over 255 bytes or a value over 65,535 bytes (DynamoDB's own limits are
    /// 255 and 2,048).
    pub fn encode(
        &self,
        table_name: &str,
        query: &QueryInput,
        start_key: &StartKey,
    ) -> Result<Cursor, KeyError> {
        check_key(query, start_key)?;
        let mut bytes = Vec::with_capacity(64);
        bytes.push(VERSION);
        bytes.extend_from_slice(&fingerprint(table_name, query));
        let count = u8::try_from(start_key.len())
            .map_err(|_| CursorError::WrongKey("more than 255 key attributes".into()))?;
        bytes.push(count);
        for (name, value) in start_key {
            let name_len = u8::try_from(name.len()).map_err(|_| {
                CursorError::WrongKey(format!("attribute name {name:?} is over 255 bytes"))
            })?;
            bytes.push(name_len);
            bytes.extend_from_slice(name.as_bytes());
            push_value(&mut bytes, name, value)?;
        }
        Ok(Cursor {
            text: self.seal(MAC_CONTEXT, bytes),
        })
    }

    /// The start key carried by `cursor`, after checking that it is authentic and was made for
    /// `query` on table `table_name`. Send it as the next request's `ExclusiveStartKey`.
    ///
    /// Checks, in order: the outer form, the tag, the query fingerprint, the structure, and that
    /// the key holds exactly [`QueryInput::start_key_attributes`] with the query's partition value.
    ///
    /// # Errors
    /// [`KeyErrorKind::Cursor`] with [`CursorError::Malformed`], [`CursorError::Tampered`],
    /// [`CursorError::OtherQuery`] or [`CursorError::WrongKey`].
    pub fn decode(
        &self,
        table_name: &str,
        query: &QueryInput,
        cursor: &Cursor,
    ) -> Result<StartKey, KeyError> {
        let bytes = unpack(&cursor.text)?;
        let body = self.open(MAC_CONTEXT, &bytes)?;
        let (fingerprint_bytes, entries) = body[1..].split_at(FINGERPRINT_LEN);
        if fingerprint_bytes != fingerprint(table_name, query) {
            return Err(CursorError::OtherQuery.into());
        }
        let start_key = parse_entries(entries)?;
        check_key(query, &start_key)?;
        Ok(start_key)
    }

    /// `body` followed by its tag (HMAC-SHA256 over `context` and `body`, truncated to
    /// `TAG_LEN` bytes), as base64url text. The context keeps one kind of cursor from passing as
    /// another.
    fn seal(&self, context: &[u8], mut body: Vec<u8>) -> String {
        let tag = self
            .mac
            .clone()
            .chain_update(context)
            .chain_update(&body)
            .finalize()
            .into_bytes();
        body.extend_from_slice(&tag[..TAG_LEN]);
        URL_SAFE_NO_PAD.encode(body)
    }

    /// The body of the unpacked cursor `bytes` once its tag checks out for `context`.
    ///
    /// # Errors
    /// [`CursorError::Tampered`] when it does not.
    fn open<'b>(&self, context: &[u8], bytes: &'b [u8]) -> Result<&'b [u8], KeyError> {
        let (body, tag) = bytes.split_at(bytes.len() - TAG_LEN);
        self.mac
            .clone()
            .chain_update(context)
            .chain_update(body)
            .verify_truncated_left(tag)
            .map_err(|_| CursorError::Tampered)?;
        Ok(body)
    }
}

/// An HMAC-SHA256 instance keyed by `secret`, with the key prepared as RFC 2104 §2 prescribes
/// (hashed when longer than the 64-byte block, then zero-padded to it), so that the infallible
/// fixed-size constructor applies to secrets of every length.
fn keyed(secret: &[u8]) -> HmacSha256 {
    let mut block = hmac::digest::Key::<HmacSha256>::default();
    if secret.len() > block.len() {
        let digest = Sha256::digest(secret);
        block[..digest.len()].copy_from_slice(&digest);
    } else {
        block[..secret.len()].copy_from_slice(secret);
    }
    <HmacSha256 as hmac::digest::KeyInit>::new(&block)
}

/// Decodes the base64url text and checks the outer form (length, version).
fn unpack(text: &str) -> Result<Vec<u8>, KeyError> {
    let bytes = URL_SAFE_NO_PAD
        .decode(text)
        .map_err(|e| CursorError::Malformed(format!("not base64url without padding ({e})")))?;
    if bytes.len() < MIN_LEN {
        return Err(CursorError::Malformed(format!(
            "{} bytes, shorter than the {MIN_LEN} of an empty cursor",
            bytes.len()
        ))
        .into());
    }
    if bytes[0] != VERSION {
        return Err(CursorError::Malformed(format!(
            "unknown version {} (this build reads version {VERSION})",
            bytes[0]
        ))
        .into());
    }
    Ok(bytes)
}

/// Reads the attribute count and entries of an authenticated body.
fn parse_entries(entries: &[u8]) -> Result<StartKey, KeyError> {
    let mut reader = Reader(entries);
    let count = reader.byte()?;
    let mut key = StartKey::new();
    let mut previous: Option<String> = None;
    for _ in 0..count {
        let name_len = usize::from(reader.byte()?);
        let name = reader.text(name_len)?;
        if previous.as_ref().is_some_and(|p| *p >= name) {
            return Err(CursorError::Malformed("attributes out of order".into()).into());
        }
        let value = reader.value()?;
        key.insert(name.clone(), value);
        previous = Some(name);
    }
    if !reader.0.is_empty() {
        return Err(CursorError::Malformed("unexpected bytes after the key".into()).into());
    }
    Ok(key)
}

fn truncated() -> KeyError {
    CursorError::Malformed("truncated".into()).into()
}

/// A cursor over the entries of a cursor body.
struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], KeyError> {
        if self.0.len() < n {
            return Err(truncated());
        }
        let (head, rest) = self.0.split_at(n);
        self.0 = rest;
        Ok(head)
    }

    fn byte(&mut self) -> Result<u8, KeyError> {
        Ok(self.take(1)?[0])
    }

    fn text(&mut self, n: usize) -> Result<String, KeyError> {
        let bytes = self.take(n)?;
        String::from_utf8(bytes.to_vec())
            .map_err(|_| CursorError::Malformed("text that is not UTF-8".into()).into())
    }

    /// A typed value as [`push_value`] wrote it.
    fn value(&mut self) -> Result<KeyValue, KeyError> {
        let tag = self.byte()?;
        let len = usize::from(u16::from_be_bytes([self.byte()?, self.byte()?]));
        match tag {
            b'S' => Ok(KeyValue::S(self.text(len)?)),
            b'N' => Ok(KeyValue::N(self.text(len)?)),
            b'B' => Ok(KeyValue::B(self.take(len)?.to_vec())),
            other => Err(CursorError::Malformed(format!("unknown type tag {other:#04x}")).into()),
        }
    }
}

/// Appends attribute `name`'s `value`: type tag (`S`, `N` or `B`), length (2 bytes, big-endian),
/// bytes.
///
/// # Errors
/// [`CursorError::WrongKey`] when the value is over 65,535 bytes.
fn push_value(bytes: &mut Vec<u8>, name: &str, value: &KeyValue) -> Result<(), KeyError> {
    let (tag, data) = match value {
        KeyValue::S(s) => (b'S', s.as_bytes()),
        KeyValue::N(n) => (b'N', n.as_bytes()),
        KeyValue::B(b) => (b'B', b.as_slice()),
    };
    let len = u16::try_from(data.len()).map_err(|_| {
        CursorError::WrongKey(format!("the value of {name:?} is over 65,535 bytes"))
    })?;
    bytes.push(tag);
    bytes.extend_from_slice(&len.to_be_bytes());
    bytes.extend_from_slice(data);
    Ok(())
}

/// Checks that `key` holds exactly the query's key attributes and the query's partition value.
fn check_key(query: &QueryInput, key: &StartKey) -> Result<(), KeyError> {
    let expected = &query.start_key_attributes;
    let same_names =
        key.len() == expected.len() && expected.iter().all(|name| key.contains_key(name));
    if !same_names {
        return Err(CursorError::WrongKey(format!(
            "it holds the attributes {:?}, the query's key attributes are {expected:?}",
            key.keys().collect::<Vec<_>>()
        ))
        .into());
    }
    let attribute = partition_attribute(query)?;
    let Some(value) = query.expression_attribute_values.get(":pk") else {
        return Err(
            CursorError::WrongKey("the query has no partition-key condition".into()).into(),
        );
    };
    if key.get(attribute) != Some(value) {
        return Err(CursorError::WrongKey(format!(
            "its partition key {attribute:?} is not the query's partition value"
        ))
        .into());
    }
    Ok(())
}

/// The partition-key attribute name of a request (`#pk`).
fn partition_attribute(input: &QueryInput) -> Result<&str, KeyError> {
    input
        .expression_attribute_names
        .get("#pk")
        .map(String::as_str)
        .ok_or_else(|| {
            CursorError::WrongKey("the query has no partition-key condition".into()).into()
        })
}

/// The placeholders (`#name`, `:value`) that `expression` references, in order of appearance.
fn placeholders(expression: &str, sigil: char) -> Vec<&str> {
    let mut found = Vec::new();
    let mut rest = expression;
    while let Some(at) = rest.find(sigil) {
        let tail = &rest[at + sigil.len_utf8()..];
        let len = tail
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(tail.len());
        found.push(&rest[at..at + sigil.len_utf8() + len]);
        rest = &tail[len..];
    }
    found
}

/// The first bytes of SHA-256 over what binds a cursor to a query: the table name, the index
/// name, the key condition with the names and values it references, and the direction. Each
/// field is length-prefixed, so no two queries share an encoding.
fn fingerprint(table_name: &str, query: &QueryInput) -> [u8; FINGERPRINT_LEN] {
    let mut hash = Sha256::new();
    let mut field = |bytes: &[u8]| {
        hash.update((bytes.len() as u64).to_be_bytes());
        hash.update(bytes);
    };
    field(FINGERPRINT_CONTEXT);
    field(table_name.as_bytes());
    match &query.index_name {
        Some(index) => {
            field(b"index");
            field(index.as_bytes());
        }
        None => field(b"table"),
    }
    let expression = &query.key_condition_expression;
    field(expression.as_bytes());
    let mut names = placeholders(expression, '#');
    names.sort_unstable();
    names.dedup();
    for placeholder in names {
        field(placeholder.as_bytes());
        let name = query.expression_attribute_names.get(placeholder);
        field(name.map_or(&b""[..], |n| n.as_bytes()));
    }
    let mut values = placeholders(expression, ':');
    values.sort_unstable();
    values.dedup();
    for placeholder in values {
        field(placeholder.as_bytes());
        let (tag, value): (&[u8], &[u8]) = match query.expression_attribute_values.get(placeholder)
        {
            Some(KeyValue::S(s)) => (b"S", s.as_bytes()),
            Some(KeyValue::N(n)) => (b"N", n.as_bytes()),
            Some(KeyValue::B(b)) => (b"B", b),
            None => (b"", b""),
        };
        field(tag);
        field(value);
    }
    field(&[u8::from(query.scan_index_forward)]);
    let digest = hash.finalize();
    let mut out = [0u8; FINGERPRINT_LEN];
    out.copy_from_slice(&digest[..FINGERPRINT_LEN]);
    out
}

mod sharded;
pub use sharded::{ShardPosition, ShardedCursor};

#[cfg(test)]
mod tests;
