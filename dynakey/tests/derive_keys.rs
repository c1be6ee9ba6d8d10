//! What `#[derive(Entity)]` generates: keys, parsing, validation errors and the Query each
//! condition becomes (docs/semantics.md §1–3), checked without an engine.

use dynakey::AttributeValue;
use dynakey::{Entity, KeyError, KeyErrorKind, KeyPath, KeyRole, QueryInput, Table};

#[derive(Entity, Debug, Clone, PartialEq)]
#[pk("WS#<workspace>")]
#[sk("PROJ#<created>#<id>")]
struct Project {
    workspace: String,
    created: u64,
    id: String,
    name: String,
}

#[derive(Table)]
#[table(partition_key = "EntityRef", sort_key = "Detail")]
struct Workspaces;

#[derive(Entity, Debug, Clone, PartialEq)]
#[dynakey(table = Workspaces, name = "WorkspaceSettings")]
#[pk("WS#<workspace>")]
#[sk("META")]
struct Settings {
    workspace: String,
    plan: String,
}

#[derive(Entity, Debug, Clone, PartialEq)]
#[pk("DRIVE#<account>")]
#[sk("<path>")]
struct Node {
    account: String,
    path: KeyPath,
}

#[derive(Entity, Debug, Clone, PartialEq)]
#[pk("ACCT#<account>")]
#[sk("TX#<balance>#<day>#")]
struct Ledger {
    account: u32,
    balance: i64,
    day: u16,
}

#[derive(Table)]
#[table(partition_key = "PK", no_sort_key)]
struct Sessions;

#[derive(Entity, Debug, Clone, PartialEq)]
#[dynakey(table = Sessions)]
#[pk("SESSION#<id>")]
struct Session {
    id: String,
}

#[derive(dynakey::KeySegment, Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Status {
    #[key("ACTIVE")]
    Active,
    #[key("ARCHIVED")]
    Archived,
}

#[derive(Entity, Debug, Clone, PartialEq)]
#[pk("WS#<workspace>")]
#[sk("STATUS#<status>#<id>")]
struct ByStatus {
    workspace: String,
    status: Status,
    id: String,
}

fn project() -> Project {
    Project {
        workspace: "acme".into(),
        created: 42,
        id: "p1".into(),
        name: "Apollo".into(),
    }
}

#[test]
fn item_keys_and_keys_from_parts_agree() {
    let p = project();
    let key = p.primary_key().unwrap();
    assert_eq!(key.partition(), "WS#acme");
    assert_eq!(key.sort(), Some("PROJ#00000000000000000042#p1"));
    assert_eq!(Project::key("acme", 42, "p1").unwrap(), key);
    assert_eq!(Project::key(&p.workspace, p.created, &p.id).unwrap(), key);
    assert_eq!(
        key.attributes().collect::<Vec<_>>(),
        vec![("PK", "WS#acme"), ("SK", "PROJ#00000000000000000042#p1")]
    );

    let s = Settings {
        workspace: "acme".into(),
        plan: "pro".into(),
    };
    let key = s.primary_key().unwrap();
    assert_eq!(
        key.attributes().collect::<Vec<_>>(),
        vec![("EntityRef", "WS#acme"), ("Detail", "META")]
    );
    assert_eq!(Settings::ENTITY_NAME, "WorkspaceSettings");

    let session = Session { id: "s1".into() };
    assert_eq!(
        session
            .primary_key()
            .unwrap()
            .attributes()
            .collect::<Vec<_>>(),
        vec![("PK", "SESSION#s1")]
    );
    assert_eq!(Session::key("s1").unwrap().sort(), None);
}

#[test]
fn sort_keys_parse_back_into_fields() {
    let parsed = Project::parse_sort_key("PROJ#00000000000000000042#p1#with#hashes").unwrap();
    assert_eq!((parsed.created, parsed.id.as_str()), (42, "p1#with#hashes"));
    assert_eq!(
        Project::parse_partition_key("WS#acme").unwrap().workspace,
        "acme"
    );
    let ledger = Ledger {
        account: 7,
        balance: -250,
        day: 3,
    };
    let sk = ledger.sort_key().unwrap().unwrap();
    assert_eq!(sk, "TX#-9223372036854775558#00003#");
    let parsed = Ledger::parse_sort_key(&sk).unwrap();
    assert_eq!((parsed.balance, parsed.day), (-250, 3));
    let status = ByStatus {
        workspace: "w".into(),
        status: Status::Archived,
        id: "x".into(),
    };
    assert_eq!(status.sort_key().unwrap().unwrap(), "STATUS#ARCHIVED#x");
    assert_eq!(
        ByStatus::parse_sort_key("STATUS#ACTIVE#y").unwrap().status,
        Status::Active
    );
}

