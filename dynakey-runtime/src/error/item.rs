//! [`ItemProblem`]: why DynamoDB would refuse an item, found before any request
//! ([`check_item`](crate::item::check_item)).

use std::fmt;

use crate::limits::{MAX_ITEM_SIZE, MAX_NESTING, MAX_NUMBER_DIGITS};

/// Why DynamoDB would refuse an item.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ItemProblem {
    /// The item is larger than [`MAX_ITEM_SIZE`](crate::limits::MAX_ITEM_SIZE).
    TooLarge {
        /// Its size in bytes, per [`item_size`](crate::item::item_size).
        size: usize,
    },
    /// A number DynamoDB cannot store: not a decimal number (`NaN`, `inf`), more than
    /// [`MAX_NUMBER_DIGITS`](crate::limits::MAX_NUMBER_DIGITS) significant digits, or a magnitude outside `1E-130` … `9.99…E+125`.
    Number {
        /// The attribute (a path such as `readings[3].value` when nested).
        attribute: String,
        /// The number's text.
        value: String,
    },
    /// An empty string, number or binary set (DynamoDB refuses empty sets).
    EmptySet {
        /// The attribute (a path when nested).
        attribute: String,
    },
    /// A value nested in [`MAX_NESTING`](crate::limits::MAX_NESTING) or more maps and lists.
    TooDeep {
        /// The attribute (a path to the value at the limit).
        attribute: String,
    },
}

impl fmt::Display for ItemProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ItemProblem::TooLarge { size } => write!(
                f,
                "the item is {size} bytes, over DynamoDB's limit of {MAX_ITEM_SIZE} bytes (400 KB)"
            ),
            ItemProblem::Number { attribute, value } => write!(
                f,
                "attribute {attribute:?} holds the number {value:?}, which DynamoDB cannot store \
                 (at most {MAX_NUMBER_DIGITS} significant digits, magnitude 1E-130 to 9.99E+125)"
            ),
            ItemProblem::EmptySet { attribute } => {
                write!(f, "attribute {attribute:?} is an empty set, which DynamoDB refuses")
            }
            ItemProblem::TooDeep { attribute } => write!(
                f,
                "attribute {attribute:?} nests {MAX_NESTING} maps or lists deep, over DynamoDB's limit"
            ),
        }
    }
}
