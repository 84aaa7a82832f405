//! The stepper in words: each search's pseudocode, the line a step ended on, and one plain
//! sentence a step ("Expand the board with the lowest f (31): g 4 + h 27. Two new boards go on
//! the open list; one is already closed."). Written by the worker with each step it shows (see
//! [`super::Lessons`]), so the page carries only the words.

use super::Lesson;
use crate::search::watch::{Child, Fate, Snapshot};
use crate::solver::Algorithm;

const BEST_FIRST: [&str; 8] = [
    "open ← [start]; closed ← []",
    "while open is not empty:",
    "  take n, the board with the lowest f, off open",
    "  if n is the goal: return the path to n",
    "  put n on closed",
    "  for each board m one move from n:",
    "    if m is on closed: skip it",
    "    if m is new, or now reached in fewer moves: g(m) ← g(n) + 1, parent(m) ← n, m on open",
];

const GREEDY: [&str; 8] = [
    "open ← [start]; closed ← []",
    "while open is not empty:",
    "  take n, the board with the lowest h, off open",
    "  if n is the goal: return the path to n",
    "  put n on closed",
    "  for each board m one move from n:",
    "    if m is on closed: skip it",
    "    if m is new, or now reached in fewer moves: g(m) ← g(n) + 1, parent(m) ← n, m on open",
];

const BREADTH_FIRST: [&str; 8] = [
    "queue ← [start]; seen ← {start}",
    "while the queue is not empty:",
    "  take n, the oldest board, off the front of the queue",
    "  put n on closed",
    "  for each board m one move from n:",
    "    if m was seen before: skip it",
    "    if m is the goal: return the path to m",
    "    put m on seen and at the back of the queue, parent(m) ← n",
];

const IDA_STAR: [&str; 10] = [
    "bound ← h(start)",
    "loop:",
    "  stack ← [start]",
    "  while the stack is not empty:",
    "    take n, the newest board, off the stack: the path now ends at n",
    "    if n is the goal: return the path to n",
    "    for each board m one move from n, but the one before it:",
    "      if g(m) + h(m) > bound: skip it, keeping the least such f",
    "      else: push m on the stack, parent(m) ← n",
    "  bound ← the least f that went over it",
];

const DEPTH_FIRST: [&str; 7] = [
    "stack ← [start]",
    "while the stack is not empty:",
    "  take n, the newest board, off the stack: the path now ends at n",
    "  if n is the goal: return the path to n",
    "  for each board m one move from n, but the one before it:",
    "    if m is past the depth limit, or was entered as shallow before: skip it",
    "    else: push m on the stack, parent(m) ← n",
];

/// The search's pseudocode, a line an entry.
pub fn pseudocode(algorithm: Algorithm) -> &'static [&'static str] {
    match algorithm {
        Algorithm::Greedy => &GREEDY,
        Algorithm::Bfs => &BREADTH_FIRST,
        Algorithm::IdaStar => &IDA_STAR,
        Algorithm::Dfs => &DEPTH_FIRST,
        _ => &BEST_FIRST,
    }
}

/// The line (from 1) the step shown ended on: the start before any step, the goal's return at
/// the last, and otherwise the last line a board one move away went through.
pub fn line(algorithm: Algorithm, snapshot: &Snapshot) -> usize {
    // Each search's lines: the start, the goal's return, a board skipped, a board kept.
    let (start, goal, skip, keep) = match algorithm {
        Algorithm::Bfs => (1, 7, 6, 8),
        Algorithm::IdaStar => (1, 6, 8, 9),
        Algorithm::Dfs => (1, 4, 6, 7),
        _ => (1, 4, 7, 8),
    };
    let kept = |c: &Child| matches!(c.fate, Fate::Opened | Fate::Shorter);
    match snapshot {
        s if s.step == 0 => start,
        s if s.solution.is_some() => goal,
        s if s.children.iter().any(kept) => keep,
        _ => skip,
    }
}

