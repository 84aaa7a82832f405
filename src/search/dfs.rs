//! Depth-limited depth-first search: follow one move after another, in a fixed order, until the
//! goal or the depth limit, then back up. It remembers the shallowest depth at which it met each
//! board and does not re-enter a board at that depth or deeper, so it finishes; but the first
//! solution it meets is rarely short. It is here to be compared, as the tutorials do.

use super::idastar::{Frame, path};
use super::packed::Packed;
use super::{Outcome, Stats, Step};
use crate::puzzle::board::Board;
use crate::puzzle::moves::Neighbours;
use rustc_hash::FxHashMap;

pub(crate) struct Dfs<K: Packed> {
    neighbours: Neighbours,
    goal: K,
    stack: Vec<Frame<K>>,
    /// The shallowest depth at which each board was entered.
    depth_seen: FxHashMap<K, u32>,
    limit: u32,
    max_nodes: u64,
    stats: Stats,
}

impl<K: Packed> Dfs<K> {
    pub fn new(start: &Board, goal: &Board, limit: u32, max_nodes: u64) -> Dfs<K> {
        let root = Frame::<K>::root(start, 0);
        let mut depth_seen = FxHashMap::default();
        depth_seen.insert(root.key, 0);
        Dfs {
            neighbours: Neighbours::new(start.width(), start.height()),
            goal: K::pack(goal.tiles()),
            stack: vec![root],
            depth_seen,
            limit,
            max_nodes,
            stats: Stats {
                expanded: 1,
                peak_frontier: 1,
                bound: Some(limit),
                ..Stats::default()
            },
        }
    }

    fn explore(&mut self, slice: u64) -> Option<Outcome> {
        if slice == 0 {
            return None; // nothing asked for: the countdown below starts at one
        }
        if self.stack.len() == 1 && self.stack[0].key == self.goal {
            return Some(Outcome::Found(Vec::new()));
        }
        let mut left = slice;
        loop {
            let Some(top) = self.stack.last_mut() else {
                return Some(Outcome::DepthLimitReached);
            };
            if top.next >= 4 {
                self.stack.pop();
                continue;
            }
            let m = top.next;
            top.next += 1;
            if m == top.mv ^ 1 {
                continue;
            }
            let from = self.neighbours.get(top.blank as usize, m as usize);
            if from == Neighbours::NONE {
                continue;
            }
            let frame = *top;
            let depth = self.stack.len() as u32;
            if depth > self.limit {
                continue;
            }
            self.stats.generated += 1;
            let key = frame.key.slide(from as usize, frame.blank as usize);
            if key == self.goal {
                return Some(Outcome::Found(path(&self.stack, m)));
            }
            match self.depth_seen.get_mut(&key) {
                Some(seen) if *seen <= depth => continue,
                Some(seen) => *seen = depth,
                None => {
                    self.depth_seen.insert(key, depth);
                }
            }
            if self.stats.expanded >= self.max_nodes {
                return Some(Outcome::BudgetExhausted);
            }
            self.stack.push(Frame {
                key,
                h: 0,
                blank: from,
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

impl<K: Packed> Step for Dfs<K> {
    fn step(&mut self, slice: u64) -> Option<Outcome> {
        self.explore(slice)
    }

    fn counters(&self) -> Stats {
        Stats {
            stored: (self.stack.len() + self.depth_seen.len()) as u64,
            ..self.stats
        }
    }
}
