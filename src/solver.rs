//! Solving a board: pick a method, check the board can reach its goal, search (in slices, under a
//! node budget), and check the solution before anyone sees it.
//!
//! ```
//! use slide::{notation::parse_board, solver::{solve, Options}, Board};
//! let start = parse_board("8 6 7/2 5 4/3 0 1").unwrap();
//! let goal = Board::blank_last(3, 3).unwrap();
//! let report = solve(&start, &goal, &Options::default()).unwrap();
//! assert_eq!(report.solution().unwrap().len(), 31);
//! ```

use crate::board::Board;
use crate::goal::GoalError;
use crate::heuristics::{Estimator, Heuristic, Unsupported};
use crate::moves::Move;
use crate::search::anytime::Anytime;
use crate::search::astar::{BestFirst, Priority};
use crate::search::bfs::Bfs;
use crate::search::dfs::Dfs;
use crate::search::idastar::IdaStar;
use crate::search::packed::with_key_type;
use crate::search::{Outcome, Poll, Resumable, Search, Stats};
use crate::solution::{Solution, SolutionError};
use crate::solvability::{self, Solvability};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Node budget of the searches that keep what they explore, for a board of `squares` squares:
/// about 1 GB of memory whatever the size (a stored node of a 10×10 board is five times one of
/// a 3×3 board, so large boards get fewer).
pub fn default_max_nodes(squares: usize) -> u64 {
    match squares {
        0..=16 => 10_000_000,
        17..=25 => 6_000_000,
        _ => 2_000_000,
    }
}
/// Nodes an anytime search spends unless told otherwise: under a second on the 24-puzzle
/// natively and in a browser, enough for 1.2 times the shortest at worst on Korf's 50.
pub const ANYTIME_MAX_NODES: u64 = 10_000_000;

/// Weight of weighted A* unless told otherwise.
pub const DEFAULT_WEIGHT: f64 = 2.0;

/// A search method.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Algorithm {
    /// The fastest method for the board's size (see [`Method::auto`]).
    #[default]
    Auto,
    /// A*: f = depth + h.
    AStar,
    /// Iterative-deepening A*.
    IdaStar,
    /// Breadth-first search.
    Bfs,
    /// Depth-first search, depth-limited.
    Dfs,
    /// Greedy best-first search: f = h.
    Greedy,
    /// Weighted A*: f = depth + w·h.
    Weighted,
    /// Rows and columns one at a time, the last 3×3 corner optimally, then the path shortened
    /// (see [`crate::reduction`]): any size in milliseconds, not optimal.
    Reduction,
    /// Weighted IDA* with a falling weight: a quick answer, then shorter ones while the budget
    /// lasts, each with a proven bound (see [`crate::search::anytime`]).
    Anytime,
}

impl Algorithm {
    /// Every algorithm, `auto` first.
    pub const ALL: [Algorithm; 9] = [
        Algorithm::Auto,
        Algorithm::AStar,
        Algorithm::IdaStar,
        Algorithm::Bfs,
        Algorithm::Dfs,
        Algorithm::Greedy,
        Algorithm::Weighted,
        Algorithm::Reduction,
        Algorithm::Anytime,
    ];

    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Auto => "auto",
            Algorithm::AStar => "astar",
            Algorithm::IdaStar => "idastar",
            Algorithm::Bfs => "bfs",
            Algorithm::Dfs => "dfs",
            Algorithm::Greedy => "greedy",
            Algorithm::Weighted => "weighted",
            Algorithm::Reduction => "reduction",
            Algorithm::Anytime => "anytime",
        }
    }

    /// The algorithm of a name.
    pub fn from_name(name: &str) -> Option<Algorithm> {
        Algorithm::ALL.into_iter().find(|a| a.name() == name)
    }

    /// Whether it uses a heuristic at all.
    pub fn uses_heuristic(self) -> bool {
        !matches!(self, Algorithm::Bfs | Algorithm::Dfs | Algorithm::Reduction)
    }

    /// Whether it keeps every explored node in memory (and so needs a node budget).
    pub fn keeps_nodes(self) -> bool {
        !matches!(
            self,
            Algorithm::IdaStar | Algorithm::Reduction | Algorithm::Anytime
        )
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What to solve with; every field has a sensible default.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// The search.
    pub algorithm: Algorithm,
    /// The estimate; `None` picks the algorithm's usual one.
    pub heuristic: Option<Heuristic>,
    /// w of weighted A* (at least 1).
    pub weight: f64,
    /// Depth limit of DFS; `None` picks the board's diameter where it is known.
    pub depth_limit: Option<u32>,
    /// Threads for IDA* (natively; the browser's worker has one). Node counts of the last
    /// iteration then vary from run to run.
    pub threads: usize,
    /// Most nodes to expand; `None` is [`default_max_nodes`] for searches that keep nodes and no
    /// limit for IDA*, whose memory does not grow.
    pub max_nodes: Option<u64>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            algorithm: Algorithm::Auto,
            heuristic: None,
            weight: DEFAULT_WEIGHT,
            depth_limit: None,
            max_nodes: None,
            threads: 1,
        }
    }
}

