//! A question put to the solver worker while it is open, and the answer on show: what the page
//! says about a search in progress ("Solving… 120,000 nodes explored") and about the solution
//! being replayed ("31 moves, optimal", with its cost).

#[cfg(test)]
use super::protocol::TablesFrom;
use super::protocol::{Answer, Purpose, Tables};
use crate::puzzle::board::Board;
use crate::puzzle::numbers::{decimals, thousands};
use crate::puzzle::position::Position;
use crate::search::Stats;
use crate::solver::Method;

/// A search the page has asked the worker for and is waiting on.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    pub id: u32,
    pub purpose: Purpose,
    /// The method asked for (what a comparison row reports if the search fails).
    pub method: Method,
    /// The board it was asked about, and its goal: an answer for another board, or toward
    /// another goal, is stale.
    pub position: Position,
    /// When it was asked, on the page's clock.
    pub started_ms: f64,
    pub stats: Stats,
    /// While the pattern databases are got first: downloading (`Some(None)`), or building, how
    /// far (0 to 1).
    pub preparing: Option<Option<f64>>,
    /// An earlier answer of this search, now on show (anytime search).
    pub shown: Option<Summary>,
    /// Shared among several workers, and what their orders need.
    pub team: Option<TeamWork>,
}

/// A solve shared among several workers (see [`crate::solver::team`]).
#[derive(Clone, Debug, PartialEq)]
pub struct TeamWork {
    pub goal: Board,
    /// The method it resolved to: IDA* with a heuristic.
    pub method: Method,
    /// The node budget, all workers together.
    pub max_nodes: u64,
    pub workers: usize,
    /// The pattern databases the first share got first (not part of the search's time).
    pub tables: Option<Tables>,
}

impl Request {
    /// The progress line: `Solving… 1,234 positions explored, none shorter than 40 moves, 1.2 s`;
    /// while an answer is on show, `Looking for a shorter answer… 2.1 s`.
    pub fn progress_text(&self, now_ms: f64) -> String {
        let what = match self.purpose {
            Purpose::Solve => "Solving",
            Purpose::Hint => "Finding a hint",
            Purpose::Compare => "Comparing",
            Purpose::Bench => "Benchmarking",
            Purpose::Measure => "Measuring",
            Purpose::Analysis => "Analysing",
        };
        match self.preparing {
            Some(Some(fraction)) => {
                return format!(
                    "{what}: building the pattern databases first (once; this browser keeps them)… {}%",
                    decimals(fraction * 100.0, 0)
                );
            }
            Some(None) => {
                return format!(
                    "{what}: fetching the pattern databases first (once; this browser keeps them)…"
                );
            }
            None => {}
        }
        let s = &self.stats;
        let what = if self.shown.is_some() {
            "Looking for a shorter answer"
        } else {
            what
        };
        let mut text = format!("{what}…");
        // Rows and columns answer without a search: no count of nothing.
        if s.expanded > 0 {
            text.push_str(&format!(" {} positions explored,", thousands(s.expanded)));
        }
        if let Some(bound) = s.bound.filter(|_| self.shown.is_none()) {
            text.push_str(&format!(" none shorter than {bound} moves,"));
        }
        if let Some(team) = &self.team {
            text.push_str(&format!(" {} workers,", team.workers));
        }
        text.push_str(&format!(
            " {} s",
            decimals((now_ms - self.started_ms).max(0.0) / 1000.0, 1)
        ));
        text
    }
}

/// Where the moves being replayed came from.
#[derive(Clone, Debug, PartialEq)]
pub enum Summary {
    /// A search of this page, and what it cost.
    Search {
        optimal: bool,
        method: Method,
        stats: Stats,
        /// From the click to the answer, on the page's clock.
        wall_ms: f64,
        /// Pattern databases this search loaded or built first.
        tables: Option<Tables>,
        /// Proven at most this many times the shortest, where the method proves a bound.
        within: Option<f64>,
        /// An answer so far: the search is still looking for a shorter one.
        improving: bool,
    },
    /// A link's `moves`: nobody here checked they are shortest.
    Link,
    /// The player's own solve.
    Yours,
    /// A friend's solve, from a challenge link.
    Friends,
}

