//! The expansion of each derive on representative input, pretty-printed and checked in under
//! `dynakey-derive/snapshots/` (a change to generated code shows up in review as a diff of these
//! files), and the rule of the `dynakey::__private` boundary: generated code names only
//! `::dynakey::__private::…` and the public traits and types meant for users, and builds nothing
//! of the public API itself (no struct literal, variant or constructor outside `__private`).
//!
//! Rewrite the snapshots after an intended change with
//! `UPDATE_SNAPSHOTS=1 cargo test -p dynakey-derive expansion`.

use std::path::PathBuf;

use syn::visit::{self, Visit};
use syn::{DeriveInput, Path};

/// Public traits of dynakey that generated code implements, or names in bounds and projections
/// (`<T as ::dynakey::Entity>::ENTITY_NAME`); their items may be called as `Trait::item`.
const TRAITS: &[&str] = &[
    "Entity",
    "InTable",
    "ParsedKeys",
    "Table",
    "TableWithSortKey",
    "TableWithoutSortKey",
    "Index",
    "ConsistentReadable",
    "ProjectsAll",
    "KeySegment",
    "SegmentPrefix",
    "Collection",
    "MemberOf",
    "Versioned",
    "Unversioned",
    "TableWithTtl",
    "SortAttributes",
];

/// Public types of dynakey that generated code names in signatures and associated items (it never
/// builds them: their constructors for generated code are in `__private`).
const TYPES: &[&str] = &[
    "Key",
    "KeyError",
    "KeyQuery",
    "SortKeyRange",
    "SegmentError",
    "SortKeyPartial",
    "PrimaryIndex",
    "DefaultTable",
    "KeyTemplate",
    "IndexDef",
    "EntityIndex",
    "Sharding",
    "CollectionError",
    "IndexGroup",
    "ManagedFields",
    "Fill",
    "KeyValue",
    "EarlierKey",
    "KeyChange",
    "NoKeyFields",
];

/// Every path into `dynakey` an expansion names, with where it was named.
#[derive(Default)]
struct Paths {
    /// Functions, constants, variants, struct literals and patterns.
    values: Vec<String>,
    /// Types and traits.
    types: Vec<String>,
}

/// The alias of `::dynakey::__private` that an entity's `const _` block declares
/// (`use ::dynakey::__private as __dk;`), so its paths stay short.
const PRIVATE_ALIAS: &str = "__dk";

/// The path after `dynakey::` (generic arguments dropped), when `path` is into `dynakey` (a path
/// through [`PRIVATE_ALIAS`] is into `dynakey::__private`).
fn dynakey_path(path: &Path) -> Option<String> {
    let mut segments = path.segments.iter().map(|s| s.ident.to_string());
    match segments.next()?.as_str() {
        "dynakey" => Some(segments.collect::<Vec<_>>().join("::")),
        PRIVATE_ALIAS => Some(
            std::iter::once("__private".to_owned())
                .chain(segments)
                .collect::<Vec<_>>()
                .join("::"),
        ),
        _ => None,
    }
}

/// The `Trait` of a qualified path `<T as Trait>::item`.
fn qualified_trait(path: &Path, qself: &syn::QSelf) -> Path {
    let mut trait_path = path.clone();
    trait_path.segments = path.segments.iter().take(qself.position).cloned().collect();
    trait_path
}

impl Paths {
    /// A path in value position; in `<T as ::dynakey::Trait>::ITEM` the trait is named as a type
    /// (its item is then fine).
    fn value(&mut self, path: &Path, qself: Option<&syn::QSelf>) {
        match qself {
            Some(qself) => self
                .types
                .extend(dynakey_path(&qualified_trait(path, qself))),
            None => self.values.extend(dynakey_path(path)),
        }
    }
}

