//! Whether two sort-key templates can produce the same key, decided by `const fn`s so that
//! `#[derive(Collection)]` can run them at build time.
//!
//! Each template is read as an automaton over the key's UTF-8 bytes: a literal matches its bytes, a
//! fixed-width field ([`KeySegment::WIDTH`](crate::KeySegment::WIDTH)) any `WIDTH` bytes, and a
//! variable-width field any bytes up to the first occurrence of its terminator (the first character
//! of the literal after it), or up to the end of the key when it ends the template. This is what
//! the generated parsers accept before segment values are decoded, so it over-approximates the keys
//! a template really matches (segment types may reject text, e.g. `u64` wants digits). Searching
//! the product of the two automata then gives one of three verdicts:
//!
//! - [`Overlap::Disjoint`]: no text has the shape of both templates, so no key can match both
//!   (e.g. `META` and `PROJ#<id>`, or `PROJ#<id>#` and `PROJ#<id>#TASK#<task>`);
//! - [`Overlap::Identical`]: the same literals and field widths in the same places (field names
//!   aside): every key of one has the shape of the other; a collection rejects this at build time;
//! - [`Overlap::Certain`]: some text has both shapes, and every field of both templates is of a
//!   type that accepts any text ([`KeySegment::ANY_TEXT`](crate::KeySegment::ANY_TEXT), e.g.
//!   `String`) and every literal is ASCII, so that text is a real key of both (`META` and `<name>`
//!   with a `String` name; `PROJ#<id>` and `PROJ#<id>#TASK#<task>` with `String` fields); a
//!   collection rejects this at build time too;
//! - [`Overlap::Possible`]: some text has both shapes, but whether a real key decodes under both
//!   depends on the segment values (`META` and `<status>` overlap only if `status`'s type decodes
//!   `"META"`); a collection checks such pairs on every item at run time.

use super::Member;
use crate::template::{KeyTemplate, TemplatePart};

/// The verdict of [`template_overlap`]; see the [module docs](self).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Overlap {
    /// No key can match both templates.
    Disjoint,
    /// The templates are the same up to field names: every key of one matches the other.
    Identical,
    /// Some key matches both templates: the shapes overlap and every field takes any text.
    Certain,
    /// Some key text matches both shapes; whether a real key decodes under both is only known once
    /// the key is read.
    Possible,
}

/// The most automaton positions per template the search handles (the sum of literal lengths and
/// fixed widths, plus one per variable-width field). Larger templates are reported as
/// [`Overlap::Possible`], which is always safe: such pairs are checked at run time.
const MAX_POSITIONS: usize = 256;
/// The most pair states the search keeps pending at once; beyond it the verdict is
/// [`Overlap::Possible`].
const MAX_PENDING: usize = 4096;

/// `a == b` for strings, usable in `const` contexts.
pub const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// `true` when both templates have the same literals with fields in the same places, ignoring
/// field names and widths: they build the same key from the same field values. Collections use it
/// for their members' partition-key templates (the field types are compared separately, through
/// [`Entity::PartitionFields`](crate::Entity::PartitionFields)).
pub const fn same_literals(a: &KeyTemplate, b: &KeyTemplate) -> bool {
    if a.parts.len() != b.parts.len() {
        return false;
    }
    let mut i = 0;
    while i < a.parts.len() {
        match (a.parts[i], b.parts[i]) {
            (TemplatePart::Literal(x), TemplatePart::Literal(y)) => {
                if !str_eq(x, y) {
                    return false;
                }
            }
            (TemplatePart::Field { .. }, TemplatePart::Field { .. }) => {}
            _ => return false,
        }
        i += 1;
    }
    true
}

/// `true` when the templates have the same literals and the same field widths in the same places
/// (field names aside).
pub const fn identical(a: &KeyTemplate, b: &KeyTemplate) -> bool {
    if !same_literals(a, b) {
        return false;
    }
    let mut i = 0;
    while i < a.parts.len() {
        if let (TemplatePart::Field { width: x, .. }, TemplatePart::Field { width: y, .. }) =
            (a.parts[i], b.parts[i])
        {
            match (x, y) {
                (None, None) => {}
                (Some(x), Some(y)) if x == y => {}
                _ => return false,
            }
        }
        i += 1;
    }
    true
}

