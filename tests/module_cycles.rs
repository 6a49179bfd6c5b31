//! The crate's modules form layers: no module file may reach itself
//! through the paths it imports. A cycle means two files can only be read
//! (and changed) together, so this test fails on any.
//!
//! It reads every `src/**/*.rs` file, collects the module paths it uses
//! (`use crate::…`, `use super::…`, grouped `use a::{b, c::d}`, and
//! `crate::…`, `super::…`, `self::…` and `child::…` paths written inline,
//! where `child` is one of its own child modules), resolves each to the deepest
//! module file that exists, and looks for cycles in the graph between
//! files. Declaring a child (`mod child;`) is no edge; using or
//! re-exporting its items (`pub use child::X`) is an edge from the parent
//! to the child, so a child must not import items its parent file
//! defines (shared definitions go in a file of their own).
//!
//! The test fails on any cycle, and its self-tests check that it finds
//! cycles at all.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// A module file's identity: its crate (`lib` or `bin`) and its module
/// path (empty for the crate root).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Module {
    krate: &'static str,
    path: Vec<String>,
}

/// The module files of a source tree and the edges between them.
struct Graph {
    files: BTreeMap<Module, String>,
    edges: BTreeMap<String, BTreeSet<String>>,
}

#[test]
fn the_crate_has_no_module_cycles() {
    let mut sources = Vec::new();
    collect_sources(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("src").as_path(),
        "src",
        &mut sources,
    );
    assert!(sources.len() > 20, "the source tree was found");
    let cycles = Graph::build(&sources).cycles();
    assert!(cycles.is_empty(), "module cycles:\n{}", cycles.join("\n"));
}

#[test]
fn a_cycle_through_a_parent_re_export_is_found() {
    let sources = synthetic(&[
        ("src/lib.rs", "pub mod a;\npub mod b;\n"),
        (
            "src/a/mod.rs",
            "mod child;\npub use child::Thing;\npub struct Shared;\n",
        ),
        ("src/a/child.rs", "use super::Shared;\npub struct Thing;\n"),
        ("src/b.rs", "use crate::a::{self, child::Thing};\n"),
    ]);
    let cycles = Graph::build(&sources).cycles();
    assert_eq!(cycles.len(), 1, "{cycles:?}");
    assert!(cycles[0].contains("src/a/mod.rs") && cycles[0].contains("src/a/child.rs"));
}

#[test]
fn a_cycle_through_inline_and_grouped_paths_is_found() {
    let sources = synthetic(&[
        ("src/lib.rs", "pub mod x;\npub mod y;\npub mod z;\n"),
        ("src/x.rs", "use crate::{y::{Y, self}, z as zed};\n"),
        ("src/y.rs", "fn f() { let _ = super::z::Z; }\n"),
        (
            "src/z.rs",
            "// use crate::y;\nfn g() -> crate::x::X { todo!() }\n",
        ),
    ]);
    let cycles = Graph::build(&sources).cycles();
    assert_eq!(cycles.len(), 1, "{cycles:?}");
    for file in ["src/x.rs", "src/y.rs", "src/z.rs"] {
        assert!(cycles[0].contains(file), "{file} in {cycles:?}");
    }
}

#[test]
fn declarations_tests_and_layers_are_no_cycle() {
    let sources = synthetic(&[
        ("src/lib.rs", "pub mod a;\npub use a::Thing;\n"),
        ("src/a/mod.rs", "mod child;\nmod shared;\npub use child::Thing;\n"),
        (
            "src/a/shared.rs",
            "pub struct Shared;\n#[cfg(test)]\nmod tests { use super::*; }\n",
        ),
        (
            "src/a/child.rs",
            "use super::shared::Shared;\nconst S: &str = \"use super::Thing;\";\n",
        ),
    ]);
    assert_eq!(Graph::build(&sources).cycles(), Vec::<String>::new());
}

fn synthetic(files: &[(&str, &str)]) -> Vec<(String, String)> {
    files
        .iter()
        .map(|(p, s)| (p.to_string(), s.to_string()))
        .collect()
}

/// Every `.rs` file under `dir`, as (path relative to the package, text).
fn collect_sources(dir: &Path, shown: &str, out: &mut Vec<(String, String)>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .expect("readable dir")
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let shown = format!("{shown}/{name}");
        if path.is_dir() {
            collect_sources(&path, &shown, out);
        } else if name.ends_with(".rs") {
            out.push((shown, fs::read_to_string(&path).expect("readable file")));
        }
    }
}

