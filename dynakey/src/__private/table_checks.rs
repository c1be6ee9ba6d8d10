//! Build-time checks of `#[derive(Table)]` on an enum (a table that lists its entities): each
//! variant is an entity of this table, and no two entities can write equal keys, on the table or
//! on one index, where their templates decide it (docs/semantics.md §4).

use crate::collection::overlap::{str_eq, template_overlap};
use crate::collection::Overlap;
use crate::entity::Entity;
use crate::table::ListedEntity;
use crate::template::{KeyTemplate, TemplatePart};

/// The entry of entity `E` in its table's list.
pub const fn listed<E: Entity>() -> ListedEntity {
    ListedEntity {
        name: E::ENTITY_NAME,
        partition: E::PARTITION_TEMPLATE,
        sort: E::SORT_TEMPLATE,
        earlier: E::EARLIER_KEYS,
        shape: E::SHAPE,
        key_change: E::KEY_CHANGE,
        entity_type: E::ENTITY_TYPE_ATTRIBUTE,
        unique: E::UNIQUE,
        indexes: E::INDEXES,
        sharding: E::SHARDING,
        check: crate::entity::Key::<E>::is_key,
        query: crate::query::whole_partition_input::<E>,
    }
}

/// Implemented for `(T, T)`: the table an entity is declared for, and the table that lists it.
#[diagnostic::on_unimplemented(
    message = "entity `{E}` is declared for another table, so this table cannot list it",
    label = "an entity of another table",
    note = "an entity is listed by the table it names in #[dynakey(table = …)]: list it in that \
            table's enum, or declare it with this table; the tables are {Self}"
)]
pub trait ListedIn<E> {}
impl<T, E> ListedIn<E> for (T, T) {}

/// Build-time check of a table enum: entity `E`'s table `TE` is the listing table `T`. Called with
/// the table as a projection, so a variant that is not an entity is reported once, by it.
pub const fn assert_listed_in<TE, T, E>()
where
    (TE, T): ListedIn<E>,
{
}

/// Build-time check of a table enum, for each entity `E` it lists: `E` checks its templates
/// against the other listed entities' ([`Entity::LISTED_CHECKED`](crate::Entity::LISTED_CHECKED),
/// which `#[derive(Entity)]` sets, evaluating the checks at the entity's templates). An entity
/// implemented by hand is refused, with what to do, unless its author says so; an entity whose
/// derive failed (its error is already reported) is let through.
///
/// `checked` is `E::LISTED_CHECKED`, read by the table enum's generated code, so a check that
/// fails is reported at the entity's template and at the variant that lists it.
pub const fn assert_listed_checked<E: Entity>(checked: bool) {
    if checked || crate::__private::is_fallback(&E::PARTITION_TEMPLATE) {
        return;
    }
    let message = crate::__private::Message::new()
        .push("entity `")
        .push(E::ENTITY_NAME)
        .push("` is not declared with #[derive(Entity)], so a table enum cannot check its templates against the other listed entities': declare it with #[derive(Entity)], or check its templates yourself and set `const LISTED_CHECKED: bool = true;` in its `impl Entity`");
    panic!("{}", message.as_str())
}

/// Build-time check of a table enum, one call of generated code per variant: the entity listed at
/// `at` (the Rust type `ty` of table `table`) does not have the entity name of one listed before
/// it. The entity name is what its entity-type attribute stores and what messages name, so two
/// listed entities with one name could not be told apart by it. Fails the build with the message
/// when it does.
pub const fn check_entity_name_repeated(
    entities: &[ListedEntity],
    at: usize,
    table: &str,
    ty: &str,
) {
    let name = entities[at].name;
    let mut i = 0;
    while i < at {
        if str_eq(entities[i].name, name) {
            let message = BuildMessage::new()
                .push("table `")
                .push(table)
                .push("` lists entity `")
                .push(ty)
                .push("` under the entity name \"")
                .push(name)
                .push(
                    "\", the name of an entity listed before it: the entity name is what the \
                     entity-type attribute stores and what messages name, so give one of them \
                     another #[dynakey(name = \"…\")]",
                );
            panic!("{}", message.as_str())
        }
        i += 1;
    }
}

