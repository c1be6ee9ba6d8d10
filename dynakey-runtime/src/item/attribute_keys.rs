//! The key attributes of attribute-wise indexes in an item ([`Entity::attribute_keys`]): the
//! template fills dynakey writes, the native fills serde wrote (checked, never rewritten), and
//! the `None`s that keep the item out of an index.

use aws_sdk_dynamodb::types::AttributeValue;
use dynakey::{AttributeType, Entity, Fill, IndexValue};

use super::Item;
use crate::convert::{from_attribute_value, to_attribute_value};
use crate::error::Error;

/// Adds `entity`'s attribute-wise index keys to `item` (serde's item plus the table's keys, the
/// template index keys and the entity-type attribute; `written` names the attributes dynakey
/// wrote into it so far):
/// - [`IndexValue::Write`]: inserted; an attribute dynakey already wrote may be written again
///   only with the same value, one serde wrote is [`Error::KeyAttributeCollision`];
/// - [`IndexValue::Check`]: serde's value must be there with the declared type, otherwise
///   [`Error::NativeKeyAttribute`];
/// - [`IndexValue::Absent`]: serde's `NULL` is removed (DynamoDB refuses a `NULL` in an index key
///   attribute); any other value there is [`Error::KeyAttributeCollision`].
///
/// # Errors
/// As above; nothing is written.
pub(crate) fn add<E: Entity>(
    entity: &E,
    item: &mut Item,
    written: &mut Vec<&'static str>,
) -> Result<(), Error> {
    for (name, value) in entity.attribute_keys()? {
        match value {
            IndexValue::Write(value) => {
                let value = to_attribute_value(&value);
                match item.get(name) {
                    None => {
                        item.insert(name.to_owned(), value);
                        written.push(name);
                    }
                    Some(existing) if written.contains(&name) => {
                        if existing != &value {
                            return Err(Error::KeyTemplateConflict {
                                attribute: name.to_owned(),
                                first: text(existing),
                                second: text(&value),
                            });
                        }
                    }
                    Some(_) => {
                        return Err(Error::KeyAttributeCollision {
                            attribute: name.to_owned(),
                        })
                    }
                }
            }
            IndexValue::Check(value) => {
                let declared = AttributeType::of(&value);
                let found = item.get(name).and_then(from_attribute_value);
                if found.as_ref().map(AttributeType::of) != Some(declared) {
                    return Err(Error::NativeKeyAttribute {
                        attribute: name.to_owned(),
                        declared: declared.as_str(),
                        found: item.get(name).map_or("nothing", type_name).to_owned(),
                    });
                }
            }
            IndexValue::Absent => match item.get(name) {
                Some(AttributeValue::Null(_)) => {
                    item.remove(name);
                }
                None => {}
                Some(_) if written.contains(&name) => {}
                Some(_) => {
                    return Err(Error::KeyAttributeCollision {
                        attribute: name.to_owned(),
                    })
                }
            },
        }
    }
    Ok(())
}

/// Checks serde's values of the key attributes of `E::Table`'s attribute-wise indexes that
/// dynakey did not write (`written`), whichever entity fills those indexes: a `NULL` is removed
/// (the item is not in that index), a value of another type than declared is
/// [`Error::NativeKeyAttribute`], an empty, oversized or non-number value [`Error::Key`] —
/// DynamoDB would refuse the whole write (AWS developer guide, "Multi-attribute keys pattern").
///
/// # Errors
/// As above; nothing is written.
pub(crate) fn check_table_key_attributes<E: Entity>(
    item: &mut Item,
    written: &[&'static str],
) -> Result<(), Error> {
    for (name, declared, role) in
        dynakey::__private::attribute::attribute_wise_key_attributes::<E::Table>()
    {
        if written.contains(&name) {
            continue;
        }
        let Some(value) = item.get(name) else {
            continue;
        };
        if matches!(value, AttributeValue::Null(_)) {
            item.remove(name);
            continue;
        }
        match from_attribute_value(value) {
            Some(key) if AttributeType::of(&key) == declared => {
                dynakey::__private::attribute::check_key_value(&key, role)?;
            }
            _ => {
                return Err(Error::NativeKeyAttribute {
                    attribute: name.to_owned(),
                    declared: declared.as_str(),
                    found: type_name(value).to_owned(),
                })
            }
        }
    }
    Ok(())
}

/// Takes off `item` the attributes of `E`'s attribute-wise indexes that dynakey wrote (template
/// and entity-type fills), which `E` has no field for; native fills are `E`'s own fields and stay.
pub(crate) fn remove_written<E: Entity>(item: &mut Item) {
    for index in E::INDEXES {
        for (attribute, fill) in index.filled_attributes() {
            if matches!(fill, Fill::Template(_) | Fill::EntityType) {
                item.remove(attribute.name());
            }
        }
    }
}

/// A value for an error message: the text of a scalar, the type otherwise.
fn text(value: &AttributeValue) -> String {
    match value {
        AttributeValue::S(s) | AttributeValue::N(s) => s.clone(),
        other => type_name(other).to_owned(),
    }
}

/// DynamoDB's name of `value`'s type (`S`, `N`, `B`, `NULL`, `L`, …).
fn type_name(value: &AttributeValue) -> &'static str {
    match value {
        AttributeValue::S(_) => "S",
        AttributeValue::N(_) => "N",
        AttributeValue::B(_) => "B",
        AttributeValue::Bool(_) => "BOOL",
        AttributeValue::Null(_) => "NULL",
        AttributeValue::L(_) => "L",
        AttributeValue::M(_) => "M",
        AttributeValue::Ss(_) => "SS",
        AttributeValue::Ns(_) => "NS",
        AttributeValue::Bs(_) => "BS",
        _ => "an unknown type",
    }
}
