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
//! let design = Design::<Shop>::new("shop")?
//!     .example(&Order { customer: "ada".into(), id: 7 })?
//!     .pattern("orders of a customer", &Order::query("ada"))?;
//! design.write_to("target/design".as_ref())?; // shop-chart.html, .md, -collection.svg, .workbench.json
//! # Ok(()) }
//! ```

use std::collections::HashMap;
use std::marker::PhantomData;
use std::path::{Path, PathBuf};

use aws_sdk_dynamodb::types::AttributeValue;
use dynakey::{Cond, Entity, KeyError, KeyQuery, ListedEntity, QueryFilter, QueryInput, Table};
use serde::Serialize;

use crate::error::Error;

mod chart;
mod collection;
mod png;

pub use chart::{AccessPattern, Chart, ChartCollection, ChartRow, UniqueLookup};
mod text;
mod workbench;

/// What went wrong while building a design: the example or pattern refused is not added, and
/// [`Design::write_to`] names the file it could not write.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum DesignError {
    /// A design name that is not a DynamoDB table name (3–255 characters of `a-z`, `A-Z`,
    /// `0-9`, `_`, `-`, `.`).
    #[error(
        "design name {name:?} is not a DynamoDB table name: use 3 to 255 characters of a-z, A-Z, \
         0-9, '_', '-' and '.'"
    )]
    Name {
        /// The name given.
        name: String,
    },
    /// A pattern whose query carries a projection or a TTL filter: the design draws what the key
    /// condition reads and the filter the pattern was given
    /// ([`filtered_pattern`](Design::filtered_pattern)).
    #[error(
        "access pattern `{name}` has a ProjectionExpression or a TTL filter: a design pattern is \
         a key condition (with its direction and Limit) and the filter given to \
         Design::filtered_pattern; leave the projection out"
    )]
    NotAKeyCondition {
        /// The pattern's name.
        name: String,
    },
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
    /// The filter of an access pattern holds a value its field cannot store.
    #[error("the filter of access pattern `{name}`: {source}")]
    Filter {
        /// The pattern's name.
        name: String,
        /// Why the filter's value could not be encoded.
        #[source]
        source: dynakey::ValueError,
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
    /// [`Design::write_png`] found no headless browser (the design's files are written).
    #[error("no headless browser to take the screenshots (tried {}): {}", tried.join(", "), png::HOW_TO_GET_ONE)]
    NoBrowser {
        /// The binaries looked for: `DYNAKEY_BROWSER`, then the names on `PATH`.
        tried: Vec<String>,
    },
    /// The browser wrote no screenshot.
    #[error("could not take the screenshot {}: {detail}", path.display())]
    Screenshot {
        /// The PNG that was not written.
        path: PathBuf,
        /// The browser's exit status and last line of output.
        detail: String,
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
    /// Workbench model, so it follows DynamoDB's rule for table names (3–255 characters of
    /// `a-z`, `A-Z`, `0-9`, `_`, `-`, `.`: AWS developer guide, "Supported data types and naming
    /// rules in Amazon DynamoDB").
    ///
    /// # Errors
    /// [`DesignError::Name`] for any other name.
    pub fn new(name: &str) -> Result<Self, DesignError> {
        let allowed = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.');
        if !(3..=255).contains(&name.len()) || !name.chars().all(allowed) {
            return Err(DesignError::Name {
                name: name.to_owned(),
            });
        }
        Ok(Design {
            name: name.to_owned(),
            examples: Vec::new(),
            patterns: Vec::new(),
            table: PhantomData,
        })
    }

    /// Adds `value` as an example item: the item a `put` of it writes, keys made by the entity's
    /// encoders (table keys, index keys, entity-type attribute), checked against DynamoDB's item
    /// rules as a `put` checks it. Managed attributes (version, timestamps) are as `value` holds
    /// them: a design sets none. Examples are drawn in their item
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
        let refused = |source: Error| DesignError::Example {
            entity: E::ENTITY_NAME,
            source: Box::new(source),
        };
        let item = crate::item::to_item(value).map_err(refused)?;
        if let Err(problem) = crate::item::check_item(&item) {
            let (partition, sort) = crate::item::key_strings::<T>(&item);
            return Err(refused(Error::InvalidItem {
                partition: partition.unwrap_or_default(),
                sort,
                problem,
            }));
        }
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
    /// and values, rendered by the one renderer, with its direction and `Limit`; a sharded query
    /// as its request of shard 0). The chart lists it under the access patterns; the drawing of
    /// its item collection marks the example items it reads.
    ///
    /// # Errors
    /// [`DesignError::NotListed`] when `T` does not list `E`; [`DesignError::Pattern`] when the
    /// query carries a key error (an encoding error of a value it was built with);
    /// [`DesignError::NotAKeyCondition`] for a query with a projection or a TTL filter (a
    /// filter is given with [`filtered_pattern`](Self::filtered_pattern)).
    pub fn pattern<E: Entity<Table = T>, I, S, P>(
        self,
        name: &str,
        query: &KeyQuery<E, I, S, P>,
    ) -> Result<Self, DesignError> {
        self.add_pattern(name, query, None)
    }

    /// Adds the access pattern `name`: `query` with `filter` as its `FilterExpression` (what
    /// `db.query(&query).filter(filter)` sends). The chart and the drawing show the filter beside
    /// the key condition; what the pattern [`reads`](Self::reads) is still its key range (and
    /// `Limit`): DynamoDB applies a filter after reading, so filtered-out items cost read capacity
    /// all the same (AWS developer guide, "Filter expressions for Query").
    ///
    /// # Errors
    /// As [`pattern`](Self::pattern); [`DesignError::Filter`] when `filter` holds a value its
    /// field cannot store.
    pub fn filtered_pattern<E: Entity<Table = T>, I, S, P, F: QueryFilter>(
        self,
        name: &str,
        query: &KeyQuery<E, I, S, P>,
        filter: Cond<E, F>,
    ) -> Result<Self, DesignError> {
        let filter = filter.into_expr().map_err(|source| DesignError::Filter {
            name: name.to_owned(),
            source,
        })?;
        self.add_pattern(name, query, Some(filter))
    }

    fn add_pattern<E: Entity<Table = T>, I, S, P>(
        mut self,
        name: &str,
        query: &KeyQuery<E, I, S, P>,
        filter: Option<dynakey::__private::expr::Condition>,
    ) -> Result<Self, DesignError> {
        let entity = position::<T, E>()?;
        let mut plan = query.plan().map_err(|source| DesignError::Pattern {
            name: name.to_owned(),
            source,
        })?;
        let refused = DesignError::NotAKeyCondition {
            name: name.to_owned(),
        };
        if plan.input(0).filter_expression.is_some() {
            return Err(refused); // a TTL filter: its `:now` would change every run
        }
        if let Some(filter) = filter {
            plan.add_filter(filter);
        }
        let input = plan.input(0);
        if input.projection_expression.is_some() {
            return Err(refused);
        }
        self.patterns.push(Pattern {
            name: name.to_owned(),
            entity,
            input,
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
    /// `<name>.workbench.json`. Returns the paths written. Each file is written aside and renamed
    /// into place, so none is ever half written; a failure leaves the files written before it.
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
        if self.largest_collection().is_none() {
            // No examples, no drawing: a drawing of an earlier design would not be this one's.
            let stale = dir.join(format!("{}-collection.svg", self.name));
            if stale.exists() {
                std::fs::remove_file(&stale).map_err(io(&stale))?;
            }
        }
        let mut written = Vec::new();
        for (file, text) in files {
            // Written aside and renamed: a file is either the old one or the whole new one.
            let partial = dir.join(format!(".{file}.partial"));
            let path = dir.join(file);
            std::fs::write(&partial, text).map_err(io(&partial))?;
            std::fs::rename(&partial, &path).map_err(io(&path))?;
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
