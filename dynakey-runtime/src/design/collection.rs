//! One item collection drawn as SVG: a partition's example items in sort-key order (the keys the
//! encoders wrote), entities told apart by colour, children indented under their parents, and the
//! key ranges of the design's access patterns marked beside the items each reads.

use aws_sdk_dynamodb::types::AttributeValue;
use dynakey::__private::condition::SortCondition;
use dynakey::{KeyValue, ListedEntity, Table};

use super::chart::{colour, options};
use super::text::{attribute, html, svg_elided, value};
use super::{Design, Example, Pattern};

const ROW: usize = 30;
const TOP: usize = 92;
const KEY_X: usize = 24;
const KEY_WIDTH: usize = 560;
const ENTITY_X: usize = 600;
const LANES_X: usize = 916;
const LANE: usize = 18;

impl<T: Table> Design<T> {
    /// The item collection of partition key `partition` as SVG: its example items in sort-key
    /// order (UTF-8 bytes, as DynamoDB orders `S` sort keys: AWS developer guide, "Working with
    /// queries in DynamoDB"), each with its sort key, entity and first attributes; an entity nested
    /// under another (`ListedEntity::nesting`) indented under it; and for each access pattern of
    /// the design on this partition of the table, a numbered bar over the items in its key range
    /// (what DynamoDB reads; a typed read then keeps its own entity's items), with a legend.
    pub fn collection_svg(&self, partition: &str) -> String {
        let entities = self.entities();
        let items = self.collection(partition);
        let patterns: Vec<(&Pattern, Vec<usize>)> = self
            .patterns
            .iter()
            .filter(|p| p.input.index_name.is_none() && on_partition(p, partition))
            .map(|p| (p, read_positions(p, &items)))
            .collect();
        let mut sections = self.index_partitions(&items);
        sections.extend(self.uniqueness_items(&items));
        let lanes = patterns.len() + sections.iter().map(|s| s.patterns.len()).sum::<usize>();
        let width = (LANES_X + lanes * LANE + 12).max(980);
        let depth = depths(entities);
        let sections_top = TOP + items.len() * ROW + 10;
        let sections_height: usize = sections
            .iter()
            .map(|s| SECTION_HEAD + s.items.len() * ROW)
            .sum();
        let legend_top = sections_top + sections_height + 30;
        let height = legend_top + 24 + lanes * 40 + 34;
        let mut svg = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
             viewBox=\"0 0 {width} {height}\" font-family=\"system-ui, sans-serif\" \
             font-size=\"13\">\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n\
             <text x=\"{KEY_X}\" y=\"30\" font-size=\"18\" font-weight=\"600\">{name}: the item \
             collection {pk} = <tspan font-family=\"ui-monospace, monospace\">{partition}</tspan>\
             </text>\n<text x=\"{KEY_X}\" y=\"52\" fill=\"#555\">{n} example items in sort-key \
             order (UTF-8 bytes), keys as the encoders wrote them</text>\n\
             <text x=\"{KEY_X}\" y=\"{head}\" font-weight=\"600\">{sk}</text>\
             <text x=\"{ENTITY_X}\" y=\"{head}\" font-weight=\"600\">entity · attributes</text>\
             <text x=\"{reads_x}\" y=\"{head}\" font-weight=\"600\" text-anchor=\"end\">reads</text>\n",
            name = html(&self.name),
            pk = html(T::PARTITION_KEY),
            partition = svg_elided(partition, 60),
            n = items.len(),
            head = TOP - 12,
            sk = html(T::SORT_KEY.unwrap_or("")),
            reads_x = LANES_X - 10,
        );
        for (row, item) in items.iter().enumerate() {
            let y = TOP + row * ROW;
            let indent = (depth[item.entity] * 22).min(KEY_WIDTH / 2);
            let colour = colour(item.entity);
            let entity = &entities[item.entity];
            svg.push_str(&format!(
                "<g class=\"item\" data-entity=\"{name}\">\
                 <rect x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{h}\" rx=\"4\" fill=\"{colour}\" \
                 fill-opacity=\"0.16\" stroke=\"{colour}\"/>\
                 <text x=\"{tx}\" y=\"{ty}\" font-family=\"ui-monospace, monospace\">{sort}</text>\
                 <text x=\"{ENTITY_X}\" y=\"{ty}\" fill=\"{colour}\" font-weight=\"600\">{name}\
                 <tspan fill=\"#444\" font-weight=\"400\"> {attributes}</tspan></text></g>\n",
                name = html(entity.name()),
                x = KEY_X + indent,
                w = KEY_WIDTH.saturating_sub(indent),
                h = ROW - 6,
                tx = KEY_X + indent + 10,
                ty = y + 17,
                sort = svg_elided(item.sort.as_deref().unwrap_or(""), 64 - indent / 8),
                attributes = svg_elided(&attributes::<T>(item, entity), 34),
            ));
        }
        for (lane, (_, read)) in patterns.iter().enumerate() {
            bar(&mut svg, lane, TOP, read, None);
        }
        let mut top = sections_top;
        let mut lane = patterns.len();
        for section in &sections {
            svg.push_str(&format!(
                "<g class=\"{class}\" data-on=\"{on}\"><text x=\"{KEY_X}\" y=\"{y}\" \
                 font-weight=\"600\">{heading}</text>\n",
                class = if section.unique {
                    "unique-items"
                } else {
                    "index-partition"
                },
                on = html(section.on),
                y = top + 30,
                heading = section.heading,
            ));
            let rows_top = top + SECTION_HEAD;
            for (row, item) in section.items.iter().enumerate() {
                let y = rows_top + row * ROW;
                let colour = colour(item.entity);
                let table_key = match (&item.table_sort, T::SORT_KEY) {
                    (Some(sort), Some(name)) => format!("{name} {sort}"),
                    _ => format!("{} {}", T::PARTITION_KEY, item.table_partition),
                };
                let table_key = if section.unique {
                    format!("uniqueness item of {table_key}")
                } else {
                    table_key
                };
                svg.push_str(&format!(
                    "<g class=\"index-item\" data-entity=\"{name}\">\
                     <rect x=\"{KEY_X}\" y=\"{y}\" width=\"{KEY_WIDTH}\" height=\"{h}\" rx=\"4\" \
                     fill=\"{colour}\" fill-opacity=\"0.10\" stroke=\"{colour}\" \
                     stroke-dasharray=\"4 3\"/><text x=\"{tx}\" y=\"{ty}\" \
                     font-family=\"ui-monospace, monospace\">{sort}</text>\
                     <text x=\"{ENTITY_X}\" y=\"{ty}\" fill=\"{colour}\" font-weight=\"600\">{name}\
                     <tspan fill=\"#444\" font-weight=\"400\"> {table_key}</tspan></text></g>\n",
                    name = html(entities[item.entity].name()),
                    h = ROW - 6,
                    tx = KEY_X + 10,
                    ty = y + 17,
                    sort = svg_elided(item.sort.as_deref().unwrap_or(""), 64),
                    table_key = svg_elided(&table_key, 44),
                ));
            }
            for (_, read) in &section.patterns {
                bar(&mut svg, lane, rows_top, read, Some(section.on));
                lane += 1;
            }
            svg.push_str("</g>\n");
            top += SECTION_HEAD + section.items.len() * ROW;
        }
        svg.push_str(&format!(
            "<text x=\"{KEY_X}\" y=\"{legend_top}\" font-weight=\"600\">access patterns on these \
             partitions</text>\n"
        ));
        let all = patterns.iter().map(|(p, read)| (*p, read.len())).chain(
            sections
                .iter()
                .flat_map(|s| s.patterns.iter().map(|(p, read)| (*p, read.len()))),
        );
        for (lane, (pattern, read)) in all.enumerate() {
            let y = legend_top + 24 + lane * 40;
            let mut values: Vec<String> = pattern
                .input
                .expression_attribute_values
                .iter()
                .map(|(k, v)| format!("{k} = {}", value(v)))
                .collect();
            values.extend(options(&pattern.input));
            svg.push_str(&format!(
                "<text x=\"{KEY_X}\" y=\"{y}\"><tspan font-weight=\"600\">{n}.</tspan> {name} \
                 <tspan fill=\"#555\">({entity}, reads {count} of these items)</tspan></text>\
                 <text x=\"{x2}\" y=\"{y2}\" font-family=\"ui-monospace, monospace\" \
                 font-size=\"12\" fill=\"#333\">{request}</text>\n",
                n = lane + 1,
                name = html(&pattern.name),
                entity = html(entities[pattern.entity].name()),
                count = read,
                x2 = KEY_X + 18,
                y2 = y + 17,
                request = svg_elided(
                    &format!(
                        "{}{}   {}",
                        pattern.input.key_condition_expression,
                        pattern
                            .input
                            .filter_expression
                            .as_ref()
                            .map_or(String::new(), |f| format!("   filter {f}")),
                        values.join(", ")
                    ),
                    132
                ),
            ));
        }
        let mut x = KEY_X;
        let y = height - 14;
        for (i, entity) in entities.iter().enumerate() {
            svg.push_str(&format!(
                "<rect x=\"{x}\" y=\"{ry}\" width=\"12\" height=\"12\" rx=\"2\" fill=\"{c}\"/>\
                 <text x=\"{tx}\" y=\"{y}\">{name}</text>\n",
                ry = y - 11,
                c = colour(i),
                tx = x + 17,
                name = html(entity.name()),
            ));
            x += 30 + entity.name().len() * 8;
        }
        svg.push_str("</svg>\n");
        svg
    }
}

