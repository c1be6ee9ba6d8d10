//! [`KeyPath`]: a hierarchical address for sort keys (folders, categories, org charts).

use std::fmt;

use crate::condition::SegmentPrefix;
use crate::error::SegmentError;
use crate::segment::KeySegment;

const WHAT: &str = "path (non-empty `/`-separated segments, folders ending in `/`)";

/// A path of one or more non-empty segments joined by `/`; a **folder** ends with `/`, a **file**
/// does not.
///
/// Used as a sort-key segment it makes a subtree one contiguous slice of the partition: a folder's
/// key (`root/photos/`) is a prefix of every descendant's key and sorts before them, and it stays
/// distinct from a sibling file of the same name (`root/photos`). `begins_with(SK, "root/photos/")`
/// reads the folder and its whole subtree in one Query (AWS developer guide, "Best practices for
/// using sort keys to organize data").
///
/// Order is the UTF-8 byte order of the text, which is what DynamoDB uses. A segment may not be
/// empty or contain `/`; the key encoder additionally rejects the template's terminator inside it.
///
/// ```
/// use dynakey::KeyPath;
/// let photos = KeyPath::folder(["root", "photos"]).unwrap();
/// assert_eq!(photos.as_str(), "root/photos/");
/// let beach = photos.child_file("beach.jpg").unwrap();
/// assert_eq!(beach.as_str(), "root/photos/beach.jpg");
/// assert_eq!(beach.parent(), Some(photos.clone()));
/// assert!(photos < beach);
/// assert!(KeyPath::parse("root//x").is_err());
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct KeyPath {
    text: String,
}

fn check_segment(segment: &str) -> Result<(), SegmentError> {
    if segment.is_empty() {
        return Err(SegmentError::Unencodable(
            "a path segment may not be empty".into(),
        ));
    }
    if segment.contains('/') {
        return Err(SegmentError::Unencodable(format!(
            "path segment {segment:?} contains '/', the path separator"
        )));
    }
    Ok(())
}

impl KeyPath {
    fn build<I, S>(segments: I, folder: bool) -> Result<Self, SegmentError>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let mut text = String::new();
        for segment in segments {
            let segment = segment.as_ref();
            check_segment(segment)?;
            if !text.is_empty() {
                text.push('/');
            }
            text.push_str(segment);
        }
        if text.is_empty() {
            return Err(SegmentError::Unencodable(
                "a path needs at least one segment".into(),
            ));
        }
        if folder {
            text.push('/');
        }
        Ok(KeyPath { text })
    }

    /// A file path from its segments, e.g. `["root", "photos", "beach.jpg"]` → `root/photos/beach.jpg`.
    ///
    /// # Errors
    /// [`SegmentError::Unencodable`] for no segments, an empty segment or one containing `/`.
    pub fn file<I, S>(segments: I) -> Result<Self, SegmentError>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        Self::build(segments, false)
    }

    /// A folder path from its segments, e.g. `["root", "photos"]` → `root/photos/`.
    ///
    /// # Errors
    /// As [`KeyPath::file`].
    pub fn folder<I, S>(segments: I) -> Result<Self, SegmentError>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        Self::build(segments, true)
    }

    /// Parses the text form: a trailing `/` makes a folder.
    ///
    /// # Errors
    /// [`SegmentError::Malformed`] for empty text, a leading `/`, or `//`.
    pub fn parse(text: &str) -> Result<Self, SegmentError> {
        if !Self::is_valid(text) {
            return Err(SegmentError::malformed(WHAT, text));
        }
        Ok(KeyPath {
            text: text.to_owned(),
        })
    }

    /// `true` when [`KeyPath::parse`] accepts `text`.
    pub fn is_valid(text: &str) -> bool {
        let body = text.strip_suffix('/').unwrap_or(text);
        !(body.is_empty() || body.split('/').any(str::is_empty))
    }

    /// The text form, which is also the key encoding.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// `true` for a folder (text ends with `/`).
    pub fn is_folder(&self) -> bool {
        self.text.ends_with('/')
    }

    fn body(&self) -> &str {
        self.text.strip_suffix('/').unwrap_or(&self.text)
    }

    /// The segments, without separators.
    pub fn segments(&self) -> impl Iterator<Item = &str> {
        self.body().split('/')
    }

    /// The number of segments: `root/` is 1, `root/photos/beach.jpg` is 3.
    pub fn depth(&self) -> usize {
        self.segments().count()
    }

    /// The last segment: the file or folder name.
    pub fn name(&self) -> &str {
        let body = self.body();
        body.rsplit_once('/').map_or(body, |(_, name)| name)
    }

    /// The folder that contains this path, or `None` for a top-level path.
    pub fn parent(&self) -> Option<KeyPath> {
        let body = self.body();
        body.rsplit_once('/').map(|(parent, _)| KeyPath {
            text: format!("{parent}/"),
        })
    }

    /// `true` when `self` is a folder and `other` lies inside it (at any depth).
    pub fn contains(&self, other: &KeyPath) -> bool {
        self.is_folder() && other.text.len() > self.text.len() && other.text.starts_with(&self.text)
    }

    fn child(&self, name: &str, folder: bool) -> Result<KeyPath, SegmentError> {
        if !self.is_folder() {
            return Err(SegmentError::Unencodable(format!(
                "{:?} is a file; only a folder can have children",
                self.text
            )));
        }
        check_segment(name)?;
        let mut text = String::with_capacity(self.text.len() + name.len() + 1);
        text.push_str(&self.text);
        text.push_str(name);
        if folder {
            text.push('/');
        }
        Ok(KeyPath { text })
    }

    /// The file `name` inside this folder.
    ///
    /// # Errors
    /// `self` is a file, or `name` is empty or contains `/`.
    pub fn child_file(&self, name: &str) -> Result<KeyPath, SegmentError> {
        self.child(name, false)
    }

    /// The folder `name` inside this folder.
    ///
    /// # Errors
    /// As [`KeyPath::child_file`].
    pub fn child_folder(&self, name: &str) -> Result<KeyPath, SegmentError> {
        self.child(name, true)
    }
}

