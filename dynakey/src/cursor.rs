//! Resumable query cursors (`docs/semantics.md` §4): an opaque, URL-safe string that carries where
//! a read stands in every partition it reads, bound to its [`QueryPlan`] and protected against
//! modification.
//!
//! DynamoDB pages a Query: each response may carry a `LastEvaluatedKey`, and the next request
//! passes it back as `ExclusiveStartKey` (AWS developer guide, "Paginating table query
//! results"). A [`Cursor`] is that key made safe to hand to a client, e.g. as the next-page token
//! of a web API:
//!
//! - it carries, for every partition of the plan (one, or every shard of a fan-out), a
//!   [`Position`]: not started, after a key (every attribute of the key — table and index key
//!   attributes — with its type `S`, `N` or `B`), or exhausted; so resuming needs nothing but the
//!   cursor and the query;
//! - it is **bound to the plan** it came from ([`QueryPlan::fingerprint`]): the table name, the
//!   index, the partitions, the typed sort-key condition, the filter and the direction. The
//!   limit, the projection and `ConsistentRead` are not part of it, so a client may change its
//!   page size or projected attributes between pages;
//! - it is **authenticated**: with a secret, by the AEAD that encrypts it; without one, by an
//!   HMAC-SHA256 tag over its content keyed by the [`CursorCodec`]'s built-in key. A modified
//!   cursor, or one used with another query, is rejected with
//!   [`KeyErrorKind::Cursor`](crate::KeyErrorKind::Cursor) before any request;
//! - with a secret it is **encrypted** (format version 6), so it does not reveal the partition
//!   and sort key values it holds (tenant ids, timestamps);
//! - it is **checked against the plan**: every start key holds exactly the plan's key attributes
//!   (with their types: `S` for table keys and template indexes, the declared `S`/`N`/`B` of an
//!   attribute-wise index), its partition's own partition-key values, and sort attributes that
//!   satisfy the plan's key condition (same partition, sort key within the range; numbers
//!   compared as numbers), so even a forged cursor is refused with
//!   [`CursorError::WrongKey`] before any request rather than by DynamoDB with a
//!   `ValidationException`.
//!
//! # Format
//! The cursor is base64url without padding (RFC 4648 §5) of a version byte and a version's
//! content. Both versions carry the same **body**:
//!
//! | bytes | content |
//! | --- | --- |
//! | 16 | plan fingerprint: the first 16 bytes of SHA-256 over the plan's binding parameters |
//! | 12 | part digests: for each [`QueryPart`] (table, index, partitions, key condition, filter, direction), the first 2 bytes of SHA-256 over that part's parameters, so that a cursor used with another query says which part differs ([`QueryDifference`]) |
//! | 2 | number of partitions, big-endian |
//! | per partition, in the plan's order | state: `0` not started, `1` after a key, `2` exhausted; after `1`, for each key attribute of the target except the partition key, in byte order of the names: type tag (`S`, `N` or `B`), value length (2 bytes, big-endian), value (UTF-8 for `S` and `N`) |
//!
//! - **Version 6, encrypted** (a codec with a secret): `6`, a 24-byte random nonce, the body
//!   encrypted with XChaCha20-Poly1305 (RFC 8439 with the extended nonce; the RustCrypto
//!   `chacha20poly1305` crate), then its 16-byte tag. The key is HKDF-SHA256 (RFC 5869) of the
//!   secret with a fixed salt and info string; the associated data is a context string and the
//!   version. The plan fingerprint is inside the authenticated ciphertext, so a cursor is bound
//!   to its query and a cursor of another query is still told apart
//!   ([`CursorError::OtherQuery`]) once it decrypts.
//! - **Version 5, signed** (the codec without a secret): `5`, the body in the clear, then a
//!   16-byte tag: HMAC-SHA256 over a context string and everything before it, truncated.
//! - Versions 3 and 4, written before the part digests, are the same without them, and still
//!   read; a cursor of theirs used with another query cannot say which part differs.
//! - Versions 1 and 2 (the first releases) are no longer read, and versions 7 to 15 are kept for
//!   later formats: both are refused as [`CursorError::Malformed`] naming the version. A text
//!   that is not base64url, is empty, or whose first byte is 0 or 16 and above was never a
//!   dynakey cursor: [`CursorError::Foreign`] ("not a dynakey cursor").
//!
//! The partition-key value of each position is not stored: it is the partition's own key (for an
//! attribute-wise index, every partition attribute's value is the plan's). A
//! single-partition query with two string key attributes of about 30 characters gives a signed
//! cursor of about 96 characters (an encrypted one about 32 more); ten shards about 466.
//!
//! # Threat model
//! Cursors are meant to be handed to clients (a web API's next-page token) and come back from
//! them; the client may be curious or hostile. What holds:
//!
//! - **With a secret** ([`CursorCodec::new`], `Db::with_cursor_secret` in `dynakey-runtime`):
//!   - *confidentiality*: a cursor reveals nothing of the key values it holds except the
//!     cursor's length (which grows with the length of those values and the number of
//!     partitions) and its format version; two cursors of the same position look unrelated (a
//!     random nonce each);
//!   - *integrity and authenticity*: without the secret nobody can make or alter a cursor that
//!     is accepted: any change is [`CursorError::Tampered`] (as is a cursor of another secret);
//!   - *binding*: an authentic cursor is accepted only by the query that made it (table, index,
//!     partitions, typed key condition, filter, direction): [`CursorError::OtherQuery`], naming
//!     the parts that differ. The part digests are 2 bytes each and say only which part
//!     differs; the binding itself is the 16-byte fingerprint.
//! - **Without a secret** ([`CursorCodec::default`]): the built-in key is in this source code, so
//!   cursors are readable by anyone (base64url of the body above) and can be forged by anyone
//!   who reads the source; modification by accident and use with another query are still
//!   detected. **Set a secret whenever cursors go to untrusted clients.**
//! - **Either way**, a cursor cannot widen its query: every start key is checked against the
//!   plan before any request, so a cursor (even forged) can only choose where in the query's
//!   own results reading resumes. It never reads another partition or outside the range.
//! - **Not covered**: cursors do not expire and are not bound to a user or session (bind those
//!   in your own token if needed); a cursor can be replayed by whoever holds it, to read the same
//!   results again; rotating the secret invalidates every cursor made before
//!   ([`CursorError::Tampered`]); a secret must be kept as secret as any other key, and shared by
//!   every process that reads the cursors of another.

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use chacha20poly1305::aead::{Aead, AeadCore, KeyInit, OsRng, Payload};
use chacha20poly1305::{XChaCha20Poly1305, XNonce};
use hkdf::Hkdf;
use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};

