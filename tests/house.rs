//! The house's rules for the next reader, checked: no function outside tests in `src/` longer
//! than a hundred lines (a longer one holds more than one idea), and no public function of the
//! core or the page's model that returns its errors as bare text (`Result<_, String>`): each
//! layer has error enums a caller can match. The page's model stays a router of short parts: no
//! function in its room (`src/play/page.rs`, `src/play/page/`) passes fifty lines, and `src/play/`
//! keeps its files in rooms, with at most three loose beside them. And docs/architecture.md names
//! only what exists: its backticked names and files, and the Rust paths of its diagrams, are each
//! found in the code or the repository. Read from the source files, not compiled.

use std::fs;
use std::path::{Path, PathBuf};

/// The longest a function may be, in lines from its `fn` to its closing brace.
const MAX_LINES: usize = 100;

/// The longest a function of the page's model may be: its parts' reduces and the router's table
/// are short, or a part does more than one thing.
const MAX_PAGE_LINES: usize = 50;

/// The most files that may lie in `src/play/` outside its rooms.
const MAX_LOOSE: usize = 3;

/// The layers whose public functions return typed errors.
const TYPED: [&str; 5] = ["puzzle", "heuristics", "search", "solver", "play"];

/// Every `.rs` file under `dir`, with its lines, the test module cut off.
fn sources(dir: &Path) -> Vec<(PathBuf, Vec<String>)> {
    let mut out = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(d) = dirs.pop() {
        for entry in fs::read_dir(&d).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = fs::read_to_string(&path).unwrap();
                let lines = text
                    .lines()
                    .take_while(|l| !l.starts_with("#[cfg(test)]"))
                    .map(str::to_string)
                    .collect();
                out.push((path, lines));
            }
        }
    }
    out.sort();
    out
}

/// A function in a file: where it starts, its signature (up to its body's `{`), and how many
/// lines it spans.
struct Function {
    line: usize,
    signature: String,
    lines: usize,
}

/// The functions with bodies in `lines` (a body ends at the first `}` at the `fn`'s indent).
fn functions(lines: &[String]) -> Vec<Function> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = &lines[i];
        let code = line.trim_start();
        let indent = line.len() - code.len();
        let is_fn = [
            "fn ",
            "pub fn ",
            "pub(crate) fn ",
            "pub(super) fn ",
            "async fn ",
        ]
        .iter()
        .chain(&["const fn ", "pub const fn ", "pub async fn ", "unsafe fn "])
        .any(|start| code.starts_with(start));
        if !is_fn {
            i += 1;
            continue;
        }
        // The signature runs to the line that opens the body, or ends at a `;` (no body).
        let mut signature = String::new();
        let mut j = i;
        while j < lines.len() {
            signature.push_str(lines[j].trim());
            signature.push(' ');
            let end = lines[j].trim_end();
            if end.ends_with('{') || end.ends_with(';') {
                break;
            }
            j += 1;
        }
        if lines.get(j).is_some_and(|l| l.trim_end().ends_with(';')) {
            i = j + 1;
            continue;
        }
        let close = " ".repeat(indent) + "}";
        let end = (j + 1..lines.len())
            .find(|&k| lines[k].starts_with(&close) && !lines[k][indent..].starts_with(" "))
            .unwrap_or(lines.len() - 1);
        out.push(Function {
            line: i + 1,
            signature,
            lines: end - i + 1,
        });
        i = end + 1;
    }
    out
}

/// The error type of a signature returning `Result<T, E>` at its top level (the return type
/// follows the parameters' closing parenthesis: an arrow inside them, `&dyn Fn(&str) ->
/// Option<String>`, is a parameter's).
fn error_type(signature: &str) -> Option<String> {
    let open = signature.find('(')?;
    let mut depth = 0;
    let close = signature[open..].char_indices().find_map(|(i, c)| {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ => {}
        }
        (depth == 0).then_some(open + i)
    })?;
    let returned = signature[close..].split_once("->")?.1.trim();
    let inner = returned.strip_prefix("Result<")?;
    let mut depth = 0;
    for (i, c) in inner.char_indices() {
        match c {
            '<' | '(' => depth += 1,
            '>' | ')' if depth == 0 => return None,
            '>' | ')' => depth -= 1,
            ',' if depth == 0 => {
                let rest = &inner[i + 1..];
                let mut d = 0;
                let end = rest
                    .char_indices()
                    .find(|&(_, c)| {
                        match c {
                            '<' | '(' => d += 1,
                            '>' | ')' if d > 0 => d -= 1,
                            '>' => return true,
                            _ => {}
                        }
                        false
                    })
                    .map_or(rest.len(), |(k, _)| k);
                return Some(rest[..end].trim().to_string());
            }
            _ => {}
        }
    }
    None
}