impl fmt::Display for KeyPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl fmt::Debug for KeyPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "KeyPath({:?})", self.text)
    }
}

impl std::str::FromStr for KeyPath {
    type Err = SegmentError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        KeyPath::parse(s)
    }
}

/// Encoded as its text; see the type docs.
impl KeySegment for KeyPath {
    #[inline]
    fn encode_segment(&self, out: &mut String) -> Result<(), SegmentError> {
        out.push_str(&self.text);
        Ok(())
    }

    fn decode_segment(text: &str) -> Result<Self, SegmentError> {
        KeyPath::parse(text)
    }

    #[inline]
    fn is_valid_segment(text: &str) -> bool {
        KeyPath::is_valid(text)
    }
}

/// A folder's path as a `<field>_prefix(…)` value reads the folder and its subtree.
impl SegmentPrefix<KeyPath> for &KeyPath {
    fn push_prefix(&self, out: &mut String) {
        out.push_str(self.as_str());
    }
}

impl serde::Serialize for KeyPath {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.text)
    }
}

impl<'de> serde::Deserialize<'de> for KeyPath {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        KeyPath::parse(&text).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folder_sorts_before_children_and_differs_from_sibling_file() {
        let folder = KeyPath::parse("root/photos/").unwrap();
        let file = KeyPath::parse("root/photos").unwrap();
        let child = KeyPath::parse("root/photos/a").unwrap();
        assert!(folder < child);
        assert_ne!(folder, file);
        assert!(folder.contains(&child));
        assert!(!file.contains(&child));
        assert_eq!(child.parent().unwrap(), folder);
        assert_eq!(folder.name(), "photos");
        assert_eq!(folder.depth(), 2);
        assert_eq!(KeyPath::parse("root/").unwrap().parent(), None);
    }

    #[test]
    fn rejects_bad_paths() {
        for bad in ["", "/", "/a", "a//b", "a//", "//"] {
            assert!(KeyPath::parse(bad).is_err(), "{bad:?}");
        }
        assert!(KeyPath::file(["a", "b/c"]).is_err());
        assert!(KeyPath::file(Vec::<&str>::new()).is_err());
        assert!(KeyPath::file(["a"]).unwrap().child_file("b").is_err());
    }
}