use crate::attribute::KeyValue;
use crate::attribute::{number::is_number_text, AttributeType};
pub use crate::error::CursorError;
use crate::error::{KeyError, KeyRole, QueryDifference, QueryPart};
use crate::plan::{
    PartDigests, PartitionKey, QueryPlan, SortKeyCondition, FINGERPRINT_LEN, PART_DIGEST_LEN,
};

/// A Query's `ExclusiveStartKey` or `LastEvaluatedKey`: attribute name → value, for the key
/// attributes of the table and (for an index query) of the index.
pub type StartKey = BTreeMap<String, KeyValue>;

/// The format version of a signed (readable) cursor: the codec without a secret writes it.
const VERSION: u8 = 5;
/// The format version of an encrypted cursor: the codec with a secret writes it.
const SEALED_VERSION: u8 = 6;
/// The earlier versions of each, still read: their body has no part digests.
const VERSION_WITHOUT_PARTS: u8 = 3;
const SEALED_VERSION_WITHOUT_PARTS: u8 = 4;
/// The range of format versions dynakey writes, has written (1 and 2, no longer read) or will
/// write (up to 15): a first byte outside it is not a dynakey cursor ([`unpack`]).
const FIRST_FORMAT: u8 = 1;
const LAST_FORMAT: u8 = 15;
/// Bytes of the part digests in a body (versions 5 and 6).
const PARTS_LEN: usize = PART_DIGEST_LEN * QueryPart::ALL.len();
/// Bytes of the HMAC-SHA256 tag kept in a signed cursor; also the Poly1305 tag's length.
const TAG_LEN: usize = 16;
/// Bytes of an encrypted cursor's XChaCha20 nonce (random: 192 bits make collisions negligible).
const NONCE_LEN: usize = 24;
/// Version, fingerprint, part digests, partition count, tag.
const MIN_LEN: usize = 1 + FINGERPRINT_LEN + PARTS_LEN + 2 + TAG_LEN;
/// Version, nonce, encrypted fingerprint, part digests and partition count, tag.
const MIN_SEALED_LEN: usize = 1 + NONCE_LEN + FINGERPRINT_LEN + PARTS_LEN + 2 + TAG_LEN;
/// The key used when no secret is set. Public by nature: see the module docs.
const DEFAULT_KEY: &[u8] =
    b"dynakey default cursor key v1: set a secret for cursors given to clients";
