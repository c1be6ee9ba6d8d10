//! A picture of a table's design, generated from its declarations (docs/design.md): the entity
//! chart (entities × key attributes, the item collections, the access patterns with the
//! KeyConditionExpression each sends) as HTML and Markdown, one item collection drawn as SVG
//! with keys made by the real encoders, and a NoSQL Workbench data model.
//!
//! Everything comes from the table's list of entities ([`Table::ENTITIES`], `#[derive(Table)]` on
//! an enum) and from example values the caller gives: an example becomes the item a `put` would
//! write ([`to_item`](crate::item::to_item)), so the keys drawn are the keys stored — their
//! padding, separators and byte order. Nothing is sent to DynamoDB.
//!
//! ```no_run
//! # use dynakey::{Entity, Table};
//! # use dynakey_runtime::design::Design;
//! # #[derive(Table)]
//! # #[table(partition_key = "PK", sort_key = "SK")]
//! # enum Shop { Order(Order) }
//! # #[derive(Entity, serde::Serialize, serde::Deserialize)]
//! # #[dynakey(table = Shop)]
//! # #[pk("CUSTOMER#<customer>")]
//! # #[sk("ORDER#<id>")]
//! # struct Order { customer: String, id: u32 }
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let design = Design::<Shop>::new("shop")
//!     .example(&Order { customer: "ada".into(), id: 7 })?
//!     .pattern("orders of a customer", &Order::query("ada"))?;
//! design.write_to("target/design".as_ref())?; // shop-chart.html, .md, -collection.svg, .workbench.json
//! # Ok(()) }
//! ```

use std::collections::HashMap;
use std::marker::PhantomData;
use std::path::{Path, PathBuf};

use aws_sdk_dynamodb::types::AttributeValue;
use dynakey::{Entity, KeyError, KeyQuery, ListedEntity, QueryInput, Table};
use serde::Serialize;

use crate::error::Error;

mod chart;
mod collection;
mod text;
mod workbench;

/// What went wrong while building a design; nothing is written when a call returns one.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum DesignError {
    /// An example or pattern of an entity the table does not list.
    #[error(
        "entity `{entity}` is not listed by table `{table}`: add a variant `{entity}({entity})` \
         to the table's #[derive(Table)] enum, or draw the design of the table that lists it"
    )]
    NotListed {
        /// The entity's name.
        entity: &'static str,
        /// The table's type name.
        table: &'static str,
    },
    /// An example value that is not an item its entity could write (a key that cannot be built,
    /// an attribute serde cannot serialise, …): the error a `put` of it would give.
    #[error("the example of `{entity}` is not an item it could write: {source}")]
    Example {
        /// The entity's name.
        entity: &'static str,
        /// What `put` would say.
        #[source]
        source: Box<Error>,
    },
    /// An access pattern whose query could not be built.
    #[error("access pattern `{name}`: {source}")]
    Pattern {
        /// The pattern's name.
        name: String,
        /// Why its query could not be built.
        #[source]
        source: KeyError,
    },
    /// A file could not be written.
    #[error("could not write {}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The operating system's error.
        #[source]
        source: std::io::Error,
    },
}

/// One example item: the entity's position in the table's list and the item a `put` writes.
#[derive(Debug, Clone)]
pub(crate) struct Example {
    pub(crate) entity: usize,
    pub(crate) item: HashMap<String, AttributeValue>,
    pub(crate) partition: String,
    pub(crate) sort: Option<String>,
}

/// One named access pattern: a query the caller built, as sent.
#[derive(Debug, Clone)]
pub(crate) struct Pattern {
    pub(crate) name: String,
    pub(crate) entity: usize,
    pub(crate) input: QueryInput,
    pub(crate) condition: dynakey::__private::expr::KeyCondition,
}

/// The design of table `T` (a table that lists its entities: [`Table::ENTITIES`]), with example
/// items and named access patterns; see the [module docs](self). Built by chaining
/// [`example`](Self::example) and [`pattern`](Self::pattern); drawn by [`chart_html`](Self::chart_html),
/// [`chart_markdown`](Self::chart_markdown), [`collection_svg`](Self::collection_svg) and
/// [`workbench_model`](Self::workbench_model), or all four by [`write_to`](Self::write_to).
pub struct Design<T: Table> {
    pub(crate) name: String,
    pub(crate) examples: Vec<Example>,
    pub(crate) patterns: Vec<Pattern>,
    table: PhantomData<T>,
}

impl<T: Table> std::fmt::Debug for Design<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Design")
            .field("name", &self.name)
            .field("examples", &self.examples.len())
            .field("patterns", &self.patterns.len())
            .finish()
    }
}

impl<T: Table> Design<T> {
    /// An empty design named `name`: the model's and the files' name, and the table name in the
    /// Workbench model.
    pub fn new(name: &str) -> Self {
        Design {
            name: name.to_owned(),
            examples: Vec::new(),
            patterns: Vec::new(),
            table: PhantomData,
        }
    }

