//! Template plans keep their fingerprints (so cursors made before attribute-wise indexes stay
//! valid) and their rendered requests, byte for byte; attribute-wise plans render and
//! fingerprint their typed attributes.

use super::*;
use crate::expr::{Comparator, Operand, Path, Value};
use crate::Entity;

#[derive(crate::Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByStatus, name = "GSI1", partition_key = "GSI1PK", sort_key = "GSI1SK")]
struct App;

#[derive(Entity)]
#[dynakey(table = App, entity_type = "_type")]
#[pk("WS#<workspace>")]
#[sk("PROJ#<created>#<id>")]
#[index(ByStatus, pk = "STATUS#<status>", sk = "<created>")]
struct Project {
    workspace: String,
    created: u32,
    id: String,
    status: String,
}

#[derive(Entity)]
#[pk("T#<tenant>", shards = 3, shard_by = "id")]
#[sk("DOC#<id>")]
struct Doc {
    tenant: String,
    id: String,
}

fn plan<S, P>(q: crate::KeyQuery<impl Sized, impl Sized, S, P>) -> QueryPlan {
    match q.plan() {
        Ok(plan) => plan,
        Err(e) => panic!("{e}"),
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The request of partition 0 as one line: what DynamoDB receives.
fn rendered(plan: &QueryPlan) -> String {
    let input = plan.input(0);
    format!(
        "{:?} | {} | {:?} | {:?} | {:?} | fwd={}",
        input.index_name,
        input.key_condition_expression,
        input.expression_attribute_names,
        input.expression_attribute_values,
        input.filter_expression,
        input.scan_index_forward
    )
}

fn template_plans() -> Vec<(&'static str, QueryPlan)> {
    let mut filtered = plan(Project::query("acme"));
    filtered.filter = Some(crate::expr::Condition::Compare(
        Operand::Path(Path::attribute("name")),
        Comparator::Eq,
        Operand::Value(Value::S("Apollo".into())),
    ));
    vec![
        ("whole", plan(Project::query("acme"))),
        (
            "begins",
            plan(Project::query("acme").begins_with(Project::sk().created(7))),
        ),
        (
            "between",
            plan(
                Project::query("acme").between(Project::sk().created(1), Project::sk().created(3)),
            ),
        ),
        (
            "gt",
            plan(
                Project::query("acme")
                    .gt(Project::sk().created(1).id("p"))
                    .reverse(),
            ),
        ),
        (
            "index",
            plan(Project::query_by_status("open").lte(Project::by_status_sk().created(9))),
        ),
        (
            "shards",
            plan(Doc::query_shards("t1").begins_with(Doc::sk())),
        ),
        ("filtered", filtered),
        ("scan", QueryPlan::scan::<Project>()),
    ]
}

/// Fingerprints computed before `SortKeyCondition`/`PartitionKey` existed (commit 97c8d94).
const FINGERPRINTS: &[(&str, &str)] = &[
    ("whole", "7792207726bd773daed6dbfb2ac51896"),
    ("begins", "1ab0d2ca964a1b95babbd50e91699786"),
    ("between", "1815aa9f003dce8f28acd8dfd9177323"),
    ("gt", "9b89097d8d91df323572ba0ae21cbcda"),
    ("index", "aab6296c048a2e6226f49f816a0c11aa"),
    ("shards", "d73e06d67a39d7e44996c89873a3cdfb"),
    ("filtered", "97ba2c99bdb33c83090f2034198bcc04"),
    ("scan", "827e94330074d7138adf4e4eed24fd5d"),
];

/// The requests as rendered before (commit 97c8d94).
const REQUESTS: &[(&str, &str)] = &[
    (
        "whole",
        r##"None | #pk = :pk | {"#pk": "PK"} | {":pk": S("WS#acme")} | None | fwd=true"##,
    ),
    (
        "begins",
        r##"None | #pk = :pk AND begins_with(#sk, :sk) | {"#pk": "PK", "#sk": "SK"} | {":pk": S("WS#acme"), ":sk": S("PROJ#0000000007#")} | None | fwd=true"##,
    ),
    (
        "between",
        r##"None | #pk = :pk AND #sk BETWEEN :lo AND :hi | {"#pk": "PK", "#sk": "SK"} | {":hi": S("PROJ#0000000003$"), ":lo": S("PROJ#0000000001#"), ":pk": S("WS#acme")} | None | fwd=true"##,
    ),
    (
        "gt",
        r##"None | #pk = :pk AND #sk BETWEEN :lo AND :hi | {"#pk": "PK", "#sk": "SK"} | {":hi": S("PROJ$"), ":lo": S("PROJ#0000000001#p"), ":pk": S("WS#acme")} | None | fwd=false"##,
    ),
    (
        "index",
        r##"Some("GSI1") | #pk = :pk AND #sk <= :sk | {"#pk": "GSI1PK", "#sk": "GSI1SK"} | {":pk": S("STATUS#open"), ":sk": S("0000000009")} | None | fwd=true"##,
    ),
    (
        "shards",
        r##"None | #pk = :pk AND begins_with(#sk, :sk) | {"#pk": "PK", "#sk": "SK"} | {":pk": S("T#t1#00"), ":sk": S("DOC#")} | None | fwd=true"##,
    ),
    (
        "filtered",
        r##"None | #pk = :pk | {"#name": "name", "#pk": "PK"} | {":name": S("Apollo"), ":pk": S("WS#acme")} | Some("#name = :name") | fwd=true"##,
    ),
    (
        "scan",
        r##"None | #pk = :pk | {"#_type": "_type", "#pk": "PK"} | {":_type": S("Project"), ":pk": S("0")} | Some("#_type = :_type") | fwd=true"##,
    ),
];

#[test]
fn template_plans_keep_their_fingerprints_and_requests() {
    let plans = template_plans();
    assert_eq!(plans.len(), FINGERPRINTS.len());
    for (((name, plan), (pinned, fingerprint)), (_, request)) in
        plans.iter().zip(FINGERPRINTS).zip(REQUESTS)
    {
        assert_eq!(name, pinned);
        assert_eq!(&hex(&plan.fingerprint("T")), fingerprint, "{name}");
        assert_eq!(&rendered(plan), request, "{name}");
    }
}

// ----- Attribute-wise plans (by hand, as the derive will generate them) -------------------------

struct ByRegion;
impl crate::Index for ByRegion {
    type Table = App;
    const DEF: crate::IndexDef = crate::__private::attribute_index_def(
        "ByRegion",
        crate::IndexKind::Global,
        crate::KeySchema::attributes(
            &[
                crate::KeyAttr::s("_type"),
                crate::KeyAttr::s("tournament"),
                crate::KeyAttr::s("region"),
            ],
            &[crate::KeyAttr::n("round"), crate::KeyAttr::s("bracket")],
        )
        .with_entity_type(),
        crate::Projection::All,
    );
}

fn by_region(tournament: &str, region: &str) -> crate::KeyQuery<Project, ByRegion> {
    use crate::__private::{
        attribute_value, entity_type_value, partition_key, query_attribute_index,
    };
    query_attribute_index::<Project, ByRegion>(
        partition_key([
            ("_type", entity_type_value::<Project>()),
            (
                "tournament",
                attribute_value::<String>(&tournament, KeyRole::Partition),
            ),
            (
                "region",
                attribute_value::<String>(&region, KeyRole::Partition),
            ),
        ]),
        <ByRegion as crate::Index>::DEF,
    )
}

use crate::__private::SortConditions;
use crate::error::KeyRole;

#[test]
fn attribute_plans_render_every_attribute_and_keep_native_types() {
    let whole = plan(by_region("T1", "EU"));
    assert_eq!(whole.partition_count(), 1);
    assert!(whole.partitions().is_empty());
    assert_eq!(
        whole.partition_key(0).map(|k| k.attributes().len()),
        Some(3)
    );
    assert_eq!(
        whole.input(0).key_condition_expression,
        "#_type = :_type AND #tournament = :tournament AND #region = :region"
    );
    assert_eq!(
        whole.target().start_key_attributes(),
        [
            "PK",
            "SK",
            "_type",
            "bracket",
            "region",
            "round",
            "tournament"
        ]
    );
    let range: crate::AttributeRange<Project, ByRegion> = SortConditions::new()
        .eq::<u32>("round", &2)
        .begins_with::<Project, ByRegion, String>("bracket", &"low");
    let narrowed = plan(by_region("T1", "EU").sort_key(range));
    let input = narrowed.input(0);
    assert_eq!(
        input.key_condition_expression,
        "#_type = :_type AND #tournament = :tournament AND #region = :region AND \
         #round = :round AND begins_with(#bracket, :bracket)"
    );
    assert_eq!(
        input.expression_attribute_values.get(":round"),
        Some(&Value::N("2".into()))
    );
    assert!(narrowed.excluded_sort_keys().is_empty() && !narrowed.matches_nothing());
    let between: crate::AttributeRange<Project, ByRegion> =
        SortConditions::new().between::<Project, ByRegion, u32>("round", &2, &10);
    let input = plan(by_region("T1", "EU").sort_key(between)).input(0);
    assert!(input
        .key_condition_expression
        .ends_with("#round BETWEEN :lo AND :hi"));
    assert_eq!(
        input.expression_attribute_values.get(":hi"),
        Some(&Value::N("10".into()))
    );
}

#[test]
fn attribute_plans_are_fingerprinted_by_their_typed_values() {
    let fp = |q: crate::KeyQuery<Project, ByRegion, crate::query::SortKeyRange>| {
        plan(q).fingerprint("T")
    };
    let gt = |v: u32| {
        SortConditions::new().compare::<Project, ByRegion, u32>(
            "round",
            crate::__private::AttributeOp::Gt,
            &v,
        )
    };
    let base = fp(by_region("T1", "EU").sort_key(gt(1)));
    assert_eq!(base, fp(by_region("T1", "EU").sort_key(gt(1))));
    assert_ne!(base, fp(by_region("T1", "EU").sort_key(gt(2))));
    assert_ne!(base, fp(by_region("T1", "US").sort_key(gt(1))));
    let ge = SortConditions::new().compare::<Project, ByRegion, u32>(
        "round",
        crate::__private::AttributeOp::Ge,
        &1,
    );
    assert_ne!(base, fp(by_region("T1", "EU").sort_key(ge)));
    assert_ne!(
        plan(by_region("T1", "EU")).fingerprint("T"),
        plan(by_region("T1", "US")).fingerprint("T")
    );
}

#[test]
fn attribute_conditions_are_checked_against_the_schema() {
    let err = |q: crate::KeyQuery<Project, ByRegion, crate::query::SortKeyRange>| {
        q.plan().map(|_| ()).unwrap_err().to_string()
    };
    // between with low above high, compared as numbers (10 > 9, though "10" < "9" as text).
    let reversed = SortConditions::new().between::<Project, ByRegion, u32>("round", &10, &9);
    assert!(err(by_region("T1", "EU").sort_key(reversed)).contains("low 10 is above high 9"));
    // A skipped attribute, a wrong type, begins_with on a number: refused before any request.
    let skipped = SortConditions::new().begins_with::<Project, ByRegion, String>("bracket", &"x");
    assert!(err(by_region("T1", "EU").sort_key(skipped)).contains("is \"round\", not \"bracket\""));
    let wrong_type = SortConditions::new().compare::<Project, ByRegion, String>(
        "round",
        crate::__private::AttributeOp::Gt,
        &"2",
    );
    assert!(err(by_region("T1", "EU").sort_key(wrong_type)).contains("is N"));
    // An empty partition value.
    let e = by_region("", "EU").plan().unwrap_err();
    assert!(
        matches!(e.kind(), crate::KeyErrorKind::EmptyKey { .. }),
        "{e}"
    );
    // A template condition on an attribute-wise query is refused (the types forbid it for
    // generated builders; a hand-built query still gets an error, not a wrong request).
    let on_template = Project::query("acme").sort_key(
        SortConditions::new().compare::<Project, crate::PrimaryIndex, u32>(
            "round",
            crate::__private::AttributeOp::Gt,
            &1,
        ),
    );
    assert!(on_template.plan().is_err());
}