/// Whether some key can match both sort-key templates; see the [module docs](self).
pub const fn template_overlap(a: &KeyTemplate, b: &KeyTemplate) -> Overlap {
    if identical(a, b) {
        return Overlap::Identical;
    }
    if !supported(a.parts) || !supported(b.parts) {
        return Overlap::Possible;
    }
    let (size_a, size_b) = (positions(a.parts), positions(b.parts));
    if size_a > MAX_POSITIONS || size_b > MAX_POSITIONS {
        return Overlap::Possible;
    }
    // Breadth-first search over pairs of positions, looking for a pair where both accept.
    let mut seen = [0u64; MAX_POSITIONS * MAX_POSITIONS / 64];
    let mut pending = [(Pos { part: 0, offset: 0 }, Pos { part: 0, offset: 0 }); MAX_PENDING];
    let mut len = 0;
    let start = (normalize(a.parts, 0, 0), normalize(b.parts, 0, 0));
    mark(&mut seen, flat(a.parts, start.0), flat(b.parts, start.1));
    pending[0] = start;
    len += 1;
    while len > 0 {
        len -= 1;
        let (pa, pb) = pending[len];
        if accepts(a.parts, pa) && accepts(b.parts, pb) {
            return if takes_any_text(a.parts) && takes_any_text(b.parts) {
                Overlap::Certain
            } else {
                Overlap::Possible
            };
        }
        // The bytes either side treats specially, plus one byte neither does.
        let (ca, cb) = (special(a.parts, pa), special(b.parts, pb));
        let mut candidates = [0u8; 3];
        let mut count = 0;
        if let Some(c) = ca {
            candidates[count] = c;
            count += 1;
        }
        if let Some(c) = cb {
            candidates[count] = c;
            count += 1;
        }
        let mut other = 0u8;
        while matches!(ca, Some(c) if c == other) || matches!(cb, Some(c) if c == other) {
            other += 1;
        }
        candidates[count] = other;
        count += 1;
        let mut k = 0;
        while k < count {
            let next_a = step(a.parts, pa, candidates[k]);
            let next_b = step(b.parts, pb, candidates[k]);
            let mut i = 0;
            while i < 2 {
                let mut j = 0;
                while j < 2 {
                    if let (Some(na), Some(nb)) = (next_a[i], next_b[j]) {
                        let (fa, fb) = (flat(a.parts, na), flat(b.parts, nb));
                        if !is_marked(&seen, fa, fb) {
                            if len == MAX_PENDING {
                                return Overlap::Possible;
                            }
                            mark(&mut seen, fa, fb);
                            pending[len] = (na, nb);
                            len += 1;
                        }
                    }
                    j += 1;
                }
                i += 1;
            }
            k += 1;
        }
    }
    Overlap::Disjoint
}

/// Whether some key can belong to both members: [`Overlap::Disjoint`] when both declare the same
/// entity-type attribute and different entity names (the attribute tells their items apart),
/// otherwise [`template_overlap`] of their sort-key templates ([`Overlap::Possible`] when one has
/// none).
pub const fn member_overlap(a: &Member, b: &Member) -> Overlap {
    if let (Some(x), Some(y)) = (a.entity_type, b.entity_type) {
        if str_eq(x, y) && !str_eq(a.entity, b.entity) {
            return Overlap::Disjoint;
        }
    }
    match (&a.sort_template, &b.sort_template) {
        (Some(x), Some(y)) => template_overlap(x, y),
        _ => Overlap::Possible,
    }
}

/// A position in a template: the part, and the byte offset inside a literal or fixed-width field
/// (always 0 inside a variable-width field). `part == parts.len()` is the end of the key.
#[derive(Clone, Copy)]
struct Pos {
    part: usize,
    offset: usize,
}