/// The numbered bar of lane `lane` over the rows `read` of a list of rows starting at `top`
/// (`on`: the index whose partition the rows are, `None` for the table's).
fn bar(svg: &mut String, lane: usize, top: usize, read: &[usize], on: Option<&str>) {
    let x = LANES_X + lane * LANE;
    let (Some(first), Some(last)) = (read.first(), read.last()) else {
        return;
    };
    let (y0, y1) = (top + first * ROW, top + last * ROW + ROW - 6);
    svg.push_str(&format!(
        "<g class=\"range\"{on}><line x1=\"{x}\" y1=\"{y0}\" x2=\"{x}\" y2=\"{y1}\" \
         stroke=\"#333\" stroke-width=\"3\"/><line x1=\"{a}\" y1=\"{y0}\" x2=\"{x}\" \
         y2=\"{y0}\" stroke=\"#333\" stroke-width=\"2\"/><line x1=\"{a}\" y1=\"{y1}\" \
         x2=\"{x}\" y2=\"{y1}\" stroke=\"#333\" stroke-width=\"2\"/>\
         <text x=\"{x}\" y=\"{ly}\" text-anchor=\"middle\" font-weight=\"600\">{n}</text></g>\n",
        on = on.map_or(String::new(), |on| format!(" data-on=\"{}\"", html(on))),
        a = x - 6,
        ly = if on.is_some() { y0 - 4 } else { TOP - 12 },
        n = lane + 1,
    ));
}