/// The step shown in one plain sentence, or two.
pub fn sentence(algorithm: Algorithm, lesson: &Lesson) -> String {
    let s = &lesson.snapshot;
    let current = s.current.and_then(|c| s.tree.get(c as usize));
    let (Some(node), Some(_)) = (current, lesson.recent.last()) else {
        return before_any_step(algorithm, s);
    };
    if let Some(n) = s.solution {
        return goal_taken(algorithm, n);
    }
    let (g, h, f) = (node.g, node.h, node.f);
    let taken = match algorithm {
        Algorithm::Greedy => format!(
            "Expand the board with the lowest h ({h}), {} from the start.",
            moves(g)
        ),
        Algorithm::Bfs if g == 0 => "Expand the start board.".to_string(),
        Algorithm::Bfs => format!(
            "Expand the oldest board on the queue, {} from the start.",
            moves(g)
        ),
        Algorithm::Dfs if g == 0 => "Enter the start board.".to_string(),
        Algorithm::Dfs => format!(
            "Enter the newest board on the stack, {} from the start.",
            moves(g)
        ),
        Algorithm::IdaStar => ida_taken(s, g, h, f),
        _ => format!("Expand the board with the lowest f ({f}): g {g} + h {h}."),
    };
    format!("{taken} {}", what_came(algorithm, s))
}

fn ida_taken(s: &Snapshot, g: u32, h: u32, f: u32) -> String {
    let bound = s.bound.unwrap_or(f);
    match (g, s.raised_from) {
        (0, Some(before)) => format!(
            "No path within the bound of {before} reached the goal: raise the bound to {bound}, the least f that went over it, and enter the start board again (f = h = {h})."
        ),
        (0, None) => format!("Enter the start board: its f = h = {h} is the first bound."),
        _ => format!(
            "Enter the newest board on the stack: f = g {g} + h {h} = {f}, within the bound of {bound}."
        ),
    }
}

fn before_any_step(algorithm: Algorithm, s: &Snapshot) -> String {
    let h = s.tree.first().map_or(0, |n| n.h);
    match algorithm {
        Algorithm::Greedy => format!(
            "Nothing expanded yet: the start is the only board on the open list, with h = {h}."
        ),
        Algorithm::Bfs => "Nothing expanded yet: the start is the only board on the queue.".into(),
        Algorithm::Dfs => "Nothing entered yet: the start is the only board on the stack.".into(),
        Algorithm::IdaStar => {
            format!("Nothing entered yet: the first bound is the start's estimate, {h}.")
        }
        _ => format!(
            "Nothing expanded yet: the start is the only board on the open list, with f = g 0 + h {h} = {h}."
        ),
    }
}

fn goal_taken(algorithm: Algorithm, n: u32) -> String {
    let path = match algorithm {
        Algorithm::Greedy | Algorithm::Dfs => {
            format!("a path of {}, not always the shortest", moves(n))
        }
        _ => format!("the shortest path, {}", moves(n)),
    };
    match algorithm {
        Algorithm::Bfs => {
            format!("Take the goal, found as it was generated: the search ends with {path}.")
        }
        Algorithm::IdaStar | Algorithm::Dfs => {
            format!("Take the goal off the stack: the search ends with {path}.")
        }
        _ => format!("Take the goal off the open list: the search ends with {path}."),
    }
}

