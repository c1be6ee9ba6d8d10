//! The picture of a table's design (`dynakey_runtime::design`, docs/design.md), made from the
//! tracker and drive examples' own declarations and example items, so the tests check exactly
//! what `--design DIR` writes: the Workbench model's required fields, one facet per entity, the
//! GSIs, example keys that parse back into their entities; the chart's rows and columns; and the
//! key ranges the SVG marks, against what the engine returns for the same request.
//!
//! The examples are compiled in here as modules; their tables are private to them, so each
//! example calls the checks below from a `#[cfg(test)] mod design_tests` of its own (compiled
//! only here, never in the example binary).

use crate::common;

use std::collections::HashMap;

use aws_sdk_dynamodb::types::AttributeValue;
use dynakey::{IndexKind, ListedEntity, Table};
use dynakey_runtime::convert::apply_query_input;
use dynakey_runtime::design::{Design, DesignError};
use serde_json::Value;

use common::{BoxError, TestEngine};

#[allow(dead_code)]
#[path = "../examples/tracker.rs"]
mod tracker;

#[allow(dead_code)]
#[path = "../examples/drive.rs"]
mod drive;

/// The `S` value of `attribute` in a Workbench `TableData` item (`{"PK": {"S": "…"}}`).
fn s<'a>(item: &'a Value, attribute: &str) -> Option<&'a str> {
    item.get(attribute)?.get("S")?.as_str()
}

/// The Workbench model of `design` has what Workbench needs to import it, one facet per listed
/// entity with its templates as aliases, every GSI, and example items whose keys are their facet's
/// entity's keys.
pub(crate) fn workbench_model<T: Table>(design: &Design<T>) {
    let model = design.workbench_model();
    assert!(model["ModelName"].is_string());
    assert_eq!(model["ModelMetadata"]["AWSService"], "Amazon DynamoDB");
    let tables = model["DataModel"]
        .as_array()
        .expect("DataModel is an array");
    assert_eq!(tables.len(), 1);
    let table = &tables[0];
    assert!(table["TableName"].is_string());
    let keys = &table["KeyAttributes"];
    assert_eq!(keys["PartitionKey"]["AttributeName"], T::PARTITION_KEY);
    assert_eq!(keys["PartitionKey"]["AttributeType"], "S");
    assert_eq!(keys["SortKey"]["AttributeName"].as_str(), T::SORT_KEY);
    for attribute in table["NonKeyAttributes"]
        .as_array()
        .expect("NonKeyAttributes")
    {
        assert!(attribute["AttributeName"].is_string() && attribute["AttributeType"].is_string());
    }

    let facets = table["TableFacets"].as_array().expect("TableFacets");
    assert_eq!(
        facets.len(),
        T::ENTITIES.len(),
        "one facet per listed entity"
    );
    for (facet, entity) in facets.iter().zip(T::ENTITIES) {
        assert_eq!(facet["FacetName"], entity.name());
        let alias = &facet["KeyAttributeAlias"];
        assert_eq!(
            alias["PartitionKeyAlias"],
            entity.partition_template().text()
        );
        assert_eq!(
            alias["SortKeyAlias"].as_str(),
            entity.sort_template().map(|t| t.text())
        );
        assert!(facet["NonKeyAttributes"].is_array());
        let data = facet["TableData"].as_array().expect("facet TableData");
        assert!(!data.is_empty(), "{} has example items", entity.name());
        for item in data {
            let (pk, sk) = (
                s(item, T::PARTITION_KEY),
                T::SORT_KEY.and_then(|k| s(item, k)),
            );
            let found = ListedEntity::recognise(T::ENTITIES, pk.expect("a PK"), sk, |a| s(item, a));
            assert_eq!(
                found.map(|i| i.map(|i| T::ENTITIES[i].name())),
                Ok(Some(entity.name())),
                "the example keys {pk:?} {sk:?} parse back into {}",
                entity.name()
            );
        }
    }
    let all = table["TableData"].as_array().expect("TableData");
    assert_eq!(all.len(), design.items().count());

    let gsis: Vec<&str> = table["GlobalSecondaryIndexes"]
        .as_array()
        .expect("GlobalSecondaryIndexes")
        .iter()
        .map(|g| {
            assert!(g["KeyAttributes"]["PartitionKey"]["AttributeName"].is_string());
            assert!(g["Projection"]["ProjectionType"].is_string());
            g["IndexName"].as_str().expect("IndexName")
        })
        .collect();
    let declared: Vec<&str> = T::INDEXES
        .iter()
        .filter(|i| i.kind() == IndexKind::Global)
        .map(|i| i.name())
        .collect();
    assert_eq!(gsis, declared, "every GSI is listed");
}

