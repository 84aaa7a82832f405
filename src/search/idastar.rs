//! IDA*: depth-first searches with a growing cost bound. Each iteration explores every path whose
//! f = g + h stays within the bound; the next bound is the smallest f that went over. Memory is
//! only the current path, so it handles searches far too large for A*'s closed set, at the cost of
//! revisiting boards reached by different paths.
//!
//! The path is an explicit stack rather than recursion (the walk in `search/walk.rs`, shared with
//! depth-first search), so a search can stop after any node and resume later: that is what lets
//! the browser's worker report progress and be cancelled.
//!
//! Each node keeps what its estimate needs ([`Estimate::State`]): the estimate itself for the
//! incremental heuristics, the table indices for pattern databases.

use super::arena::NO_MOVE;
use super::packed::Packed;
use super::walk::{Frame, Rule, Walk};
use super::{Outcome, Stats, Step};
use crate::heuristics::Estimator;
use crate::heuristics::pdb::{Lookup, PatternDb};
use crate::puzzle::board::Board;
use crate::puzzle::moves::Move;
use std::sync::Arc;

/// An estimate as IDA* uses it: a state per node, updated per move.
pub(crate) trait Estimate<K> {
    /// What a node keeps.
    type State: Copy;
    fn root(&self, board: &Board) -> Self::State;
    fn h(state: &Self::State) -> u32;
    /// The state after `tile` slides from `from` into the blank on `to` (`key` is the board
    /// before). `Err` carries a lower bound of the child's estimate when that bound alone reaches
    /// `enough`: the child is pruned either way, so the rest of the work is skipped.
    fn child(
        &self,
        state: &Self::State,
        key: &K,
        tile: u8,
        from: usize,
        to: usize,
        enough: u32,
    ) -> Result<Self::State, u32>;
}

impl<K: Packed> Estimate<K> for Estimator {
    type State = u32;
    fn root(&self, board: &Board) -> u32 {
        self.estimate_board(board)
    }
    #[inline(always)]
    fn h(state: &u32) -> u32 {
        *state
    }
    #[inline(always)]
    fn child(
        &self,
        h: &u32,
        key: &K,
        tile: u8,
        from: usize,
        to: usize,
        _: u32,
    ) -> Result<u32, u32> {
        Ok((*h as i32 + self.delta(|s| key.tile(s), tile, from, to)) as u32)
    }
}

/// Pattern databases: two additions and at most two table reads a move (the
/// mirror image's read is skipped when the board's own sum already decides).
impl<K> Estimate<K> for Arc<PatternDb> {
    type State = Lookup;
    fn root(&self, board: &Board) -> Lookup {
        self.lookup(|s| board.tile(s))
    }
    #[inline(always)]
    fn h(state: &Lookup) -> u32 {
        state.h()
    }
    #[inline(always)]
    fn child(
        &self,
        state: &Lookup,
        _: &K,
        tile: u8,
        from: usize,
        to: usize,
        enough: u32,
    ) -> Result<Lookup, u32> {
        self.slide_unless(state, tile, from, to, enough)
            .map_err(|(_, h)| h)
    }
}

pub(crate) struct IdaStar<K: Packed, E: Estimate<K> = Estimator> {
    walk: Walk<K, E::State>,
    bounds: Bounds<K, E>,
}

/// What IDA* enters: boards whose f stays within the iteration's bound, each iteration from the
/// root again with the bound raised.
struct Bounds<K, E: Estimate<K>> {
    estimator: E,
    root: Frame<K, E::State>,
    /// Bounds are on f = 16·g + weight·h: a weight of 16 is plain IDA*, more is weighted IDA*,
    /// whose solutions are at most weight/16 times the shortest.
    weight: u32,
    /// Only paths shorter than this are wanted (an anytime search's best so far): a node whose
    /// g + h reaches it is dropped for good, not counted toward the next bound.
    cutoff: u32,
    bound: u32,
    next_bound: u32,
    /// The root's depth in a larger search (see [`IdaStar::subtree`]).
    depth: u32,
    /// One iteration only, at the bound set at the start (see [`IdaStar::subtree`]).
    single: bool,
    started: bool,
}

impl<K: Packed, E: Estimate<K>> IdaStar<K, E> {
    pub fn new(start: &Board, goal: &Board, estimator: E, max_nodes: u64) -> IdaStar<K, E> {
        IdaStar::weighted(start, goal, estimator, 1.0, max_nodes)
    }

    /// Weighted IDA*: f = g + w·h, w rounded to sixteenths (at least 1).
    pub fn weighted(
        start: &Board,
        goal: &Board,
        estimator: E,
        w: f64,
        max_nodes: u64,
    ) -> IdaStar<K, E> {
        let weight = (w * 16.0).round().clamp(16.0, 1600.0) as u32;
        let state = estimator.root(start);
        let h = E::h(&state);
        let root = Frame::root(start, state);
        let stats = Stats {
            bound: Some(weight * h / 16),
            ..Stats::default()
        };
        IdaStar {
            walk: Walk::new(start, goal, max_nodes, stats),
            bounds: Bounds {
                estimator,
                root,
                weight,
                cutoff: u32::MAX,
                bound: weight * h,
                next_bound: weight * h,
                depth: 0,
                single: false,
                started: false,
            },
        }
    }