impl Options {
    /// Options for one algorithm and heuristic, defaults elsewhere.
    pub fn with(algorithm: Algorithm, heuristic: Heuristic) -> Options {
        Options {
            algorithm,
            heuristic: Some(heuristic),
            ..Options::default()
        }
    }
}

/// An algorithm with its heuristic decided: what actually runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Method {
    /// Never [`Algorithm::Auto`].
    pub algorithm: Algorithm,
    /// `None` for BFS and DFS, which use none.
    pub heuristic: Option<Heuristic>,
}

impl Method {
    /// The method `auto` stands for on a board of `squares` squares, chosen by measurement (see
    /// the README): A* with depth + Manhattan where the whole space is small (up to 3×3 and 2×4),
    /// IDA* with pattern databases on the 15-puzzle (linear conflict on the other boards of 10
    /// to 16 squares), weighted A* up to 24 squares (in a few milliseconds), anytime weighted
    /// IDA* with pattern databases on the 24-puzzle (at worst 1.2 times the shortest on Korf's
    /// 50, in under a second), and rows and columns beyond (10×10 in milliseconds).
    pub fn auto(squares: usize) -> Method {
        let (algorithm, heuristic) = match squares {
            0..=9 => (Algorithm::AStar, Heuristic::Manhattan),
            10..=15 => (Algorithm::IdaStar, Heuristic::LinearConflict),
            16 => (Algorithm::IdaStar, Heuristic::Pdb),
            17..=24 => (Algorithm::Weighted, Heuristic::LinearConflict),
            25 => (Algorithm::Anytime, Heuristic::Pdb),
            _ => {
                return Method {
                    algorithm: Algorithm::Reduction,
                    heuristic: None,
                };
            }
        };
        Method {
            algorithm,
            heuristic: Some(heuristic),
        }
    }

    /// [`Method::auto`] for this board and goal: pattern databases only where they fit (the
    /// 4×4 board, its goal's blank in a corner), linear conflict elsewhere; rows and columns
    /// only toward a goal with the blank in a corner, greedy search otherwise.
    pub fn auto_for(start: &Board, goal: &Board) -> Method {
        let mut method = Method::auto(start.len());
        // Long thin boards (2×9, 3×7, 2×10) defeat weighted A*'s budget; rows and columns do not.
        if method.algorithm == Algorithm::Weighted
            && start.width().min(start.height()) < 4
            && crate::reduction::fits(goal)
        {
            method = Method {
                algorithm: Algorithm::Reduction,
                heuristic: None,
            };
        }
        if method.algorithm == Algorithm::Reduction && !crate::reduction::fits(goal) {
            method = Method {
                algorithm: Algorithm::Greedy,
                heuristic: Some(Heuristic::LinearConflict),
            };
        }
        if method.heuristic == Some(Heuristic::Pdb)
            && crate::heuristics::pdb::unsupported_reason(goal).is_some()
        {
            method.heuristic = Some(Heuristic::LinearConflict);
            // Without the tables, weighted A*'s single answer beats anytime search's first ones.
            if method.algorithm == Algorithm::Anytime {
                method.algorithm = Algorithm::Weighted;
            }
        }
        method
    }

