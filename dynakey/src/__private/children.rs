//! What the expansion of a child entity (`#[dynakey(parent = P)]`, docs/semantics.md §11) calls:
//! its sort-key template is its parent's followed by its own suffix, joined at build time (the
//! derive of the child cannot read the parent's attributes, only its `Entity` constants); its
//! partition key is its parent's; its sort key is its parent's sort key followed by the suffix's
//! fields.
//!
//! The joined template is an ordinary [`KeyTemplate`] (text and parts), so every reader of
//! templates (matching, collections, the table's pair checks, the design record, migrations) sees
//! the child as any entity.

use crate::error::{KeyError, KeyErrorKind, KeyRole};
use crate::template::{field_error, EarlierKey, KeyTemplate, Segments, TemplatePart};
use crate::{Entity, Key, KeyQuery, SortKeyPartial};

use super::{Template, Values};

/// The sort-key template of parent `P`, after [`assert_parent_keys`]; fails the build when `P` has none (a child's sort key
/// extends its parent's) or is sharded (a child's partition key is its parent's, and a sharded
/// partition key depends on a sort-key field).
pub const fn parent_sort<P: Entity>() -> KeyTemplate {
    assert_parent_keys::<P>();
    if P::SHARDING.is_some() {
        panic!(
            "a child entity's parent has a sharded partition key (#[pk(\"…\", shards = N)]): a \
             child takes its parent's partition key, which a sharded entity spreads over its \
             shards by a sort-key field; declare the parent without `shards`, or keep the child \
             a separate entity"
        )
    }
    match P::SORT_TEMPLATE {
        Some(template) => template,
        None => panic!(
            "a child entity's parent has no sort key: a child's sort key extends its parent's, \
             so parent and children form one item collection; give the table and the parent a \
             sort key, or keep the child a separate entity"
        ),
    }
}

/// Implemented by `Key<P>` only: the type of a child's `#[parent]` field, required by the
/// child's generated impls (one error at the field's type when it is another).
#[diagnostic::on_unimplemented(
    message = "the #[parent] field holds `{Self}`, not the key of the parent entity `{P}`",
    label = "not a `dynakey::Key<{P}>`",
    note = "a child entity holds its parent's key in one field of type `dynakey::Key<{P}>` (what \
            `{P}::key(…)` and `primary_key()` return), e.g. `#[parent] parent: dynakey::Key<{P}>`"
)]
pub trait ParentKeyOf<P> {
    /// The parent's key.
    fn parent_key(&self) -> &Key<P>;
}

impl<P> ParentKeyOf<P> for Key<P> {
    #[inline]
    fn parent_key(&self) -> &Key<P> {
        self
    }
}

/// Implemented for `(T, T)`: the table a child names (`table = T`) and its parent's table.
#[diagnostic::on_unimplemented(
    message = "a child entity lives in its parent's table, and this is another one",
    label = "not the parent's table",
    note = "a child's items are in its parent's item collection: leave `table = …` out (the \
            child takes its parent's table) or name the parent's table; the tables are {Self}"
)]
pub trait ParentTable {}
impl<T> ParentTable for (T, T) {}

/// Build-time check that `T`, the table a child names, is `PT`, its parent's table.
pub const fn assert_parent_table<T, PT>()
where
    (T, PT): ParentTable,
{
}

/// The most earlier shapes (`#[was(…)]`) of a parent whose children follow them: a child's
/// expansion joins this many shapes (those the parent lacks are left out).
pub const MAX_PARENT_SHAPES: usize = 4;