    /// Adds `value` as an example item: the item a `put` of it writes, keys made by the entity's
    /// encoders (table keys, index keys, entity-type attribute). Examples are drawn in their item
    /// collections in sort-key order (UTF-8 bytes, as DynamoDB orders `S` keys) and become the
    /// Workbench model's `TableData`.
    ///
    /// # Errors
    /// [`DesignError::NotListed`] when `T` does not list `E`; [`DesignError::Example`] with the
    /// error a `put` of `value` would give.
    pub fn example<E: Entity<Table = T> + Serialize>(
        mut self,
        value: &E,
    ) -> Result<Self, DesignError> {
        let entity = position::<T, E>()?;
        let item = crate::item::to_item(value).map_err(|source| DesignError::Example {
            entity: E::ENTITY_NAME,
            source: Box::new(source),
        })?;
        let key = |name: &str| match item.get(name) {
            Some(AttributeValue::S(text)) => Some(text.clone()),
            _ => None,
        };
        let partition = key(T::PARTITION_KEY).unwrap_or_default();
        let sort = T::SORT_KEY.and_then(key);
        self.examples.push(Example {
            entity,
            item,
            partition,
            sort,
        });
        Ok(self)
    }

    /// Adds the access pattern `name`: `query` as DynamoDB receives it (its KeyConditionExpression
    /// and values, rendered by the one renderer). The chart lists it under the access patterns;
    /// the drawing of its item collection marks the example items it reads.
    ///
    /// # Errors
    /// [`DesignError::NotListed`] when `T` does not list `E`; [`DesignError::Pattern`] when the
    /// query carries a key error (an encoding error of a value it was built with).
    pub fn pattern<E: Entity<Table = T>, I, S, P>(
        mut self,
        name: &str,
        query: &KeyQuery<E, I, S, P>,
    ) -> Result<Self, DesignError> {
        let entity = position::<T, E>()?;
        let plan = query.plan().map_err(|source| DesignError::Pattern {
            name: name.to_owned(),
            source,
        })?;
        self.patterns.push(Pattern {
            name: name.to_owned(),
            entity,
            input: plan.input(0),
            condition: plan.key_condition(0),
        });
        Ok(self)
    }

    /// The example items, in the order given, each as a `put` writes it (DynamoDB's attribute
    /// map): to load them into a table and try the design's patterns there.
    pub fn items(&self) -> impl Iterator<Item = &HashMap<String, AttributeValue>> {
        self.examples.iter().map(|e| &e.item)
    }

    /// The request of access pattern `name` as DynamoDB receives it (partition 0 of a sharded
    /// query); `None` for an unknown name.
    pub fn pattern_input(&self, name: &str) -> Option<&QueryInput> {
        self.patterns
            .iter()
            .find(|p| p.name == name)
            .map(|p| &p.input)
    }

    /// The table's listed entities.
    pub(crate) fn entities(&self) -> &'static [ListedEntity] {
        T::ENTITIES
    }

    /// The partition key with the most example items (the first such in example order): the item
    /// collection [`write_to`](Self::write_to) draws.
    pub fn largest_collection(&self) -> Option<&str> {
        let mut counts: Vec<(&str, usize)> = Vec::new();
        for example in &self.examples {
            match counts.iter_mut().find(|(p, _)| *p == example.partition) {
                Some((_, n)) => *n += 1,
                None => counts.push((&example.partition, 1)),
            }
        }
        let most = counts.iter().map(|(_, n)| *n).max()?;
        counts.into_iter().find(|(_, n)| *n == most).map(|(p, _)| p)
    }

    /// Writes the design's four files into `dir` (created if missing), named after the design:
    /// `<name>-chart.html`, `<name>-chart.md`, `<name>-collection.svg` (the
    /// [`largest_collection`](Self::largest_collection); no file without examples) and
    /// `<name>.workbench.json`. Returns the paths written.
    ///
    /// # Errors
    /// [`DesignError::Io`] naming the file that could not be written.
    pub fn write_to(&self, dir: &Path) -> Result<Vec<PathBuf>, DesignError> {
        let io = |path: &Path| {
            let path = path.to_owned();
            move |source| DesignError::Io { path, source }
        };
        std::fs::create_dir_all(dir).map_err(io(dir))?;
        let mut files = vec![
            (format!("{}-chart.html", self.name), self.chart_html()),
            (format!("{}-chart.md", self.name), self.chart_markdown()),
        ];
        if let Some(partition) = self.largest_collection() {
            files.push((
                format!("{}-collection.svg", self.name),
                self.collection_svg(partition),
            ));
        }
        let model = self.workbench_model();
        files.push((
            format!("{}.workbench.json", self.name),
            format!("{model:#}\n"),
        ));
        let mut written = Vec::new();
        for (file, text) in files {
            let path = dir.join(file);
            std::fs::write(&path, text).map_err(io(&path))?;
            written.push(path);
        }
        Ok(written)
    }
}

/// `E`'s position in `T`'s list.
fn position<T: Table, E: Entity>() -> Result<usize, DesignError> {
    T::ENTITIES
        .iter()
        .position(|listed| listed.name() == E::ENTITY_NAME)
        .ok_or(DesignError::NotListed {
            entity: E::ENTITY_NAME,
            table: std::any::type_name::<T>(),
        })
}