/// The height of an index partition's heading.
const SECTION_HEAD: usize = 44;

/// One partition of an index holding example items of the drawn table partition.
struct IndexPartition<'d> {
    on: &'static str,
    /// The heading, SVG text content.
    heading: String,
    /// `true` for the uniqueness items' rows.
    unique: bool,
    /// The items with their index keys as `partition` and `sort`, in index sort-key order.
    items: Vec<IndexItem>,
    patterns: Vec<(&'d Pattern, Vec<usize>)>,
}

/// An example item as an index holds it.
struct IndexItem {
    entity: usize,
    sort: Option<String>,
    table_partition: String,
    table_sort: Option<String>,
}

impl<T: Table> Design<T> {
    /// The partitions of each index (GSI or LSI with template keys) holding any of `items` (the
    /// drawn table partition; an item without the index's key attributes is not in a sparse
    /// index), each with the example items it holds (of any table partition) in index sort-key
    /// order and the design's patterns on it.
    fn index_partitions(&self, items: &[&Example]) -> Vec<IndexPartition<'_>> {
        let mut out = Vec::new();
        for index in T::INDEXES.iter().filter(|i| !i.is_attribute_wise()) {
            let key = index.key_schema();
            let partition_key = match index.kind() {
                dynakey::IndexKind::Global => match key.partition().first() {
                    Some(a) => a.name(),
                    None => continue,
                },
                dynakey::IndexKind::Local => T::PARTITION_KEY,
            };
            let sort_key = key.sort().first().map(|a| a.name());
            let s = |e: &Example, name: &str| match e.item.get(name) {
                Some(AttributeValue::S(text)) => Some(text.clone()),
                Some(AttributeValue::N(number)) => Some(number.clone()),
                _ => None,
            };
            let in_index = |e: &Example| {
                let partition = s(e, partition_key)?;
                match sort_key {
                    Some(name) => Some((partition, Some(s(e, name)?))),
                    None => Some((partition, None)),
                }
            };
            let mut partitions: Vec<String> = items
                .iter()
                .filter_map(|e| in_index(e).map(|(p, _)| p))
                .collect();
            partitions.sort();
            partitions.dedup();
            for partition in partitions {
                let mut held: Vec<(&Example, Option<String>)> = self
                    .examples
                    .iter()
                    .filter_map(|e| match in_index(e) {
                        Some((p, sort)) if p == partition => Some((e, sort)),
                        _ => None,
                    })
                    .collect();
                held.sort_by(|a, b| {
                    a.1.as_deref()
                        .map(str::as_bytes)
                        .cmp(&b.1.as_deref().map(str::as_bytes))
                });
                let as_examples: Vec<Example> = held
                    .iter()
                    .map(|(e, sort)| Example {
                        entity: e.entity,
                        item: Default::default(),
                        partition: partition.clone(),
                        sort: sort.clone(),
                    })
                    .collect();
                let refs: Vec<&Example> = as_examples.iter().collect();
                let patterns = self
                    .patterns
                    .iter()
                    .filter(|p| {
                        p.input.index_name.as_deref() == Some(index.name())
                            && on_partition(p, &partition)
                    })
                    .map(|p| (p, read_positions(p, &refs)))
                    .collect();
                out.push(IndexPartition {
                    on: index.name(),
                    heading: format!(
                        "{on} partition {pk} = <tspan font-family=\"ui-monospace, monospace\">\
                         {partition}</tspan> <tspan fill=\"#555\" font-weight=\"400\">({sk} \
                         order; the same items, their index keys)</tspan>",
                        on = html(index.name()),
                        pk = html(partition_key),
                        partition = svg_elided(&partition, 60),
                        sk = html(sort_key.unwrap_or("no sort key")),
                    ),
                    unique: false,
                    items: held
                        .into_iter()
                        .map(|(e, sort)| IndexItem {
                            entity: e.entity,
                            sort,
                            table_partition: e.partition.clone(),
                            table_sort: e.sort.clone(),
                        })
                        .collect(),
                    patterns,
                });
            }
        }
        out
    }

    /// The uniqueness items of `items` (one per `#[unique(…)]` constraint and item whose fields
    /// are all set: `docs/semantics.md` §5), each its own partition (same text as sort key), in
    /// key order; `None` when there are none.
    fn uniqueness_items(&self, items: &[&Example]) -> Option<IndexPartition<'_>> {
        let entities = self.entities();
        let mut rows: Vec<IndexItem> = Vec::new();
        for item in items {
            let entity = &entities[item.entity];
            for constraint in entity.unique() {
                let values: Option<Vec<String>> = constraint
                    .attributes()
                    .iter()
                    .map(|a| {
                        dynakey::__private::unique::value_text(&item.item.get(*a)?.clone().into())
                    })
                    .collect();
                let Some(values) = values else { continue };
                rows.push(IndexItem {
                    entity: item.entity,
                    sort: Some(constraint.key_text(entity.name(), &values)),
                    table_partition: item.partition.clone(),
                    table_sort: item.sort.clone(),
                });
            }
        }
        rows.sort_by(|a, b| a.sort.cmp(&b.sort));
        (!rows.is_empty()).then(|| IndexPartition {
            on: "table",
            heading: format!(
                "uniqueness items <tspan fill=\"#555\" font-weight=\"400\">(each its own \
                 partition, {pk} = {sk}; written with its item, read by db.find_unique: GetItem, \
                 then the owner)</tspan>",
                pk = html(T::PARTITION_KEY),
                sk = html(T::SORT_KEY.unwrap_or(T::PARTITION_KEY)),
            ),
            unique: true,
            items: rows,
            patterns: Vec::new(),
        })
    }

    /// The example items of partition key `partition`, in sort-key order (UTF-8 bytes).
    fn collection(&self, partition: &str) -> Vec<&Example> {
        let mut items: Vec<&Example> = self
            .examples
            .iter()
            .filter(|e| e.partition == partition)
            .collect();
        items.sort_by(|a, b| {
            let key = |e: &Example| e.sort.as_deref().map(str::as_bytes).map(<[u8]>::to_vec);
            key(a).cmp(&key(b))
        });
        items
    }

    /// The sort keys of the example items that access pattern `name` reads from the table, in
    /// sort-key order: the items of its partition inside its key range, as DynamoDB evaluates the
    /// KeyConditionExpression, and of those the first `Limit` in the request's direction (a typed
    /// read then keeps its own entity's items). `None` for an unknown name or a pattern on an
    /// index.
    pub fn reads(&self, name: &str) -> Option<Vec<&str>> {
        let pattern = self
            .patterns
            .iter()
            .find(|p| p.name == name && p.input.index_name.is_none())?;
        let [(_, KeyValue::S(partition))] = pattern.condition.partition.as_slice() else {
            return Some(Vec::new());
        };
        let items = self.collection(partition);
        Some(
            read_positions(pattern, &items)
                .into_iter()
                .map(|i| items[i].sort.as_deref().unwrap_or(""))
                .collect(),
        )
    }
}