    /// The method `options` stand for on `board` with `goal` (resolving `auto` and default
    /// heuristics).
    pub fn resolve(options: &Options, board: &Board, goal: &Board) -> Method {
        if options.algorithm == Algorithm::Auto {
            let auto = Method::auto_for(board, goal);
            return Method {
                heuristic: options.heuristic.or(auto.heuristic),
                ..auto
            };
        }
        let heuristic = options.algorithm.uses_heuristic().then(|| {
            options.heuristic.unwrap_or(match options.algorithm {
                Algorithm::Anytime
                    if crate::heuristics::pdb::unsupported_reason(goal).is_none() =>
                {
                    Heuristic::Pdb
                }
                Algorithm::IdaStar | Algorithm::Weighted | Algorithm::Anytime => {
                    Heuristic::LinearConflict
                }
                _ => Heuristic::Manhattan,
            })
        });
        Method {
            algorithm: options.algorithm,
            heuristic,
        }
    }

    /// Whether this method always returns a shortest solution (all heuristics here are admissible).
    pub fn optimal(self) -> bool {
        matches!(
            self.algorithm,
            Algorithm::AStar | Algorithm::IdaStar | Algorithm::Bfs
        )
    }

    /// The heuristic's name, or `none`.
    pub fn heuristic_name(self) -> &'static str {
        self.heuristic.map_or("none", Heuristic::name)
    }
}

/// What an answer promises, as the command line and the page say it: `optimal`, `at most 1.19×
/// the shortest` (a proven bound), or `not guaranteed optimal`.
pub fn promise(optimal: bool, within: Option<f64>) -> String {
    match within {
        _ if optimal => "optimal".to_string(),
        Some(w) if w.is_finite() => format!("at most {w:.2}× the shortest"),
        _ => "not guaranteed optimal".to_string(),
    }
}

/// Why a board was not solved at all.
#[derive(Clone, Debug, PartialEq)]
pub enum SolveError {
    /// Board and goal differ in size.
    Goal(GoalError),
    /// The board cannot reach the goal; the verdict explains why.
    Unsolvable(Solvability),
    /// The heuristic cannot be used on this board.
    Unsupported(Unsupported),
    /// An option out of range.
    BadOption(String),
    /// A search returned a wrong path or gave up on a solvable board: a bug.
    Internal(String),
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Goal(e) => e.fmt(f),
            SolveError::Unsolvable(s) => f.write_str(&s.explanation()),
            SolveError::Unsupported(e) => e.fmt(f),
            SolveError::BadOption(e) => f.write_str(e),
            SolveError::Internal(e) => write!(f, "internal error (please report it): {e}"),
        }
    }
}

impl std::error::Error for SolveError {}

/// How a search that ran ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Ending {
    /// A checked solution.
    Solved(Solution),
    /// The node budget ran out first.
    BudgetExhausted { max_nodes: u64 },
    /// DFS found nothing within its depth limit.
    DepthLimitReached { limit: u32 },
}

/// The result of a search: how it ended, with what method, at what cost.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    pub method: Method,
    pub ending: Ending,
    pub stats: Stats,
    /// For a solution: proven at most this many times the shortest (1 = shortest), where the
    /// method proves a bound; `None` where it proves none (greedy, weighted A*, rows and columns).
    pub within: Option<f64>,
}

impl Report {
    /// The solution, if one was found.
    pub fn solution(&self) -> Option<&Solution> {
        match &self.ending {
            Ending::Solved(s) => Some(s),
            _ => None,
        }
    }
}

/// Progress of a [`Solver`] after a slice.
#[derive(Clone, Debug, PartialEq)]
pub enum Progress {
    /// Still searching; the counters so far.
    Running(Stats),
    /// Still searching, and a solution better than any before was found (anytime search).
    Better(Report),
    /// Finished.
    Done(Result<Report, SolveError>),
}

/// A search of one board, run a slice at a time (for workers that report progress and cancel).
pub struct Solver {
    start: Board,
    goal: Board,
    method: Method,
    max_nodes: u64,
    depth_limit: u32,
    search: Box<dyn Search>,
    /// What the search has proven of its best solution so far (see [`Report::within`]).
    within: Option<f64>,
}