impl Graph {
    fn build(sources: &[(String, String)]) -> Graph {
        let bin_roots: BTreeSet<String> = sources
            .iter()
            .find(|(p, _)| p == "src/main.rs")
            .map(|(_, text)| declared_modules(&tokens(&clean(text))))
            .unwrap_or_default();
        let files: BTreeMap<Module, String> = sources
            .iter()
            .map(|(p, _)| (module_of(p, &bin_roots), p.clone()))
            .collect();
        let mut graph = Graph {
            files,
            edges: BTreeMap::new(),
        };
        for (path, text) in sources {
            let here = module_of(path, &bin_roots);
            for target in graph.references(&here, &tokens(&clean(text))) {
                if target != *path {
                    graph.edges.entry(path.clone()).or_default().insert(target);
                }
            }
        }
        graph
    }

    /// The files that the paths in `tokens` (the text of module `here`)
    /// refer to.
    fn references(&self, here: &Module, tokens: &[String]) -> Vec<String> {
        let mut found = Vec::new();
        let mut inline: Vec<(String, usize)> = Vec::new();
        let mut depth = 0;
        let mut i = 0;
        while i < tokens.len() {
            let at = |k: usize| tokens.get(k).map(String::as_str).unwrap_or("");
            let mut scope = here.clone();
            scope.path.extend(inline.iter().map(|(name, _)| name.clone()));
            match at(i) {
                "{" => depth += 1,
                "}" => {
                    depth -= 1;
                    if inline.last().is_some_and(|&(_, d)| d == depth) {
                        inline.pop();
                    }
                }
                "mod" if at(i + 2) == "{" => {
                    inline.push((at(i + 1).to_string(), depth));
                    depth += 1;
                    i += 3;
                    continue;
                }
                "use" => {
                    let end = (i..tokens.len())
                        .find(|&k| tokens[k] == ";")
                        .unwrap_or(tokens.len());
                    for path in use_paths(&tokens[i + 1..end]) {
                        found.extend(self.resolve(&scope, &path, true));
                    }
                    i = end + 1;
                    continue;
                }
                "crate" | "super" | "self" if at(i + 1) == "::" && at(i.wrapping_sub(1)) != "::" => {
                    let mut path = vec![at(i).to_string()];
                    let mut k = i + 1;
                    while at(k) == "::" && is_ident(at(k + 1)) {
                        path.push(at(k + 1).to_string());
                        k += 2;
                    }
                    found.extend(self.resolve(&scope, &path, false));
                    i = k;
                    continue;
                }
                child
                    if at(i + 1) == "::" && at(i.wrapping_sub(1)) != "::" && self.is_child(&scope, child) =>
                {
                    found.extend(self.resolve(&scope, &[child.to_string(), at(i + 2).to_string()], true));
                }
                _ => {}
            }
            i += 1;
        }
        found
    }

    /// Whether `name` is a child module file of `scope`.
    fn is_child(&self, scope: &Module, name: &str) -> bool {
        let mut child = scope.clone();
        child.path.push(name.to_string());
        self.files.contains_key(&child)
    }

    /// The module file `path`, seen from module `scope`, refers to: the
    /// deepest existing module along it. A path of a `use` may start with
    /// a child module of `scope`; other paths not starting with `crate`,
    /// `super` or `self` name external crates or local items.
    fn resolve(&self, scope: &Module, path: &[String], in_use: bool) -> Option<String> {
        let mut absolute = scope.clone();
        let mut rest = path;
        match path.first().map(String::as_str) {
            Some("crate") => {
                absolute.path.clear();
                rest = &path[1..];
            }
            Some("self") => rest = &path[1..],
            Some("super") => {
                while rest.first().is_some_and(|s| s == "super") {
                    absolute.path.pop();
                    rest = &rest[1..];
                }
            }
            Some(first) if in_use && self.is_child(scope, first) => {}
            _ => return None,
        }
        absolute.path.extend(rest.iter().cloned());
        while !absolute.path.is_empty() && !self.files.contains_key(&absolute) {
            absolute.path.pop();
        }
        self.files.get(&absolute).cloned()
    }

    /// Each strongly connected group of two or more files, with one cycle
    /// through it and every edge inside it (every cycle uses only these).
    fn cycles(&self) -> Vec<String> {
        self.strong_components()
            .iter()
            .map(|group| self.describe(group))
            .collect()
    }

