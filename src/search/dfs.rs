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
        match self.depth_seen.get_mut(&key) {
            Some(seen) if *seen <= depth => false,
            Some(seen) => {
                *seen = depth;
                true
            }
            None => {
                self.depth_seen.insert(key, depth);
                true
            }
        }
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
