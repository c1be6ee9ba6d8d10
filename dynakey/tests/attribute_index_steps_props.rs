//! The sort steps of an attribute-wise index (`.team().eq(v)`, `.round().gt(v)`, …; issue 46)
//! build exactly the query the per-operator methods they replaced did (`.team(v)`,
//! `.round_gt(v)`, …). Those methods were one call each into `SortConditions` (`eq`, `compare`,
//! `between`, `begins_with`, by the attribute's name) or, for a template fill, its key as an `S`
//! value: that path, written out by hand below, is the reference. Compared: the whole rendered
//! request (KeyConditionExpression, names, values), or the same error.

use dynakey::__private::attribute_range;
use dynakey::__private::condition::SortCondition;
use dynakey::{AttributeOp, Entity, KeyQuery, KeyValue, SortConditions, SortKeyRange, Table};
use proptest::prelude::*;

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByLeague, partition_key = ["league"], sort_key = ["team", "round": N, "slot"])]
struct Leagues;

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[dynakey(table = Leagues)]
#[pk("GAME#<id>")]
#[sk("META")]
#[index(ByLeague, pk = [league], sk = [team, round, "S#<slot_value>"], exclusive)]
struct Game {
    id: String,
    league: String,
    team: String,
    round: u32,
    slot_value: String,
}

/// The last condition on an attribute of type `T`.
#[derive(Debug, Clone)]
enum Op<T> {
    Eq(T),
    Gt(T),
    Gte(T),
    Lt(T),
    Lte(T),
    Between(T, T),
    BeginsWith(T),
}

fn op<T: std::fmt::Debug + Clone>(
    value: impl Strategy<Value = T> + Clone,
) -> impl Strategy<Value = Op<T>> {
    prop_oneof![
        value.clone().prop_map(Op::Eq),
        value.clone().prop_map(Op::Gt),
        value.clone().prop_map(Op::Gte),
        value.clone().prop_map(Op::Lt),
        value.clone().prop_map(Op::Lte),
        (value.clone(), value.clone()).prop_map(|(a, b)| Op::Between(a, b)),
        value.prop_map(Op::BeginsWith),
    ]
}

/// Equalities on the first `given` sort attributes, then `last` on the next one.
#[derive(Debug, Clone)]
enum Case {
    Team(Op<String>),
    Round(String, Op<u32>),
    Slot(String, u32, Op<String>),
}

fn case() -> impl Strategy<Value = Case> {
    // Empty strings too: both paths must keep the same error.
    let text = || "[a-c]{0,3}";
    prop_oneof![
        op(text()).prop_map(Case::Team),
        (text(), op(0u32..20).prop_filter("no begins_with on a number", |o| {
            !matches!(o, Op::BeginsWith(_))
        }))
            .prop_map(|(t, o)| Case::Round(t, o)),
        (text(), 0u32..20, op(text()).prop_filter(
            "a template fill: eq and between (its one-sided ranges are unit-tested in the core)",
            |o| matches!(o, Op::Eq(_) | Op::Between(..))
        ))
            .prop_map(|(t, r, o)| Case::Slot(t, r, o)),
    ]
}

fn query() -> KeyQuery<Game, ByLeague> {
    Game::query_by_league("L1")
}

/// The request (or error) of a query, for comparison.
fn sent(q: KeyQuery<Game, ByLeague, SortKeyRange>) -> String {
    format!("{:?}", q.plan().map(|plan| plan.input(0)))
}

/// With the steps: `$step` compared by `$op`; `$begins` is the query of a `begins_with`.
macro_rules! last {
    ($step:expr, $op:expr, $begins:expr) => {
        match $op {
            Op::Eq(v) => query().sort_key($step.eq(v)),
            Op::Gt(v) => query().sort_key($step.gt(v)),
            Op::Gte(v) => query().sort_key($step.gte(v)),
            Op::Lt(v) => query().sort_key($step.lt(v)),
            Op::Lte(v) => query().sort_key($step.lte(v)),
            Op::Between(lo, hi) => query().sort_key($step.between(lo, hi)),
            Op::BeginsWith(p) => $begins(p),
        }
    };
}

/// The `begins_with` of an attribute that has none (a number, a template fill): not generated.
fn none<T>(_: T) -> KeyQuery<Game, ByLeague, SortKeyRange> {
    unreachable!("filtered out")
}

fn with_steps(case: Case) -> String {
    let sk = Game::by_league_sk;
    sent(match case {
        Case::Team(o) => last!(sk().team(), o, |p: String| {
            query().sort_key(sk().team().begins_with(p))
        }),
        Case::Round(t, o) => last!(sk().team().eq(t).round(), o, none),
        Case::Slot(t, r, o) => last!(sk().team().eq(t).round().eq(r).slot_value(), o, none),
    })
}