    /// One cycle through `group` and every edge inside it.
    fn describe(&self, group: &BTreeSet<String>) -> String {
        let inside: Vec<String> = group
            .iter()
            .flat_map(|from| {
                self.successors(from)
                    .filter(|to| group.contains(*to))
                    .map(move |to| format!("    {from} -> {to}"))
            })
            .collect();
        let example = self.cycle_through(group);
        format!("cycle {}\n{}", example.join(" -> "), inside.join("\n"))
    }

    fn successors<'a>(&'a self, from: &str) -> impl Iterator<Item = &'a String> + 'a {
        self.edges.get(from).into_iter().flatten()
    }

    /// A shortest cycle through the first file of `group`.
    fn cycle_through(&self, group: &BTreeSet<String>) -> Vec<String> {
        let start = group.iter().next().unwrap().clone();
        let mut came_from: BTreeMap<String, String> = BTreeMap::new();
        let mut queue = std::collections::VecDeque::from([start.clone()]);
        while let Some(at) = queue.pop_front() {
            for next in self.successors(&at).filter(|n| group.contains(*n)) {
                if *next == start {
                    let mut cycle = vec![start.clone()];
                    let mut back = at.clone();
                    while back != start {
                        cycle.insert(1, back.clone());
                        back = came_from[&back].clone();
                    }
                    cycle.push(start);
                    return cycle;
                }
                if !came_from.contains_key(next) {
                    came_from.insert(next.clone(), at.clone());
                    queue.push_back(next.clone());
                }
            }
        }
        unreachable!("a strong component of two or more files has a cycle")
    }

    /// Tarjan's strongly connected components of two or more files.
    fn strong_components(&self) -> Vec<BTreeSet<String>> {
        struct State<'a> {
            graph: &'a Graph,
            index: BTreeMap<&'a str, usize>,
            low: BTreeMap<&'a str, usize>,
            stack: Vec<&'a str>,
            on_stack: BTreeSet<&'a str>,
            groups: Vec<BTreeSet<String>>,
        }
        fn visit<'a>(s: &mut State<'a>, v: &'a str) {
            let n = s.index.len();
            s.index.insert(v, n);
            s.low.insert(v, n);
            s.stack.push(v);
            s.on_stack.insert(v);
            for w in s.graph.successors(v) {
                if !s.index.contains_key(w.as_str()) {
                    visit(s, w);
                    let low = s.low[v].min(s.low[w.as_str()]);
                    s.low.insert(v, low);
                } else if s.on_stack.contains(w.as_str()) {
                    let low = s.low[v].min(s.index[w.as_str()]);
                    s.low.insert(v, low);
                }
            }
            if s.low[v] == s.index[v] {
                let mut group = BTreeSet::new();
                while let Some(w) = s.stack.pop() {
                    s.on_stack.remove(w);
                    group.insert(w.to_string());
                    if w == v {
                        break;
                    }
                }
                if group.len() > 1 {
                    s.groups.push(group);
                }
            }
        }
        let mut state = State {
            graph: self,
            index: BTreeMap::new(),
            low: BTreeMap::new(),
            stack: Vec::new(),
            on_stack: BTreeSet::new(),
            groups: Vec::new(),
        };
        for file in self.files.values() {
            if !state.index.contains_key(file.as_str()) {
                visit(&mut state, file);
            }
        }
        state.groups.sort();
        state.groups
    }
}

/// The module of the file at `path` (`src/…`): files under a module the
/// binary root `src/main.rs` declares belong to the binary crate.
fn module_of(path: &str, bin_roots: &BTreeSet<String>) -> Module {
    let inner = path.trim_start_matches("src/").trim_end_matches(".rs");
    let mut segments: Vec<String> = inner.split('/').map(str::to_string).collect();
    if segments.last().is_some_and(|s| s == "mod") {
        segments.pop();
    }
    if segments == ["lib"] || segments == ["main"] {
        let krate = if segments == ["main"] { "bin" } else { "lib" };
        return Module {
            krate,
            path: Vec::new(),
        };
    }
    let krate = if bin_roots.contains(&segments[0]) {
        "bin"
    } else {
        "lib"
    };
    Module {
        krate,
        path: segments,
    }
}

/// The modules a file declares (`mod name;`).
fn declared_modules(tokens: &[String]) -> BTreeSet<String> {
    tokens
        .windows(3)
        .filter(|w| w[0] == "mod" && w[2] == ";")
        .map(|w| w[1].clone())
        .collect()
}