/// The rules of a child's parent `P` that only its constants tell (besides [`parent_sort`]'s): at most
/// [`MAX_PARENT_SHAPES`] earlier shapes, and, with a rolling key change (`#[next]`/`#[previous]`),
/// an other shape that names the fields of the current one: a child stores its parent's key as
/// the key's fields, from which its copy's key in the other shape is made (and which the next
/// phase reads back by its templates).
pub const fn assert_parent_keys<P: Entity>() {
    if P::EARLIER_KEYS.len() > MAX_PARENT_SHAPES {
        panic!(
            "a child entity's parent declares more than 4 earlier shapes (#[was(…)]), the most \
             its children follow: migrate the parent's and children's items (`Db::migrate`), \
             then remove the oldest #[was(…)]"
        )
    }
    if let Some(change) = P::KEY_CHANGE {
        let other_partition = change.other.partition().parts();
        let other_sort = match change.other.sort() {
            Some(sort) => sort.parts(),
            None => &[],
        };
        let current_sort = match P::SORT_TEMPLATE {
            Some(sort) => sort.parts(),
            None => &[],
        };
        let current_partition = P::PARTITION_TEMPLATE.parts();
        if !all_named(other_partition, current_partition, current_sort)
            || !all_named(other_sort, current_partition, current_sort)
            || !all_named(current_partition, other_partition, other_sort)
            || !all_named(current_sort, other_partition, other_sort)
        {
            panic!(
                "a child entity's parent declares a rolling key change (#[next(…)]/#[previous(…)]) \
                 whose shapes name different fields: a child stores its parent's key as the key's \
                 fields, and its copy's key in the other shape is made from them; give the \
                 parent's new key the fields of its old one (reorder them, change the literal \
                 text), or keep the child a separate entity"
            )
        }
    }
}

/// `true` when every placeholder of `parts` is one of `a`'s or `b`'s.
const fn all_named(parts: &[TemplatePart], a: &[TemplatePart], b: &[TemplatePart]) -> bool {
    let mut i = 0;
    while i < parts.len() {
        if let TemplatePart::Field { name, .. } = parts[i] {
            if !names(a, name) && !names(b, name) {
                return false;
            }
        }
        i += 1;
    }
    true
}

/// `true` when `parts` has a placeholder `name`.
const fn names(parts: &[TemplatePart], name: &str) -> bool {
    let mut i = 0;
    while i < parts.len() {
        if let TemplatePart::Field { name: field, .. } = parts[i] {
            if field.len() == name.len() {
                let (a, b) = (field.as_bytes(), name.as_bytes());
                let mut j = 0;
                while j < a.len() && a[j] == b[j] {
                    j += 1;
                }
                if j == a.len() {
                    return true;
                }
            }
        }
        i += 1;
    }
    false
}

/// The sort-key template of `P`'s other shape in its rolling key change ([`Entity::KEY_CHANGE`]),
/// or an empty template without one: joined with a child's suffix, its children's other shape.
pub const fn parent_other_sort<P: Entity>() -> KeyTemplate {
    match P::KEY_CHANGE {
        Some(change) => match change.other.sort() {
            Some(sort) => *sort,
            None => NO_SHAPE,
        },
        None => NO_SHAPE,
    }
}

/// The partition-key template of `P`'s other shape, or `P`'s current one without a key change.
pub const fn parent_other_partition<P: Entity>() -> KeyTemplate {
    match P::KEY_CHANGE {
        Some(change) => *change.other.partition(),
        None => P::PARTITION_TEMPLATE,
    }
}

/// The shape id (`Entity::SHAPE`, `pk|sk`) of a child's templates: `partition`'s text, `|`,
/// `joined`'s.
pub const fn child_shape_id(partition: &KeyTemplate, joined: &KeyTemplate) -> JoinedText {
    concat(&[partition.text(), "|", joined.text()])
}

/// A child's key change: its parent `P`'s phase, and the other shape `P`'s other partition-key
/// template with `other_joined` (`P`'s other sort-key template joined with the child's suffix),
/// whose id is `other_shape`. `None` when `P` declares none.
pub const fn child_key_change<P: Entity>(
    other_joined: KeyTemplate,
    other_shape: &'static str,
) -> Option<crate::KeyChange> {
    match P::KEY_CHANGE {
        Some(change) => Some(crate::KeyChange::new(
            change.phase,
            EarlierKey::new(*change.other.partition(), Some(other_joined)),
            other_shape,
        )),
        None => None,
    }
}