/// Templates the derive produces: no empty literal, and a variable-width field is followed by a
/// literal or ends the template. Anything else is answered with [`Overlap::Possible`].
const fn supported(parts: &[TemplatePart]) -> bool {
    let mut i = 0;
    while i < parts.len() {
        match parts[i] {
            TemplatePart::Literal(text) => {
                if text.is_empty() {
                    return false;
                }
            }
            TemplatePart::Field { width: None, .. } => {
                if i + 1 < parts.len() && !matches!(parts[i + 1], TemplatePart::Literal(_)) {
                    return false;
                }
            }
            TemplatePart::Field { .. } => {}
        }
        i += 1;
    }
    true
}

/// `true` when every text the template's shape accepts is a key of it: each field accepts any
/// text, and the literals are ASCII (so the search's witness, made of literal bytes and one other
/// ASCII byte, is text the parser splits as the shape does).
const fn takes_any_text(parts: &[TemplatePart]) -> bool {
    let mut i = 0;
    while i < parts.len() {
        match parts[i] {
            TemplatePart::Literal(text) => {
                if !text.is_ascii() {
                    return false;
                }
            }
            TemplatePart::Field { any_text, .. } => {
                if !any_text {
                    return false;
                }
            }
        }
        i += 1;
    }
    true
}

/// How many bytes (or states) a part spans.
const fn size(part: TemplatePart) -> usize {
    match part {
        TemplatePart::Literal(text) => text.len(),
        TemplatePart::Field {
            width: Some(width), ..
        } => width,
        TemplatePart::Field { width: None, .. } => 1,
    }
}

/// The number of positions of a template, the end included.
const fn positions(parts: &[TemplatePart]) -> usize {
    let mut total = 1;
    let mut i = 0;
    while i < parts.len() {
        total += size(parts[i]);
        i += 1;
    }
    total
}

/// A position's index among [`positions`].
const fn flat(parts: &[TemplatePart], pos: Pos) -> usize {
    let mut index = pos.offset;
    let mut i = 0;
    while i < pos.part && i < parts.len() {
        index += size(parts[i]);
        i += 1;
    }
    index
}

const fn mark(seen: &mut [u64], a: usize, b: usize) {
    let bit = a * MAX_POSITIONS + b;
    seen[bit / 64] |= 1 << (bit % 64);
}

const fn is_marked(seen: &[u64], a: usize, b: usize) -> bool {
    let bit = a * MAX_POSITIONS + b;
    seen[bit / 64] & (1 << (bit % 64)) != 0
}

/// Moves past parts that are fully consumed (a literal or fixed-width field at its end).
const fn normalize(parts: &[TemplatePart], mut part: usize, mut offset: usize) -> Pos {
    while part < parts.len() {
        let done = match parts[part] {
            TemplatePart::Literal(text) => offset >= text.len(),
            TemplatePart::Field {
                width: Some(width), ..
            } => offset >= width,
            TemplatePart::Field { width: None, .. } => false,
        };
        if !done {
            break;
        }
        part += 1;
        offset = 0;
    }
    Pos { part, offset }
}

/// `true` when the key may end at `pos`: after the last part, or inside a variable-width field
/// that ends the template.
const fn accepts(parts: &[TemplatePart], pos: Pos) -> bool {
    pos.part == parts.len()
        || (pos.part + 1 == parts.len()
            && matches!(parts[pos.part], TemplatePart::Field { width: None, .. }))
}

/// The one byte that `pos` treats differently from all others: a literal's next byte, or a
/// variable-width field's terminator byte.
const fn special(parts: &[TemplatePart], pos: Pos) -> Option<u8> {
    if pos.part >= parts.len() {
        return None;
    }
    match parts[pos.part] {
        TemplatePart::Literal(text) => Some(text.as_bytes()[pos.offset]),
        TemplatePart::Field { width: None, .. } => match next_literal(parts, pos.part) {
            Some(text) => Some(text.as_bytes()[0]),
            None => None,
        },
        TemplatePart::Field { .. } => None,
    }
}