#[test]
fn no_function_outside_tests_is_longer_than_a_hundred_lines() {
    let mut long = Vec::new();
    let mut seen = 0;
    for (path, lines) in sources(Path::new("src")) {
        for f in functions(&lines) {
            seen += 1;
            if f.lines > MAX_LINES {
                long.push(format!("{}:{} ({} lines)", path.display(), f.line, f.lines));
            }
        }
    }
    assert!(seen > 500, "the functions were found ({seen})");
    assert!(long.is_empty(), "over {MAX_LINES} lines: {long:#?}");
}

#[test]
fn no_function_of_the_page_model_is_longer_than_fifty_lines() {
    let mut files = sources(Path::new("src/play/page"));
    let root = PathBuf::from("src/play/page.rs");
    let text = fs::read_to_string(&root).unwrap();
    let lines = text
        .lines()
        .take_while(|l| !l.starts_with("#[cfg(test)]"))
        .map(str::to_string)
        .collect();
    files.push((root, lines));
    let mut long = Vec::new();
    let mut seen = 0;
    for (path, lines) in files {
        for f in functions(&lines) {
            seen += 1;
            if f.lines > MAX_PAGE_LINES {
                long.push(format!("{}:{} ({} lines)", path.display(), f.line, f.lines));
            }
        }
    }
    assert!(seen > 100, "the page model's functions were found ({seen})");
    assert!(long.is_empty(), "over {MAX_PAGE_LINES} lines: {long:#?}");
}

#[test]
fn play_keeps_its_files_in_rooms_with_at_most_three_loose() {
    let mut loose = Vec::new();
    let mut rooms = 0;
    for entry in fs::read_dir("src/play").unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            rooms += 1;
            continue;
        }
        // A room's own file (`game.rs` beside `game/`) is part of the room.
        if !path.with_extension("").is_dir() {
            loose.push(path.display().to_string());
        }
    }
    loose.sort();
    assert!(rooms >= 6, "the rooms were found ({rooms})");
    assert!(loose.len() <= MAX_LOOSE, "loose in src/play/: {loose:#?}");
}

#[test]
fn public_functions_of_the_core_and_the_page_model_return_typed_errors() {
    let mut bare = Vec::new();
    let mut results = 0;
    for layer in TYPED {
        let mut files = sources(&Path::new("src").join(layer));
        let root = PathBuf::from(format!("src/{layer}.rs"));
        let text = fs::read_to_string(&root).unwrap();
        let lines = text
            .lines()
            .take_while(|l| !l.starts_with("#[cfg(test)]"))
            .map(str::to_string)
            .collect();
        files.push((root, lines));
        for (path, lines) in files {
            for f in functions(&lines) {
                let public = f.signature.starts_with("pub fn ")
                    || f.signature.starts_with("pub const fn ")
                    || f.signature.starts_with("pub async fn ");
                let Some(error) = error_type(&f.signature) else {
                    continue;
                };
                results += usize::from(public);
                if public && error == "String" {
                    bare.push(format!("{}:{}", path.display(), f.line));
                }
            }
        }
    }
    assert!(results > 20, "the results were found ({results})");
    assert!(bare.is_empty(), "Result<_, String>: {bare:#?}");
}

#[test]
fn the_checks_read_signatures_as_written() {
    let lines: Vec<String> = [
        "pub fn short(a: u8) -> Result<u8, String> {",
        "    Ok(a)",
        "}",
        "    pub fn long(",
        "        a: u8,",
        "    ) -> Result<Vec<Result<u8, String>>, Problem> {",
        "        Ok(vec![])",
        "    }",
        "fn declared();",
        "pub fn read(",
        "    text: &dyn Fn(&str) -> Option<String>,",
        ") -> Result<u8, String> {",
        "    Ok(0)",
        "}",
    ]
    .map(String::from)
    .to_vec();
    let found = functions(&lines);
    assert_eq!(found.len(), 3);
    assert_eq!((found[0].line, found[0].lines), (1, 3));
    assert_eq!((found[1].line, found[1].lines), (4, 5));
    assert_eq!(error_type(&found[0].signature).as_deref(), Some("String"));
    assert_eq!(error_type(&found[1].signature).as_deref(), Some("Problem"));
    assert_eq!(error_type(&found[2].signature).as_deref(), Some("String"));
}

/// Every file of the repository the docs may name (build output, tools and the tables left out).
fn repository_files() -> Vec<String> {
    let mut out = Vec::new();
    let mut dirs = vec![PathBuf::from(".")];
    while let Some(d) = dirs.pop() {
        for entry in fs::read_dir(&d).unwrap().flatten() {
            let path = entry.path();
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            if ["target", "node_modules", "dist", ".git", "test-results"].contains(&name.as_str()) {
                continue;
            }
            let shown = path.to_string_lossy().trim_start_matches("./").to_string();
            if path.is_dir() {
                out.push(format!("{shown}/"));
                dirs.push(path);
            } else {
                out.push(shown);
            }
        }
    }
    out
}