/// Domain separation of the MAC input.
const MAC_CONTEXT: &[u8] = b"dynakey cursor v3\0";
/// Associated data of an encrypted cursor (with its version byte after it).
const AEAD_CONTEXT: &[u8] = b"dynakey cursor v4\0";
/// HKDF-SHA256 salt and info deriving the encryption key from the secret (RFC 5869).
const KDF_SALT: &[u8] = b"dynakey cursor key derivation";
const KDF_INFO: &[u8] = b"dynakey cursor v4: XChaCha20-Poly1305 key";

const NOT_STARTED: u8 = 0;
const AFTER: u8 = 1;
const EXHAUSTED: u8 = 2;

type HmacSha256 = Hmac<Sha256>;

/// Where a read stands in one partition of its plan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Position {
    /// Nothing of this partition was returned yet: read it from its start.
    NotStarted,
    /// Resume after this key (`ExclusiveStartKey`): the key attributes of the last item of the
    /// partition returned to the caller, or a `LastEvaluatedKey` when every item read up to it was
    /// returned or dropped by the range.
    After(StartKey),
    /// Every item of this partition was returned: no more requests to it.
    Exhausted,
}

/// An opaque, URL-safe position in the results of one query: where the next page starts in each
/// of its partitions.
///
/// Made by [`CursorCodec::encode`] (the runtime returns one with every page that is not the last)
/// and read back with [`CursorCodec::decode`]. Its text uses only `A–Z a–z 0–9 - _`, so it can go
/// into a URL, a header or JSON as is; [`FromStr`] and serde read it back from that text. See the
/// [`CursorCodec`] for its format and security model.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Cursor {
    text: String,
}

impl Cursor {
    /// The cursor's text (base64url, no padding).
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The cursor's text, owned.
    pub fn into_string(self) -> String {
        self.text
    }
}

impl fmt::Display for Cursor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl fmt::Debug for Cursor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Cursor").field(&self.text).finish()
    }
}

/// Reads a cursor from its text, checking only its outer form (base64url without padding, a
/// known version, a plausible length). Whether it is authentic and belongs to a query is checked
/// by [`CursorCodec::decode`].
impl FromStr for Cursor {
    type Err = KeyError;

    fn from_str(text: &str) -> Result<Self, KeyError> {
        unpack(text)?;
        Ok(Cursor {
            text: text.to_owned(),
        })
    }
}

impl From<Cursor> for String {
    fn from(cursor: Cursor) -> Self {
        cursor.text
    }
}

/// Serialises as its text.
impl serde::Serialize for Cursor {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.text)
    }
}

