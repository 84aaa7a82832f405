//! The searches, behind one resumable interface.
//!
//! Every search is a value that runs in slices: [`Search::run`] explores at most a given number of
//! nodes and returns, so a Web Worker can report progress and honour Cancel between slices, and a
//! node budget turns "would exhaust memory" into a clear [`Outcome::BudgetExhausted`]; where a
//! budget is set higher than the memory holds, the searches that keep their nodes end with
//! [`Outcome::MemoryExhausted`] before the memory runs out (see [`memory_limit`]). All of them
//! share one move table and one estimator, and run on packed keys (see [`packed`]).

pub mod anytime;
pub(crate) mod arena;
pub mod astar;
pub mod bfs;
pub mod dfs;
pub mod idastar;
pub(crate) mod packed;
#[cfg(not(target_arch = "wasm32"))]
pub(crate) mod parallel;
pub mod pieces;
mod walk;
pub mod watch;

use crate::puzzle::moves::Move;
use web_time::{Duration, Instant};

/// Counters every search keeps.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Stats {
    /// Nodes whose successors were generated.
    pub expanded: u64,
    /// Successors generated (duplicates included).
    pub generated: u64,
    /// Largest frontier seen: the open list, the queue, or the depth of the path.
    pub peak_frontier: u64,
    /// Nodes held in memory now (frontier plus closed set, or the path for IDA*/DFS).
    pub stored: u64,
    /// IDA*'s current cost bound, or the f-value A* has reached; `None` where it means nothing.
    pub bound: Option<u32>,
    /// Milliseconds spent searching, summed over slices.
    pub millis: f64,
}

/// A better solution than any before, and what is proven about it.
#[derive(Clone, Debug, PartialEq)]
pub struct Better {
    pub moves: Vec<Move>,
    /// At most this many times the shortest (1 = shortest; infinite where nothing is proven).
    pub within: f64,
}

/// The end of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The moves from the start to the goal (not yet checked: see [`crate::puzzle::solution`]).
    Found(Vec<Move>),
    /// The node budget ran out first.
    BudgetExhausted,
    /// The search would have come to hold `bytes`, more than its memory limit, to go on.
    MemoryExhausted { bytes: u64 },
    /// Depth-first search found nothing within its depth limit.
    DepthLimitReached,
    /// The whole reachable space was explored without reaching the goal (cannot happen for a board
    /// that passed the parity test; kept so a bug shows as an error, not a hang).
    Exhausted,
}

/// Most bytes a search that keeps its nodes (A*, weighted A*, greedy, BFS) may hold unless told
/// otherwise: natively three quarters of the memory the system can still give (a 7×7's weighted
/// A* holds about 860 bytes an expanded node, so 30 M nodes would want 26 GB, and the system
/// kills a process that takes it all); in a browser 2 GiB, half of what a 32-bit WebAssembly
/// memory can address, since a store that doubles holds its old copy meanwhile.
pub fn memory_limit() -> u64 {
    #[cfg(target_arch = "wasm32")]
    {
        2 << 30
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        crate::heuristics::pdb::disk::available_memory().map_or(16 << 30, |b| b / 4 * 3)
    }
}

/// What a slice of work ended with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Poll {
    /// More work remains.
    Pending,
    /// Finished, for good.
    Finished(Outcome),
}

/// A search that can be run a slice at a time.
pub trait Search {
    /// Explores up to `slice` more nodes (none at all for a slice of 0).
    fn run(&mut self, slice: u64) -> Poll;
    /// The counters so far.
    fn stats(&self) -> Stats;
    /// A solution better than any given before, found by a search that goes on looking (see
    /// [`anytime`]); taken once.
    fn take_better(&mut self) -> Option<Better> {
        None
    }
}

/// The part each search writes: explore up to `slice` nodes, or say how it ended.
pub(crate) trait Step {
    /// `None` while work remains.
    fn step(&mut self, slice: u64) -> Option<Outcome>;
    /// Counters, without the time (which [`Resumable`] keeps).
    fn counters(&self) -> Stats;
    /// See [`Search::take_better`].
    fn take_better(&mut self) -> Option<Better> {
        None
    }
}

/// Turns a [`Step`] into a [`Search`]: times the slices and remembers the outcome, so running a
/// finished search again is harmless.
pub(crate) struct Resumable<S> {
    search: S,
    spent: Duration,
    finished: Option<Outcome>,
}

impl<S: Step> Resumable<S> {
    pub fn new(search: S) -> Resumable<S> {
        Resumable {
            search,
            spent: Duration::ZERO,
            finished: None,
        }
    }
}

impl<S: Step> Search for Resumable<S> {
    fn run(&mut self, slice: u64) -> Poll {
        if let Some(done) = &self.finished {
            return Poll::Finished(done.clone());
        }
        if slice == 0 {
            return Poll::Pending;
        }
        let started = Instant::now();
        let result = self.search.step(slice);
        self.spent += started.elapsed();
        match result {
            Some(outcome) => {
                self.finished = Some(outcome.clone());
                Poll::Finished(outcome)
            }
            None => Poll::Pending,
        }
    }

    fn stats(&self) -> Stats {
        Stats {
            millis: self.spent.as_secs_f64() * 1000.0,
            ..self.search.counters()
        }
    }

    fn take_better(&mut self) -> Option<Better> {
        self.search.take_better()
    }
}

#[cfg(test)]
mod tests {
    use super::dfs::Dfs;
    use super::idastar::IdaStar;
    use super::*;
    use crate::heuristics::{Estimator, Heuristic};
    use crate::puzzle::board::Board;
    use crate::puzzle::notation::parse_board;

    #[test]
    fn the_depth_first_walkers_take_a_slice_of_no_nodes_as_no_work() {
        let start = parse_board("8 6 7/2 5 4/3 0 1").unwrap();
        let goal = Board::blank_last(3, 3).unwrap();
        let estimator = Estimator::new(Heuristic::Manhattan, &goal).unwrap();
        let mut ida = IdaStar::<u64, Estimator>::new(&start, &goal, estimator, u64::MAX);
        let mut dfs = Dfs::<u64>::new(&start, &goal, 31, u64::MAX);
        let (ida0, dfs0) = (ida.counters(), dfs.counters());
        assert_eq!(ida.step(0), None);
        assert_eq!(dfs.step(0), None);
        assert_eq!((ida.counters(), dfs.counters()), (ida0, dfs0));
        // And one node is one node.
        assert_eq!(ida.step(1), None);
        assert_eq!(dfs.step(1), None);
        assert_eq!(dfs.counters().expanded, dfs0.expanded + 1);
        assert_eq!(
            ida.counters().expanded,
            ida0.expanded + 1,
            "IDA*'s root, entered at the start of its first iteration, is the one node"
        );
        assert_eq!(ida.step(1), None);
        assert_eq!(ida.counters().expanded, ida0.expanded + 2);
    }
}
