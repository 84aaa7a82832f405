//! IDA*: depth-first searches with a growing cost bound. Each iteration explores every path whose
//! f = g + h stays within the bound; the next bound is the smallest f that went over. Memory is
//! only the current path, so it handles searches far too large for A*'s closed set, at the cost of
//! revisiting boards reached by different paths.
//!
//! The path is an explicit stack rather than recursion, so a search can stop after any node and
//! resume later: that is what lets the browser's worker report progress and be cancelled.

use super::arena::NO_MOVE;
use super::packed::Packed;
use super::{Outcome, Stats, Step};
use crate::board::Board;
use crate::heuristics::Estimator;
use crate::moves::{Move, Neighbours};

/// One board on the current path, and which successor to try next.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame<K> {
    pub key: K,
    pub h: u32,
    pub blank: u8,
    /// The next move index to try (4 = all tried).
    pub next: u8,
    /// The move that reached this board, or [`NO_MOVE`].
    pub mv: u8,
}

impl<K: Packed> Frame<K> {
    pub fn root(board: &Board, h: u32) -> Frame<K> {
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
pub(crate) fn path<K>(stack: &[Frame<K>], last: u8) -> Vec<Move> {
    stack
        .iter()
        .skip(1)
        .map(|f| f.mv)
        .chain([last])
        .map(Move::from_index)
        .collect()
}

pub(crate) struct IdaStar<K: Packed> {
    neighbours: Neighbours,
    estimator: Estimator,
    goal: K,
    root: Frame<K>,
    stack: Vec<Frame<K>>,
    bound: u32,
    next_bound: u32,
    max_nodes: u64,
    stats: Stats,
}

impl<K: Packed> IdaStar<K> {
    pub fn new(start: &Board, goal: &Board, estimator: Estimator, max_nodes: u64) -> IdaStar<K> {
        let h = estimator.estimate_board(start);
        let root = Frame::root(start, h);
        IdaStar {
            neighbours: Neighbours::new(start.width(), start.height()),
            estimator,
            goal: K::pack(goal.tiles()),
            root,
            stack: Vec::new(),
            bound: h,
            next_bound: h,
            max_nodes,
            stats: Stats {
                bound: Some(h),
                ..Stats::default()
            },
        }
    }

    fn explore(&mut self, slice: u64) -> Option<Outcome> {
        if self.root.key == self.goal {
            return Some(Outcome::Found(Vec::new()));
        }
        let mut left = slice;
        loop {
            let Some(top) = self.stack.last_mut() else {
                // An iteration ended without the goal: raise the bound to the least f that
                // exceeded it and start again from the root.
                if self.next_bound == u32::MAX {
                    return Some(Outcome::Exhausted);
                }
                if self.stats.expanded >= self.max_nodes {
                    return Some(Outcome::BudgetExhausted);
                }
                self.bound = self.next_bound;
                self.next_bound = u32::MAX;
                self.stats.bound = Some(self.bound);
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
            let h = (frame.h as i32
                + self
                    .estimator
                    .delta(|s| frame.key.tile(s), tile, from, blank)) as u32;
            let f = self.stack.len() as u32 + h;
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
                h,
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

impl<K: Packed> Step for IdaStar<K> {
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
