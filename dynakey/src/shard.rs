//! Write sharding: one logical partition spread over a fixed number of physical partitions, and
//! the fan-out query that reads them back as one (AWS developer guide, "Using write sharding to
//! distribute workloads evenly").
//!
//! A single very large or very busy logical partition (a workspace with millions of projects)
//! concentrates its traffic on one partition key. Sharding appends a suffix computed from one
//! field of each item, so the items of `WS#acme` are written to `WS#acme#00` … `WS#acme#09`:
//!
//! ```
//! use dynakey::Entity;
//!
//! #[derive(Entity)]
//! #[pk("WS#<workspace>", shards = 10, shard_by = "id")]
//! #[sk("PROJ#<created>#<id>")]
//! struct Project { workspace: String, created: u64, id: String }
//!
//! let key = Project::key("acme", 42u64, "p6").unwrap();
//! assert_eq!(key.partition(), "WS#acme#07");
//! assert_eq!(Project::shard_of("p6").unwrap(), 7);
//! // One shard, as an ordinary single-partition Query…
//! let one = Project::query_shard("acme", 7).begins_with(Project::sk()).plan().unwrap();
//! assert_eq!(one.partitions(), ["WS#acme#07"]);
//! // …or all ten, merged into one sort-key order by the runtime (the same `db.query(&q)`).
//! let all = Project::query_shards("acme").begins_with(Project::sk()).reverse().plan().unwrap();
//! assert_eq!(all.partitions().len(), 10);
//! assert_eq!(all.input(7).key_condition_expression, "#pk = :pk AND begins_with(#sk, :sk)");
//! ```
//!
//! # The data contract
//! The shard of an item, and so the partition key it is stored under, is part of the stored data:
//! **changing the hash, the number of shards or the shard field moves items** to other partition
//! keys, and reads under the new declaration no longer find the old items. The rules are:
//!
//! - **shard** = [`jump_consistent_hash`] (Lamping and Veach, "A Fast, Minimal Memory, Consistent
//!   Hash Algorithm", 2014) of the FNV-1a 64 hash ([`fnv1a64`]: offset basis
//!   `0xcbf29ce484222325`, prime `0x100000001b3`, over bytes) of the shard field's key encoding
//!   (the exact text the field has in the sort key, docs/semantics.md §2: `p1` for the string `"p1"`,
//!   `00000000000000000042` for `42u64`), over the number of shards. Jump hashing spreads even
//!   similar ids evenly (a plain `fnv % n` inherits FNV's weak low bits), and growing from `n` to
//!   `m` shards moves only the items that must move, a fraction `1 - n/m` of them, so a re-shard is
//!   a partial migration; both functions are a few lines in any language;
//! - **suffix** = `#` followed by the shard number in decimal, zero-padded to a fixed width: the
//!   number of digits of the highest shard number, and at least 2 ([`Sharding::width`]). 10 shards
//!   give `#00` … `#09`, 100 give `#00` … `#99`, 1,000 give `#000` … `#999`; shard keys of one
//!   logical partition thus sort in shard order and read naturally;
//! - **partition key** = the logical key built by the `#[pk]` template, then the suffix:
//!   `WS#acme` + `#07` = `WS#acme#07`. The suffix has a fixed width and is taken off the end, so
//!   the logical key is recovered exactly (`parse_partition_key` accepts the physical key);
//!   DynamoDB's 2,048-byte limit applies to the whole key.
//!
//! The shard field must be a field of the sort-key template and not of the partition-key
//! template: then the key of every item (`Project::key(…)` for GetItem) determines its shard, and
//! items of one logical partition spread over the shards. Shards are checked at build time: 1 to
//! [`MAX_SHARDS`].
//!
//! # Reading
//! - `E::query_shard(<pk fields>, shard)` is a [`KeyQuery`](crate::KeyQuery) on one physical
//!   partition;
//! - `E::query_shards(<pk fields>)` is a [`KeyQuery`](crate::KeyQuery) whose plan reads every
//!   shard: the same typed sort-key conditions (`begins_with`, `eq`, `gt`, `gte`, `lt`, `lte`,
//!   `between`, `reverse`, `limit`), sent to every shard. `dynakey-runtime` runs the shards
//!   concurrently, merges them by sort key and resumes them all from one
//!   [`Cursor`](crate::cursor::Cursor), with the same request and page types as any query.
//!
//! A sharded entity has no `E::query(…)`: no single partition holds its items.
//!
//! Secondary indexes: a global secondary index has its own partition key, so it works unchanged
//! (`E::query_<index>(…)` reads items of every shard). A local secondary index shares the table's
//! partition key, so its items are spread over the shards like the entity's; a sharded entity may
//! not declare one (build-time error). Collections: members must be sharded alike (both unsharded,
//! or over the same number of shards); a sharded collection is read one shard at a time.

