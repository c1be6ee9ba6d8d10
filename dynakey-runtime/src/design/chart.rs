//! The entity chart: rows = the table's entities, columns = the key attributes of the table and
//! of each index, cells = the templates; then the item collections and the access patterns.
//! One model ([`Chart`]), drawn as HTML and as Markdown.

use dynakey::{EntityIndex, Fill, IndexDef, IndexKind, KeyTemplate, ListedEntity, Table};

use super::text::{cell, code, html, html_elided, value};
use super::{Design, Pattern};

/// The colours of the listed entities, by position (the SVG uses the same).
pub(crate) const COLOURS: [&str; 10] = [
    "#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#ff9da7",
    "#9c755f", "#bab0ac",
];

/// The colour of the `entity`-th listed entity.
pub(crate) fn colour(entity: usize) -> &'static str {
    COLOURS[entity % COLOURS.len()]
}

/// The entity chart of a table's design ([`Design::chart`]): what the HTML and Markdown show.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Chart {
    /// The design's name.
    pub name: String,
    /// The column headers: `entity`, the table's partition key and sort key attributes, then
    /// each index's key attributes (`GSI1 · GSI1PK`; an LSI's partition key is the table's, so
    /// only its sort key), then `notes`.
    pub columns: Vec<String>,
    /// One row per listed entity, in the table's order.
    pub rows: Vec<ChartRow>,
    /// The item collections: entities whose items can share a partition, ordered by the literal
    /// start of their sort templates (an entity whose sort template starts with a field comes
    /// first: its keys' place depends on the values), children under their parents.
    pub collections: Vec<ChartCollection>,
    /// The access patterns: every generated query function, then the design's named patterns.
    pub patterns: Vec<AccessPattern>,
    /// The uniqueness items (one per `#[unique(…)]` constraint and item, `docs/semantics.md` §5)
    /// and the look-up that reads each.
    pub unique: Vec<UniqueLookup>,
}

/// A unique constraint of the [`Chart`]: the uniqueness item it keeps beside each item and the
/// look-up ([`Db::find_unique`](crate::Db::find_unique)) that finds an item by its values.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct UniqueLookup {
    /// The entity's name.
    pub entity: String,
    /// The constraint's fields.
    pub fields: Vec<String>,
    /// The uniqueness item's key template (its partition key, and its sort key on a table with
    /// one): `UNIQUE#User#org+email#<org>#<email>`.
    pub key: String,
    /// The look-up call.
    pub lookup: String,
    /// What the look-up sends.
    pub requests: String,
}

/// One entity's row of the [`Chart`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct ChartRow {
    /// The entity's name.
    pub entity: String,
    /// One cell per column after `entity` and before `notes`: the template (or for an
    /// attribute-wise index key, what fills the attribute, with its type); empty where the entity
    /// writes no such attribute.
    pub cells: Vec<String>,
    /// The entity-type attribute, unique constraints, sparse indexes, a shard suffix.
    pub notes: Vec<String>,
}

/// An item collection of the [`Chart`]: one partition-key shape (on the table or an index) and
/// the entities whose items it holds, in sort-key order, children under their parents.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct ChartCollection {
    /// `table` or the index's name.
    pub on: String,
    /// The partition-key template.
    pub partition: String,
    /// `(depth, entity, sort-key template)`: depth 1 for an entity nested under the one above.
    pub members: Vec<(usize, String, String)>,
}

/// One access pattern of the [`Chart`]: a Query and what it sends.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct AccessPattern {
    /// The generated function (`Issue::query(org)`) or the design's name for the pattern.
    pub name: String,
    /// The entity it reads.
    pub entity: String,
    /// `table` or the index's name.
    pub on: String,
    /// The KeyConditionExpression.
    pub key_condition: String,
    /// The FilterExpression of a pattern given one
    /// ([`Design::filtered_pattern`](super::Design::filtered_pattern)): applied after the read.
    pub filter: Option<String>,
    /// ExpressionAttributeNames, `#pk = PK` each.
    pub names: Vec<String>,
    /// ExpressionAttributeValues, `:pk = "ORG#<org>"` each (a generated function shows its
    /// template where the value goes).
    pub values: Vec<String>,
    /// `ScanIndexForward=false` and `Limit=n` where the request sets them; for a sharded query,
    /// how many Queries it sends (the chart shows shard 0's).
    pub options: Vec<String>,
    /// The sort-key fields it can be narrowed by, left to right (a prefix or range over them).
    pub narrow_by: Vec<String>,
    /// `true` for a generated query function, `false` for a pattern the design named.
    pub generated: bool,
}

