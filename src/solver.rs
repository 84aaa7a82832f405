//! Solving a board: pick a method, check the board can reach its goal, search (in slices, under a
//! node budget), and check the solution before anyone sees it.
//!
//! This is the one place that knows every method. It sits above the searches and dispatches to
//! them; none of them imports it. Its parts:
//!
//! - [`method`]: the algorithms, the caller's options, and what `auto` picks for a board.
//! - this file: [`Solver`], which builds the search a method needs and runs it in slices.
//! - [`rows_and_columns`]: any board up to 10×10 in milliseconds, one line at a time.
//! - `improving`: an answer improved for a time on boards from 6×6 up ([`Options::seconds`]).
//! - [`shorten`]: loops cut and windows re-solved, with the window search as a parameter.
//! - [`compare`]: learn mode's rows, every method under one budget.
//! - [`bench`]: benchmark files and their summaries.
//! - [`team`]: IDA* shared among browser workers that share no memory, by message.
//! - [`analysis`]: a solve by hand against the optimum, move by move.
//! - [`watch`]: learn mode's searches one expansion at a time (see [`crate::search::watch`]).
//!
//! ```
//! use slide::{puzzle::notation::parse_board, solver::{solve, Options}, Board};
//! let start = parse_board("8 6 7/2 5 4/3 0 1")?;
//! let goal = Board::blank_last(3, 3)?;
//! let report = solve(&start, &goal, &Options::default())?;
//! assert_eq!(report.solution().map(|s| s.len()), Some(31));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod analysis;
pub mod beam;
pub mod bench;
pub mod compare;
pub mod fringe;
mod improving;
pub mod method;
pub mod rows_and_columns;
pub mod shorten;
pub mod team;

pub use method::{
    ANYTIME_MAX_NODES, Algorithm, DEFAULT_WEIGHT, Method, Options, Unfit, default_max_nodes,
    diameter, promise,
};

use crate::heuristics::{Estimator, Heuristic, Unsupported};
use crate::puzzle::board::Board;
use crate::puzzle::goal::GoalError;
use crate::puzzle::moves::Move;
use crate::puzzle::numbers::shown;
use crate::puzzle::position::Position;
use crate::puzzle::solution::{Solution, SolutionError};
use crate::puzzle::solvability::{self, Solvability};
use crate::search::anytime::Anytime;
use crate::search::astar::{BestFirst, Priority};
use crate::search::bfs::Bfs;
use crate::search::dfs::Dfs;
use crate::search::idastar::IdaStar;
use crate::search::packed::with_key_type;
use crate::search::watch::{Watch, Watched};
use crate::search::{Outcome, Poll, Resumable, Search, Stats};
use std::fmt;
use web_time::{Duration, Instant};