/// The positions in `items` (one partition, in sort-key order) that `pattern` reads: those in its
/// key range, then the first `Limit` of them in its direction, in sort-key order.
fn read_positions(pattern: &Pattern, items: &[&Example]) -> Vec<usize> {
    let mut read: Vec<usize> = items
        .iter()
        .enumerate()
        .filter(|(_, item)| reads(pattern, item.sort.as_deref()))
        .map(|(i, _)| i)
        .collect();
    if let Some(limit) = pattern.input.limit {
        let limit = usize::try_from(limit).unwrap_or(usize::MAX);
        if pattern.input.scan_index_forward {
            read.truncate(limit);
        } else {
            read = read.split_off(read.len().saturating_sub(limit));
        }
    }
    read
}

/// `true` when `pattern`'s key condition is on partition key `partition`.
fn on_partition(pattern: &Pattern, partition: &str) -> bool {
    matches!(pattern.condition.partition.as_slice(), [(_, KeyValue::S(p))] if p == partition)
}

/// `true` when the sort key `sort` is in `pattern`'s key range.
fn reads(pattern: &Pattern, sort: Option<&str>) -> bool {
    let Some(sort) = sort else {
        return pattern.condition.sort.is_empty();
    };
    pattern.condition.sort.iter().all(|(_, condition)| {
        let s = |v: &KeyValue| match v {
            KeyValue::S(text) => text.clone(),
            _ => String::new(),
        };
        let key = sort.as_bytes();
        match condition {
            SortCondition::Eq(v) => key == s(v).as_bytes(),
            SortCondition::BeginsWith(v) => key.starts_with(s(v).as_bytes()),
            SortCondition::Lt(v) => key < s(v).as_bytes(),
            SortCondition::Le(v) => key <= s(v).as_bytes(),
            SortCondition::Gt(v) => key > s(v).as_bytes(),
            SortCondition::Ge(v) => key >= s(v).as_bytes(),
            SortCondition::Between(lo, hi) => key >= s(lo).as_bytes() && key <= s(hi).as_bytes(),
        }
    })
}