impl<'ast> Visit<'ast> for Paths {
    fn visit_expr_path(&mut self, node: &'ast syn::ExprPath) {
        self.value(&node.path, node.qself.as_ref());
        visit::visit_expr_path(self, node);
    }
    fn visit_expr_struct(&mut self, node: &'ast syn::ExprStruct) {
        self.value(&node.path, node.qself.as_ref());
        visit::visit_expr_struct(self, node);
    }
    fn visit_pat_struct(&mut self, node: &'ast syn::PatStruct) {
        self.value(&node.path, node.qself.as_ref());
        visit::visit_pat_struct(self, node);
    }
    fn visit_pat_tuple_struct(&mut self, node: &'ast syn::PatTupleStruct) {
        self.value(&node.path, node.qself.as_ref());
        visit::visit_pat_tuple_struct(self, node);
    }
    fn visit_type_path(&mut self, node: &'ast syn::TypePath) {
        let path = match &node.qself {
            Some(qself) => qualified_trait(&node.path, qself),
            None => node.path.clone(),
        };
        self.types.extend(dynakey_path(&path));
        visit::visit_type_path(self, node);
    }
    fn visit_trait_bound(&mut self, node: &'ast syn::TraitBound) {
        self.types.extend(dynakey_path(&node.path));
        visit::visit_trait_bound(self, node);
    }
    fn visit_item_impl(&mut self, node: &'ast syn::ItemImpl) {
        if let Some((_, path, _)) = &node.trait_ {
            self.types.extend(dynakey_path(path));
        }
        visit::visit_item_impl(self, node);
    }
    fn visit_item_use(&mut self, node: &'ast syn::ItemUse) {
        // The one `use` generated code writes: `use ::dynakey::__private as __dk;`.
        let mut tree = &node.tree;
        let mut path = String::new();
        loop {
            match tree {
                syn::UseTree::Path(p) => {
                    path.push_str(&p.ident.to_string());
                    path.push_str("::");
                    tree = &p.tree;
                }
                syn::UseTree::Rename(r) => {
                    path.push_str(&r.ident.to_string());
                    break;
                }
                syn::UseTree::Name(n) => {
                    path.push_str(&n.ident.to_string());
                    break;
                }
                _ => break,
            }
        }
        if let Some(rest) = path.strip_prefix("dynakey::") {
            self.types.push(rest.to_owned());
        }
        visit::visit_item_use(self, node);
    }
    fn visit_macro(&mut self, node: &'ast syn::Macro) {
        self.values.extend(dynakey_path(&node.path));
        visit::visit_macro(self, node);
    }
}

/// The paths of `file` that break the `__private` rule.
fn outside_the_boundary(file: &syn::File) -> Vec<String> {
    let mut paths = Paths::default();
    paths.visit_file(file);
    let private = |p: &str| p == "__private" || p.starts_with("__private::");
    let trait_item = |p: &str| {
        p.rsplit_once("::")
            .is_some_and(|(t, _)| TRAITS.contains(&t))
    };
    let values = paths
        .values
        .into_iter()
        .filter(|p| !(private(p) || trait_item(p)));
    let types = paths
        .types
        .into_iter()
        .filter(|p| !(private(p) || TRAITS.contains(&p.as_str()) || TYPES.contains(&p.as_str())));
    let mut out: Vec<String> = values
        .map(|p| format!("value ::dynakey::{p}"))
        .chain(types.map(|p| format!("type ::dynakey::{p}")))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Pretty-prints `derive`'s expansion of `input`, compares it with (or, with `UPDATE_SNAPSHOTS`
/// set, writes) `snapshots/{name}.expanded.rs`, and checks the `__private` rule on it.
fn check(name: &str, derive: fn(&DeriveInput) -> proc_macro2::TokenStream, input: DeriveInput) {
    let expansion = derive(&input);
    let file: syn::File = match syn::parse2(expansion.clone()) {
        Ok(file) => file,
        Err(error) => panic!("{name}: the expansion is not a Rust file ({error}):\n{expansion}"),
    };
    let outside = outside_the_boundary(&file);
    assert!(
        outside.is_empty(),
        "{name}: generated code names public dynakey items that are neither `__private` nor \
         allow-listed in expansion_tests.rs:\n  {}",
        outside.join("\n  ")
    );

    let text = format!(
        "// The expansion of `{name}` in dynakey-derive/src/expansion_tests.rs; regenerate with\n\
         // `UPDATE_SNAPSHOTS=1 cargo test -p dynakey-derive expansion`.\n{}",
        prettyplease::unparse(&file)
    );
    let path: PathBuf = [
        env!("CARGO_MANIFEST_DIR"),
        "snapshots",
        &format!("{name}.expanded.rs"),
    ]
    .iter()
    .collect();
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        }
        std::fs::write(&path, &text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        return;
    }
    let stored = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; write it with UPDATE_SNAPSHOTS=1 cargo test -p dynakey-derive expansion",
            path.display()
        )
    });
    if stored != text {
        let line = stored
            .lines()
            .zip(text.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| stored.lines().count().min(text.lines().count()))
            + 1;
        panic!(
            "{}: the expansion changed (first difference at line {line}); review it with \
             UPDATE_SNAPSHOTS=1 cargo test -p dynakey-derive expansion && git diff",
            path.display()
        );
    }
}

type Derive = fn(&DeriveInput) -> proc_macro2::TokenStream;

