//! Unique constraints: `#[unique("email")]` on an entity (one attribute per constraint, naming one
//! or more fields) says that no two items of the entity hold the same values in those fields.
//!
//! DynamoDB enforces uniqueness only for primary keys, so the runtime keeps one *uniqueness item*
//! per constraint and item, in the same table, whose primary key is built from the values
//! ([`UniqueConstraint::key_text`]), and writes it in the same `TransactWriteItems` request as the
//! entity, conditioned on its absence (AWS developer guide, "Amazon DynamoDB Transactions"; the
//! pattern of the AWS Database Blog "Simulating Amazon DynamoDB unique constraints using
//! transactions"). The format is part of the data contract: `docs/semantics.md` §5.

use std::fmt;

/// One unique constraint of an entity ([`Entity::UNIQUE`](crate::Entity::UNIQUE)): its fields and
/// the attributes serde stores them in, in the order written. Built only by the derive.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct UniqueConstraint {
    pub(crate) fields: &'static [&'static str],
    pub(crate) attributes: &'static [&'static str],
}

impl fmt::Debug for UniqueConstraint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("UniqueConstraint")
            .field("fields", &self.fields)
            .field("attributes", &self.attributes)
            .finish()
    }
}

/// The prefix of every uniqueness item's partition key: a key template of an entity should not
/// start with it (`docs/semantics.md` §5).
pub const UNIQUE_PREFIX: &str = "UNIQUE#";

impl UniqueConstraint {
    /// The fields, as the struct names them.
    pub const fn fields(&self) -> &'static [&'static str] {
        self.fields
    }

    /// The attributes serde stores the fields in, in [`fields`](Self::fields) order.
    pub const fn attributes(&self) -> &'static [&'static str] {
        self.attributes
    }

    /// The constraint's name: its fields joined with `+` (`"email"`, `"org+email"`).
    pub fn name(&self) -> String {
        self.fields.join("+")
    }

    /// The key text of the uniqueness item of entity `entity` whose fields hold `values` (one
    /// text per field, as [`value_text`] makes them):
    /// `UNIQUE#<entity>#<fields joined by +>#<values joined by #>`, each value with `%` and `#`
    /// written `%25` and `%23`, so that two different value lists never give the same key.
    pub fn key_text(&self, entity: &str, values: &[String]) -> String {
        let mut key = format!("{UNIQUE_PREFIX}{entity}#{}", self.name());
        for value in values {
            key.push('#');
            for c in value.chars() {
                match c {
                    '%' => key.push_str("%25"),
                    '#' => key.push_str("%23"),
                    c => key.push(c),
                }
            }
        }
        key
    }
}

/// The text of one stored value in a uniqueness key: a string as it is, a number as DynamoDB
/// stores it, a boolean `true`/`false`, anything else (binary, sets, lists, maps) in DynamoDB's
/// JSON form. `None` for `NULL`: a field that is `None` takes part in no uniqueness item (as SQL's
/// `UNIQUE` ignores `NULL`).
pub fn value_text(value: &crate::expr::Value) -> Option<String> {
    use crate::expr::Value;
    match value {
        Value::Null(_) => None,
        Value::S(s) => Some(s.clone()),
        Value::N(n) => Some(n.clone()),
        Value::Bool(b) => Some(b.to_string()),
        other => Some(crate::expr::Json(other).to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_escape_their_delimiter() {
        let c = UniqueConstraint {
            fields: &["org", "email"],
            attributes: &["org", "email"],
        };
        let a = c.key_text("User", &["a#b".into(), "c".into()]);
        let b = c.key_text("User", &["a".into(), "b#c".into()]);
        assert_eq!(a, "UNIQUE#User#org+email#a%23b#c");
        assert_ne!(a, b);
        assert_eq!(
            c.key_text("User", &["100%".into()]),
            "UNIQUE#User#org+email#100%25"
        );
    }
}