impl<T: Table> Design<T> {
    /// The entity chart of the table's design.
    pub fn chart(&self) -> Chart {
        let entities = self.entities();
        let mut columns = vec!["entity".to_owned(), T::PARTITION_KEY.to_owned()];
        columns.extend(T::SORT_KEY.map(str::to_owned));
        for index in T::INDEXES {
            columns.extend(index_columns(index).into_iter().map(|(label, _)| label));
        }
        columns.push("notes".to_owned());
        let rows = entities.iter().map(row::<T>).collect();
        let mut patterns: Vec<AccessPattern> = entities.iter().flat_map(generated).collect();
        patterns.extend(self.patterns.iter().map(|p| named(p, entities)));
        Chart {
            name: self.name.clone(),
            columns,
            rows,
            collections: collections::<T>(entities),
            patterns,
            unique: entities.iter().flat_map(unique::<T>).collect(),
        }
    }

    /// The entity chart as one HTML page (no scripts, no outside resources).
    pub fn chart_html(&self) -> String {
        self.chart().html()
    }

    /// The entity chart as Markdown, for a README or a design review.
    pub fn chart_markdown(&self) -> String {
        self.chart().markdown()
    }
}

/// The columns of `index`: `(header, attribute)` per key attribute the chart shows.
fn index_columns(index: &IndexDef) -> Vec<(String, &'static str)> {
    let key = index.key_schema();
    let partition = match index.kind() {
        IndexKind::Global => key.partition(),
        IndexKind::Local => &[],
    };
    partition
        .iter()
        .chain(key.sort())
        .map(|attr| {
            let typed = if index.is_attribute_wise() {
                format!(" ({})", attr.attribute_type().as_str())
            } else {
                String::new()
            };
            (
                format!("{} · {}{typed}", index.name(), attr.name()),
                attr.name(),
            )
        })
        .collect()
}

/// The entity's declaration of `index`, if it is in it.
fn in_index<'e>(entity: &'e ListedEntity, index: &IndexDef) -> Option<&'e EntityIndex> {
    entity
        .indexes()
        .iter()
        .find(|i| i.index().name() == index.name())
}

fn row<T: Table>(entity: &ListedEntity) -> ChartRow {
    let mut cells = vec![entity.partition_template().text().to_owned()];
    if T::SORT_KEY.is_some() {
        cells.push(entity.sort_template().map_or("", |t| t.text()).to_owned());
    }
    let mut notes = Vec::new();
    for index in T::INDEXES {
        let columns = index_columns(index);
        let Some(declared) = in_index(entity, index) else {
            cells.extend(columns.iter().map(|_| String::new()));
            continue;
        };
        if declared.is_sparse() {
            notes.push(format!("sparse in {}", index.name()));
        }
        if index.is_attribute_wise() {
            let filled = declared.filled_attributes();
            for (_, attribute) in &columns {
                let cell = filled
                    .iter()
                    .find(|(attr, _)| attr.name() == *attribute)
                    .map_or(String::new(), |(attr, fill)| match fill {
                        Fill::Template(t) => t.text().to_owned(),
                        Fill::Native(ty) => format!("{} ({})", attr.name(), ty.as_str()),
                        Fill::EntityType => format!("\"{}\" (entity type)", entity.name()),
                    });
                cells.push(cell);
            }
        } else {
            let partition = match index.kind() {
                IndexKind::Global => vec![declared.partition()],
                IndexKind::Local => Vec::new(),
            };
            let sort = index.sort_key().map(|_| declared.sort());
            for template in partition.into_iter().chain(sort) {
                cells.push(template.map_or(String::new(), |t| t.text().to_owned()));
            }
        }
    }
    if let Some(attribute) = entity.entity_type_attribute() {
        notes.insert(0, format!("entity type in {attribute}"));
    }
    for unique in entity.unique() {
        notes.push(format!("unique ({})", unique.fields().join(", ")));
    }
    if let Some(sharding) = entity.sharding() {
        notes.push(format!(
            "write-sharded: {} shards by {}, suffix #<shard> on the partition key",
            sharding.count(),
            sharding.field()
        ));
    }
    ChartRow {
        entity: entity.name().to_owned(),
        cells,
        notes,
    }
}

