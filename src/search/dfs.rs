//! Depth-limited depth-first search: follow one move after another, in a fixed order, until the
//! goal or the depth limit, then back up. It remembers the shallowest depth at which it met each
//! board and does not re-enter a board at that depth or deeper, so it finishes; but the first
//! solution it meets is rarely short. It is here to be compared, as the tutorials do.

use super::packed::Packed;
use super::walk::{Frame, Rule, Walk};
use super::{Outcome, Stats, Step};
use crate::puzzle::board::Board;
use rustc_hash::FxHashMap;

pub(crate) struct Dfs<K: Packed> {
    walk: Walk<K, ()>,
    limit: DepthLimit<K>,
}

/// What depth-first search enters: boards within the limit, met for the first time or at a
/// shallower depth than before.
struct DepthLimit<K> {
    limit: u32,
    /// The shallowest depth at which each board was entered.
    depth_seen: FxHashMap<K, u32>,
}

impl<K: Packed> Dfs<K> {
    pub fn new(start: &Board, goal: &Board, limit: u32, max_nodes: u64) -> Dfs<K> {
        let root = Frame::<K, ()>::root(start, ());
        let mut depth_seen = FxHashMap::default();
        depth_seen.insert(root.key, 0);
        let stats = Stats {
            bound: Some(limit),
            ..Stats::default()
        };
        let mut walk = Walk::new(start, goal, max_nodes, stats);
        walk.push_root(root);
        walk.stats.peak_frontier = 1;
        Dfs {
            walk,
            limit: DepthLimit { limit, depth_seen },
        }
    }

    /// Never inlined: one copy serves the solver and learn mode's stepper (a node at a time).
    #[inline(never)]
    fn explore(&mut self, slice: u64) -> Option<Outcome> {
        if slice == 0 {
            return None; // nothing asked for: the countdown in the walk starts at one
        }
        if self.walk.stack.len() == 1 && self.walk.is_goal(self.walk.stack[0].key) {
            return Some(Outcome::Found(Vec::new()));
        }
        self.walk.explore(&mut self.limit, slice)
    }
}

impl<K: Packed> DepthLimit<K> {
    /// Whether `key`, reached `depth` moves from the start, was never entered at that depth or
    /// shallower.
    #[inline(always)]
    fn fresh(&self, key: K, depth: u32) -> bool {
        self.depth_seen.get(&key).is_none_or(|&seen| seen > depth)
    }
}

/// What learn mode's stepper reads of depth-first search (see [`super::watch`]).
impl<K: Packed> Dfs<K> {
    /// The walk, whose path is the boards entered and not yet left.
    pub(crate) fn walk(&self) -> &Walk<K, ()> {
        &self.walk
    }

    /// Whether boards `depth` moves from the start are within the limit.
    pub(crate) fn within_limit(&self, depth: u32) -> bool {
        self.limit.within(depth)
    }

    /// Whether the board `key`, `depth` moves from the start, was never entered at that depth
    /// or shallower: if within the limit, the walk enters it when its turn comes.
    pub(crate) fn fresh(&self, key: K, depth: u32) -> bool {
        self.limit.fresh(key, depth)
    }
}

impl<K: Packed> Rule<K> for DepthLimit<K> {
    type State = ();

    #[inline(always)]
    fn within(&self, depth: u32) -> bool {
        depth <= self.limit
    }

    #[inline(always)]
    fn child(&mut self, _: &Frame<K, ()>, _: usize, _: u32) -> Option<()> {
        Some(())
    }

    #[inline(always)]
    fn admit(&mut self, key: K, depth: u32) -> bool {
        let fresh = self.fresh(key, depth);
        if fresh {
            self.depth_seen.insert(key, depth);
        }
        fresh
    }

    fn again(&mut self, _: &mut Walk<K, ()>) -> Option<Outcome> {
        Some(Outcome::DepthLimitReached)
    }
}

impl<K: Packed> Step for Dfs<K> {
    fn step(&mut self, slice: u64) -> Option<Outcome> {
        self.explore(slice)
    }

    fn counters(&self) -> Stats {
        Stats {
            stored: (self.walk.stack.len() + self.limit.depth_seen.len()) as u64,
            ..self.walk.stats
        }
    }
}