impl Summary {
    /// The summary of a worker's answer, `wall_ms` after the click; `improving` while the search
    /// goes on.
    pub fn of(answer: &Answer, wall_ms: f64, improving: bool) -> Summary {
        Summary::Search {
            optimal: answer.optimal,
            method: answer.method(),
            stats: answer.stats,
            wall_ms,
            tables: answer.tables,
            within: answer.within,
            improving,
        }
    }

    /// Whether the moves are proven shortest.
    pub fn optimal(&self) -> bool {
        matches!(self, Summary::Search { optimal: true, .. })
    }

    /// Whether a shorter answer may still come.
    pub fn improving(&self) -> bool {
        matches!(
            self,
            Summary::Search {
                improving: true,
                ..
            }
        )
    }

    /// The same summary, no longer promising a shorter answer (the search ended or was stopped).
    pub fn settled(mut self) -> Summary {
        if let Summary::Search { improving, .. } = &mut self {
            *improving = false;
        }
        self
    }

    /// What follows the length, in plain words: `, the shortest possible`, `, at most 1.19 times
    /// the shortest; looking for a shorter one…`, `, from the link`.
    pub fn headline(&self) -> String {
        match self {
            Summary::Search {
                optimal,
                within,
                improving,
                ..
            } => {
                let promise = match within {
                    _ if *optimal => "the shortest possible".to_string(),
                    Some(w) if w.is_finite() => {
                        format!("at most {} times the shortest", decimals(*w, 2))
                    }
                    _ => "maybe not the shortest".to_string(),
                };
                let more = if *improving {
                    "; looking for a shorter one…"
                } else {
                    ""
                };
                format!(", {promise}{more}")
            }
            Summary::Link => ", from the link".to_string(),
            Summary::Yours => ", your solve".to_string(),
            Summary::Friends => ", your friend's solve".to_string(),
        }
    }

    /// How the answer was found, in a sentence: `Found by A* with Manhattan distance after
    /// exploring 6,728 positions: 1.8 ms of searching, 12 ms from the click.`
    pub fn cost(&self) -> Option<String> {
        let Summary::Search {
            method,
            stats,
            wall_ms,
            tables,
            ..
        } = self
        else {
            return None;
        };
        let tables = tables.map_or(String::new(), |t| format!(" First, the {}.", t.text()));
        let how = if stats.expanded == 0 {
            // Rows and columns place the tiles line by line without a search.
            format!("Found by {} without a search", method.description())
        } else {
            format!(
                "Found by {} after exploring {} positions",
                method.description(),
                thousands(stats.expanded)
            )
        };
        Some(format!(
            "{how}: {} ms of searching, {} ms from the click.{tables}",
            decimals(stats.millis, 1),
            decimals(*wall_ms, 0)
        ))
    }

    /// Milliseconds from the click to the answer, for the page's `data-wall-ms`.
    pub fn wall_ms(&self) -> Option<f64> {
        match self {
            Summary::Search { wall_ms, .. } => Some(*wall_ms),
            _ => None,
        }
    }

    /// The worker's own time for the search, in milliseconds (the rest of the wall time is
    /// messages, and the page busy with other work).
    pub fn search_ms(&self) -> Option<f64> {
        match self {
            Summary::Search { stats, .. } => Some(stats.millis),
            _ => None,
        }
    }
}

/// Moves the replay's list shows in one block. A long answer (a 10×10's first has over 2,000
/// moves) lists the moves around the current one, three blocks at most, so that the page builds
/// and compares a few hundred list items for an answer and at every replay step, not thousands
/// (a 10×10's first answer in a fresh page: 41-69 ms from the click before, 45-51 ms after).
pub const LISTED_BLOCK: usize = 120;