impl Solver {
    /// Prepares a search; fails at once on a board that cannot reach the goal.
    pub fn new(start: &Board, goal: &Board, options: &Options) -> Result<Solver, SolveError> {
        let verdict = solvability::check(start, goal).map_err(SolveError::Goal)?;
        if !verdict.solvable {
            return Err(SolveError::Unsolvable(verdict));
        }
        if !(1.0..=100.0).contains(&options.weight) {
            return Err(SolveError::BadOption(format!(
                "the weight must be between 1 and 100, not {}",
                options.weight
            )));
        }
        let method = Method::resolve(options, start, goal);
        if method.algorithm == Algorithm::Reduction && !crate::reduction::fits(goal) {
            return Err(SolveError::BadOption(
                "solving by rows and columns needs the goal's blank in a corner".into(),
            ));
        }
        let max_nodes = options.max_nodes.unwrap_or(match method.algorithm {
            Algorithm::Anytime => ANYTIME_MAX_NODES,
            a if a.keeps_nodes() => default_max_nodes(start.len()),
            _ => u64::MAX,
        });
        let estimator = match method.heuristic {
            Some(h) => Some(Estimator::new(h, goal).map_err(SolveError::Unsupported)?),
            None => None,
        };
        let depth_limit = options
            .depth_limit
            .or_else(|| diameter(start.width(), start.height()))
            .unwrap_or_else(|| {
                let md = Estimator::new(Heuristic::Manhattan, goal)
                    .map(|e| e.estimate_board(start))
                    .unwrap_or(0);
                (3 * md).max(80)
            });
        let search = build(
            start,
            goal,
            method,
            estimator,
            Tuning {
                weight: options.weight,
                depth_limit,
                max_nodes,
                threads: options.threads,
            },
        )?;
        Ok(Solver {
            start: start.clone(),
            goal: goal.clone(),
            method,
            max_nodes,
            depth_limit,
            search,
            within: None,
        })
    }

    /// The method that runs.
    pub fn method(&self) -> Method {
        self.method
    }

    /// The counters so far.
    pub fn stats(&self) -> Stats {
        self.search.stats()
    }

    /// Explores up to `slice` more nodes.
    pub fn run(&mut self, slice: u64) -> Progress {
        let polled = self.search.run(slice);
        if let Some(better) = self.search.take_better() {
            self.within = Some(better.within).filter(|w| w.is_finite());
            if polled == Poll::Pending {
                return match self.solved(better.moves) {
                    Ok(report) => Progress::Better(report),
                    Err(e) => Progress::Done(Err(e)),
                };
            }
        }
        let outcome = match polled {
            Poll::Pending => return Progress::Running(self.search.stats()),
            Poll::Finished(outcome) => outcome,
        };
        let stats = self.search.stats();
        let report = |ending| {
            Ok(Report {
                method: self.method,
                ending,
                stats,
                within: None,
            })
        };
        Progress::Done(match outcome {
            Outcome::Found(moves) => self.solved(moves),
            Outcome::BudgetExhausted => report(Ending::BudgetExhausted {
                max_nodes: self.max_nodes,
            }),
            Outcome::DepthLimitReached => report(Ending::DepthLimitReached {
                limit: self.depth_limit,
            }),
            Outcome::Exhausted => Err(SolveError::Internal(format!(
                "{} explored every reachable board of {} without meeting the goal",
                self.method.algorithm, self.start
            ))),
        })
    }

    /// The report of a solution the search found, checked.
    fn solved(&self, moves: Vec<Move>) -> Result<Report, SolveError> {
        let within = if self.method.optimal() {
            Some(1.0)
        } else {
            self.within
        };
        let optimal = within == Some(1.0);
        match Solution::checked(&self.start, &self.goal, moves, optimal) {
            Ok(solution) => Ok(Report {
                method: self.method,
                ending: Ending::Solved(solution),
                stats: self.search.stats(),
                within,
            }),
            Err(e) => Err(internal(self.method, &self.start, e)),
        }
    }

    /// Runs to the end.
    pub fn finish(&mut self) -> Result<Report, SolveError> {
        loop {
            if let Progress::Done(result) = self.run(1 << 20) {
                return result;
            }
        }
    }
}