/// A child's table keys in its parent's other shape (`Entity::other_shape_key`): the parent's
/// other templates filled from the fields of `parent` (its current key), then `values` by
/// `suffix`, checked as [`child_sort_key`] checks the current key. `None` when `P` declares no key
/// change.
///
/// # Errors
/// As [`child_sort_key`]; a parent key whose segments do not fit `P`'s current templates.
#[allow(clippy::type_complexity)]
pub fn child_other_shape_key<P: Entity, Ts, V: Values<Ts>>(
    parent: &Key<P>,
    suffix: &Template<Ts>,
    other_joined: &KeyTemplate,
    values: V,
) -> Result<Option<(String, Option<String>)>, KeyError> {
    let Some(change) = P::KEY_CHANGE else {
        return Ok(None);
    };
    let mut fields = P::PARTITION_TEMPLATE.segments(parent.partition())?;
    if let (Some(template), Some(sort)) = (P::SORT_TEMPLATE, parent.sort()) {
        fields.extend(template.segments(sort)?);
    }
    let segment = |name: &str| {
        fields
            .iter()
            .find(|(field, _)| *field == name)
            .map(|(_, text)| *text)
    };
    let partition = change.other.partition().build_from(segment)?;
    let Some(other_sort) = change.other.sort() else {
        return Err(no_parent_sort::<P>());
    };
    let sort = other_sort.build_from(segment)?;
    let mut out = checked_parent_sort(other_sort, &sort, &suffix.template, other_joined)?;
    values.push_key(&suffix.template, &mut out)?;
    Ok(Some((
        partition,
        Some(super::finish_key(KeyRole::Sort, out)?),
    )))
}

/// The empty template: the stand-in for a parent shape `P` does not have.
const NO_SHAPE: KeyTemplate = KeyTemplate::from_parts("", KeyRole::Sort, &[]);

/// The sort-key template of `P`'s earlier shape `i` (`#[was(…)]` order), or an empty template
/// when `P` has no such shape.
pub const fn parent_shape_sort<P: Entity>(i: usize) -> KeyTemplate {
    if i < P::EARLIER_KEYS.len() {
        if let Some(sort) = P::EARLIER_KEYS[i].sort() {
            return *sort;
        }
    }
    NO_SHAPE
}

/// The partition-key template of `P`'s earlier shape `i`, or `P`'s current one when `P` has no
/// such shape.
pub const fn parent_shape_partition<P: Entity>(i: usize) -> KeyTemplate {
    if i < P::EARLIER_KEYS.len() {
        return *P::EARLIER_KEYS[i].partition();
    }
    P::PARTITION_TEMPLATE
}

/// The child's earlier shapes: one per earlier shape of `P`, of `all` (joined for every possible
/// shape, [`MAX_PARENT_SHAPES`]).
pub const fn parent_shapes<P: Entity>(
    all: &'static [EarlierKey; MAX_PARENT_SHAPES],
) -> &'static [EarlierKey] {
    let count = if P::EARLIER_KEYS.len() < MAX_PARENT_SHAPES {
        P::EARLIER_KEYS.len()
    } else {
        MAX_PARENT_SHAPES
    };
    all.split_at(count).0
}

/// The table enum's check of the child's earlier shape `i` (as `listed_earlier_check`), for a
/// shape `P` has. Also checks `P`'s rules ([`parent_sort`]), so a child listed by a table enum is
/// checked at build time even when nothing reads its templates.
pub const fn listed_parent_shape_check<P: Entity, T: crate::Table>(name: &str, i: usize) -> bool {
    parent_sort::<P>();
    i >= P::EARLIER_KEYS.len() || super::listed_earlier_check::<T>(name, i)
}

/// The most parts of a joined template: a parent's and a suffix's, each at most
/// [`MAX_FIELDS`](super::MAX_FIELDS) placeholders with the literals around them.
pub const MAX_JOINED_PARTS: usize = 2 * (2 * super::MAX_FIELDS + 1);

/// The most bytes of a joined template's text (a sort key is at most 1,024 bytes; the text adds
/// its placeholders' names).
pub const MAX_JOINED_TEXT: usize = 2048;

/// The text of a joined template, in a buffer of [`MAX_JOINED_TEXT`] bytes (a constant's value:
/// its length is not known before the parent's template is).
pub struct JoinedText {
    bytes: [u8; MAX_JOINED_TEXT],
    len: usize,
}