/// The uniqueness items of `entity`'s constraints and their look-ups.
fn unique<T: Table>(entity: &ListedEntity) -> Vec<UniqueLookup> {
    entity
        .unique()
        .iter()
        .map(|constraint| {
            let fields = constraint.fields();
            let holes: Vec<String> = fields.iter().map(|f| format!("<{f}>")).collect();
            let key = constraint.key_text(entity.name(), &holes);
            let mut lookup = format!(
                "db.find_unique({}::{}, {})",
                entity.name(),
                fields[0].to_uppercase(),
                fields[0]
            );
            for field in &fields[1..] {
                lookup.push_str(&format!(
                    ".and({}::{}, {field})",
                    entity.name(),
                    field.to_uppercase()
                ));
            }
            let sort = T::SORT_KEY.map_or(String::new(), |sk| format!(", {sk} = same"));
            UniqueLookup {
                entity: entity.name().to_owned(),
                fields: fields.iter().map(|f| (*f).to_owned()).collect(),
                key,
                lookup,
                requests: format!(
                    "GetItem {}{sort} (strongly consistent), then GetItem of the owner it \
                     names (_owner_pk, _owner_sk), which must still hold the values",
                    T::PARTITION_KEY
                ),
            }
        })
        .collect()
}

/// The item collections: on the table, entities grouped by the literals of their partition
/// templates, children after their parents; on each template index, the same by the index's
/// partition templates.
fn collections<T: Table>(entities: &[ListedEntity]) -> Vec<ChartCollection> {
    let nesting = ListedEntity::nesting(entities);
    let table: Vec<(usize, KeyTemplate, Option<KeyTemplate>)> = entities
        .iter()
        .enumerate()
        .map(|(i, e)| (i, *e.partition_template(), e.sort_template().copied()))
        .collect();
    let mut out = group("table", &table, entities, &nesting);
    for index in T::INDEXES.iter().filter(|i| !i.is_attribute_wise()) {
        let members: Vec<_> = entities
            .iter()
            .enumerate()
            .filter_map(|(i, e)| {
                let declared = in_index(e, index)?;
                let partition = declared.partition().unwrap_or(*e.partition_template());
                Some((i, partition, declared.sort()))
            })
            .collect();
        out.extend(group(index.name(), &members, entities, &[]));
    }
    out
}

fn group(
    on: &str,
    members: &[(usize, KeyTemplate, Option<KeyTemplate>)],
    entities: &[ListedEntity],
    nesting: &[(usize, usize)],
) -> Vec<ChartCollection> {
    let mut groups: Vec<Vec<&(usize, KeyTemplate, Option<KeyTemplate>)>> = Vec::new();
    for member in members {
        match groups
            .iter_mut()
            .find(|g| dynakey::__private::same_literals(&g[0].1, &member.1))
        {
            Some(g) => g.push(member),
            None => groups.push(vec![member]),
        }
    }
    let prefix = |m: &&(usize, KeyTemplate, Option<KeyTemplate>)| {
        m.2.map_or("", |t| t.literal_prefix()).to_owned()
    };
    groups
        .into_iter()
        .map(|mut g| {
            g.sort_by_key(prefix);
            let parent_of = |i: usize| nesting.iter().find(|(c, _)| *c == i).map(|(_, p)| *p);
            let in_group = |i: usize| g.iter().any(|m| m.0 == i);
            let mut ordered = Vec::new();
            fn visit(
                at: usize,
                depth: usize,
                g: &[&(usize, KeyTemplate, Option<KeyTemplate>)],
                children_of: &dyn Fn(usize) -> Vec<usize>,
                out: &mut Vec<(usize, usize)>,
            ) {
                out.push((depth, g[at].0));
                for child in children_of(g[at].0) {
                    if let Some(pos) = g.iter().position(|m| m.0 == child) {
                        visit(pos, depth + 1, g, children_of, out);
                    }
                }
            }
            let children_of = |p: usize| {
                g.iter()
                    .filter(|m| parent_of(m.0) == Some(p))
                    .map(|m| m.0)
                    .collect::<Vec<_>>()
            };
            for (pos, member) in g.iter().enumerate() {
                if parent_of(member.0).is_none_or(|p| !in_group(p)) {
                    visit(pos, 0, &g, &children_of, &mut ordered);
                }
            }
            ChartCollection {
                on: on.to_owned(),
                partition: g[0].1.text().to_owned(),
                members: ordered
                    .into_iter()
                    .map(|(depth, i)| {
                        let sort = g
                            .iter()
                            .find(|m| m.0 == i)
                            .and_then(|m| m.2)
                            .map_or("", |t| t.text());
                        (depth, entities[i].name().to_owned(), sort.to_owned())
                    })
                    .collect(),
            }
        })
        .collect()
}