/// By hand, as the per-operator methods did: `eq`/`compare`/`between`/`begins_with` of
/// `SortConditions` on the attribute's name; a template fill's key (`S#<v>`) as an `S` value.
fn by_hand(case: Case) -> String {
    fn native<T: dynakey::KeyAttribute>(
        prior: SortConditions,
        attribute: &'static str,
        o: Op<T>,
        begins_with: impl FnOnce(SortConditions, T) -> dynakey::AttributeRange<Game, ByLeague>,
    ) -> dynakey::AttributeRange<Game, ByLeague> {
        match o {
            Op::Eq(v) => {
                let value = v.key_value(dynakey::KeyRole::Sort).map(SortCondition::Eq);
                attribute_range(prior, attribute, value)
            }
            Op::Gt(v) => prior.compare(attribute, AttributeOp::Gt, &v),
            Op::Gte(v) => prior.compare(attribute, AttributeOp::Ge, &v),
            Op::Lt(v) => prior.compare(attribute, AttributeOp::Lt, &v),
            Op::Lte(v) => prior.compare(attribute, AttributeOp::Le, &v),
            Op::Between(lo, hi) => prior.between(attribute, &lo, &hi),
            Op::BeginsWith(p) => begins_with(prior, p),
        }
    }
    let start = SortConditions::new();
    let range = match case {
        Case::Team(o) => native(start, "team", o, |prior, p| {
            prior.begins_with::<Game, ByLeague, String>("team", &p)
        }),
        Case::Round(t, o) => native(start.eq::<String>("team", &t), "round", o, |_, _| {
            unreachable!("filtered out")
        }),
        Case::Slot(t, r, o) => {
            let prior = start.eq::<String>("team", &t).eq::<u32>("round", &r);
            let key = |v: &str| KeyValue::S(format!("S#{v}"));
            let condition = match o {
                Op::Eq(v) if v.is_empty() => Err(empty_slot()),
                Op::Eq(v) => Ok(SortCondition::Eq(key(&v))),
                Op::Between(lo, hi) if lo.is_empty() || hi.is_empty() => Err(empty_slot()),
                Op::Between(lo, hi) if lo > hi => Err(between_error(&lo, &hi)),
                Op::Between(lo, hi) => Ok(SortCondition::Between(key(&lo), key(&hi))),
                _ => unreachable!("filtered out"),
            };
            attribute_range(prior, "slot", condition)
        }
    };
    sent(query().sort_key(range))
}

/// The encoder's error for an empty last segment (`"S#<slot_value>"` with `""`), as the item's
/// own index keys give it.
fn empty_slot() -> dynakey::KeyError {
    let game = Game {
        id: "g".into(),
        league: "L1".into(),
        team: "t".into(),
        round: 1,
        slot_value: String::new(),
    };
    game.attribute_keys().expect_err("an empty last segment")
}

/// The error of a template `between` whose low key is above its high key.
fn between_error(lo: &str, hi: &str) -> dynakey::KeyError {
    dynakey::KeyErrorKind::Condition(format!(
        "between on sort attribute \"slot\": low \"S#{lo}\" is above high \"S#{hi}\"; \
         DynamoDB rejects BETWEEN with low > high"
    ))
    .into()
}

proptest! {
    #[test]
    fn the_steps_send_what_the_per_operator_methods_sent(case in case()) {
        prop_assert_eq!(with_steps(case.clone()), by_hand(case));
    }
}

#[test]
fn a_step_renders_the_key_condition_of_its_operator() {
    let sk = Game::by_league_sk;
    let text = |q: KeyQuery<Game, ByLeague, SortKeyRange>| {
        q.plan()
            .expect("a valid query")
            .input(0)
            .key_condition_expression
    };
    assert_eq!(
        text(query().sort_key(sk().team().begins_with("a"))),
        // One partition and one sort attribute: the fixed placeholders (render.rs).
        "#pk = :pk AND begins_with(#sk, :sk)"
    );
    assert_eq!(
        text(query().sort_key(sk().team().eq("a").round().between(1u32, 3u32))),
        "#league = :league AND #team = :team AND #round BETWEEN :lo AND :hi"
    );
    assert_eq!(
        text(query().sort_key(sk().team().eq("a").round().eq(2u32).slot_value().gt("m"))),
        "#league = :league AND #team = :team AND #round = :round AND #slot BETWEEN :lo AND :hi"
    );
}
