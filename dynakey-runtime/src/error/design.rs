//! [`DesignDifference`]: how the running code's key templates differ from the design the table
//! records, as [`Db::design_status`](crate::Db::design_status) reports it and
//! [`Error::DesignBehind`](super::Error::DesignBehind) carries it.

use std::fmt;

/// Which way the running code differs from the table's recorded design (docs/semantics.md §10,
/// "The table records its design").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DesignDirection {
    /// The code declares what the table has not recorded: an entity, an index of an entity, or
    /// a key template that is none of the recorded versions and whose code still reads the
    /// recorded one (`#[was(…)]` for the table key; an index template, whose older items a
    /// migration reindexes). A new deploy before its migration.
    Ahead,
    /// The code writes a recorded version older than the one the table records as current: a
    /// migration (or a newer binary) has moved on, so this code would write, and expect to read,
    /// a shape the table's items have left. Also a record written in a newer format.
    Behind,
    /// The code's table-key template is none of the recorded versions and the code does not read
    /// the recorded current one (it is not among its `#[was(…)]`): it could read none of the
    /// table's items.
    Diverged,
    /// The table records an entity the code does not declare (an entity added by a newer binary,
    /// or retired): named for information; it makes the code neither ahead nor behind.
    Undeclared,
}

impl DesignDirection {
    /// `true` for a difference that stops [`Db::check_design`](crate::Db::check_design):
    /// [`Behind`](Self::Behind) and [`Diverged`](Self::Diverged).
    pub fn blocks(self) -> bool {
        matches!(self, DesignDirection::Behind | DesignDirection::Diverged)
    }
}

/// One key template of the running code or of the table's record, with its recorded version:
/// what a [`DesignDifference`] names on each side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TemplateSide {
    /// The version the record numbers it with (1 for the first recorded template of the key), or
    /// `None` when the record does not hold it.
    pub version: Option<u32>,
    /// The template as written: `pk` and `sk` text joined by ` / ` (`ORG#<org> / MEMBER#<id>`),
    /// with `shards = N` for a sharded partition key.
    pub template: String,
}

impl fmt::Display for TemplateSide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.version {
            Some(version) => write!(f, "version {version} ({})", self.template),
            None => write!(f, "an unrecorded version ({})", self.template),
        }
    }
}

/// One difference between the running code's declarations and the table's recorded design: the
/// entity, the key (`"table"` for the table key, or an index name), the direction, and both sides.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DesignDifference {
    /// The entity's name ([`Entity::ENTITY_NAME`](dynakey::Entity::ENTITY_NAME)); empty for a
    /// difference of the record itself (its format).
    pub entity: String,
    /// `"table"` for the table key, an index name for the entity's key in that index, `"format"`
    /// for the record's format.
    pub key: String,
    /// Which way the code differs.
    pub direction: DesignDirection,
    /// What the running code declares; `None` when it does not declare this entity or key.
    pub running: Option<TemplateSide>,
    /// What the table records as current; `None` when it records no such entity or key.
    pub recorded: Option<TemplateSide>,
}

impl fmt::Display for DesignDifference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = |side: &Option<TemplateSide>| match side {
            Some(side) => side.to_string(),
            None => "nothing".to_owned(),
        };
        let what = match self.direction {
            DesignDirection::Ahead => "ahead of the table",
            DesignDirection::Behind => "behind the table",
            DesignDirection::Diverged => "diverged from the table (it reads none of its shapes)",
            DesignDirection::Undeclared => "not declared by this code",
        };
        let subject = match self.entity.as_str() {
            "" => format!("the record's {}", self.key),
            entity => format!("entity `{entity}`, {} key", self.key),
        };
        write!(
            f,
            "{subject}: {what}: this code declares {}, the table records {}",
            side(&self.running),
            side(&self.recorded)
        )
    }
}