/// Representative input for each derive, and input whose derive fails (its fallback keeps to the
/// boundary too).
fn cases() -> Vec<(&'static str, Derive, DeriveInput)> {
    vec![
        (
            "entity",
            super::entity,
            syn::parse_quote! {
                #[dynakey(table = Workspaces, name = "Proj", entity_type = "_type")]
                #[pk("WS#<workspace>")]
                #[sk("PROJ#<created>#<id>")]
                pub struct Project {
                    workspace: String,
                    created: u64,
                    id: String,
                    name: String,
                }
            },
        ),
        (
            "entity_without_sort_key",
            super::entity,
            syn::parse_quote! {
                #[dynakey(table = Sessions)]
                #[pk("SESSION#<id>")]
                struct Session {
                    id: String,
                    user: String,
                }
            },
        ),
        (
            "entity_with_indexes",
            super::entity,
            syn::parse_quote! {
                #[dynakey(table = App)]
                #[pk("WS#<workspace>")]
                #[sk("PROJ#<id>")]
                #[index(ByStatus, pk = "STATUS#<status>", sk = "<created>#<id>")]
                #[index(ByCreated, sk = "C#<created>")]
                struct Project {
                    workspace: String,
                    id: String,
                    created: u64,
                    status: Option<Status>,
                }
            },
        ),
        (
            "entity_with_writes",
            super::entity,
            syn::parse_quote! {
                #[dynakey(table = Tracker, version = "version", created_at = "created_at", updated_at = "updated_at")]
                #[pk("WS#<workspace>")]
                #[sk("TASK#<id>")]
                #[index(ByAssignee, pk = "USER#<assignee>", sk = "<due>#<id>")]
                #[serde(rename_all = "camelCase")]
                struct Task {
                    workspace: String,
                    id: u32,
                    assignee: Option<String>,
                    due: u64,
                    status: Status,
                    #[serde(with = "serde_dynamo::string_set")]
                    labels: Vec<String>,
                    version: u64,
                    created_at: UtcTime,
                    updated_at: Option<UtcTime>,
                    #[ttl]
                    #[serde(with = "dynakey::ttl")]
                    expires_at: Option<SystemTime>,
                    #[serde(skip)]
                    cache: u8,
                }
            },
        ),
        (
            "entity_sharded",
            super::entity,
            syn::parse_quote! {
                #[pk("WS#<workspace>", shards = 10, shard_by = "id")]
                #[sk("PROJ#<id>")]
                struct Event {
                    workspace: String,
                    id: String,
                }
            },
        ),
        (
            "entity_with_history",
            super::entity,
            syn::parse_quote! {
                #[dynakey(table = Drive)]
                #[pk("DRIVE#<drive>")]
                #[sk("NODE#<parent>#<name>")]
                #[was(sk = "FILE#<parent>#<name>")]
                #[was(pk = "D#<drive>", sk = "F#<name>")]
                pub struct Node {
                    drive: String,
                    parent: String,
                    name: String,
                    size: u64,
                }
            },
        ),
        (
            "entity_key_change",
            super::entity,
            syn::parse_quote! {
                #[dynakey(table = Library)]
                #[pk("LIB#<library>")]
                #[sk("BOOK#<id>")]
                #[next(sk = "BOOK#<genre>#<id>")]
                pub struct Book {
                    library: String,
                    genre: String,
                    id: u32,
                }
            },
        ),
        (
            "table",
            super::table,
            syn::parse_quote! {
                #[table(partition_key = "PK", sort_key = "SK", ttl = "expiresAt")]
                #[gsi(ByStatus, name = "GSI1", partition_key = "GSI1PK", sort_key = "GSI1SK")]
                #[gsi(ByOwner, partition_key = "Owner", projection = include("name", "status"))]
                #[lsi(ByCreated, sort_key = "Created", projection = keys_only)]
                pub struct App;
            },
        ),
        (
            "table_attribute_wise",
            super::table,
            syn::parse_quote! {
                #[table(partition_key = "PK", sort_key = "SK")]
                #[gsi(ByTournamentRegion, partition_key = [entity_type("_type"), "tournament", "region"],
                      sort_key = ["round": N, "bracket_key"])]
                #[gsi(ByScore, partition_key = "GSI2PK", sort_key = "score": N)]
                #[lsi(ByRank, sort_key = "rank": N, projection = keys_only)]
                pub struct Esports;
            },
        ),
        (
            "entity_attribute_wise",
            super::entity,
            syn::parse_quote! {
                #[dynakey(table = Esports, entity_type = "_type")]
                #[pk("MATCH#<id>")]
                #[sk("META")]
                #[index(ByTournamentRegion, pk = [tournament, region], sk = [round, "B#<bracket>"])]
                #[index(ByScore, pk = "BOARD#<board>", sk = score, exclusive)]
                #[index(ByRank, sk = rank)]
                pub struct Match {
                    id: String,
                    tournament: String,
                    region: String,
                    round: Option<u32>,
                    bracket: String,
                    board: String,
                    score: u64,
                    rank: u8,
                }
            },
        ),
        (
            "entity_child",
            super::entity,
            syn::parse_quote! {
                #[dynakey(parent = Book)]
                #[sk("<book>COPY#<copy>")]
                pub struct Copy {
                    #[parent]
                    book: Key<Book>,
                    copy: u32,
                    shelf: String,
                }
            },
        ),
        (
            "collection",
            super::collection,
            syn::parse_quote! {
                struct WorkspaceView {
                    settings: Settings,
                    latest: Option<Project>,
                    tasks: Vec<Task>,
                }
            },
        ),
        (
            "key_segment",
            super::key_segment,
            syn::parse_quote! {
                enum Status {
                    #[key("ACTIVE")]
                    Active,
                    #[key("ARCHIVED")]
                    Archived,
                }
            },
        ),
        (
            "entity_failed",
            super::entity,
            syn::parse_quote! {
                #[pk("WS#<nope>")]
                struct Project { workspace: String }
            },
        ),
        (
            "entity_attribute_wise_failed",
            super::entity,
            syn::parse_quote! {
                #[dynakey(table = Esports)]
                #[pk("MATCH#<nope>")]
                #[index(ByTournamentRegion, pk = [tournament, "R#<region>"], sk = [round, "<a>#<b>"])]
                struct Match { tournament: String, region: String, round: u32, a: u8, b: u8 }
            },
        ),
        (
            "table_failed",
            super::table,
            syn::parse_quote! {
                #[table(partition_key = "", sort_key = "SK")]
                #[gsi(ByStatus, partition_key = "GSI1PK")]
                struct App;
            },
        ),
        (
            "collection_failed",
            super::collection,
            syn::parse_quote! {
                struct View { settings: Settings, nested: Vec<Vec<Project>> }
            },
        ),
        (
            "key_segment_failed",
            super::key_segment,
            syn::parse_quote! {
                enum Priority {
                    #[key("LOW")]
                    Low,
                    #[key("HIGH")]
                    High,
                }
            },
        ),
    ]
}