/// Deserialises from its text, with the checks of [`FromStr`].
impl<'de> serde::Deserialize<'de> for Cursor {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Makes and checks [`Cursor`]s with one HMAC key.
///
/// [`CursorCodec::new`] takes a secret (any length; 32 random bytes is a good choice; keep it
/// stable across processes that share cursors, or old cursors become
/// [`CursorError::Tampered`]). [`CursorCodec::default`] uses the built-in key, which protects
/// against accidents but not against forgery: docs/semantics.md §4.
#[derive(Clone)]
pub struct CursorCodec {
    mac: HmacSha256,
    /// With a secret: the cipher of encrypted cursors, keyed by HKDF-SHA256 of the secret.
    aead: Option<XChaCha20Poly1305>,
}

impl Default for CursorCodec {
    /// A codec with the built-in key: detects modification and use with another query, but not
    /// deliberate forgery by someone who knows the key.
    fn default() -> Self {
        CursorCodec {
            mac: keyed(DEFAULT_KEY),
            aead: None,
        }
    }
}

impl fmt::Debug for CursorCodec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let key = if self.aead.is_some() {
            "secret"
        } else {
            "built-in"
        };
        f.debug_struct("CursorCodec").field("key", &key).finish()
    }
}

impl CursorCodec {
    /// A codec keyed by `secret` (any length; at least 32 random bytes is a good choice): its
    /// cursors are **encrypted** (format version 6: XChaCha20-Poly1305 under a key derived from
    /// the secret with HKDF-SHA256, a random nonce per cursor), so they reveal nothing of the
    /// keys they hold but their length. It also reads the encrypted cursors of version 4 (before
    /// cursors carried per-partition digests) and the signed cursors (versions 5 and 3,
    /// HMAC-SHA256 keyed by the secret) that a codec with the same secret made before
    /// encryption existed.
    pub fn new(secret: impl AsRef<[u8]>) -> Self {
        let secret = secret.as_ref();
        let mut key = chacha20poly1305::Key::default();
        // 32 bytes are far below HKDF-SHA256's limit of 255 × 32: `expand` cannot fail here.
        let expanded = Hkdf::<Sha256>::new(Some(KDF_SALT), secret).expand(KDF_INFO, &mut key);
        debug_assert!(expanded.is_ok());
        CursorCodec {
            mac: keyed(secret),
            aead: Some(XChaCha20Poly1305::new(&key)),
        }
    }

    /// `true` when made with [`new`](Self::new) (its cursors are encrypted), `false` for the
    /// built-in key (signed, readable cursors).
    pub fn has_secret(&self) -> bool {
        self.aead.is_some()
    }

    /// A cursor that resumes `plan` on table `table_name` at `positions`, one per partition of
    /// the plan, in its order.
    ///
    /// # Errors
    /// [`CursorError::WrongKey`] when there is not one position per partition, a key does not fit
    /// the plan (see [`decode`](Self::decode)), or a value is over 65,535 bytes (DynamoDB's own
    /// limit for key values is 2,048).
    pub fn encode(
        &self,
        table_name: &str,
        plan: &QueryPlan,
        positions: &[Position],
    ) -> Result<Cursor, KeyError> {
        if positions.len() != plan.partition_count() {
            return Err(CursorError::WrongKey(format!(
                "{} positions for {} partitions",
                positions.len(),
                plan.partition_count()
            ))
            .into());
        }
        let count = u16::try_from(positions.len())
            .map_err(|_| CursorError::WrongKey("more than 65,535 partitions".into()))?;
        let attributes = plan.target().start_key_attributes();
        let implied = implied_attributes(plan);
        let mut bytes = Vec::with_capacity(64 + 32 * positions.len());
        bytes.extend_from_slice(&plan.fingerprint(table_name));
        for digest in plan.part_digests(table_name) {
            bytes.extend_from_slice(&digest);
        }
        bytes.extend_from_slice(&count.to_be_bytes());
        for (partition, position) in positions.iter().enumerate() {
            match position {
                Position::NotStarted => bytes.push(NOT_STARTED),
                Position::Exhausted => bytes.push(EXHAUSTED),
                Position::After(key) => {
                    check_key(plan, partition, key)?;
                    bytes.push(AFTER);
                    for name in attributes.iter().filter(|n| !implied.contains(n)) {
                        let value = key.get(*name).ok_or_else(|| {
                            CursorError::WrongKey(format!("no value for {name:?}"))
                        })?;
                        push_value(&mut bytes, name, value)?;
                    }
                }
            }
        }
        Ok(Cursor {
            text: self.seal(bytes)?,
        })
    }