/// A message composed at build time, for a `const` panic.
pub struct BuildMessage {
    buf: [u8; 1536],
    len: usize,
    /// A piece did not fit: the message ends with `…` and takes nothing more.
    full: bool,
}

impl BuildMessage {
    const fn new() -> Self {
        BuildMessage {
            buf: [0; 1536],
            len: 0,
            full: false,
        }
    }

    /// Appends `text` whole; when it does not fit, ends the message with `…` instead and
    /// appends nothing more (the message stays UTF-8).
    const fn push(mut self, text: &str) -> Self {
        const ELLIPSIS: &[u8] = "…".as_bytes();
        let bytes = text.as_bytes();
        if self.full {
            return self;
        }
        if self.len + bytes.len() + ELLIPSIS.len() > self.buf.len() {
            self.full = true;
            let mut i = 0;
            while i < ELLIPSIS.len() {
                self.buf[self.len] = ELLIPSIS[i];
                self.len += 1;
                i += 1;
            }
            return self;
        }
        let mut i = 0;
        while i < bytes.len() {
            self.buf[self.len] = bytes[i];
            self.len += 1;
            i += 1;
        }
        self
    }

    /// The message.
    pub const fn as_str(&self) -> &str {
        match core::str::from_utf8(self.buf.split_at(self.len).0) {
            Ok(text) => text,
            Err(_) => "(message not UTF-8)",
        }
    }
}

/// Where two keys (partition and sort templates) can be equal: combines the two verdicts.
const fn key_overlap(
    pa: &KeyTemplate,
    sa: Option<&KeyTemplate>,
    pb: &KeyTemplate,
    sb: Option<&KeyTemplate>,
) -> Overlap {
    let p = template_overlap(pa, pb);
    let s = match (sa, sb) {
        (Some(x), Some(y)) => template_overlap(x, y),
        (None, None) => Overlap::Identical,
        _ => Overlap::Disjoint,
    };
    match (p, s) {
        (Overlap::Disjoint, _) | (_, Overlap::Disjoint) => Overlap::Disjoint,
        (Overlap::Identical, Overlap::Identical) => Overlap::Identical,
        (Overlap::Identical | Overlap::Certain, Overlap::Identical | Overlap::Certain) => {
            Overlap::Certain
        }
        _ => Overlap::Possible,
    }
}

/// The bytes of a template's literals.
const fn literal_bytes(t: &KeyTemplate) -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < t.parts.len() {
        if let TemplatePart::Literal(text) = t.parts[i] {
            n += text.len();
        }
        i += 1;
    }
    n
}

/// An example key of `t`: literals as written, a field that takes any text as `x`, any other
/// as `0` repeated to its width.
const fn example(mut m: BuildMessage, t: &KeyTemplate) -> BuildMessage {
    let mut i = 0;
    while i < t.parts.len() {
        m = match t.parts[i] {
            TemplatePart::Literal(text) => m.push(text),
            TemplatePart::Field { any_text: true, .. } => m.push("x"),
            TemplatePart::Field {
                width: Some(width), ..
            } => {
                let mut k = 0;
                while k < width {
                    m = m.push("0");
                    k += 1;
                }
                m
            }
            TemplatePart::Field { .. } => m.push("0"),
        };
        i += 1;
    }
    m
}

/// Of two overlapping templates, the one whose example key also has the other's shape: the one
/// with more literal bytes (`PROJ#<id>#TASK#<task>` over `PROJ#<id>`, `META` over `<name>`).
const fn richer<'a>(a: &'a KeyTemplate, b: &'a KeyTemplate) -> &'a KeyTemplate {
    if literal_bytes(b) > literal_bytes(a) {
        b
    } else {
        a
    }
}