/// The generated query functions of `entity`: `query` on the table (`query_shards` for a sharded
/// entity), `query_by_…` on each index, each with the request it sends for the partition
/// template's own text; a function on an attribute-wise index with its key attributes (it takes
/// typed values, one per attribute).
fn generated(entity: &ListedEntity) -> Vec<AccessPattern> {
    let mut out = Vec::new();
    let (function, options) = match entity.sharding() {
        Some(sharding) => (
            "query_shards",
            vec![format!(
                "{} Queries, one per shard (shard 0 shown), merged by sort key",
                sharding.count()
            )],
        ),
        None => ("query", Vec::new()),
    };
    let table = std::iter::once((
        None,
        function,
        *entity.partition_template(),
        entity.sort_template().copied(),
    ));
    let indexes = entity.indexes().iter().filter_map(|index| {
        let partition = index.partition().unwrap_or(*entity.partition_template());
        Some((
            Some(index),
            index.query_function()?,
            partition,
            index.sort(),
        ))
    });
    for (index, function, partition, sort) in table.chain(indexes) {
        let args = partition.fields().collect::<Vec<_>>().join(", ");
        let narrow_by = sort
            .map(|t| t.fields().map(str::to_owned).collect())
            .unwrap_or_default();
        match entity.query_input(partition.text(), index) {
            Some(Ok(input)) => {
                let mut pattern = pattern(
                    format!("{}::{function}({args})", entity.name()),
                    entity.name(),
                    &input,
                    narrow_by,
                    true,
                );
                if index.is_none() {
                    pattern.options.extend(options.iter().cloned());
                }
                out.push(pattern);
            }
            Some(Err(_)) => {}
            None => out.extend(index.map(|index| attribute_wise(entity, index, function))),
        }
    }
    out
}

/// The query function of an attribute-wise index: one equality per partition attribute, then the
/// sort attributes left to right (AWS developer guide, "Multi-attribute keys pattern").
fn attribute_wise(entity: &ListedEntity, index: &EntityIndex, function: &str) -> AccessPattern {
    let def = index.index();
    let key = def.key_schema();
    let partition: Vec<&str> = match def.kind() {
        IndexKind::Global => key.partition().iter().map(|a| a.name()).collect(),
        IndexKind::Local => Vec::new(),
    };
    let sort: Vec<String> = key.sort().iter().map(|a| a.name().to_owned()).collect();
    AccessPattern {
        name: format!("{}::{function}({})", entity.name(), partition.join(", ")),
        entity: entity.name().to_owned(),
        on: def.name().to_owned(),
        key_condition: partition
            .iter()
            .map(|a| format!("{a} = :{a}"))
            .collect::<Vec<_>>()
            .join(" AND "),
        filter: None,
        names: Vec::new(),
        values: vec!["typed values, one per key attribute".to_owned()],
        options: Vec::new(),
        narrow_by: sort,
        generated: true,
    }
}

fn named(p: &Pattern, entities: &[ListedEntity]) -> AccessPattern {
    pattern(
        p.name.clone(),
        entities[p.entity].name(),
        &p.input,
        Vec::new(),
        false,
    )
}

fn pattern(
    name: String,
    entity: &str,
    input: &dynakey::QueryInput,
    narrow_by: Vec<String>,
    generated: bool,
) -> AccessPattern {
    AccessPattern {
        name,
        entity: entity.to_owned(),
        on: input
            .index_name
            .clone()
            .unwrap_or_else(|| "table".to_owned()),
        key_condition: input.key_condition_expression.clone(),
        filter: input.filter_expression.clone(),
        names: input
            .expression_attribute_names
            .iter()
            .map(|(k, v)| format!("{k} = {v}"))
            .collect(),
        values: input
            .expression_attribute_values
            .iter()
            .map(|(k, v)| format!("{k} = {}", value(v)))
            .collect(),
        options: options(input),
        generated,
        narrow_by,
    }
}