#[test]
fn keys_of_another_shape_are_typed_errors() {
    for bad in [
        "META",
        "PROJ#42#p1",
        "PROJ#0000000000000000004x#p1",
        "PROJ#00000000000000000042",
        // An empty last segment, which the encoder refuses to write.
        "PROJ#00000000000000000042#",
    ] {
        let err = Project::parse_sort_key(bad).unwrap_err();
        assert!(
            matches!(
                err.kind(),
                KeyErrorKind::Mismatch { .. } | KeyErrorKind::Segment { .. }
            ),
            "{bad:?}: {err}"
        );
    }
    // Nor an empty or oversized key: the encoder never writes one.
    for (bad, empty) in [
        (String::new(), true),
        (format!("PROJ#{:020}#{}", 1, "x".repeat(1024)), false),
    ] {
        let err = Project::parse_sort_key(&bad).unwrap_err();
        assert!(
            matches!(
                (err.kind(), empty),
                (KeyErrorKind::EmptyKey { .. }, true) | (KeyErrorKind::TooLong { .. }, false)
            ),
            "{err}"
        );
        assert!(!Project::matches_sort_key(&bad));
    }
    let err = ByStatus::parse_sort_key("STATUS#PAUSED#y").unwrap_err();
    assert!(matches!(
        err.kind(),
        KeyErrorKind::Segment {
            field: "status",
            ..
        }
    ));
}

#[test]
fn a_terminator_inside_a_value_is_rejected_with_field_value_and_character() {
    let mut p = project();
    p.workspace = "ac#me".into();
    // The partition key's last segment has no terminator: `#` is allowed there.
    assert_eq!(p.partition_key().unwrap(), "WS#ac#me");
    let err = ByStatus::key("w", Status::Active, "").unwrap_err();
    assert_eq!(
        *err.kind(),
        KeyErrorKind::EmptyValue {
            field: "id",
            template: "STATUS#<status>#<id>"
        }
    );

    #[derive(Entity, Debug)]
    #[pk("ORG#<org>#TEAM#<team>")]
    #[sk("META")]
    struct Team {
        org: String,
        team: String,
    }
    let err = Team::key("acme#eu", "core").unwrap_err();
    assert_eq!(
        *err.kind(),
        KeyErrorKind::Terminator {
            field: "org",
            value: "acme#eu".into(),
            terminator: '#',
            template: "ORG#<org>#TEAM#<team>"
        }
    );
    let message = err.to_string();
    assert!(
        message.contains("`org`") && message.contains("acme#eu") && message.contains("'#'"),
        "{message}"
    );
}

#[test]
fn empty_and_oversized_keys_are_rejected_in_bytes() {
    #[derive(Entity, Debug)]
    #[pk("<tenant>")]
    #[sk("<name>")]
    struct Bare {
        tenant: String,
        name: String,
    }
    let err = Bare::key("", "n").unwrap_err();
    assert!(matches!(
        err.kind(),
        KeyErrorKind::EmptyValue {
            field: "tenant",
            ..
        }
    ));
    // 2048 bytes of partition key is the limit; 683 three-byte characters are 2049 bytes.
    assert!(Bare::key("a".repeat(2048).as_str(), "n").is_ok());
    let err = Bare::key("€".repeat(683).as_str(), "n").unwrap_err();
    assert!(
        matches!(
            err.kind(),
            KeyErrorKind::TooLong {
                role: KeyRole::Partition,
                bytes: 2049,
                limit: 2048,
                ..
            }
        ),
        "{err}"
    );
    assert!(Bare::key("t", "😀".repeat(256).as_str()).is_ok());
    let err = Bare::key("t", format!("{}x", "😀".repeat(256)).as_str()).unwrap_err();
    assert!(
        matches!(
            err.kind(),
            KeyErrorKind::TooLong {
                role: KeyRole::Sort,
                bytes: 1025,
                limit: 1024,
                ..
            }
        ),
        "{err}"
    );
}

/// (KeyConditionExpression, names, values) of a built query.
type Built = (String, Vec<(String, String)>, Vec<(String, String)>);

fn built(q: Result<QueryInput, KeyError>) -> Built {
    let q = q.unwrap();
    let names = q.expression_attribute_names.into_iter().collect();
    let values = q
        .expression_attribute_values
        .into_iter()
        .map(|(k, v)| match v {
            AttributeValue::S(s) => (k, s),
            other => panic!("unexpected {other:?}"),
        })
        .collect();
    (q.key_condition_expression, names, values)
}