    /// The position in every partition carried by `cursor`, after checking that it is authentic
    /// and was made for `plan` on table `table_name`. A [`Position::After`] holds the whole start
    /// key, with its partition's partition-key value: send it as that partition's next
    /// `ExclusiveStartKey`.
    ///
    /// Checks, in order: the outer form, the tag, the plan fingerprint, the partition count, the
    /// structure, and every start key against the plan: exactly the target's key attributes, of
    /// type `S` (dynakey's template keys are strings), the partition's own partition-key value, and
    /// a sort-key value that satisfies the plan's key condition.
    ///
    /// # Errors
    /// [`KeyErrorKind::Cursor`](crate::KeyErrorKind::Cursor) with [`CursorError::Foreign`],
    /// [`CursorError::Malformed`], [`CursorError::Tampered`],
    /// [`CursorError::OtherQuery`] or [`CursorError::WrongKey`].
    pub fn decode(
        &self,
        table_name: &str,
        plan: &QueryPlan,
        cursor: &Cursor,
    ) -> Result<Vec<Position>, KeyError> {
        let bytes = unpack(&cursor.text)?;
        let body = self.open(&bytes)?;
        let (fingerprint, rest) = body.split_at(FINGERPRINT_LEN);
        let (digests, rest) = match bytes[0] {
            VERSION | SEALED_VERSION => {
                let (digests, rest) = rest.split_at(PARTS_LEN.min(rest.len()));
                (Some(digests), rest)
            }
            _ => (None, rest),
        };
        if fingerprint != plan.fingerprint(table_name) {
            let differs = digests.map_or_else(QueryDifference::default, |digests| {
                differing(digests, &plan.part_digests(table_name))
            });
            return Err(CursorError::OtherQuery(differs).into());
        }
        let mut reader = Reader(rest);
        let count = usize::from(u16::from_be_bytes([reader.byte()?, reader.byte()?]));
        if count != plan.partition_count() {
            return Err(
                CursorError::OtherQuery(QueryDifference::of([QueryPart::Partitions])).into(),
            );
        }
        let attributes = plan.target().start_key_attributes();
        let implied = implied_attributes(plan);
        let mut positions = Vec::with_capacity(count);
        for partition in 0..count {
            let position = match reader.byte()? {
                NOT_STARTED => Position::NotStarted,
                EXHAUSTED => Position::Exhausted,
                AFTER => {
                    let mut key = StartKey::new();
                    if !plan.is_scan() {
                        for (name, value) in plan
                            .partition_key(partition)
                            .map(PartitionKey::into_attributes)
                            .unwrap_or_default()
                        {
                            key.insert(name.to_owned(), value);
                        }
                    }
                    for name in attributes.iter().filter(|n| !implied.contains(n)) {
                        key.insert((*name).to_owned(), reader.value()?);
                    }
                    check_key(plan, partition, &key)?;
                    Position::After(key)
                }
                other => {
                    return Err(
                        CursorError::Malformed(format!("unknown partition state {other}")).into(),
                    )
                }
            };
            positions.push(position);
        }
        if !reader.0.is_empty() {
            return Err(
                CursorError::Malformed("unexpected bytes after the positions".into()).into(),
            );
        }
        Ok(positions)
    }