/// What became of the boards one move from the one expanded, in one sentence.
fn what_came(algorithm: Algorithm, s: &Snapshot) -> String {
    let count = |fate: Fate| s.children.iter().filter(|c| c.fate == fate).count();
    let over: Vec<String> = (s.children.iter())
        .filter(|c| c.fate == Fate::OverBound)
        .map(|c| c.f.to_string())
        .collect();
    let opened = match algorithm {
        Algorithm::Bfs => ("joins the back of the queue", "join the back of the queue"),
        Algorithm::IdaStar | Algorithm::Dfs => ("goes on the stack", "go on the stack"),
        _ => ("goes on the open list", "go on the open list"),
    };
    let seen = match algorithm {
        Algorithm::Dfs => (
            "was entered as shallow before",
            "were entered as shallow before",
        ),
        _ => ("was seen before", "were seen before"),
    };
    let mut parts = Vec::new();
    let mut say = |n: usize, noun: &str, one: &str, many: &str| {
        if n > 0 {
            parts.push(phrase(n, noun, one, many));
        }
    };
    say(count(Fate::Opened), "new board", opened.0, opened.1);
    let fewer = "now reached in fewer moves";
    let (one, many) = (
        format!("already open is {fewer}"),
        format!("already open are {fewer}"),
    );
    say(count(Fate::Shorter), "board", &one, &many);
    let (one, many) = (
        "is already open by a path as short",
        "are already open by paths as short",
    );
    say(count(Fate::Open), "board", one, many);
    say(
        count(Fate::Closed),
        "",
        "is already closed",
        "are already closed",
    );
    say(count(Fate::Seen), "", seen.0, seen.1);
    let cut = format!(
        "f {} > {}: cut off",
        over.join(" and "),
        s.bound.unwrap_or(0)
    );
    say(
        over.len(),
        "board",
        &format!("has {cut}"),
        &format!("have {cut}"),
    );
    let deep = "would go past the depth limit";
    say(count(Fate::TooDeep), "", deep, deep);
    match parts.split_first() {
        None => "Nothing new comes of it.".into(),
        Some((first, rest)) => {
            let mut text = capitalized(first);
            for part in rest {
                text.push_str("; ");
                text.push_str(part);
            }
            text.push('.');
            text
        }
    }
}

/// "two new boards go on the open list", "one is already closed".
fn phrase(n: usize, noun: &str, one: &str, many: &str) -> String {
    let number = ["no", "one", "two", "three", "four"]
        .get(n)
        .map_or_else(|| n.to_string(), |w| w.to_string());
    match (n, noun) {
        (1, "") => format!("{number} {one}"),
        (_, "") => format!("{number} {many}"),
        (1, noun) => format!("{number} {noun} {one}"),
        (_, noun) => format!("{number} {noun}s {many}"),
    }
}

/// "1 move", "4 moves".
fn moves(n: u32) -> String {
    match n {
        1 => "1 move".into(),
        n => format!("{n} moves"),
    }
}

fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_ascii_uppercase().to_string() + chars.as_str(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristics::Heuristic;
    use crate::play::worker::protocol::Lessons;

    fn told(board: &str, algorithm: Algorithm, heuristic: Heuristic, step: u64) -> (String, usize) {
        let mut lessons = Lessons::default();
        let lesson = lessons
            .show(board, "blank-last", algorithm, heuristic, step)
            .unwrap();
        (
            sentence(algorithm, &lesson),
            line(algorithm, &lesson.snapshot),
        )
    }

    const HARDEST: &str = "8 6 7/2 5 4/3 0 1";

    #[test]
    fn each_step_is_said_in_plain_words_and_marks_its_line() {
        let m = Heuristic::Manhattan;
        assert_eq!(
            told(HARDEST, Algorithm::AStar, m, 0),
            ("Nothing expanded yet: the start is the only board on the open list, with f = g 0 + h 21 = 21.".into(), 1)
        );
        assert_eq!(
            told(HARDEST, Algorithm::AStar, m, 1),
            ("Expand the board with the lowest f (21): g 0 + h 21. Three new boards go on the open list.".into(), 8)
        );
        assert_eq!(
            told("1 2 3/4 5 6/0 7 8", Algorithm::IdaStar, Heuristic::Hamming, 1),
            ("Enter the start board: its f = h = 2 is the first bound. One new board goes on the stack; one board has f 4 > 2: cut off.".into(), 9)
        );
        assert_eq!(
            told("1 2 3/4 5 6/0 7 8", Algorithm::Bfs, m, 4),
            ("Take the goal, found as it was generated: the search ends with the shortest path, 2 moves.".into(), 7)
        );
        assert_eq!(
            told("1 2 3/4 5 6/0 7 8", Algorithm::Bfs, m, 2),
            ("Expand the oldest board on the queue, 1 move from the start. Two new boards join the back of the queue.".into(), 8)
        );
    }
}
