//! Anytime search: a quick answer, then shorter ones for as long as the budget lasts.
//!
//! It runs weighted IDA* (f = g + w·h) again and again with a falling weight. A run with weight w
//! returns a solution at most w times the shortest; each run after the first only looks for paths
//! *shorter than the best so far* (a node whose g + h reaches that length is dropped), so it
//! either finds a better solution or proves there is none, which makes the best one shortest.
//!
//! Why it works: weighted search with a strong estimate finds a fair solution in a few thousand
//! nodes (the 24-puzzle's pattern databases at w = 1.75: 35 ms at worst over Korf's 50), while
//! the cost of a run grows steeply as w falls (w = 1.5: a second; w = 1: hours). Each stage takes
//! what the budget allows, and each answer says honestly how far from the shortest it may be.
//!
//! The caller may hand in a first answer found another way (the solver passes rows and columns'
//! answer, a millisecond's work): it is given at once, so the first answer never waits on a
//! weighted run, whose time varies from board to board.

use super::idastar::{Estimate, IdaStar};
use super::packed::Packed;
use super::{Better, Outcome, Stats, Step};
use crate::puzzle::board::Board;
use crate::puzzle::moves::Move;

/// The weights tried in turn (multiples of 1/16): 3 for a first answer when there is none yet,
/// then 2 and 1.75, which answer in milliseconds; the steps below are where solutions get shorter
/// (measured on Korf's 24-puzzles, see docs/solver.md).
const WEIGHTS: [f64; 12] = [
    3.0, 2.0, 1.75, 1.625, 1.5, 1.4375, 1.375, 1.3125, 1.25, 1.1875, 1.125, 1.0,
];

pub(crate) struct Anytime<K: Packed, E: Estimate<K> + Clone> {
    start: Board,
    goal: Board,
    estimator: E,
    /// Index into [`WEIGHTS`] of the running stage.
    stage: usize,
    search: IdaStar<K, E>,
    best: Option<Better>,
    /// The best solution, until the solver has taken it.
    fresh: Option<Better>,
    /// Counters of the stages that ended.
    spent: Stats,
    max_nodes: u64,
    /// The start's estimate: no solution is shorter.
    lower_bound: u32,
    /// A first answer from elsewhere, still to be handed over.
    first: Option<Vec<Move>>,
}

impl<K: Packed, E: Estimate<K> + Clone> Anytime<K, E> {
    /// `first`: a solution found another way, given as the first answer before any search.
    pub fn new(
        start: &Board,
        goal: &Board,
        estimator: E,
        max_nodes: u64,
        first: Option<Vec<Move>>,
    ) -> Anytime<K, E> {
        let lower_bound = E::h(&estimator.root(start));
        let search = IdaStar::weighted(start, goal, estimator.clone(), WEIGHTS[0], max_nodes);
        Anytime {
            start: start.clone(),
            goal: goal.clone(),
            estimator,
            stage: 0,
            search,
            best: None,
            fresh: None,
            spent: Stats::default(),
            max_nodes,
            lower_bound,
            first,
        }
    }

    /// Ends the running stage and starts the next, with a lower weight, for shorter solutions.
    fn next_stage(&mut self) {
        let counters = self.search.counters();
        self.spent.expanded += counters.expanded;
        self.spent.generated += counters.generated;
        self.spent.peak_frontier = self.spent.peak_frontier.max(counters.peak_frontier);
        self.stage += 1;
        let left = self.max_nodes.saturating_sub(self.spent.expanded);
        let cutoff = self
            .best
            .as_ref()
            .map_or(u32::MAX, |b| b.moves.len() as u32);
        self.search = IdaStar::weighted(
            &self.start,
            &self.goal,
            self.estimator.clone(),
            WEIGHTS[self.stage.min(WEIGHTS.len() - 1)],
            left,
        )
        .shorter_than(cutoff);
    }

    /// The best solution, now proven shortest: the search is over.
    fn shortest(&mut self) -> Option<Outcome> {
        let best = self.best.as_mut()?;
        best.within = 1.0;
        self.fresh = Some(best.clone());
        Some(Outcome::Found(best.moves.clone()))
    }

    /// A new best solution, at most `weight` times the shortest.
    fn record(&mut self, moves: Vec<Move>, weight: f64) {
        let length = moves.len() as u32;
        let by_estimate = match self.lower_bound {
            lower if length <= lower => 1.0,
            0 => f64::INFINITY,
            lower => f64::from(length) / f64::from(lower),
        };
        let better = Better {
            within: weight.min(by_estimate).max(1.0),
            moves,
        };
        self.fresh = Some(better.clone());
        self.best = Some(better);
    }
}

impl<K: Packed, E: Estimate<K> + Clone> Step for Anytime<K, E> {
    fn step(&mut self, slice: u64) -> Option<Outcome> {
        if let Some(first) = self.first.take() {
            self.record(first, f64::INFINITY);
            self.next_stage();
            return None; // hand the answer over before searching on
        }
        match self.search.step(slice)? {
            Outcome::Found(moves) => {
                let last = self.stage + 1 >= WEIGHTS.len();
                self.record(moves, WEIGHTS[self.stage.min(WEIGHTS.len() - 1)]);
                if last || self.best.as_ref().is_some_and(|b| b.within <= 1.0) {
                    return self.shortest();
                }
                self.next_stage();
                None
            }
            // Nothing shorter than the best exists.
            Outcome::Exhausted => self.shortest().or(Some(Outcome::Exhausted)),
            Outcome::BudgetExhausted => Some(match &self.best {
                Some(best) => Outcome::Found(best.moves.clone()),
                None => Outcome::BudgetExhausted,
            }),
            other => Some(other),
        }
    }

    fn counters(&self) -> Stats {
        let now = self.search.counters();
        Stats {
            expanded: self.spent.expanded + now.expanded,
            generated: self.spent.generated + now.generated,
            peak_frontier: self.spent.peak_frontier.max(now.peak_frontier),
            // A weighted bound would read as a length, which it is not.
            bound: None,
            ..now
        }
    }

    fn take_better(&mut self) -> Option<Better> {
        self.fresh.take()
    }
}