    /// The cursor text of `body` (fingerprint, partition count, positions). With a secret:
    /// version 6, a random nonce, then `body` encrypted with XChaCha20-Poly1305 (associated data:
    /// a context string and the version), its tag last. Without: version 5, `body`, then the tag
    /// of HMAC-SHA256 over a context string and everything before it, truncated to `TAG_LEN`
    /// bytes. Base64url without padding.
    ///
    /// # Errors
    /// [`CursorError::WrongKey`] if the cipher refuses the body (only for a body far larger than
    /// any cursor).
    fn seal(&self, body: Vec<u8>) -> Result<String, KeyError> {
        let Some(aead) = &self.aead else {
            let mut bytes = Vec::with_capacity(1 + body.len() + TAG_LEN);
            bytes.push(VERSION);
            bytes.extend_from_slice(&body);
            let tag = self
                .mac
                .clone()
                .chain_update(MAC_CONTEXT)
                .chain_update(&bytes)
                .finalize()
                .into_bytes();
            bytes.extend_from_slice(&tag[..TAG_LEN]);
            return Ok(URL_SAFE_NO_PAD.encode(bytes));
        };
        let nonce = XChaCha20Poly1305::generate_nonce(&mut OsRng);
        let aad = [AEAD_CONTEXT, &[SEALED_VERSION]].concat();
        let sealed = aead
            .encrypt(
                &nonce,
                Payload {
                    msg: &body,
                    aad: &aad,
                },
            )
            .map_err(|_| CursorError::WrongKey("too large to encrypt".into()))?;
        let mut bytes = Vec::with_capacity(1 + NONCE_LEN + sealed.len());
        bytes.push(SEALED_VERSION);
        bytes.extend_from_slice(&nonce);
        bytes.extend_from_slice(&sealed);
        Ok(URL_SAFE_NO_PAD.encode(bytes))
    }