/// The request's direction and `Limit`, where it sets them.
pub(crate) fn options(input: &dynakey::QueryInput) -> Vec<String> {
    let mut out = Vec::new();
    if !input.scan_index_forward {
        out.push("ScanIndexForward=false".to_owned());
    }
    if let Some(limit) = input.limit {
        out.push(format!("Limit={limit}"));
    }
    out
}

/// The characters of an expression value (`:pk = "…"`) shown in the chart before it is elided in
/// the middle (the whole value on hover).
const VALUE_WIDTH: usize = 44;

/// The page fits a 1280-px window: long words (keys, expression names) wrap instead of widening
/// their column.
const STYLE: &str = "body{font:14px/1.45 system-ui,sans-serif;margin:1.5em;color:#222;\
max-width:1232px}h1{font-size:1.5em}h2{font-size:1.2em;margin-top:2em}\
table{border-collapse:collapse;margin:.5em 0;max-width:100%}th,td{border:1px solid #ccc;\
padding:.3em .5em;text-align:left;vertical-align:top;overflow-wrap:break-word}\
td code{overflow-wrap:anywhere}\
span[title]{text-decoration:underline dotted #999;cursor:help}th{background:#f3f3f3}code{font:13px ui-monospace,monospace}\
.swatch{display:inline-block;width:.8em;height:.8em;border-radius:2px;margin-right:.4em}\
.nested{list-style:none}.nested::before{content:'↳ ';color:#888}ul{padding-left:1.2em}small{color:#666}";

