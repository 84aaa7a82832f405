//! The house's layout, checked: the core's layers use only the layers below them, the rooms of
//! `play` (its folders by idea) only the rooms before them, and no module of the crate imports
//! another that imports it back (directly or around a circle). A module's
//! own children are part of it (the page model's `impl Page` spread over `page/*.rs`, say), so a
//! child naming its parent is not a circle; anything else is. Read from the source files, not
//! compiled: test code (`#[cfg(test)] mod tests`) may reach anywhere.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// The layers, lowest first.
const LAYERS: [&str; 7] = [
    "puzzle",
    "heuristics",
    "search",
    "solver",
    "play",
    "server",
    "web",
];

/// The rooms of `play`, lowest first (the order `src/play.rs` lists them in): a room uses only
/// the rooms before it. A new room takes its place here, or the test says where it is missing.
const ROOMS: [&str; 12] = [
    "wire",
    "worker",
    "game",
    "learn",
    "record",
    "event",
    "sync",
    "race",
    "keeping",
    "link",
    "bench_run",
    "page",
];

/// Every module (`play::page::asking`) and the text of its file, test modules cut off.
fn modules() -> BTreeMap<String, String> {
    fn walk(dir: &Path, out: &mut BTreeMap<String, String>) {
        for entry in fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let relative = path.strip_prefix("src").unwrap().with_extension("");
                let name = relative.to_string_lossy().replace('/', "::");
                if name.starts_with("bin") || name == "lib" {
                    continue;
                }
                let text = fs::read_to_string(&path).unwrap();
                let code = text.split("#[cfg(test)]\nmod tests").next().unwrap_or("");
                let code: String = code
                    .lines()
                    .filter(|l| !l.trim_start().starts_with("//"))
                    .collect::<Vec<_>>()
                    .join("\n");
                out.insert(name, code);
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(Path::new("src"), &mut out);
    out
}

/// The modules a module's code names (`crate::a::b`, `super::x`, or a child `x::`).
fn dependencies(name: &str, code: &str, all: &BTreeMap<String, String>) -> BTreeSet<String> {
    let parent: Vec<&str> = name.split("::").collect();
    let parent = &parent[..parent.len() - 1];
    // The longest known module a path starts with.
    let resolve = |path: &[&str]| -> Option<String> {
        (1..=path.len())
            .rev()
            .map(|n| path[..n].join("::"))
            .find(|m| all.contains_key(m))
    };
    let mut out = BTreeSet::new();
    let words: Vec<&str> = code
        .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':' || c == '{'))
        .filter(|w| w.contains("::"))
        .collect();
    for word in words {
        let parts: Vec<&str> = word.split("::").filter(|p| !p.is_empty()).collect();
        let path: Vec<&str> = match parts.first() {
            Some(&"crate") => parts[1..].to_vec(),
            // `super::super::x` climbs once per `super`.
            Some(&"super") => {
                let up = parts.iter().take_while(|p| **p == "super").count();
                let base = &parent[..parent.len().saturating_sub(up - 1)];
                base.iter()
                    .copied()
                    .chain(parts[up..].iter().copied())
                    .collect()
            }
            Some(first) if all.contains_key(&format!("{name}::{first}")) => {
                std::iter::once(name).chain(parts.iter().copied()).collect()
            }
            _ => continue,
        };
        let path: Vec<&str> = path.into_iter().map(|p| p.trim_end_matches('{')).collect();
        let is_ancestor = |m: &str| name.starts_with(&format!("{m}::"));
        if let Some(m) = resolve(&path).filter(|m| m != name && !is_ancestor(m)) {
            out.insert(m);
        }
    }
    out
}

#[test]
fn each_layer_uses_only_the_layers_below_it() {
    let all = modules();
    let layer = |m: &str| LAYERS.iter().position(|l| m.split("::").next() == Some(l));
    let mut wrong = Vec::new();
    for (name, code) in &all {
        let Some(mine) = layer(name) else { continue };
        for dep in dependencies(name, code, &all) {
            if layer(&dep).is_some_and(|theirs| theirs > mine) {
                wrong.push(format!("{name} uses {dep}"));
            }
        }
    }
    assert!(wrong.is_empty(), "upward imports: {wrong:#?}");
}

#[test]
fn each_room_of_play_uses_only_the_rooms_before_it() {
    let all = modules();
    fn room(m: &str) -> Option<&str> {
        m.strip_prefix("play::")?.split("::").next()
    }
    let rank = |r: &str| ROOMS.iter().position(|x| *x == r);
    let mut unplaced = BTreeSet::new();
    let mut wrong = Vec::new();
    for (name, code) in &all {
        let Some(mine) = room(name) else { continue };
        let Some(my_rank) = rank(mine) else {
            unplaced.insert(mine.to_string());
            continue;
        };
        for dep in dependencies(name, code, &all) {
            let theirs = room(&dep).and_then(rank);
            if theirs.is_some_and(|t| t > my_rank) {
                wrong.push(format!("{name} uses {dep}"));
            }
        }
    }
    assert!(unplaced.is_empty(), "rooms not in ROOMS: {unplaced:?}");
    assert!(wrong.is_empty(), "imports from a later room: {wrong:#?}");
    // The order is the one `play.rs` declares its rooms in, for the reader.
    let play = fs::read_to_string("src/play.rs").unwrap();
    let declared: Vec<&str> = (play.lines())
        .filter_map(|l| l.strip_prefix("pub mod ")?.strip_suffix(';'))
        .collect();
    assert_eq!(declared, ROOMS, "src/play.rs declares the rooms in order");
}

#[test]
fn the_room_check_sees_an_import_from_a_later_room() {
    let mut all = BTreeMap::new();
    all.insert("play::game".to_string(), String::new());
    all.insert("play::page".to_string(), String::new());
    let code = "use crate::play::page::Action;";
    let deps = dependencies("play::game", code, &all);
    assert_eq!(deps, BTreeSet::from(["play::page".to_string()]));
}

#[test]
fn no_module_imports_itself_around_a_circle() {
    let all = modules();
    let graph: BTreeMap<String, BTreeSet<String>> = all
        .iter()
        .map(|(name, code)| (name.clone(), dependencies(name, code, &all)))
        .collect();
    // Depth-first search for a back edge; the circle is reported by its path.
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|p| p == node) {
            return Some(path[at..].to_vec());
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in &graph[node] {
            if let Some(circle) = visit(next, graph, path, done) {
                return Some(circle);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    for node in graph.keys() {
        let circle = visit(node, &graph, &mut Vec::new(), &mut done);
        assert!(
            circle.is_none(),
            "a circle: {}",
            circle.unwrap().join(" -> ")
        );
    }
    assert!(graph.len() > 40, "the modules were found ({})", graph.len());
}