impl JoinedText {
    /// The text.
    pub const fn as_str(&'static self) -> &'static str {
        text_of(self.bytes.split_at(self.len).0)
    }
}

/// The parts of a joined template, in a buffer of [`MAX_JOINED_PARTS`].
pub struct JoinedParts {
    parts: [TemplatePart; MAX_JOINED_PARTS],
    len: usize,
}

impl JoinedParts {
    /// The parts.
    pub const fn as_slice(&'static self) -> &'static [TemplatePart] {
        self.parts.split_at(self.len).0
    }
}

/// The text of the joined template: the parent's text, then the suffix's.
pub const fn join_text(parent: &KeyTemplate, suffix: &str) -> JoinedText {
    concat(&[parent.text(), suffix])
}

/// `texts` one after the other.
const fn concat(texts: &[&str]) -> JoinedText {
    let mut bytes = [0u8; MAX_JOINED_TEXT];
    let mut len = 0;
    let mut t = 0;
    while t < texts.len() {
        let text = texts[t].as_bytes();
        if len + text.len() > MAX_JOINED_TEXT {
            panic!(
                "a child entity's sort-key template, its parent's and its own joined, is over \
                 2,048 bytes of text: shorten the templates"
            )
        }
        let mut i = 0;
        while i < text.len() {
            bytes[len + i] = text[i];
            i += 1;
        }
        len += text.len();
        t += 1;
    }
    JoinedText { bytes, len }
}

/// `bytes` (made by [`join_text`] from two texts) as text.
const fn text_of(bytes: &'static [u8]) -> &'static str {
    match core::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(_) => panic!("the joined template text is not UTF-8"),
    }
}

/// `text[start..end]`, a literal of the joined text.
const fn slice(text: &'static str, start: usize, end: usize) -> &'static str {
    let (head, _) = text.as_bytes().split_at(end);
    let (_, middle) = head.split_at(start);
    text_of(middle)
}

/// The parts of the joined template: the parent's, then the suffix's; when the parent ends with a
/// literal and the suffix starts with one, the two are one literal of `text` (the joined text, in
/// which every literal is written as it is).
pub const fn join_parts(
    parent: &KeyTemplate,
    suffix: &[TemplatePart],
    text: &'static str,
) -> JoinedParts {
    let head = parent.parts();
    let mut parts = [TemplatePart::Literal(""); MAX_JOINED_PARTS];
    let mut i = 0;
    while i < head.len() {
        parts[i] = head[i];
        i += 1;
    }
    let mut j = 0;
    if let (Some(TemplatePart::Literal(last)), Some(TemplatePart::Literal(first))) =
        (head.last(), suffix.first())
    {
        let at = parent.text().len();
        parts[i - 1] = TemplatePart::Literal(slice(text, at - last.len(), at + first.len()));
        j = 1;
    }
    while j < suffix.len() {
        parts[i] = suffix[j];
        i += 1;
        j += 1;
    }
    JoinedParts { parts, len: i }
}

/// A joined sort-key template of a child entity, from [`join_text`] and [`join_parts`]: the
/// child's earlier shapes, whose keys are checked by their shape only (as every earlier shape's).
pub const fn child_template(text: &'static str, parts: &'static [TemplatePart]) -> KeyTemplate {
    KeyTemplate::from_parts(text, KeyRole::Sort, parts)
}

/// The child's current sort-key template, under parent `P` with the suffix's field types `Ts`:
/// [`child_template`] whose keys are checked as a derived template's are (every segment a valid
/// encoding of its field's type: the parent's part by `P::matches_sort_key`, the suffix's by
/// `Ts`), so typed reads and collections tell a child's keys from others' as they do any
/// entity's.
pub const fn typed_child_template<P: Entity, Ts: Segments>(
    text: &'static str,
    parts: &'static [TemplatePart],
) -> KeyTemplate {
    child_template(text, parts).with_valid(valid_child_key::<P, Ts>)
}

/// See [`typed_child_template`].
fn valid_child_key<P: Entity, Ts: Segments>(joined: &KeyTemplate, key: &str) -> bool {
    let Some(parent) = P::SORT_TEMPLATE else {
        return false;
    };
    let head = parent.parts();
    let fields = parent.fields().count();
    let mut slots = [""; 2 * super::MAX_FIELDS];
    let count = joined.fields().count();
    let Some(slots) = slots.get_mut(..count) else {
        return false;
    };
    if joined.split_raw(key, slots).is_err() {
        return false;
    }
    // Where the parent's last placeholder ends (0 without one). A parent template that ends with
    // literal text has it merged with the suffix's leading literal (a child's suffix starts with
    // one): the suffix is then checked from that merged literal on.
    let after_field = match fields.checked_sub(1).and_then(|last| slots.get(last)) {
        Some(slot) => slot.as_ptr() as usize - key.as_ptr() as usize + slot.len(),
        None => 0,
    };
    let (parent_end, suffix_start, suffix_parts) = match head.last() {
        Some(TemplatePart::Literal(last)) => {
            (after_field + last.len(), after_field, head.len() - 1)
        }
        _ => (after_field, after_field, head.len()),
    };
    let (Some(parent_key), Some(rest), Some(suffix)) = (
        key.get(..parent_end),
        key.get(suffix_start..),
        joined.parts().get(suffix_parts..),
    ) else {
        return false;
    };
    let suffix = KeyTemplate::from_parts("", KeyRole::Sort, suffix);
    P::matches_sort_key(parent_key) && Ts::valid(&suffix, rest)
}

/// The partition key of a child under `parent`: the parent's.
#[inline]
pub fn child_partition_key<P: Entity>(parent: &Key<P>) -> Result<String, KeyError> {
    Ok(parent.partition().to_owned())
}

/// The sort key of a child under `parent`: the parent's sort key, then `values` by `suffix` (the
/// child's template after the parent's key). The parent's last segment, when it is a
/// variable-width placeholder, is now followed by the suffix's first character, its terminator:
/// a parent key whose last value holds that character has no children (docs/semantics.md §2).
///
/// # Errors
/// [`KeyErrorKind::Terminator`] for such a parent key; the suffix's encoding errors; DynamoDB's
/// size rules on the whole key.
pub fn child_sort_key<P: Entity, Ts, V: Values<Ts>>(
    parent: &Key<P>,
    suffix: &Template<Ts>,
    joined: &KeyTemplate,
    values: V,
) -> Result<String, KeyError> {
    let mut out = parent_sort_key::<P>(parent, &suffix.template, joined)?;
    // Writes the suffix's leading literal, then its fields.
    values.push_key(&suffix.template, &mut out)?;
    super::finish_key(KeyRole::Sort, out)
}

/// The sort-key text every child of `parent` starts with: the parent's sort key and the suffix's
/// leading literal (checked as [`child_sort_key`] says).
fn child_prefix<P: Entity>(
    parent: &Key<P>,
    suffix: &KeyTemplate,
    joined: &KeyTemplate,
) -> Result<String, KeyError> {
    let mut out = parent_sort_key::<P>(parent, suffix, joined)?;
    out.push_str(suffix.literal_prefix());
    Ok(out)
}

/// The parent's sort key, checked as [`child_sort_key`] says, with room for the suffix.
fn parent_sort_key<P: Entity>(
    parent: &Key<P>,
    suffix: &KeyTemplate,
    joined: &KeyTemplate,
) -> Result<String, KeyError> {
    let (Some(sort), Some(template)) = (parent.sort(), P::SORT_TEMPLATE.as_ref()) else {
        return Err(no_parent_sort::<P>());
    };
    checked_parent_sort(template, sort, suffix, joined)
}

/// The error of a parent key without a sort key.
fn no_parent_sort<P: Entity>() -> KeyError {
    KeyErrorKind::Condition(format!(
        "the parent key of a `{}` has no sort key",
        P::ENTITY_NAME
    ))
    .into()
}

/// `sort`, a parent's sort key by `template`, checked as [`child_sort_key`] says (its last
/// variable-width segment without the suffix's first character), with room for the suffix.
fn checked_parent_sort(
    template: &KeyTemplate,
    sort: &str,
    suffix: &KeyTemplate,
    joined: &KeyTemplate,
) -> Result<String, KeyError> {
    let terminator = suffix.literal_prefix().chars().next();
    if let (
        Some(TemplatePart::Field {
            name, width: None, ..
        }),
        Some(terminator),
    ) = (template.parts().last(), terminator)
    {
        let segments = template.segments(sort)?;
        if let Some((_, last)) = segments.last() {
            if last.contains(terminator) {
                return Err(field_error(last, name, Some(terminator), joined.text()));
            }
        }
    }
    let mut out = String::with_capacity(sort.len() + suffix.capacity());
    out.push_str(sort);
    Ok(out)
}

/// The generated `C::query_under(&parent)`: the children `C` of `parent`, a Query of the
/// parent's partition with `begins_with` of the parent's sort key and the child's leading
/// literal.
pub fn query_under<P: Entity, C: Entity>(
    parent: &Key<P>,
    suffix: &KeyTemplate,
    joined: &KeyTemplate,
) -> KeyQuery<C, crate::PrimaryIndex, crate::SortKeyRange> {
    let prefix = child_prefix::<P>(parent, suffix, joined);
    super::query::<C>(child_partition_key(parent))
        .begins_with(SortKeyPartial::<C, crate::PrimaryIndex>::new(prefix))
}
