//! [`Matcher`]: which member of a collection an item belongs to, by its sort key.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock, RwLock};

use super::overlap::{member_overlap, Overlap};
use super::Member;

/// Tells the members of a collection apart by sort key (and entity-type attribute), for one read.
///
/// A key belongs to a member when it starts with the member's literal prefix, its entity-type
/// attribute (if the member declares one) names the member's entity, and the member's generated
/// [`Entity::matches_sort_key`](crate::Entity::matches_sort_key) accepts it: the template's
/// literals are in place and every segment decodes. Members are tried in declaration order, each
/// only after a cheap literal-prefix test; once one accepts, the key is also tried against the
/// members that [`member_overlap`] could not prove disjoint from it at build time, so a key that two
/// members accept is reported instead of being given to the first.
#[derive(Debug, Clone)]
#[doc(hidden)]
pub struct Matcher {
    members: &'static [Member],
    /// For member `i`, the later members `j` whose keys may overlap with `i`'s.
    recheck: Arc<[Box<[usize]>]>,
}

/// Two members both accept one key: see [`Matcher::classify`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ambiguity {
    /// The index in `MEMBERS` of the first member that accepts the key.
    pub first: usize,
    /// The index of another member that accepts it too.
    pub second: usize,
}

impl Matcher {
    /// A matcher for `members` (a collection's [`Collection::MEMBERS`](super::Collection::MEMBERS)).
    /// The pairwise overlap analysis depends only on the members, so it runs once per member list
    /// in the process and is shared by every matcher made for it after that (one read-locked map
    /// lookup).
    pub fn new(members: &'static [Member]) -> Matcher {
        // Keyed by the list's address and length: `'static` data never changes, so one key is
        // always one content (a list the compiler places twice only gets two equal entries).
        type Analysed = RwLock<HashMap<(usize, usize), Arc<[Box<[usize]>]>>>;
        static ANALYSED: OnceLock<Analysed> = OnceLock::new();
        let analysed = ANALYSED.get_or_init(RwLock::default);
        let address = (members.as_ptr() as usize, members.len());
        let known = analysed
            .read()
            .ok()
            .and_then(|map| map.get(&address).cloned());
        let recheck = known.unwrap_or_else(|| {
            let recheck = overlaps(members);
            if let Ok(mut map) = analysed.write() {
                map.insert(address, Arc::clone(&recheck));
            }
            recheck
        });
        Matcher { members, recheck }
    }

    /// The members this matcher tells apart.
    pub fn members(&self) -> &'static [Member] {
        self.members
    }

    /// The index in `members` of the member `sort_key` belongs to, or `None` when it belongs to
    /// none. `attribute(name)` returns the item's string attribute `name`, for members that declare
    /// an entity-type attribute.
    ///
    /// # Errors
    /// [`Ambiguity`] when two members accept the key (for a derived collection, possible only for
    /// members whose templates the build-time analysis found [`Overlap::Possible`]).
    pub fn classify<'a>(
        &self,
        sort_key: &str,
        attribute: impl Fn(&str) -> Option<&'a str>,
    ) -> Result<Option<usize>, Ambiguity> {
        for (i, member) in self.members.iter().enumerate() {
            if !accepts(member, sort_key, &attribute) {
                continue;
            }
            if let Some(recheck) = self.recheck.get(i) {
                for &j in recheck {
                    if self
                        .members
                        .get(j)
                        .is_some_and(|other| accepts(other, sort_key, &attribute))
                    {
                        return Err(Ambiguity {
                            first: i,
                            second: j,
                        });
                    }
                }
            }
            return Ok(Some(i));
        }
        Ok(None)
    }
}

/// For each member `i`, the later members `j` that [`member_overlap`] could not prove disjoint
/// from it.
fn overlaps(members: &[Member]) -> Arc<[Box<[usize]>]> {
    (0..members.len())
        .map(|i| {
            (i + 1..members.len())
                .filter(|&j| member_overlap(&members[i], &members[j]) != Overlap::Disjoint)
                .collect()
        })
        .collect()
}

