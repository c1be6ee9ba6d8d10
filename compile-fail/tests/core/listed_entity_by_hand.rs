// A table enum checks each listed entity's templates against the others' through the entity's
// `Entity::LISTED_CHECKED`, which #[derive(Entity)] sets by running those checks. An entity
// implemented by hand leaves it `false`: listing it is one error that says what to do. `Checked`,
// whose author set it after checking its templates, is listed without an error.
use dynakey::{Entity, KeyError, KeyRole, KeyTemplate, Table, TemplatePart};
use serde::Deserialize;

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
enum Tracker {
    Issue(Issue),
    Checked(Checked),
}

#[derive(Deserialize)]
struct Issue {
    id: String,
}

impl Entity for Issue {
    type Table = Tracker;
    type PartitionFields = (String,);
    const ENTITY_NAME: &'static str = "Issue";
    const PARTITION_TEMPLATE: KeyTemplate = KeyTemplate::new(
        "ISSUE#<id>",
        KeyRole::Partition,
        &[TemplatePart::literal("ISSUE#"), TemplatePart::field::<String>("id")],
    );
    const SORT_TEMPLATE: Option<KeyTemplate> = Some(KeyTemplate::new(
        "META",
        KeyRole::Sort,
        &[TemplatePart::literal("META")],
    ));

    fn partition_key(&self) -> Result<String, KeyError> {
        Ok(format!("ISSUE#{}", self.id))
    }

    fn sort_key(&self) -> Result<Option<String>, KeyError> {
        Ok(Some("META".to_owned()))
    }
}

#[derive(Deserialize)]
struct Checked {
    id: String,
}

impl Entity for Checked {
    type Table = Tracker;
    type PartitionFields = (String,);
    const ENTITY_NAME: &'static str = "Checked";
    const PARTITION_TEMPLATE: KeyTemplate = KeyTemplate::new(
        "CHECKED#<id>",
        KeyRole::Partition,
        &[TemplatePart::literal("CHECKED#"), TemplatePart::field::<String>("id")],
    );
    const SORT_TEMPLATE: Option<KeyTemplate> = Some(KeyTemplate::new(
        "META",
        KeyRole::Sort,
        &[TemplatePart::literal("META")],
    ));
    const LISTED_CHECKED: bool = true;

    fn partition_key(&self) -> Result<String, KeyError> {
        Ok(format!("CHECKED#{}", self.id))
    }

    fn sort_key(&self) -> Result<Option<String>, KeyError> {
        Ok(Some("META".to_owned()))
    }
}

fn main() {}