/// One side of a conflict: entity name and its key templates on the table or index.
struct Side<'a> {
    entity: &'static str,
    partition: &'a KeyTemplate,
    sort: Option<&'a KeyTemplate>,
    /// An earlier shape (`#[was(…)]`), not the templates the entity writes today.
    earlier: bool,
}

const fn describe(mut m: BuildMessage, side: &Side<'_>) -> BuildMessage {
    m = m.push("`").push(side.entity).push("` (");
    if side.earlier {
        m = m.push("earlier shape #[was(…)]: ");
    }
    m = m.push("partition key \"");
    m = m.push(side.partition.text).push("\"");
    if let Some(sort) = side.sort {
        m = m.push(", sort key \"").push(sort.text).push("\"");
    }
    m.push(")")
}

const fn conflict(on: Option<&str>, a: &Side<'_>, b: &Side<'_>) -> BuildMessage {
    let mut m = BuildMessage::new().push("entities ");
    m = describe(m, a).push(" and ");
    m = describe(m, b);
    m = if a.earlier || b.earlier {
        m.push(" can have the same key")
    } else {
        m.push(" can write the same key")
    };
    if let Some(index) = on {
        m = m.push(" on index \"").push(index).push("\"");
    }
    m = m.push(", e.g. partition key \"");
    m = example(m, richer(a.partition, b.partition)).push("\"");
    if let (Some(x), Some(y)) = (a.sort, b.sort) {
        m = m.push(", sort key \"");
        m = example(m, richer(x, y)).push("\"");
    }
    if on.is_some() {
        return m.push(
            ", so a query of the index for one reads the other's items in the same range, told \
             apart only by their table keys. Give one a literal prefix in its index template \
             the other cannot start with (an overloaded index: \"DOC#<name>\", \"FOLDER#<title>\"), \
             or declare #[dynakey(entity_type = \"_type\")] on both",
        );
    }
    if a.earlier || b.earlier {
        return m.push(
            ", so a read could not tell which entity an item is: items of an earlier shape are \
             still read as the entity's. Change the current template so that it cannot start \
             like the earlier one (another literal prefix), declare #[dynakey(entity_type = \"_type\")] on both (when the \
             old items carry the attribute), or rewrite the old items to the current shape and \
             remove the #[was(…)]",
        );
    }
    m.push(
        ", so a read could not tell which entity an item is. Give one a literal prefix the other \
         cannot start with, end a template another extends with its delimiter or a fixed-width \
         field (\"ISSUE#<id>#\", not \"ISSUE#<id>\"), or declare \
         #[dynakey(entity_type = \"_type\")] on both",
    )
}

/// `true` when entities `A` and `B` may write the same table key for some values: their
/// templates overlap, but whether a real key is both depends on the values (the pairs the
/// build-time check leaves to reads, see [`Table::LISTED_OVERLAPS`](crate::Table::LISTED_OVERLAPS)).
pub const fn may_share_key<A: Entity, B: Entity>() -> bool {
    let (a, b) = (listed::<A>(), listed::<B>());
    if told_apart(&a, &b) {
        return false;
    }
    // A shard suffix is not in the partition template: such pairs are checked per item.
    if a.sharding.is_some() || b.sharding.is_some() {
        return true;
    }
    // Every shape of one (current and earlier, `#[was(…)]`) against every shape of the other.
    let mut i = 0;
    while i <= a.earlier.len() {
        let (pa, sa) = shape(&a, i);
        let mut j = 0;
        while j <= b.earlier.len() {
            let (pb, sb) = shape(&b, j);
            if !matches!(key_overlap(pa, sa, pb, sb), Overlap::Disjoint) {
                return true;
            }
            j += 1;
        }
        i += 1;
    }
    false
}

/// Shape `i` of an entity's table keys: 0 is the current templates, `k + 1` its earlier shape
/// `k` (`#[was(…)]`). `i` is at most the number of earlier shapes.
const fn shape(e: &ListedEntity, i: usize) -> (&KeyTemplate, Option<&KeyTemplate>) {
    if i == 0 || i > e.earlier.len() {
        return (&e.partition, e.sort.as_ref());
    }
    let earlier = &e.earlier[i - 1];
    (earlier.partition(), earlier.sort())
}