/// Each listed entity's depth in the nesting (0 for an entity under no other).
fn depths(entities: &[ListedEntity]) -> Vec<usize> {
    let nesting = ListedEntity::nesting(entities);
    (0..entities.len())
        .map(|mut i| {
            let mut depth = 0;
            while let Some((_, parent)) = nesting.iter().find(|(c, _)| *c == i) {
                depth += 1;
                i = *parent;
                if depth > entities.len() {
                    break;
                }
            }
            depth
        })
        .collect()
}

/// The item's attributes that its table keys do not already show (neither a key attribute dynakey
/// wrote nor a field of the table's key templates), as `name: value`.
fn attributes<T: Table>(item: &Example, entity: &ListedEntity) -> String {
    let in_key = |name: &str| {
        entity.partition_template().fields().any(|f| f == name)
            || entity
                .sort_template()
                .is_some_and(|t| t.fields().any(|f| f == name))
    };
    let written = |name: &str| {
        in_key(name)
            || name == T::PARTITION_KEY
            || T::SORT_KEY == Some(name)
            || entity.entity_type_attribute() == Some(name)
            || T::INDEXES.iter().any(|i| {
                i.key_schema()
                    .partition()
                    .iter()
                    .chain(i.key_schema().sort())
                    .any(|a| a.name() == name && !i.is_attribute_wise())
            })
    };
    let mut names: Vec<&String> = item.item.keys().filter(|n| !written(n)).collect();
    names.sort();
    names
        .iter()
        .map(|n| format!("{n}: {}", attribute(&item.item[*n])))
        .collect::<Vec<_>>()
        .join(", ")
}
