//! IDA*: depth-first searches with a growing cost bound. Each iteration explores every path whose
//! f = g + h stays within the bound; the next bound is the smallest f that went over. Memory is
//! only the current path, so it handles searches far too large for A*'s closed set, at the cost of
//! revisiting boards reached by different paths.
//!
//! The path is an explicit stack rather than recursion, so a search can stop after any node and
//! resume later: that is what lets the browser's worker report progress and be cancelled.
//!
//! Each node keeps what its estimate needs ([`Estimate::State`]): the estimate itself for the
//! incremental heuristics, the table indices for pattern databases.

use super::arena::NO_MOVE;
use super::packed::Packed;
use super::{Outcome, Stats, Step};
use crate::heuristics::Estimator;
use crate::heuristics::pdb::{Lookup, PatternDb};
use crate::puzzle::board::Board;
use crate::puzzle::moves::{Move, Neighbours};
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

/// One board on the current path, and which successor to try next.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame<K, H = u32> {
    pub key: K,
    /// What the estimate needs (see [`Estimate`]); unused by depth-first search.
    pub h: H,
    pub blank: u8,
    /// The next move index to try (4 = all tried).
    pub next: u8,
    /// The move that reached this board, or [`NO_MOVE`].
    pub mv: u8,
}

impl<K: Packed, H> Frame<K, H> {
    pub fn root(board: &Board, h: H) -> Frame<K, H> {
        Frame {
            key: K::pack(board.tiles()),
            h,
            blank: board.blank() as u8,
            next: 0,
            mv: NO_MOVE,
        }
    }
}

/// The moves along a stack of frames, plus a last one.
pub(crate) fn path<K, H>(stack: &[Frame<K, H>], last: u8) -> Vec<Move> {
    stack
        .iter()
        .skip(1)
        .map(|f| f.mv)
        .chain([last])
        .map(Move::from_index)
        .collect()
}

pub(crate) struct IdaStar<K: Packed, E: Estimate<K> = Estimator> {
    neighbours: Neighbours,
    estimator: E,
    goal: K,
    root: Frame<K, E::State>,
    stack: Vec<Frame<K, E::State>>,
    /// Bounds are on f = 16·g + weight·h: a weight of 16 is plain IDA*, more is weighted IDA*,
    /// whose solutions are at most weight/16 times the shortest.
    weight: u32,
    /// Only paths shorter than this are wanted (an anytime search's best so far): a node whose
    /// g + h reaches it is dropped for good, not counted toward the next bound.
    cutoff: u32,
    bound: u32,
    next_bound: u32,
    max_nodes: u64,
    stats: Stats,
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
        IdaStar {
            neighbours: Neighbours::new(start.width(), start.height()),
            estimator,
            goal: K::pack(goal.tiles()),
            root,
            stack: Vec::new(),
            weight,
            cutoff: u32::MAX,
            bound: weight * h,
            next_bound: weight * h,
            max_nodes,
            stats: Stats {
                bound: Some(weight * h / 16),
                ..Stats::default()
            },
            depth: 0,
            single: false,
            started: false,
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
        search.root.mv = last.map_or(NO_MOVE, Move::index);
        search.depth = depth;
        search.single = true;
        search.next_bound = 16 * bound;
        search
    }

    /// The least f above the bound seen so far (`u32::MAX` if none), in moves.
    pub fn next_bound(&self) -> u32 {
        match self.next_bound {
            u32::MAX => u32::MAX,
            b => b / 16,
        }
    }

    /// Looks only for solutions shorter than `cutoff` moves: [`Outcome::Exhausted`] then means
    /// there are none.
    pub fn shorter_than(mut self, cutoff: u32) -> IdaStar<K, E> {
        self.cutoff = cutoff;
        self
    }

    fn explore(&mut self, slice: u64) -> Option<Outcome> {
        if slice == 0 {
            return None; // nothing asked for: the countdown below starts at one
        }
        if self.root.key == self.goal {
            return Some(Outcome::Found(Vec::new()));
        }
        let mut left = slice;
        loop {
            let Some(top) = self.stack.last_mut() else {
                // An iteration ended without the goal: raise the bound to the least f that
                // exceeded it and start again from the root.
                if self.next_bound == u32::MAX || (self.single && self.started) {
                    return Some(Outcome::Exhausted);
                }
                self.started = true;
                if self.stats.expanded >= self.max_nodes {
                    return Some(Outcome::BudgetExhausted);
                }
                self.bound = self.next_bound;
                self.next_bound = u32::MAX;
                self.stats.bound = Some(self.bound / 16);
                self.stack.push(self.root);
                self.stats.expanded += 1;
                continue;
            };
            if top.next >= 4 {
                self.stack.pop();
                continue;
            }
            let m = top.next;
            top.next += 1;
            if m == top.mv ^ 1 {
                continue; // undoing the last move never helps
            }
            let from = self.neighbours.get(top.blank as usize, m as usize);
            if from == Neighbours::NONE {
                continue;
            }
            let frame = *top;
            let from = from as usize;
            let blank = frame.blank as usize;
            self.stats.generated += 1;
            let tile = frame.key.tile(from);
            let g = self.depth + self.stack.len() as u32;
            let (g16, w) = (16 * g, self.weight);
            // The least estimate that prunes this child and leaves the next bound as it is.
            let enough = self
                .next_bound
                .saturating_sub(g16)
                .div_ceil(w)
                .max(self.bound.checked_sub(g16).map_or(0, |room| room / w + 1))
                .min(self.cutoff.saturating_sub(g));
            let state = match self
                .estimator
                .child(&frame.h, &frame.key, tile, from, blank, enough)
            {
                Ok(state) => state,
                Err(h) => {
                    if g + h < self.cutoff {
                        self.next_bound = self.next_bound.min(g16 + w * h);
                    }
                    continue;
                }
            };
            let h = E::h(&state);
            if g + h >= self.cutoff {
                continue;
            }
            let f = g16 + w * h;
            if f > self.bound {
                self.next_bound = self.next_bound.min(f);
                continue;
            }
            let key = frame.key.slide(from, blank);
            if key == self.goal {
                return Some(Outcome::Found(path(&self.stack, m)));
            }
            if self.stats.expanded >= self.max_nodes {
                return Some(Outcome::BudgetExhausted);
            }
            self.stack.push(Frame {
                key,
                h: state,
                blank: from as u8,
                next: 0,
                mv: m,
            });
            self.stats.expanded += 1;
            self.stats.peak_frontier = self.stats.peak_frontier.max(self.stack.len() as u64);
            left -= 1;
            if left == 0 {
                return None;
            }
        }
    }
}

impl<K: Packed, E: Estimate<K>> Step for IdaStar<K, E> {
    fn step(&mut self, slice: u64) -> Option<Outcome> {
        self.explore(slice)
    }

    fn counters(&self) -> Stats {
        Stats {
            stored: self.stack.len() as u64,
            ..self.stats
        }
    }
}