/// Which of `n` moves the list shows while the replay is at move `step`: all of a short answer;
/// of a long one, the block holding the current move with the one before and the one after, so
/// that the list moves on a block at a time, not at every step.
pub fn listed(n: usize, step: usize) -> std::ops::Range<usize> {
    if n <= 3 * LISTED_BLOCK {
        return 0..n;
    }
    let start = (step / LISTED_BLOCK).saturating_sub(1) * LISTED_BLOCK;
    let start = start.min(n - 3 * LISTED_BLOCK);
    start..start + 3 * LISTED_BLOCK
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristics::Heuristic;
    use crate::solver::Algorithm;

    fn request() -> Request {
        Request {
            id: 1,
            purpose: Purpose::Solve,
            method: Method {
                algorithm: Algorithm::IdaStar,
                heuristic: Some(Heuristic::Pdb),
            },
            position: Position::solved(Board::blank_last(4, 4).unwrap()),
            started_ms: 1000.0,
            stats: Stats {
                expanded: 1_234_567,
                bound: Some(48),
                ..Stats::default()
            },
            preparing: None,
            shown: None,
            team: None,
        }
    }

    #[test]
    fn progress_names_the_work_and_the_time() {
        let r = request();
        assert_eq!(
            r.progress_text(3250.0),
            "Solving… 1,234,567 positions explored, none shorter than 48 moves, 2.3 s"
        );
        let shared = Request {
            team: Some(TeamWork {
                goal: Board::blank_last(4, 4).unwrap(),
                method: r.method,
                max_nodes: 1,
                workers: 2,
                tables: None,
            }),
            ..request()
        };
        assert_eq!(
            shared.progress_text(3250.0),
            "Solving… 1,234,567 positions explored, none shorter than 48 moves, 2 workers, 2.3 s"
        );
        // An answer on show, a shorter one sought: said so, and no count of nothing.
        let improving = Request {
            stats: Stats::default(),
            shown: Some(Summary::Link),
            ..request()
        };
        assert_eq!(
            improving.progress_text(3250.0),
            "Looking for a shorter answer… 2.3 s"
        );
        let building = Request {
            preparing: Some(Some(0.456)),
            ..request()
        };
        assert!(building.progress_text(0.0).ends_with("… 46%"));
        let fetching = Request {
            preparing: Some(None),
            ..request()
        };
        assert!(
            fetching
                .progress_text(0.0)
                .contains("fetching the pattern databases")
        );
    }

    #[test]
    fn a_summary_states_its_promise_and_cost() {
        let answer = Answer {
            moves: "L".into(),
            optimal: false,
            within: Some(1.43),
            algorithm: Algorithm::Anytime,
            heuristic: Some(Heuristic::Pdb),
            stats: Stats {
                expanded: 6728,
                millis: 1.84,
                ..Stats::default()
            },
            tables: Some(Tables {
                millis: 2500.0,
                from: TablesFrom::Built,
            }),
        };
        let s = Summary::of(&answer, 12.4, true);
        assert_eq!(
            s.headline(),
            ", at most 1.43 times the shortest; looking for a shorter one…"
        );
        assert_eq!(
            s.cost().unwrap(),
            "Found by anytime weighted IDA* with pattern databases after exploring 6,728 positions: 1.8 ms of searching, 12 ms from the click. First, the pattern databases built in 2.5 s, once: kept for next time."
        );
        // Rows and columns explore nothing, and say so rather than "0 positions".
        let rows = Answer {
            algorithm: Algorithm::Reduction,
            heuristic: None,
            stats: Stats::default(),
            tables: None,
            ..answer.clone()
        };
        let s = Summary::of(&rows, 3.0, false);
        assert!(
            s.cost()
                .unwrap()
                .starts_with("Found by rows and columns, then shortened without a search"),
            "{:?}",
            s.cost()
        );
        assert!(!s.clone().settled().improving());
        assert_eq!(Summary::Link.headline(), ", from the link");
    }

    #[test]
    fn a_long_answer_lists_the_moves_around_the_current_one() {
        assert_eq!(listed(31, 0), 0..31);
        assert_eq!(listed(360, 200), 0..360);
        // 2,000 moves: three blocks of 120, the current move's in the middle once past the first.
        assert_eq!(listed(2000, 0), 0..360);
        assert_eq!(listed(2000, 119), 0..360);
        assert_eq!(listed(2000, 250), 120..480);
        assert_eq!(listed(2000, 1999), 1640..2000);
        assert_eq!(listed(2000, 2000), 1640..2000);
        for step in 0..=2000 {
            let shown = listed(2000, step);
            assert_eq!(shown.len(), 360);
            assert!(shown.contains(&step.min(1999)), "{step}: {shown:?}");
        }
    }
}