/// The words of Rust code under `src/` and `tests/`, and their `A::B` paths.
fn code_words() -> (std::collections::BTreeSet<String>, String) {
    let mut text = String::new();
    for dir in ["src", "tests"] {
        // This file names what does not exist, to see it found missing.
        let files = sources(Path::new(dir)).into_iter();
        for (_, lines) in files.filter(|(p, _)| !p.ends_with("house.rs")) {
            text.push_str(&lines.join("\n"));
            text.push('\n');
        }
    }
    let words = text
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect();
    (words, text)
}

/// What a doc names and does not exist: in backticks, a file or folder (a path, or a name with
/// an extension) no file of the repository ends with, a Rust path (`A::B`) the code never writes,
/// a type-like name (`Playing`) or a method (`page.playing()`) the code never has; in its code
/// blocks (the diagrams), a Rust path the code never writes.
fn missing_names(doc: &str) -> Vec<String> {
    let files = repository_files();
    let (words, code) = code_words();
    let mut missing = Vec::new();
    let (mut prose, mut fenced) = (String::new(), Vec::new());
    let mut in_fence = false;
    for line in doc.lines() {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
        } else if in_fence {
            fenced.push(line);
        } else {
            prose.push_str(line);
            prose.push('\n');
        }
    }
    let tokens = |text: &str| -> Vec<String> {
        text.split(|c: char| c.is_whitespace() || "(),;<>[]{}|".contains(c))
            .filter(|t| !t.starts_with(".."))
            .map(|t| {
                t.trim_matches(|c: char| ".:'\"!?=*&…".contains(c))
                    .to_string()
            })
            .filter(|t| !t.is_empty() && !t.starts_with('-') && !t.starts_with('/'))
            .collect()
    };
    // `A::B`: written so in the code, or `B` declared in a block of `A` (`enum A`, `impl A`);
    // a module's path (`protocol::Requests`) needs its last name.
    let rust_path = |token: &str| {
        let mut parts = token.rsplit("::");
        let (last, owner) = (parts.next().unwrap(), parts.next().unwrap_or(""));
        if code.contains(token) {
            return true;
        }
        if !owner.starts_with(|c: char| c.is_ascii_uppercase()) {
            return words.contains(last);
        }
        ["enum", "struct", "impl", "trait"].iter().any(|kind| {
            code.match_indices(&format!("{kind} {owner} "))
                .any(|(at, _)| {
                    let block = &code[at..];
                    let block = &block[..block.find("\n}").unwrap_or(block.len())];
                    block
                        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                        .any(|w| w == last)
                })
        })
    };
    for token in fenced.iter().flat_map(|line| tokens(line)) {
        if token.contains("::") && !rust_path(&token) {
            missing.push(token);
        }
    }
    for token in prose.split('`').skip(1).step_by(2).flat_map(tokens) {
        let is_path = token.contains('/')
            || [
                ".rs",
                ".mjs",
                ".js",
                ".html",
                ".css",
                ".md",
                ".toml",
                ".json",
                ".webmanifest",
            ]
            .iter()
            .any(|e| token.ends_with(e));
        let exists = if is_path {
            // Built, not kept: the site, its tables, the tests' output, and the machine's caches.
            let built = [
                "dist/",
                "target/",
                "tables/",
                "worker.js",
                "test-results/",
                "~/.cache/",
            ];
            let (head, tail) = token.split_once('*').unwrap_or((&token, ""));
            built.iter().any(|b| token.starts_with(b))
                || files.iter().any(|f| {
                    let name = f.trim_end_matches('/');
                    let at = |t: &str| name == t || name.ends_with(&format!("/{t}"));
                    at(token.trim_end_matches('/'))
                        || (token.contains('*') && f.contains(head) && f.ends_with(tail))
                })
        } else if token.contains("::") {
            rust_path(&token)
        } else if let Some(method) = token.strip_prefix("page.") {
            code.contains(&format!("fn {method}"))
        } else {
            let type_like = token.chars().next().is_some_and(|c| c.is_ascii_uppercase())
                && token.chars().all(|c| c.is_alphanumeric() || c == '_');
            !type_like || words.contains(&token)
        };
        if !exists {
            missing.push(token);
        }
    }
    missing.sort();
    missing.dedup();
    missing
}

#[test]
fn every_name_and_file_architecture_md_gives_exists() {
    let doc = fs::read_to_string("docs/architecture.md").unwrap();
    let missing = missing_names(&doc);
    assert!(
        missing.is_empty(),
        "named in docs/architecture.md, not found: {missing:#?}"
    );
}

#[test]
fn the_name_check_sees_a_name_that_went_away() {
    let doc = "`Learned::Row` and `Heard::Answer`; `page/event_routes.rs` beside `page/board.rs`; \
               `Nowhere` and `Page`; `page.playing()` and `page.nothing()`";
    assert_eq!(
        missing_names(doc),
        [
            "Learned::Row",
            "Nowhere",
            "page.nothing",
            "page/event_routes.rs"
        ]
    );
    let diagram = "```text\n Page ──► (Heard::Answer, AskAction::Heard(..))\n```\n";
    assert_eq!(missing_names(diagram), ["AskAction::Heard"]);
}
