//! The depth-first walk that depth-first search and IDA* share: a path kept as an explicit stack
//! of frames, each with the next move to try, so that a search can stop after any node and resume
//! later (that is what lets the browser's worker report progress and be cancelled).
//!
//! The walk tries moves in a fixed order, never undoes the last move, tests each new board for
//! the goal and counts what it generates and expands; what it may enter is the searcher's
//! [`Rule`]: depth-first search's depth limit and table of depths seen, IDA*'s cost bound. The
//! rule is a type parameter with inlined methods, not a trait object, because this loop is IDA*'s
//! inner loop on the 15-puzzle.

use super::arena::NO_MOVE;
use super::packed::Packed;
use super::{Outcome, Stats};
use crate::puzzle::board::Board;
use crate::puzzle::moves::{Move, Neighbours};

/// One board on the current path, and which successor to try next.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame<K, H> {
    pub key: K,
    /// What the rule keeps for each board (IDA*'s estimate; nothing for depth-first search).
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
fn path<K, H>(stack: &[Frame<K, H>], last: u8) -> Vec<Move> {
    stack
        .iter()
        .skip(1)
        .map(|f| f.mv)
        .chain([last])
        .map(Move::from_index)
        .collect()
}

/// What a searcher decides as the walk goes: which boards it enters and what happens when the
/// path runs out.
pub(crate) trait Rule<K> {
    /// What a frame keeps for the rule.
    type State: Copy;

    /// Whether boards `depth` moves below the path's root are generated at all (checked before
    /// a board is counted as generated).
    #[inline(always)]
    fn within(&self, _depth: u32) -> bool {
        true
    }

    /// The state of the board `depth` moves below the root reached when the tile on `from`
    /// slides into `frame`'s blank, or `None` to prune it before its key is even made.
    fn child(
        &mut self,
        frame: &Frame<K, Self::State>,
        from: usize,
        depth: u32,
    ) -> Option<Self::State>;

    /// Whether to enter `key`, reached `depth` moves below the root and not the goal.
    #[inline(always)]
    fn admit(&mut self, _key: K, _depth: u32) -> bool {
        true
    }

    /// The path is empty: how the search ends, or `None` once a new root has been pushed
    /// ([`Walk::push_root`]) to walk again.
    fn again(&mut self, walk: &mut Walk<K, Self::State>) -> Option<Outcome>;
}

/// The path and the counters of a depth-first walk toward `goal`.
pub(crate) struct Walk<K, H> {
    neighbours: Neighbours,
    goal: K,
    pub stack: Vec<Frame<K, H>>,
    pub max_nodes: u64,
    pub stats: Stats,
}

impl<K: Packed, H: Copy> Walk<K, H> {
    /// A walk from boards shaped like `start` toward `goal`, with nothing on its path yet.
    pub fn new(start: &Board, goal: &Board, max_nodes: u64, stats: Stats) -> Walk<K, H> {
        Walk {
            neighbours: Neighbours::new(start.width(), start.height()),
            goal: K::pack(goal.tiles()),
            stack: Vec::new(),
            max_nodes,
            stats,
        }
    }

    /// Whether `key` is the goal.
    pub fn is_goal(&self, key: K) -> bool {
        key == self.goal
    }

    /// Starts the path (again) at `root`, which counts as expanded.
    pub fn push_root(&mut self, root: Frame<K, H>) {
        self.stack.push(root);
        self.stats.expanded += 1;
    }

    /// Walks up to `slice` more nodes: `None` while work remains.
    #[inline(always)]
    pub fn explore<R: Rule<K, State = H>>(&mut self, rule: &mut R, slice: u64) -> Option<Outcome> {
        let mut left = slice;
        loop {
            let Some(top) = self.stack.last_mut() else {
                if let Some(outcome) = rule.again(self) {
                    return Some(outcome);
                }
                // The root pushed again is a node entered like any other: one of the slice's,
                // so that a slice of one node enters one node (learn mode's stepper counts on it).
                left -= 1;
                if left == 0 {
                    return None;
                }
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
            let depth = self.stack.len() as u32;
            if !rule.within(depth) {
                continue;
            }
            self.stats.generated += 1;
            let Some(state) = rule.child(&frame, from, depth) else {
                continue;
            };
            let key = frame.key.slide(from, frame.blank as usize);
            if key == self.goal {
                return Some(Outcome::Found(path(&self.stack, m)));
            }
            if !rule.admit(key, depth) {
                continue;
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