const fn next_literal(parts: &[TemplatePart], part: usize) -> Option<&'static str> {
    if part + 1 < parts.len() {
        if let TemplatePart::Literal(text) = parts[part + 1] {
            return Some(text);
        }
    }
    None
}

/// The positions reachable from `pos` by reading byte `c` (at most two: a variable-width field
/// whose terminator is not ASCII may either stay in the field or start the literal, since its
/// first byte can also occur inside other characters).
const fn step(parts: &[TemplatePart], pos: Pos, c: u8) -> [Option<Pos>; 2] {
    if pos.part >= parts.len() {
        return [None, None];
    }
    match parts[pos.part] {
        TemplatePart::Literal(text) => {
            if text.as_bytes()[pos.offset] == c {
                [Some(normalize(parts, pos.part, pos.offset + 1)), None]
            } else {
                [None, None]
            }
        }
        TemplatePart::Field { width: Some(_), .. } => {
            [Some(normalize(parts, pos.part, pos.offset + 1)), None]
        }
        TemplatePart::Field { width: None, .. } => match next_literal(parts, pos.part) {
            None => [Some(pos), None],
            Some(text) => {
                let t = text.as_bytes()[0];
                if c != t {
                    [Some(pos), None]
                } else if t.is_ascii() {
                    // The parser splits at the first terminator: the field cannot contain it.
                    [Some(normalize(parts, pos.part + 1, 1)), None]
                } else {
                    [Some(normalize(parts, pos.part + 1, 1)), Some(pos)]
                }
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::KeyRole;

    const fn lit(text: &'static str) -> TemplatePart {
        TemplatePart::Literal(text)
    }
    /// A variable-width field of a type that restricts its text (e.g. a `KeyPath`).
    const fn var(name: &'static str) -> TemplatePart {
        TemplatePart::Field {
            name,
            width: None,
            any_text: false,
        }
    }
    /// A variable-width field of a type that takes any text (`String`).
    const fn text(name: &'static str) -> TemplatePart {
        TemplatePart::Field {
            name,
            width: None,
            any_text: true,
        }
    }
    const fn fixed(name: &'static str, width: usize) -> TemplatePart {
        TemplatePart::Field {
            name,
            width: Some(width),
            any_text: false,
        }
    }
    const fn t(text: &'static str, parts: &'static [TemplatePart]) -> KeyTemplate {
        KeyTemplate {
            text,
            role: KeyRole::Sort,
            parts,
            valid: None,
        }
    }

    fn leak(parts: Vec<TemplatePart>) -> &'static [TemplatePart] {
        Box::leak(parts.into_boxed_slice())
    }

    const META: KeyTemplate = t("META", &[lit("META")]);
    const PROJ: KeyTemplate = t("PROJ#<id>", &[lit("PROJ#"), var("id")]);
    const PROJ_TIME: KeyTemplate = t(
        "PROJ#<created>#<id>",
        &[lit("PROJ#"), fixed("created", 20), lit("#"), var("id")],
    );
    const PROJ_GROUP: KeyTemplate = t("PROJ#<id>#", &[lit("PROJ#"), var("id"), lit("#")]);
    const TASK: KeyTemplate = t(
        "PROJ#<id>#TASK#<task>",
        &[lit("PROJ#"), var("id"), lit("#TASK#"), var("task")],
    );
    const PATH: KeyTemplate = t("<path>", &[var("path")]);
    const OTHER_PATH: KeyTemplate = t("<p>", &[var("p")]);
    const NUMBER: KeyTemplate = t("<n>", &[fixed("n", 20)]);

    #[test]
    fn different_literal_prefixes_are_disjoint() {
        assert_eq!(template_overlap(&META, &PROJ), Overlap::Disjoint);
        assert_eq!(template_overlap(&PROJ, &META), Overlap::Disjoint);
        assert_eq!(template_overlap(&META, &PROJ_TIME), Overlap::Disjoint);
    }

    #[test]
    fn identical_up_to_field_names() {
        assert_eq!(template_overlap(&META, &META), Overlap::Identical);
        assert_eq!(template_overlap(&PATH, &OTHER_PATH), Overlap::Identical);
        assert_eq!(template_overlap(&PROJ_TIME, &PROJ_TIME), Overlap::Identical);
        // Same literals, different widths: not identical, but the shapes overlap.
        let text = t(
            "PROJ#<created>#<id>",
            leak(vec![lit("PROJ#"), var("c"), lit("#"), var("id")]),
        );
        assert_eq!(template_overlap(&PROJ_TIME, &text), Overlap::Possible);
    }

    #[test]
    fn a_terminator_after_the_group_separates_parent_and_child() {
        // `PROJ#<id>` runs to the end of the key, so it also has the shape of every task key.
        assert_eq!(template_overlap(&PROJ, &TASK), Overlap::Possible);
        // `PROJ#<id>#` ends right after the id's terminator: no task key has that shape.
        assert_eq!(template_overlap(&PROJ_GROUP, &TASK), Overlap::Disjoint);
        assert_eq!(template_overlap(&TASK, &PROJ_GROUP), Overlap::Disjoint);
    }

    #[test]
    fn fixed_widths_count_bytes() {
        // 20 digits and nothing else never equals the 4 bytes of META.
        assert_eq!(template_overlap(&NUMBER, &META), Overlap::Disjoint);
        let short = t("<n>", leak(vec![fixed("n", 4)]));
        assert_eq!(template_overlap(&short, &META), Overlap::Possible);
        // PROJ# + 20 bytes + # + id: the id template may contain the same text.
        assert_eq!(template_overlap(&PROJ_TIME, &PROJ), Overlap::Possible);
        let two = t("A<x>B", leak(vec![lit("A"), fixed("x", 2), lit("B")]));
        let three = t("A<x>B", leak(vec![lit("A"), fixed("x", 3), lit("B")]));
        assert_eq!(template_overlap(&two, &three), Overlap::Disjoint);
    }

    #[test]
    fn a_template_that_starts_with_a_field_may_overlap_anything() {
        assert_eq!(template_overlap(&PATH, &META), Overlap::Possible);
        assert_eq!(template_overlap(&META, &PATH), Overlap::Possible);
        assert_eq!(template_overlap(&PATH, &TASK), Overlap::Possible);
        let tagged = t("<name>#TAG", leak(vec![var("name"), lit("#TAG")]));
        assert_eq!(template_overlap(&tagged, &META), Overlap::Disjoint);
        assert_eq!(template_overlap(&tagged, &PROJ), Overlap::Possible);
    }

    #[test]
    fn non_ascii_terminators_are_handled_conservatively() {
        let a = t("<x>é", leak(vec![var("x"), lit("é")]));
        let b = t(
            "<x>é<y>é",
            leak(vec![var("x"), lit("é"), var("y"), lit("é")]),
        );
        assert_eq!(template_overlap(&a, &b), Overlap::Possible);
        let c = t("Z<x>é", leak(vec![lit("Z"), var("x"), lit("é")]));
        assert_eq!(template_overlap(&c, &META), Overlap::Disjoint);
    }

    #[test]
    fn unsupported_or_huge_templates_are_possible() {
        let adjacent = t("<a><b>", leak(vec![var("a"), var("b")]));
        assert_eq!(template_overlap(&adjacent, &META), Overlap::Possible);
        const LONG: &str = "0123456789012345678901234567890123456789012345678901234567890123\
                            0123456789012345678901234567890123456789012345678901234567890123\
                            0123456789012345678901234567890123456789012345678901234567890123\
                            0123456789012345678901234567890123456789012345678901234567890123";
        let long = t(LONG, leak(vec![lit(LONG)]));
        assert_eq!(template_overlap(&long, &META), Overlap::Possible);
    }

    #[test]
    fn overlaps_of_fields_that_take_any_text_are_certain() {
        let proj = t("PROJ#<id>", leak(vec![lit("PROJ#"), text("id")]));
        let task = t(
            "PROJ#<id>#TASK#<task>",
            leak(vec![lit("PROJ#"), text("id"), lit("#TASK#"), text("task")]),
        );
        let name = t("<name>", leak(vec![text("name")]));
        assert_eq!(template_overlap(&proj, &task), Overlap::Certain);
        assert_eq!(template_overlap(&name, &META), Overlap::Certain);
        assert_eq!(template_overlap(&META, &name), Overlap::Certain);
        // One field that restricts its text is enough to leave the pair to the run-time check.
        assert_eq!(template_overlap(&PROJ_TIME, &proj), Overlap::Possible);
        assert_eq!(template_overlap(&PATH, &META), Overlap::Possible);
        // Disjoint and identical verdicts do not depend on the field types.
        let group = t("PROJ#<id>#", leak(vec![lit("PROJ#"), text("id"), lit("#")]));
        assert_eq!(template_overlap(&group, &task), Overlap::Disjoint);
        assert_eq!(template_overlap(&proj, &PROJ), Overlap::Identical);
        // A non-ASCII literal: the witness may not be text the parser splits the same way.
        let a = t("<x>é", leak(vec![text("x"), lit("é")]));
        let b = t(
            "<x>é<y>é",
            leak(vec![text("x"), lit("é"), text("y"), lit("é")]),
        );
        assert_eq!(template_overlap(&a, &b), Overlap::Possible);
    }

    /// Each certain verdict has a real key both templates' parsers accept.
    #[test]
    fn certain_verdicts_have_a_key_both_templates_accept() {
        let pairs = [
            (
                t("PROJ#<id>", leak(vec![lit("PROJ#"), text("id")])),
                t(
                    "PROJ#<id>#TASK#<task>",
                    leak(vec![lit("PROJ#"), text("id"), lit("#TASK#"), text("task")]),
                ),
                "PROJ#a#TASK#b",
            ),
            (t("<name>", leak(vec![text("name")])), META, "META"),
            (
                t("A<x>B", leak(vec![lit("A"), text("x"), lit("B")])),
                t("A<y>", leak(vec![lit("A"), text("y")])),
                "AxB",
            ),
        ];
        for (a, b, key) in pairs {
            assert_eq!(template_overlap(&a, &b), Overlap::Certain, "{}", a.text);
            assert!(a.matches(key) && b.matches(key), "{key}");
        }
    }

    #[test]
    fn runs_in_const_context() {
        const VERDICT: Overlap = template_overlap(&PROJ_GROUP, &TASK);
        assert_eq!(VERDICT, Overlap::Disjoint);
        const SAME: bool = same_literals(
            &PROJ_TIME,
            &t("x", &[lit("PROJ#"), var("a"), lit("#"), var("b")]),
        );
        const { assert!(SAME) };
        assert!(!same_literals(&META, &PROJ));
        assert!(str_eq("_type", "_type") && !str_eq("_type", "_typ") && !str_eq("a", "b"));
    }

    /// Cross-checks the verdicts against the real parser on keys built from the templates' pieces.
    #[test]
    fn disjoint_verdicts_agree_with_the_parser() {
        let templates = [META, PROJ, PROJ_TIME, PROJ_GROUP, TASK, PATH, NUMBER];
        let keys = [
            "META",
            "PROJ#a",
            "PROJ#a#",
            "PROJ#a#TASK#b",
            "PROJ#00000000000000000042#a",
            "PROJ#00000000000000000042#",
            "00000000000000000042",
            "root/photos/",
            "PROJ##TASK#",
        ];
        for a in &templates {
            for b in &templates {
                if template_overlap(a, b) != Overlap::Disjoint {
                    continue;
                }
                for key in keys {
                    assert!(
                        !(a.matches(key) && b.matches(key)),
                        "{} and {} were judged disjoint but both match {key:?}",
                        a.text,
                        b.text
                    );
                }
            }
        }
    }
}