#[inline]
fn accepts<'a>(member: &Member, key: &str, attribute: &impl Fn(&str) -> Option<&'a str>) -> bool {
    if !key.starts_with(member.prefix()) {
        return false;
    }
    if let Some(name) = member.entity_type {
        if attribute(name) != Some(member.entity) {
            return false;
        }
    }
    (member.matches)(key)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collection::Cardinality;
    use crate::error::KeyRole;
    use crate::template::{KeyTemplate, TemplatePart};

    const META: KeyTemplate = KeyTemplate {
        text: "META",
        role: KeyRole::Sort,
        parts: &[TemplatePart::Literal("META")],
        valid: None,
    };
    const PROJ: KeyTemplate = KeyTemplate {
        text: "PROJ#<id>",
        role: KeyRole::Sort,
        parts: &[
            TemplatePart::Literal("PROJ#"),
            TemplatePart::Field {
                name: "id",
                width: None,
                any_text: false,
            },
        ],
        valid: None,
    };
    const NAME: KeyTemplate = KeyTemplate {
        text: "<name>",
        role: KeyRole::Sort,
        parts: &[TemplatePart::Field {
            name: "name",
            width: None,
            any_text: false,
        }],
        valid: None,
    };

    fn member(
        field: &'static str,
        entity: &'static str,
        template: KeyTemplate,
        entity_type: Option<&'static str>,
        matches: fn(&str) -> bool,
    ) -> Member {
        let many = Cardinality::Many;
        crate::__private::member(field, entity, many, Some(template), entity_type, matches)
    }

    fn leak(members: Vec<Member>) -> &'static [Member] {
        Box::leak(members.into_boxed_slice())
    }

    fn none(_: &str) -> Option<&'static str> {
        None
    }

    #[test]
    fn dispatches_on_templates() {
        let m = Matcher::new(leak(vec![
            member("settings", "Settings", META, None, |k| META.matches(k)),
            member("projects", "Project", PROJ, None, |k| PROJ.matches(k)),
        ]));
        assert_eq!(m.classify("META", none), Ok(Some(0)));
        assert_eq!(m.classify("PROJ#p1", none), Ok(Some(1)));
        // An empty last segment: no key `Project`'s encoder writes.
        assert_eq!(m.classify("PROJ#", none), Ok(None));
        assert_eq!(m.classify("INVITE#bob", none), Ok(None));
        assert_eq!(m.classify("METAX", none), Ok(None));
        assert_eq!(m.classify("", none), Ok(None));
    }

    #[test]
    fn a_segment_that_does_not_decode_is_not_a_match() {
        // A member whose only segment must be digits, as a u64 field's decoder demands.
        let m = Matcher::new(leak(vec![member("n", "N", PROJ, None, |k| {
            k.strip_prefix("PROJ#")
                .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
        })]));
        assert_eq!(m.classify("PROJ#42", none), Ok(Some(0)));
        assert_eq!(m.classify("PROJ#4x", none), Ok(None));
    }

    #[test]
    fn possible_overlaps_are_checked_per_key() {
        let m = Matcher::new(leak(vec![
            member("settings", "Settings", META, None, |k| META.matches(k)),
            member("tags", "Tag", NAME, None, |k| NAME.matches(k)),
        ]));
        assert_eq!(m.classify("urgent", none), Ok(Some(1)));
        assert_eq!(
            m.classify("META", none),
            Err(Ambiguity {
                first: 0,
                second: 1
            })
        );
    }

    #[test]
    fn entity_type_attributes_tell_identical_templates_apart() {
        let m = Matcher::new(leak(vec![
            member("folders", "Folder", NAME, Some("_type"), |k| {
                NAME.matches(k)
            }),
            member("files", "File", NAME, Some("_type"), |k| NAME.matches(k)),
        ]));
        assert!(m.recheck.iter().all(|r| r.is_empty()), "proved disjoint");
        assert_eq!(m.classify("a/", |_| Some("Folder")), Ok(Some(0)));
        assert_eq!(m.classify("a", |_| Some("File")), Ok(Some(1)));
        assert_eq!(m.classify("a", |_| Some("Other")), Ok(None));
        assert_eq!(m.classify("a", none), Ok(None));
    }
}
