//! Attribute names that are DynamoDB reserved words (`status`, `name`, `data`, `key`, `date`) work
//! end to end, because every name goes through a `#placeholder` (docs/semantics.md §3; AWS developer guide,
//! "Expression attribute names" and "Reserved words").

use crate::common;

use aws_sdk_dynamodb::types::AttributeValue;
use dynakey::{Entity, Table};
use dynakey_runtime::{Db, Page};
use futures::TryStreamExt;
use serde::{Deserialize, Serialize};

use common::engine::Capability;
use common::{BoxError, TestEngine};

/// A table whose key attributes are reserved words.
#[derive(Table)]
#[table(partition_key = "status", sort_key = "name")]
struct Reserved;

/// Fields (and so attributes) named `date`, `key` and `data`, also reserved words.
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Reserved)]
#[pk("U#<user>")]
#[sk("DOC#<date>#<key>")]
struct Doc {
    user: String,
    date: String,
    key: String,
    data: String,
}

/// A projection of the reserved-word attributes.
#[derive(Deserialize, Debug, Clone, PartialEq)]
struct DocView {
    data: String,
    key: String,
    date: String,
}

fn doc(date: &str, key: &str) -> Doc {
    Doc {
        user: "ada".into(),
        date: date.into(),
        key: key.into(),
        data: format!("{date}/{key}"),
    }
}

fn datas(docs: &[Doc]) -> Vec<&str> {
    docs.iter().map(|d| d.data.as_str()).collect()
}

async fn seeded() -> Result<(TestEngine, Db<Reserved>), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<Reserved>().await?;
    for (date, key) in [
        ("2026-01", "a"),
        ("2026-01", "b"),
        ("2026-02", "a"),
        ("2026-03", "a"),
        ("2026-03", "b"),
        ("2026-04", "a"),
    ] {
        db.create(&doc(date, key)).await?;
    }
    // succ("DOC#2026-03#"), returned by BETWEEN up to group 2026-03 and dropped by the runtime.
    db.client()
        .put_item()
        .table_name(db.table_name())
        .item("status", AttributeValue::S("U#ada".into()))
        .item("name", AttributeValue::S("DOC#2026-03$".into()))
        .send()
        .await?;
    Ok((engine, db))
}

#[tokio::test]
async fn key_attributes_named_status_and_name() -> Result<(), BoxError> {
    let (_engine, db) = seeded().await?;
    assert_eq!(Reserved::PARTITION_KEY, "status");
    let q = Doc::query("ada").begins_with(Doc::sk().date("2026-03"));
    let input = q.build()?;
    assert_eq!(
        input.key_condition_expression,
        "#pk = :pk AND begins_with(#sk, :sk)"
    );
    assert_eq!(input.expression_attribute_names["#pk"], "status");
    assert_eq!(input.expression_attribute_names["#sk"], "name");
    let found: Vec<Doc> = db.query(&q).items().try_collect().await?;
    assert_eq!(datas(&found), ["2026-03/a", "2026-03/b"]);

    let one: Vec<Doc> = db
        .query(&Doc::query("ada").eq(Doc::sk().date("2026-02").key("a")))
        .items()
        .try_collect()
        .await?;
    assert_eq!(datas(&one), ["2026-02/a"]);
    let newest: Vec<Doc> = db
        .query(&Doc::query("ada").lte(Doc::sk().date("2026-02")).reverse())
        .items()
        .try_collect()
        .await?;
    assert_eq!(datas(&newest), ["2026-02/a", "2026-01/b", "2026-01/a"]);
    let between: Vec<Doc> = db
        .query(&Doc::query("ada").between(Doc::sk().date("2026-02"), Doc::sk().date("2026-03")))
        .items()
        .try_collect()
        .await?;
    assert_eq!(datas(&between), ["2026-02/a", "2026-03/a", "2026-03/b"]);
    assert_eq!(
        db.get(&Doc::key("ada", "2026-04", "a")?).await?,
        Some(doc("2026-04", "a"))
    );
    Ok(())
}

#[tokio::test]
async fn projections_of_data_key_and_date() -> Result<(), BoxError> {
    let (_engine, db) = seeded().await?;
    let q = Doc::query("ada")
        .between(Doc::sk().date("2026-01"), Doc::sk().date("2026-03"))
        .project(["data", "key", "date"]);
    let input = q.build()?;
    // The key attributes are read too, to check that every item is a `Doc`.
    assert_eq!(
        input.projection_expression.as_deref(),
        Some("#p0, #p1, #p2, #sk, #pk")
    );
    let views: Vec<DocView> = db
        .query(&q)
        .project::<DocView>()
        .items()
        .try_collect()
        .await?;
    assert_eq!(
        views.len(),
        5,
        "without the foreign DOC#2026-03$: {views:?}"
    );
    assert_eq!(
        views[0],
        DocView {
            data: "2026-01/a".into(),
            key: "a".into(),
            date: "2026-01".into()
        }
    );

    // Paged by cursor: the cursor carries the attributes `status` and `name`.
    let paged = q.clone().limit(2);
    let mut cursor = None;
    let mut all = Vec::new();
    loop {
        let page: Page<DocView> = db.query(&paged).project().page(cursor.as_ref()).await?;
        all.extend(page.items);
        cursor = page.next;
        if cursor.is_none() {
            break;
        }
    }
    assert_eq!(all, views);
    Ok(())
}

#[tokio::test]
async fn the_engine_rejects_these_names_without_placeholders() -> Result<(), BoxError> {
    // The control: what dynakey's placeholders avoid.
    let (engine, db) = seeded().await?;
    if engine.unsupported(Capability::RejectsReservedWords) {
        return Ok(());
    }
    for (condition, projection) in [("status = :pk", None), ("#pk = :pk", Some("data, date"))] {
        let mut request = db
            .client()
            .query()
            .table_name(db.table_name())
            .key_condition_expression(condition)
            .set_projection_expression(projection.map(str::to_owned))
            .expression_attribute_values(":pk", AttributeValue::S("U#ada".into()));
        if condition.contains("#pk") {
            request = request.expression_attribute_names("#pk", "status");
        }
        let error = match request.send().await {
            Ok(_) => return Err(format!("{condition} / {projection:?} was accepted").into()),
            Err(e) => aws_sdk_dynamodb::error::DisplayErrorContext(e).to_string(),
        };
        assert!(error.contains("reserved keyword"), "{error}");
    }
    Ok(())
}
