//! One item collection drawn as SVG: a partition's example items in sort-key order (the keys the
//! encoders wrote), entities told apart by colour, children indented under their parents, and the
//! key ranges of the design's access patterns marked beside the items each reads.

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
        let width = (LANES_X + patterns.len() * LANE + 12).max(980);
        let depth = depths(entities);
        let legend_top = TOP + items.len() * ROW + 30;
        let height = legend_top + 24 + patterns.len() * 40 + 34;
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
            partition = html(partition),
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
            let x = LANES_X + lane * LANE;
            let (Some(first), Some(last)) = (read.first(), read.last()) else {
                continue;
            };
            let (y0, y1) = (TOP + first * ROW, TOP + last * ROW + ROW - 6);
            svg.push_str(&format!(
                "<g class=\"range\"><line x1=\"{x}\" y1=\"{y0}\" x2=\"{x}\" y2=\"{y1}\" \
                 stroke=\"#333\" stroke-width=\"3\"/><line x1=\"{a}\" y1=\"{y0}\" x2=\"{x}\" \
                 y2=\"{y0}\" stroke=\"#333\" stroke-width=\"2\"/><line x1=\"{a}\" y1=\"{y1}\" \
                 x2=\"{x}\" y2=\"{y1}\" stroke=\"#333\" stroke-width=\"2\"/>\
                 <text x=\"{x}\" y=\"{ly}\" text-anchor=\"middle\" font-weight=\"600\">{n}</text></g>\n",
                a = x - 6,
                ly = TOP - 12,
                n = lane + 1,
            ));
        }
        svg.push_str(&format!(
            "<text x=\"{KEY_X}\" y=\"{legend_top}\" font-weight=\"600\">access patterns on this \
             partition</text>\n"
        ));
        for (lane, (pattern, read)) in patterns.iter().enumerate() {
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
                 font-size=\"12\" fill=\"#333\">{kce}{filter}   {values}</text>\n",
                n = lane + 1,
                name = html(&pattern.name),
                entity = html(entities[pattern.entity].name()),
                count = read.len(),
                x2 = KEY_X + 18,
                y2 = y + 17,
                kce = html(&pattern.input.key_condition_expression),
                filter = pattern
                    .input
                    .filter_expression
                    .as_ref()
                    .map_or(String::new(), |f| format!("   filter {}", html(f))),
                values = svg_elided(&values.join(", "), 90),
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

impl<T: Table> Design<T> {
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