    /// The body of the unpacked cursor `bytes` (fingerprint, partition count, positions) once it
    /// is authentic: a signed cursor's tag checks out, an encrypted one decrypts.
    ///
    /// # Errors
    /// [`CursorError::Tampered`] when it does not, or when it is encrypted and this codec has no
    /// secret.
    fn open(&self, bytes: &[u8]) -> Result<Vec<u8>, KeyError> {
        if matches!(bytes[0], SEALED_VERSION | SEALED_VERSION_WITHOUT_PARTS) {
            let aead = self.aead.as_ref().ok_or(CursorError::Tampered)?;
            let (nonce, sealed) = bytes[1..].split_at(NONCE_LEN);
            let aad = [AEAD_CONTEXT, &bytes[..1]].concat();
            return aead
                .decrypt(
                    XNonce::from_slice(nonce),
                    Payload {
                        msg: sealed,
                        aad: &aad,
                    },
                )
                .map_err(|_| CursorError::Tampered.into());
        }
        let (body, tag) = bytes.split_at(bytes.len() - TAG_LEN);
        self.mac
            .clone()
            .chain_update(MAC_CONTEXT)
            .chain_update(body)
            .verify_truncated_left(tag)
            .map_err(|_| CursorError::Tampered)?;
        Ok(body[1..].to_vec())
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
///
/// Which texts are dynakey's ([`FIRST_FORMAT`] to [`LAST_FORMAT`]): every format dynakey has
/// written or will write starts with its version byte, and versions are numbered from 1 and kept
/// below 16 (a later format that needs more says so in a version below 16). So a text that is
/// not base64url, is empty, or starts with 0 or 16 and above is [`CursorError::Foreign`] (a
/// random text of base64url is, 15 times in 16), while 1 and 2 (formats no longer read) and 7 to
/// 15 (a newer dynakey's) are named as versions.
fn unpack(text: &str) -> Result<Vec<u8>, KeyError> {
    let bytes = URL_SAFE_NO_PAD
        .decode(text)
        .map_err(|e| CursorError::Foreign(format!("it is not base64url without padding ({e})")))?;
    let min = match bytes.first() {
        Some(&VERSION) => MIN_LEN,
        Some(&SEALED_VERSION) => MIN_SEALED_LEN,
        Some(&VERSION_WITHOUT_PARTS) => MIN_LEN - PARTS_LEN,
        Some(&SEALED_VERSION_WITHOUT_PARTS) => MIN_SEALED_LEN - PARTS_LEN,
        Some(&other @ FIRST_FORMAT..VERSION_WITHOUT_PARTS) => {
            return Err(CursorError::Malformed(format!(
                "a cursor of an earlier dynakey (format version {other}), which this build no \
                 longer reads (it reads versions {VERSION_WITHOUT_PARTS} to {SEALED_VERSION}): \
                 start the query again"
            ))
            .into())
        }
        Some(&other @ FIRST_FORMAT..=LAST_FORMAT) => {
            return Err(CursorError::Malformed(format!(
                "a cursor of a newer dynakey (format version {other}; this build reads versions \
                 {VERSION_WITHOUT_PARTS} to {SEALED_VERSION})"
            ))
            .into())
        }
        Some(other) => {
            return Err(CursorError::Foreign(format!(
                "its first byte, {other}, is no dynakey format version ({FIRST_FORMAT} to \
                 {LAST_FORMAT})"
            ))
            .into())
        }
        None => return Err(CursorError::Foreign("it is empty".into()).into()),
    };
    if bytes.len() < min {
        return Err(CursorError::Malformed(format!(
            "{} bytes, shorter than the {min} of an empty cursor",
            bytes.len()
        ))
        .into());
    }
    Ok(bytes)
}

/// The parts whose digest in a cursor (`digests`, [`PARTS_LEN`] bytes) differs from the plan's.
fn differing(digests: &[u8], plan: &PartDigests) -> QueryDifference {
    QueryDifference::of(
        QueryPart::ALL
            .into_iter()
            .zip(digests.chunks(PART_DIGEST_LEN))
            .zip(plan)
            .filter(|((_, found), expected)| found != expected)
            .map(|((part, _), _)| part),
    )
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

/// The key attributes a cursor of `plan` leaves out because the plan implies them: a query's
/// partition attributes (one value per partition: the partition key, or every partition
/// attribute of an attribute-wise index); none for a scan, whose segments span partitions.
fn implied_attributes(plan: &QueryPlan) -> Vec<&'static str> {
    if plan.is_scan() {
        return Vec::new();
    }
    match plan.target().key_schema() {
        Some(key) => key.partition().iter().map(|a| a.name).collect(),
        None => vec![plan.target().partition_key()],
    }
}

/// The type and role the target declares for key attribute `name`: table keys and template
/// index keys are `S`; an attribute-wise index declares each of its own.
fn declared(plan: &QueryPlan, name: &str) -> (AttributeType, KeyRole) {
    let (table_partition, _) = plan.target().table_keys();
    if let Some(key) = plan.target().key_schema() {
        if let Some(attr) = key.partition().iter().find(|a| a.name == name) {
            return (attr.attribute_type(), KeyRole::Partition);
        }
        if let Some(attr) = key.sort().iter().find(|a| a.name == name) {
            return (attr.attribute_type(), KeyRole::Sort);
        }
    }
    let partition_keys = [table_partition, plan.target().partition_key()];
    let role = if partition_keys.contains(&name) {
        KeyRole::Partition
    } else {
        KeyRole::Sort
    };
    (AttributeType::S, role)
}

/// `true` when `value` is one DynamoDB accepts in a key attribute of `role`: a non-empty `S` or
/// `B` within the key size limits, or an `N` DynamoDB holds.
fn valid_key_value(value: &KeyValue, role: KeyRole) -> bool {
    match value {
        KeyValue::S(s) => !s.is_empty() && s.len() <= role.max_bytes(),
        KeyValue::B(b) => !b.is_empty() && b.len() <= role.max_bytes(),
        KeyValue::N(n) => is_number_text(n),
    }
}

/// Checks that `key` fits partition `partition` of `plan`: exactly the target's key attributes,
/// each of its declared type and within DynamoDB's key size limits, the partition's own
/// partition-key values, and sort attributes that satisfy the plan's key condition (as DynamoDB
/// evaluates it: `BETWEEN` inclusive at both ends, numbers compared as numbers) — so that
/// nothing DynamoDB would refuse with a `ValidationException` is ever sent as
/// `ExclusiveStartKey`.
fn check_key(plan: &QueryPlan, partition: usize, key: &StartKey) -> Result<(), KeyError> {
    let expected = plan.target().start_key_attributes();
    let same_names = key.len() == expected.len() && expected.iter().all(|n| key.contains_key(*n));
    if !same_names {
        return Err(CursorError::WrongKey(format!(
            "it holds the attributes {:?}, the query's key attributes are {expected:?}",
            key.keys().collect::<Vec<_>>()
        ))
        .into());
    }
    for (name, value) in key {
        let (ty, role) = declared(plan, name);
        if AttributeType::of(value) != ty {
            return Err(CursorError::WrongKey(match plan.target().key_schema() {
                None => format!(
                    "its key attribute {name:?} is not a string, as the table's key schema declares"
                ),
                Some(_) => format!(
                    "its key attribute {name:?} is {}, the index declares {ty}",
                    AttributeType::of(value)
                ),
            })
            .into());
        }
        // DynamoDB refuses an empty key value and one over the key size limits (AWS developer
        // guide, "Service, account, and table quotas — Partition key and sort key length").
        if !valid_key_value(value, role) {
            return Err(CursorError::WrongKey(match value {
                KeyValue::N(n) => {
                    format!("its key attribute {name:?} holds {n:?}, which is no DynamoDB number")
                }
                _ => format!(
                    "its key attribute {name:?} is empty or over the {} bytes of a {role}",
                    role.max_bytes()
                ),
            })
            .into());
        }
    }
    if plan.is_scan() {
        // A segment spans partitions, and a scan has no key condition.
        return Ok(());
    }
    for (attribute, own) in plan
        .partition_key(partition)
        .map(PartitionKey::into_attributes)
        .unwrap_or_default()
    {
        // Numbers compare as numbers ("1e2" is 100), as DynamoDB compares them.
        let same = key.get(attribute).is_some_and(|value| match (value, &own) {
            (KeyValue::N(_), KeyValue::N(_)) => {
                crate::attribute::compare_values(value, &own) == Some(std::cmp::Ordering::Equal)
            }
            _ => *value == own,
        });
        if !same {
            return Err(CursorError::WrongKey(format!(
                "its partition key {attribute:?} is not the query's partition value"
            ))
            .into());
        }
    }
    match plan.sort_key_condition() {
        SortKeyCondition::Template(_) => check_template_sort(plan, key),
        SortKeyCondition::Attributes(conditions) => {
            for (attribute, condition) in conditions {
                let value = key.get(*attribute);
                let inside = value.is_some_and(|value| {
                    condition.holds(
                        value,
                        |a, b| {
                            crate::attribute::compare_values(a, b)
                                .unwrap_or(std::cmp::Ordering::Less)
                        },
                        |a, p| match (a, p) {
                            (KeyValue::S(a), KeyValue::S(p)) => a.starts_with(p.as_str()),
                            (KeyValue::B(a), KeyValue::B(p)) => a.starts_with(p),
                            _ => false,
                        },
                    )
                });
                if !inside {
                    return Err(CursorError::WrongKey(format!(
                        "its sort attribute {attribute:?} is outside the query's key condition"
                    ))
                    .into());
                }
            }
            Ok(())
        }
    }
}

/// The template sort key of `key` satisfies `plan`'s sort-key condition.
fn check_template_sort(plan: &QueryPlan, key: &StartKey) -> Result<(), KeyError> {
    if let (Some(sort_attribute), Some(condition)) =
        (plan.target().sort_key(), plan.sort_condition())
    {
        let sort = key.get(sort_attribute).and_then(KeyValue::as_s);
        let inside = sort.is_some_and(|sort| {
            let sort = sort.to_owned();
            condition.holds(
                &sort,
                |a, b| a.as_bytes().cmp(b.as_bytes()),
                |a, p| a.starts_with(p.as_str()),
            )
        });
        if !inside {
            return Err(CursorError::WrongKey(format!(
                "its sort key {sort:?} is outside the query's key condition"
            ))
            .into());
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod attribute_tests;