use crate::error::{KeyError, KeyErrorKind, KeyRole};

/// The most shards a partition key may declare.
///
/// Every fan-out read sends one Query per shard, so a read of a logical partition costs at least
/// as many requests (and read units) as it has shards; the AWS developer guide's example of write
/// sharding draws suffixes from a range such as 1–200. Beyond 1,000 shards a read costs more than
/// sharding can save; the derive rejects larger counts.
pub const MAX_SHARDS: u16 = 1000;

/// FNV-1a, 64 bits, over `bytes`: the hash that assigns items to shards (part of the data
/// contract, see the [module docs](self)).
///
/// ```
/// assert_eq!(dynakey::__private::shard::fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
/// assert_eq!(dynakey::__private::shard::fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
/// ```
#[doc(hidden)]
pub const fn fnv1a64(bytes: &[u8]) -> u64 {
    const OFFSET_BASIS: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let mut hash = OFFSET_BASIS;
    let mut i = 0;
    while i < bytes.len() {
        hash ^= bytes[i] as u64;
        hash = hash.wrapping_mul(PRIME);
        i += 1;
    }
    hash
}

/// Jump consistent hash (Lamping and Veach, 2014): the bucket in `0..buckets` of `key`, such that
/// going from `n` to `n + 1` buckets moves only keys into the new bucket (about `1/(n+1)` of them).
/// Part of the shard data contract (see the [module docs](self)); `buckets` of 0 is treated as 1.
///
/// The reference algorithm, with its 64-bit linear congruential step and IEEE-754 double
/// arithmetic (exactly rounded, so the result is the same on every platform):
///
/// ```
/// use dynakey::__private::shard::jump_consistent_hash;
/// assert_eq!(jump_consistent_hash(0, 10), 0);
/// assert_eq!(jump_consistent_hash(1, 1), 0);
/// // Growing 10 -> 11 buckets moves a key only into the new bucket.
/// for key in 0..1000u64 {
///     let before = jump_consistent_hash(key.wrapping_mul(0x9E37_79B9_7F4A_7C15), 10);
///     let after = jump_consistent_hash(key.wrapping_mul(0x9E37_79B9_7F4A_7C15), 11);
///     assert!(after == before || after == 10);
/// }
/// ```
#[doc(hidden)]
pub const fn jump_consistent_hash(key: u64, buckets: u16) -> u16 {
    let mut key = key;
    let mut bucket: i64 = -1;
    let mut next: i64 = 0;
    while next < buckets as i64 {
        bucket = next;
        key = key.wrapping_mul(2_862_933_555_777_941_757).wrapping_add(1);
        next = ((bucket + 1) as f64 * ((1u64 << 31) as f64 / ((key >> 33) + 1) as f64)) as i64;
    }
    if bucket < 0 {
        0
    } else {
        // Below `buckets`, a u16.
        bucket as u16
    }
}

/// How an entity's partition key is sharded: `#[pk("…", shards = N, shard_by = "field")]`,
/// available as [`Entity::SHARDING`](crate::Entity::SHARDING).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Sharding {
    count: u16,
    field: &'static str,
}

impl Sharding {
    /// `count` shards chosen by the value of `field`. The derive checks `1 ..= MAX_SHARDS`; a
    /// count of 0 built by hand puts every item in shard 0 and makes every shard number out of
    /// range, without panicking.
    pub const fn new(count: u16, field: &'static str) -> Self {
        Sharding { count, field }
    }

    /// The number of shards.
    pub const fn count(&self) -> u16 {
        self.count
    }

