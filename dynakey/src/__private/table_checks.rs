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
        entity_type: E::ENTITY_TYPE_ATTRIBUTE,
        unique: E::UNIQUE,
        check: crate::entity::Key::<E>::check,
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

/// A message composed at build time, for a `const` panic.
pub struct BuildMessage {
    buf: [u8; 1536],
    len: usize,
}

impl BuildMessage {
    const fn new() -> Self {
        BuildMessage {
            buf: [0; 1536],
            len: 0,
        }
    }

    /// Appends `text` whole, or nothing when it does not fit (the message stays UTF-8).
    const fn push(mut self, text: &str) -> Self {
        let bytes = text.as_bytes();
        if self.len + bytes.len() > self.buf.len() {
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
}

const fn describe(mut m: BuildMessage, side: &Side<'_>) -> BuildMessage {
    m = m.push("`").push(side.entity).push("` (partition key \"");
    m = m.push(side.partition.text).push("\"");
    if let Some(sort) = side.sort {
        m = m.push(", sort key \"").push(sort.text).push("\"");
    }
    m.push(")")
}

const fn conflict(table: &str, on: Option<&str>, a: &Side<'_>, b: &Side<'_>) -> BuildMessage {
    let mut m = BuildMessage::new()
        .push("table `")
        .push(table)
        .push("`: entities ");
    m = describe(m, a).push(" and ");
    m = describe(m, b).push(" can write the same key");
    if let Some(index) = on {
        m = m.push(" on index \"").push(index).push("\"");
    }
    m = m.push(", e.g. partition key \"");
    m = example(m, richer(a.partition, b.partition)).push("\"");
    if let (Some(x), Some(y)) = (a.sort, b.sort) {
        m = m.push(", sort key \"");
        m = example(m, richer(x, y)).push("\"");
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
    if let (Some(x), Some(y)) = (A::ENTITY_TYPE_ATTRIBUTE, B::ENTITY_TYPE_ATTRIBUTE) {
        if str_eq(x, y) && !str_eq(A::ENTITY_NAME, B::ENTITY_NAME) {
            return false;
        }
    }
    let (sa, sb) = (A::SORT_TEMPLATE, B::SORT_TEMPLATE);
    !matches!(
        key_overlap(
            &A::PARTITION_TEMPLATE,
            sa.as_ref(),
            &B::PARTITION_TEMPLATE,
            sb.as_ref()
        ),
        Overlap::Disjoint
    )
}

/// A build-time error message when entities `A` and `B` of table `table` can write the same key
/// on the table or on a template index they are both in; `None` when no key is certainly both
/// (pairs that depend on the values are told apart per item at run time).
pub const fn listed_conflict<A: Entity, B: Entity>(table: &str) -> Option<BuildMessage> {
    if crate::__private::is_fallback(&A::PARTITION_TEMPLATE)
        || crate::__private::is_fallback(&B::PARTITION_TEMPLATE)
    {
        return None;
    }
    if let (Some(x), Some(y)) = (A::ENTITY_TYPE_ATTRIBUTE, B::ENTITY_TYPE_ATTRIBUTE) {
        if str_eq(x, y) && !str_eq(A::ENTITY_NAME, B::ENTITY_NAME) {
            return None;
        }
    }
    let (pa, pb) = (&A::PARTITION_TEMPLATE, &B::PARTITION_TEMPLATE);
    let (sa, sb) = (A::SORT_TEMPLATE, B::SORT_TEMPLATE);
    let table_keys = key_overlap(pa, sa.as_ref(), pb, sb.as_ref());
    if matches!(table_keys, Overlap::Identical | Overlap::Certain) {
        let a = Side {
            entity: A::ENTITY_NAME,
            partition: pa,
            sort: sa.as_ref(),
        };
        let b = Side {
            entity: B::ENTITY_NAME,
            partition: pb,
            sort: sb.as_ref(),
        };
        return Some(conflict(table, None, &a, &b));
    }
    let mut i = 0;
    while i < A::INDEXES.len() {
        let ia = &A::INDEXES[i];
        let mut j = 0;
        while j < B::INDEXES.len() {
            let ib = &B::INDEXES[j];
            if str_eq(ia.index().name(), ib.index().name())
                && ia.fills().is_empty()
                && ib.fills().is_empty()
            {
                // An LSI's partition key is the table's.
                let (xa, xb) = (ia.partition(), ib.partition());
                let ka = match &xa {
                    Some(t) => t,
                    None => pa,
                };
                let kb = match &xb {
                    Some(t) => t,
                    None => pb,
                };
                let (ya, yb) = (ia.sort(), ib.sort());
                let verdict = key_overlap(ka, ya.as_ref(), kb, yb.as_ref());
                if matches!(verdict, Overlap::Identical | Overlap::Certain) {
                    let a = Side {
                        entity: A::ENTITY_NAME,
                        partition: ka,
                        sort: ya.as_ref(),
                    };
                    let b = Side {
                        entity: B::ENTITY_NAME,
                        partition: kb,
                        sort: yb.as_ref(),
                    };
                    return Some(conflict(table, Some(ia.index().name()), &a, &b));
                }
            }
            j += 1;
        }
        i += 1;
    }
    None
}