/// Two entities that declare the same entity-type attribute under different names.
const fn told_apart(a: &ListedEntity, b: &ListedEntity) -> bool {
    match (a.entity_type, b.entity_type) {
        (Some(x), Some(y)) => str_eq(x, y) && !str_eq(a.name, b.name),
        _ => false,
    }
}

/// Build-time check of the entity named `name` on table `T`, emitted by `#[derive(Entity)]` at
/// its templates ([`Entity::LISTED_CHECKED`](crate::Entity::LISTED_CHECKED)): when `T` lists it, it cannot write a key that an entity
/// listed before it writes too — on the table keys (`index: None`) or on its
/// index whose templates are `index` (partition and sort template texts, `""` for none) — where
/// the templates decide it. Reads everything from `T`'s list, never from the entity type, so an
/// entity whose own derive failed adds no error here. `None` when all is well.
pub const fn listed_conflict_named<T: crate::Table>(
    name: &str,
    index: Option<(&str, &str)>,
) -> Option<BuildMessage> {
    let entities = T::ENTITIES;
    if entities.is_empty() {
        return None;
    }
    let mut position = 0;
    while position < entities.len() && !str_eq(entities[position].name, name) {
        position += 1;
    }
    if position == entities.len() {
        return None;
    }
    let me = &entities[position];
    if crate::__private::is_fallback(&me.partition) {
        return None;
    }
    let index = match index {
        None => None,
        Some((partition, sort)) => match find_index(me.indexes, partition, sort) {
            Some(found) => Some(found.index().name()),
            None => return None,
        },
    };
    let mut j = 0;
    while j < position {
        let other = &entities[j];
        if !crate::__private::is_fallback(&other.partition) && !told_apart(other, me) {
            if let Some(message) = pair_conflict(other, me, index) {
                return Some(message);
            }
        }
        j += 1;
    }
    None
}

/// [`listed_conflict_named`] as one call of generated code: `true`, or the build fails with its
/// message (at the call, which the derive spans at the template concerned).
pub const fn listed_check<T: crate::Table>(name: &str, index: Option<(&str, &str)>) -> bool {
    if let Some(message) = listed_conflict_named::<T>(name, index) {
        panic!("{}", message.as_str())
    }
    true
}

/// [`listed_earlier_conflict_named`] as one call of generated code, as [`listed_check`].
pub const fn listed_earlier_check<T: crate::Table>(name: &str, earlier: usize) -> bool {
    if let Some(message) = listed_earlier_conflict_named::<T>(name, earlier) {
        panic!("{}", message.as_str())
    }
    true
}

/// Build-time check of earlier shape `earlier` (0-based, `#[was(…)]` order) of the entity named
/// `name` on table `T`, emitted by `#[derive(Entity)]` at that `#[was(…)]`'s template
/// ([`Entity::LISTED_CHECKED`](crate::Entity::LISTED_CHECKED)): when `T` lists the entity, no key of that shape can be a key of another
/// listed entity where the templates decide it — checked against every other entity's current
/// templates (an unsharded one: a shard suffix is not in its template) and against the earlier
/// shapes of the entities listed before it (so each pair of shapes is reported once, at an
/// earlier template). Reads everything from `T`'s list, as [`listed_conflict_named`]. `None`
/// when all is well.
pub const fn listed_earlier_conflict_named<T: crate::Table>(
    name: &str,
    earlier: usize,
) -> Option<BuildMessage> {
    let entities = T::ENTITIES;
    let mut position = 0;
    while position < entities.len() && !str_eq(entities[position].name, name) {
        position += 1;
    }
    if position == entities.len() {
        return None;
    }
    let me = &entities[position];
    if crate::__private::is_fallback(&me.partition) || earlier >= me.earlier.len() {
        return None;
    }
    let (pm, sm) = shape(me, earlier + 1);
    let mine = Side {
        entity: me.name,
        partition: pm,
        sort: sm,
        earlier: true,
    };
    let mut j = 0;
    while j < entities.len() {
        let other = &entities[j];
        if j == position || crate::__private::is_fallback(&other.partition) || told_apart(other, me)
        {
            j += 1;
            continue;
        }
        // Its current shape (0), and its earlier ones when it is listed before `me`.
        let shapes = if j < position {
            other.earlier.len() + 1
        } else {
            1
        };
        let mut k = 0;
        while k < shapes {
            if k > 0 || other.sharding.is_none() {
                let (po, so) = shape(other, k);
                let verdict = key_overlap(pm, sm, po, so);
                if matches!(verdict, Overlap::Identical | Overlap::Certain) {
                    let theirs = Side {
                        entity: other.name,
                        partition: po,
                        sort: so,
                        earlier: k > 0,
                    };
                    return Some(conflict(None, &mine, &theirs));
                }
            }
            k += 1;
        }
        j += 1;
    }
    None
}