    /// One iteration of plain IDA* over the subtree below `start`, a board `depth` moves into a
    /// larger search reached by move `last` (not undone), with cost bound `bound`: a piece of a
    /// parallel iteration. It ends with [`Outcome::Found`] (the moves from `start`) or
    /// [`Outcome::Exhausted`], after which [`IdaStar::next_bound`] is its share of the next bound.
    pub fn subtree(
        start: &Board,
        goal: &Board,
        estimator: E,
        depth: u32,
        last: Option<Move>,
        bound: u32,
    ) -> IdaStar<K, E> {
        let mut search = IdaStar::weighted(start, goal, estimator, 1.0, u64::MAX);
        let bounds = &mut search.bounds;
        bounds.root.mv = last.map_or(NO_MOVE, Move::index);
        bounds.depth = depth;
        bounds.single = true;
        bounds.next_bound = 16 * bound;
        search
    }

    /// The least f above the bound seen so far (`u32::MAX` if none), in moves.
    pub fn next_bound(&self) -> u32 {
        match self.bounds.next_bound {
            u32::MAX => u32::MAX,
            b => b / 16,
        }
    }

    /// Looks only for solutions shorter than `cutoff` moves: [`Outcome::Exhausted`] then means
    /// there are none.
    pub fn shorter_than(mut self, cutoff: u32) -> IdaStar<K, E> {
        self.bounds.cutoff = cutoff;
        self
    }

    /// Never inlined: one copy serves the solver and learn mode's stepper (a node at a time).
    #[inline(never)]
    fn explore(&mut self, slice: u64) -> Option<Outcome> {
        if slice == 0 {
            return None; // nothing asked for: the countdown in the walk starts at one
        }
        if self.walk.is_goal(self.bounds.root.key) {
            return Some(Outcome::Found(Vec::new()));
        }
        self.walk.explore(&mut self.bounds, slice)
    }
}

impl<K, E: Estimate<K>> Bounds<K, E> {
    /// Whether a board `g` moves from the start with estimate `h` is entered in this
    /// iteration: `Err(Some(f))` when its f (in sixteenths of a move) is over the bound, so it
    /// counts toward the next one; `Err(None)` when no path through it is wanted (the cutoff).
    #[inline(always)]
    fn within(&self, g: u32, h: u32) -> Result<(), Option<u32>> {
        if g + h >= self.cutoff {
            return Err(None);
        }
        let f = 16 * g + self.weight * h;
        if f > self.bound { Err(Some(f)) } else { Ok(()) }
    }
}

impl<K: Packed, E: Estimate<K>> Rule<K> for Bounds<K, E> {
    type State = E::State;

    #[inline(always)]
    fn child(&mut self, frame: &Frame<K, E::State>, from: usize, depth: u32) -> Option<E::State> {
        let tile = frame.key.tile(from);
        let g = self.depth + depth;
        let (g16, w) = (16 * g, self.weight);
        // The least estimate that prunes this child and leaves the next bound as it is.
        let enough = self
            .next_bound
            .saturating_sub(g16)
            .div_ceil(w)
            .max(self.bound.checked_sub(g16).map_or(0, |room| room / w + 1))
            .min(self.cutoff.saturating_sub(g));
        let blank = frame.blank as usize;
        let state = match self
            .estimator
            .child(&frame.h, &frame.key, tile, from, blank, enough)
        {
            Ok(state) => state,
            Err(h) => {
                if g + h < self.cutoff {
                    self.next_bound = self.next_bound.min(g16 + w * h);
                }
                return None;
            }
        };
        match self.within(g, E::h(&state)) {
            Ok(()) => Some(state),
            Err(over) => {
                if let Some(f) = over {
                    self.next_bound = self.next_bound.min(f);
                }
                None
            }
        }
    }

    #[cold]
    #[inline(never)]
    fn again(&mut self, walk: &mut Walk<K, E::State>) -> Option<Outcome> {
        // An iteration ended without the goal: raise the bound to the least f that exceeded it
        // and start again from the root.
        if self.next_bound == u32::MAX || (self.single && self.started) {
            return Some(Outcome::Exhausted);
        }
        self.started = true;
        if walk.stats.expanded >= walk.max_nodes {
            return Some(Outcome::BudgetExhausted);
        }
        self.bound = self.next_bound;
        self.next_bound = u32::MAX;
        walk.stats.bound = Some(self.bound / 16);
        walk.push_root(self.root);
        None
    }
}

/// What learn mode's stepper reads of IDA* (see [`super::watch`]), with an estimate kept as a
/// number on each board.
impl<K: Packed> IdaStar<K, Estimator> {
    /// The walk, whose path is the boards entered and not yet left.
    pub(crate) fn walk(&self) -> &Walk<K, u32> {
        &self.walk
    }

    /// The start, as each iteration enters it.
    pub(crate) fn root(&self) -> Frame<K, u32> {
        self.bounds.root
    }

    /// The estimate of the board reached when the tile on `from` slides into `frame`'s blank,
    /// `depth` moves from the start, if this iteration will enter it when its turn comes:
    /// what [`Rule::child`] decides, without counting it toward the next bound.
    pub(crate) fn would_enter(
        &self,
        frame: &Frame<K, u32>,
        from: usize,
        depth: u32,
    ) -> Result<u32, u32> {
        let tile = frame.key.tile(from);
        let blank = frame.blank as usize;
        let estimator = &self.bounds.estimator;
        let child = Estimate::<K>::child(estimator, &frame.h, &frame.key, tile, from, blank, 0);
        let h = child.unwrap_or_else(|h| h);
        match self.bounds.within(self.bounds.depth + depth, h) {
            Ok(()) => Ok(h),
            Err(_) => Err(h),
        }
    }
}

impl<K: Packed, E: Estimate<K>> Step for IdaStar<K, E> {
    fn step(&mut self, slice: u64) -> Option<Outcome> {
        self.explore(slice)
    }

    fn counters(&self) -> Stats {
        Stats {
            stored: self.walk.stack.len() as u64,
            ..self.walk.stats
        }
    }
}
