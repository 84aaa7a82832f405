//! The house's rules for the next reader, checked: no function outside tests in `src/` longer
//! than a hundred lines (a longer one holds more than one idea), and no public function of the
//! core or the page's model that returns its errors as bare text (`Result<_, String>`): each
//! layer has error enums a caller can match. The page's model stays a router of short parts: no
//! function in its room (`src/play/page.rs`, `src/play/page/`) passes fifty lines, and `src/play/`
//! keeps its files in rooms, with at most three loose beside them. Read from the source files, not
//! compiled.

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

/// The error type of a signature returning `Result<T, E>` at its top level.
fn error_type(signature: &str) -> Option<String> {
    let returned = signature.split_once("->")?.1.trim();
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
    ]
    .map(String::from)
    .to_vec();
    let found = functions(&lines);
    assert_eq!(found.len(), 2);
    assert_eq!((found[0].line, found[0].lines), (1, 3));
    assert_eq!((found[1].line, found[1].lines), (4, 5));
    assert_eq!(error_type(&found[0].signature).as_deref(), Some("String"));
    assert_eq!(error_type(&found[1].signature).as_deref(), Some("Problem"));
}
