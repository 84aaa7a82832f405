//! Benchmark files and their summaries, shared by `slide bench` and (later) the browser's bench
//! page, so both print the same figures.
//!
//! A file holds one instance a line: `id optimal nodes BOARD` (`#` starts a comment), as in
//! `shared/bench/korf100.txt`. `optimal` is the published shortest length; `nodes` the published
//! node count (0 where none was published).

use crate::puzzle::board::Board;
use crate::puzzle::notation::{NotationError, parse_board};
use std::fmt;

/// One benchmark position.
#[derive(Clone, Debug, PartialEq)]
pub struct Instance {
    pub id: u32,
    /// Published optimal length.
    pub expected: u32,
    /// Published node count, 0 if none.
    pub published_nodes: u64,
    pub board: Board,
}

/// A line of a benchmark file that could not be read.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchFileError {
    pub line: usize,
    pub problem: String,
}

impl fmt::Display for BenchFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.problem)
    }
}

impl std::error::Error for BenchFileError {}

/// Reads a benchmark file.
pub fn parse_instances(text: &str) -> Result<Vec<Instance>, BenchFileError> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let err = |problem: String| BenchFileError {
            line: i + 1,
            problem,
        };
        let mut parts = line.splitn(4, char::is_whitespace);
        let mut field = |name: &str| {
            parts.next().filter(|s| !s.is_empty()).ok_or_else(|| {
                err(format!(
                    "the {name} is missing (expected: id optimal nodes board)"
                ))
            })
        };
        let id = field("id")?;
        let expected = field("optimal length")?;
        let nodes = field("node count")?;
        let board = field("board")?;
        let number = |s: &str, name: &str| {
            s.parse::<u64>()
                .map_err(|_| err(format!("the {name} \"{s}\" is not a number")))
        };
        let board = parse_board(board).map_err(|e: NotationError| err(e.to_string()))?;
        out.push(Instance {
            id: number(id, "id")? as u32,
            expected: number(expected, "optimal length")? as u32,
            published_nodes: number(nodes, "node count")?,
            board,
        });
    }
    if out.is_empty() {
        return Err(BenchFileError {
            line: 0,
            problem: "the file holds no instances".into(),
        });
    }
    Ok(out)
}

/// Totals over a run.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub count: usize,
    pub solved: usize,
    /// Every instance solved at exactly its published length.
    pub all_expected: bool,
    pub total_millis: f64,
    pub median_millis: f64,
    pub max_millis: f64,
    pub expanded: u64,
    pub generated: u64,
    /// Over the solved instances: the mean and the largest length ÷ published length.
    pub mean_ratio: f64,
    pub max_ratio: f64,
    /// Median and slowest time to the first answer, where a search answered more than once
    /// (anytime search); `None` if none did.
    pub first_answer: Option<(f64, f64)>,
}

/// One instance's result, as far as the summary needs it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Timing {
    pub millis: f64,
    pub matched: bool,
    pub solved: bool,
    pub expanded: u64,
    pub generated: u64,
    /// Length ÷ published length, when solved.
    pub ratio: Option<f64>,
    /// Time to the first of several answers.
    pub first_millis: Option<f64>,
}

impl Timing {
    /// The timing of an instance published at `expected` moves, solved in `length` (if at all)
    /// in `millis` with these node counts.
    pub fn new(
        expected: u32,
        length: Option<u32>,
        millis: f64,
        expanded: u64,
        generated: u64,
    ) -> Timing {
        Timing {
            millis,
            matched: length == Some(expected),
            solved: length.is_some(),
            expanded,
            generated,
            ratio: length.map(|n| f64::from(n) / f64::from(expected.max(1))),
            first_millis: None,
        }
    }
}

fn median(sorted: &[f64]) -> f64 {
    match sorted.len() {
        0 => 0.0,
        n if n % 2 == 1 => sorted[n / 2],
        n => (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0,
    }
}

/// Sums up a run.
pub fn summarize(rows: &[Timing]) -> Summary {
    let mut times: Vec<f64> = rows.iter().map(|r| r.millis).collect();
    times.sort_by(f64::total_cmp);
    let ratios: Vec<f64> = rows.iter().filter_map(|r| r.ratio).collect();
    let mut firsts: Vec<f64> = rows.iter().filter_map(|r| r.first_millis).collect();
    firsts.sort_by(f64::total_cmp);
    Summary {
        mean_ratio: ratios.iter().sum::<f64>() / ratios.len().max(1) as f64,
        max_ratio: ratios.iter().copied().fold(0.0, f64::max),
        first_answer: firsts.last().map(|&max| (median(&firsts), max)),
        count: rows.len(),
        solved: rows.iter().filter(|r| r.solved).count(),
        all_expected: rows.iter().all(|r| r.matched),
        total_millis: times.iter().sum(),
        median_millis: median(&times),
        max_millis: times.last().copied().unwrap_or(0.0),
        expanded: rows.iter().map(|r| r.expanded).sum(),
        generated: rows.iter().map(|r| r.generated).sum(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_korf_style_lines_and_names_bad_ones() {
        let text = "# comment\n1 57 276361933 14 13 15 7/11 12 9 5/6 0 2 1/4 8 10 3\n\n";
        let inst = parse_instances(text).unwrap();
        assert_eq!(inst.len(), 1);
        assert_eq!((inst[0].id, inst[0].expected), (1, 57));
        assert_eq!(inst[0].board.width(), 4);
        let bad = parse_instances("1 57 x 1 2/3 0\n").unwrap_err();
        assert_eq!(
            bad.to_string(),
            "line 1: the node count \"x\" is not a number"
        );
        let short = parse_instances("\n7 12\n").unwrap_err();
        assert_eq!(short.line, 2);
    }

    #[test]
    fn median_of_even_and_odd_counts() {
        let t = |millis| Timing {
            millis,
            matched: true,
            solved: true,
            expanded: 1,
            generated: 2,
            ratio: Some(millis / 2.0),
            first_millis: None,
        };
        assert_eq!(summarize(&[t(3.0), t(1.0), t(2.0)]).median_millis, 2.0);
        let s = summarize(&[t(4.0), t(1.0), t(2.0), t(3.0)]);
        assert_eq!(s.median_millis, 2.5);
        assert_eq!(s.max_millis, 4.0);
        assert_eq!(s.total_millis, 10.0);
        assert_eq!(s.generated, 8);
        assert_eq!((s.mean_ratio, s.max_ratio), (1.25, 2.0));
        assert_eq!(s.first_answer, None);
    }
}
