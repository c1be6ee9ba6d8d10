//! A key change during a rolling deploy (docs/semantics.md §10, "A key change during a rolling
//! deploy"): while an entity's table-key templates change, every write writes two full copies of
//! the item, one in each shape, each marked with the shape it is stored under
//! ([`SHAPE_ATTRIBUTE`]); every reader reads exactly one shape and passes over the other's copies.

use super::{EarlierKey, KeyTemplate};

/// The reserved attribute that marks which key shape an item is stored under: its value (type
/// `S`) is the *shape id* of the templates that made the item's table keys, `<partition-key
/// template>` or `<partition-key template>|<sort-key template>` exactly as declared
/// (`LIB#<library>|BOOK#<genre>#<id>`; [`Entity::SHAPE`](crate::Entity::SHAPE)).
///
/// The read rule of every typed read: an item whose `_shape` is not the reader's
/// [`Entity::SHAPE`](crate::Entity::SHAPE) is another shape's copy and is passed over (never
/// decoded, never an error, not counted against a limit); an item without `_shape` is judged by
/// its keys. Writes store it on both copies during a key change ([`KeyChange`]) and on the item
/// in the contract phase; with no key change nothing writes it. An index read sees it only when
/// the index projects it: the indexes `ensure_table` creates project all attributes, and an
/// `INCLUDE` index must list `_shape` among its attributes. A field of an entity may not be
/// stored in it.
pub const SHAPE_ATTRIBUTE: &str = "_shape";

/// The phase of an entity's key change, from the attribute the entity declares (docs/semantics.md
/// §10): each deploy of the sequence expand → (backfill) → switch → contract → (cleanup) → done
/// runs only beside the deploys of its neighbouring phases.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum KeyChangePhase {
    /// `#[next(pk = "…", sk = "…")]`: reads the current shape; every write writes the current
    /// shape and a copy in the next one ([`KeyChange::other`]). `db.migrate::<E>()` backfills
    /// the copies of items written before.
    Expand,
    /// `#[previous(pk = "…", sk = "…")]`: the current templates are the new shape, which reads
    /// read; every write still writes both shapes, the previous one as the copy, so that an
    /// instance still in the expand phase reads what this one writes.
    Switch,
    /// `#[previous(pk = "…", sk = "…", retired)]`: reads and writes the current shape only
    /// (marked); items of the previous shape are passed over by reads and deleted by
    /// `db.migrate::<E>()` (the cleanup).
    Contract,
}

impl KeyChangePhase {
    /// The phase's name as the design record stores it: `"expand"`, `"switch"`, `"contract"`.
    pub const fn name(self) -> &'static str {
        match self {
            KeyChangePhase::Expand => "expand",
            KeyChangePhase::Switch => "switch",
            KeyChangePhase::Contract => "contract",
        }
    }
}

/// An entity's key change in progress ([`Entity::KEY_CHANGE`](crate::Entity::KEY_CHANGE)):
/// its phase and the other shape — the next shape in the expand phase, the previous one in the
/// switch and contract phases.
///
/// ```
/// use dynakey::{EarlierKey, KeyChange, KeyChangePhase, KeyRole, KeyTemplate, TemplatePart};
///
/// const PK: KeyTemplate = KeyTemplate::new("LIB#<library>", KeyRole::Partition, &[
///     TemplatePart::literal("LIB#"),
///     TemplatePart::field::<String>("library"),
/// ]);
/// const NEXT: KeyTemplate = KeyTemplate::new("BOOK#<genre>#<id>", KeyRole::Sort, &[
///     TemplatePart::literal("BOOK#"),
///     TemplatePart::field::<String>("genre"),
///     TemplatePart::literal("#"),
///     TemplatePart::field::<String>("id"),
/// ]);
/// const CHANGE: KeyChange = KeyChange::new(
///     KeyChangePhase::Expand,
///     EarlierKey::new(PK, Some(NEXT)),
///     "LIB#<library>|BOOK#<genre>#<id>",
/// );
/// assert!(CHANGE.writes_copy());
/// assert!(CHANGE.other.fits("LIB#l1", Some("BOOK#fiction#b1")));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeyChange {
    /// Which phase the running code is in.
    pub phase: KeyChangePhase,
    /// The other shape's templates (an omitted template of the declaration is the current one).
    pub other: EarlierKey,
    /// The other shape's id, as [`SHAPE_ATTRIBUTE`] holds it on its items.
    pub other_shape: &'static str,
}

impl KeyChange {
    /// The key change in `phase` to or from `other`, whose shape id is `other_shape`.
    pub const fn new(phase: KeyChangePhase, other: EarlierKey, other_shape: &'static str) -> Self {
        KeyChange {
            phase,
            other,
            other_shape,
        }
    }

    /// `true` in the expand and switch phases: every write writes the other shape's copy too.
    pub const fn writes_copy(&self) -> bool {
        matches!(self.phase, KeyChangePhase::Expand | KeyChangePhase::Switch)
    }
}

/// `true` when `id` is the shape id of templates `partition` and `sort` (`pk` or `pk|sk`).
pub(crate) fn is_shape_id(partition: &KeyTemplate, sort: Option<&KeyTemplate>, id: &str) -> bool {
    let Some(rest) = id.strip_prefix(partition.text()) else {
        return false;
    };
    match sort {
        Some(sort) => rest.strip_prefix('|') == Some(sort.text()),
        None => rest.is_empty(),
    }
}