fn s(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

#[test]
fn whole_partition_and_group_queries() {
    let (kce, names, values) = built(Project::query("acme").build());
    assert_eq!(kce, "#pk = :pk");
    assert_eq!(names, s(&[("#pk", "PK")]));
    assert_eq!(values, s(&[(":pk", "WS#acme")]));

    let q = Project::query("acme")
        .begins_with(Project::sk())
        .reverse()
        .build()
        .unwrap();
    assert!(!q.scan_index_forward);
    let (kce, names, values) = built(Ok(q));
    assert_eq!(kce, "#pk = :pk AND begins_with(#sk, :sk)");
    assert_eq!(names, s(&[("#pk", "PK"), ("#sk", "SK")]));
    assert_eq!(values, s(&[(":pk", "WS#acme"), (":sk", "PROJ#")]));

    let (_, _, values) = built(
        Project::query("acme")
            .begins_with(Project::sk().created(42))
            .build(),
    );
    assert_eq!(
        values[1],
        (":sk".into(), "PROJ#00000000000000000042#".into())
    );

    let (kce, _, values) = built(
        Project::query("acme")
            .eq(Project::sk().created(42).id("p1"))
            .build(),
    );
    assert_eq!(kce, "#pk = :pk AND #sk = :sk");
    assert_eq!(values[1].1, "PROJ#00000000000000000042#p1");

    // A template starting with a placeholder: the empty group means no sort-key condition.
    let (kce, _, _) = built(Node::query("a91").begins_with(Node::sk()).build());
    assert_eq!(kce, "#pk = :pk");
    let photos = KeyPath::folder(["root", "photos"]).unwrap();
    let (kce, _, values) = built(
        Node::query("a91")
            .begins_with(Node::sk().prefix(&photos))
            .build(),
    );
    assert_eq!(kce, "#pk = :pk AND begins_with(#sk, :sk)");
    assert_eq!(values, s(&[(":pk", "DRIVE#a91"), (":sk", "root/photos/")]));

    let (_, names, _) = built(Settings::query("acme").eq(Settings::sk()).build());
    assert_eq!(names, s(&[("#pk", "EntityRef"), ("#sk", "Detail")]));
}

#[test]
fn partial_values_only_through_named_methods() {
    let (kce, _, values) = built(
        Project::query("acme")
            .begins_with(Project::sk().created(42).prefix("ap"))
            .build(),
    );
    assert_eq!(kce, "#pk = :pk AND begins_with(#sk, :sk)");
    assert_eq!(values[1].1, "PROJ#00000000000000000042#ap");
    let err = Project::query("acme")
        .begins_with(Project::sk().prefix("0#"))
        .build()
        .unwrap_err();
    assert!(
        matches!(
            err.kind(),
            KeyErrorKind::Terminator {
                field: "created",
                ..
            }
        ),
        "{err}"
    );
}

#[test]
fn group_inclusive_ranges() {
    let g = |n: u64| Project::sk().created(n);
    let p = |n: u64| format!("PROJ#{n:020}#");
    let succ = |n: u64| format!("PROJ#{n:020}$");

    let query = Project::query("w").gte(g(5));
    let q = query.build().unwrap();
    assert_eq!(
        q.key_condition_expression,
        "#pk = :pk AND #sk BETWEEN :lo AND :hi"
    );
    assert_eq!(
        q.expression_attribute_values[":lo"],
        AttributeValue::S(p(5))
    );
    assert_eq!(
        q.expression_attribute_values[":hi"],
        AttributeValue::S("PROJ$".into())
    );
    assert_eq!(
        query.plan().unwrap().excluded_sort_keys(),
        vec!["PROJ$".to_owned()]
    );

    let query = Project::query("w").gt(g(5));
    let q = query.build().unwrap();
    assert_eq!(
        q.expression_attribute_values[":lo"],
        AttributeValue::S(succ(5))
    );

    let query = Project::query("w").lt(g(5));
    let q = query.build().unwrap();
    assert_eq!(
        q.expression_attribute_values[":lo"],
        AttributeValue::S("PROJ#".into())
    );
    assert_eq!(
        q.expression_attribute_values[":hi"],
        AttributeValue::S(p(5))
    );
    assert_eq!(query.plan().unwrap().excluded_sort_keys(), vec![p(5)]);

    let query = Project::query("w").lte(g(5));
    let q = query.build().unwrap();
    assert_eq!(
        q.expression_attribute_values[":hi"],
        AttributeValue::S(succ(5))
    );
    assert_eq!(query.plan().unwrap().excluded_sort_keys(), vec![succ(5)]);

    let query = Project::query("w").between(g(3), g(5));
    let q = query.build().unwrap();
    assert_eq!(
        q.key_condition_expression,
        "#pk = :pk AND #sk BETWEEN :lo AND :hi"
    );
    assert_eq!(
        q.expression_attribute_values[":lo"],
        AttributeValue::S(p(3))
    );
    assert_eq!(
        q.expression_attribute_values[":hi"],
        AttributeValue::S(succ(5))
    );
    assert_eq!(query.plan().unwrap().excluded_sort_keys(), vec![succ(5)]);

    let err = Project::query("w").between(g(5), g(3)).build().unwrap_err();
    assert!(matches!(err.kind(), KeyErrorKind::Condition(_)), "{err}");

    // Complete keys compare exactly.
    let query = Project::query("w").between(g(3).id("a"), g(5).id("b"));
    let q = query.build().unwrap();
    assert_eq!(
        q.expression_attribute_values[":hi"],
        AttributeValue::S(format!("{}b", p(5)))
    );
    assert!(query.plan().unwrap().excluded_sort_keys().is_empty());

    // Templates that start with a placeholder use plain comparisons (no entity prefix to stay in).
    let photos = KeyPath::folder(["root", "photos"]).unwrap();
    let q = Node::query("a")
        .gte(Node::sk().path(&photos))
        .build()
        .unwrap();
    assert_eq!(q.key_condition_expression, "#pk = :pk AND #sk >= :sk");
}

#[test]
fn projection_limit_and_consistency() {
    let q = Project::query("w")
        .project(["name", "status"])
        .limit(10)
        .consistent_read()
        .build()
        .unwrap();
    // The key attributes are read too: a typed read checks every item's keys against the
    // entity's templates before decoding it.
    assert_eq!(
        q.projection_expression.as_deref(),
        Some("#p0, #p1, #pk, #SK")
    );
    assert_eq!(q.expression_attribute_names["#p1"], "status");
    assert_eq!(q.expression_attribute_names["#pk"], "PK");
    assert_eq!(q.limit, Some(10));
    assert!(q.consistent_read);
}

#[test]
fn deferred_errors_surface_at_build() {
    let err = Project::query("w")
        .begins_with(Project::sk().created(1).prefix("x"))
        .build();
    assert!(err.is_ok());
    let err = Project::query("w")
        .eq(Project::sk().created(1).id(""))
        .build()
        .unwrap_err();
    assert!(matches!(
        err.kind(),
        KeyErrorKind::EmptyValue { field: "id", .. }
    ));
    let long = "x".repeat(3000);
    let err = Project::query(long.as_str()).build().unwrap_err();
    assert!(matches!(
        err.kind(),
        KeyErrorKind::TooLong {
            role: KeyRole::Partition,
            ..
        }
    ));
}

/// Fields may be named like the generated code's locals: those carry a `__dynakey_` prefix.
#[test]
fn fields_named_like_generated_locals() {
    #[derive(Entity, Debug, Clone, PartialEq)]
    #[pk("P#<out>#<capacity>")]
    #[sk("S#<out>#<key>#<rest>#<partial>")]
    struct Awkward {
        out: String,
        capacity: u32,
        key: String,
        rest: String,
        partial: String,
    }
    let a = Awkward {
        out: "o".into(),
        capacity: 7,
        key: "k".into(),
        rest: "r".into(),
        partial: "p".into(),
    };
    let key = a.primary_key().unwrap();
    assert_eq!(key.partition(), "P#o#0000000007");
    assert_eq!(key.sort(), Some("S#o#k#r#p"));
    assert_eq!(Awkward::key("o", 7u32, "k", "r", "p").unwrap(), key);
    let parsed = Awkward::parse_sort_key("S#o#k#r#p").unwrap();
    assert_eq!(
        (parsed.out, parsed.key, parsed.rest, parsed.partial),
        ("o".into(), "k".into(), "r".into(), "p".into())
    );
    let q = Awkward::query("o", 7u32)
        .begins_with(Awkward::sk().out("o").key("k").rest("r").prefix("p"))
        .build()
        .unwrap();
    assert_eq!(
        q.expression_attribute_values[":sk"],
        AttributeValue::S("S#o#k#r#p".into())
    );
}