#[test]
fn expansions_keep_to_the_boundary_and_match_their_snapshots() {
    for (name, derive, input) in cases() {
        check(name, derive, input);
    }
}

/// Every allow-list entry is named by some expansion, so an entry whose use is gone fails here
/// until it is removed.
#[test]
fn every_allow_listed_item_is_used() {
    let mut paths = Paths::default();
    for (name, derive, input) in cases() {
        match syn::parse2::<syn::File>(derive(&input)) {
            Ok(file) => paths.visit_file(&file),
            Err(error) => panic!("{name}: {error}"),
        }
    }
    let named = |entry: &&str| {
        paths.types.iter().any(|p| p == entry)
            || paths
                .values
                .iter()
                .any(|p| p == entry || p.rsplit_once("::").is_some_and(|(t, _)| t == *entry))
    };
    let unused: Vec<&str> = TRAITS
        .iter()
        .chain(TYPES)
        .filter(|entry| !named(entry))
        .copied()
        .collect();
    assert!(
        unused.is_empty(),
        "allow-listed but never named: {unused:?}"
    );
}

/// The rule itself: a struct literal, a public constructor or a public type outside the
/// allow-lists is reported.
#[test]
fn the_boundary_check_reports_public_paths() {
    let file: syn::File = syn::parse_quote! {
        const T: ::dynakey::KeyTemplate = ::dynakey::KeyTemplate { text: "", role: R, parts: &[] };
        const S: ::dynakey::Sharding = ::dynakey::Sharding::new(1, "id");
        const C: ::dynakey::Cardinality = ::dynakey::__private::Cardinality::One;
        const N: &str = <X as ::dynakey::Entity>::ENTITY_NAME;
        fn f(_: impl ::dynakey::KeySegment) -> ::dynakey::query::Secret {}
    };
    assert_eq!(
        outside_the_boundary(&file),
        [
            "type ::dynakey::Cardinality",
            "type ::dynakey::query::Secret",
            "value ::dynakey::KeyTemplate",
            "value ::dynakey::Sharding::new",
        ]
    );
}