fn internal(method: Method, start: &Board, e: SolutionError) -> SolveError {
    SolveError::Internal(format!(
        "{} with {} returned a wrong solution for {start}: {e}",
        method.algorithm,
        method.heuristic_name()
    ))
}

/// Solves a board to the end with the given options.
pub fn solve(start: &Board, goal: &Board, options: &Options) -> Result<Report, SolveError> {
    Solver::new(start, goal, options)?.finish()
}

/// `Ok` of the boxed, resumable search `$search`, with `$e` the estimate it runs on: the pattern
/// databases where the estimator has them (each node then carries its table indices), else the
/// estimator itself (each node carries its estimate).
macro_rules! with_estimate {
    ($estimator:expr, $e:ident => $search:expr) => {{
        let estimator: Estimator = $estimator;
        match estimator.pattern_db().cloned() {
            Some($e) => Ok(Box::new(Resumable::new($search)) as Box<dyn Search>),
            None => {
                let $e = estimator;
                Ok(Box::new(Resumable::new($search)) as Box<dyn Search>)
            }
        }
    }};
}

/// The numbers a search is built with.
struct Tuning {
    weight: f64,
    depth_limit: u32,
    max_nodes: u64,
    threads: usize,
}

fn build(
    start: &Board,
    goal: &Board,
    method: Method,
    estimator: Option<Estimator>,
    tuning: Tuning,
) -> Result<Box<dyn Search>, SolveError> {
    let Tuning {
        weight,
        depth_limit,
        max_nodes,
        threads,
    } = tuning;
    #[cfg(target_arch = "wasm32")]
    let _ = threads; // one thread in a browser's worker
    let need = || {
        estimator
            .clone()
            .ok_or_else(|| SolveError::Internal(format!("{} needs a heuristic", method.algorithm)))
    };
    with_key_type!(start.len(), K => {
        let best_first = |priority| -> Result<Box<dyn Search>, SolveError> {
            Ok(Box::new(Resumable::new(BestFirst::<K>::new(
                start, goal, need()?, priority, max_nodes,
            ))))
        };
        match method.algorithm {
            Algorithm::AStar | Algorithm::Auto => best_first(Priority::ASTAR),
            Algorithm::Weighted => best_first(Priority::weighted(weight)),
            Algorithm::Anytime => {
                // Rows and columns answer first where they fit: in a millisecond, every time.
                let first = crate::reduction::fits(goal);
                with_estimate!(need()?, e => Anytime::<K, _>::new(start, goal, e, max_nodes, first))
            }
            Algorithm::Greedy => best_first(Priority::GREEDY),
            #[cfg(not(target_arch = "wasm32"))]
            Algorithm::IdaStar if threads > 1 => {
                use crate::search::parallel::ParallelIda;
                with_estimate!(need()?, e => ParallelIda::<K, _>::new(start, goal, e, threads, max_nodes))
            }
            Algorithm::IdaStar => {
                with_estimate!(need()?, e => IdaStar::<K, _>::new(start, goal, e, max_nodes))
            }
            Algorithm::Bfs => Ok(Box::new(Resumable::new(Bfs::<K>::new(start, goal, max_nodes)))),
            Algorithm::Dfs => Ok(Box::new(Resumable::new(Dfs::<K>::new(
                start, goal, depth_limit, max_nodes,
            )))),
            Algorithm::Reduction => Ok(Box::new(Resumable::new(
                crate::reduction::ReductionSearch::new(start, goal, max_nodes),
            ))),
        }
    })
}

/// The most moves any board of this size needs (its "God's number"), where known: proven by
/// exhaustive search (Korf, 2008, and Brüngger et al. for 4×4). The sizes up to 3×3 are checked
/// again by this crate's own tests.
pub fn diameter(width: usize, height: usize) -> Option<u32> {
    let (a, b) = (width.min(height), width.max(height));
    match (a, b) {
        (2, 2) => Some(6),
        (2, 3) => Some(21),
        (2, 4) => Some(36),
        (2, 5) => Some(55),
        (3, 3) => Some(31),
        (3, 4) => Some(53),
        (4, 4) => Some(80),
        _ => None,
    }
}