/// Why a board was not solved at all.
#[derive(Clone, Debug, PartialEq)]
pub enum SolveError {
    /// Board and goal differ in size.
    Goal(GoalError),
    /// The board cannot reach the goal; the verdict explains why.
    Unsolvable(Solvability),
    /// The method cannot run toward this goal ([`Method::runs_toward`]): pattern databases
    /// where none are built.
    Unfit { method: Method, why: Unfit },
    /// An option out of range.
    BadOption(String),
    /// A worker sharing the search could not take its part, in its words (never a bug: those
    /// come back as [`SolveError::Internal`]).
    Refused(String),
    /// A search returned a wrong path or gave up on a solvable board: a bug.
    Internal(String),
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Goal(e) => e.fmt(f),
            SolveError::Unsolvable(s) => f.write_str(&s.explanation()),
            SolveError::Unfit { method, why } => {
                write!(f, "{} cannot solve this board: {why}", method.label())
            }
            SolveError::BadOption(e) | SolveError::Refused(e) => f.write_str(e),
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
    /// The search would have come to hold `bytes` to go on, more than it may
    /// ([`Options::max_memory`]); it stopped there, with its memory given back.
    MemoryExhausted { bytes: u64 },
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
    /// When an anytime search given a time ([`Options::seconds`]) ends with its best answer so
    /// far, and that answer.
    deadline: Option<Instant>,
    best: Option<Vec<Move>>,
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
                shown(options.weight)
            )));
        }
        if let Some(seconds) = options.seconds
            && !(seconds > 0.0 && seconds <= MAX_SECONDS)
        {
            return Err(SolveError::BadOption(format!(
                "the seconds must be above 0 and at most {}, not {}",
                shown(MAX_SECONDS),
                shown(seconds)
            )));
        }
        let method = Method::resolve(options, start, goal);
        method
            .runs_toward(goal)
            .map_err(|why| SolveError::Unfit { method, why })?;
        let deadline = options
            .seconds
            .map(|s| Instant::now() + Duration::from_secs_f64(s));
        let timed = deadline.is_some() && method.algorithm.improves();
        let max_nodes = max_nodes(options, method, start, timed);
        let estimator = match method.heuristic {
            Some(h) => Some(Estimator::new(h, goal).map_err(|e| e.unfit(method))?),
            None => None,
        };
        let depth_limit = depth_limit(options, start, goal);
        // Rows and columns finish in a corner: toward a goal whose blank is elsewhere they
        // aim at that goal with its blank walked to a corner, then walk it back.
        let detour = matches!(method.algorithm, Algorithm::Reduction | Algorithm::Fringe)
            .then(|| rows_and_columns::by_a_corner(goal))
            .flatten();
        let search = build(
            start,
            detour.as_ref().map_or(goal, |(corner, _)| corner),
            method,
            estimator,
            Tuning {
                weight: options.weight,
                depth_limit,
                max_nodes,
                max_memory: options.max_memory,
                threads: options.threads,
                deadline: deadline.filter(|_| timed),
            },
        )?;
        let search = match detour {
            Some((_, back)) => Box::new(Detour { search, back }),
            None => search,
        };
        Ok(Solver {
            start: start.clone(),
            goal: goal.clone(),
            method,
            max_nodes,
            depth_limit,
            search,
            within: None,
            deadline: deadline.filter(|_| timed),
            best: None,
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
        if let Some(done) = self.out_of_time() {
            return done;
        }
        let polled = self.search.run(slice);
        if let Some(better) = self.search.take_better() {
            self.within = Some(better.within).filter(|w| w.is_finite());
            if self.deadline.is_some() {
                self.best = Some(better.moves.clone());
            }
            if polled == Poll::Pending {
                return match self.solved(better.moves) {
                    Ok(report) => Progress::Better(report),
                    Err(e) => Progress::Done(Err(e)),
                };
            }
        }
        let outcome = match polled {
            Poll::Pending => {
                return self
                    .out_of_time()
                    .unwrap_or_else(|| Progress::Running(self.search.stats()));
            }
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
            Outcome::MemoryExhausted { bytes } => report(Ending::MemoryExhausted { bytes }),
            Outcome::DepthLimitReached => report(Ending::DepthLimitReached {
                limit: self.depth_limit,
            }),
            Outcome::Exhausted => Err(SolveError::Internal(format!(
                "{} explored every reachable board of {} without meeting the goal",
                self.method.algorithm, self.start
            ))),
        })
    }

    /// Out of time with an answer: the end, with the best so far, without searching on. (A
    /// better answer found as the time ran out was given as such by the call before, so that the
    /// last answer given is the one kept.)
    fn out_of_time(&mut self) -> Option<Progress> {
        if self.deadline.is_none_or(|d| Instant::now() < d) {
            return None;
        }
        let best = self.best.take()?;
        Some(Progress::Done(self.solved(best)))
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

/// The node budget `options` give `method` on `start`: as asked, else the method's default
/// (none where an improving search is given a time: the time decides).
fn max_nodes(options: &Options, method: Method, start: &Board, timed: bool) -> u64 {
    options.max_nodes.unwrap_or(match method.algorithm {
        _ if timed => u64::MAX,
        Algorithm::Anytime => ANYTIME_MAX_NODES,
        Algorithm::Fringe => fringe::default_max_nodes(start.width(), start.height()),
        a if a.keeps_nodes() => default_max_nodes(start.len()),
        _ => u64::MAX,
    })
}

/// Depth-first search's limit: as asked, else the board's diameter where known, else three
/// times its Manhattan distance (at least 80).
fn depth_limit(options: &Options, start: &Board, goal: &Board) -> u32 {
    options
        .depth_limit
        .or_else(|| diameter(start.width(), start.height()))
        .unwrap_or_else(|| {
            let md = Estimator::new(Heuristic::Manhattan, goal)
                .map(|e| e.estimate_board(start))
                .unwrap_or(0);
            (3 * md).max(80)
        })
}

/// The search learn mode's stepper shows for `algorithm`, if it shows it.
pub fn watched(algorithm: Algorithm) -> Option<Watched> {
    match algorithm {
        Algorithm::AStar => Some(Watched::AStar),
        Algorithm::Greedy => Some(Watched::Greedy),
        Algorithm::IdaStar => Some(Watched::IdaStar),
        Algorithm::Bfs => Some(Watched::BreadthFirst),
        Algorithm::Dfs => Some(Watched::DepthFirst),
        _ => None,
    }
}

/// The search `options` ask for on `start`, one expansion at a time (learn mode's stepper, and
/// `slide solve --trace`): A*, greedy, IDA*, breadth- or depth-first search, with the estimate,
/// node budget and depth limit [`solve`] would give it, on a board of up to 16 squares.
pub fn watch(start: &Board, goal: &Board, options: &Options) -> Result<Watch, SolveError> {
    let verdict = solvability::check(start, goal).map_err(SolveError::Goal)?;
    if !verdict.solvable {
        return Err(SolveError::Unsolvable(verdict));
    }
    let method = Method::resolve(options, start, goal);
    let Some(watched) = watched(method.algorithm) else {
        return Err(SolveError::BadOption(format!(
            "{} is not one the stepper shows: astar, greedy, idastar, bfs or dfs",
            method.algorithm
        )));
    };
    let position = Position::new(start.clone(), goal.clone()).map_err(SolveError::Goal)?;
    let heuristic = method.heuristic.unwrap_or(Heuristic::Manhattan);
    let max_nodes = max_nodes(options, method, start, false);
    let depth_limit = depth_limit(options, start, goal);
    Watch::new(&position, watched, heuristic, max_nodes, depth_limit)
        .map_err(|e| SolveError::BadOption(e.to_string()))
}

fn internal(method: Method, start: &Board, e: SolutionError) -> SolveError {
    SolveError::Internal(format!(
        "{} with {} returned a wrong solution for {start}: {e}",
        method.algorithm,
        method.heuristic_name()
    ))
}

impl Unsupported {
    /// The error of a solve by `method` that met this.
    pub(crate) fn unfit(self, method: Method) -> SolveError {
        SolveError::Unfit {
            method,
            why: Unfit::Tables(self.reason),
        }
    }
}

/// A search toward a goal by way of another (see [`rows_and_columns::by_a_corner`]): each of
/// its answers goes on with the moves `back` to the goal, a move undone at the seam cut.
struct Detour {
    search: Box<dyn Search>,
    back: Vec<Move>,
}

impl Detour {
    fn joined(&self, mut moves: Vec<Move>) -> Vec<Move> {
        for &m in &self.back {
            if moves.last() == Some(&m.opposite()) {
                moves.pop();
            } else {
                moves.push(m);
            }
        }
        moves
    }
}

impl Search for Detour {
    fn run(&mut self, slice: u64) -> Poll {
        match self.search.run(slice) {
            Poll::Finished(Outcome::Found(moves)) => {
                Poll::Finished(Outcome::Found(self.joined(moves)))
            }
            polled => polled,
        }
    }

    fn stats(&self) -> Stats {
        self.search.stats()
    }

    fn take_better(&mut self) -> Option<crate::search::Better> {
        let better = self.search.take_better()?;
        Some(crate::search::Better {
            moves: self.joined(better.moves),
            ..better
        })
    }
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
    max_memory: Option<u64>,
    threads: usize,
    /// When an anytime search given a time ends.
    deadline: Option<Instant>,
}

/// Most seconds a search may be given: a day.
pub const MAX_SECONDS: f64 = 86_400.0;

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
        max_memory,
        threads,
        deadline,
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
            let search = BestFirst::<K>::new(start, goal, need()?, priority, max_nodes);
            Ok(Box::new(Resumable::new(search.limit_memory(max_memory))))
        };
        match method.algorithm {
            Algorithm::AStar | Algorithm::Auto => best_first(Priority::ASTAR),
            Algorithm::Weighted => best_first(Priority::weighted(weight)),
            Algorithm::Anytime => {
                // Rows and columns answer first where they fit: in a millisecond, every time.
                let first = rows_and_columns::fits(goal)
                    .then(|| rows_and_columns::reduce_boards(start, goal).ok())
                    .flatten()
                    .map(|r| r.moves);
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
            Algorithm::Bfs => {
                let search = Bfs::<K>::new(start, goal, max_nodes).limit_memory(max_memory);
                Ok(Box::new(Resumable::new(search)))
            }
            Algorithm::Dfs => Ok(Box::new(Resumable::new(Dfs::<K>::new(
                start, goal, depth_limit, max_nodes,
            )))),
            Algorithm::Reduction => Ok(Box::new(Resumable::new(
                rows_and_columns::ReductionSearch::new(start, goal, max_nodes),
            ))),
            Algorithm::Fringe => Ok(match deadline {
                Some(deadline) => Box::new(Resumable::new(improving::Improving::new(
                    start, goal, deadline, max_nodes,
                ))),
                None => Box::new(Resumable::new(fringe::FringeSearch::new(
                    start, goal, max_nodes,
                ))),
            }),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::notation::parse_board;

    #[test]
    fn a_slice_of_no_nodes_returns_at_once_and_explores_nothing() {
        for board in ["8 6 7/2 5 4/3 0 1", "13 6 8 12/15 14 0 10/11 7 4 5/9 1 3 2"] {
            let start = parse_board(board).unwrap();
            let goal = Board::blank_last(start.width(), start.height()).unwrap();
            for algorithm in Algorithm::ALL {
                let options = Options {
                    algorithm,
                    // Pattern databases would take seconds to build here; not what is tested.
                    heuristic: (algorithm.uses_heuristic() || algorithm == Algorithm::Auto)
                        .then_some(Heuristic::Manhattan),
                    ..Options::default()
                };
                let mut solver = Solver::new(&start, &goal, &options).unwrap();
                let before = solver.stats();
                for _ in 0..3 {
                    // Rows and columns' answer costs no nodes, so it may come at once.
                    let stats = match solver.run(0) {
                        Progress::Running(stats) => stats,
                        Progress::Better(report) => report.stats,
                        other => panic!("{algorithm} on {board}: {other:?}"),
                    };
                    assert_eq!(
                        (stats.expanded, stats.generated),
                        (before.expanded, before.generated),
                        "{algorithm} on {board}"
                    );
                }
            }
        }
    }
}