impl Chart {
    fn colour_of(&self, entity: &str) -> &'static str {
        colour(
            self.rows
                .iter()
                .position(|r| r.entity == entity)
                .unwrap_or(0),
        )
    }

    /// The chart as one HTML page (no scripts, no outside resources).
    pub fn html(&self) -> String {
        let mut out = format!(
            "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
             <title>{name} — table design</title><style>{STYLE}</style></head><body>\n\
             <h1>{name} — table design</h1>\n\
             <p><small>Generated by dynakey from the table's declarations.</small></p>\n\
             <h2>Entity chart</h2>\n<table id=\"entities\"><tr>",
            name = html(&self.name)
        );
        for column in &self.columns {
            out.push_str(&format!("<th>{}</th>", html(column)));
        }
        out.push_str("</tr>\n");
        for row in &self.rows {
            out.push_str(&format!(
                "<tr><td><span class=\"swatch\" style=\"background:{}\"></span>{}</td>",
                self.colour_of(&row.entity),
                html(&row.entity)
            ));
            for cell in &row.cells {
                out.push_str(&format!("<td><code>{}</code></td>", html(cell)));
            }
            out.push_str(&format!("<td>{}</td></tr>\n", html(&row.notes.join("; "))));
        }
        out.push_str("</table>\n<h2>Item collections</h2>\n<ul id=\"collections\">\n");
        for collection in &self.collections {
            out.push_str(&format!(
                "<li>{} partition <code>{}</code><ul>",
                html(&collection.on),
                html(&collection.partition)
            ));
            for (depth, entity, sort) in &collection.members {
                out.push_str(&format!(
                    "<li{}><span class=\"swatch\" style=\"background:{}\"></span>{} \
                     <code>{}</code></li>",
                    if *depth > 0 {
                        format!(
                            " class=\"nested\" style=\"margin-left:{}em\"",
                            1.4 * *depth as f32
                        )
                    } else {
                        String::new()
                    },
                    self.colour_of(entity),
                    html(entity),
                    html(sort)
                ));
            }
            out.push_str("</ul></li>\n");
        }
        out.push_str(
            "</ul>\n<h2>Access patterns</h2>\n<table id=\"patterns\"><tr><th>query</th>\
             <th>entity</th><th>on</th><th>KeyCondition<wbr>Expression</th>\
             <th>Expression<wbr>Attribute<wbr>Names</th><th>Expression<wbr>Attribute<wbr>Values</th>\
             <th>direction, Limit</th><th>narrow by (left to right)</th></tr>\n",
        );
        for p in &self.patterns {
            out.push_str(&format!(
                "<tr><td>{}</td><td>{}</td><td>{}</td><td><code>{}</code>{}</td>\
                 <td><code>{}</code></td><td><code>{}</code></td><td>{}</td><td>{}</td></tr>\n",
                if p.generated {
                    format!("<code>{}</code>", html(&p.name))
                } else {
                    html(&p.name)
                },
                html(&p.entity),
                html(&p.on),
                html(&p.key_condition),
                p.filter.as_ref().map_or(String::new(), |f| format!(
                    "<br><small>FilterExpression</small> <code class=\"filter\">{}</code>",
                    html(f)
                )),
                html(&p.names.join(", ")),
                p.values
                    .iter()
                    .map(|v| html_elided(v, VALUE_WIDTH))
                    .collect::<Vec<_>>()
                    .join(", "),
                html(&p.options.join(", ")),
                html(&p.narrow_by.join(", "))
            ));
        }
        out.push_str("</table>\n");
        if !self.unique.is_empty() {
            out.push_str(
                "<h2>Uniqueness items and their look-ups</h2>\n<table id=\"unique\"><tr>\
                 <th>entity</th><th>unique</th><th>uniqueness item key</th><th>look-up</th>\
                 <th>requests</th></tr>\n",
            );
            for u in &self.unique {
                out.push_str(&format!(
                    "<tr><td><span class=\"swatch\" style=\"background:{}\"></span>{}</td>\
                     <td>{}</td><td><code>{}</code></td><td><code>{}</code></td><td>{}</td></tr>\n",
                    self.colour_of(&u.entity),
                    html(&u.entity),
                    html(&u.fields.join(", ")),
                    html(&u.key),
                    html(&u.lookup),
                    html(&u.requests)
                ));
            }
            out.push_str("</table>\n");
        }
        out.push_str("</body></html>\n");
        out
    }

    /// The chart as Markdown.
    pub fn markdown(&self) -> String {
        let mut out = format!(
            "# {} — table design\n\n## Entity chart\n\n",
            cell(&self.name)
        );
        let columns: Vec<String> = self.columns.iter().map(|c| cell(c)).collect();
        out.push_str(&format!("| {} |\n", columns.join(" | ")));
        out.push_str(&format!("|{}\n", "---|".repeat(self.columns.len())));
        for row in &self.rows {
            let cells: Vec<String> = row.cells.iter().map(|c| code(c)).collect();
            out.push_str(&format!(
                "| {} | {} | {} |\n",
                cell(&row.entity),
                cells.join(" | "),
                cell(&row.notes.join("; "))
            ));
        }
        out.push_str("\n## Item collections\n\n");
        for collection in &self.collections {
            out.push_str(&format!(
                "- {} partition {}\n",
                cell(&collection.on),
                code(&collection.partition)
            ));
            for (depth, entity, sort) in &collection.members {
                out.push_str(&format!(
                    "{}- {} {}\n",
                    "  ".repeat(depth + 1),
                    cell(entity),
                    code(sort)
                ));
            }
        }
        out.push_str(
            "\n## Access patterns\n\n| query | entity | on | KeyConditionExpression | \
             FilterExpression | ExpressionAttributeNames | ExpressionAttributeValues | \
             direction, Limit | narrow by |\n|---|---|---|---|---|---|---|---|---|\n",
        );
        for p in &self.patterns {
            out.push_str(&format!(
                "| {} | {} | {} | {} | {} | {} | {} | {} | {} |\n",
                if p.generated {
                    code(&p.name)
                } else {
                    cell(&p.name)
                },
                cell(&p.entity),
                cell(&p.on),
                code(&p.key_condition),
                code(p.filter.as_deref().unwrap_or("")),
                code(&p.names.join(", ")),
                code(&p.values.join(", ")),
                cell(&p.options.join(", ")),
                cell(&p.narrow_by.join(", "))
            ));
        }
        if !self.unique.is_empty() {
            out.push_str(
                "\n## Uniqueness items and their look-ups\n\n| entity | unique | uniqueness \
                 item key | look-up | requests |\n|---|---|---|---|---|\n",
            );
            for u in &self.unique {
                out.push_str(&format!(
                    "| {} | {} | {} | {} | {} |\n",
                    cell(&u.entity),
                    cell(&u.fields.join(", ")),
                    code(&u.key),
                    code(&u.lookup),
                    cell(&u.requests)
                ));
            }
        }
        out
    }
}