/// The paths a `use` tree (the tokens between `use` and `;`) names: a
/// group `a::{b, c::d}` gives `a::b` and `a::c::d`, `self` in a group
/// names the group's prefix, a glob names the prefix, `as x` is dropped.
fn use_paths(tree: &[String]) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let tree: Vec<String> = tree.iter().filter(|t| *t != "pub").cloned().collect();
    expand(&tree, &mut Vec::new(), &mut out);
    out
}

fn expand(tree: &[String], prefix: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    let base = prefix.len();
    let mut i = 0;
    while i < tree.len() {
        match tree[i].as_str() {
            "::" => {}
            "as" => i += 1,
            "*" => {}
            "self" if !prefix.is_empty() => {}
            "{" => {
                let close = matching_brace(tree, i);
                for item in split_top_level(&tree[i + 1..close]) {
                    expand(item, prefix, out);
                }
                prefix.truncate(base);
                return;
            }
            segment => prefix.push(segment.to_string()),
        }
        i += 1;
    }
    if !prefix.is_empty() {
        out.push(prefix.clone());
    }
    prefix.truncate(base);
}

fn matching_brace(tree: &[String], open: usize) -> usize {
    let mut depth = 0;
    for (k, t) in tree.iter().enumerate().skip(open) {
        match t.as_str() {
            "{" => depth += 1,
            "}" => {
                depth -= 1;
                if depth == 0 {
                    return k;
                }
            }
            _ => {}
        }
    }
    tree.len()
}

fn split_top_level(items: &[String]) -> Vec<&[String]> {
    let mut parts = Vec::new();
    let mut depth = 0;
    let mut start = 0;
    for (k, t) in items.iter().enumerate() {
        match t.as_str() {
            "{" => depth += 1,
            "}" => depth -= 1,
            "," if depth == 0 => {
                parts.push(&items[start..k]);
                start = k + 1;
            }
            _ => {}
        }
    }
    parts.push(&items[start..]);
    parts.into_iter().filter(|p| !p.is_empty()).collect()
}

fn is_ident(t: &str) -> bool {
    t.chars().next().is_some_and(|c| c.is_alphabetic() || c == '_')
}

/// Identifiers, `::` and single punctuation characters.
fn tokens(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push(chars[start..i].iter().collect());
            continue;
        }
        if c == ':' && chars.get(i + 1) == Some(&':') {
            out.push("::".to_string());
            i += 2;
            continue;
        }
        if !c.is_whitespace() {
            out.push(c.to_string());
        }
        i += 1;
    }
    out
}

/// The text with comments, string literals and character literals blanked
/// (a path in a doc comment or a string is no import).
fn clean(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let rest = |k: usize| chars.get(i + k).copied().unwrap_or('\0');
        if chars[i] == '/' && rest(1) == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if chars[i] == '/' && rest(1) == '*' {
            i = skip_block_comment(&chars, i);
        } else if chars[i] == 'r' && (rest(1) == '"' || rest(1) == '#') && !ident_before(&chars, i) {
            i = skip_raw_string(&chars, i);
            out.push_str(" \"\" ");
        } else if chars[i] == '"' {
            i = skip_string(&chars, i);
            out.push_str(" \"\" ");
        } else if chars[i] == '\'' && (rest(2) == '\'' || rest(1) == '\\') {
            i += 1;
            while i < chars.len() && chars[i] != '\'' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str(" ' ");
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    out
}

fn ident_before(chars: &[char], i: usize) -> bool {
    i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_')
}

fn skip_block_comment(chars: &[char], mut i: usize) -> usize {
    let mut depth = 0;
    while i < chars.len() {
        if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
            depth += 1;
            i += 2;
        } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return i;
            }
        } else {
            i += 1;
        }
    }
    i
}

fn skip_string(chars: &[char], mut i: usize) -> usize {
    i += 1;
    while i < chars.len() && chars[i] != '"' {
        i += if chars[i] == '\\' { 2 } else { 1 };
    }
    i + 1
}

fn skip_raw_string(chars: &[char], mut i: usize) -> usize {
    i += 1;
    let mut hashes = 0;
    while chars.get(i) == Some(&'#') {
        hashes += 1;
        i += 1;
    }
    if chars.get(i) != Some(&'"') {
        return i;
    }
    i += 1;
    while i < chars.len() {
        if chars[i] == '"' && (1..=hashes).all(|k| chars.get(i + k) == Some(&'#')) {
            return i + 1 + hashes;
        }
        i += 1;
    }
    i
}