/// The tracker's chart: its rows and columns, the nesting in its item collection, the generated
/// query functions with what they send.
pub(crate) fn tracker_chart<T: Table>(design: &Design<T>) {
    let chart = design.chart();
    assert_eq!(
        chart.columns,
        [
            "entity",
            "PK",
            "SK",
            "GSI1 · GSI1PK",
            "GSI1 · GSI1SK",
            "notes"
        ]
    );
    let rows: Vec<(&str, Vec<&str>)> = chart
        .rows
        .iter()
        .map(|r| {
            (
                r.entity.as_str(),
                r.cells.iter().map(String::as_str).collect(),
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            ("Org", vec!["ORG#<org>", "META", "", ""]),
            ("User", vec!["ORG#<org>", "USER#<user>", "", ""]),
            (
                "Issue",
                vec![
                    "ORG#<org>",
                    "ISSUE#<number>",
                    "ASSIGNEE#<assignee>",
                    "<number>#<org>"
                ]
            ),
            (
                "Comment",
                vec!["ORG#<org>", "ISSUE#<number>#C#<seq>", "", ""]
            ),
        ]
    );
    assert_eq!(chart.rows[1].notes, ["unique (org, email)"]);
    assert_eq!(chart.rows[2].notes, ["sparse in GSI1"]);

    // The org's partition: issues with their comments nested under them, then the org, then users.
    let org = &chart.collections[0];
    assert_eq!(
        (org.on.as_str(), org.partition.as_str()),
        ("table", "ORG#<org>")
    );
    let members: Vec<(usize, &str)> = org
        .members
        .iter()
        .map(|(d, e, _)| (*d, e.as_str()))
        .collect();
    assert_eq!(
        members,
        [(0, "Issue"), (1, "Comment"), (0, "Org"), (0, "User")]
    );

    // Every generated query function, with the request it sends.
    let by_assignee = chart
        .patterns
        .iter()
        .find(|p| p.name == "Issue::query_by_assignee(assignee)")
        .expect("the index's query function is listed");
    assert_eq!(by_assignee.on, "GSI1");
    assert_eq!(by_assignee.key_condition, "#pk = :pk");
    assert_eq!(by_assignee.names, ["#pk = GSI1PK"]);
    assert_eq!(by_assignee.values, [r#":pk = "ASSIGNEE#<assignee>""#]);
    assert_eq!(by_assignee.narrow_by, ["number", "org"]);
    let generated = chart.patterns.iter().filter(|p| p.generated).count();
    assert_eq!(
        generated, 5,
        "query on the table for four entities, one index function"
    );

    let html = design.chart_html();
    for column in &chart.columns {
        assert!(
            html.contains(&format!("<th>{column}</th>")),
            "{column} in the HTML"
        );
    }
    assert!(html.contains("ISSUE#&lt;number&gt;#C#&lt;seq&gt;"));

    // A filtered pattern shows its FilterExpression beside its key condition; it reads its key
    // range all the same.
    let open = chart
        .patterns
        .iter()
        .find(|p| p.name == "open issues 2 through 10")
        .expect("the filtered pattern");
    assert_eq!(open.filter.as_deref(), Some("#open = :open"), "{open:?}");
    assert!(open.names.contains(&"#open = open".to_owned()), "{open:?}");
    assert!(open.values.contains(&":open = true".to_owned()), "{open:?}");
    assert!(html
        .contains("<small>FilterExpression</small> <code class=\"filter\">#open = :open</code>"));
    assert!(design.chart_markdown().contains("| `#open = :open` |"));
    let svg = design.collection_svg("ORG#acme");
    assert!(svg.contains("filter #open = :open"), "{svg}");
    assert_eq!(
        design.reads("open issues 2 through 10"),
        design.reads("issues 2 through 10")
    );
}

/// The tracker's SVG: the org's items in key order with the keys the encoders wrote.
pub(crate) fn tracker_svg<T: Table>(design: &Design<T>) {
    assert_eq!(design.largest_collection(), Some("ORG#acme"));
    let svg = design.collection_svg("ORG#acme");
    let keys: Vec<&str> = svg
        .split("font-family=\"ui-monospace, monospace\">")
        .skip(2)
        .take(9)
        .map(|rest| rest.split('<').next().unwrap_or(""))
        .collect();
    assert_eq!(
        keys,
        [
            "ISSUE#0000000001",
            "ISSUE#0000000001#C#0000000001",
            "ISSUE#0000000001#C#0000000002",
            "ISSUE#0000000002",
            "ISSUE#0000000010",
            "ISSUE#0000000010#C#0000000001",
            "META",
            "USER#ada",
            "USER#bob",
        ]
    );
    // Each named pattern on this partition is a numbered bar from the first item it reads to the
    // last (bob's issues are on GSI1: no bar).
    let rows: Vec<u32> = svg
        .split("<g class=\"item\"")
        .skip(1)
        .map(|g| attribute(g, "y"))
        .collect();
    let bars: Vec<(u32, u32)> = svg
        .split("<g class=\"range\">")
        .skip(1)
        .map(|g| (attribute(g, "y1"), attribute(g, "y2")))
        .collect();
    let on_partition: Vec<String> = design
        .chart()
        .patterns
        .into_iter()
        .filter(|p| !p.generated && p.on == "table")
        .map(|p| p.name)
        .collect();
    assert_eq!(bars.len(), on_partition.len());
    for (name, (top, bottom)) in on_partition.iter().zip(bars) {
        let read = design.reads(name).expect("a table pattern");
        let row = |key: &str| keys.iter().position(|k| *k == key).expect("a drawn key");
        let (first, last) = (row(read[0]), row(read[read.len() - 1]));
        assert_eq!(top, rows[first], "{name}: the bar starts at its first item");
        assert_eq!(
            bottom,
            rows[last] + 24,
            "{name}: the bar ends at its last item"
        );
    }
    // Beside the table's partition, the GSI1 partitions holding its issues, each item with its
    // index keys (issue 2 has no assignee: not in the sparse index), in GSI1SK order; bob's
    // issues a bar there.
    let sections: Vec<&str> = svg
        .split("<g class=\"index-partition\" data-on=\"GSI1\">")
        .skip(1)
        .collect();
    assert_eq!(sections.len(), 2, "ASSIGNEE#ada and ASSIGNEE#bob: {svg}");
    assert!(sections[0].contains(">ASSIGNEE#ada</tspan>"));
    assert!(sections[0].contains(">0000000010#acme</text>"));
    assert!(sections[1].contains(">ASSIGNEE#bob</tspan>"));
    assert!(sections[1].contains(">0000000001#acme</text>"));
    assert!(
        sections[1].contains("SK ISSUE#0000000001"),
        "the item's table key"
    );
    assert_eq!(
        svg.matches("<g class=\"range\" data-on=\"GSI1\">").count(),
        1
    );
    assert!(svg.contains("bob&#39;s issues"));

    // Limit and direction: the newest issue and the comment after it, from the end of the range.
    assert_eq!(
        design.reads("the newest issue, comments in range"),
        Some(vec!["ISSUE#0000000010", "ISSUE#0000000010#C#0000000001"])
    );
}

/// The number in the first `name="…"` of `text`.
fn attribute(text: &str, name: &str) -> u32 {
    let at = text.find(&format!(" {name}=\"")).expect("the attribute") + name.len() + 3;
    text[at..]
        .split('"')
        .next()
        .and_then(|n| n.parse().ok())
        .expect("a number")
}

/// Two runs make the same files (the Workbench model's dates aside): CI compares them with the
/// committed copies.
pub(crate) fn deterministic<T: Table>(design: impl Fn() -> Design<T>) {
    let (a, b) = (design(), design());
    assert_eq!(a.chart_html(), b.chart_html());
    assert_eq!(a.chart_markdown(), b.chart_markdown());
    let partition = a.largest_collection().expect("examples").to_owned();
    assert_eq!(a.collection_svg(&partition), b.collection_svg(&partition));
    let undated = |mut model: Value| {
        model["ModelMetadata"]["DateCreated"] = Value::Null;
        model["ModelMetadata"]["DateLastModified"] = Value::Null;
        model
    };
    assert_eq!(undated(a.workbench_model()), undated(b.workbench_model()));
}

#[derive(dynakey::Table)]
#[table(partition_key = "PK", sort_key = "SK")]
enum Listing {
    Listed(Listed),
}

#[derive(dynakey::Entity, serde::Serialize, serde::Deserialize)]
#[dynakey(table = Listing)]
#[pk("L#<id>")]
#[sk("L")]
struct Listed {
    id: String,
}

/// Declared for `Listing` but not among its variants (deliberately: `unlisted`).
#[derive(dynakey::Entity, serde::Serialize, serde::Deserialize)]
#[dynakey(table = Listing, unlisted)]
#[pk("U#<id>")]
#[sk("U")]
struct Unlisted {
    id: String,
}

#[test]
fn a_design_refuses_a_name_that_is_not_a_table_name() {
    for name in ["", "ab", "../x", "my shop", &"x".repeat(256)] {
        match Design::<Listing>::new(name) {
            Err(DesignError::Name { name: given }) => assert_eq!(given, name),
            other => panic!("{name:?}: expected DesignError::Name, got {other:?}"),
        }
    }
}

#[test]
fn a_pattern_is_a_key_condition() {
    let projected = Listed::query("a").project(["id"]);
    match Design::<Listing>::new("listing")
        .expect("a valid name")
        .pattern("projected", &projected)
    {
        Err(DesignError::NotAKeyCondition { name }) => assert_eq!(name, "projected"),
        other => panic!("expected NotAKeyCondition, got {other:?}"),
    }
}

/// A table with what tracker and drive lack: an LSI, a write-sharded entity, an attribute-wise
/// GSI, and values that need escaping.
#[derive(dynakey::Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByRegion, partition_key = [entity_type("_type"), "region"], sort_key = ["round": N])]
#[lsi(ByRank, name = "LSI1", sort_key = "LSI1SK")]
enum Odd {
    Player(Player),
    Event(Event),
}

#[derive(dynakey::Entity, serde::Serialize, serde::Deserialize)]
#[dynakey(table = Odd, entity_type = "_type")]
#[pk("P#<id>")]
#[sk("P")]
#[index(ByRegion, pk = [region], sk = [round])]
#[index(ByRank, sk = "R#<rank>")]
struct Player {
    id: String,
    region: String,
    round: u32,
    rank: u32,
}

#[derive(dynakey::Entity, serde::Serialize, serde::Deserialize)]
#[dynakey(table = Odd, entity_type = "_type")]
#[pk("LOG#<stream>", shards = 4, shard_by = "id")]
#[sk("EV#<id>")]
struct Event {
    stream: String,
    id: String,
}

fn odd() -> Design<Odd> {
    Design::new("odd")
        .expect("a valid name")
        .example(&Player {
            id: "<b>&'|`x`".into(),
            region: "eu".into(),
            round: 2,
            rank: 7,
        })
        .expect("a player")
        .example(&Event {
            stream: "s".into(),
            id: "e1".into(),
        })
        .expect("an event")
}

#[test]
fn lsi_sharded_and_attribute_wise_indexes_in_the_chart_and_the_model() {
    let chart = odd().chart();
    assert_eq!(
        chart.columns,
        [
            "entity",
            "PK",
            "SK",
            "ByRegion · _type (S)",
            "ByRegion · region (S)",
            "ByRegion · round (N)",
            "LSI1 · LSI1SK",
            "notes"
        ]
    );
    assert_eq!(
        chart.rows[0].cells,
        [
            "P#<id>",
            "P",
            "\"Player\" (entity type)",
            "region (S)",
            "round (N)",
            "R#<rank>"
        ]
    );
    assert_eq!(
        chart.rows[1].cells,
        ["LOG#<stream>", "EV#<id>", "", "", "", ""]
    );
    assert!(chart.rows[1]
        .notes
        .iter()
        .any(|n| n.contains("4 shards by id")));

    let names: Vec<&str> = chart.patterns.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Player::query(id)",
            "Player::query_by_region(_type, region)",
            "Player::query_by_rank(id)",
            "Event::query_shards(stream)",
        ]
    );
    let shards = &chart.patterns[3];
    assert_eq!(shards.values, [r#":pk = "LOG#<stream>#00""#]);
    assert!(shards.options[0].starts_with("4 Queries"));
    let rank = &chart.patterns[2];
    // An LSI's partition key is the table's.
    assert_eq!(
        (rank.on.as_str(), rank.names.as_slice()),
        ("LSI1", &["#pk = PK".to_owned()][..])
    );

    // The model holds the template GSIs only: an LSI and a multi-attribute GSI key are named in
    // its description instead.
    let model = odd().workbench_model();
    assert_eq!(
        model["DataModel"][0]["GlobalSecondaryIndexes"],
        Value::Array(vec![])
    );
    let description = model["ModelMetadata"]["Description"]
        .as_str()
        .expect("text");
    assert!(description.contains("ByRegion, LSI1"), "{description}");

    // Escaped in HTML and Markdown.
    let html = odd().chart_html();
    assert!(!html.contains("<b>"));
    let markdown = odd().chart_markdown();
    assert!(markdown.contains("| Player | `P#<id>` |"), "{markdown}");
    deterministic(odd);
}

#[test]
fn write_to_writes_the_four_files_and_no_stale_drawing() -> Result<(), BoxError> {
    let dir = std::env::temp_dir().join(format!("dynakey-design-{}", std::process::id()));
    let written = odd().write_to(&dir)?;
    assert_eq!(written.len(), 4);
    for path in &written {
        assert!(std::fs::metadata(path)?.len() > 0, "{}", path.display());
    }
    // Without examples the drawing of the earlier design is removed, not left behind.
    let written = Design::<Odd>::new("odd")?.write_to(&dir)?;
    assert_eq!(written.len(), 3);
    assert!(!dir.join("odd-collection.svg").exists());
    std::fs::remove_dir_all(&dir)?;
    Ok(())
}

#[test]
fn a_design_refuses_an_entity_its_table_does_not_list() {
    let design = Design::<Listing>::new("listing")
        .expect("a valid name")
        .example(&Listed { id: "a".into() })
        .expect("a listed entity");
    match design.example(&Unlisted { id: "b".into() }) {
        Err(DesignError::NotListed { entity, .. }) => assert_eq!(entity, "Unlisted"),
        other => panic!("expected NotListed, got {other:?}"),
    }
}

/// The example items written to a real table, each table pattern's request sent as rendered: the
/// engine returns exactly the sort keys the design marks as read.
pub(crate) async fn ranges_match_the_engine<T: Table>(design: Design<T>) -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<T>().await?;
    for item in design.items() {
        db.client()
            .put_item()
            .table_name(db.table_name())
            .set_item(Some(item.clone()))
            .send()
            .await?;
    }
    let names: Vec<String> = design
        .chart()
        .patterns
        .into_iter()
        .filter(|p| !p.generated && p.on == "table")
        .map(|p| p.name)
        .collect();
    assert!(names.len() >= 2);
    for name in names {
        let input = design.pattern_input(&name).expect("a named pattern");
        let answer = apply_query_input(db.client().query(), db.table_name(), input)
            .send()
            .await?;
        let sort_key = T::SORT_KEY.expect("a sort key");
        let mut returned: Vec<&str> = answer
            .items()
            .iter()
            .map(|item: &HashMap<String, AttributeValue>| {
                item[sort_key].as_s().map(String::as_str).unwrap_or("")
            })
            .collect();
        if !input.scan_index_forward {
            // DynamoDB answers in the request's direction; `reads` lists in sort-key order.
            returned.reverse();
        }
        let read = design.reads(&name).expect("a table pattern");
        if input.filter_expression.is_some() {
            // The filter applies after the read: the engine evaluated exactly the range, and
            // returned those of its items the filter keeps.
            assert_eq!(
                usize::try_from(answer.scanned_count()).ok(),
                Some(read.len()),
                "the range of {name:?}"
            );
            assert!(returned.iter().all(|k| read.contains(k)), "{name:?}");
            continue;
        }
        assert_eq!(returned, read, "the range of {name:?}");
    }
    Ok(())
}

/// A long key (a ULID-like id) is elided in the middle, its start and end kept, the whole key in
/// a `title` (HTML) or `<title>` (SVG) shown on hover; the chart's page fits a 1280-px window.
#[test]
fn long_keys_are_elided_in_the_middle_with_the_whole_key_on_hover() -> Result<(), BoxError> {
    let id = format!("01HV{}ZZ", "X".repeat(120));
    let design = Design::<Listing>::new("listing")?
        .example(&Listed { id: id.clone() })?
        .pattern("one long key", &Listed::query(id.as_str()))?;
    let html = design.chart_html();
    let whole = format!(":pk = &quot;L#{id}&quot;");
    // 44 characters: the first 22 and the last 21 of the 136, `…` between.
    let shown = format!(
        ":pk = &quot;L#01HV{}…{}ZZ&quot;",
        "X".repeat(9),
        "X".repeat(18)
    );
    assert!(
        html.contains(&format!("<span title=\"{whole}\">{shown}</span>")),
        "{html}"
    );
    assert!(html.contains("max-width:1232px"), "the page fits 1280 px");
    let svg = design.collection_svg(&format!("L#{id}"));
    assert!(
        svg.contains(&format!("<title>#pk = :pk   {whole}</title>")),
        "the legend's request on hover: {svg}"
    );
    assert!(
        svg.contains(&format!("<title>L#{id}</title>L#01HV")),
        "the partition key in the heading: {svg}"
    );
    Ok(())
}

/// `write_png` writes the files and, with a headless browser on the machine, a PNG of the chart
/// and of the collection; without one, the files and an error saying how to get one.
#[test]
fn write_png_takes_screenshots_or_says_how_to_get_a_browser() -> Result<(), BoxError> {
    let dir = std::env::temp_dir().join(format!("dynakey-design-png-{}", std::process::id()));
    match odd().write_png(&dir) {
        Ok(written) => {
            assert_eq!(written.len(), 6, "{written:?}");
            for png in ["odd-chart.png", "odd-collection.png"] {
                let bytes = std::fs::read(dir.join(png))?;
                assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "{png} is a PNG");
            }
        }
        Err(DesignError::NoBrowser { tried }) => {
            assert!(tried.iter().any(|b| b == "chromium"), "{tried:?}");
            let message = DesignError::NoBrowser { tried }.to_string();
            assert!(message.contains("apt-get install chromium"), "{message}");
            assert!(dir.join("odd-chart.html").exists(), "the files are written");
        }
        Err(other) => return Err(other.into()),
    }
    std::fs::remove_dir_all(&dir)?;
    Ok(())
}