    /// The field whose key encoding chooses the shard.
    pub const fn field(&self) -> &'static str {
        self.field
    }

    /// The number of digits of the shard suffix (after its `#`): the digits of the highest shard
    /// number, at least 2. Fixed for a given count, so shard keys sort in shard order.
    ///
    /// ```
    /// use dynakey::Sharding;
    /// assert_eq!(Sharding::new(10, "id").width(), 2);
    /// assert_eq!(Sharding::new(100, "id").width(), 2);
    /// assert_eq!(Sharding::new(101, "id").width(), 3);
    /// ```
    pub const fn width(&self) -> usize {
        let mut highest = self.count.saturating_sub(1);
        let mut digits = 1;
        while highest >= 10 {
            highest /= 10;
            digits += 1;
        }
        if digits < 2 {
            2
        } else {
            digits
        }
    }

    /// The shard of an item whose shard field has the key encoding `encoding`:
    /// `jump_consistent_hash(fnv1a64(encoding), count)`.
    pub const fn shard_of_encoding(&self, encoding: &[u8]) -> u16 {
        jump_consistent_hash(fnv1a64(encoding), self.count)
    }

    /// Appends the suffix of `shard` (`#07`) to `out`.
    pub fn push_suffix(&self, out: &mut String, shard: u16) {
        out.push('#');
        crate::segment::push_padded(out, itoa::Buffer::new().format(shard), self.width());
    }

    /// The partition key of shard `shard` of the logical partition key `logical`:
    /// `logical` + `#` + the zero-padded shard number.
    ///
    /// # Errors
    /// [`KeyErrorKind::Condition`] when `shard` is not below [`count`](Self::count);
    /// [`KeyErrorKind::TooLong`] when the key is over DynamoDB's 2,048 bytes.
    pub fn partition_key(&self, logical: &str, shard: u16) -> Result<String, KeyError> {
        if shard >= self.count {
            return Err(self.out_of_range(shard));
        }
        let mut key = String::with_capacity(logical.len() + 1 + self.width());
        key.push_str(logical);
        self.push_suffix(&mut key, shard);
        KeyError::check_size(KeyRole::Partition, &key)?;
        Ok(key)
    }

    /// The partition keys of every shard of `logical`, in shard order (which is also their byte
    /// order).
    ///
    /// # Errors
    /// As [`partition_key`](Self::partition_key).
    pub fn partition_keys(&self, logical: &str) -> Result<Vec<String>, KeyError> {
        (0..self.count)
            .map(|shard| self.partition_key(logical, shard))
            .collect()
    }

    /// The logical part of sharded partition key `key` (of key template `template`), as
    /// [`Sharding::split_partition_key`]: what `parse_partition_key` of a sharded entity parses.
    ///
    /// # Errors
    /// [`KeyErrorKind::Mismatch`] when `key` does not end in a shard suffix of this sharding.
    pub(crate) fn logical_key<'k>(
        &self,
        key: &'k str,
        template: &'static str,
    ) -> Result<&'k str, KeyError> {
        match self.split_partition_key(key) {
            Some((logical, _)) => Ok(logical),
            None => Err(KeyError::mismatch(
                key,
                template,
                format!(
                    "no shard suffix: a sharded partition key ends in `#` and {} digits naming a \
                     shard below {}",
                    self.width(),
                    self.count()
                ),
            )),
        }
    }

    /// Splits a physical partition key into the logical key and the shard number; `None` when
    /// `key` does not end in a suffix of this sharding (`#` and exactly [`width`](Self::width)
    /// ASCII digits naming a shard below the count).
    ///
    /// ```
    /// use dynakey::Sharding;
    /// let sharding = Sharding::new(10, "id");
    /// assert_eq!(sharding.split_partition_key("WS#acme#07"), Some(("WS#acme", 7)));
    /// assert_eq!(sharding.split_partition_key("WS#acme#7"), None);
    /// assert_eq!(sharding.split_partition_key("WS#acme#10"), None);
    /// ```
    pub fn split_partition_key<'k>(&self, key: &'k str) -> Option<(&'k str, u16)> {
        let width = self.width();
        let at = key.len().checked_sub(width + 1)?;
        let (logical, suffix) = (key.get(..at)?, key.get(at..)?);
        let digits = suffix.strip_prefix('#')?;
        if !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let shard: u16 = digits.parse().ok()?;
        (shard < self.count).then_some((logical, shard))
    }

    #[cold]
    fn out_of_range(&self, shard: u16) -> KeyError {
        KeyErrorKind::Condition(format!(
            "shard {shard} does not exist: the partition key is sharded over {} shards, numbered \
             0 to {} (#[pk(…, shards = {})])",
            self.count,
            self.count.saturating_sub(1),
            self.count
        ))
        .into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a64_matches_the_reference_vectors() {
        // From the FNV reference test suite (Fowler/Noll/Vo, "FNV-1a 64-bit" test vectors).
        assert_eq!(fnv1a64(b""), 0xcbf29ce484222325);
        assert_eq!(fnv1a64(b"a"), 0xaf63dc4c8601ec8c);
        assert_eq!(fnv1a64(b"foobar"), 0x85944171f73967e8);
    }

    #[test]
    fn jump_hash_matches_the_paper_and_spreads_similar_ids_evenly() {
        // One bucket holds everything; the paper's loop never leaves bucket 0 for it.
        assert_eq!(jump_consistent_hash(0, 1), 0);
        assert_eq!(jump_consistent_hash(u64::MAX, 1), 0);
        let mut counts = [0u32; 10];
        let sharding = Sharding::new(10, "id");
        for i in 0..10_000 {
            counts[usize::from(sharding.shard_of_encoding(format!("p{i:04}").as_bytes()))] += 1;
        }
        // 1,000 expected per shard; 4 standard deviations is about ±120.
        assert!(
            counts.iter().all(|&c| (880..=1120).contains(&c)),
            "{counts:?}"
        );
    }

    #[test]
    fn suffixes_are_fixed_width_and_sort_in_shard_order() {
        for (count, width) in [
            (1, 2),
            (2, 2),
            (10, 2),
            (11, 2),
            (100, 2),
            (101, 3),
            (1000, 3),
        ] {
            let sharding = Sharding::new(count, "id");
            assert_eq!(sharding.width(), width, "{count}");
            let keys = sharding.partition_keys("WS#a").unwrap();
            assert_eq!(keys.len(), usize::from(count));
            assert!(keys.windows(2).all(|w| w[0] < w[1]), "{count}");
            for (shard, key) in keys.iter().enumerate() {
                assert_eq!(key.len(), "WS#a#".len() + width);
                assert_eq!(
                    sharding.split_partition_key(key),
                    Some(("WS#a", shard as u16))
                );
            }
        }
        let ten = Sharding::new(10, "id");
        assert_eq!(ten.partition_key("WS#acme", 7).unwrap(), "WS#acme#07");
        assert!(ten.partition_key("WS#acme", 10).is_err());
        assert_eq!(ten.split_partition_key("WS#a#b#03"), Some(("WS#a#b", 3)));
        for bad in [
            "", "#0", "WS#a#1x", "WS#a#+1", "WS#a-01", "WS#a#99", "é#01é",
        ] {
            assert_eq!(ten.split_partition_key(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn shards_are_the_jump_hash_of_fnv_and_never_panic() {
        let ten = Sharding::new(10, "id");
        assert_eq!(
            ten.shard_of_encoding(b"p1"),
            jump_consistent_hash(fnv1a64(b"p1"), 10)
        );
        assert_eq!(ten.shard_of_encoding(b"p6"), 7);
        let none = Sharding::new(0, "id");
        assert_eq!(none.shard_of_encoding(b"p1"), 0);
        assert!(none.partition_key("WS#a", 0).is_err());
        assert!(none.partition_keys("WS#a").unwrap().is_empty());
        assert_eq!(none.split_partition_key("WS#a#00"), None);
    }

    #[test]
    fn oversized_shard_keys_are_refused() {
        let ten = Sharding::new(10, "id");
        let logical = "x".repeat(2046);
        let err = ten.partition_key(&logical, 1).unwrap_err();
        assert!(matches!(
            err.kind(),
            KeyErrorKind::TooLong { bytes: 2049, .. }
        ));
    }
}