/// The conflict of `a` and `b` on the table keys (`index: None`) or on index `index`.
const fn pair_conflict(
    a: &ListedEntity,
    b: &ListedEntity,
    index: Option<&str>,
) -> Option<BuildMessage> {
    let Some(index) = index else {
        if a.sharding.is_some() || b.sharding.is_some() {
            return None; // the shard suffix is not in the template: checked per item
        }
        let verdict = key_overlap(&a.partition, a.sort.as_ref(), &b.partition, b.sort.as_ref());
        if matches!(verdict, Overlap::Identical | Overlap::Certain) {
            let sa = Side {
                entity: a.name,
                partition: &a.partition,
                sort: a.sort.as_ref(),
                earlier: false,
            };
            let sb = Side {
                entity: b.name,
                partition: &b.partition,
                sort: b.sort.as_ref(),
                earlier: false,
            };
            return Some(conflict(None, &sa, &sb));
        }
        return None;
    };
    let (Some(ia), Some(ib)) = (index_named(a.indexes, index), index_named(b.indexes, index))
    else {
        return None;
    };
    if !ia.fills().is_empty() || !ib.fills().is_empty() {
        return None; // attribute-wise keys: told apart by their attributes' types at run time
    }
    // An LSI's partition key is the table's.
    let (xa, xb) = (ia.partition(), ib.partition());
    let ka = match &xa {
        Some(t) => t,
        None => &a.partition,
    };
    let kb = match &xb {
        Some(t) => t,
        None => &b.partition,
    };
    let (ya, yb) = (ia.sort(), ib.sort());
    let verdict = key_overlap(ka, ya.as_ref(), kb, yb.as_ref());
    if matches!(verdict, Overlap::Identical | Overlap::Certain) {
        let sa = Side {
            entity: a.name,
            partition: ka,
            sort: ya.as_ref(),
            earlier: false,
        };
        let sb = Side {
            entity: b.name,
            partition: kb,
            sort: yb.as_ref(),
            earlier: false,
        };
        return Some(conflict(Some(index), &sa, &sb));
    }
    None
}

/// The template index of `indexes` whose partition and sort templates have these texts (`""`:
/// none).
const fn find_index<'a>(
    indexes: &'a [crate::EntityIndex],
    partition: &str,
    sort: &str,
) -> Option<&'a crate::EntityIndex> {
    let mut i = 0;
    while i < indexes.len() {
        let p = match indexes[i].partition() {
            Some(t) => t.text,
            None => "",
        };
        let s = match indexes[i].sort() {
            Some(t) => t.text,
            None => "",
        };
        if str_eq(p, partition) && str_eq(s, sort) {
            return Some(&indexes[i]);
        }
        i += 1;
    }
    None
}

/// The entry of `indexes` for the index named `name`.
const fn index_named<'a>(
    indexes: &'a [crate::EntityIndex],
    name: &str,
) -> Option<&'a crate::EntityIndex> {
    let mut i = 0;
    while i < indexes.len() {
        if str_eq(indexes[i].index().name(), name) {
            return Some(&indexes[i]);
        }
        i += 1;
    }
    None
}
